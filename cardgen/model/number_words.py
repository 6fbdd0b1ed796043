"""Numbers in words and which plural form a number takes, in the game's language.

English and French are known. English is singular for 1 and -1, French for 0, 1 and -1
(`0 tour`, `0 turns`). Words are written from -100 to 100 (`twenty-one`,
`soixante et onze`, `quatre-vingts`; French in its masculine form, `un`, and the spelling
before the 1990 reform); a number beyond them is written in digits. A language neither
knows takes English's plural rule and digits.
"""

from __future__ import annotations

LIMIT = 100
"""The largest number (either sign) written in words."""

_EN_UNITS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_EN_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_FR_UNITS = [
    "zéro",
    "un",
    "deux",
    "trois",
    "quatre",
    "cinq",
    "six",
    "sept",
    "huit",
    "neuf",
    "dix",
    "onze",
    "douze",
    "treize",
    "quatorze",
    "quinze",
    "seize",
    "dix-sept",
    "dix-huit",
    "dix-neuf",
]
_FR_TENS = [
    "_",
    "_",
    "vingt",
    "trente",
    "quarante",
    "cinquante",
    "soixante",
    "soixante",
    "quatre-vingt",
    "quatre-vingt",
]


def base_language(language: str) -> str:
    """The language's two-letter part, in lower case (`fr_FR`, `fr-CA` -> `fr`)."""
    return language.replace("-", "_").split("_")[0].strip().lower()


def is_singular(number: int, language: str) -> bool:
    """Whether a count of `number` takes the singular form in the language."""
    if base_language(language) == "fr":
        return abs(number) < 2
    return abs(number) == 1


def _english(number: int) -> str:
    """21 to 99 in English words."""
    tens, unit = divmod(number, 10)
    return _EN_TENS[tens] + (f"-{_EN_UNITS[unit]}" if unit else "")


def _french(number: int) -> str:
    """21 to 99 in French words."""
    tens, unit = divmod(number, 10)
    if tens in (7, 9):  # soixante-dix, quatre-vingt-dix: counted on from 60 and 80
        unit += 10
    head = _FR_TENS[tens]
    if unit == 0:
        return head + ("s" if tens == 8 else "")
    if unit in (1, 11) and tens < 8:
        return f"{head} et {_FR_UNITS[unit]}"
    return f"{head}-{_FR_UNITS[unit]}"


_SPELLINGS = {
    "en": (_EN_UNITS, _english, "one hundred", "minus "),
    "fr": (_FR_UNITS, _french, "cent", "moins "),
}
"""Each language's words to 19, its tens and units, its hundred and its minus."""


def number_words(number: int, language: str) -> str:
    """The number in words in the language, or in digits where words are not known."""
    spelling = _SPELLINGS.get(base_language(language))
    size = abs(number)
    if spelling is None or size > LIMIT:
        return str(number)
    units, tens_and_units, hundred, minus = spelling
    words = units[size] if size < 20 else hundred if size == LIMIT else tens_and_units(size)
    return minus + words if number < 0 else words
