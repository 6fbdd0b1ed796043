"""A cardgen project: the folder that holds `decks/<game>/` and `layouts/<game>/`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.errors import CardgenError, ErrorCollector, Location, display_path
from cardgen.load import GAME_FILE

if TYPE_CHECKING:  # loading a game needs pydantic and the models: imported when asked for
    from cardgen.load.game import GamePack
    from cardgen.model.game import Game

__all__ = ["GAME_FILE", "Project", "open_project"]


@dataclass
class Project:
    """The project folder and the games found in it, loaded on demand and kept."""

    root: Path
    _loaded: dict[str, GamePack] = field(default_factory=dict, repr=False)

    @property
    def decks_dir(self) -> Path:
        """The folder of the games, `decks/`."""
        return self.root / "decks"

    def game_ids(self) -> list[str]:
        """Ids of the games under `decks/`, sorted."""
        if not self.decks_dir.is_dir():
            return []
        return sorted(p.name for p in self.decks_dir.iterdir() if (p / GAME_FILE).exists())

    def _known(self, game_id: str) -> None:
        from cardgen.fuzzy import did_you_mean

        ids = self.game_ids()
        if game_id not in ids:
            known = ", ".join(ids) if ids else "none"
            raise CardgenError(
                f'unknown game "{game_id}"{did_you_mean(game_id, ids)} (games here: {known})',
                Location(display_path(self.decks_dir)),
            )

    def game(self, game_id: str, *, partial: bool = False) -> GamePack:
        """Load a game by id; an unknown id is an error with a suggestion. `partial`: the
        cards of its pool that load, the others' problems kept in the pack's `left_out`
        (the game is then kept so: later calls get that same pack)."""
        from cardgen.load.game import load_game

        if game_id not in self._loaded:
            self._known(game_id)
            self._loaded[game_id] = load_game(self.decks_dir / game_id, self.root, partial=partial)
        return self._loaded[game_id]

    def definition(self, game_id: str) -> Game:
        """A game's `game.yaml` alone, validated: its card pool is not read (the schema of
        a pool is wanted most while the pool does not load)."""
        from cardgen.load.validation import validate_yaml
        from cardgen.load.yaml import load_yaml
        from cardgen.model.game import Game

        if game_id in self._loaded:
            return self._loaded[game_id].game
        self._known(game_id)
        doc = load_yaml(self.decks_dir / game_id / GAME_FILE, self.root)
        if not isinstance(doc.data, dict):
            raise CardgenError("game.yaml must be a mapping of keys", doc.location([]))
        game: Game = validate_yaml(Game, doc)
        return game

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
