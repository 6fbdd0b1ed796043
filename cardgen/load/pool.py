"""The card pool: a table of cards (CSV, XLSX, XLSM, ODS: a row per card) or a YAML list.

Every card is validated against its type's model; all problems are collected and raised
together, each at its file and line (CSV: the row's first line; a spreadsheet: the cell,
`cards.xlsx:Cards!C14`; YAML: the value's line). A value missing from a required field is
reported once per field and type, with how many cards and which rows lack it, not once a
card. Columns the game does not define are ignored with a note (`PoolLoad.notes`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cardgen.errors import CardgenError, ErrorCollector, Location, Note, display_path, short
from cardgen.fuzzy import closest, did_you_mean
from cardgen.load.counts import yaml_count
from cardgen.load.delimited import read_csv
from cardgen.load.table import MAX_POOL_CARDS, PoolSource, Row, Table, header_key
from cardgen.load.validation import friendly
from cardgen.load.workbook import WORKBOOK_SUFFIXES, read_workbook
from cardgen.load.yaml import YamlDocument, load_yaml
from cardgen.model.card import MAX_COPIES, Card, CardEntry, pool_models
from cardgen.model.game import RESERVED_FIELDS, Game
from cardgen.warm import current, kept

__all__ = ["MAX_POOL_CARDS", "PoolLoad", "card_label", "load_pool", "name_key", "read_pool"]

SPREADSHEET_SUFFIXES = (".xls", ".numbers")
"""Spreadsheet files cardgen does not read: they are saved as XLSX or exported as CSV."""
MAX_SHOWN = 20
"""Problems of one pool shown one by one; the rest are counted on one line."""
ROWS_SHOWN = 5
"""Rows named in a message about a whole column."""
DELIMITED_SUFFIXES = (".csv", ".tsv", ".txt")
"""Pools read as separated values (Excel saves its tab-separated "Unicode text" as .txt)."""
UNION_PARTS = frozenset({"constrained-int", "int", "str"})
"""Parts of a validation error's place that name a branch of a type, not a field."""


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
    rows_now: dict[tuple[Any, ...], tuple[Card, str]] = {}
    # each row's card, by the row's cells and place, while game.yaml holds (`cardgen.warm`)
    known: dict[tuple[Any, ...], tuple[Card, str]] | None = (
        kept("pool rows", game, dict) if current() is not None else None
    )
    cards: list[Card] = []
    seen: dict[str, Location] = {}
    missing: dict[tuple[str, str], list[Location]] = {}
    first_card: dict[tuple[str, str], str] = {}
    base = ["cards"] if doc is not None and isinstance(doc.data, dict) else []
    for index, (row, location) in enumerate(table.rows):
        type_id = row.get("type")
        if not isinstance(type_id, str) or type_id not in models:
            if type_id is None:
                errors.add('missing "type"', table.at(location, "type"))
            else:
                errors.add(
                    f'unknown card type "{type_id}"{did_you_mean(str(type_id), models)}',
                    _field_location(doc, [*base, index, "type"], table.at(location, "type")),
                )
            continue
        key = _row_key(row, location) if known is not None else None
        held = known.get(key) if known is not None and key is not None else None
        if held is not None and key is not None:
            if _unique(held[1], location, seen, errors):
                rows_now[key] = held
                cards.append(held[0])
            continue
        model = models[type_id]
        try:
            entry = model.model_validate(row)
        except ValidationError as exc:
            label = card_label(row["name"]) if row.get("name") else ""
            done: set[tuple[Any, ...]] = set()
            for error in exc.errors():
                loc = tuple(p for p in error["loc"] if p not in UNION_PARTS and "[" not in str(p))
                if loc in done:
                    continue  # an int field with `allow`: one message, not one per branch
                done.add(loc)
                if error["type"] == "missing" and len(loc) == 1:
                    cell = _field_location(doc, [*base, index], table.at(location, str(loc[0])))
                    if cell not in table.failed:
                        first_card.setdefault((type_id, str(loc[0])), label)
                        missing.setdefault((type_id, str(loc[0])), []).append(cell)
                    continue
                where = _field_location(
                    doc,
                    [*base, index, *loc],
                    table.at(location, str(loc[0])) if loc else location,
                    key=error["type"] == "extra_forbidden",
                )
                errors.add(label + _message(game, type_id, model, error, loc), where)
            continue
        if not _unique(entry.name, location, seen, errors):
            continue
        card = _to_card(entry, location)
        if key is not None:
            rows_now[key] = (card, entry.name)
        cards.append(card)
    if known is not None:  # only the rows of this version of the file are kept
        known.clear()
        known.update(rows_now)
    for (type_id, name), places in missing.items():
        label = first_card[(type_id, name)] if len(places) == 1 else ""
        message = _missing_message(table, type_id, name, places)
        errors.add(label + message, _missing_at(table, name, places))
    if len(notes) > MAX_SHOWN:
        rest = len(notes) - MAX_SHOWN
        notes = [
            *notes[:MAX_SHOWN],
            Note(f"... and {rest:,} more notes", Location(table.source.path)),
        ]
    return PoolLoad(cards, table.source, notes), errors.unique()


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


def _message(
    game: Game, type_id: str, model: type[CardEntry], error: Any, loc: tuple[Any, ...]
) -> str:
    """One validation error of a card as a message, with the way out for an int field."""
    if error["type"] == "extra_forbidden":
        return (
            f'"{loc[-1]}" is not a field of type {type_id}'
            f"{did_you_mean(str(loc[-1]), list(model.model_fields))}"
        )
    message = friendly({**error, "loc": loc}, list(model.model_fields))
    spec = game.types[type_id].fields.get(str(loc[0])) if loc else None
    if spec is None or spec.type != "int":
        return message
    if spec.allow:
        return message + f"; or one of {', '.join(repr(v) for v in spec.allow)}"
    value = error.get("input")
    if error["type"] == "int_parsing" and isinstance(value, str) and len(value) <= 20:
        return (
            message + f"; to allow it, add `allow: [{value!r}]` to the field in game.yaml"
            f" (types.{type_id}.fields.{loc[0]})"
        )
    return message


def _missing_at(table: Table, name: str, places: list[Location]) -> Location:
    if table.columns is not None and table.columns.index(name) is None and table.header:
        return table.header
    return places[0]


def _missing_message(table: Table, type_id: str, name: str, places: list[Location]) -> str:
    """One message for every card of a type that lacks a required field's value."""
    count = len(places)
    cards = f"{count:,} card{'s' if count != 1 else ''} of type {type_id}"
    fix = (
        f"`required: false` on types.{type_id}.fields.{name} in game.yaml"
        if name not in RESERVED_FIELDS
        else None
    )
    columns = table.columns
    if columns is not None and columns.index(name) is None:
        near = closest(name, [header_key(h) for h in columns.ignored.values()])
        hint = next(
            (
                f' (the column "{h}" is ignored: is it {name}?)'
                for h in columns.ignored.values()
                if near is not None and header_key(h) == near
            ),
            "",
        )
        return (
            f'no "{name}" column, and {cards} need{"s" if count == 1 else ""} it{hint}: add'
            " the column" + (f", or make the field optional with {fix}" if fix else "")
        )
    if table.columns is None:
        shown = ", ".join(str(p.line) for p in places[:ROWS_SHOWN])
        where = f"line{'s' if count != 1 else ''} {shown}"
    elif places[0].sheet is not None:
        where = f"cell{'s' if count != 1 else ''} " + ", ".join(
            str(p.cell) for p in places[:ROWS_SHOWN]
        )
    else:
        shown = ", ".join(str(p.line) for p in places[:ROWS_SHOWN])
        where = f"row{'s' if count != 1 else ''} {shown}"
    if count > ROWS_SHOWN:
        where += f" and {count - ROWS_SHOWN:,} more"
    them = "them" if count != 1 else "it"
    return f'"{name}" is empty for {cards} ({where}): fill {them} in' + (
        f", or make the field optional with {fix}" if fix else ""
    )


def _field_location(
    doc: YamlDocument | None, loc: Sequence[Any], fallback: Location, *, key: bool = False
) -> Location:
    if doc is None:
        return fallback
    return doc.key_location(list(loc)) if key else doc.location(list(loc))


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
