"""The lint rules: one small function per rule, each with its code, name and severity.

A text rule looks at one text (`Analysis`: a card's text or name, or a document) and
yields `Hit`s, character spans with a message. A set rule looks at all the texts of a run
at once (consistency across a game, quotes, rendering). Every rule is data-driven from the
game: its glossary, its fields and bounds, and the `lint:` section of `game.yaml`.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Literal

from cardgen.check.lint_text import MASK, tokenize
from cardgen.check.lint_vocab import (
    STRICT_KINDS,
    Analysis,
    TermMatch,
    Vocabulary,
    base_forms,
    same_case,
)
from cardgen.check.select import matches
from cardgen.fuzzy import closest, distance
from cardgen.model.patterns import GroupFinder, keyword_finders

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


@dataclass(frozen=True)
class Rule:
    """A lint rule: stable code, kebab-case name, default severity, what it reads."""

    code: str
    name: str
    severity: Severity
    summary: str
    fields: frozenset[str]
    check: TextCheck | None = None
    set_check: SetCheck | None = None
    opt_in: bool = False


RULES: dict[str, Rule] = {}
"""Every rule by code."""

TEXT_AND_DOCS = frozenset({"text", "document"})
CARD_TEXT = frozenset({"text"})
EVERYWHERE = frozenset({"text", "name", "document"})


def text_rule(
    code: str, name: str, severity: Severity, summary: str, fields: frozenset[str] = TEXT_AND_DOCS
) -> Callable[[TextCheck], TextCheck]:
    """Register a rule that looks at one text at a time."""

    def register(check: TextCheck) -> TextCheck:
        RULES[code] = Rule(code, name, severity, summary, fields, check=check)
        return check

    return register


def set_rule(
    code: str,
    name: str,
    severity: Severity,
    summary: str,
    fields: frozenset[str] = TEXT_AND_DOCS,
    *,
    opt_in: bool = False,
) -> Callable[[SetCheck], SetCheck]:
    """Register a rule that looks at all the texts of a run together."""

    def register(check: SetCheck) -> SetCheck:
        RULES[code] = Rule(code, name, severity, summary, fields, set_check=check, opt_in=opt_in)
        return check

    return register


def _words(text: str) -> list[str]:
    """A word list written as one string."""
    return text.split()


def _quoted(text: str) -> str:
    return f'"{text}"'


def _found(analysis: Analysis, match: TermMatch) -> str:
    return analysis.unit.text[match.start : match.end]


# --- TX1xx glossary canonical form ---------------------------------------------------------


@text_rule("TX101", "term-capitalisation", "error", "A glossary term written with other capitals.")
def term_capitalisation(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """Multi-word terms, and one-word terms of the kinds zone, card-type, keyword, stat and
    action, written with mixed-up capitals; plain lower case in one-word terms only when the
    entry sets `strict_case` or lists that spelling among its variants (so `luck` in prose
    is fine, `Fractured shards` is not). Capitals that only start a sentence, and all
    capitals (headings), are fine."""
    for match in analysis.matches:
        if match.form.variant or match.case in ("exact", "neutral"):
            continue
        entry = match.entry
        several = len(match.form.words) > 1
        strict = entry.strict_case or (entry.kind in STRICT_KINDS and match.case == "wrong")
        listed = _found(analysis, match) in vocab.case_variants.get(entry.term, ())
        if not (several or strict or listed):
            continue
        right = vocab.spelled_like(match.form, analysis.tokens[match.first : match.last + 1])
        yield Hit(
            match.start,
            match.end,
            f"{_quoted(_found(analysis, match))} should be written {_quoted(right)},"
            " with the glossary's capitals",
            right,
        )


@text_rule("TX102", "known-variant", "error", "A wrong name the glossary lists for a term.")
def known_variant(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A variant listed under a glossary entry (`discard pile` where the game says
    `Fractured Shards`), in any capitals."""
    for match in analysis.matches:
        if not match.form.variant:
            continue
        term = match.entry.term
        yield Hit(
            match.start,
            match.end,
            f"{_quoted(_found(analysis, match))} is not this game's word: the glossary says"
            f" {_quoted(term)}",
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


@text_rule("TX201", "term-typo", "error", "A word one or two edits away from a glossary term.")
def term_typo(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A word 1-2 edits from a one-word term (1 for terms up to 8 letters) that is no term,
    no English word and none of the game's own words; or a phrase that is a multi-word term
    with one word misspelt (`Fractures Shards`)."""
    tokens = analysis.tokens
    flagged: set[int] = set()
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
                    f"{_quoted(analysis.unit.text[start:end])} looks like a misspelling of the"
                    f" term {_quoted(form.entry.term)}",
                    form.entry.term,
                )
    for index, token in enumerate(tokens):
        word = token.fold
        if len(word) < 4 or word in vocab.allowed or index in analysis.consumed:
            continue
        if index in flagged:
            continue
        if not re.fullmatch(r"[^\W\d_]+(?:['’][^\W\d_]+)?", word) or vocab.known_word(word):
            continue
        if word in vocab.misspellings:
            continue
        bases = base_forms(word)
        if any(b in vocab.entry_keys for b in bases):
            continue
        best: tuple[int, str] | None = None
        for term, entry in vocab.typo_terms:
            if abs(len(term) - len(word)) > 3 or bases & base_forms(term):
                continue
            limit = _limit(term)
            found = min(distance(b, term, limit) for b in _plain_forms(word))
            if found <= limit and (best is None or found < best[0]):
                best = (found, entry.term)
        if best is not None:
            yield Hit(
                token.start,
                token.end,
                f"{_quoted(token.text)} looks like a misspelling of the term {_quoted(best[1])}",
                best[1],
            )


# --- TX3xx consistency ---------------------------------------------------------------------


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
)
def variant_consistency(
    vocab: Vocabulary, analyses: list[Analysis], reported: set[tuple[int, int]]
) -> Iterator[tuple[Analysis, Hit]]:
    """Counts how each glossary entry is written across the texts linted together (a game's
    cards, or the documents of one run). When it is written two or more ways, the glossary's
    own form wins if it is used at all, otherwise the most frequent; every other occurrence
    is flagged, unless TX101 or TX102 already reported that very spot."""
    groups: dict[str, list[tuple[Analysis, TermMatch, tuple[str, ...]]]] = defaultdict(list)
    for analysis in analyses:
        for match in analysis.matches:
            if match.case == "neutral" and not match.form.variant:
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
                f"{_quoted(_found(analysis, match))} here, but {_quoted(_shown(winner))}"
                f" {others} time{'s' if others != 1 else ''} elsewhere: write {_quoted(term)}"
                " one way",
                term,
            )
            yield analysis, hit


def _shown(key: tuple[str, ...]) -> str:
    return " ".join(key[1:] if key and key[0] == "variant:" else key)


# --- TX4xx / TX5xx keywords ----------------------------------------------------------------

NUMBERED_NOUNS = frozenset(
    _words(
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


@text_rule("TX401", "undefined-keyword", "error", "A keyword used in text but not defined.")
def undefined_keyword(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """Text that looks like a keyword by the game's `glossary.keyword_patterns` (by default a
    capitalised word followed by a number inside a sentence, or a label such as `Talent:`
    at the start of a card text) whose keyword is no glossary entry, type label, card name
    or word listed in `lint.not_keywords`."""
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
                f"{_quoted(word)} is used like a keyword, but the glossary does not define it"
                + (f"; did you mean {_quoted(hint)}?" if hint else ""),
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


@text_rule("TX501", "keyword-parameter", "error", "A keyword with a missing or wrong parameter.")
def keyword_parameter(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A glossary keyword written with its canonical capitals must be followed by the
    parameters its entry's `params` lists (`Inspire 2` for `params: [number]`); one with no
    `params` must not be followed by a number. Quoted or introduced keywords (`such as
    "Inspire"`) are mentions and are skipped."""
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
                yield Hit(match.start, match.end, f"{_quoted(entry.term)} takes no parameter")
            continue
        position = match.end
        for param in entry.params:
            position, problem = _param_problem(vocab, analysis, param, position)
            if problem is None:
                continue
            example = f"{entry.term} {PARAM_EXAMPLES.get(param, '...')}"
            if problem == "":
                message = f"{_quoted(entry.term)} needs a {param}, as in {_quoted(example)}"
            else:
                message = (
                    f"{_quoted(entry.term)} needs a {param} here, not {_quoted(problem)}"
                    f" (as in {_quoted(example)})"
                )
            yield Hit(match.start, match.end, message)
            break


# --- RF1xx card references -------------------------------------------------------------------

_SMALL_WORDS = frozenset(_words("of the a an and or in on to de du la le les des et vs"))
_QUOTED = re.compile(r"[\"“«]\s?([^\"“”«»\n]{2,60}?)\s?[\"”»]")
_ITALIC = re.compile(r"(?<![*\w\\])\*(?!\*)([^*\n]{2,60}?)(?<![*\s])\*(?![*\w])")
_NAMED = re.compile(
    r"\b(?:named|called)\s+((?:[A-Z][\w'’-]*)(?:\s+(?:of|the|and|[A-Z][\w'’-]*))*"
    r"(?:\s+\([A-Z][\w'’-]*\))?)"
)


def _title_like(name: str) -> bool:
    words = name.split()
    return (
        0 < len(words) <= 6
        and all(
            w[:1].isupper() or w[:1] in "(+" or w.casefold() in _SMALL_WORDS or w[:1].isdigit()
            for w in words
        )
        and words[0][:1].isupper()
    )


@text_rule(
    "RF101", "unknown-card-reference", "error", "A card named in text that is not in the pool."
)
def unknown_card_reference(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """Card names in text: quoted (`"Glue Trap"`), in italics (`*Glue Trap*`) or after
    `named` / `called`. A name that is no card of the pool (nor a glossary term, a type
    label or the game's name) is reported with the closest card name. In documents a
    quoted phrase only counts when it is close to a card name (quotes there often name
    rules sections)."""
    unit = analysis.unit
    names = vocab.card_names
    seen: set[int] = set()
    text = unit.text
    for pattern, kind, marks in (
        (_NAMED, "named", ("named", "called")),
        (_ITALIC, "italic", ("*",)),
        (_QUOTED, "quoted", ('"', "“", "«")),
    ):
        if not any(mark in text for mark in marks):
            continue
        for found in pattern.finditer(text):
            name = found.group(1).strip().rstrip(".,;:!?")
            start = found.start(1)
            if start in seen or not _title_like(name):
                continue
            seen.add(start)
            if (
                vocab.pack.find(name) is not None
                or vocab.defined(name)
                or vocab.is_label(name)
                or name.casefold() == vocab.pack.game.name.casefold()
            ):
                continue
            hint = closest(name, names)
            if unit.kind == "document" and kind == "quoted" and hint is None:
                continue
            yield Hit(
                start,
                start + len(name),
                f"no card named {_quoted(name)} in this game"
                + (f"; did you mean {_quoted(hint)}?" if hint else ""),
                hint,
            )


# --- TX6xx numbers ---------------------------------------------------------------------------

NUMBER_WORDS = {
    w: n
    for n, w in enumerate(
        _words(
            "zero one two three four five six seven eight nine ten eleven twelve thirteen"
            " fourteen fifteen sixteen seventeen eighteen nineteen twenty"
        )
    )
}


@dataclass(frozen=True)
class _Bounds:
    label: str
    low: int | None
    high: int | None
    where: str


_NUMBER_BEFORE = re.compile(
    rf"(?<![\w.+-])(?P<sign>[+-])?(?P<num>\d+|{'|'.join(NUMBER_WORDS)})\s+"
    r"(?:(?P<rel>more|less|fewer|extra|additional)\s+)?\Z",
    re.IGNORECASE,
)
_NUMBER_AFTER = re.compile(r"\s+(?:of\s+|:\s*)?(?P<sign>[+-])?(?P<num>\d+)(?!\w|[.,]\d)")


def _bounds(vocab: Vocabulary) -> tuple[re.Pattern[str] | None, dict[str, _Bounds]]:
    """A pattern for the label of any bounded int field, and each label's bounds."""
    cached = vocab.cache.get("bounds")
    if cached is not None:
        return cached  # type: ignore[return-value]
    found: dict[str, list[tuple[int | None, int | None, str]]] = defaultdict(list)
    labels: dict[str, str] = {}
    for ctype in vocab.pack.game.types.values():
        for name, spec in ctype.fields.items():
            if spec.type != "int" or (spec.min is None and spec.max is None):
                continue
            label = spec.label or name
            labels[label.casefold()] = label
            found[label.casefold()].append((spec.min, spec.max, ctype.label))
    table = {}
    for key, specs in found.items():
        lows = [lo for lo, _, _ in specs]
        highs = [hi for _, hi, _ in specs]
        low = None if None in lows else min(lo for lo in lows if lo is not None)
        high = None if None in highs else max(hi for hi in highs if hi is not None)
        owner = max(specs, key=lambda s: s[1] if s[1] is not None else -1)[2]
        table[key] = _Bounds(labels[key], low, high, owner)
    pattern = None
    if table:
        names = "|".join(re.escape(labels[k]) for k in sorted(table, key=len, reverse=True))
        pattern = re.compile(rf"(?<![\w-])(?:{names})(?![\w])", re.IGNORECASE)
    vocab.cache["bounds"] = (pattern, table)
    return pattern, table


@text_rule("TX601", "number-out-of-bounds", "error", "A number in text beyond its field's bounds.")
def number_out_of_bounds(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A number right before or after the label of an int field (`gain 25 Inspiration`,
    `Bonus of 4`) checked against that field's largest maximum (and smallest minimum) over
    every card type; numbers written as words up to twenty count too. A label inside a
    longer glossary term (`Bonus` in `R-Ally Bonus`) is not that field."""
    pattern, table = _bounds(vocab)
    if pattern is None:
        return
    text = analysis.unit.text
    for label in pattern.finditer(text):
        if analysis.match_covering(label.start(), label.end()):
            continue
        number = _NUMBER_BEFORE.search(text, max(0, label.start() - 40), label.start())
        if number is None:
            number = _NUMBER_AFTER.match(text, label.end())
        if number is None:
            continue
        raw = number.group("num")
        value = int(raw) if raw.isdigit() else NUMBER_WORDS[raw.casefold()]
        signed = bool(number.group("sign") or number.groupdict().get("rel"))
        bounds = table[label.group().casefold()]
        start, end = number.span("num")
        if bounds.high is not None and value > bounds.high:
            yield Hit(
                start,
                end,
                f"{value} {bounds.label} is more than any card can have: at most"
                f" {bounds.high} ({bounds.where})",
            )
        elif not signed and bounds.low is not None and value < bounds.low:
            yield Hit(start, end, f"{value} {bounds.label} is less than the minimum {bounds.low}")


# --- TX7xx labels and types ------------------------------------------------------------------


def _label_patterns(vocab: Vocabulary) -> list[dict[str, re.Pattern[str] | None]]:
    """Per label check: value -> a pattern for the other values' words."""
    cached = vocab.cache.get("labels")
    if cached is None:
        built: list[dict[str, re.Pattern[str] | None]] = []
        for check in vocab.pack.game.lint.label_checks:
            words = {str(v): [w] if isinstance(w, str) else list(w) for v, w in check.words.items()}
            per_value: dict[str, re.Pattern[str] | None] = {}
            for value, own in words.items():
                others = [w for v, ws in words.items() if v != value for w in ws if w not in own]
                anchor = r"\A\s*" if check.at_start else r"(?<![\w{])"
                alternatives = "|".join(map(re.escape, sorted(others, key=len, reverse=True)))
                per_value[value] = (
                    re.compile(anchor + rf"(?P<word>{alternatives})(?![\w}}])") if others else None
                )
            built.append(per_value)
        vocab.cache["labels"] = cached = built
    return cached  # type: ignore[return-value]


@text_rule(
    "TX701", "label-mismatch", "error", "Card text naming another value than its field.", CARD_TEXT
)
def label_mismatch(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """The game's `lint.label_checks`: for the cards a check selects, the text must not name
    the word of another value of the field (an `instant` Technique whose text starts with
    `Constant`; an Ally of stat `luck` whose text names `Agility`)."""
    card = analysis.unit.card
    if card is None:
        return
    checks = vocab.pack.game.lint.label_checks
    for check, per_value in zip(checks, _label_patterns(vocab), strict=True):
        if not matches(card, check.where):
            continue
        value = card.get(check.field)
        if value is None or str(value) not in per_value:
            continue
        own = check.words[str(value)]
        right = own if isinstance(own, str) else own[0]
        pattern = per_value[str(value)]
        if pattern is None:
            continue
        for found in pattern.finditer(analysis.unit.text):
            word = found.group("word")
            ctype = vocab.pack.game.types[card.type].label
            yield Hit(
                found.start("word"),
                found.end("word"),
                f"{ctype} of {check.field} {value} names {_quoted(word)} in its text;"
                f" its word is {_quoted(right)}",
                right,
            )


# --- TX8xx typography ------------------------------------------------------------------------

_STRAIGHT = "\"'"
_CURLY = "“”‘’"
_PAIRS = {'"': "“", "'": "’", "“": '"', "”": '"', "‘": "'", "’": "'"}


@set_rule(
    "TX801",
    "mixed-quotes",
    "warning",
    "Straight and curly quotes mixed in one game's texts or one document.",
    EVERYWHERE,
)
def mixed_quotes(
    vocab: Vocabulary, analyses: list[Analysis], reported: set[tuple[int, int]]
) -> Iterator[tuple[Analysis, Hit]]:
    """Straight (`"` `'`) against curly (`“ ” ‘ ’`) quotes and apostrophes: a game's card
    texts and names count together, each document on its own; the less used style is
    flagged at each use (a tie flags the curly ones)."""
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


@text_rule("TX802", "double-space", "warning", "Two or more spaces between words.", EVERYWHERE)
def double_space(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """Runs of spaces, tabs or no-break spaces inside a line (not indentation, not the end of
    a line)."""
    text = analysis.unit.text
    if "  " not in text and "\t" not in text and "\u00a0" not in text:
        return
    for found in _DOUBLE_SPACE.finditer(text):
        yield Hit(found.start(), found.end(), "more than one space between words", " ")


_FINAL = re.compile(r"[.!?…][)\]\"”’'»*]*\s*\Z")


@text_rule(
    "TX803", "missing-final-period", "warning", "Card text not ending with a full stop.", CARD_TEXT
)
def missing_final_period(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """When `glossary.final_period` is true, a card's text ends with `.`, `!` or `?`
    (closing brackets or quotes may follow); a last line made of a keyword alone (`Inspire
    2`) is exempt."""
    text = analysis.unit.text.rstrip()
    if not text or not vocab.pack.game.glossary.final_period or _FINAL.search(text):
        return
    last = re.split(r"[.!?:\n]", text)[-1].strip()
    if any(m.entry.kind == "keyword" and m.start == text.rfind(last) for m in analysis.matches):
        return
    yield Hit(len(text), len(text), "card text does not end with a full stop", text + ".")


# --- TX9xx English slips ---------------------------------------------------------------------

_DOUBLED_OK = frozenset({"that", "had", "nous", "vous", "is", "bye", "so", "very"})
_GAP = re.compile(r"[ \t\u00a0]+(?:\n[ \t\u00a0]*)?|\n[ \t\u00a0]*")


@text_rule("TX901", "doubled-word", "error", "The same word twice in a row.", EVERYWHERE)
def doubled_word(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """`the the`, across spaces, or across one line break when spelt the same (so a heading
    `CHARACTER` above `Character cards...` is fine); `that that`, `had had` and the French
    `nous nous`, `vous vous` are allowed, and so are numbers (`2 2`)."""
    tokens, text = analysis.tokens, analysis.unit.text
    for before, after in itertools.pairwise(tokens):
        if before.fold != after.fold or before.fold in _DOUBLED_OK or not before.fold.isalpha():
            continue
        gap = _GAP.fullmatch(text, before.end, after.start)
        if gap and ("\n" not in gap.group() or before.text == after.text):
            yield Hit(
                before.start, after.end, f"{_quoted(before.text)} twice in a row", before.text
            )


_ITS_NOUNS = frozenset(
    _words(
        """ability abilities effect effects cost costs owner controller text stat stats turn power
    health attack damage value name colour color colorway place position deck hand side own
    bonus total partner twin trait card cards form version line border symbol level type
    kind shape number points pattern range weapon target"""
    )
)
_IT_S = re.compile(r"\b([Ii]t['’]s)\s+([\w'’-]+)")
_ITS = re.compile(r"\b([Ii]ts)\s+(a|an|the|not|been|going|got)\b")


@text_rule("TX902", "its-its", "warning", "it's (it is) and its (of it) confused.", EVERYWHERE)
def its_its(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """`it's` before a noun it owns (`it's ability`, `it's Inspiration cost`: a common noun
    of rules text or a glossary term) should be `its`; `its` before `a`, `the`, `not`,
    `been` should be `it's`."""
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
                f"{_quoted(found.group(1))} means 'it is': before {_quoted(following)} write"
                f" {_quoted(right)}",
                right,
            )
    for found in _ITS.finditer(text):
        right = found.group(1)[0] + "t's"
        yield Hit(
            found.start(1),
            found.end(1),
            f"{_quoted(found.group(1))} before {_quoted(found.group(2))}: write {_quoted(right)}"
            " (it is)",
            right,
        )


@text_rule("TX903", "common-misspelling", "error", "A frequent misspelling.", EVERYWHERE)
def common_misspelling(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """Words from the built-in list of frequent misspellings (English games: `recieve`,
    `untill`, `responce`...) and the game's own `lint.misspellings` (`Dual -> Duel`)."""
    spans = [(t.start, t.end) for t in analysis.tokens if t.fold in vocab.misspellings]
    if vocab.misspelling_pattern is not None:
        spans += [m.span() for m in vocab.misspelling_pattern.finditer(analysis.unit.text)]
    for start, end in sorted(spans):
        wrong = analysis.unit.text[start:end]
        right = vocab.misspellings[wrong.casefold()]
        if wrong[:1].isupper():
            right = right[:1].upper() + right[1:]
        yield Hit(start, end, f"{_quoted(wrong)} is a misspelling of {_quoted(right)}", right)


_APOSTROPHE_NOUNS = frozenset(_words("card cards hand deck turn side dice piece pieces"))


@text_rule(
    "TX904",
    "missing-apostrophe",
    "warning",
    "A plural where a possessive is meant: `opponents Shard Deck`.",
)
def missing_apostrophe(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A plural of one of `lint.possessors` (player, opponent, owner by default) right before
    a glossary term or a noun such as `card` or `hand`: `their opponents Shard Deck` means
    `opponent's` (or `opponents'`)."""
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
            f"{_quoted(plural + ' ' + owned)}: a missing apostrophe? {_quoted(right)}"
            f" (one) or {_quoted(plural + chr(39))} (several)",
            right,
        )


# --- TX10xx rendering ------------------------------------------------------------------------


@set_rule(
    "TX1001",
    "text-overflow",
    "warning",
    "Card text that overflows its box at the smallest allowed size (renders every card).",
    CARD_TEXT,
    opt_in=True,
)
def text_overflow(
    vocab: Vocabulary, analyses: list[Analysis], reported: set[tuple[int, int]]
) -> Iterator[tuple[Analysis, Hit]]:
    """Renders each card with the game's layouts (`layouts/<game>/`) and reports the
    renderer's overflow warnings (RN101). Slow, so never on by default: select it by its
    full code (`--select TX1001`) or with `ALL`."""
    root = vocab.root
    if root is None or not (root / "layouts" / vocab.pack.id).is_dir():
        return
    from cardgen.render.game import GameRenderer

    renderer = GameRenderer.open(root, vocab.pack.id)
    for analysis in analyses:
        card = analysis.unit.card
        if card is None or analysis.unit.part != "text":
            continue
        _, warnings = renderer.card(renderer.pack.find(card.name) or card)
        for warning in warnings:
            if warning.code == "RN101":
                yield analysis, Hit(0, len(card.text), warning.message)
