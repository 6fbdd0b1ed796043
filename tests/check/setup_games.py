"""Tiny games for the setup checks, and how a test reads their findings: a mini Blubler's
(a deal table, two Special piles of 7) and a mini Yokai Sketch (a shared sketch deck)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from cardgen.check.findings import Finding
from cardgen.check.setup_checks import check_setup
from cardgen.project import Project
from tests.conftest import ROOT

GAME = """\
id: mini
name: Mini
players: {min: 2, max: 8}
types:
  classic: {label: Classic}
  special: {label: Special}
box:
  total: 62
setup:
  deal_from: {type: classic}
  deal:
    - {players_min: 2, players_max: 2, cards_each: 20}
    - {players_min: 3, players_max: 4, cards_each: 10}
    - {players_min: 5, players_max: 8, cards_each: 10, boxes: 2}
  piles:
    - {id: hidden, label: Hidden, where: {type: special}, count: 7}
    - {id: shown, label: Shown, where: {type: special}, count: 7, face_up: true}
"""

CARDS = "name,type,copies\nBlub,classic,24\nBlob,classic,24\nZap,special,14\n"

DRAW_GAME = """\
id: mini
name: Mini
players: {min: 2, max: 4}
types:
  yokai: {label: Yokai, fields: {color: {type: choice, choices: [red, blue], description: C.}}}
  sketch: {label: Sketch}
setup:
  hand: 3
  piles:
    - {id: yokai, label: Yokai deck, where: {type: yokai}, face_up: true, group_by: color}
    - {id: sketch-deck, label: Sketch deck, where: {type: sketch}}
"""

DRAW_CARDS = "name,type,copies,color\nOni,yokai,5,red\nKappa,yokai,5,blue\nLine,sketch,12,\n"


def line_col(text: str, needle: str) -> tuple[int, int]:
    """The 1-based line of `needle` in `text` and the column where its line's value starts
    (the `{` of a flow mapping in a list, a block's key, else the first character after
    `key: `)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            stripped = line.lstrip()
            if stripped.endswith(":"):
                return number, len(line) - len(stripped) + 1
            if stripped.startswith("- "):
                return number, len(line) - len(stripped) + 3
            return number, line.index(": ") + 3
    raise AssertionError(f"{needle!r} not in the game")


def setup_findings(
    make_project: Callable[..., Path], game: str, cards: str = CARDS, **extra: str
) -> list[Finding]:
    """The setup findings of a game written from `game` and `cards`."""
    root = make_project(game, cards, game_id="mini", extra=extra or None)
    return list(check_setup(Project(root).game("mini")))


def only(findings: list[Finding], code: str) -> Finding:
    """The one finding of `code` (and the test fails when there are more or none)."""
    chosen = [f for f in findings if f.code == code]
    assert len(chosen) == 1, [str(f) for f in findings]
    return chosen[0]


def planted(make_project: Callable[..., Path], game: str, code: str, needle: str) -> Finding:
    """The one finding of `code` in `game`, asserted to be at the line and column of the
    entry holding `needle`."""
    found = only(setup_findings(make_project, game), code)
    assert (found.line, found.col) == line_col(game, needle)
    return found


def broken_copy(root: Path, game: str, old: str, new: str) -> str:
    """Copy an example game (and its layouts) into `root` with `old` changed to `new` in its
    game.yaml; returns the new game.yaml."""
    for folder in ("decks", "layouts"):
        if (ROOT / folder / game).is_dir():
            shutil.copytree(ROOT / folder / game, root / folder / game)
    path = root / "decks" / game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    broken = text.replace(old, new)
    path.write_text(broken, encoding="utf-8")
    return broken
