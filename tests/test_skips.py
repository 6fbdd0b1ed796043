"""No silent skips on CI: a missing tool skips its test with the reason here, fails it under
CARDGEN_CI=1, and a CI run fails if any test skipped for a reason tests/skips.py does not
list (see tests/skips.py). Checked on pytest runs of small generated test files."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.skips import ALLOWED, CI_VARIABLE, Allowed, unexplained

NEEDS_QPDF = """\
from tests.skips import require_tool


def test_checks_a_pdf():
    assert require_tool("qpdf").endswith("qpdf")
"""
SKIPS_ITSELF = """\
import pytest


def test_skipped_without_a_word():
    pytest.skip("the tool was not found")


@pytest.mark.parametrize("n", [1])
def test_skipped_by_a_marker(n):
    pytest.skip("needs POSIX, non-root")  # an allowed reason, but not this test's
"""


def pytest_run(
    folder: Path, source: str, *, ci: bool, extra: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    """pytest, with tests/skips.py as its plugin, on `source` in a fresh process whose PATH
    holds no tool at all (only an empty folder)."""
    (folder / "test_generated.py").write_text(source, encoding="utf-8")
    empty = folder / "bin"
    empty.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != CI_VARIABLE and not k.startswith("PYTEST_")}
    env.update(
        PATH=str(empty), PYTHONPATH=str(ROOT), COLUMNS="300", **({CI_VARIABLE: "1"} if ci else {})
    )
    command = [sys.executable, "-m", "pytest", "-p", "tests.skips", "-p", "no:cacheprovider"]
    command += ["-q", "-rfs", "--rootdir", str(folder), "--basetemp", str(folder / "tmp")]
    return subprocess.run(
        [*command, *extra, "test_generated.py"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_missing_tool_skips_with_its_name_and_how_to_install_it(tmp_path: Path) -> None:
    done = pytest_run(tmp_path, NEEDS_QPDF, ci=False)
    assert done.returncode == 0, done.stdout
    assert (
        "SKIPPED [1] test_generated.py:5: qpdf is not installed (apt-get install qpdf)"
        in done.stdout
    )
    assert "1 skipped" in done.stdout


def test_on_ci_a_missing_tool_fails_its_test_naming_it(tmp_path: Path) -> None:
    done = pytest_run(tmp_path, NEEDS_QPDF, ci=True)
    assert done.returncode == 1, done.stdout
    assert (
        "FAILED test_generated.py::test_checks_a_pdf - Failed: qpdf is not installed"
        " (apt-get install qpdf); CARDGEN_CI=1 (.ci/run) runs every test"
    ) in done.stdout
    assert "1 failed" in done.stdout and "skipped" not in done.stdout


def test_on_ci_a_skip_not_allowed_fails_the_run(tmp_path: Path) -> None:
    here = pytest_run(tmp_path, SKIPS_ITSELF, ci=False)
    assert here.returncode == 0 and "2 skipped" in here.stdout, here.stdout
    assert "does not allow" not in here.stdout
    done = pytest_run(tmp_path, SKIPS_ITSELF, ci=True)
    assert done.returncode == 1, done.stdout
    lines = done.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if "skips CARDGEN_CI=1 does not allow" in line)
    assert lines[start + 1 : start + 4] == [
        "test_generated.py::test_skipped_without_a_word: skipped: the tool was not found",
        "test_generated.py::test_skipped_by_a_marker[1]: skipped: needs POSIX, non-root",
        "2 skipped without an entry in tests/skips.py's ALLOWED: on CI every test runs"
        " (install what it names) or its skip is listed there with the reason",
    ]


def test_on_ci_a_skip_not_allowed_fails_a_run_on_several_workers(tmp_path: Path) -> None:
    """`make test` runs on every core (pytest-xdist): the skips of every worker count."""
    done = pytest_run(tmp_path, SKIPS_ITSELF, ci=True, extra=("-n", "2"))
    assert done.returncode == 1, done.stdout
    assert "2 skipped without an entry in tests/skips.py's ALLOWED" in done.stdout, done.stdout


def test_allowed_skips_are_matched_by_test_and_reason() -> None:
    entry = ALLOWED[0]
    skipped = [
        (entry.test, entry.reason),  # allowed
        (f"{entry.test}[a-param]", entry.reason),  # the same test, parametrized
        (entry.test, "another reason"),
        ("tests/test_other.py::test_x", entry.reason),
    ]
    assert unexplained(skipped) == skipped[2:]


@pytest.mark.parametrize("entry", ALLOWED, ids=[entry.test for entry in ALLOWED])
def test_every_allowed_skip_is_a_real_test_skipping_for_that_reason(entry: Allowed) -> None:
    """Each entry names a test that exists and skips with exactly that reason, and
    docs/testing.md lists it with its explanation."""
    test, reason = entry.test, entry.reason
    path, name = test.split("::")
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    (function,) = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == name]
    strings = [n.value for n in ast.walk(function) if isinstance(n, ast.Constant)]
    assert reason in strings, (test, reason)
    docs = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    assert f"`{test}`" in docs and entry.why in docs.replace("\n", " ")
