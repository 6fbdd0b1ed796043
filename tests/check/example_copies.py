"""Copies of the example games with one planted error, for the checks' tests."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardgen.check.findings import Finding
from cardgen.check.game_checks import check_game
from cardgen.load.game import GamePack
from cardgen.project import open_project
from tests.conftest import ROOT


def planted_copy(root: Path, game: str, edits: dict[str, tuple[str, str]] | None = None) -> Path:
    """Copy an example game (its decks and layouts) into `root`, then in each file named
    by `edits` (relative to the game's folder) replace the one `old` by `new`."""
    for folder in ("decks", "layouts"):
        if (ROOT / folder / game).is_dir() and not (root / folder / game).exists():
            shutil.copytree(ROOT / folder / game, root / folder / game)
    for name, (old, new) in (edits or {}).items():
        path = root / "decks" / game / name
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, (name, old, text.count(old))
        path.write_text(text.replace(old, new), encoding="utf-8")
    return root


def copy_pack(root: Path, game: str, edits: dict[str, tuple[str, str]] | None = None) -> GamePack:
    """The example game, copied with its planted edits, loaded."""
    return open_project(planted_copy(root, game, edits)).game(game)


def pool_findings(pack: GamePack, code: str) -> list[Finding]:
    """The findings of one code that `cardgen check` gives the game (no text fitting)."""
    return [f for f in check_game(pack, fit_text=False) if f.code == code]


def line_of(root: Path, game: str, name: str, needle: str) -> int:
    """The 1-based line of the game's file `name` that holds `needle` (asserted unique)."""
    lines = (root / "decks" / game / name).read_text(encoding="utf-8").splitlines()
    found = [n for n, line in enumerate(lines, start=1) if needle in line]
    assert len(found) == 1, (needle, found)
    return found[0]
