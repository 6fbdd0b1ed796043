"""How a found glossary term is used in its sentence: as the term, as an ordinary word
(a verb, a plural, an adjective), or as a gloss naming the term's own variant.

The consistency rule (TX301) counts only the occurrences used as the term, and the
variant rule (TX102) skips glosses: `Drawing Board (discard pile)` explains the term by
its everyday name, it does not use the wrong word.
"""

from __future__ import annotations

import re

from cardgen.check.lint.english import ENGLISH
from cardgen.check.lint.vocab import Analysis, TermMatch, Vocabulary, base_forms

_DETERMINER_WORDS = (
    "a an the this that these those each every any no its their your his her our my"
    " one per first second third next last another either neither"
)
DETERMINERS = frozenset(_DETERMINER_WORDS.split())
"""Words before a noun: a lower-case term after one of these is used as the term."""

_FUNCTION_WORDS = (
    "to of in on at by for from with into onto as and or but nor if so than then that"
    " which who whom whose when while where until unless is are was were be been being"
    " has have had do does did can cannot may might must will would should could it"
    " they you we he she i then again now here there later still too also first once"
    " twice"
)
FUNCTION_WORDS = frozenset(_FUNCTION_WORDS.split())
"""Words that end a noun phrase (and adverbs, with any word in -ly): a term followed by
one is its phrase's noun."""

_PARENTHESIS = re.compile(r"\s*\([^()\n]*\)")
_OPEN = re.compile(r"\s*\(\s*")
_NAMING = re.compile(
    r"\s+(?:is|are)\s+(?:also\s+)?(?:called|named|known\s+as)\s+(?:the\s+|an?\s+)?"
    r"|\s*,?\s+(?:also\s+)?(?:called|named|known\s+as)\s+(?:the\s+|an?\s+)?",
    re.IGNORECASE,
)
"""What joins a name and what it is called: `the discard pile is called the Drawing Board`."""


def _next_word(analysis: Analysis, match: TermMatch) -> str | None:
    """The next word after the term in its sentence (a parenthesis skipped), or None when
    punctuation or the end of the text comes first."""
    text = analysis.unit.text
    end = match.end
    skipped = _PARENTHESIS.match(text, end)
    if skipped is not None:
        end = skipped.end()
    index = match.last + 1
    tokens = analysis.tokens
    while index < len(tokens) and tokens[index].start < end:
        index += 1
    if index >= len(tokens) or text[end : tokens[index].start].strip():
        return None
    return tokens[index].fold


def _word_before(analysis: Analysis, index: int) -> str | None:
    """The word before token `index` when only spaces lie between them."""
    if index <= 0:
        return None
    text, tokens = analysis.unit.text, analysis.tokens
    if text[tokens[index - 1].end : tokens[index].start].strip():
        return None
    return tokens[index - 1].fold


def _determines(word: str) -> bool:
    """Whether a word before a noun makes it a noun phrase: a determiner, a number, a
    possessive (`their Original's colorway`)."""
    return word in DETERMINERS or word.isdigit() or word.endswith(("'s", "’s"))


def used_as_term(vocab: Vocabulary, analysis: Analysis, match: TermMatch) -> bool:
    """Whether a lower-case one-word term is used as the term, not as an ordinary word.
    An `action` is a verb (`shoot`, `reload`, `upgrade`): never the term. In an English
    game, a word the English list does not know (`splatterkin`) is always the term; an
    English word is the term only uninflected (`duel`, not `duels` or `dries`) and only
    as the noun of a noun phrase: after a determiner, number or possessive (`a duel`, `the
    next round`, `0 inspiration`) and before punctuation or a word that ends the phrase
    (`a dark green border` and `the wet/dry stage` are adjectives). Other languages
    count every lower-case use. `strict_case` makes every occurrence the term."""
    entry = match.entry
    if entry.strict_case or match.case != "lower" or len(match.form.words) != 1:
        return True
    if entry.kind == "action":
        return False
    word, written = match.form.folded[0], analysis.tokens[match.first].fold
    if vocab.pack.game.language != "en" or not (base_forms(word) & ENGLISH):
        return True
    if written not in (word, word + "'s", word + "’s"):
        return False
    before = _word_before(analysis, match.first)
    if before is not None and not _determines(before):
        before = _word_before(analysis, match.first - 1)
        if before is None or not _determines(before):
            return False
    elif before is None:
        return False
    if analysis.unit.text[match.end : match.end + 1] in ("/", "-"):
        return False
    after = _next_word(analysis, match)
    return after is None or after in FUNCTION_WORDS or after.endswith("ly")


def is_gloss(analysis: Analysis, match: TermMatch) -> bool:
    """Whether a variant explains its own term rather than replaces it: in parentheses
    right after the term (`Drawing Board (discard pile)`), the term in parentheses right
    after it (`discard pile (Drawing Board)`), or joined to the term by the words that
    name it (`the discard pile is called the Drawing Board`, `the Drawing Board, also
    known as the discard pile`)."""
    if not match.form.variant:
        return False
    text, entry = analysis.unit.text, match.entry
    for other in analysis.matches:
        if other.entry is not entry or other.form.variant:
            continue
        if other.end <= match.start:
            between = text[other.end : match.start]
        elif match.end <= other.start:
            between = text[match.end : other.start]
        else:
            continue
        if _OPEN.fullmatch(between) or _NAMING.fullmatch(between):
            return True
    return False
