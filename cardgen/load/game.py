"""Loading a game folder: `game.yaml`, its card pool, and cross-checks between them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError, ErrorCollector, Location, display_path
from cardgen.fuzzy import closest
from cardgen.load.pool import SPREADSHEET_SUFFIXES, load_pool, load_pool_partial, name_key
from cardgen.load.text import check_inside
from cardgen.load.validation import did_you_mean, validate_yaml
from cardgen.load.yaml import YamlDocument, load_yaml
from cardgen.model.card import Card
from cardgen.model.deck import Deck
from cardgen.model.game import Game
from cardgen.model.matchups import matchup_problems
from cardgen.project import GAME_FILE

POOL_FILES = ("cards.yaml", "cards.yml", "cards.csv")


@dataclass
class GamePack:
    """A loaded game: the model, its folder, its source document and its card pool."""

    game: Game
    folder: Path
    doc: YamlDocument
    cards: list[Card]
    pool_path: Path
    root: Path | None = None
    """The project folder: the game's files (box decks, boards) must lie inside it."""
    left_out: list[CardgenError] = field(default_factory=list)
    """Loaded `partial`: the problems of the pool's cards that did not load (left out)."""
    _by_key: dict[str, Card] = field(default_factory=dict, repr=False)
    _by_name: dict[str, Card] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._by_key = {name_key(card.name): card for card in self.cards}
        self._by_name = {card.name: card for card in self.cards}

    @property
    def id(self) -> str:
        return self.game.id

    def find(self, name: str) -> Card | None:
        """The card of that name (case, curly quotes and spacing do not matter)."""
        exact = self._by_name.get(name)
        return exact if exact is not None else self._by_key.get(name_key(name))

    def file(self, relative: str, where: list[str | int]) -> Path:
        """A file game.yaml names (at `where`), refused when it leads out of the project."""
        path = self.folder / relative
        if self.root is not None:
            try:
                check_inside(path, self.root)
            except CardgenError as exc:
                raise CardgenError(f"{relative}: {exc.problem}", self.doc.location(where)) from None
        return path

    def deck_counts(self, deck: Deck) -> dict[str, int]:
        """Card name -> copies in a deck list; every unknown name is an error (exit 2) at its
        line, with the pool card it most likely means."""
        counts: dict[str, int] = {}
        errors = ErrorCollector()
        names = [card.name for card in self.cards]
        for entry in deck.entries:
            card = self.find(entry.name)
            if card is None:
                hint = closest(entry.name, names)
                errors.add(
                    f'unknown card "{entry.name}"' + (f'; did you mean "{hint}"?' if hint else ""),
                    Location(deck.path, entry.line, entry.col),
                )
                continue
            counts[card.name] = counts.get(card.name, 0) + entry.count
        errors.raise_if_any()
        return counts

    def deck_files(self) -> list[Path]:
        """The game's example deck lists: `decks/*.yaml` and `decks/*.txt`, sorted."""
        folder = self.folder / "decks"
        if not folder.is_dir():
            return []
        return sorted(
            p for p in folder.iterdir() if p.suffix in (".yaml", ".yml", ".txt") and p.is_file()
        )


def _selectors(
    data: Any, path: list[str | int]
) -> Iterator[tuple[list[str | int], dict[str, Any]]]:
    """Every selector in game.yaml (`where`, `target`, `when`, `exempt`, `deal_from`)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("where", "target", "when", "exempt", "deal_from") and isinstance(
                value, dict
            ):
                yield [*path, key], value
            else:
                yield from _selectors(value, [*path, key])
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _selectors(value, [*path, index])


def _check_references(game: Game, doc: YamlDocument, errors: ErrorCollector) -> None:
    """Selectors and field names in rules must name types and fields that exist."""
    fields = game.field_names()
    for path, message in matchup_problems(game):
        errors.add(message, doc.location(path))
    for path, selector in _selectors(doc.data, []):
        for key, value in selector.items():
            if key not in fields:
                errors.add(
                    f'unknown field "{key}" in selector{did_you_mean(key, sorted(fields))}',
                    doc.key_location([*path, key]),
                )
            elif key == "type":
                for type_id in value if isinstance(value, list) else [value]:
                    if type_id not in game.types:
                        hint = did_you_mean(str(type_id), game.types)
                        errors.add(
                            f'unknown card type "{type_id}"{hint}', doc.location([*path, key])
                        )
    for index, rule in enumerate(doc.data.get("deck_rules", []) or []):
        for key in ("group_by", "key"):
            if isinstance(rule, dict) and key in rule and rule[key] not in fields:
                errors.add(
                    f'unknown field "{rule[key]}"{did_you_mean(str(rule[key]), sorted(fields))}',
                    doc.location(["deck_rules", index, key]),
                )
    for index, pile in enumerate(game.setup.piles):
        if pile.group_by is not None and pile.group_by not in fields:
            hint = did_you_mean(pile.group_by, sorted(fields))
            errors.add(
                f'unknown field "{pile.group_by}"{hint}',
                doc.location(["setup", "piles", index, "group_by"]),
            )
    for index, check in enumerate(game.checks):
        for position, name in enumerate(getattr(check, "fields", [])):
            spec = game.field_spec(name)
            where = doc.location(["checks", index, "fields", position])
            if name not in fields:
                errors.add(f'unknown field "{name}"{did_you_mean(name, sorted(fields))}', where)
            elif spec is None or spec.type != "choice":
                errors.add(f'a grid crosses choice fields; "{name}" is not one', where)
    for index, check in enumerate(doc.data.get("checks", []) or []):
        for key in ("field",):
            if isinstance(check, dict) and key in check and check[key] not in fields:
                errors.add(
                    f'unknown field "{check[key]}"{did_you_mean(str(check[key]), sorted(fields))}',
                    doc.location(["checks", index, key]),
                )


def load_game(folder: Path, root: Path | None = None, *, partial: bool = False) -> GamePack:
    """Load `folder/game.yaml` and its card pool, or raise every problem with its line.
    `partial`: the cards of the pool that load, the others' problems in `left_out`.

    With `root` (the project folder), game.yaml and the pool must lie inside it once `..`
    and symlinks are followed."""
    game_file = folder / GAME_FILE
    if not game_file.exists():
        raise CardgenError(f"no {GAME_FILE} in this game folder", Location(display_path(folder)))
    doc = load_yaml(game_file, root)
    if not isinstance(doc.data, dict):
        raise CardgenError("game.yaml must be a mapping of keys", doc.location([]))
    game: Game = validate_yaml(Game, doc)
    errors = ErrorCollector()
    if game.id != folder.name:
        errors.add(
            f'game id "{game.id}" differs from its folder name "{folder.name}"',
            doc.location(["id"]),
        )
    _check_references(game, doc, errors)
    errors.raise_if_any()
    if game.pool:
        pool_path = folder / game.pool
        if root is not None:
            try:
                check_inside(pool_path, root)
            except CardgenError as exc:
                raise CardgenError(
                    f"pool {game.pool}: {exc.problem}", doc.location(["pool"])
                ) from None
    else:
        found = [folder / name for name in POOL_FILES if (folder / name).exists()]
        if not found:
            sheets = [
                p.name for p in sorted(folder.glob("cards.*")) if p.suffix in SPREADSHEET_SUFFIXES
            ]
            hint = f" ({sheets[0]} is not read: export it as cards.csv)" if sheets else ""
            raise CardgenError(
                f"no card pool: expected one of {', '.join(POOL_FILES)}{hint}",
                Location(display_path(folder)),
            )
        pool_path = found[0]
    left_out: list[CardgenError] = []
    if partial:
        cards, left_out = load_pool_partial(pool_path, game, root)
    else:
        cards = load_pool(pool_path, game, root)
    return GamePack(
        game=game,
        folder=folder,
        doc=doc,
        cards=cards,
        pool_path=pool_path,
        root=root,
        left_out=left_out,
    )
