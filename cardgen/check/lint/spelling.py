"""Lint rules of English slips: doubled words (TX901), it's and its (TX902), frequent
misspellings (TX903) and missing apostrophes (TX904)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from cardgen.check.lint.rules import EVERYWHERE, Example, Hit, RuleDoc, quoted, text_rule, words
from cardgen.check.lint.vocab import Analysis, Vocabulary

_DOUBLED_OK = frozenset({"that", "had", "nous", "vous", "is", "bye", "so", "very"})
_GAP = re.compile(r"[ \t\u00a0]+(?:\n[ \t\u00a0]*)?|\n[ \t\u00a0]*")


@text_rule(
    "TX901",
    "doubled-word",
    "error",
    "The same word twice in a row.",
    RuleDoc(
        why="The classic slip of editing: the eye skips the second word.",
        hit=Example("Put the the card on the bottom of your Shard Deck.", "shards"),
        non_hit=Example("Put the card on the bottom of your Shard Deck.", "shards"),
        fix="Delete the second word: `Put the card on the bottom`.",
    ),
    EVERYWHERE,
)
def doubled_word(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """The same word twice in a row: `the the`, `The the`, or across one line break when
    spelt the same (so a heading `CHARACTER` above `Character cards ...` is fine). `that
    that`, `had had`, `is is`, `so so`, `very very`, `bye bye` (and the French `nous nous`,
    `vous vous`) are allowed, and numbers are not words here (`2 2`)."""
    tokens, text = analysis.tokens, analysis.unit.text
    for before, after in itertools.pairwise(tokens):
        if before.fold != after.fold or before.fold in _DOUBLED_OK or not before.fold.isalpha():
            continue
        gap = _GAP.fullmatch(text, before.end, after.start)
        if gap and ("\n" not in gap.group() or before.text == after.text):
            yield Hit(before.start, after.end, f"{quoted(before.text)} twice in a row", before.text)


_ITS_NOUNS = frozenset(
    words(
        """ability abilities effect effects cost costs owner controller text stat stats turn power
    health attack damage value name colour color colorway place position deck hand side own
    bonus total partner twin trait card cards form version line border symbol level type
    kind shape number points pattern range weapon target"""
    )
)
_IT_S = re.compile(r"\b([Ii]t['’]s)\s+([\w'’-]+)")
_ITS = re.compile(r"\b([Ii]ts)\s+(a|an|the|not|been|going|got)\b")


@text_rule(
    "TX902",
    "its-its",
    "warning",
    "it's (it is) and its (of it) confused.",
    RuleDoc(
        why="A common slip that readers notice at once.",
        hit=Example("Use it's ability once per turn.", "splatterkins"),
        non_hit=Example("Use its ability once per turn.", "splatterkins"),
        fix="`its` for `of it`, `it's` for `it is`: `Use its ability`.",
    ),
    EVERYWHERE,
)
def its_its(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """`it's` (it is) before a noun it owns: a common noun of rules text (`ability`,
    `effect`, `cost`, `owner`, `turn`, ...) or a glossary term (`it's Inspiration cost`);
    and `its` before `a`, `an`, `the`, `not`, `been`, `going`, `got`."""
    text = analysis.unit.text
    lower = text.lower()
    if "it's" not in lower and "it’s" not in lower and "its " not in lower:
        return
    for found in _IT_S.finditer(text):
        following = found.group(2)
        index = analysis.token_at(found.start(2))
        term = analysis.match_starting(index) if index is not None else None
        if following.casefold() in _ITS_NOUNS or (term is not None and not term.form.variant):
            right = found.group(1)[0] + "ts"
            yield Hit(
                found.start(1),
                found.end(1),
                f"{quoted(found.group(1))} means 'it is': before {quoted(following)} write"
                f" {quoted(right)}",
                right,
            )
    for found in _ITS.finditer(text):
        right = found.group(1)[0] + "t's"
        yield Hit(
            found.start(1),
            found.end(1),
            f"{quoted(found.group(1))} before {quoted(found.group(2))}: write {quoted(right)}"
            " (it is)",
            right,
        )


@text_rule(
    "TX903",
    "common-misspelling",
    "error",
    "A frequent misspelling.",
    RuleDoc(
        why="Cheap to find, embarrassing in print.",
        hit=Example("Choose one stat for the Dual.", "shards"),
        non_hit=Example("Choose one stat for the Duel.", "shards"),
        fix="Write the suggestion: `the Duel` (Shards of the Artisan's `lint.misspellings`"
        " says `Dual: Duel`).",
        options="`lint.misspellings` (wrong -> right; several options may be written `right1,"
        " right2`).",
    ),
    EVERYWHERE,
)
def common_misspelling(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A word from the built-in list of frequent English misspellings (`recieve`,
    `occured`, `seperate`, `untill`, `definately`, `responce`, ... about 150, in codespell's
    `wrong->right` style; English games only) or from the game's own `lint.misspellings`,
    whole words in any capitals. The suggestion keeps a leading capital."""
    spans = [(t.start, t.end) for t in analysis.tokens if t.fold in vocab.misspellings]
    if vocab.misspelling_pattern is not None:
        spans += [m.span() for m in vocab.misspelling_pattern.finditer(analysis.unit.text)]
    for start, end in sorted(spans):
        wrong = analysis.unit.text[start:end]
        right = vocab.misspellings[wrong.casefold()]
        if wrong[:1].isupper():
            right = right[:1].upper() + right[1:]
        yield Hit(start, end, f"{quoted(wrong)} is a misspelling of {quoted(right)}", right)


_APOSTROPHE_NOUNS = frozenset(words("card cards hand deck turn side dice piece pieces"))


@text_rule(
    "TX904",
    "missing-apostrophe",
    "warning",
    "A plural where a possessive is meant: `opponents Shard Deck`.",
    RuleDoc(
        why="Without the apostrophe the sentence reads as if the opponents were doing something.",
        hit=Example("The first player to empty their opponents Shard Deck wins.", "shards"),
        non_hit=Example("The first player to empty their opponent's Shard Deck wins.", "shards"),
        fix="`opponent's` for one opponent, `opponents'` for several.",
        options="`lint.possessors` (`[]` turns the rule off).",
    ),
)
def missing_apostrophe(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """The plural of a possessor noun (`lint.possessors`: player, opponent, owner by
    default) right before a glossary term or a noun such as `card`, `hand`, `deck`, `turn`:
    `their opponents Shard Deck` means `opponent's` (one opponent) or `opponents'`
    (several)."""
    possessors = vocab.cache.get("possessors")
    if possessors is None:
        names = "|".join(re.escape(p.casefold()) for p in vocab.pack.game.lint.possessors)
        possessors = re.compile(rf"\b({names})s(?!['’\w])[ \t]+", re.IGNORECASE) if names else False
        vocab.cache["possessors"] = possessors
    if not isinstance(possessors, re.Pattern):
        return
    for found in possessors.finditer(analysis.unit.text):
        index = analysis.token_at(found.end())
        if index is None:
            continue
        term = analysis.match_starting(index)
        following = analysis.tokens[index]
        if not (
            (term is not None and not term.form.variant and term.case != "lower")
            or following.fold in _APOSTROPHE_NOUNS
        ):
            continue
        plural = analysis.unit.text[found.start(1) : found.end(1) + 1]
        right = plural[:-1] + "'s"
        owned = analysis.unit.text[term.start : term.end] if term is not None else following.text
        yield Hit(
            found.start(1),
            found.end(1) + 1,
            f"{quoted(plural + ' ' + owned)}: a missing apostrophe? {quoted(right)}"
            f" (one) or {quoted(plural + chr(39))} (several)",
            right,
        )
