"""A game's vocabulary for the linter, built once per game, and the terms found in a text.

`Vocabulary` indexes the glossary by first word (terms and their wrong variants), and
knows which words are right although they are no term: English words, the game's own
names and labels, words the game lists, and words on many of its cards. `Analysis` holds
what every rule needs from one text: its words and the glossary terms found in it (the
longest match wins; a term's last word may take a plural or a possessive).
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from cardgen.check.lint.english import ENGLISH
from cardgen.check.lint.misspellings import MISSPELLINGS
from cardgen.check.lint.text import TOKEN, TextUnit, Token, sentence_start, tokenize
from cardgen.load.game import GamePack
from cardgen.model.glossary import GlossaryEntry

Case = Literal["exact", "neutral", "lower", "wrong"]
"""How a found term is capitalised: as the glossary says; neutral (all capitals, or a
capital only because a sentence starts); all lower case; otherwise wrong."""

STRICT_KINDS = frozenset({"zone", "card-type", "keyword", "stat", "action"})
"""Kinds of one-word terms whose mixed-up capitals (not plain lower case) are TX101."""

_SUFFIXES = ("'s", "’s", "s'", "s’", "s", "es")
NOUN_FIRST = frozenset({"fr", "es", "it", "pt"})
"""Languages whose multi-word terms start with their noun, so its first word takes the plural."""
_QUOTES_BETWEEN = ' \t\n\u00a0\u202f«»“”"'
"""What may stand between the words of a multi-word term: spaces, and the quotes that
French puts around a name (`cartes « Classic »` is the term `carte Classic`)."""


def last_word_forms(word: str) -> frozenset[str]:
    """The forms a term's last word may take: plural and possessive."""
    forms = {word} | {word + suffix for suffix in _SUFFIXES}
    if word.endswith("y"):
        forms.add(word[:-1] + "ies")
    return frozenset(forms)


def base_forms(word: str) -> set[str]:
    """Words `word` may be an inflection of: `decks` -> deck, `upgrading` -> upgrade, ..."""
    bases = {word}
    for suffix in ("'s", "’s"):
        if word.endswith(suffix):
            word = word[: -len(suffix)]
            bases.add(word)
    for suffix, replacements in (
        ("ies", ("y",)),
        ("ied", ("y",)),
        ("es", ("", "e")),
        ("s", ("",)),
        ("ed", ("", "e")),
        ("d", ("",)),
        ("ing", ("", "e")),
        ("ly", ("",)),
        ("er", ("", "e")),
        ("est", ("", "e")),
        ("ers", ("", "e")),
    ):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            stem = word[: -len(suffix)]
            bases.update(stem + r for r in replacements)
            if len(stem) > 2 and stem[-1] == stem[-2]:
                bases.add(stem[:-1])
    return bases


def same_case(actual: str, canonical: str) -> bool:
    """Whether the letters the two words share are capitalised alike."""
    return all(
        a == c for a, c in zip(actual, canonical, strict=False) if a.casefold() == c.casefold()
    )


@dataclass(frozen=True, slots=True)
class Form:
    """One spelling to find: a glossary term, or one of its wrong variants."""

    entry: GlossaryEntry
    words: tuple[str, ...]
    folded: tuple[str, ...]
    variant: bool
    last_forms: frozenset[str]
    first_forms: frozenset[str] = frozenset()
    """The forms a multi-word term's first word may take: itself, and in a language that
    puts the noun first (French), its plural (`cartes Classic`)."""

    @property
    def text(self) -> str:
        """The form's words, as one string."""
        return " ".join(self.words)


@dataclass(frozen=True, slots=True)
class TermMatch:
    """A glossary term or variant found in a text, from token `first` to token `last`."""

    form: Form
    first: int
    last: int
    start: int
    end: int
    case: Case

    @property
    def entry(self) -> GlossaryEntry:
        """The glossary entry the matched form belongs to."""
        return self.form.entry


def _title(words: Iterable[str]) -> str:
    return " ".join(words)


@dataclass
class Vocabulary:
    """Everything about one game that the rules look words up in."""

    pack: GamePack
    root: Path | None = None
    index: dict[str, list[Form]] = field(default_factory=dict)
    entry_keys: dict[str, GlossaryEntry] = field(default_factory=dict)
    case_variants: dict[str, set[str]] = field(default_factory=dict)
    allowed: set[str] = field(default_factory=set)
    card_words: set[str] = field(default_factory=set)
    labels: dict[str, str] = field(default_factory=dict)
    typo_terms: list[tuple[str, GlossaryEntry]] = field(default_factory=list)
    multi_by_first: dict[str, list[Form]] = field(default_factory=dict)
    multi_by_last: dict[str, list[Form]] = field(default_factory=dict)
    misspellings: dict[str, str] = field(default_factory=dict)
    misspelling_pattern: re.Pattern[str] | None = None
    """Misspellings that are not a single word (matched by pattern, not by token)."""
    card_names: list[str] = field(default_factory=list)
    cache: dict[str, object] = field(default_factory=dict)

    @classmethod
    def build(cls, pack: GamePack, root: Path | None = None) -> Vocabulary:
        """Index the game's glossary, names and labels (once per game)."""
        vocab = cls(pack=pack, root=root)
        game = pack.game
        vocab._index_glossary()
        for type_id, ctype in game.types.items():
            for label in (ctype.label, ctype.plural_label, type_id):
                vocab.labels[label.casefold()] = type_id
        for card in pack.cards:
            vocab.card_words.update(w.casefold() for w in TOKEN.findall(card.name))
        vocab.allowed = _allowed_words(pack, vocab.card_words)
        vocab.misspellings = dict(MISSPELLINGS) if game.language == "en" else {}
        vocab.misspellings.update({w.casefold(): r for w, r in game.lint.misspellings.items()})
        vocab.card_names = [card.name for card in pack.cards]
        vocab.misspelling_pattern = _phrase_pattern(vocab.misspellings)
        return vocab

    def _index_glossary(self) -> None:
        """Every term and variant of the glossary by the words it may start with, longest
        first, a term before its variants."""
        for entry in self.pack.game.glossary.entries:
            self._add_form(entry, entry.term, variant=False)
            for variant in entry.variants:
                self._add_form(entry, variant, variant=True)
        for forms in self.index.values():
            forms.sort(key=lambda f: (-len(f.words), f.variant))

    def _add_form(self, entry: GlossaryEntry, text: str, *, variant: bool) -> None:
        words = tuple(t.text for t in tokenize(text))
        if not words:
            return
        folded = tuple(w.casefold() for w in words)
        if variant and folded == tuple(t.fold for t in tokenize(entry.term)):
            self.case_variants.setdefault(entry.term, set()).add(text)
            return
        first = {folded[0]}
        if len(words) > 1 and self.pack.game.language in NOUN_FIRST:
            first |= {folded[0] + "s", folded[0] + "x"}
        form = Form(entry, words, folded, variant, last_word_forms(folded[-1]), frozenset(first))
        keys = form.last_forms if len(words) == 1 else first
        for key in keys:
            self.index.setdefault(key, []).append(form)
        if variant:
            return
        self.entry_keys[" ".join(folded)] = entry
        if len(words) == 1:
            if len(folded[0]) >= 5 and folded[0].isalpha():
                self.typo_terms.append((folded[0], entry))
        else:
            self.multi_by_first.setdefault(folded[0], []).append(form)
            for last in form.last_forms:
                self.multi_by_last.setdefault(last, []).append(form)

    def defined(self, phrase: str) -> GlossaryEntry | None:
        """The glossary entry a phrase names (any kind), plurals included."""
        words = [t.fold for t in tokenize(phrase)]
        if not words:
            return None
        for last in {words[-1]} | base_forms(words[-1]):
            entry = self.entry_keys.get(" ".join([*words[:-1], last]))
            if entry is not None:
                return entry
        return None

    def is_label(self, phrase: str) -> bool:
        """Whether a phrase is a card type's label, plural or id."""
        return phrase.casefold() in self.labels

    def known_word(self, fold: str) -> bool:
        """A word that is right as it is: English, the game's own, or an inflection of one."""
        return fold in self.allowed or any(b in self.allowed for b in base_forms(fold))

    def analyse(self, unit: TextUnit) -> Analysis:
        """The words of a text and the glossary terms and variants found in it (card names
        are only split into words: no rule looks for terms in them)."""
        tokens = tokenize(unit.text)
        matches: list[TermMatch] = []
        if unit.part == "name":
            return Analysis(unit, tokens, matches)
        text = unit.text
        known = self.index
        index, count = 0, len(tokens)
        while index < count:
            match = None
            if tokens[index].fold in known:
                match = self._match_at(text, tokens, index)
            if match is None:
                index += 1
                continue
            matches.append(match)
            index = match.last + 1
        return Analysis(unit, tokens, matches)

    def _match_at(self, text: str, tokens: list[Token], index: int) -> TermMatch | None:
        for form in self.index.get(tokens[index].fold, ()):
            last = index + len(form.words) - 1
            if last >= len(tokens):
                continue
            ok = True
            for offset in range(len(form.words) - 1):
                here, after = tokens[index + offset], tokens[index + offset + 1]
                gap = text[here.end : after.start].strip(_QUOTES_BETWEEN)
                wanted = form.first_forms if offset == 0 else (form.folded[offset],)
                if gap or here.fold not in wanted:
                    ok = False
                    break
            if not ok or tokens[last].fold not in form.last_forms:
                continue
            span = tokens[index : last + 1]
            case = self._case(form, span, sentence_start(text, span[0].start))
            return TermMatch(form, index, last, span[0].start, span[-1].end, case)
        return None

    @staticmethod
    def _case(form: Form, span: list[Token], at_start: bool) -> Case:
        actual = [t.text for t in span]
        if _as_written(actual, form.words):
            return "exact"
        if _shouted(actual, form.words) or (at_start and _capital_to_start(actual, form.words)):
            return "neutral"
        if all(a == a.lower() for a in actual):
            return "lower"
        return "wrong"

    def spelled_like(self, form: Form, span: list[Token]) -> str:
        """The canonical term, with the plural or possessive ending the text gave it."""
        words = list(form.words)
        last_actual, last_word = span[-1].fold, form.folded[-1]
        if last_actual != last_word:
            if last_word.endswith("y") and last_actual.endswith("ies"):
                words[-1] = words[-1][:-1] + span[-1].text[len(last_word) - 1 :]
            else:
                words[-1] = words[-1] + span[-1].text[len(last_word) :]
        return _title(words)


def _allowed_words(pack: GamePack, card_words: set[str]) -> set[str]:
    """The words that are right although they are no term: English (a game in English),
    the words of the card names, the words the game lists, its types', fields' and
    choices' labels, its glossary's words, and (`frequent_words`) words on many cards."""
    game = pack.game
    allowed = set(ENGLISH if game.language == "en" else frozenset())
    allowed |= card_words
    allowed |= {w.casefold() for w in game.lint.words}
    for ctype in game.types.values():
        allowed.update(t.fold for t in tokenize(f"{ctype.label} {ctype.plural_label}"))
        for name, spec in ctype.fields.items():
            allowed.update(t.fold for t in tokenize(f"{name} {spec.label}"))
            allowed.update(t.fold for t in tokenize(" ".join(map(str, spec.choices))))
    for entry in game.glossary.entries:
        allowed.update(t.fold for t in tokenize(entry.term))
    if game.lint.frequent_words:
        allowed.update(_frequent_words(pack, game.lint.frequent_words))
    return allowed


def _frequent_words(pack: GamePack, at_least: int) -> list[str]:
    """The words (case-folded) in the texts of at least `at_least` cards."""
    counts: Counter[str] = Counter()
    for card in pack.cards:
        counts.update({w.casefold() for w in TOKEN.findall(card.text)})
    return [w for w, n in counts.items() if n >= at_least]


def _phrase_pattern(misspellings: dict[str, str]) -> re.Pattern[str] | None:
    """A pattern of the misspellings that are not one word (or not as a token reads it),
    longest first; None when there are none."""
    phrases = [w for w in misspellings if len(tokenize(w)) != 1 or tokenize(w)[0].fold != w]
    if not phrases:
        return None
    alternatives = "|".join(re.escape(w) for w in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<![\w'’-])(?:{alternatives})(?![\w'’-])", re.IGNORECASE)


def _as_written(actual: list[str], words: tuple[str, ...]) -> bool:
    """Whether each word starts as the term's does, or has its capitals."""
    return all(a.startswith(c) for a, c in zip(actual, words, strict=True)) or all(
        same_case(a, c) for a, c in zip(actual, words, strict=True)
    )


def _shouted(actual: list[str], words: tuple[str, ...]) -> bool:
    """Whether the term is written in capitals (some of its words, the others as the
    term writes them)."""
    shouting = [
        a.isupper() and len(a) > 1 and not same_case(a, c)
        for a, c in zip(actual, words, strict=True)
    ]
    if any(shouting):  # a one-letter word in capitals is shouted with the words about it
        shouting = [s or a.isupper() for s, a in zip(shouting, actual, strict=True)]
    return any(shouting) and all(
        s or same_case(a, c) for s, a, c in zip(shouting, actual, words, strict=True)
    )


def _capital_to_start(actual: list[str], words: tuple[str, ...]) -> bool:
    """Whether the term, which starts in lower case, is written as it is but for the
    capital a sentence starts with."""
    first = words[0]
    lowered = actual[0][:1].lower() + actual[0][1:]
    return (
        first[:1].islower()
        and same_case(lowered, first)
        and all(same_case(a, c) for a, c in zip(actual[1:], words[1:], strict=True))
    )


@dataclass
class Analysis:
    """One text's words and the glossary terms found in it."""

    unit: TextUnit
    tokens: list[Token]
    matches: list[TermMatch]
    _consumed: set[int] | None = None
    _starts: dict[int, TermMatch] | None = None

    @property
    def consumed(self) -> set[int]:
        """Indexes of the tokens inside a found term or variant."""
        if self._consumed is None:
            self._consumed = {i for m in self.matches for i in range(m.first, m.last + 1)}
        return self._consumed

    def match_starting(self, token_index: int) -> TermMatch | None:
        """The found term that starts at this token, if any."""
        if self._starts is None:
            self._starts = {m.first: m for m in self.matches}
        return self._starts.get(token_index)

    def match_covering(self, start: int, end: int) -> TermMatch | None:
        """A found term that covers the character span and is longer than it."""
        for match in self.matches:
            if (
                match.start <= start
                and end <= match.end
                and (match.start, match.end)
                != (
                    start,
                    end,
                )
            ):
                return match
        return None

    def token_at(self, offset: int) -> int | None:
        """The index of the token starting at `offset`."""
        index = bisect.bisect_left(self.tokens, offset, key=lambda t: t.start)
        if index < len(self.tokens) and self.tokens[index].start == offset:
            return index
        return None
