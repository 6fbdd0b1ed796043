"""`cardgen new NAME`: a new game, ready to build: two card types, example cards in CSV, a
deck list, layouts with a back. Nothing that exists is overwritten."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from cardgen.errors import CardgenError, Location, display_path
from cardgen.write import atomic_write

FILES = {
    "game.yaml": "decks/{id}/game.yaml",
    "cards.csv": "decks/{id}/cards.csv",
    "starter.txt": "decks/{id}/decks/starter.txt",
    "base.yaml": "layouts/{id}/base.yaml",
    "hero.yaml": "layouts/{id}/hero.yaml",
    "action.yaml": "layouts/{id}/action.yaml",
}


def new_game(root: Path, name: str) -> list[Path]:
    """Write the files of a new game called `name` (its id is the name in kebab case)."""
    game_id = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    if not game_id or not game_id[0].isalnum():
        raise CardgenError(f'"{name}" does not make a game id: use letters and digits')
    targets = {source: root / target.format(id=game_id) for source, target in FILES.items()}
    clash = [t for t in targets.values() if t.exists()]
    if clash or (root / "decks" / game_id).exists():
        where = clash[0] if clash else root / "decks" / game_id
        raise CardgenError("a game of that name exists already", Location(display_path(where)))
    title = name.strip()
    written = []
    for source, target in targets.items():
        text = resources.files("cardgen.scaffold").joinpath(source).read_text(encoding="utf-8")
        if source.endswith((".yaml", ".txt")):
            text = text.format(id=game_id, name=title)
        atomic_write(target, text.encode("utf-8"))
        written.append(target)
    return written
