"""The card pool: a table of cards (CSV, XLSX, XLSM, ODS: a row per card) or a YAML list.

Every card is validated against its type's model; all problems are collected and raised
together, each at its file and line (CSV: the row's first line; a spreadsheet: the cell,
`cards.xlsx:Cards!C14`; YAML: the value's line). A value missing from a required field is
reported once per field and type, with how many cards and which rows lack it, not once a
card. Columns the game does not define are ignored with a note (`PoolLoad.notes`).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cardgen.errors import CardgenError, ErrorCollector, Location, Note, display_path, short
from cardgen.load.counts import yaml_count
from cardgen.load.delimited import read_csv
from cardgen.load.pool_rows import RowProblems
from cardgen.load.table import MAX_POOL_CARDS, PoolSource, Row, Table
from cardgen.load.workbook import WORKBOOK_SUFFIXES, read_workbook
from cardgen.load.yaml import YamlDocument, load_yaml
from cardgen.model.card import MAX_COPIES, Card, CardEntry, pool_models
from cardgen.model.game import Game
from cardgen.warm import current, kept

__all__ = ["MAX_POOL_CARDS", "PoolLoad", "card_label", "load_pool", "name_key", "read_pool"]

SPREADSHEET_SUFFIXES = (".xls", ".numbers")
"""Spreadsheet files cardgen does not read: they are saved as XLSX or exported as CSV."""
MAX_SHOWN = 20
"""Problems of one pool shown one by one; the rest are counted on one line."""
DELIMITED_SUFFIXES = (".csv", ".tsv", ".txt")
"""Pools read as separated values (Excel saves its tab-separated "Unicode text" as .txt)."""


def not_a_spreadsheet(path: Path, what: str = "CSV") -> None:
    """Refuse a spreadsheet file that cardgen does not read, with what to do instead: a
    deck list (`what` CSV) is text, a pool may also be an XLSX, XLSM or ODS workbook."""
    suffix = path.suffix.lower()
    if suffix in SPREADSHEET_SUFFIXES or (what == "CSV" and suffix in WORKBOOK_SUFFIXES):
        kind = suffix.lstrip(".").upper()
        instead = "save it as .xlsx, or " if what != "CSV" else ""
        raise CardgenError(
            f"{kind} files are not supported: {instead}export the sheet as CSV (File > Save"
            " as > CSV UTF-8) and use the .csv file",
            Location(display_path(path)),
        )


def card_label(name: object) -> str:
    """`card "Name": ` for a message, a long name cut short."""
    return f'card "{short(str(name))}": '


def name_key(name: str) -> str:
    """How card names are compared: case, curly quotes and runs of spaces do not matter, nor
    how accents are encoded (`Café` with `é` as one character or as `e` and U+0301, as
    macOS file names and some editors write it: both NFC once normalised)."""
    text = unicodedata.normalize("NFC", name)
    return " ".join(text.replace("’", "'").replace("‘", "'").split()).casefold()


def _read_yaml(
    path: Path, errors: ErrorCollector, root: Path | None = None
) -> tuple[list[Row], YamlDocument]:
    doc = load_yaml(path, root)
    data = doc.data
    base: list[str | int] = []
    if isinstance(data, dict) and "cards" in data:
        extra = sorted(set(data) - {"cards", "game"})
        if extra:
            errors.add(
                f'unknown key "{extra[0]}" (a pool file has `cards:` and optional `game:`)',
                doc.key_location([extra[0]]),
            )
        data = data["cards"]
        base = ["cards"]
    if not isinstance(data, list):
        errors.add("a card pool is a list of cards (or `cards:` holding one)", doc.location([]))
        return [], doc
    rows = []
    for index, item in enumerate(data):
        location = doc.location([*base, index])
        if not isinstance(item, dict):
            errors.add("each card is a mapping of field: value", location)
            continue
        if "copies" in item:
            loc = [*base, index, "copies"]
            copies = yaml_count(doc, loc, item["copies"], field="copies", low=0, high=MAX_COPIES)
            if isinstance(copies, str):
                label = card_label(item["name"]) if item.get("name") else ""
                errors.add(label + copies, doc.location(loc))
                continue
        rows.append((item, location))
    return rows, doc


@dataclass
class PoolLoad:
    """A pool file's cards, how the file was read, and the notes of reading it."""

    cards: list[Card]
    source: PoolSource
    notes: list[Note] = field(default_factory=list)


def _read_table(
    path: Path,
    game: Game,
    sheet: str | None,
    errors: ErrorCollector,
    notes: list[Note],
    root: Path | None,
) -> tuple[Table, YamlDocument | None]:
    suffix = path.suffix.lower()
    not_a_spreadsheet(path, "pool")
    if suffix in WORKBOOK_SUFFIXES:
        return read_workbook(path, sheet, game, errors, notes, root), None
    if suffix in (".yaml", ".yml"):
        rows, doc = _read_yaml(path, errors, root)
        return Table(PoolSource(display_path(path), "yaml"), rows), doc
    if suffix in DELIMITED_SUFFIXES:
        return read_csv(path, game, errors, notes, root), None
    raise CardgenError(
        "a card pool is a .csv, .tsv, .yaml, .xlsx, .xlsm or .ods file",
        Location(display_path(path)),
    )


def read_pool(
    path: Path, game: Game, root: Path | None = None, *, sheet: str | None = None
) -> PoolLoad:
    """Load and validate every card of the pool file (of its sheet `sheet`, or its first,
    for a workbook); raise all problems together, the first MAX_SHOWN one by one.

    With `root`, a pool file outside that folder (through `..` or a symlink) is refused."""
    load, errors = read_pool_partial(path, game, root, sheet=sheet)
    collected = ErrorCollector()
    collected.extend(errors)
    collected.raise_if_any(limit=MAX_SHOWN, where=Location(load.source.path))
    return load


def read_pool_partial(
    path: Path, game: Game, root: Path | None = None, *, sheet: str | None = None
) -> tuple[PoolLoad, list[CardgenError]]:
    """The cards of the pool file that load, and every problem of the rest (`build
    --keep-going` leaves those cards out). A file that cannot be read at all still raises."""
    errors = ErrorCollector()
    notes: list[Note] = []
    table, doc = _read_table(path, game, sheet, errors, notes, root)
    models = kept("pool models", game, lambda: pool_models(game))
    problems = RowProblems(game, table, doc, errors)
    warm = _WarmRows(kept("pool rows", game, dict) if current() is not None else None)
    cards: list[Card] = []
    seen: dict[str, Location] = {}
    for index, (row, location) in enumerate(table.rows):
        type_id = row.get("type")
        if not isinstance(type_id, str) or type_id not in models:
            problems.unknown_type(type_id, index, location, models)
            continue
        key = warm.key(row, location)
        held = warm.held(key)
        if held is None:
            held = _row_card(row, index, location, type_id, models[type_id], problems)
        if held is None or not _unique(held[1], location, seen, errors):
            continue
        warm.keep(key, held)
        cards.append(held[0])
    warm.close()
    problems.report_missing()
    return PoolLoad(cards, table.source, _capped(notes, table.source)), errors.unique()


HeldRow = tuple[Card, str]
"""A row's card and its name as written (duplicate names are told by it)."""


@dataclass
class _WarmRows:
    """Each row's card by the row's cells and place, kept while game.yaml holds
    (`cardgen.warm`): a row read before is not validated again. `known` is None outside a
    warm process; only the rows of this version of the file are kept (`close`)."""

    known: dict[tuple[Any, ...], HeldRow] | None
    now: dict[tuple[Any, ...], HeldRow] = field(default_factory=dict)

    def key(self, row: dict[str, Any], location: Location) -> tuple[Any, ...] | None:
        """The row's key while rows are kept, else None."""
        return _row_key(row, location) if self.known is not None else None

    def held(self, key: tuple[Any, ...] | None) -> HeldRow | None:
        """The card a row of the same key made before, if one did."""
        return self.known.get(key) if self.known is not None and key is not None else None

    def keep(self, key: tuple[Any, ...] | None, held: HeldRow) -> None:
        """Keep a row's card for the next read of the file."""
        if key is not None:
            self.now[key] = held

    def close(self) -> None:
        """Keep the rows of this read only, in place of those of the last."""
        if self.known is not None:
            self.known.clear()
            self.known.update(self.now)


def _row_card(
    row: dict[str, Any],
    index: int,
    location: Location,
    type_id: str,
    model: type[CardEntry],
    problems: RowProblems,
) -> HeldRow | None:
    """The card of a row its type's model accepts, with its name as written; None for a row
    it refuses (its problems collected)."""
    try:
        entry = model.model_validate(row)
    except ValidationError as exc:
        label = card_label(row["name"]) if row.get("name") else ""
        problems.invalid(exc, label, index, location, type_id, model)
        return None
    return _to_card(entry, location), entry.name


def _capped(notes: list[Note], source: PoolSource) -> list[Note]:
    """The first MAX_SHOWN notes and one that counts the rest."""
    if len(notes) <= MAX_SHOWN:
        return notes
    rest = len(notes) - MAX_SHOWN
    return [*notes[:MAX_SHOWN], Note(f"... and {rest:,} more notes", Location(source.path))]


PLAIN = (str, int, float, bool, type(None))
"""The cell values a row's key holds as they are."""


def _row_key(row: dict[str, Any], location: Location) -> tuple[Any, ...] | None:
    """What a row's card follows from: its cells (with their types) and its place; None for
    a row holding more than plain values (a YAML row's lists), validated afresh."""
    cells = []
    for name, value in row.items():
        if type(value) not in PLAIN:
            return None
        cells.append((name, type(value).__name__, value))
    return (location, *cells)


def _unique(
    name: str, location: Location, seen: dict[str, Location], errors: ErrorCollector
) -> bool:
    """Whether the card `name` of the row at `location` is the first of that name
    (`seen`); an error if not."""
    key = name_key(name)
    if key in seen:
        errors.add(f'duplicate card name "{name}" (first defined at {seen[key]})', location)
        return False
    seen[key] = location
    return True


def load_pool(path: Path, game: Game, root: Path | None = None) -> list[Card]:
    """The cards of a pool file (see `read_pool`)."""
    return read_pool(path, game, root).cards


def _to_card(entry: CardEntry, location: Location) -> Card:
    common = set(CardEntry.model_fields)
    fields = {
        k: (list(map(list, v)) if isinstance(v, list) else v)
        for k, v in entry.model_dump().items()
        if k not in common and v is not None
    }
    return Card(
        name=entry.name.strip(),
        type=entry.type,
        copies=entry.copies,
        text=entry.text,
        art=entry.art,
        lint_ignore=tuple(entry.lint_ignore),
        fields=fields,
        source_path=location.path,
        source_line=location.line,
        source_sheet=location.sheet,
        source_col=location.col if location.sheet is not None else None,
    )
