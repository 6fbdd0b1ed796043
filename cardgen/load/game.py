"""Loading a game folder: `game.yaml`, its card pool (with the art found by each card's
name, `load.art_convention`), and cross-checks between them."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from cardgen.errors import CardgenError, ErrorCollector, Location, Note, display_path, short
from cardgen.fuzzy import closest, did_you_mean
from cardgen.load import GAME_FILE
from cardgen.load.art_convention import ArtOrigin, with_art_by_name
from cardgen.load.counts import check_game_counts
from cardgen.load.pool import SPREADSHEET_SUFFIXES, name_key, read_pool, read_pool_partial
from cardgen.load.table import PoolSource
from cardgen.load.text import check_inside
from cardgen.load.validation import validate_yaml
from cardgen.load.workbook import UnknownSheet, split_pool
from cardgen.load.yaml import YamlDocument, load_yaml
from cardgen.model.card import Card
from cardgen.model.components import CounterComponent
from cardgen.model.deck import UNKNOWN_SHOWN, Deck, DeckEntry, more_unknown
from cardgen.model.game import Game
from cardgen.warm import current

POOL_FILES = (
    "cards.yaml",
    "cards.yml",
    "cards.csv",
    "cards.tsv",
    "cards.xlsx",
    "cards.xlsm",
    "cards.ods",
)
"""The pool files found in a game folder without `pool:` in game.yaml, first found first."""


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
    source: PoolSource | None = None
    """How the pool file was read (format, a CSV's separator and encoding, the sheet)."""
    notes: list[Note] = field(default_factory=list)
    """What loading noticed that is not an error (an ignored column, a guessed encoding)."""
    left_out: list[CardgenError] = field(default_factory=list)
    """Loaded `partial`: the problems of the pool's cards that did not load (left out)."""
    art: dict[str, ArtOrigin] = field(default_factory=dict)
    """Card name -> where its art comes from: its cell, `art/` by its name, or nowhere."""
    _by_key: dict[str, Card] = field(default_factory=dict, repr=False)
    _by_name: dict[str, Card] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._by_key = {name_key(card.name): card for card in self.cards}
        self._by_name = {card.name: card for card in self.cards}

    @property
    def id(self) -> str:
        """The game's id (its folder name under decks/)."""
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

    def entries_of(self, deck: Deck) -> Iterator[tuple[DeckEntry, Card | None]]:
        """Each line of a deck list with its pool card (None: not in the pool). A line that
        is a card's whole name is that card once, though it reads as a count and a name
        (`Agent X2`, `3 Wishes`)."""
        for entry in deck.entries:
            if entry.whole is not None:
                card = self.find(entry.whole[0])
                if card is not None:
                    text, col = entry.whole
                    yield DeckEntry(text, 1, entry.line, col, entry.section), card
                    continue
            yield entry, self.find(entry.name)

    def deck_counts(self, deck: Deck) -> dict[str, int]:
        """Card name -> copies in a deck list; every unknown name is an error (exit 2) at its
        line, with the pool card it most likely means (the first UNKNOWN_SHOWN, then one
        error counting the rest)."""
        counts: dict[str, int] = {}
        errors = ErrorCollector()
        names = [card.name for card in self.cards]
        unknown: list[DeckEntry] = []
        for entry, card in self.entries_of(deck):
            if card is None:
                unknown.append(entry)
                continue
            counts[card.name] = counts.get(card.name, 0) + entry.count
        for entry in unknown[:UNKNOWN_SHOWN]:
            hint = closest(entry.name, names)
            meant = f'; did you mean "{hint}"?' if hint else ""
            errors.add(
                f'unknown card "{short(entry.name)}"{meant}',
                Location(deck.path, entry.line, entry.col),
            )
        if len(unknown) > UNKNOWN_SHOWN:
            first = unknown[UNKNOWN_SHOWN]
            errors.add(
                more_unknown(len(unknown) - UNKNOWN_SHOWN),
                Location(deck.path, first.line, first.col),
            )
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
    """Every selector in game.yaml (`where`, `target`, `when`, `exempt`, `deal_from`,
    `start_from`)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in (
                "where",
                "target",
                "when",
                "exempt",
                "deal_from",
                "start_from",
            ) and isinstance(value, dict):
                yield [*path, key], value
            else:
                yield from _selectors(value, [*path, key])
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _selectors(value, [*path, index])


def matchup_problems(game: Game) -> list[tuple[list[str | int], str]]:
    """What in `duel` and `overpower` names no field of the right kind: (yaml path, message)."""
    problems: list[tuple[list[str | int], str]] = []
    if game.duel is not None:
        for index, stat in enumerate(game.duel.stats):
            spec = game.field_spec(stat)
            if spec is None:
                problems.append((["duel", "stats", index], f'unknown field "{stat}"'))
            elif spec.type != "int":
                problems.append(
                    (["duel", "stats", index], f'a duel is fought on int fields; "{stat}" is not')
                )
    if game.overpower is not None:
        spec = game.field_spec(game.overpower.field)
        if spec is None or spec.type != "choice":
            problems.append(
                (["overpower", "field"], f'"{game.overpower.field}" is not a choice field')
            )
        else:
            allowed = game.choice_values(game.overpower.field)
            for index, value in enumerate(game.overpower.cycle):
                if value not in allowed:
                    problems.append(
                        (
                            ["overpower", "cycle", index],
                            f'"{value}" is not a value of {game.overpower.field}'
                            f" ({', '.join(map(str, allowed))})",
                        )
                    )
    return problems


def _check_references(game: Game, doc: YamlDocument, errors: ErrorCollector) -> None:
    """Selectors and field names in rules must name types and fields that exist."""
    fields = game.field_names()
    for path, message in matchup_problems(game):
        errors.add(message, doc.location(path))
    for path, selector in _selectors(doc.data, []):
        _check_selector(game, doc, path, selector, fields, errors)
    for use in _field_uses(game, doc):
        name = str(use.name)
        if use.name not in fields:
            errors.add(f'unknown field "{name}"{did_you_mean(name, sorted(fields))}', use.where)
        elif use.choice and not _is_choice(game, name):
            errors.add(f'a grid crosses choice fields; "{use.name}" is not one', use.where)


def _check_selector(
    game: Game,
    doc: YamlDocument,
    path: list[str | int],
    selector: dict[str, Any],
    fields: set[str],
    errors: ErrorCollector,
) -> None:
    """A selector's keys must be fields, and the types its `type` names must exist."""
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
                    errors.add(f'unknown card type "{type_id}"{hint}', doc.location([*path, key]))


class _FieldUse(NamedTuple):
    """A field a rule names (as written: a deck rule's may be no string), where, and whether
    it must be a choice field (a grid's)."""

    name: object
    where: Location
    choice: bool = False


def _field_uses(game: Game, doc: YamlDocument) -> Iterator[_FieldUse]:
    """Every field game.yaml's rules name outside selectors, in the file's order: deck
    rules' `group_by` and `key`, setup piles' `group_by`, counters' `start_field`, the
    fields a grid check crosses and a check's `field`."""
    for index, rule in enumerate(doc.data.get("deck_rules", []) or []):
        for key in ("group_by", "key"):
            if isinstance(rule, dict) and key in rule:
                yield _FieldUse(rule[key], doc.location(["deck_rules", index, key]))
    for index, pile in enumerate(game.setup.piles):
        if pile.group_by is not None:
            yield _FieldUse(pile.group_by, doc.location(["setup", "piles", index, "group_by"]))
    for index, component in enumerate(game.components):
        if isinstance(component, CounterComponent) and component.start_field is not None:
            where = doc.location(["components", index, "start_field"])
            yield _FieldUse(component.start_field, where)
    for index, check in enumerate(game.checks):
        for position, name in enumerate(getattr(check, "fields", [])):
            yield _FieldUse(name, doc.location(["checks", index, "fields", position]), True)
    for index, check in enumerate(doc.data.get("checks", []) or []):
        if isinstance(check, dict) and "field" in check:
            yield _FieldUse(check["field"], doc.location(["checks", index, "field"]))


def _is_choice(game: Game, name: str) -> bool:
    spec = game.field_spec(name)
    return spec is not None and spec.type == "choice"


def _game_file(
    folder: Path, root: Path | None
) -> tuple[Game, YamlDocument, Path, str | None, list[Note]]:
    """`folder/game.yaml` loaded and checked: the game, its document, its pool file and
    sheet, and the notes of finding the pool."""
    game_file = folder / GAME_FILE
    if not game_file.exists():
        raise CardgenError(f"no {GAME_FILE} in this game folder", Location(display_path(folder)))
    doc = load_yaml(game_file, root)
    if not isinstance(doc.data, dict):
        raise CardgenError("game.yaml must be a mapping of keys", doc.location([]))
    errors = ErrorCollector()
    check_game_counts(doc, errors)
    errors.raise_if_any()
    game: Game = validate_yaml(Game, doc)
    if game.id != folder.name:
        errors.add(
            f'game id "{game.id}" differs from its folder name "{folder.name}"',
            doc.location(["id"]),
        )
    _check_references(game, doc, errors)
    errors.raise_if_any()
    pool_path, sheet, notes = _pool_file(game, doc, folder, root)
    return game, doc, pool_path, sheet, notes


def load_game(folder: Path, root: Path | None = None, *, partial: bool = False) -> GamePack:
    """Load `folder/game.yaml` and its card pool, or raise every problem with its line.
    `partial`: the cards of the pool that load, the others' problems in `left_out`.

    With `root` (the project folder), game.yaml and the pool must lie inside it once `..`
    and symlinks are followed."""
    warm = current()
    held = warm.slot("game").get((folder, root)) if warm is not None else None
    if held is None or not held[2].exists():  # a pool gone: said as a first load says it
        held = _game_file(folder, root)
        if warm is not None:  # the pool is read again each build: its rows are keyed
            warm.slot("game")[(folder, root)] = held
            warm.volatile.add(os.path.realpath(held[2]))
            warm.volatile_folders.add(os.path.realpath(folder / "decks"))  # the deck lists
    game, doc, pool_path, sheet, notes = held
    notes = list(notes)
    left_out: list[CardgenError] = []
    try:
        if partial:
            loaded, left_out = read_pool_partial(pool_path, game, root, sheet=sheet)
        else:
            loaded = read_pool(pool_path, game, root, sheet=sheet)
    except UnknownSheet as exc:
        raise CardgenError(f"pool {game.pool}: {exc.problem}", doc.location(["pool"])) from None
    cards, art = with_art_by_name(loaded.cards, folder)
    return GamePack(
        game=game,
        folder=folder,
        doc=doc,
        cards=cards,
        pool_path=pool_path,
        root=root,
        source=loaded.source,
        notes=notes + loaded.notes,
        left_out=left_out,
        art=art,
    )


def _pool_file(
    game: Game, doc: YamlDocument, folder: Path, root: Path | None
) -> tuple[Path, str | None, list[Note]]:
    """The pool file (`pool:` in game.yaml, else the first of POOL_FILES), its sheet, and
    a note when another pool file beside it is not read."""
    if game.pool:
        file, sheet = split_pool(game.pool)
        pool_path = folder / file
        if root is not None:
            try:
                check_inside(pool_path, root)
            except CardgenError as exc:
                raise CardgenError(
                    f"pool {game.pool}: {exc.problem}", doc.location(["pool"])
                ) from None
        if not pool_path.exists():
            files = [p.name for p in folder.glob("cards.*")]
            raise CardgenError(
                f"pool {file}: no such file in {display_path(folder)}{did_you_mean(file, files)}",
                doc.location(["pool"]),
            )
        return pool_path, sheet, []
    found = [folder / name for name in POOL_FILES if (folder / name).exists()]
    if not found:
        sheets = [
            p.name
            for p in sorted(folder.glob("cards.*"))
            if p.suffix.lower() in SPREADSHEET_SUFFIXES
        ]
        hint = (
            f" ({sheets[0]} is not read: save it as cards.xlsx, or export cards.csv)"
            if sheets
            else ""
        )
        raise CardgenError(
            f"no card pool: expected one of {', '.join(POOL_FILES)}{hint}",
            Location(display_path(folder)),
        )
    notes = [
        Note(
            f"{other.name} is not read: {found[0].name} comes first (name the pool with"
            " `pool:` in game.yaml to choose)",
            Location(display_path(other)),
        )
        for other in found[1:]
    ]
    return found[0], None, notes
