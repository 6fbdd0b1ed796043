"""HR101 no-shouting: a word of four or more capitals in a card's text."""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.rules import CARD_TEXT, Example, Hit, Rule, RuleDoc
from cardgen.check.lint.vocab import Analysis, Vocabulary

SHOUT = re.compile(r"\b[A-Z]{4,}\b")


def check(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A word of four or more capitals in a card's text."""
    for found in SHOUT.finditer(analysis.unit.text):
        word = found.group()
        yield Hit(found.start(), found.end(), f'"{word}" shouts', word.capitalize())


RULE = Rule(
    code="HR101",
    name="no-shouting",
    severity="warning",
    summary="A word in capitals shouts at the player.",
    fields=CARD_TEXT,
    doc=RuleDoc(
        why="The house style sets emphasis in bold, never in capitals.",
        hit=Example("Draw TWO cards.", "shards"),
        non_hit=Example("Draw **two** cards.", "shards"),
        fix="Write the word in lower case, in bold if it needs weight.",
    ),
    check=check,
)
