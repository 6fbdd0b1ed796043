"""How prose writes a quantity, for the claims lint: numbers in digits or words (English and
French, zero to ninety-nine, spelled as `cardgen.model.number_words` writes them) and the
qualifiers before or after them (`up to`, `at most`,
`exactly`, `at least`, `jusqu'à`, `au plus`, `or fewer`, `au maximum`)."""

from __future__ import annotations

import re

from cardgen.check.lint.rules import words
from cardgen.model.number_words import number_words

_EN_UNITS = [number_words(n, "en") for n in range(20)]
_EN_TENS = [number_words(n, "en") for n in range(20, 100, 10)]
_FR_UNITS = [number_words(n, "fr") for n in range(20)]
_FR_TENS = {n: number_words(n, "fr") for n in range(20, 70, 10)}


def _spelled() -> dict[str, int]:
    """Zero to ninety-nine as `model.number_words` spells them in English and French, with
    English's tens and units also written apart (`twenty one`)."""
    found: dict[str, int] = {}
    for value in range(100):
        english = number_words(value, "en")
        found[english] = found[english.replace("-", " ")] = value
        found[number_words(value, "fr")] = value
    return found


NUMBERS = {**_spelled(), "une": 1, "soixante-onze": 71}
"""Every number word the lint reads, case-folded, with its value."""

WEAK = frozenset({"one", "un", "une", "zero", "zéro"})
"""Number words that are as often an article or a pronoun: read only after a qualifier."""


def _any(choices: list[str]) -> str:
    return "|".join(re.escape(c) for c in sorted(choices, key=len, reverse=True))


_EN_DIGIT = _any(_EN_UNITS[1:10])
_FR_DIGIT = _any(_FR_UNITS[2:10])
_FR_TEEN = _any(_FR_UNITS[10:])
_EN = rf"(?:{_any(_EN_TENS)})(?:[-\s](?:{_EN_DIGIT}))?|{_any(_EN_UNITS)}"
_FR = (
    rf"(?:soixante|quatre-vingt)-(?:{_FR_TEEN})|soixante\s+et\s+onze|quatre-vingt-(?:un|"
    rf"{_FR_DIGIT})|quatre-vingts|(?:{_any(list(_FR_TENS.values()))})(?:-(?:{_FR_DIGIT})|\s+et"
    rf"\s+un)?|une|{_any(_FR_UNITS)}"
)
NUM = rf"(?:\d{{1,3}}(?![.,]\d)|{_EN}|{_FR})"
"""A number, in digits or words (a regular expression; no group): every match is a key
of `NUMBERS` once its spaces are made single."""

QUALIFIERS = {
    "max": words("up_to at_most no_more_than not_more_than a_maximum_of maximum_of jusqu'à")
    + words("jusqu’à au_plus au_maximum pas_plus_de limited_to capped_at a_max_of max_of")
    + words("maximum max may_only_have can_only_have may_have_only may_hold_only")
    + words("may_only_hold never_more_than un_maximum_de au_grand_maximum")
    + words("can't_have_more_than cannot_have_more_than may_not_have_more_than")
    + words("can't_include_more_than cannot_include_more_than may_not_include_more_than")
    + words("can't_contain_more_than cannot_contain_more_than may_not_contain_more_than")
    + words("ne_peut_pas_dépasser ne_peut_dépasser ne_doit_pas_dépasser cannot_exceed")
    + words("can't_exceed may_not_exceed must_not_exceed"),
    "min": words("at_least a_minimum_of minimum_of no_fewer_than no_less_than au_moins")
    + words("au_minimum pas_moins_de minimum a_min_of min_of un_minimum_de"),
    "exact": words("exactly exactement"),
}
TRAILING = {
    "max": words("at_most or_fewer or_less at_the_most maximum max au_plus au_maximum")
    + words("ou_moins tops at_the_very_most tout_au_plus"),
    "min": words("at_least or_more au_moins au_minimum minimum ou_plus at_the_very_least")
    + words("at_the_least"),
}
"""Qualifiers written after the counted phrase (`52 cards at most`, `5 cartes au plus`)."""


def any_of(phrases: list[str]) -> str:
    """A regular expression (no group) of any of the phrases, longest first, spaces (or `_`)
    matching any run of white space."""
    ordered = sorted((p.replace("_", " ") for p in phrases), key=len, reverse=True)
    return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in ordered)


_KIND = {q.replace("_", " "): kind for kind, qs in QUALIFIERS.items() for q in qs}
_TRAILING_KIND = {q.replace("_", " "): kind for kind, qs in TRAILING.items() for q in qs}
QUAL = any_of([q for qs in QUALIFIERS.values() for q in qs])
"""A qualifier before a number (a regular expression; no group)."""
AFTER = any_of([q for qs in TRAILING.values() for q in qs])
"""A qualifier after the counted phrase (a regular expression; no group)."""
MIDDLE = any_of(words("or_fewer or_less or_more ou_moins ou_plus"))
"""A qualifier between a number and what it counts (`9 or fewer Allies`), read as trailing."""
HEADING_QUALIFIER = re.compile(rf"(?:^|\W)(?P<q>{QUAL})\W{{0,3}}:\s*$", re.IGNORECASE)
"""A line that ends in a qualifier and a colon: its list's numbers take that qualifier."""
SP = r"[^\S\n]+"
"""Spaces within one line (a claim never runs across a line break)."""
QUALIFIED = rf"(?:(?P<q>{QUAL})\s+)?"
"""An optional qualifier before a number, as the group `q`."""
TRAILED = rf"(?:{SP}(?P<after>{AFTER})\b)?"
"""An optional qualifier after the counted phrase, as the group `after`."""


def qualifier_kind(text: str | None, *, trailing: bool = False) -> str:
    """`max`, `min`, `exact` for a qualifier as written, or `` for none."""
    if not text:
        return ""
    key = " ".join(text.casefold().split())
    return (_TRAILING_KIND if trailing else _KIND).get(key, "")


def number_value(raw: str) -> int:
    """A number written in digits or as an English or French word."""
    return int(raw) if raw.isdigit() else NUMBERS[" ".join(raw.casefold().split())]
