"""Which card images a rebuild changed: hashes compared before and after, a file hashed
again only when it changed on disk."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cardgen.serve.changes import ImageHashes, compare
from cardgen.serve.feed import Problem

PATHS = st.sampled_from([f"cards/{n}.png" for n in "abcdef"] + ["backs/default.png"])
HASHES = st.dictionaries(PATHS, st.sampled_from(["1", "2", "3"]))


@given(HASHES, HASHES)
def test_the_changes_are_exactly_what_differs(
    before: dict[str, str], after: dict[str, str]
) -> None:
    changes = compare(before, after)
    rebuilt = dict(before)
    for path in changes.removed:
        del rebuilt[path]
    for path in (*changes.changed, *changes.added):
        rebuilt[path] = after[path]
    assert rebuilt == after
    assert not set(changes.changed) & set(changes.added)
    assert all(before[p] != after[p] for p in changes.changed)
    assert bool(changes) == (before != after)
    assert list(changes.changed) == sorted(changes.changed)
    assert changes.as_json(after)["hashes"] == {
        p: after[p] for p in (*changes.changed, *changes.added)
    }


def test_images_are_hashed_from_their_bytes_and_again_when_they_change(tmp_path: Path) -> None:
    (tmp_path / "cards").mkdir()
    (tmp_path / "backs").mkdir()
    (tmp_path / "cards" / "a.png").write_bytes(b"one")
    (tmp_path / "cards" / "b.png").write_bytes(b"two")
    (tmp_path / "cards" / ".a.png.cardgen-1-0000abcd.tmp").write_bytes(b"half")
    (tmp_path / "backs" / "default.png").write_bytes(b"back")
    hashes = ImageHashes(tmp_path)
    first = hashes.scan()
    assert first == {
        "cards/a.png": hashlib.sha256(b"one").hexdigest()[:16],
        "cards/b.png": hashlib.sha256(b"two").hexdigest()[:16],
        "backs/default.png": hashlib.sha256(b"back").hexdigest()[:16],
    }
    (tmp_path / "cards" / "a.png").write_bytes(b"ONE")
    os.utime(tmp_path / "cards" / "a.png", ns=(1, 1))  # a changed file, whatever the clock
    (tmp_path / "cards" / "b.png").unlink()
    (tmp_path / "cards" / "c.png").write_bytes(b"three")
    second = hashes.scan()
    changes = compare(first, second)
    assert changes.changed == ("cards/a.png",)
    assert changes.added == ("cards/c.png",)
    assert changes.removed == ("cards/b.png",)
    assert second["cards/a.png"] == hashlib.sha256(b"ONE").hexdigest()[:16]


def test_a_problem_keeps_its_file_and_line() -> None:
    problem = Problem.parse("decks/tiny/game.yaml:2:5: invalid YAML", "decks/tiny/game.yaml:2:5")
    assert problem == Problem(
        "decks/tiny/game.yaml", 2, "invalid YAML", 5, "decks/tiny/game.yaml:2:5"
    )
    assert Problem.parse("no card", "") == Problem(None, None, "no card")
    assert Problem.parse("x.xlsx:Cards!C4: bad", "x.xlsx:Cards!C4").message == "bad"
