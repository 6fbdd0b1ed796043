"""How prose writes a quantity, for the claims lint: numbers in digits or words (English and
French, zero to ninety-nine) and the qualifiers before or after them (`up to`, `at most`,
`exactly`, `at least`, `jusqu'à`, `au plus`, `or fewer`, `au maximum`)."""

from __future__ import annotations

import re

from cardgen.check.lint.rules import words

_EN_UNITS = words(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    " fifteen sixteen seventeen eighteen nineteen"
)
_EN_TENS = words("twenty thirty forty fifty sixty seventy eighty ninety")
_FR_UNITS = words(
    "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze"
    " seize dix-sept dix-huit dix-neuf"
)
_FR_TENS = {20: "vingt", 30: "trente", 40: "quarante", 50: "cinquante", 60: "soixante"}


def _english() -> dict[str, int]:
    found = {w: n for n, w in enumerate(_EN_UNITS)}
    for index, tens in enumerate(_EN_TENS):
        value = 20 + 10 * index
        found[tens] = value
        for unit in range(1, 10):
            found[f"{tens}-{_EN_UNITS[unit]}"] = value + unit
            found[f"{tens} {_EN_UNITS[unit]}"] = value + unit
    return found


def _french() -> dict[str, int]:
    found = {w: n for n, w in enumerate(_FR_UNITS)}
    for value in range(20, 100):
        tens, unit = divmod(value, 10)
        if value < 70:
            head, rest = _FR_TENS[tens * 10], unit
        elif value < 80:
            head, rest = "soixante", value - 60
        else:
            head, rest = ("quatre-vingts" if value == 80 else "quatre-vingt"), value - 80
        if rest == 0:
            found[head] = value
        elif rest in (1, 11) and value < 80:
            found[f"{head} et {_FR_UNITS[rest]}"] = value
        else:
            found[f"{head}-{_FR_UNITS[rest]}"] = value
    return found


NUMBERS = {**_english(), **_french(), "une": 1, "soixante-onze": 71}
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
    + words("may_only_hold never_more_than un_maximum_de au_grand_maximum"),
    "min": words("at_least a_minimum_of minimum_of no_fewer_than no_less_than au_moins")
    + words("au_minimum pas_moins_de minimum a_min_of min_of un_minimum_de"),
    "exact": words("exactly exactement"),
}
TRAILING = {
    "max": words("at_most or_fewer or_less at_the_most maximum max au_plus au_maximum")
    + words("ou_moins tops"),
    "min": words("at_least or_more au_moins au_minimum minimum ou_plus"),
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


def qualifier_kind(text: str | None, *, trailing: bool = False) -> str:
    """`max`, `min`, `exact` for a qualifier as written, or `` for none."""
    if not text:
        return ""
    key = " ".join(text.casefold().split())
    return (_TRAILING_KIND if trailing else _KIND).get(key, "")


def number_value(raw: str) -> int:
    """A number written in digits or as an English or French word."""
    return int(raw) if raw.isdigit() else NUMBERS[" ".join(raw.casefold().split())]
