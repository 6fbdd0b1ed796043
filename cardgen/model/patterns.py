"""A game's own regular expressions (`glossary.keyword_patterns`), run in linear time.

A pattern from game data is run with RE2, which matches in time linear in the text whatever
the pattern. Python's `re` backtracks: `(?P<keyword>(a|aa)+)$` over a card text of 28 `a`s
and a full stop took it 0.1 s, and each more `a` multiplies that by 1.6 (60: some days).
RE2 has no lookaround and no backreferences (what needs backtracking); a pattern using them
is refused when game.yaml loads, at its line, with the way to write it without.

Why not a checked subset of Python's `re` instead: what backtracks badly is not a matter of
syntax alone (`\\w*\\w*\\w*x` has no nested quantifier and takes time to the power of three,
`(a|aa)+` nests nothing either), so a checker would refuse ordinary patterns or let bad
ones through; RE2 guarantees the time for every pattern it accepts (google-re2: wheels for
Linux, macOS and Windows, no system library).

cardgen's own default patterns (`DEFAULT_KEYWORD_PATTERNS`) are fixed and reviewed, and
keep Python's `re`: their lookbehind, and `\\w` for the letters of every script.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

import re2


class DeclaredPattern(Protocol):
    """A keyword pattern as game.yaml declares it (`cardgen.model.glossary.KeywordPattern`)."""

    @property
    def pattern(self) -> str:
        """The regular expression, with a named group `keyword`."""

    @property
    def scope(self) -> str:
        """Where it applies: `card`, `document` or `any`."""


MAX_PATTERN_MEMORY = 8 << 20
"""Memory RE2 may use to compile one pattern (its default): `(x{1000}){1000}` is refused."""

_HINTS = (
    ("(?<=", "lookbehind is not supported: match the character itself: `[a-z] (?P<keyword>…)`"),
    ("(?<!", "negative lookbehind is not supported: match the characters allowed before"),
    ("(?=", "lookahead is not supported: match what follows, or leave it out"),
    ("(?!", "negative lookahead is not supported: match the characters allowed after"),
    ("(?P=", "backreferences are not supported"),
    ("(?>", "atomic groups are not supported, nor needed: RE2 never backtracks"),
    ("++", "possessive quantifiers are not supported, nor needed: RE2 never backtracks"),
    ("*+", "possessive quantifiers are not supported, nor needed: RE2 never backtracks"),
    ("?+", "possessive quantifiers are not supported, nor needed: RE2 never backtracks"),
    ("\\Z", "write \\z for the end of the text"),
)
"""What Python's `re` has and RE2 has not: (what the pattern has, the way out)."""
_BACKREFERENCE = re.compile(r"\\[1-9]")


def _options() -> Any:
    options = re2.Options()
    options.log_errors = False  # RE2 would print its own message on stderr
    options.max_mem = MAX_PATTERN_MEMORY
    return options


def _reason(exc: Exception, source: str) -> str:
    """RE2's reason for refusing `source`, with the way to write it that RE2 runs."""
    raw = exc.args[0] if exc.args else str(exc)
    reason = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
    if reason.startswith("pattern too large"):
        return (
            f"the pattern is too large: compiled, it takes more than {MAX_PATTERN_MEMORY >> 20} MB"
            " (a long repetition, such as {1000}, of a class or a group?)"
        )
    hint = next((h for construct, h in _HINTS if construct in source), None)
    if hint is None and reason.startswith("invalid escape") and _BACKREFERENCE.search(source):
        hint = "backreferences are not supported"
    if hint is None and reason.startswith("invalid repetition size"):
        hint = "at most 1000 repeats, a repetition inside a repetition multiplied"
    return f"{reason} ({hint})" if hint else reason


@dataclass(frozen=True, slots=True)
class GroupFinder:
    """A compiled pattern that finds one of its groups in text."""

    regexp: Any
    """RE2's compiled pattern, or Python's (both match with `finditer` and `span`)."""
    group: int
    """The group's number."""
    source: str
    """The pattern as written."""

    def spans(self, text: str) -> Iterator[tuple[int, int]]:
        """Where the group is in each match in `text`, left to right (matches where the
        group takes no part are skipped)."""
        for found in self.regexp.finditer(text):
            start, end = found.span(self.group)
            if start >= 0:
                yield start, end


def _compile(source: str) -> Any:
    """A pattern from game data compiled by RE2; ValueError with a one-line reason."""
    try:
        return re2.compile(source, _options())
    except re2.error as exc:
        raise ValueError(
            "RE2 (which runs a game's patterns, in time linear in the text) cannot compile"
            f" it: {_reason(exc, source)}"
        ) from None


def game_pattern(source: str, group: str) -> GroupFinder:
    """A pattern from game data, compiled by RE2; ValueError (a one-line reason) when RE2
    cannot run it or it has no group named `group`."""
    regexp = _compile(source)
    index = regexp.groupindex.get(group)
    if index is None:
        raise ValueError(f"the pattern needs a named group `(?P<{group}>...)`")
    return GroupFinder(regexp, index, source)


def fields_pattern(source: str) -> Any:
    """A pattern from game data whose named groups are field names, compiled by RE2;
    ValueError (a one-line reason) when RE2 cannot run it or it names no group."""
    regexp = _compile(source)
    if not regexp.groupindex:
        raise ValueError("the pattern needs a named group per field, `(?P<bonus>...)`")
    return regexp


def builtin_pattern(source: str, group: str) -> GroupFinder:
    """One of cardgen's own patterns, compiled by Python's `re` (see the module's docstring)."""
    regexp = re.compile(source)
    return GroupFinder(regexp, regexp.groupindex[group], source)


DEFAULT_KEYWORD_PATTERNS = (
    (r"(?<=[a-z,;] )(?P<keyword>[A-Z][a-z]+) (?P<param>[+-]?\d+|X)\b", "any"),
    (r"\A(?P<keyword>[A-Z][\w'’-]*(?: [\w'’-]+){0,3}):", "card"),
)
"""What keywords look like unless game.yaml sets `glossary.keyword_patterns` (pattern,
scope): a capitalised word followed by a number inside a sentence (`Inspire 2`); a label
ending in a colon at the start of a card text (`Talent:`). cardgen's own, run by Python's
`re` (linear: no quantified group can match the same text in two ways)."""


def keyword_finders(declared: Iterable[DeclaredPattern] | None) -> list[tuple[GroupFinder, str]]:
    """The finders of the `keyword` group for lint TX401, with their scope: the game's
    patterns (RE2), or the defaults when it declares none."""
    if declared is None:
        return [(builtin_pattern(p, "keyword"), scope) for p, scope in DEFAULT_KEYWORD_PATTERNS]
    return [(game_pattern(p.pattern, "keyword"), p.scope) for p in declared]
