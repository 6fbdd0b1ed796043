"""Physical lengths stay physical until render converts them (Squib's unit_conversion).

A length is a string of terms added or subtracted: `63.5mm`, `2.5in`, `9pt`, `30px`, `50%`
(of the card's trim width or height, by axis), `100% - 8mm`. A bare number is pixels at
the layout's DPI; `0` needs no unit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BeforeValidator, WithJsonSchema

UNITS = ("mm", "cm", "in", "pt", "px", "%")
PER_INCH = {"mm": 25.4, "cm": 2.54, "in": 1.0, "pt": 72.0}
_TERM = re.compile(r"\s*([+-])?\s*(\d+(?:\.\d+)?|\.\d+)\s*(mm|cm|in|pt|px|%)?\s*")

_NUMBER = r"(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)"
_TERM_TEXT = rf"\s*{_NUMBER}\s*(?:mm|cm|in|pt|px|%)?\s*"
LENGTH_PATTERN = rf"^\s*[+-]?{_TERM_TEXT}(?:[+-]{_TERM_TEXT})*$"
"""The lengths `parse_length` reads, as a JSON Schema pattern (digits 0-9 only: the
parser also takes other scripts' digits, which no editor should suggest)."""
_PHYSICAL_TERM = rf"\s*(?:{_NUMBER}\s*(?:mm|cm|in|pt)|(?:0+(?:\.0+)?|\.0+)\s*%?)\s*"
_PHYSICAL = rf"[+-]?{_PHYSICAL_TERM}(?:[+-]{_PHYSICAL_TERM})*"

Axis = Literal["x", "y"]


@dataclass(frozen=True, slots=True)
class Measure:
    """A parsed length: a sum of (value, unit) terms."""

    terms: tuple[tuple[float, str], ...]

    def px(self, dpi: float, percent_of: float) -> float:
        """Pixels at `dpi`, with `%` taken of `percent_of` pixels."""
        total = 0.0
        for value, unit in self.terms:
            if unit == "px":
                total += value
            elif unit == "%":
                total += value * percent_of / 100.0
            else:
                total += value / PER_INCH[unit] * dpi
        return total

    def inches(self) -> float:
        """The length in inches (only for lengths without `px` or `%`)."""
        if any(unit in ("px", "%") and value != 0 for value, unit in self.terms):
            raise ValueError("a length in px or % has no physical size")
        return sum(value / PER_INCH[unit] for value, unit in self.terms if value != 0)


def parse_length(text: str | int | float) -> Measure:
    """Parse a length; raises ValueError with a readable message."""
    if isinstance(text, bool):
        raise ValueError("a length is a number with a unit, such as 3mm")
    if isinstance(text, int | float):
        return Measure(((float(text), "px"),))
    source = text.strip()
    if not source:
        raise ValueError("empty length")
    terms: list[tuple[float, str]] = []
    position = 0
    while position < len(source):
        match = _TERM.match(source, position)
        if not match or match.end() == position:
            raise ValueError(
                f'"{text}" is not a length: use numbers with {", ".join(UNITS)}, e.g. "63.5mm"'
            )
        sign, number, unit = match.groups()
        if terms and sign is None:
            raise ValueError(f'"{text}": join terms with + or -')
        value = float(number) * (-1 if sign == "-" else 1)
        if unit is None and value != 0:
            unit = "px"
        terms.append((value, unit or "px"))
        position = match.end()
    return Measure(tuple(terms))


def _check_length(value: object) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise ValueError("a length is a string such as 3mm or 50%")
    parse_length(value)
    return value


Length = Annotated[
    str,
    BeforeValidator(_check_length),
    WithJsonSchema({"type": ["string", "number"], "format": "length"}),
]
"""A length as written in a layout file, validated when loaded (`cardgen schema` gives
the `length` format its pattern)."""

CARD_SIZES: dict[str, tuple[str, str]] = {
    "poker": ("2.5in", "3.5in"),
    "poker-eu": ("63mm", "88mm"),
    "bridge": ("2.25in", "3.5in"),
    "tarot": ("2.75in", "4.75in"),
    "mini": ("1.75in", "2.5in"),
    "mini-euro": ("44mm", "68mm"),
    "euro": ("59mm", "92mm"),
    "usa": ("56mm", "87mm"),
    "square": ("3.5in", "3.5in"),
    "square-small": ("2in", "2in"),
    "square-euro": ("70mm", "70mm"),
    "jumbo": ("3.5in", "5.5in"),
}
"""Trim sizes by name (width, height), from the printers' own templates."""

CARD_SIZE_PATTERN = "^(?:" + "|".join(CARD_SIZES) + rf"|\s*{_PHYSICAL}\s*[x×]\s*{_PHYSICAL}\s*)$"
"""The sizes `card_size` reads: a name, or two lengths in physical units joined by `x`."""
CardSize = Annotated[str, WithJsonSchema({"type": "string", "format": "card-size"})]
"""A card size as written in a layout, checked when the layout is resolved."""


def card_size(spec: str) -> tuple[Measure, Measure]:
    """A size by name (`poker`) or as `WIDTH x HEIGHT` (`63.5mm x 88.9mm`)."""
    if spec in CARD_SIZES:
        named_w, named_h = CARD_SIZES[spec]
        return parse_length(named_w), parse_length(named_h)
    parts = re.split(r"\s*[x×]\s*", spec.strip())
    if len(parts) != 2:
        raise ValueError(
            f'unknown card size "{spec}": use one of {", ".join(CARD_SIZES)} or "63.5mm x 88.9mm"'
        )
    width, height = parse_length(parts[0]), parse_length(parts[1])
    for measure in (width, height):
        measure.inches()
    return width, height


def _check_physical(value: object) -> str:
    text = _check_length(value)
    if parse_length(text).inches() <= 0:
        raise ValueError(f'"{text}" is not more than 0')
    return text


PhysicalLength = Annotated[
    str,
    BeforeValidator(_check_physical),
    WithJsonSchema({"type": "string", "format": "physical-length"}),
]
"""A length in mm, cm, in or pt, more than 0 (a component's size or thickness)."""
PHYSICAL_PATTERN = rf"^\s*{_PHYSICAL}\s*$"
"""The lengths `PhysicalLength` takes, as a pattern."""


def component_size(spec: str) -> tuple[float, float]:
    """A component's size as (width, height) in mm: one length for both sides (`25mm`, a
    round token's diameter), `WIDTH x HEIGHT`, or a card size by name."""
    if spec in CARD_SIZES or re.search(r"[x×]", spec):
        width, height = card_size(spec)
    else:
        width = height = parse_length(spec)
    found = (width.inches() * 25.4, height.inches() * 25.4)
    if min(found) <= 0:
        raise ValueError(f'size "{spec}" is not more than 0 on each side')
    return found


def _check_component_size(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError('a size is a string such as "25mm" or "60mm x 40mm"')
    component_size(value)
    return value


ComponentSize = Annotated[
    str,
    BeforeValidator(_check_component_size),
    WithJsonSchema({"type": "string", "format": "component-size"}),
]
"""A component's size: `25mm` (both sides), `60mm x 40mm`, or a card size by name."""
