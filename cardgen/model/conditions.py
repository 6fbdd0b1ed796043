"""Element conditions: the `when:` and `unless:` of a layout element, held against a face.

Each key of a condition names a value of the card (or back); every key must hold. What a
key asks for:

- `present`: the card has a value there (an empty cell has none); `empty`: it has none;
- a comparison `>=5`, `<=5`, `>5`, `<5`, `==5`, `!=5` against a number (the field's value
  as a number: an empty cell or text is no number, so only `!=` holds for it), or `== text`
  and `!= text` against text (any capitals; an empty cell is the empty text);
- any other value, or a list of values (any of), matched as every selector matches it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardgen.model.base import Scalar, Selector
from cardgen.model.select import normalized

PRESENT = "present"
"""The condition of a value the card has."""
EMPTY = "empty"
"""The condition of a value the card does not have."""
ORDERINGS = (">=", "<=", ">", "<")
"""The comparisons that need numbers."""
OPERATORS = (">=", "<=", "==", "!=", ">", "<")
"""Every comparison, longest first (so that `>=` is not read as `>`)."""
NUMBER_KINDS = frozenset({"int"})
"""The kinds of field whose values are numbers."""


@dataclass(frozen=True, slots=True)
class Comparison:
    """A value compared with an operand: `>=5`, `!= fire`."""

    operator: str
    operand: str

    def number(self) -> int | None:
        """The operand as a whole number, or None when it is not one."""
        return _number(self.operand)

    def holds(self, value: Any) -> bool:
        """Whether the value compares as asked (numbers as numbers, else text)."""
        wanted, found = self.number(), _number(value)
        if wanted is not None and found is not None:
            return _compare(self.operator, found, wanted)
        if self.operator == "==":
            return _text(value) == self.operand.casefold()
        if self.operator == "!=":
            return _text(value) != self.operand.casefold()
        return False  # an ordering with something that is not a number


def _compare(operator: str, found: int, wanted: int) -> bool:
    if operator == ">=":
        return found >= wanted
    if operator == "<=":
        return found <= wanted
    if operator == ">":
        return found > wanted
    if operator == "<":
        return found < wanted
    return (found == wanted) == (operator == "==")


def _number(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip().casefold()


def comparison(wanted: Scalar | list[Scalar]) -> Comparison | None:
    """The comparison a wanted value writes (`>=5`), or None for a plain value."""
    if not isinstance(wanted, str):
        return None
    text = wanted.strip()
    for operator in OPERATORS:
        if text.startswith(operator):
            return Comparison(operator, text[len(operator) :].strip())
    return None


def keyword(wanted: Scalar | list[Scalar]) -> str | None:
    """`present` or `empty` when the wanted value is one (any capitals), else None."""
    if isinstance(wanted, str) and wanted.strip().casefold() in (PRESENT, EMPTY):
        return wanted.strip().casefold()
    return None


def is_empty(value: Any) -> bool:
    """Whether a face has no value there: nothing, blank text or an empty list."""
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    return isinstance(value, list | tuple) and not value


def holds(value: Any, wanted: Scalar | list[Scalar]) -> bool:
    """Whether one key of a condition holds for the face's value there."""
    if isinstance(wanted, list):
        return normalized(value) in {normalized(w) for w in wanted}
    word = keyword(wanted)
    if word is not None:
        return is_empty(value) == (word == EMPTY)
    compared = comparison(wanted)
    if compared is not None:
        return compared.holds(value)
    return bool(normalized(value) == normalized(wanted))


def all_hold(value_of: Callable[[str], Any], condition: Selector) -> bool:
    """Whether every key of the condition holds (`value_of`: the face's value by name)."""
    return all(holds(value_of(key), wanted) for key, wanted in condition.items())


def named_values(wanted: Scalar | list[Scalar]) -> list[str]:
    """The values a wanted value asks for by name: a plain value, each of a list, the text
    of `==` and `!=`; none for `present`, `empty` and orderings."""
    if isinstance(wanted, list):
        return [str(w) for w in wanted]
    if keyword(wanted) is not None:
        return []
    compared = comparison(wanted)
    if compared is None:
        return [str(wanted)]
    return [compared.operand] if compared.operator in ("==", "!=") and compared.operand else []


def condition_problem(wanted: Scalar | list[Scalar], kinds: frozenset[str]) -> str | None:
    """What is wrong with a key's wanted value for a field of these kinds (`int`, `text`,
    `choice`, ...: a name several card types have may have several), or None."""
    compared = comparison(wanted)
    if compared is None:
        return None
    if not compared.operand:
        return f'"{wanted}" compares with nothing (write `present` or `empty` for that)'
    numbers = kinds & NUMBER_KINDS
    if compared.operator in ORDERINGS:
        if not numbers:
            shown = "/".join(sorted(kinds))
            return f'"{wanted}" compares numbers, and this is a {shown} field'
        if compared.number() is None:
            return f'"{wanted}" compares numbers, and "{compared.operand}" is not a whole number'
    elif kinds <= NUMBER_KINDS and compared.number() is None:
        return f'"{wanted}": this is a number field, and "{compared.operand}" is not a number'
    return None
