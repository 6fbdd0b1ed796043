"""The API's way in: a project folder opened, a game loaded, what the project holds listed.

Every function of `cardgen.api` takes its project as a `Project` or as the folder's path
(`ProjectLike`), so a script can write `api.check("my-games", "shards")`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

from cardgen.errors import CardgenError, Location, display_path

if TYPE_CHECKING:
    from cardgen.load.game import GamePack
    from cardgen.project import Project

PathLike = str | os.PathLike[str]
"""A file or folder, as a string or a path."""
ProjectLike = Union["Project", str, "os.PathLike[str]"]
"""A project: opened (`open_project`), or the folder that holds `decks/` and `layouts/`."""


def project_folder(root: PathLike) -> Path:
    """`root` as a project's folder: a file there is refused (as `--project` refuses it)."""
    folder = Path(root)
    if folder.exists() and not folder.is_dir():
        raise CardgenError(
            "is a file, not a project folder (--project names the folder that holds decks/)",
            Location(display_path(folder)),
        )
    return folder


def open_project(
    root: PathLike = ".", *, out: PathLike | None = None, out_is_file: bool = False
) -> Project:
    """The project whose folder is `root` (it holds `decks/` and `layouts/`); a file there is
    an error, as `--project` refuses it. With `out`, also check that cardgen may write
    there (a file when `out_is_file`, else a folder), as the commands' `--out` is checked."""
    from cardgen.project import open_project as opened

    target = Path(out) if out is not None else None
    return opened_for(opened(project_folder(root)), target, file=out_is_file)


def project_of(project: ProjectLike) -> Project:
    """`project` opened, unless it is one already."""
    from cardgen.project import Project

    return project if isinstance(project, Project) else open_project(project)


def opened_for(project: ProjectLike, out: Path | None, *, file: bool = False) -> Project:
    """`project` opened, with `out` (a `file`, or a folder) held to the rule of where
    cardgen writes (inside the project's `output/` or outside the project, never over its
    sources: `cardgen.outputs.check_out`)."""
    from cardgen.outputs import check_out

    opened = project_of(project)
    if out is not None:
        check_out(out, opened.root, file=file)
    return opened


def load_json(pack: GamePack) -> dict[str, Any]:
    """How a game's pool was read and loading's notes, as the commands' JSON gives them."""
    source = pack.source.as_json() if pack.source is not None else None
    return {"source": source, "notes": [note.as_json() for note in pack.notes]}


def load_game(project: ProjectLike, game: str) -> GamePack:
    """A game loaded: its definition, card pool, layouts' names and art, with every value's
    file and line (an unknown id is an error with a did-you-mean)."""
    return project_of(project).game(game)


@dataclass(frozen=True)
class GameSummary:
    """One game of a project, as `cardgen games` lists it."""

    id: str
    name: str
    cards: int
    copies: int
    types: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        """The game as `cardgen games --format json` shows it."""
        return {
            "id": self.id,
            "name": self.name,
            "cards": self.cards,
            "copies": self.copies,
            "types": list(self.types),
        }


@dataclass(frozen=True)
class Games:
    """The games a project holds (those that loaded) and the errors of those that did not."""

    games: tuple[GameSummary, ...]
    errors: tuple[CardgenError, ...]

    def raise_if_any(self) -> None:
        """Raise the errors of the games that did not load, all together."""
        from cardgen.errors import ErrorCollector

        collector = ErrorCollector()
        collector.extend(list(self.errors))
        collector.raise_if_any()

    def as_json(self) -> dict[str, Any]:
        """`cardgen games --format json` (it raises first when a game did not load)."""
        return {"games": [game.as_json() for game in self.games]}


def games(project: ProjectLike = ".") -> Games:
    """The project's games, each loaded, with what did not load kept apart."""
    packs, errors = project_of(project).load_all()
    found = tuple(
        GameSummary(
            p.id, p.game.name, len(p.cards), sum(c.copies for c in p.cards), tuple(p.game.types)
        )
        for p in packs
    )
    return Games(found, tuple(errors.errors))
