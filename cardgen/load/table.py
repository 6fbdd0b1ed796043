"""A card pool as a table (a CSV file or a spreadsheet's sheet): the header matched to the
game's fields, and each row turned into a card's values with the cell each came from.

Headers match whatever their case, surrounding spaces, or spaces and hyphens for
underscores (` Signed Bonus ` is `signed_bonus`). A column the game does not define (a
`notes` column) is ignored with one note, or is an error with `strict_columns: true`;
columns with an empty header are ignored (Excel and Google Sheets export blank trailing
columns), with a note when some of their cells hold a value.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardgen.errors import ErrorCollector, Location, Note, column_letters
from cardgen.fuzzy import did_you_mean
from cardgen.model.game import Game

MAX_POOL_CARDS = 100_000
MAX_POOL_COLUMNS = 1_000
"""More columns than this is no card pool (a runaway export): refused before reading on."""
SEPARATOR_NAMES = {",": "comma", ";": "semicolon", "\t": "tab"}
EXTRA_COLUMNS = frozenset({"art", "lint_ignore"})
"""Columns every pool may have besides the game's fields."""

Row = tuple[dict[str, Any], Location]
"""A card's values as written, and where its row is (a sheet: its name cell)."""


@dataclass(frozen=True, slots=True)
class PoolSource:
    """What a pool file is and how it was read: its format, a CSV's separator and
    encoding, a spreadsheet's sheet."""

    path: str
    format: str
    separator: str | None = None
    encoding: str | None = None
    sheet: str | None = None
    columns: dict[str, int] = field(default_factory=dict, compare=False)
    """A spreadsheet's field -> 1-based column (to name the cell of a card's field)."""

    def at(self, where: Location, name: str) -> Location:
        """Field `name`'s cell in the spreadsheet row at `where` (else `where` itself)."""
        col = self.columns.get(name)
        if where.sheet is None or col is None:
            return where
        return Location(where.path, where.line, col, where.sheet)

    def as_json(self) -> dict[str, Any]:
        """How the pool was read, for a command's JSON document."""
        return {
            "path": self.path,
            "format": self.format,
            "separator": self.separator,
            "encoding": self.encoding,
            "sheet": self.sheet,
        }

    def describe(self) -> str:
        """`cards.csv: CSV separated by semicolons (;), encoding utf-8`."""
        text = f"{self.path}: {self.format.upper()}"
        if self.sheet is not None:
            text += f', sheet "{self.sheet}"'
        if self.separator is not None:
            name = SEPARATOR_NAMES.get(self.separator, repr(self.separator))
            shown = "\\t" if self.separator == "\t" else self.separator
            text += f" separated by {name}s ({shown})"
        if self.encoding is not None:
            text += f", encoding {self.encoding}"
        return text


def header_key(cell: object) -> str:
    """How a header cell is matched to a field name: ` Signed Bonus ` -> `signed_bonus`."""
    return "_".join(str(cell).replace("-", " ").split()).casefold()


def known_columns(game: Game) -> set[str]:
    """Every column a pool of this game may have."""
    return game.field_names() | EXTRA_COLUMNS


@dataclass
class Columns:
    """The header of a table: which column holds which field, and what is ignored."""

    fields: dict[int, str]
    """0-based column -> field name, for the columns the game defines."""
    ignored: dict[int, str] = field(default_factory=dict)
    """0-based column -> its header, for columns the game does not define."""
    blank: set[int] = field(default_factory=set)
    """0-based columns with an empty header (their values are ignored)."""
    width: int = 0
    """Cells in the header row, blank trailing ones included."""

    def index(self, name: str) -> int | None:
        """The 0-based column holding field `name`, if the table has one."""
        for index, known in self.fields.items():
            if known == name:
                return index
        return None


@dataclass
class Table:
    """A pool read as rows: how it was read, each row's values and where they are."""

    source: PoolSource
    rows: list[Row] = field(default_factory=list)
    columns: Columns | None = None
    """The header (None for a YAML pool, or a header that could not be read)."""
    header: Location | None = None
    """Where the header row is."""
    failed: set[Location] = field(default_factory=set)
    """Cells already reported (a formula's error): their value is not missing as well."""

    def at(self, where: Location, name: str) -> Location:
        """Field `name`'s cell in the row at `where` (CSV and YAML: that row)."""
        return self.source.at(where, name)


def match_header(
    cells: Sequence[object],
    game: Game,
    where: Callable[[int], Location],
    errors: ErrorCollector,
    notes: list[Note],
) -> Columns | None:
    """Match a header row to the game's fields; None (with the errors) when it cannot be
    read on: too many columns, two columns for one field, or (with `strict_columns`)
    columns the game does not define. `where(i)` is the location of header cell `i`."""
    if len(cells) > MAX_POOL_COLUMNS:
        errors.add(
            f"{len(cells):,} columns: a card pool has at most {MAX_POOL_COLUMNS:,}"
            " (is this the right file?)",
            where(MAX_POOL_COLUMNS),
        )
        return None
    known = known_columns(game)
    columns = Columns(fields={}, width=len(cells))
    taken: dict[str, int] = {}
    for index, cell in enumerate(cells):
        text = " ".join(str(cell).split())
        key = header_key(cell)
        if not key:
            columns.blank.add(index)
        elif key in known:
            if key in taken:
                first = column_letters(taken[key] + 1)
                errors.add(
                    f"duplicate column: {key} (columns {first} and {column_letters(index + 1)})",
                    where(index),
                )
            taken[key] = index
            columns.fields[index] = key
        else:
            columns.ignored[index] = text
    for index, text in columns.ignored.items():
        hint = did_you_mean(header_key(text), sorted(known - set(taken)))
        if game.strict_columns:
            errors.add(
                f'unknown column "{text}"{hint} (strict_columns is on in game.yaml)', where(index)
            )
        else:
            notes.append(
                Note(f'column "{text}" is not a field of {game.id}: ignored{hint}', where(index))
            )
    return None if errors else columns


def blank_column_notes(
    columns: Columns,
    used: set[int],
    game: Game,
    where: Callable[[int], Location],
    errors: ErrorCollector,
    notes: list[Note],
) -> None:
    """A column with no header whose cells hold values: its values are ignored (a note),
    or an error with `strict_columns`."""
    for index in sorted(used & columns.blank):
        message = f"column {column_letters(index + 1)} has no header: its values are ignored"
        if game.strict_columns:
            errors.add(f"{message} (strict_columns is on in game.yaml)", where(index))
        else:
            notes.append(Note(message, where(index)))


def parse_hexes(value: str) -> list[tuple[int, int]] | str:
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


def text_value(game: Game, column: str, value: str) -> Any:
    """A cell's text as the field reads it (lists for `lint_ignore` and `hexes` fields)."""
    if column == "lint_ignore":
        return [c for c in value.replace(",", ";").replace(" ", ";").split(";") if c]
    spec = game.field_spec(column)
    if spec is not None and spec.type == "hexes":
        return parse_hexes(value)
    return value


def sheet_value(game: Game, column: str, value: object) -> Any:
    """A spreadsheet cell's value as the field reads it, or None for an empty cell.

    Spreadsheets hold every number as a float: a whole `3.0` is 3 (in an int field, and
    as the text `3` in a text field); `3.5` stays 3.5, so an int field refuses it. A
    TRUE/FALSE cell is a bool for a bool field and the word elsewhere; a date is written
    `2024-05-01`, a time `14:30:00`."""
    spec = game.field_spec(column)
    kind = "int" if column == "copies" else spec.type if spec is not None else "text"
    if isinstance(value, bool):
        return value if kind == "bool" else ("TRUE" if value else "FALSE")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int | float):
        if kind == "int" or (kind == "choice" and spec is not None and value in spec.choices):
            return value
        return text_value(game, column, str(value))
    if isinstance(value, datetime.datetime):
        return value.isoformat(sep=" ")
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    text = str(value).strip()
    return text_value(game, column, text) if text else None
