"""`make mutate` stays true to the code and to docs/testing.md: every target module, function
and test file it names exists, each module has its line in the docs' table, every mutant
the docs list as equivalent is one of a target's with a reason given, the score is counted
as the docs say, and `make mutate` installs mutmut once and passes MODULE on."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.mutation import (
    DOC,
    TARGETS,
    Score,
    Target,
    _status,
    equivalent_mutants,
    find_target,
)


def defined(module: Path) -> set[str]:
    """`name` for each function and `Class.name` for each method the module defines."""
    names = set()
    for node in ast.parse(module.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.add(f"{node.name}.*")
            names.update(
                f"{node.name}.{f.name}" for f in node.body if isinstance(f, ast.FunctionDef)
            )
    return names


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.module)
def test_each_target_names_a_module_functions_and_tests_that_exist(target: Target) -> None:
    assert (ROOT / target.module).is_file()
    assert set(target.functions) <= defined(ROOT / target.module)
    for test in target.tests:
        path, _, name = test.partition("::")  # a file, or one test of it
        assert (ROOT / path).is_file(), test
        assert not name or f"def {name}(" in (ROOT / path).read_text(encoding="utf-8"), test


def test_the_docs_map_every_target_module_and_say_how_to_run_one() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Mutation testing") :]
    for target in TARGETS:
        assert f"`{target.module}`" in section, target.module
    assert "make mutate MODULE=cardgen/check/bounds.py" in section


def test_every_mutant_listed_as_equivalent_is_a_targets_and_has_a_reason() -> None:
    listed = equivalent_mutants()
    assert listed
    text = DOC.read_text(encoding="utf-8")
    for name in listed:
        assert any(t.covers(name) for t in TARGETS), name
        row = next(line for line in text.splitlines() if name in line)
        reason = row.rstrip(" |").rsplit("|", 1)[-1].strip()
        assert len(reason) >= 10, row  # each row ends with why the change cannot be seen


def test_a_score_counts_timeouts_as_killed_and_only_unlisted_survivors_against_it() -> None:
    target = find_target("cardgen/check/bounds.py")
    statuses = {f"cardgen.check.bounds.x_gap__mutmut_{n}": "killed" for n in range(1, 8)}
    statuses["cardgen.check.bounds.x_gap__mutmut_8"] = "timeout"
    statuses["cardgen.check.bounds.x_gap__mutmut_9"] = "survived"
    statuses["cardgen.check.bounds.x_gap__mutmut_10"] = "no tests"
    score = Score(target, statuses, {"cardgen.check.bounds.x_gap__mutmut_9"})
    assert (score.killed, score.total, score.percent) == (8, 10, 80.0)
    assert score.unexplained == ["cardgen.check.bounds.x_gap__mutmut_10"]
    assert not score.met
    score.equivalent.add("cardgen.check.bounds.x_gap__mutmut_10")
    assert score.met
    statuses["cardgen.check.bounds.x_gap__mutmut_1"] = "survived"
    assert not Score(target, statuses, set(statuses)).met  # 70 %: under the target


def test_a_test_process_ended_by_a_signal_is_a_kill_and_the_score_says_so() -> None:
    # mutmut 3.8.1's table (pyproject pins that version): `make mutate` reads mutmut's own
    mutmut_names: defaultdict[int | None, str] = defaultdict(lambda: "suspicious")
    mutmut_names.update(
        {1: "killed", 3: "killed", 0: "survived", 5: "no tests", None: "not checked"}
        | {33: "no tests", 34: "skipped", 35: "suspicious", 36: "timeout", -24: "timeout"}
        | {24: "timeout", 152: "timeout", 255: "timeout", -11: "segfault", -9: "segfault"}
    )
    codes = (1, 0, -1, -11, -9, -24, 36, None)
    assert [_status(code, mutmut_names) for code in codes] == [
        "killed",
        "survived",
        "signal",
        "signal",
        "signal",
        "timeout",
        "timeout",
        "not checked",
    ]
    target = find_target("cardgen/check/bounds.py")
    statuses = {f"cardgen.check.bounds.x_gap__mutmut_{n}": "killed" for n in range(1, 4)}
    statuses["cardgen.check.bounds.x_gap__mutmut_4"] = "signal"
    score = Score(target, statuses)
    assert (score.killed, score.survivors, score.met) == (4, [], True)
    assert "4 / 4 " in score.line() and ", 1 by a signal" in score.line()


def test_a_target_is_found_by_path_or_dotted_name_and_a_stranger_is_refused() -> None:
    bounds = find_target("cardgen/check/bounds.py")
    assert find_target("cardgen.check.bounds") is bounds
    assert bounds.patterns() == ["cardgen.check.bounds.*"]
    assert find_target("cardgen/tts/ids.py").covers("cardgen.tts.ids.xǁIdsǁguid__mutmut_3")
    keys = find_target("cardgen/render/renderer.py")  # some methods of a class only
    assert keys.covers("cardgen.render.renderer.xǁGameRendererǁ_card_key__mutmut_3")
    assert not keys.covers("cardgen.render.renderer.xǁGameRendererǁback__mutmut_3")
    imposition = find_target("cardgen/printing/imposition.py")  # some functions only
    assert imposition.covers("cardgen.printing.imposition.x_size_groups__mutmut_3")
    assert not imposition.covers("cardgen.printing.imposition.x__group_grid__mutmut_3")
    with pytest.raises(SystemExit, match=re.escape("'cardgen/cli.py' is not a mutation target")):
        find_target("cardgen/cli.py")


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_mutate_installs_mutmut_once_and_runs_the_module_named(tmp_path: Path) -> None:
    def planned() -> list[str]:
        done = subprocess.run(
            ["make", "-n", "-C", str(ROOT), "mutate", f"VENV={tmp_path}", "MODULE=cardgen/a.py"],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "MAKEFLAGS": ""},
        )
        return [line for line in done.stdout.splitlines() if not line.startswith(("echo", "make"))]

    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "python").touch()
    run = f"{tmp_path}/bin/python -m tests.mutation --jobs 2 cardgen/a.py"
    first = planned()
    assert [line for line in first if "pip install" in line] == [
        f"{tmp_path}/bin/python -m pip install --quiet --disable-pip-version-check"
        " -e '.[test,mutate]'"
    ]
    assert first[-1] == run
    (tmp_path / ".installed-mutate").touch()
    assert planned() == [run]


def test_mutmut_is_a_dev_tool_only() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    runtime = pyproject[pyproject.index("dependencies = [") : pyproject.index("]\n")]
    assert "mutmut" not in runtime
    assert re.search(r'^mutate = \["mutmut==3\.8\.1"\]$', pyproject, re.MULTILINE)
