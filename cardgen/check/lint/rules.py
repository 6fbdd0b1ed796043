"""The lint rules' registry: what a rule is, how it is registered, and its documentation.

A text rule looks at one text (`Analysis`: a card's text or name, or a document) and
yields `Hit`s, character spans with a message. A set rule looks at all the texts of a run
at once (consistency across a game, quotes, rendering). Every rule is data-driven from the
game: its glossary, its fields and bounds, and the `lint:` section of `game.yaml`.

Each rule carries its documentation as data: what it finds (the check's docstring, one
paragraph), why it matters, an example hit and non-hit (card texts of an example game,
which the tests lint), the fix and its options. `cardgen lint --explain CODE` prints it
and docs/lint.md is generated from it. The rules themselves live in one module per
family (`terms`, `consistency`, `keywords`, `references`, `numbers`, `labels`,
`typography`, `spelling`, `rendering`), registered here when `cardgen.check.lint` imports
them.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from cardgen.check.lint.vocab import Analysis, TermMatch, Vocabulary
from cardgen.plugins import LINT_RULES, checked

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True, slots=True)
class Hit:
    """What a rule found: a span of the text, a message and maybe a replacement."""

    start: int
    end: int
    message: str
    suggestion: str | None = None


TextCheck = Callable[[Vocabulary, Analysis], Iterable[Hit]]
SetCheck = Callable[
    [Vocabulary, list[Analysis], set[tuple[int, int]]], Iterable[tuple[Analysis, Hit]]
]


@dataclass(frozen=True, slots=True)
class Example:
    """A text a rule is shown on: a card's text of one of the example games, or a line of
    a rules document against one."""

    text: str
    """The card's text, as a designer would write it."""
    game: str
    """The example game (`decks/<game>/`) whose glossary, fields and pool apply."""
    card: str | None = None
    """The card of that game's pool whose text it is (its fields matter); default: the
    pool's first card."""
    document: bool = False
    """A line of a rules document against that game, not a card's text (a rule that reads
    documents only)."""


@dataclass(frozen=True, slots=True)
class RuleDoc:
    """A rule's documentation beyond what it finds (which is its check's docstring)."""

    why: str
    """Why it matters to a designer or a player."""
    hit: Example
    """A text the rule reports."""
    non_hit: Example
    """A text like it that the rule leaves alone."""
    fix: str
    """What to write instead, or what to change."""
    options: str = "None."
    """The settings of game.yaml (or of the command line) that change what it finds."""


@dataclass(frozen=True)
class Rule:
    """A lint rule: stable code, kebab-case name, default severity, what it reads."""

    code: str
    name: str
    severity: Severity
    summary: str
    fields: frozenset[str]
    doc: RuleDoc
    check: TextCheck | None = None
    set_check: SetCheck | None = None
    opt_in: bool = False

    @property
    def finds(self) -> str:
        """What it finds: its check's docstring, as one paragraph of Markdown."""
        function = self.check or self.set_check
        return " ".join(inspect.cleandoc((function.__doc__ if function else None) or "").split())


RULES: dict[str, Rule] = {}
"""Every rule by code."""

TEXT_AND_DOCS = frozenset({"text", "document"})
CARD_TEXT = frozenset({"text"})
EVERYWHERE = frozenset({"text", "name", "document"})
CARD_TEXT_AND_NAME = frozenset({"text", "name"})
"""A card's text and its name (which is drawn with the same markup)."""


def text_rule(
    code: str,
    name: str,
    severity: Severity,
    summary: str,
    doc: RuleDoc,
    fields: frozenset[str] = TEXT_AND_DOCS,
) -> Callable[[TextCheck], TextCheck]:
    """Register a rule that looks at one text at a time."""

    def register(check: TextCheck) -> TextCheck:
        RULES[code] = Rule(code, name, severity, summary, fields, doc, check=check)
        return check

    return register


def set_rule(
    code: str,
    name: str,
    severity: Severity,
    summary: str,
    doc: RuleDoc,
    fields: frozenset[str] = TEXT_AND_DOCS,
    *,
    opt_in: bool = False,
) -> Callable[[SetCheck], SetCheck]:
    """Register a rule that looks at all the texts of a run together."""

    def register(check: SetCheck) -> SetCheck:
        RULES[code] = Rule(
            code, name, severity, summary, fields, doc, set_check=check, opt_in=opt_in
        )
        return check

    return register


def rule_sort_key(code: str) -> tuple[str, int]:
    """TX101 < TX201 < TX1001: by family, then by number."""
    letters = code.rstrip("0123456789")
    return (letters, int(code[len(letters) :] or 0))


CODE = re.compile(r"[A-Z]{2,}[0-9]{3,}")
"""A rule's code: capitals, then at least three digits (TX101, HOUSE101)."""


@functools.cache
def plugin_rules() -> tuple[str, ...]:
    """The codes of the rules installed packages add (entry points `cardgen.lint_rules`,
    each a `Rule`), registered in RULES after the built-in rules on first use."""
    added = []
    for plugin, rule in checked(LINT_RULES, Rule):
        if not CODE.fullmatch(rule.code):
            raise plugin.error(f'rule code "{rule.code}" is not capitals then digits (XY101)')
        if rule.code in RULES:
            raise plugin.error(f"rule code {rule.code} is taken by {RULES[rule.code].name}")
        if (rule.check is None) == (rule.set_check is None):
            raise plugin.error(f"rule {rule.code} needs exactly one of check and set_check")
        RULES[rule.code] = rule
        added.append(rule.code)
    return tuple(added)


def all_rules() -> list[Rule]:
    """Every rule, in code order (the plugins' rules too)."""
    plugin_rules()
    return sorted(RULES.values(), key=lambda r: rule_sort_key(r.code))


def words(text: str) -> list[str]:
    """A word list written as one string."""
    return text.split()


def quoted(text: str) -> str:
    """A text in double quotes, as messages show what was found."""
    return f'"{text}"'


def found_text(analysis: Analysis, match: TermMatch) -> str:
    """The text of a found term, as written (any run of spaces shown as one space)."""
    return " ".join(analysis.unit.text[match.start : match.end].split())
