"""`make test-under-load` (tools/under_load.py): each run's verdict and closing line, a failed
run named with its failing tests and the exit code 1, and no busy loop left behind."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.fsgame import processes_naming

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

PASSING = "def test_one():\n    assert 1 + 1 == 2\n"
RUN = ("--runs", "1", "--loops", "1")
FAILING = "def test_one():\n    assert 1 + 1 == 2\n\ndef test_two():\n    assert 1 + 1 == 3\n"


def under_load(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    test = tmp_path / "test_sample.py"
    test.write_text(source, encoding="utf-8")
    done = subprocess.run(
        # the sample needs no worker processes (`-n 0`): the tool's run is what is tested
        [sys.executable, str(ROOT / "tools" / "under_load.py"), *RUN, "--", "-n", "0", str(test)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    # the busy loop (a fork of the tool: its command line names the test file) ended with it
    assert processes_naming(str(test)) == []
    return done


def test_a_passing_run_says_so_and_exits_0(tmp_path: Path) -> None:
    done = under_load(tmp_path, PASSING)
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stdout + done.stderr
    assert lines[0] == "1 busy loops started (one per core); 1 runs of the suite"
    assert lines[1].startswith("run 1: passed: 1 passed") and lines[1].endswith(" s wall)")
    assert lines[2:] == ["under load: 1 of 1 runs passed"]


def test_a_failed_run_names_its_failures_and_exits_1(tmp_path: Path) -> None:
    done = under_load(tmp_path, FAILING)
    lines = done.stdout.splitlines()
    assert done.returncode == 1, done.stdout + done.stderr
    assert lines[1].startswith("run 1: FAILED: 1 failed, 1 passed")
    assert lines[2].strip().startswith("FAILED ") and "test_sample.py::test_two" in lines[2]
    assert lines[-1] == "under load: 0 of 1 runs passed"
