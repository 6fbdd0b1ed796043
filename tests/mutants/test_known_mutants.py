"""The known-mutant script stays usable and documented without running it (it takes a
minute): each mutant's text is still in its file exactly once, the tests it names exist,
and docs/testing.md's table lists every mutant."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT
from tests.mutants.check_known_mutants import MUTANTS, Mutant


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.name for m in MUTANTS])
def test_each_mutant_still_applies_and_names_real_tests(mutant: Mutant) -> None:
    text = (ROOT / mutant.path).read_text(encoding="utf-8")
    assert text.count(mutant.old) == 1, "the code changed: update the mutant"
    assert mutant.new != mutant.old and mutant.tests
    for test in mutant.tests:
        path, _, name = test.partition("::")
        assert (ROOT / path).is_file(), test
        if name:
            assert f"def {name}(" in (ROOT / path).read_text(encoding="utf-8"), test


def test_docs_list_every_mutant() -> None:
    text = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    start = text.index("## Known mutants")  # its own section: other tables name modules too
    rows = text[start : text.find("\n## ", start + 1)].splitlines()
    listed = [
        row.split("|")[1].strip() for row in rows if row.startswith("| ") and "`cardgen/" in row
    ]
    assert listed == [m.name for m in MUTANTS]
