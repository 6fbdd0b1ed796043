"""The Makefile: `make demo` installs only what cardgen needs to run, `make test` the test
tools too (not the dev tools only `make check` runs), `make check` the test and dev tools,
each saying what it installs; once installed, a second run installs nothing (read from
`make -n`, which prints what would run)."""

import os
import subprocess
from pathlib import Path

from tests.conftest import ROOT
from tests.skips import require_tool


def planned(target: str, venv: Path) -> list[str]:
    done = subprocess.run(
        [require_tool("make"), "-n", "-C", str(ROOT), target, f"VENV={venv}"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "MAKEFLAGS": ""},
    )
    return [line for line in done.stdout.splitlines() if not line.startswith("make")]


def installs(lines: list[str]) -> list[str]:
    return [line for line in lines if "pip install" in line and not line.startswith("echo")]


def test_demo_installs_only_what_cardgen_needs(tmp_path: Path) -> None:
    lines = planned("demo", tmp_path / ".venv")
    assert installs(lines) == [
        f"{tmp_path}/.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ."
    ]
    said = [line for line in lines if line.startswith("echo")]
    assert said == [
        f'echo "installing cardgen and the libraries it needs to run into {tmp_path}/.venv/'
        ' (pip install -e .)"'
    ]


def test_test_installs_the_test_tools_alone(tmp_path: Path) -> None:
    lines = planned("test", tmp_path / ".venv")
    assert [line.rsplit(" ", 1)[-1] for line in installs(lines)] == ["'.[test]'"]
    assert any(line.startswith("echo") and "its test tools into" in line for line in lines)


def test_check_installs_the_test_and_dev_tools(tmp_path: Path) -> None:
    lines = planned("check", tmp_path / ".venv")
    assert [line.rsplit(" ", 1)[-1] for line in installs(lines)] == ["'.[test,dev]'"]
    assert any(line.startswith("echo") and "test and dev tools" in line for line in lines)


def test_a_second_run_installs_nothing(tmp_path: Path) -> None:
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").touch()
    (venv / ".installed-runtime").touch()
    assert installs(planned("demo", venv)) == []  # after `make demo`
    assert len(installs(planned("test", venv))) == 1  # `make test` adds the test tools once
    (venv / ".installed-test").touch()
    assert installs(planned("test", venv)) == []
    assert len(installs(planned("check", venv))) == 1  # `make check` adds the dev tools once
    (venv / ".installed-dev").touch()
    for target in ("demo", "test", "check"):
        assert installs(planned(target, venv)) == [], target
