"""The API's helpers around a game: its card pool listed, two pools compared, the icons it
can use, the JSON Schemas of its files, a new game started, outputs cleaned, and the
long-running rebuild loops (`watch`, `serve`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from cardgen.api.projects import PathLike, ProjectLike, load_json, project_of

if TYPE_CHECKING:
    from cardgen.diff import PoolDiff
    from cardgen.icon_catalog import IconCatalog
    from cardgen.load.game import GamePack
    from cardgen.model.card import Card
    from cardgen.new import NewGame

SchemaKind = Literal["game", "cards", "deck", "layout"]


@dataclass(frozen=True)
class Cards:
    """A game's card pool (or the cards of one type), as `cardgen cards` lists it."""

    pack: GamePack
    cards: tuple[Card, ...]

    def as_json(self) -> dict[str, Any]:
        """`cardgen cards --format json`."""
        return {
            "game": self.pack.id,
            "cards": [card.as_json() for card in self.cards],
            **load_json(self.pack),
        }

    def lines(self) -> list[str]:
        """A line a card: copies, name, type and fields."""
        return [
            f"{card.copies:>3} × {card.name:<32} {card.type:<12} "
            + ", ".join(f"{k}={v}" for k, v in card.fields.items())
            for card in self.cards
        ]


def cards(project: ProjectLike, game: str, *, type: str | None = None) -> Cards:
    """The game's card pool, or its cards of one `type`."""
    pack = project_of(project).game(game)
    return Cards(pack, tuple(c for c in pack.cards if type is None or c.type == type))


def diff(
    project: ProjectLike,
    old: str,
    new: str | None = None,
    *,
    since: str | None = None,
    game: str | None = None,
) -> PoolDiff:
    """The cards added, removed and changed between two pool files (or a game's pool and
    its version at git revision `since`); `as_json()` and `as_text()` as `cardgen diff`."""
    from cardgen.diff import diff as diff_pools

    return diff_pools(project_of(project), old, new, since=since, game=game)


def icons(
    project: PathLike = ".", game: str | None = None, *, sheet: PathLike | None = None
) -> IconCatalog:
    """Every icon `game` can use (or the built-in ones), with its name; `sheet`, where its
    contact sheet will go (`icon_sheet`), is checked first."""
    from cardgen.icon_catalog import icon_catalog
    from cardgen.outputs import check_out

    if sheet is not None:
        check_out(Path(sheet), Path(project), file=True, option="--sheet")
    return icon_catalog(Path(project), game)


def icon_sheet(catalog: IconCatalog, path: PathLike, *, project: PathLike = ".") -> Path:
    """Draw every icon of `catalog` with its name on one PNG contact sheet at `path`."""
    from cardgen.icon_catalog import write_sheet
    from cardgen.outputs import check_out

    check_out(Path(path), Path(project), file=True, option="--sheet")
    return write_sheet(catalog, Path(path))


def schema(kind: SchemaKind, project: ProjectLike = ".", *, game: str | None = None) -> str:
    """The JSON Schema of game.yaml, a card pool (with `game`: that game's, field by
    field), a deck list or a layout, as text for editors (the project is opened only for
    `game`)."""
    from cardgen.schema import json_schema, schema_text

    definition = project_of(project).definition(game) if game else None
    return schema_text(json_schema(kind, definition))


def new_game(project: PathLike, title: str, *, id: str | None = None) -> NewGame:
    """Start a game called `title`: its `decks/ID/` and `layouts/ID/` from the scaffold."""
    from cardgen.new import new_game as made

    return made(Path(project), title, id)


def next_steps(game: str, project: PathLike = ".") -> list[str]:
    """The commands to run next in a new game (as `cardgen new` prints them)."""
    from cardgen.new import next_commands

    return next_commands(game, Path(project))


def clean(project: ProjectLike = ".", games: Sequence[str] = ()) -> list[Path]:
    """Delete the files cardgen wrote under output/ (only those) and its caches; what went."""
    from cardgen.clean import clean as clean_games

    return clean_games(project_of(project), list(games) or None)


def watch(
    project: ProjectLike,
    game: str,
    report: Callable[[str], None] = print,
    *,
    interval: float = 0.5,
    max_builds: int | None = None,
) -> int:
    """Rebuild `game` on every save of its files, saying what changed through `report`,
    until interrupted (or `max_builds` builds); the number of builds."""
    from cardgen.watch import watch as watch_game

    return watch_game(project_of(project), game, report, interval=interval, max_builds=max_builds)


def serve(
    project: ProjectLike,
    game: str,
    report: Callable[[str], None] = print,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    ready: Callable[[str], None] = lambda _url: None,
    max_builds: int | None = None,
    jobs: int | None = None,
) -> int:
    """Serve the game's gallery on `host`:`port` (0: a free one), rebuilt on every save;
    `ready` is told the page's address. Runs until interrupted (or `max_builds`)."""
    from cardgen.serve.app import serve as serve_game

    return serve_game(
        project_of(project),
        game,
        report,
        host=host,
        port=port,
        ready=ready,
        max_builds=max_builds,
        jobs=jobs,
    )


def is_loopback(host: str) -> bool:
    """`host` is this machine only (127.0.0.1, ::1, localhost): no one else reaches it."""
    from cardgen.serve.origin import is_loopback as loopback

    return loopback(host)


def save_text(out: PathLike, text: str, *, project: PathLike = ".") -> Path:
    """Write `text` to the file `out` atomically (as every file cardgen writes), refused
    among `project`'s sources as `--out` is; its path."""
    from cardgen.outputs import check_out
    from cardgen.write import Writer

    target = Path(out)
    check_out(target, Path(project), file=True)
    return Writer(target.parent).write(target.name, text.encode("utf-8"))
