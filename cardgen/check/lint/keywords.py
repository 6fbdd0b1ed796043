"""Lint rules of keywords: every keyword used is defined (TX401) and has its parameters
(TX501)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.rules import Example, Hit, RuleDoc, quoted, text_rule, words
from cardgen.check.lint.vocab import Analysis, Vocabulary
from cardgen.fuzzy import closest
from cardgen.model.patterns import GroupFinder, keyword_finders

PATTERN_OPTIONS = r"""`glossary.keyword_patterns`: a list of `{pattern, scope, description}`, each
a regular expression with a named group `keyword`, for `card` text, `document`s or `any`;
it replaces the defaults, and `keyword_patterns: []` turns the rule off.
`lint.not_keywords`.

A game's patterns are run by [RE2](https://github.com/google/re2/wiki/Syntax), in time
linear in the text whatever the pattern (Python's `re` backtracks: `(?P<keyword>(a|aa)+)$`
over 60 `a`s and a full stop would run for days). RE2 reads Python's syntax, named groups
`(?P<name>...)` included, with these differences: no lookbehind or lookahead (`(?<=...)`,
`(?=...)`: match the character itself, `[a-z,;] (?P<keyword>[A-Z][a-z]+) (?P<param>\d+)`),
no backreferences (`\1`, `(?P=name)`), `\z` rather than `\Z`; `\w`, `\d` and `\b` are ASCII
(`\pL` is a letter of any script, `\p{Greek}` one of a script); a repetition is at most
1000 (`{1000}`), repetitions inside repetitions multiplied. A pattern RE2 cannot run is an
error at its line of game.yaml, with the way to write it
(`game.yaml:21:17: glossary.keyword_patterns.0.pattern: RE2 (which runs a game's patterns, in
time linear in the text) cannot compile it: invalid perl operator: (?<= (lookbehind is not
supported: match the character itself: ...)`). The default patterns are cardgen's own and
keep Python's `re`."""
"""TX401's options: the game's keyword patterns, and how RE2 runs them."""

NUMBERED_NOUNS = frozenset(
    words(
        """player players team layer round turn phase step page chapter section level example rule
    card table figure stage part game version box deck set column row line lane hex tile
    zone seat option day week year group act scene wave tier rank slot position note"""
    )
)
"""Capitalised words that are followed by a number without being keywords (`Player 2`)."""


def _keyword_patterns(vocab: Vocabulary) -> list[tuple[GroupFinder, str]]:
    cached = vocab.cache.get("keyword_patterns")
    if cached is None:
        cached = keyword_finders(vocab.pack.game.glossary.keyword_patterns)
        vocab.cache["keyword_patterns"] = cached
    return cached  # type: ignore[return-value]


@text_rule(
    "TX401",
    "undefined-keyword",
    "error",
    "A keyword used in text but not defined.",
    RuleDoc(
        why="A keyword on a card needs a rule that says what it does; a Talent that says"
        " `Inspire 1` only works if the game defines Inspire.",
        hit=Example("Talent: When Prisma attacks, Rampage 2 on it.", "splatterkins"),
        non_hit=Example("Talent: When Prisma attacks, Inspire 2 on it.", "splatterkins"),
        fix="Add the keyword to the glossary with its definition and parameters, or use the"
        " keyword the game has: `Inspire 2`.",
        options=PATTERN_OPTIONS,
    ),
)
def undefined_keyword(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """Text that looks like a keyword whose keyword no glossary entry defines. By default
    two patterns say what a keyword looks like: a capitalised word followed by a number
    inside a sentence (`..., Rampage 2 on it`), and a label ending in a colon at the very
    start of a card text (`Talent:`, `Shoot:`). The keyword is fine when it is a glossary
    entry of any kind, a card type's label, a word of a card name, or a word listed in
    `lint.not_keywords`; numbered nouns such as `Player 2`, `Team 1`, `Layer 5`, `Round 3`
    are never keywords."""
    unit = analysis.unit
    not_keywords = NUMBERED_NOUNS | {w.casefold() for w in vocab.pack.game.lint.not_keywords}
    keywords = [e.term for e in vocab.pack.game.glossary.entries if e.kind == "keyword"]
    for pattern, scope in _keyword_patterns(vocab):
        if scope not in ("any", unit.kind):
            continue
        for start, end in pattern.spans(unit.text):
            word = unit.text[start:end]
            if (
                vocab.defined(word)
                or vocab.is_label(word)
                or word.casefold() in not_keywords
                or word.casefold() in vocab.card_words
                or vocab.pack.find(word) is not None
                or any(m.start <= start < m.end for m in analysis.matches)
            ):
                continue
            hint = closest(word, keywords)
            yield Hit(
                start,
                end,
                f"{quoted(word)} is used like a keyword, but the glossary does not define it"
                + (f"; did you mean {quoted(hint)}?" if hint else ""),
                hint,
            )


_MENTION_BEFORE = re.compile(r"(?:such as|like|keyword|called|named)\s*$", re.IGNORECASE)
_QUOTES = "\"'“”‘’«»*"
PARAM_EXAMPLES = {"number": "2", "stat": "Luck", "card": "Card Name", "colorway": "Vibrant"}
_NUMBER = re.compile(r"\s+([+-]?\d+|X|N)(?![\w])")
_NEXT_WORD = re.compile(r"\s+([^\s.,;:!?()]+)")


def _mention(text: str, start: int, end: int) -> bool:
    """A keyword quoted or introduced (`such as Inspire`) is talked about, not used."""
    before = text[max(0, start - 1) : start]
    after = text[end : end + 1]
    return (
        bool(before and before in _QUOTES)
        or bool(after and after in _QUOTES)
        or bool(_MENTION_BEFORE.search(text[max(0, start - 20) : start]))
    )


def _param_problem(
    vocab: Vocabulary, analysis: Analysis, param: str, position: int
) -> tuple[int, str | None]:
    """Read one parameter at `position`: (the end of it, or of the text looked at; the word
    found instead when it is wrong, "" when missing, None when it is right)."""
    text = analysis.unit.text
    if param == "number":
        number = _NUMBER.match(text, position)
        if number:
            return number.end(), None
    elif param == "card":
        rest = text[position:].lstrip().lstrip(_QUOTES).casefold()
        names = sorted((c.name for c in vocab.pack.cards), key=len, reverse=True)
        for name in names:
            if rest.startswith(name.casefold()):
                return position + len(name), None
    elif param in ("stat", "colorway"):
        word = _NEXT_WORD.match(text, position)
        if word:
            index = analysis.token_at(word.start(1))
            match = analysis.match_starting(index) if index is not None else None
            if param == "stat" and match is not None and match.entry.kind == "stat":
                return match.end, None
            choices = {str(c).casefold() for c in vocab.pack.game.choice_values("colorway")}
            if param == "colorway" and word.group(1).casefold() in choices:
                return word.end(), None
    else:
        word = _NEXT_WORD.match(text, position)
        if word:
            return word.end(), None
    word = _NEXT_WORD.match(text, position)
    return position, (word.group(1) if word else "")


@text_rule(
    "TX501",
    "keyword-parameter",
    "error",
    "A keyword with a missing or wrong parameter.",
    RuleDoc(
        why="`Inspire` alone does not say how much; a player must guess.",
        hit=Example("Talent: When Kikz is defeated, Inspire your Visionary.", "splatterkins"),
        non_hit=Example(
            "Talent: When Kikz is defeated, Inspire 2 on your Visionary.", "splatterkins"
        ),
        fix="Give the keyword its parameters: `Inspire 2 on your Visionary`.",
        options="`params:` on the keyword's glossary entry.",
    ),
)
def keyword_parameter(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A glossary keyword (written with its glossary capitals) not followed by the
    parameters its entry's `params` lists: `number` (`2`, `+1`, `X`, `N`), `stat` (a
    glossary term of kind `stat`), `colorway` (a value of the `colorway` field), `card` (a
    card name of the pool) or `text` (any word). A keyword with no `params` must not be
    followed by a number. A keyword in quotes or after `such as`, `like`, `called` is being
    talked about, not used, and is skipped."""
    text = analysis.unit.text
    for match in analysis.matches:
        entry = match.entry
        if match.form.variant or entry.kind != "keyword" or match.case != "exact":
            continue
        if analysis.tokens[match.last].fold != match.form.folded[-1]:
            continue
        if _mention(text, match.start, match.end):
            continue
        if not entry.params:
            if _NUMBER.match(text, match.end) and not text[match.end :].startswith((" N", " X")):
                yield Hit(match.start, match.end, f"{quoted(entry.term)} takes no parameter")
            continue
        position = match.end
        for param in entry.params:
            position, problem = _param_problem(vocab, analysis, param, position)
            if problem is None:
                continue
            example = f"{entry.term} {PARAM_EXAMPLES.get(param, '...')}"
            if problem == "":
                message = f"{quoted(entry.term)} needs a {param}, as in {quoted(example)}"
            else:
                message = (
                    f"{quoted(entry.term)} needs a {param} here, not {quoted(problem)}"
                    f" (as in {quoted(example)})"
                )
            yield Hit(match.start, match.end, message)
            break
