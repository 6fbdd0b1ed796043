"""The `|` forms of a layout's `{field}` references: a default, number words, plurals.

Inside braces, a field name followed by `|` adapts the value to the card:

- `{flavor|}` the value, or nothing when the card has none (any type may lack the field);
- `{flavor|No flavour}` the value, or the text after `|` when the card has none;
- `{duration|words}` a number in words (`words` is reserved: never a fallback text);
- `{duration|turn|turns}` the first form when the number is singular, else the second.

A form holds no `{`, `}` or `|`; a field with `|` takes no format spec (`:`) or conversion
(`!`). Everything else inside braces is `str.format`'s own (`{cost}`, `{cost:02d}`). This
module reads the forms and says what is wrong with a malformed one; it needs no card.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from cardgen.model.number_words import is_singular, number_words

WORDS = "words"
"""The one-form keyword that spells a number out."""

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_BRACES = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")

Kind = Literal["default", "words", "plural"]


@dataclass(frozen=True, slots=True)
class Adaptive:
    """One `{field|...}` reference: its field, what it does and its forms as written."""

    field: str
    kind: Kind
    forms: tuple[str, ...]
    written: str

    @property
    def fallback(self) -> str:
        """What a `default` reference prints when the card has no value."""
        return self.forms[0] if self.kind == "default" else ""


def parse_adaptive(inner: str) -> Adaptive | None:
    """The reference `{inner}` as a `|` form, None when it has no `|` (a plain field for
    `str.format`); a ValueError saying what is wrong with a malformed one."""
    if "|" not in inner:
        return None
    written = "{" + inner + "}"
    head, *forms = inner.split("|")
    name = head.strip()
    if not name:
        raise ValueError(f"{written} names no field before its | (write {{field|...}})")
    if any(mark in name for mark in ":!.["):
        raise ValueError(
            f"{written}: a field with | forms takes no format spec, conversion or index"
            f" (write {{{name.split(':')[0].split('!')[0]}|...}})"
        )
    if not _NAME.fullmatch(name) or name != head:
        raise ValueError(f'{written}: "{head}" is not a field name')
    if len(forms) > 2:
        raise ValueError(
            f"{written} has {len(forms)} forms after its field; write {{{name}|}} or"
            f" {{{name}|fallback}} (a default), {{{name}|words}} or {{{name}|one|many}} (a plural)"
        )
    if len(forms) == 2:
        if not any(form.strip() for form in forms):
            raise ValueError(f"{written}: both plural forms are empty")
        return Adaptive(name, "plural", tuple(forms), written)
    if forms[0].strip() == WORDS:
        return Adaptive(name, "words", (), written)
    return Adaptive(name, "default", (forms[0],), written)


def adaptive_references(template: str) -> Iterator[tuple[re.Match[str], Adaptive]]:
    """Every `{field|...}` of a template with its match (`{{` and `}}` are literal braces);
    a ValueError for a malformed one."""
    for match in _BRACES.finditer(template):
        inner = match.group(1)
        if inner is None:
            continue
        found = parse_adaptive(inner)
        if found is not None:
            yield match, found


def has_adaptive(template: str) -> bool:
    """Whether a template may hold a `|` form (cheap: a `|` inside some braces)."""
    return "|" in template and "{" in template


def _number(value: object) -> int | None:
    """The value as a whole number, or None (`X`, `*`, text)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = str(value).strip()
    return int(text) if re.fullmatch(r"[+-]?\d{1,18}", text) else None


def adapted(reference: Adaptive, value: object, language: str) -> str:
    """What the reference prints for the card's value (None or blank: the card has none):
    a default's value or fallback; a number's words or plural form. A value that is no
    number (an int field's allowed `X`) prints as written for `words` and takes the plural
    form."""
    missing = value is None or not str(value).strip()
    if reference.kind == "default":
        return reference.fallback if missing else format(value, "")
    if missing:
        return ""
    number = _number(value)
    if reference.kind == "words":
        return format(value, "") if number is None else number_words(number, language)
    singular, plural = reference.forms
    return singular if number is not None and is_singular(number, language) else plural
