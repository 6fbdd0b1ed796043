"""The problems of a pool's rows that do not validate: each error of a card as a message at
its cell (a spreadsheet), its line (CSV) or its value's line (YAML), and a required field's
missing values gathered into one message per field and type that names the rows lacking it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from cardgen.errors import ErrorCollector, Location
from cardgen.fuzzy import closest, did_you_mean
from cardgen.load.table import Columns, Table, header_key
from cardgen.load.validation import friendly
from cardgen.load.yaml import YamlDocument
from cardgen.model.card import CardEntry
from cardgen.model.game import RESERVED_FIELDS, Game

ROWS_SHOWN = 5
"""Rows named in a message about a whole column."""
UNION_PARTS = frozenset({"constrained-int", "int", "str"})
"""Parts of a validation error's place that name a branch of a type, not a field."""

MissingKey = tuple[str, str]
"""A card type and one of its required fields."""


@dataclass
class RowProblems:
    """The problems of a pool's rows, collected row by row into `errors`; the missing values
    of a required field are held back and said once per field and type by `report_missing`."""

    game: Game
    table: Table
    doc: YamlDocument | None
    errors: ErrorCollector
    missing: dict[MissingKey, list[Location]] = field(default_factory=dict)
    """The cells (or lines) lacking each type's required field, in the order found."""
    first_card: dict[MissingKey, str] = field(default_factory=dict)
    """The label of the first card lacking it (named when it is the only one)."""

    def _path(self, index: int, *loc: Any) -> list[Any]:
        """The place of row `index`'s value `loc` in a YAML pool (under `cards:` if it has it)."""
        base = ["cards"] if self.doc is not None and isinstance(self.doc.data, dict) else []
        return [*base, index, *loc]

    def _at(self, loc: Sequence[Any], fallback: Location, *, key: bool = False) -> Location:
        """Where a YAML pool's value (or key) `loc` is; a table's cell `fallback`."""
        if self.doc is None:
            return fallback
        return self.doc.key_location(list(loc)) if key else self.doc.location(list(loc))

    def unknown_type(
        self, type_id: object, index: int, location: Location, types: Iterable[str]
    ) -> None:
        """A row without a `type`, or with one the game does not define."""
        cell = self.table.at(location, "type")
        if type_id is None:
            self.errors.add('missing "type"', cell)
            return
        self.errors.add(
            f'unknown card type "{type_id}"{did_you_mean(str(type_id), types)}',
            self._at(self._path(index, "type"), cell),
        )

    def invalid(
        self,
        exc: ValidationError,
        label: str,
        index: int,
        location: Location,
        type_id: str,
        model: type[CardEntry],
    ) -> None:
        """Each error of a row that its type's model refused, one message a field (an int
        field with `allow` fails once per branch of its type: said once)."""
        done: set[tuple[Any, ...]] = set()
        for error in exc.errors():
            loc = tuple(p for p in error["loc"] if p not in UNION_PARTS and "[" not in str(p))
            if loc in done:
                continue
            done.add(loc)
            if error["type"] == "missing" and len(loc) == 1:
                self._lacks(label, index, location, (type_id, str(loc[0])))
                continue
            where = self._at(
                self._path(index, *loc),
                self.table.at(location, str(loc[0])) if loc else location,
                key=error["type"] == "extra_forbidden",
            )
            self.errors.add(label + _message(self.game, type_id, model, error, loc), where)

    def _lacks(self, label: str, index: int, location: Location, missing: MissingKey) -> None:
        """Row `index` has no value for a required field: held back for `report_missing`
        (unless its cell already failed to read)."""
        cell = self._at(self._path(index), self.table.at(location, missing[1]))
        if cell not in self.table.failed:
            self.first_card.setdefault(missing, label)
            self.missing.setdefault(missing, []).append(cell)

    def report_missing(self) -> None:
        """One error per type and required field that some rows lack a value of."""
        for (type_id, name), places in self.missing.items():
            label = self.first_card[(type_id, name)] if len(places) == 1 else ""
            message = _missing_message(self.table, type_id, name, places)
            self.errors.add(label + message, _missing_at(self.table, name, places))


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


def _optional_fix(type_id: str, name: str) -> str:
    """`, or make the field optional with ...` for a field a game defines; empty for one
    every card has (`name`, `type`)."""
    if name in RESERVED_FIELDS:
        return ""
    return (
        f", or make the field optional with `required: false` on types.{type_id}.fields.{name}"
        " in game.yaml"
    )


def _missing_message(table: Table, type_id: str, name: str, places: list[Location]) -> str:
    """One message for every card of a type that lacks a required field's value."""
    count = len(places)
    cards = f"{count:,} card{'s' if count != 1 else ''} of type {type_id}"
    columns = table.columns
    if columns is not None and columns.index(name) is None:
        return (
            f'no "{name}" column, and {cards} need{"s" if count == 1 else ""} it'
            f"{_ignored_hint(columns, name)}: add the column" + _optional_fix(type_id, name)
        )
    them = "them" if count != 1 else "it"
    return f'"{name}" is empty for {cards} ({_rows_named(table, places)}): fill {them} in' + (
        _optional_fix(type_id, name)
    )


def _ignored_hint(columns: Columns, name: str) -> str:
    """` (the column "Powr" is ignored: is it power?)` when an ignored column is close to
    the missing field's name; empty if none is."""
    ignored = columns.ignored.values()
    near = closest(name, [header_key(h) for h in ignored])
    return next(
        (
            f' (the column "{h}" is ignored: is it {name}?)'
            for h in ignored
            if near is not None and header_key(h) == near
        ),
        "",
    )


def _rows_named(table: Table, places: list[Location]) -> str:
    """`rows 3, 5`, `lines 4, 9` (a YAML pool) or `cells B3, B5` (a spreadsheet), the first
    ROWS_SHOWN of them and how many more."""
    count = len(places)
    plural = "s" if count != 1 else ""
    if table.columns is None:
        where = f"line{plural} " + ", ".join(str(p.line) for p in places[:ROWS_SHOWN])
    elif places[0].sheet is not None:
        where = f"cell{plural} " + ", ".join(str(p.cell) for p in places[:ROWS_SHOWN])
    else:
        where = f"row{plural} " + ", ".join(str(p.line) for p in places[:ROWS_SHOWN])
    if count > ROWS_SHOWN:
        where += f" and {count - ROWS_SHOWN:,} more"
    return where
