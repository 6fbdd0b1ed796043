"""Pool checks that hold a card's printed words and shapes to its fields: what its text
says (`text_fields`) and how far its pattern reaches (`reach`), as `checks:` in game.yaml."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from cardgen.model.base import ID_PATTERN, Selector, Strict
from cardgen.model.patterns import fields_pattern


class TextFieldsCheck(Strict):
    """A card's text agrees with its fields: each named group of `pattern` that the text
    matches must say the value of the field of that name (SC601)."""

    kind: Literal["text_fields"] = Field(description="Check kind.")
    id: str = Field(pattern=ID_PATTERN, description="Stable kebab-case id.")
    where: Selector = Field(description="Which cards' texts are read.")
    pattern: str = Field(
        description=(
            "A regular expression (RE2 syntax) with a named group per field it reads, e.g."
            " `Add \\+(?P<bonus>\\d) to (?P<stat>\\w+)`. A text it does not match is not"
            " checked."
        )
    )
    words: dict[str, dict[str, str]] = Field(
        default_factory=dict,
        description=(
            "Per field, the words the text uses for a value when they are not the value"
            " itself or its label: `{ability: {call: Call the Yokai}}`."
        ),
    )
    message: str = Field(description="The rule in one sentence.")
    cite: str = Field(default="", description="The rulebook clause it encodes.")

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, value: str) -> str:
        fields_pattern(value)  # refused here, at its line, if RE2 cannot run it
        return value


class ReachCheck(Strict):
    """A card's printed reach equals how far its pattern goes (SC605): a Splatoon weapon's
    range against the farthest hex its pattern inks."""

    kind: Literal["reach"] = Field(description="Check kind.")
    id: str = Field(pattern=ID_PATTERN, description="Stable kebab-case id.")
    where: Selector = Field(description="Which cards are checked.")
    field: str = Field(description="The int field holding the printed reach (`range`).")
    pattern: str = Field(description="The field holding the pattern's cells (`pattern`).")
    grid: Literal["hex", "square"] = Field(
        default="hex",
        description=(
            "How a cell's distance is counted: `hex` for axial offsets [q, r] (steps on a hex"
            " board), `square` for [x, y] with diagonals as one step."
        ),
    )
    message: str = Field(description="The rule in one sentence.")
    cite: str = Field(default="", description="The rulebook clause it encodes.")
