"""`cardgen --help` (and each command's `--help`) is instant: it loads click and the
`cardgen.cli` package alone, none of the libraries that draw, print or validate."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HEAVY = ("PIL", "reportlab", "pydantic", "ruamel", "pydantic_core", "re2", "python_calamine")

SCRIPT = """
import json, sys
from cardgen.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def _help(*args: str) -> tuple[int, list[str], str]:
    """Run `cardgen ARGS` in a fresh interpreter: its exit code, loaded modules, output."""
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *args],
        capture_output=True,
        text=True,
        cwd=Path(__file__).parent,
        check=True,
    )
    *shown, last = done.stdout.splitlines()
    report = json.loads(last)
    return report["code"], report["modules"], "\n".join(shown)


def _heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if m.split(".")[0] in HEAVY]


def test_group_help_loads_no_heavy_library() -> None:
    code, modules, shown = _help("--help")
    assert code == 0
    assert "Commands:" in shown and "build" in shown
    assert _heavy(modules) == []
    assert "click" in modules  # the check sees what is loaded


def test_every_command_help_loads_no_heavy_library() -> None:
    from cardgen.cli import main

    names = sorted(main.commands)
    assert {"build", "lint", "pnp", "tts", "report"} <= set(names)
    for name in names:
        code, modules, shown = _help(name, "--help")
        assert code == 0, name
        assert "Usage: " in shown and name in shown, name
        assert _heavy(modules) == [], (name, _heavy(modules))


def test_a_command_run_does_load_what_it_needs() -> None:
    """The same check, shown able to fail: a command that runs loads pydantic."""
    code, modules, _ = _help("schema", "deck")
    assert code == 0
    assert "pydantic" in modules
