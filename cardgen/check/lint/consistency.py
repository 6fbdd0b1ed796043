"""Lint rule of consistency across texts: one glossary term written one way in a game's
cards, or in the documents of one run (TX301)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from cardgen.check.lint.rules import Example, Hit, RuleDoc, found_text, quoted, set_rule
from cardgen.check.lint.text import tokenize
from cardgen.check.lint.usage import is_gloss, used_as_term
from cardgen.check.lint.vocab import Analysis, TermMatch, Vocabulary, same_case


def _form_key(analysis: Analysis, match: TermMatch) -> tuple[str, ...]:
    """How an occurrence is written, in the term's own words: `("luck",)`, `("Luck",)`."""
    if match.form.variant:
        return ("variant:", *match.form.folded)
    if match.case == "exact":
        return match.form.words
    key = []
    span = analysis.tokens[match.first : match.last + 1]
    for token, word in zip(span, match.form.words, strict=True):
        actual = token.text
        if same_case(actual, word):
            key.append(word)
        elif actual == actual.lower():
            key.append(word.lower())
        elif actual.isupper():
            key.append(word.upper())
        else:
            key.append(word[:1].upper() + word[1:].lower())
    return tuple(key)


@set_rule(
    "TX301",
    "variant-consistency",
    "warning",
    "One term written two ways in the same game: the less usual way is flagged.",
    RuleDoc(
        why="Two spellings of one thing suggest two things. A one-word term in lower case is"
        " fine alone (it may be an ordinary word), but next to its capitalised form it is an"
        " inconsistency.",
        hit=Example("Trust your luck.", "shards"),
        non_hit=Example("Trust your Luck.", "shards"),
        fix="Write the term one way everywhere: `Trust your Luck.` where the other cards say"
        " `Add +1 to Luck.` (or reword the card so it is not about the stat).",
        options="`lint.severity: {TX301: error}` to make it fail the run.",
    ),
)
def variant_consistency(
    vocab: Vocabulary, analyses: list[Analysis], reported: set[tuple[int, int]]
) -> Iterator[tuple[Analysis, Hit]]:
    """One glossary entry written in two or more ways across the texts linted together (a
    game's cards, or all the documents of one run): its own form, other capitals (`luck`
    and `Luck`), its listed variants. When the glossary's own form is used at all, it wins;
    otherwise the most frequent form wins. Every occurrence of another form is flagged,
    unless TX101 or TX102 already reported that very spot. Only uses of the term count: a
    lower-case ordinary word (`duels`, `to dry`, `shoot`, `a dark green border`) is not
    the term unless its entry sets `strict_case`, and a gloss (`Drawing Board (discard
    pile)`) is not a variant."""
    groups: dict[str, list[tuple[Analysis, TermMatch, tuple[str, ...]]]] = defaultdict(list)
    for analysis in analyses:
        for match in analysis.matches:
            if match.case == "neutral" and not match.form.variant:
                continue
            if is_gloss(analysis, match) or not used_as_term(vocab, analysis, match):
                continue
            groups[match.entry.term].append((analysis, match, _form_key(analysis, match)))
    for term, occurrences in groups.items():
        counts = Counter(key for _, _, key in occurrences)
        if len(counts) < 2:
            continue
        canonical = tuple(t.text for t in tokenize(term))
        winner = max(counts, key=lambda k: (k == canonical, k[:1] != ("variant:",), counts[k]))
        for analysis, match, key in occurrences:
            if key in (winner, canonical) or (id(analysis), match.start) in reported:
                continue
            others = counts[winner]
            hit = Hit(
                match.start,
                match.end,
                f"{quoted(found_text(analysis, match))} here, but {quoted(_shown(winner))}"
                f" {others} time{'s' if others != 1 else ''} elsewhere: write {quoted(term)}"
                " one way",
                term,
            )
            yield analysis, hit


def _shown(key: tuple[str, ...]) -> str:
    return " ".join(key[1:] if key and key[0] == "variant:" else key)
