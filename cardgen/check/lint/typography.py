"""Lint rules of typography: one quote style (TX801), single spaces (TX802) and a final
full stop (TX803)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

from cardgen.check.lint.rules import (
    CARD_TEXT,
    EVERYWHERE,
    Example,
    Hit,
    RuleDoc,
    set_rule,
    text_rule,
)
from cardgen.check.lint.text import MASK
from cardgen.check.lint.vocab import Analysis, Vocabulary

_STRAIGHT = "\"'"
_CURLY = "“”‘’"
_PAIRS = {'"': "“", "'": "’", "“": '"', "”": '"', "‘": "'", "’": "'"}


@set_rule(
    "TX801",
    "mixed-quotes",
    "warning",
    "Straight and curly quotes mixed in one game's texts or one document.",
    RuleDoc(
        why="Mixed quotes look careless in print and break searches for a name with an apostrophe.",
        hit=Example("Look at your opponent’s hand.", "shards"),
        non_hit=Example("Look at your opponent's hand.", "shards"),
        fix="Pick one style for the game: `your opponent's hand` where the other cards write"
        " straight quotes.",
    ),
    EVERYWHERE,
)
def mixed_quotes(
    vocab: Vocabulary, analyses: list[Analysis], reported: set[tuple[int, int]]
) -> Iterator[tuple[Analysis, Hit]]:
    """Straight quotes and apostrophes (`"` `'`) mixed with curly ones (`“ ” ‘ ’`): all of
    a game's card texts and names count together, each document on its own. The style used
    less is flagged at each use (on a tie, the curly ones)."""
    groups: dict[str, list[Analysis]] = defaultdict(list)
    for analysis in analyses:
        key = "cards" if analysis.unit.kind == "card" else f"doc:{id(analysis.unit)}"
        groups[key].append(analysis)
    for group in groups.values():
        straight = sum(a.unit.text.count(q) for a in group for q in _STRAIGHT)
        curly = sum(a.unit.text.count(q) for a in group for q in _CURLY)
        if not straight or not curly:
            continue
        minority = _CURLY if curly <= straight else _STRAIGHT
        style = "curly" if minority == _CURLY else "straight"
        counts = (min(straight, curly), max(straight, curly))
        for analysis in group:
            for offset, char in enumerate(analysis.unit.text):
                if char in minority:
                    yield (
                        analysis,
                        Hit(
                            offset,
                            offset + 1,
                            f"{style} quote {char} where the rest uses the other style"
                            f" ({counts[0]} against {counts[1]})",
                            _PAIRS[char],
                        ),
                    )


_DOUBLE_SPACE = re.compile(r"(?<=[^\s" + MASK + r"])[ \t\u00a0]{2,}(?=[^\s" + MASK + r"])")


@text_rule(
    "TX802",
    "double-space",
    "warning",
    "Two or more spaces between words.",
    RuleDoc(
        why="Double spaces print as visible gaps and upset text fitting.",
        hit=Example("Deal 2 damage to the Foe.  If this defeats it, draw 1 card.", "splatterkins"),
        non_hit=Example(
            "Deal 2 damage to the Foe. If this defeats it, draw 1 card.", "splatterkins"
        ),
        fix="One space between words (and between sentences).",
    ),
    EVERYWHERE,
)
def double_space(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """Two or more spaces, tabs or no-break spaces between two words of a line (not
    indentation, not the end of a line)."""
    text = analysis.unit.text
    if "  " not in text and "\t" not in text and "\u00a0" not in text:
        return
    for found in _DOUBLE_SPACE.finditer(text):
        yield Hit(found.start(), found.end(), "more than one space between words", " ")


_FINAL = re.compile(r"[.!?…][)\]\"”’'»*]*\s*\Z")


@text_rule(
    "TX803",
    "missing-final-period",
    "warning",
    "Card text not ending with a full stop.",
    RuleDoc(
        why="A house style read the same on every card.",
        hit=Example("Draw 2 cards", "splatterkins"),
        non_hit=Example("Draw 2 cards.", "splatterkins"),
        fix="End the text with a full stop: `Draw 2 cards.`",
        options="`glossary.final_period: false` for games whose style has no final stop.",
    ),
    CARD_TEXT,
)
def missing_final_period(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """When `glossary.final_period` is true, a card text that does not end with `.`, `!`
    or `?` (closing brackets or quotes may follow). A text whose last line is a keyword
    alone (`Inspire 2`) is fine. Documents are not checked."""
    text = analysis.unit.text.rstrip()
    if not text or not vocab.pack.game.glossary.final_period or _FINAL.search(text):
        return
    last = re.split(r"[.!?:\n]", text)[-1].strip()
    if any(m.entry.kind == "keyword" and m.start == text.rfind(last) for m in analysis.matches):
        return
    yield Hit(len(text), len(text), "card text does not end with a full stop", text + ".")
