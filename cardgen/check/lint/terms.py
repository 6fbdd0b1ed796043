"""Lint rules of the glossary's terms: written with its capitals (TX101), not by a name it
lists as wrong (TX102), and not misspelt (TX201)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.rules import Example, Hit, RuleDoc, found_text, quoted, text_rule
from cardgen.check.lint.usage import is_gloss
from cardgen.check.lint.vocab import STRICT_KINDS, Analysis, Vocabulary, base_forms
from cardgen.fuzzy import distance

# --- TX1xx glossary canonical form ---------------------------------------------------------


@text_rule(
    "TX101",
    "term-capitalisation",
    "error",
    "A glossary term written with other capitals.",
    RuleDoc(
        why="Game terms are names. `Fractured shards` and `fractured shards` read as"
        " ordinary words, and a player cannot tell whether the card means the zone.",
        hit=Example(
            "Once per turn, move 1 card from your fractured shards to your hand.", "shards"
        ),
        non_hit=Example(
            "Once per turn, move 1 card from your Fractured Shards to your hand.", "shards"
        ),
        fix="Write the term as the glossary does: `your Fractured Shards`.",
        options="`strict_case: true` on an entry; a case variant in `variants`.",
    ),
)
def term_capitalisation(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A glossary term written with other capitals than the glossary's. Every multi-word
    term is checked; a one-word term is checked when its kind is `zone`, `card-type`,
    `keyword`, `stat` or `action` and its capitals are mixed up (`SketchBook`). Plain lower
    case of a one-word term (`luck`) is reported only when its entry sets `strict_case:
    true`, or lists that exact spelling among its `variants`. A capital only because a
    sentence, a clause after a colon, or a line starts, and text in all capitals
    (headings), are fine."""
    for match in analysis.matches:
        if match.form.variant or match.case in ("exact", "neutral"):
            continue
        entry = match.entry
        several = len(match.form.words) > 1
        strict = entry.strict_case or (entry.kind in STRICT_KINDS and match.case == "wrong")
        listed = found_text(analysis, match) in vocab.case_variants.get(entry.term, ())
        if not (several or strict or listed):
            continue
        right = vocab.spelled_like(match.form, analysis.tokens[match.first : match.last + 1])
        yield Hit(
            match.start,
            match.end,
            f"{quoted(found_text(analysis, match))} should be written {quoted(right)},"
            " with the glossary's capitals",
            right,
        )


@text_rule(
    "TX102",
    "known-variant",
    "error",
    "A wrong name the glossary lists for a term.",
    RuleDoc(
        why="Old or borrowed names make players look for a zone that does not exist in this game.",
        hit=Example("When your Persona loses a Duel, move 2 cards to your discard pile.", "shards"),
        non_hit=Example(
            "When your Persona loses a Duel, move 2 cards to your Fractured Shards.", "shards"
        ),
        fix="Use the glossary's term: `move 2 cards to your Fractured Shards`.",
        options="`variants:` on each glossary entry.",
    ),
)
def known_variant(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A name the glossary lists as wrong for a term (its `variants`), in any capitals:
    `discard pile` in Shards of the Artisan, where the game says Fractured Shards; `trash
    can` or `Garage Can` in Splatterkins, where it says Garbage Can. A gloss is not a slip:
    the variant in parentheses next to its own term (`Drawing Board (discard pile)`, or
    the other way round), or joined to it by the words that name it (`the discard pile is
    called the Drawing Board`)."""
    for match in analysis.matches:
        if not match.form.variant or is_gloss(analysis, match):
            continue
        term = match.entry.term
        yield Hit(
            match.start,
            match.end,
            f"{quoted(found_text(analysis, match))} is not this game's word: the glossary says"
            f" {quoted(term)}",
            term,
        )


# --- TX2xx typos of game terms -----------------------------------------------------------


def _limit(term: str) -> int:
    return 1 if len(term) <= 8 else 2


def _window_typo(
    vocab: Vocabulary, analysis: Analysis, first: int, size: int, words: tuple[str, ...]
) -> bool:
    """Whether tokens first..first+size-1 spell the multi-word term `words` with a typo."""
    tokens = analysis.tokens
    if first < 0 or first + size > len(tokens):
        return False
    span = range(first, first + size)
    if any(i in analysis.consumed for i in span):
        return False
    text = analysis.unit.text
    for i in range(first, first + size - 1):
        if text[tokens[i].end : tokens[i + 1].start].strip():
            return False
    differing = 0
    for k, i in enumerate(span):
        actual, wanted = tokens[i].fold, words[k]
        if actual == wanted or wanted in base_forms(actual) or actual in base_forms(wanted):
            continue
        if len(wanted) < 4 or actual in vocab.misspellings:
            return False
        if len(actual) < 6 and vocab.known_word(actual):
            return False
        if distance(actual, wanted, _limit(wanted)) > _limit(wanted):
            return False
        differing += 1
    return differing > 0


def _plain_forms(word: str) -> set[str]:
    """A word, and the word without a plural or possessive ending."""
    forms = {word}
    for suffix in ("'s", "’s", "es", "s"):
        if word.endswith(suffix) and len(word) > len(suffix) + 3:
            forms.add(word[: -len(suffix)])
    return forms


@text_rule(
    "TX201",
    "term-typo",
    "error",
    "A word one or two edits away from a glossary term.",
    RuleDoc(
        why="A misspelt term is a term nobody can look up.",
        hit=Example("Move the top card of your Shard Deck into the Fractures Shards.", "shards"),
        non_hit=Example(
            "Move the top card of your Shard Deck into the Fractured Shards.", "shards"
        ),
        fix="Spell the term as the glossary does (`the Fractured Shards`); a right word the"
        " lists do not know goes into `lint.words`.",
        options="`lint.words`, `lint.frequent_words`.",
    ),
)
def term_typo(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A word one edit away from a one-word glossary term of 5 letters or more (two for
    terms of 9 letters or more; a shorter term is one edit away from too many words to tell
    a typo: `Glaw` is not taken for `Glow`) that is not itself a term, not an English word,
    not an inflection of a term (`Inspired`, `Respawning`) and not one of the game's own
    words (card names, type labels, field labels and values, `lint.words`, and any word
    found on `lint.frequent_words` cards or more); and a multi-word term with one of its
    words misspelt (`Fractures Shards`). The built-in English list applies to games whose
    `language` is `en`; other games list their own words in `lint.words`. A word in a
    misspelling list is left to TX903."""
    flagged: set[int] = set()
    yield from _multi_word_typos(vocab, analysis, flagged)
    for index, token in enumerate(analysis.tokens):
        if index in flagged or not _may_be_typo(vocab, analysis, index):
            continue
        term = _closest_term(vocab, token.fold)
        if term is not None:
            yield Hit(
                token.start,
                token.end,
                f"{quoted(token.text)} looks like a misspelling of the term {quoted(term)}",
                term,
            )


def _multi_word_typos(vocab: Vocabulary, analysis: Analysis, flagged: set[int]) -> Iterator[Hit]:
    """A multi-word term with one of its words misspelt (`Fractures Shards`), found from a
    word it starts or ends with; the tokens of each hit are added to `flagged`."""
    tokens = analysis.tokens
    by_first, by_last = vocab.multi_by_first, vocab.multi_by_last
    for index, token in enumerate(tokens):
        if (token.fold not in by_first and token.fold not in by_last) or (
            index in analysis.consumed
        ):
            continue
        anchored = [(index, f) for f in by_first.get(token.fold, ())]
        for form in by_last.get(token.fold, ()):
            anchored.append((index - len(form.words) + 1, form))
        for first, form in anchored:
            size = len(form.words)
            if flagged.intersection(range(first, first + size)):
                continue
            if _window_typo(vocab, analysis, first, size, form.folded):
                flagged.update(range(first, first + size))
                start, end = tokens[first].start, tokens[first + size - 1].end
                yield Hit(
                    start,
                    end,
                    f"{quoted(analysis.unit.text[start:end])} looks like a misspelling of the"
                    f" term {quoted(form.entry.term)}",
                    form.entry.term,
                )


def _may_be_typo(vocab: Vocabulary, analysis: Analysis, index: int) -> bool:
    """Whether token `index` is a word of 4 letters or more that no list knows: not allowed,
    not part of a term found, not an English or game word, not a known misspelling."""
    word = analysis.tokens[index].fold
    if len(word) < 4 or word in vocab.allowed or index in analysis.consumed:
        return False
    if not re.fullmatch(r"[^\W\d_]+(?:['’][^\W\d_]+)?", word) or vocab.known_word(word):
        return False
    return word not in vocab.misspellings


def _closest_term(vocab: Vocabulary, word: str) -> str | None:
    """The one-word term `word` is fewest edits from, within the term's limit (`_limit`);
    None if none is, or if the word is an inflection of a term."""
    bases = base_forms(word)
    if any(b in vocab.entry_keys for b in bases):
        return None
    best: tuple[int, str] | None = None
    for term, entry in vocab.typo_terms:
        if abs(len(term) - len(word)) > 3 or bases & base_forms(term):
            continue
        limit = _limit(term)
        found = min(distance(b, term, limit) for b in _plain_forms(word))
        if found <= limit and (best is None or found < best[0]):
            best = (found, entry.term)
    return best[1] if best is not None else None
