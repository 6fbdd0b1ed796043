"""A cardgen project: the folder that holds `decks/<game>/` and `layouts/<game>/`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.errors import CardgenError, ErrorCollector, Location, display_path

if TYPE_CHECKING:  # loading a game needs pydantic and the models: imported when asked for
    from cardgen.load.game import GamePack

GAME_FILE = "game.yaml"


@dataclass
class Project:
    """The project folder and the games found in it, loaded on demand and kept."""

    root: Path
    _loaded: dict[str, GamePack] = field(default_factory=dict, repr=False)

    @property
    def decks_dir(self) -> Path:
        return self.root / "decks"

    def game_ids(self) -> list[str]:
        """Ids of the games under `decks/`, sorted."""
        if not self.decks_dir.is_dir():
            return []
        return sorted(p.name for p in self.decks_dir.iterdir() if (p / GAME_FILE).exists())

    def game(self, game_id: str, *, partial: bool = False) -> GamePack:
        """Load a game by id; an unknown id is an error with a suggestion. `partial`: the
        cards of its pool that load, the others' problems kept in the pack's `left_out`
        (the game is then kept so: later calls get that same pack)."""
        from cardgen.load.game import load_game
        from cardgen.load.validation import did_you_mean

        if game_id not in self._loaded:
            ids = self.game_ids()
            if game_id not in ids:
                known = ", ".join(ids) if ids else "none"
                raise CardgenError(
                    f'unknown game "{game_id}"{did_you_mean(game_id, ids)} (games here: {known})',
                    Location(display_path(self.decks_dir)),
                )
            self._loaded[game_id] = load_game(self.decks_dir / game_id, self.root, partial=partial)
        return self._loaded[game_id]

    def load_all(self) -> tuple[list[GamePack], ErrorCollector]:
        """Every game that loads, and the errors of those that do not."""
        packs: list[GamePack] = []
        errors = ErrorCollector()
        for game_id in self.game_ids():
            try:
                packs.append(self.game(game_id))
            except CardgenError as exc:
                errors.extend([exc])
        return packs, errors

    def game_for_path(self, path: Path) -> str | None:
        """The game a file belongs to by its folder: `decks/<game>/...`."""
        try:
            relative = path.resolve().relative_to(self.decks_dir.resolve())
        except ValueError:
            return None
        first = relative.parts[0] if relative.parts else None
        return first if first in self.game_ids() else None


def open_project(root: str | Path) -> Project:
    """The project at `root`; it must hold a `decks/` folder."""
    path = Path(root)
    if not path.is_dir():
        raise CardgenError("project folder not found", Location(display_path(path)))
    if not (path / "decks").is_dir():
        raise CardgenError(
            "not a cardgen project: no decks/ folder (use --project DIR)",
            Location(display_path(path)),
        )
    return Project(path)
