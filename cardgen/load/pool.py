"""The card pool: `cards.csv` (a row per card) or `cards.yaml` (a list of mappings).

Every card is validated against its type's model; all problems are collected and raised
together, each at its file and line (CSV: the row's first line; YAML: the value's line).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cardgen.errors import CardgenError, ErrorCollector, Location, display_path
from cardgen.load.text import read_text
from cardgen.load.validation import did_you_mean, friendly
from cardgen.load.yaml import YamlDocument, load_yaml
from cardgen.model.card import Card, CardEntry, pool_models
from cardgen.model.game import Game

MAX_POOL_CARDS = 100_000
SPREADSHEET_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".ods", ".numbers")
"""Spreadsheet files cardgen does not read: they are exported as CSV instead."""


def not_a_spreadsheet(path: Path) -> None:
    """Refuse a spreadsheet file with what to do instead (cardgen reads CSV, not XLSX)."""
    if path.suffix.lower() in SPREADSHEET_SUFFIXES:
        kind = path.suffix.lower().lstrip(".").upper()
        raise CardgenError(
            f"{kind} files are not supported: export the sheet as CSV (File > Save as >"
            " CSV UTF-8) and use the .csv file",
            Location(display_path(path)),
        )


def card_label(name: object) -> str:
    """`card "Name": ` for a message, a long name cut short."""
    text = str(name)
    return f'card "{text[:60]}{"..." if len(text) > 60 else ""}": '


def name_key(name: str) -> str:
    """How card names are compared: case, curly quotes and runs of spaces do not matter."""
    return " ".join(name.replace("’", "'").replace("‘", "'").split()).casefold()


def _parse_hexes(value: str) -> list[tuple[int, int]] | str:
    """`0,1;1,0` -> [(0, 1), (1, 0)]; anything malformed is returned as is for the model."""
    pairs: list[tuple[int, int]] = []
    for part in value.replace(" ", "").split(";"):
        if not part:
            continue
        bits = part.split(",")
        if len(bits) != 2:
            return value
        try:
            pairs.append((int(bits[0]), int(bits[1])))
        except ValueError:
            return value
    return pairs


def _csv_value(game: Game, column: str, value: str) -> Any:
    spec = game.field_spec(column)
    if column == "lint_ignore":
        return [c for c in value.replace(",", ";").replace(" ", ";").split(";") if c]
    if spec is not None and spec.type == "hexes":
        return _parse_hexes(value)
    return value


def _read_csv(
    path: Path, game: Game, errors: ErrorCollector, root: Path | None = None
) -> list[tuple[dict[str, Any], Location]]:
    shown = display_path(path)
    text = read_text(path, root=root)
    rows: list[tuple[dict[str, Any], Location]] = []
    reader = csv.reader(io.StringIO(text), strict=True)
    try:
        header = next(reader)
    except (StopIteration, csv.Error) as exc:
        errors.add(f"cannot read the CSV header: {exc}", Location(shown, 1))
        return rows
    header = [h.strip() for h in header]
    known = game.field_names() | {"art", "lint_ignore"}
    for separator, called in (("\t", "tab"), (";", "semicolon")):
        if len(header) == 1 and separator in header[0]:
            errors.add(
                f"the columns are separated by {called}s; cardgen reads comma-separated CSV"
                " (export the sheet as CSV UTF-8, comma-delimited)",
                Location(shown, 1),
            )
            return rows
    for index, column in enumerate(header):
        if not column:
            errors.add(f"column {index + 1} has no name", Location(shown, 1))
        elif column not in known:
            errors.add(
                f'unknown column "{column}"{did_you_mean(column, sorted(known))}',
                Location(shown, 1),
            )
    if len(set(header)) != len(header):
        dupes = sorted({h for h in header if header.count(h) > 1})
        errors.add(f"duplicate column: {', '.join(dupes)}", Location(shown, 1))
    if errors:
        return rows
    previous_end = reader.line_num
    try:
        for record in reader:
            start = previous_end + 1
            previous_end = reader.line_num
            if not any(cell.strip() for cell in record):
                continue
            if len(record) > len(header):
                errors.add(
                    f"row has {len(record)} cells; the header has {len(header)}"
                    " (put text with commas in double quotes)",
                    Location(shown, start),
                )
                continue
            row = {
                column: _csv_value(game, column, cell.strip())
                for column, cell in zip(header, record, strict=False)
                if cell.strip() != ""
            }
            rows.append((row, Location(shown, start)))
            if len(rows) > MAX_POOL_CARDS:
                errors.add(f"more than {MAX_POOL_CARDS:,} cards", Location(shown, start))
                break
    except csv.Error as exc:
        errors.add(f"malformed CSV: {exc}", Location(shown, reader.line_num))
    return rows


def _read_yaml(
    path: Path, errors: ErrorCollector, root: Path | None = None
) -> tuple[list[tuple[dict[str, Any], Location]], YamlDocument]:
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
        rows.append((item, location))
    return rows, doc


def load_pool(path: Path, game: Game, root: Path | None = None) -> list[Card]:
    """Load and validate every card of the pool file; raise all problems together.

    With `root`, a pool file outside that folder (through `..` or a symlink) is refused."""
    cards, errors = load_pool_partial(path, game, root)
    collected = ErrorCollector()
    collected.extend(errors)
    collected.raise_if_any()
    return cards


def load_pool_partial(
    path: Path, game: Game, root: Path | None = None
) -> tuple[list[Card], list[CardgenError]]:
    """The cards of the pool file that load, and every problem of the rest (`build
    --keep-going` leaves those cards out). A file that cannot be read at all still raises."""
    errors = ErrorCollector()
    doc: YamlDocument | None = None
    not_a_spreadsheet(path)
    if path.suffix.lower() == ".csv":
        rows = _read_csv(path, game, errors, root)
    elif path.suffix.lower() in (".yaml", ".yml"):
        rows, doc = _read_yaml(path, errors, root)
    else:
        errors.add("a card pool is a .csv or .yaml file", Location(display_path(path)))
        rows = []
    models = pool_models(game)
    cards: list[Card] = []
    seen: dict[str, Location] = {}
    base = ["cards"] if doc is not None and isinstance(doc.data, dict) else []
    for index, (row, location) in enumerate(rows):
        type_id = row.get("type")
        if not isinstance(type_id, str) or type_id not in models:
            if type_id is None:
                errors.add('missing "type"', location)
            else:
                errors.add(
                    f'unknown card type "{type_id}"{did_you_mean(str(type_id), models)}',
                    _field_location(doc, [*base, index, "type"], location),
                )
            continue
        model = models[type_id]
        try:
            entry = model.model_validate(row)
        except ValidationError as exc:
            for error in exc.errors():
                loc = error["loc"]
                where = _field_location(
                    doc, [*base, index, *loc], location, key=error["type"] == "extra_forbidden"
                )
                label = card_label(row["name"]) if row.get("name") else ""
                message = friendly(error, list(model.model_fields))
                if error["type"] == "extra_forbidden":
                    message = (
                        f'"{loc[-1]}" is not a field of type {type_id}'
                        f"{did_you_mean(str(loc[-1]), list(model.model_fields))}"
                    )
                errors.add(label + message, where)
            continue
        key = name_key(entry.name)
        if key in seen:
            errors.add(
                f'duplicate card name "{entry.name}" (first defined at {seen[key]})', location
            )
            continue
        seen[key] = location
        cards.append(_to_card(entry, location))
    return cards, errors.unique()


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
    )
