"""Claims in prose: a number, its qualifier and the noun phrase it counts, in English or French.

A claim (`facts.Claim`) is a span of text that states a number about something the game's
data fixes (`Facts`): `up to 50 cards` in a deck, `10 Signed Characters`, `6 Allies (+1)`,
`a hand of 5`, `deux pioches de 7 cartes`, `12 shapes`, `Doodles up to 3 Inspiration`. Each
finder reads one shape of sentence and yields the facts that apply; a sentence it cannot
read for sure yields nothing (silence rather than a guess). Player counts and the deal
table are read by `players`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from cardgen.check.lint.box_claims import box_claims
from cardgen.check.lint.claim_filter import kept_claims
from cardgen.check.lint.claim_patterns import (
    COPIES_PATTERNS,
    DECK_MAX_PATTERNS,
    DECK_PATTERNS,
    HAND_PATTERNS,
    VALUE_NAMES,
    value_pattern,
)
from cardgen.check.lint.clause_claims import ClauseReader
from cardgen.check.lint.clause_lexicon import build_lexicon
from cardgen.check.lint.counter_claims import CounterReader
from cardgen.check.lint.deck_claims import DeckReader
from cardgen.check.lint.facts import EACH, Claim, Fact, Facts, Subject, subject_of
from cardgen.check.lint.field_claims import FieldReader
from cardgen.check.lint.phrases import field_labels, subject_phrases
from cardgen.check.lint.pile_claims import PileReader
from cardgen.check.lint.players import deal_claims, listed_deals, player_claims, table_claims
from cardgen.check.lint.quantities import (
    HEADING_QUALIFIER,
    MIDDLE,
    NUM,
    QUALIFIED,
    SP,
    TRAILED,
    WEAK,
    any_of,
    number_value,
    qualifier_kind,
)
from cardgen.check.lint.rules import words
from cardgen.check.lint.scope import (
    BOX_CUE,
    DECK_CUE,
    GROUP_BEFORE,
    SETUP_STEP,
    STARTER_CUE,
    context,
    heading,
    section,
    sentence,
    sentence_bounds,
    word_before,
)
from cardgen.check.lint.setup_claims import SetupReader
from cardgen.load.game import GamePack

_MID = rf"(?:[^\S\n]+(?P<mid>{MIDDLE}))?"

_BLOCKED_BEFORE = frozenset(
    words("the both these those les ces player joueur turn tour page round manche step")
    + words("chapter phase level each every per chaque top bottom first last premières")
    + words("dernières")
)
"""A word right before a number that makes it no count of the game's things
(`the two Personas` are two on the table, `Turn 3`, `Player 2`)."""
_RANGE_BEFORE = re.compile(
    rf"(?:{NUM}\s*,?\s*(?:to|or|and|à|ou|et|-|–)\s*|{NUM}\s*,\s*|[+-])\Z", re.IGNORECASE
)
_BUILD_CUE = re.compile(
    r"\b(?:holds?|holding|contains?|containing|includes?|including|consists?|made|make|built"
    r"|build(?:ing)?|construct\w*|has|have|having|contient|comprend|compte|contenir|compter"
    r"|inclure|inclut|avoir|include|includes|hold)\b",
    re.IGNORECASE,
)
"""A count of cards of a kind is a deck's make-up (a deck rule) only in a sentence about a
deck with a qualifier, a list, or a verb of what it holds (`a deck holds 2 Personas`);
`deal 2 damage to 3 Heroes` and `search your deck for 2 Personas` count nothing fixed."""
_PER_GROUP = (
    r"(?:(?:of|from|for|in|de|dans)\s+(?:each|every|chaque|a\s+single|any\s+one)|per|par"
    r"|(?:from|of|in)\s+the\s+same|du\s+même|de\s+la\s+même|d['’]une?\s+même)\b"
)
"""After a counted phrase, a count per group (`12 Ships of each guild`, `12 ingrédients de
chaque famille`): held against each group's count, never against the total."""
_NOT_GROUP = r"(?:(?:a|an|the|un|une|le|la)\s+)?(?:{}players?|joueurs?|games?|parties?)\b"
"""`per deck`, `par joueur`: the scope of a count, not a group of cards."""
_INTO_DECK = (
    r"\b(?:into|in|to|dans)\s+(?:your|a|the|their|votre|un|le|son|leur)\s+(?:[\w-]+\s+)?"
    r"(?:deck|paquet{})\b"
)
_ALL_DECKS = re.compile(
    r"\b(?:both|all|across|every|tous\s+les|les\s+deux|en\s+tout|au\s+total)\b", re.I
)
"""Decks taken together (`Across both decks the box has 32 creatures`): the box's count."""
_SETUP_SECTION = re.compile(
    r"\b(?:set\s*-?\s*up|mise\s+en\s+place|préparation|components|contents|matériel|contenu)\b",
    re.IGNORECASE,
)
"""A section whose `the 10 Locations` are all of them: setting up, or the box."""


def deck_cue(deck_words: list[str]) -> re.Pattern[str]:
    """Words of a sentence or section about decks: `DECK_CUE` and the game's own words for
    a deck (`grimoire`)."""
    if not deck_words:
        return DECK_CUE
    return re.compile(rf"{DECK_CUE.pattern}|\b(?:{any_of(deck_words)})\b", re.IGNORECASE)


class ClaimFinder:
    """The claims of one game's texts: patterns built once from its data."""

    def __init__(self, pack: GamePack) -> None:
        self.pack = pack
        self.facts = Facts.build(pack)
        self.phrases = subject_phrases(pack)
        self.labels = field_labels(pack)
        self.field_reader = FieldReader(pack, self.phrases, self.labels)
        card_words = ["cards", "card", "cartes", "carte", *self.phrases]
        deal_from = pack.game.setup.deal_from
        dealt_kind = subject_of(deal_from) if deal_from is not None else None
        dealt_words = ["cards", "card", "cartes", "carte"]
        dealt_words += [p for p, s in self.phrases.items() if dealt_kind and s == dealt_kind]
        self.setup_reader = SetupReader(self.facts, card_words, dealt_words)
        self.deck_reader = DeckReader(self.facts)
        self.deck_cue = deck_cue(self.facts.deck_words)
        own = "".join(f"{w}|" for w in [*self.facts.deck_words, "decks?", "paquets?"])
        self.into_deck = re.compile(_INTO_DECK.format("|" + own.rstrip("|")), re.I)
        self.pile_reader = PileReader(self.facts, self.phrases)
        self.counter_reader = CounterReader(self.facts, self.phrases, self.labels)
        lexicon = build_lexicon(self.facts, self.phrases, self.labels)
        self.clause_reader = ClauseReader(self.facts, lexicon, self._count_facts, self._per_group)
        alternatives = any_of(list(self.phrases))
        self.count = re.compile(
            rf"(?<![\w.+/-]){QUALIFIED}(?P<num>{NUM}){_MID}(?P<times>\s*[x×])?{SP}(?P<subj>{alternatives})"
            r"(?![\w'’-])(?!\s+(?:types?|kinds?|points?|stats?|values?|costs?|tiles?)\b)"
            rf"(?:{SP}(?P<per>{_PER_GROUP}){SP}(?!{_NOT_GROUP.format(own)})(?P<group>[^\W\d][\w’'-]*))?"
            + TRAILED,
            re.IGNORECASE,
        )
        self.piles = [
            (
                re.compile(
                    rf"\b{re.escape(word)}[sx]?{SP}(?:de|of){SP}{QUALIFIED}(?P<num>{NUM}){SP}"
                    r"(?:cartes|cards)\b",
                    re.IGNORECASE,
                ),
                facts,
            )
            for word, facts in self.facts.piles.items()
        ]
        self.values = [
            (word[:-1], value_pattern(VALUE_NAMES.get(word, re.escape(word))), fact)
            for word, fact in self.facts.values.items()
        ]

    def claims(self, text: str, *, prose: bool = True) -> Iterator[Claim]:
        """Every claim of a text, in the order the finders read them; then, in prose (a
        rules document, not a card's effect text), the clause reader's, for the numbers
        none of them read. A variant's or an example's sentence states none."""
        found = list(self._worded(text))
        if prose:
            found += self.clause_reader.claims(text, [(c.start, c.end) for c in found])
        yield from kept_claims(text, found)

    def _worded(self, text: str) -> Iterator[Claim]:
        """The claims the readers of wordings find."""
        yield from self._counts(text)
        yield from self.field_reader.claims(text)
        yield from self._deck_size(text)
        yield from self.deck_reader.claims(text)
        yield from self._hand(text)
        yield from self.setup_reader.claims(text)
        yield from self._piles(text)
        yield from self._copies(text)
        yield from self._players(text)
        yield from self._values(text)
        yield from table_claims(self.facts, text)
        yield from self.pile_reader.claims(text)
        yield from box_claims(self.facts, text)
        yield from self.counter_reader.claims(text)

    @staticmethod
    def _read(match: re.Match[str], fixed: str = "") -> tuple[int, str] | None:
        """The number and qualifier of a match (before the number, after the phrase, or
        `fixed`), None for a weak word (`one`, `un`) with no qualifier."""
        groups = match.groupdict()
        raw = match.group("num")
        kind = qualifier_kind(groups.get("q")) or qualifier_kind(groups.get("after"), trailing=True)
        kind = kind or qualifier_kind(groups.get("mid"), trailing=True) or fixed
        if " ".join(raw.casefold().split()) in WEAK and not kind:
            return None
        return number_value(raw), kind

    @staticmethod
    def _blocked(text: str, start: int) -> bool:
        """A number after `the`, `Turn`, a range's first number or a sign counts nothing;
        but `the 10 Locations` in a Setup or Components section is all of them (the box)."""
        before = text[max(0, start - 24) : start]
        if _RANGE_BEFORE.search(before):
            return True
        previous = word_before(text, start).casefold()
        if previous not in _BLOCKED_BEFORE:
            return False
        if previous in ("the", "les"):
            return _SETUP_SECTION.search(section(text, start)) is None
        return True

    def _counts(self, text: str) -> Iterator[Claim]:
        for match in self.count.finditer(text):
            above = heading(text, match.start())
            titled = HEADING_QUALIFIER.search(above) if above else None
            read = self._read(match, qualifier_kind(titled.group("q")) if titled else "")
            subject = self.phrases.get(" ".join(match.group("subj").casefold().split()))
            if read is None or subject is None or self._blocked(text, match.start()):
                continue
            said = context(text, match.start())
            place = f"{section(text, match.start())} \n {said}"
            titled_box = _SETUP_SECTION.search(section(text, match.start())) is not None
            all_of = word_before(text, match.start()) in ("the", "les")
            boxed = BOX_CUE.search(said) is not None or (
                (above is not None or all_of) and titled_box
            )
            if not all_of and self._step(text, match):
                continue
            listed = above is not None or match.group("times") is not None
            if not boxed and not self._about_a_deck(place, listed or bool(read[1])):
                continue
            facts = self._facts_of_count(text, match, subject, boxed, above, bool(read[1]))
            yield Claim(match.start(), match.end(), *read, facts)

    def _facts_of_count(
        self,
        text: str,
        match: re.Match[str],
        subject: Subject,
        boxed: bool,
        above: str | None,
        qualified: bool,
    ) -> list[Fact]:
        """The facts of a count of a kind of card: per group (after it, `of each guild`, or
        before it, `Within a single element`), else by its scope (`_count_facts`); a deck's
        word before it in a box sentence is a starter deck's, unless all decks together."""
        begins = sentence_bounds(text, match.start())[0]
        before = text[begins : match.start()]
        group_before = GROUP_BEFORE.search(before)
        if match.group("per"):
            return self._per_group(subject, match.group("group"), boxed)
        if group_before is not None:
            return self._per_group(subject, group_before.group("group"), boxed)
        starter = STARTER_CUE.search(f"{above or ''} {before}") is not None or (
            boxed and self.deck_cue.search(before) is not None and _ALL_DECKS.search(before) is None
        )
        return self._count_facts(subject, boxed, qualified, starter)

    def _about_a_deck(self, said: str, qualified: bool) -> bool:
        """Whether a count of cards is about a deck's make-up (see `_BUILD_CUE`): a sentence
        about a deck, with a qualifier or a list, or a verb of what the deck holds."""
        if self.deck_cue.search(said) is None:
            return False
        return qualified or _BUILD_CUE.search(said) is not None

    def _count_facts(
        self, subject: Subject, boxed: bool, qualified: bool, starter_said: bool
    ) -> list[Fact]:
        """The facts a count of a subject is about, by its scope: a starter deck's list
        (`STARTER DECKS CONTAIN 54 CARDS:`) states the starter decks' make-up; a qualified
        count (`no more than 9`, a list under `may contain no more than:`) a deck rule, which
        a starter deck built at the cap cannot hide; the box's line in a sentence about the
        box; a plain count in a sentence about decks may be any of them (only a rule binds)."""
        starter = self.facts.starter_counts.get(subject, [])
        rules = self.facts.counts.get(subject, [])
        if starter_said:
            return [replace(f, binding=True) for f in starter]
        if qualified:
            return rules
        pool = self.facts.pool_count(subject)
        if boxed:
            return pool or rules
        if rules:
            return rules + [replace(f, binding=False) for f in starter]
        return [replace(f, binding=False) for f in pool + starter]

    def _step(self, text: str, match: re.Match[str]) -> bool:
        """Whether a count is what a setup step takes out (`Deal 6 Ships face up`), not
        what goes into a deck (`Take up to 6 Allies into your deck`)."""
        begins = sentence_bounds(text, match.start())[0]
        if not SETUP_STEP.search(text[begins : match.start()]):
            return False
        return self.into_deck.search(sentence(text, match.start())) is None

    def _per_group(self, subject: Subject, word: str, boxed: bool) -> list[Fact]:
        """A count per value of the field a word names (`guild`, `famille`): in a sentence
        about the box, every group's count in the box (a number all groups disagree with is
        wrong), else a deck rule's count per group; nothing when the word names no choice
        field of the subject's type."""
        pack = self.facts.pack
        type_id = dict(subject).get("type")
        if pack is None or type_id not in pack.game.types:
            return []
        folded = word.casefold().rstrip("s")
        for name, spec in pack.game.types[type_id].fields.items():
            label = (spec.label or name).casefold().rstrip("s")
            if spec.type != "choice" or folded not in (label, name.casefold().rstrip("s")):
                continue
            if not boxed:
                return self.facts.counts.get(tuple(sorted((*subject, (name, EACH)))), [])
            groups = [
                self.facts.pool_count(tuple(sorted((*subject, (name, str(v).casefold())))))
                for v in spec.choices
            ]
            return [f for g in groups for f in g] if all(groups) else []
        return []

    def _simple(
        self,
        text: str,
        patterns: tuple[re.Pattern[str], ...],
        facts: list[Fact],
        fixed: str = "",
        *,
        from_number: bool = False,
    ) -> Iterator[Claim]:
        """Claims of patterns with one number (`num`), maybe a qualifier (`q`, `after`); the
        claim's span is the whole match, or from its qualifier or number on."""
        if not facts:
            return
        for pattern in patterns:
            for match in pattern.finditer(text):
                read = self._read(match, fixed)
                if read is None:
                    continue
                start = match.start()
                if from_number:
                    start = match.start("q") if match.groupdict().get("q") else match.start("num")
                yield Claim(start, match.end(), *read, facts)

    def _deck_size(self, text: str) -> Iterator[Claim]:
        if "deck" not in text.casefold():
            return
        facts = self.facts
        sizes = facts.deck_size + facts.starter_size
        for claim in self._simple(text, DECK_PATTERNS, sizes, from_number=True):
            begins = max(text.rfind(c, 0, claim.start) for c in ".!?\n") + 1
            if STARTER_CUE.search(text[max(begins, claim.start - 30) : claim.end]):
                starter = [replace(f, binding=True) for f in facts.starter_size]
                rules = [replace(f, binding=False) for f in facts.deck_size]
                claim = replace(claim, facts=starter + rules)
            yield claim
        yield from self._simple(text, DECK_MAX_PATTERNS, facts.deck_size, fixed="max")

    def _hand(self, text: str) -> Iterator[Claim]:
        if "hand" not in text.casefold() and "main" not in text.casefold():
            return
        hand = [self.facts.hand] if self.facts.hand is not None else []
        yield from self._simple(text, HAND_PATTERNS, hand)

    def _piles(self, text: str) -> Iterator[Claim]:
        for pattern, facts in self.piles:
            yield from self._simple(text, (pattern,), facts)

    def _copies(self, text: str) -> Iterator[Claim]:
        for claim in self._simple(text, COPIES_PATTERNS, self.facts.copies):
            said = context(text, claim.start).casefold()
            if not any(name.casefold() in said for name in self.facts.copy_overrides):
                yield claim

    def _players(self, text: str) -> Iterator[Claim]:
        folded = text.casefold()
        if "player" not in folded and "joueur" not in folded:
            return
        yield from deal_claims(self.facts, text)
        yield from listed_deals(self.facts, text)
        yield from player_claims(self.facts, text)

    def _values(self, text: str) -> Iterator[Claim]:
        folded = text.casefold()
        for stem, pattern, fact in self.values:
            if stem not in folded:
                continue
            for match in pattern.finditer(text):
                group = "num" if match.group("num") else "num2"
                raw = match.group(group)
                if " ".join(raw.casefold().split()) in WEAK:
                    continue
                yield Claim(match.start(group), match.end(), number_value(raw), "", [fact])
