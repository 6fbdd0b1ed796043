"""Cards: the fields every card has, and per-type models built from a game's field specs."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, create_model, field_validator

from cardgen.errors import Location
from cardgen.model.base import CONTROL_RANGES, JsonExtra, Printable, Strict
from cardgen.model.game import CardType, FieldSpec, Game

MAX_COPIES = 10_000
"""More copies of one card than this is certainly a typo."""
MAX_HEX_OFFSET = 50
"""Hex offsets (`hexes` fields) reach at most this many hexes from the piece (`hex_distance`)."""
_CONTROL = re.compile(f"[{CONTROL_RANGES}]")
"""Control characters other than tab and newline: they cannot be printed on a card, and in
a terminal they can act (an escape sequence in a downloaded file)."""


def no_control_characters(value: Any) -> Any:
    """Refuse a string (or strings in a list) holding control characters but tab and newline."""
    for text in value if isinstance(value, list) else [value]:
        found = _CONTROL.search(text) if isinstance(text, str) else None
        if found:
            code = f"U+{ord(found.group()):04X}"
            raise ValueError(
                f"contains the control character {code} at character {found.start() + 1};"
                " remove it (only tabs and line breaks are allowed)"
            )
    return value


class CardEntry(Strict):
    """A card as written in a pool file: the fields every card has."""

    name: Printable = Field(min_length=1, max_length=200, description="The card's unique name.")
    type: Printable = Field(description="The card type's id, e.g. `ally`.")
    copies: int = Field(
        default=1, ge=0, le=MAX_COPIES, description="How many copies the published box holds."
    )
    text: Printable = Field(default="", max_length=5000, description="Rules text (may be empty).")
    art: Printable | None = Field(
        default=None, description="Image file for the card's art, relative to the game folder."
    )
    lint_ignore: list[Printable] = Field(
        default_factory=list, description="Lint codes not to report for this card."
    )

    @field_validator("*", mode="after")
    @classmethod
    def _printable(cls, value: Any) -> Any:
        return no_control_characters(value)


SOURCE_FIELDS = {"source_path", "source_line", "source_sheet", "source_col"}
"""Where a card was written: not part of what it is (a pool in CSV and in XLSX make the
same cards, the same images)."""


class Card(Strict):
    """A validated card of a game's pool, with where it was defined."""

    name: str = Field(description="The card's unique name.")
    type: str = Field(description="The card type's id.")
    copies: int = Field(description="How many copies the published box holds.")
    text: str = Field(default="", description="Rules text.")
    art: str | None = Field(default=None, description="Art image, relative to the game folder.")
    lint_ignore: tuple[str, ...] = Field(default=(), description="Lint codes not to report.")
    fields: dict[str, Any] = Field(default_factory=dict, description="The type's own fields.")
    source_path: str = Field(description="The pool file the card comes from.")
    source_line: int | None = Field(
        default=None,
        description="The line (YAML) or row (CSV: its first line; a spreadsheet: its row).",
    )
    source_sheet: str | None = Field(
        default=None, description="The sheet of a spreadsheet pool (None for CSV and YAML)."
    )
    source_col: int | None = Field(
        default=None, description="In a spreadsheet pool: the column of the card's name cell."
    )

    @property
    def location(self) -> Location:
        """Where the card is defined: `cards.csv:7`, `cards.yaml:12:5`, `cards.xlsx:Cards!A7`."""
        return Location(self.source_path, self.source_line, self.source_col, self.source_sheet)

    def get(self, key: str) -> Any:
        """A field by name, including `name`, `type`, `copies` and `text`."""
        if key in ("name", "type", "copies", "text", "art"):
            return getattr(self, key)
        return self.fields.get(key)

    def as_json(self) -> dict[str, Any]:
        """The card as `cardgen cards --format json` prints it: fields flattened."""
        data: dict[str, Any] = {"name": self.name, "type": self.type, "copies": self.copies}
        data.update(self.fields)
        data["text"] = self.text
        if self.art:
            data["art"] = self.art
        return data


def hex_distance(cell: tuple[int, int]) -> int:
    """How many hexes [q, r] lies from the piece, walking from hex to hex (axial offsets:
    [30, 30] is 60 hexes away, though neither offset passes 50)."""
    q, r = cell
    return max(abs(q), abs(r), abs(q + r))


def _distinct_offsets(cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Hex offsets from a piece: never the piece's own cell, never the same cell twice."""
    far = [cell for cell in cells if hex_distance(cell) > MAX_HEX_OFFSET]
    if far:
        raise ValueError(f"hex {list(far[0])} is more than {MAX_HEX_OFFSET} hexes from the piece")
    if (0, 0) in cells:
        raise ValueError("offsets are counted from the piece: [0, 0] is the piece itself")
    doubled = sorted({cell for cell in cells if cells.count(cell) > 1})
    if doubled:
        raise ValueError(f"the same hex appears twice: {list(doubled[0])}")
    return cells


_OFFSET = {"minimum": -MAX_HEX_OFFSET, "maximum": MAX_HEX_OFFSET}
_HEXES_SCHEMA = JsonExtra(
    {
        "uniqueItems": True,
        "items": {
            "not": {"const": [0, 0]},
            "allOf": [{"prefixItems": [_OFFSET, _OFFSET]}],
        },
    }
)
"""What `_distinct_offsets` checks, for the JSON Schema: no hex twice, not the piece's own
cell, at most MAX_HEX_OFFSET hexes away."""


def _python_type(spec: FieldSpec) -> Any:
    if spec.type == "int":
        number = Annotated[int, Field(ge=spec.min, le=spec.max)]
        return number | Literal[tuple(spec.allow)] if spec.allow else number
    if spec.type == "bool":
        return bool
    if spec.type == "hexes":
        return Annotated[list[tuple[int, int]], AfterValidator(_distinct_offsets), _HEXES_SCHEMA]
    if spec.type == "choice":
        return Literal[tuple(spec.choices)]
    return Printable


def card_model(type_id: str, ctype: CardType) -> type[CardEntry]:
    """A pydantic model (extra="forbid") for cards of one type, from its field specs."""
    definitions: dict[str, Any] = {
        "type": (Literal[type_id], Field(description=f"Always `{type_id}`.")),
    }
    for name, spec in ctype.fields.items():
        annotation = _python_type(spec)
        constraints: dict[str, Any] = {"description": spec.description or spec.label or name}
        if spec.required:
            definitions[name] = (annotation, Field(**constraints))
        else:
            definitions[name] = (annotation | None, Field(default=None, **constraints))
    model: type[CardEntry] = create_model(
        f"{type_id.title().replace('-', '')}Card",
        __base__=CardEntry,
        __doc__=ctype.description or f"A {ctype.label} card.",
        **definitions,
    )
    return model


def pool_models(game: Game) -> dict[str, type[CardEntry]]:
    """One card model per type of the game."""
    return {type_id: card_model(type_id, ctype) for type_id, ctype in game.types.items()}
