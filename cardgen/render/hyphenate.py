"""Where a word may break across lines, and a word cut into pieces that fit their lines.

A word breaks at a soft hyphen (U+00AD) its writer put in it, always (as CSS's default
`hyphens: manual` does), and, in a text with `hyphenate: true`, at the hyphenation points
of the game's language (pyphen's LibreOffice dictionaries: `en` -> `en_US`, `fr` ->
`fr_FR`) and after a hyphen it holds. A break at a soft hyphen or a hyphenation point draws
a hyphen at the line's end; one after a written hyphen draws nothing more.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

import pyphen

SOFT_HYPHEN = "\xad"
HYPHEN = "-"
_CORE = re.compile(r"\w(?:[\w'’]*\w)?")


def dictionary_name(language: str) -> str | None:
    """The name of pyphen's dictionary for a language (`en` -> `en_US`, `fr` -> `fr_FR`,
    `fr_CA` -> `fr`), or None when it has none."""
    full = {"en": "en_US", "fr": "fr_FR"}.get(language.strip().lower(), language)
    found: str | None = pyphen.language_fallback(full)
    return found


@functools.cache
def dictionary(language: str) -> pyphen.Pyphen | None:
    """The hyphenation dictionary of a language (`en`, `fr`, `fr_FR`), or None."""
    found = dictionary_name(language)
    return pyphen.Pyphen(lang=found) if found else None


def clean(word: str) -> tuple[str, tuple[int, ...]]:
    """A word without its soft hyphens, and where they were in it."""
    if SOFT_HYPHEN not in word:
        return word, ()
    text = ""
    points: list[int] = []
    for part in word.split(SOFT_HYPHEN):
        if text and part and (not points or points[-1] != len(text)):
            points.append(len(text))
        text += part
    return text, tuple(points)


@functools.lru_cache(maxsize=8192)
def break_points(word: str, soft: tuple[int, ...], language: str | None) -> tuple[int, ...]:
    """Every place (index into `word`) where it may break, in order: its soft hyphens, and
    with a `language` its hyphenation points and the places after its own hyphens."""
    points = set(soft)
    found = dictionary(language) if language else None
    if found is not None:
        for match in _CORE.finditer(word):
            for part in re.finditer(r"[^-]+", match.group(0)):
                start = match.start() + part.start()
                points.update(start + p for p in found.positions(part.group(0)))
                end = match.start() + part.end()
                if 0 < end < len(word) and word[end] == HYPHEN:
                    points.add(end + 1)
    return tuple(sorted(p for p in points if 0 < p < len(word)))


def shown(word: str, point: int) -> str:
    """The first part of a word broken at `point` as drawn: with a hyphen unless the word
    breaks after one of its own."""
    head = word[:point]
    return head if head.endswith(HYPHEN) else head + HYPHEN


def pieces(
    word: str,
    points: tuple[int, ...],
    first_room: float,
    room: float,
    measure: Callable[[str], float],
) -> list[str]:
    """The word cut at its break points into pieces as drawn: the first fits in
    `first_room` ("" when no piece does: the word starts on the next line), each further
    one in `room` (a line of its own), the last one is the rest. Where no piece fits a
    whole line, the shortest there is is taken: the line overflows as little as it can."""
    cut: list[str] = []
    start = 0
    available = first_room
    while measure(word[start:]) > available + 0.01:
        usable = [p for p in points if p > start]
        fitting = [p for p in usable if measure(shown(word[start:], p - start)) <= available + 0.01]
        if fitting:
            end = fitting[-1]
        elif not cut and available < room:
            cut.append("")  # start it on a line of its own
            available = room
            continue
        elif usable:
            end = usable[0]
        else:
            break
        cut.append(shown(word[start:], end - start))
        start = end
        available = room
    cut.append(word[start:])
    return cut
