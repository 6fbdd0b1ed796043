"""Ctrl-C at every kind of line of the command's own dispatch, with no clock (issue 31 item
2): `tests/interrupt_points.py` sends the signal at the N-th line the entry point,
`cardgen.cli.run`, the group, the command's module and click execute, for N spread over
every line a run executes there, and each of the last lines one by one (the command done and
click unwinding: where click's own answer, `Aborted!` and exit 1, once reached a user).

Wherever it lands, the answer is one of two, exactly: the run's own (the Ctrl-C came once the
command was done: it changes nothing), or `interrupted` on stderr and exit 130, with stdout a
beginning of the run's own (what the command printed before it).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.fsgame import write_game

pytestmark = pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs fork")

COMMANDS = {
    "version": ["--version"],  # ends in click's own Exit, before any command
    "usage": ["valdate"],  # a usage error: click's, with a did-you-mean
    "legal": ["validate", "decks/tiny/decks/duel.txt"],  # a command's own sys.exit(0)
    "missing": ["validate", "decks/tiny/decks/none.txt"],  # a command's CardgenError, exit 2
}
SPREAD = {"version": 60, "usage": 60, "legal": 8, "missing": 8}
"""How many points are spread evenly over each run's lines (a traced run that reads the game
costs a tenth of a second or more; `--version` a hundredth)."""
LAST = 8
"""Each of a run's last lines is a point of its own."""
Outcome = tuple[int, str, str]


def _runs(folder: Path, runs: list[tuple[int, list[str]]], cwd: Path) -> list[Outcome]:
    """Each run's (exit code, stdout, stderr), and its lines counted (in `folder`)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "runs.json").write_text(json.dumps(runs))
    subprocess.run(
        [sys.executable, "-m", "tests.interrupt_points", str(folder)],
        cwd=cwd,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        check=True,
        timeout=600,
    )
    return [
        (
            int((folder / f"{i}.code").read_text()),
            (folder / f"{i}.out").read_text(),
            (folder / f"{i}.err").read_text(),
        )
        for i in range(len(runs))
    ]


def points(lines: int, spread: int) -> list[int]:
    """`spread` points evenly over lines 1..`lines`, and each of the last `LAST`."""
    step = max(1, lines // spread)
    return sorted(set(range(1, lines + 1, step)) | set(range(max(1, lines - LAST + 1), lines + 1)))


def test_a_ctrl_c_at_any_line_of_the_dispatch_is_one_line_or_changes_nothing(
    tmp_path: Path,
) -> None:
    root = write_game(tmp_path / "p")
    (root / "decks" / "tiny" / "decks" / "duel.txt").write_text("1 Aria\n3 Fireball\n")
    whole = _runs(tmp_path / "whole", [(0, args) for args in COMMANDS.values()], root)
    counts = [int((tmp_path / "whole" / f"{i}.lines").read_text()) for i in range(len(COMMANDS))]
    assert [w[0] for w in whole] == [0, 2, 0, 2], whole  # the runs as they are, uninterrupted
    assert min(counts) > 100, counts  # the dispatch's lines were counted
    runs = [
        (point, args)
        for (name, args), lines in zip(COMMANDS.items(), counts, strict=True)
        for point in points(lines, SPREAD[name])
    ]
    outcomes = _runs(tmp_path / "points", runs, root)
    answered = dict.fromkeys(COMMANDS, 0)
    for (point, args), outcome in zip(runs, outcomes, strict=True):
        name = next(n for n, a in COMMANDS.items() if a == args)
        own = whole[list(COMMANDS).index(name)]
        if outcome == own:
            continue  # the command was done: its answer stands
        code, out, err = outcome
        assert (code, err) == (130, "interrupted\n") and own[1].startswith(out), (
            name,
            point,
            outcome,
            own,
        )
        answered[name] += 1
    # most points lie before each command is done: a Ctrl-C there was answered
    assert all(answered[n] >= SPREAD[n] // 2 for n in COMMANDS), answered
