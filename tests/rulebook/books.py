"""The example games' rulebooks, each resolved (or written, with its card images) once per
test process when a test first asks for it, and the games' data read apart from cardgen
(the tests' oracle: YAML and CSV read here, never through the code's own models)."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path
from typing import Any

import yaml

from cardgen import api
from cardgen.rulebook.document import resolve_rulebook
from cardgen.rulebook.record import Rulebook
from tests.conftest import ROOT

GAMES = ("shards", "splatterkins", "splatoon", "blublers", "yokai-sketch")
_resolved: dict[str, Rulebook] = {}
_written: dict[str, api.Rules] = {}


def resolved(game: str) -> Rulebook:
    """The game's rulebook resolved against the repository's data (nothing written)."""
    if game not in _resolved:
        pack = api.load_game(ROOT, game)
        _resolved[game] = resolve_rulebook(pack, ROOT / "output" / game / "rulebook")
    return _resolved[game]


def written(game: str, into: Path) -> api.Rules:
    """The game's rulebook written by `api.rules` into a folder of `into` (once per process:
    later calls get the first one's files)."""
    if game not in _written:
        _written[game] = api.rules(ROOT, game, out=into / game)
    return _written[game]


def game_yaml(game: str, root: Path = ROOT) -> dict[str, Any]:
    """A game's game.yaml as plain YAML."""
    data: dict[str, Any] = yaml.safe_load((root / "decks" / game / "game.yaml").read_text("utf-8"))
    return data


def pool(game: str) -> list[dict[str, Any]]:
    """A game's cards as rows (CSV or YAML), each with its `copies` as a number."""
    folder = ROOT / "decks" / game
    csv_file = folder / "cards.csv"
    if csv_file.exists():
        with csv_file.open(encoding="utf-8", newline="") as handle:
            rows: list[dict[str, Any]] = list(csv.DictReader(handle))
    else:
        loaded = yaml.safe_load((folder / "cards.yaml").read_text("utf-8"))
        rows = loaded["cards"] if isinstance(loaded, dict) else loaded
    for row in rows:
        row["copies"] = int(row.get("copies") or 1)
    return rows


def copy_game(game: str, tmp_path: Path) -> Path:
    """A project in `tmp_path` holding a copy of one example game (its decks folder and
    layouts); the project folder."""
    for folder in ("decks", "layouts"):
        source = ROOT / folder / game
        if source.exists():
            shutil.copytree(source, tmp_path / folder / game)
    return tmp_path


def section(markdown: str, heading: str) -> str:
    """The text under a `## heading` up to the next heading of level 2."""
    start = markdown.index(f"## {heading}\n")
    rest = markdown[start + len(heading) + 4 :]
    end = rest.find("\n## ")
    return rest if end < 0 else rest[:end]
