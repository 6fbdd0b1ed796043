"""The facts a number of a clause may be held against, for the clause reader of the claims
lint (`clause_claims`): by the things its head names (a kind of card, the deck, the hand, a
pile, a counter, a field, the dice, a token, a kind's values, a card's copies) and by its
scope (the deal for a player count, a setup step, the box, a starter deck, a count per
group). A number is wrong only when no fact of any thing it may count admits it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from cardgen.check.lint.clause_lexicon import Lexicon, Thing, field_facts
from cardgen.check.lint.clause_said import Said
from cardgen.check.lint.clause_scope import PlayerScope
from cardgen.check.lint.facts import Fact, Facts, Subject
from cardgen.check.lint.scope import SETUP_CUE, STARTER_CUE, section

CountFacts = Callable[[Subject, bool, bool, bool], list[Fact]]
"""The facts a count of a kind of card is about (`ClaimFinder._count_facts`)."""
GroupFacts = Callable[[Subject, str, bool], list[Fact]]
"""The facts of a count per group of a kind of card (`ClaimFinder._per_group`)."""
_EACH_THING = re.compile(
    r"\b(?:each|every|any|chaque|chacune?\s+des?)\s+(?P<word>[^\W\d][\w'’-]*)"
    r"(?:\s+[^\W\d][\w'’-]*)?",
    re.IGNORECASE,
)
"""`Each Ship can carry`, `Chaque catégorie compte`: a count per that thing."""
_WHOLE = frozenset({"deck", "players", "box", "hand"})
"""Things a count may be said of each of (`each deck`, `each player`)."""
_EACH_AFTER = re.compile(
    r"[^.;,\n]{0,24}\b(?:chacune?|each|apiece|par\s+(?:joueur|personne|enfant|tête)|per\s+player"
    r"|à\s+chacun|to\s+(?:each|every)\s+player)\b",
    re.IGNORECASE,
)
_SAME_CARD = re.compile(
    r"\b(?:same\s+card|a\s+card|one\s+card|any\s+card|même\s+carte|une\s+carte|chaque\s+carte)\b"
)
"""A card said as one card: `N times` is then its copies."""
_THE = re.compile(r"\b(?:the|le|la)\s+\Z", re.IGNORECASE)
_DRAW = re.compile(
    r"\b(?:draws?|drawing|pioche|piochez|piochent|tire|tirez|tirent)\b", re.IGNORECASE
)
_TURN = re.compile(
    r"\b(?:turn|tour|round|manche|each\s+time|à\s+chaque|whenever|chaque\s+fois)\b", re.IGNORECASE
)
"""A moment of play: cards drawn then are no hand."""
_EFFECT = re.compile(
    r"\b(?:lets?|allows?|permet(?:tent)?)\s+(?:you|players?|de|à|aux?)\b", re.IGNORECASE
)
"""A card's effect (`Each Deckhand lets you draw 1 card`), never the hand."""
_READY = re.compile(
    r"\b(?:start(?:er|ing)?|pre-?built|ready-made|ready-to-play|preconstructed"
    r"|pre-?constructed)\s+(?:[\w-]+\s+)?\Z",
    re.IGNORECASE,
)
"""Before a deck's own word: a ready-made one (`ready-made army`)."""
_HELD = re.compile(
    r"\b(?:holding|en\s+main|in\s+hand|begins?\s+with|starts?\s+with"
    r"|commencen?t?\s+avec|démarren?t?\s+avec)\b",
    re.IGNORECASE,
)
"""Words of what a player holds at the start: `N cards each` is then the hand or deal."""


_PRONOUN = re.compile(
    r"\s*(?:[-*•]\s*)?(?:they|it|these|those|them|ils|elles|il|elle|ceux|celles|ceux-ci"
    r"|celles-ci)\b",
    re.IGNORECASE,
)
"""A sentence whose subject is a pronoun: what its field is said of is not in it."""


class FactChooser:
    """Chooses the facts of one game a clause's number may be about."""

    def __init__(
        self, facts: Facts, lexicon: Lexicon, count_facts: CountFacts, per_group: GroupFacts
    ) -> None:
        self.facts = facts
        self.lexicon = lexicon
        self.count_facts = count_facts
        self.per_group = per_group
        assert facts.pack is not None
        self.pack = facts.pack

    def of_things(self, said: Said, things: list[Thing], *, bare: bool = False) -> list[Fact]:
        """Every fact of the things a number counts (or a bare number is said of)."""
        found: list[Fact] = []
        for thing in things:
            found += [f for f in self.of_thing(said, thing, bare=bare) if f not in found]
        return found

    def of_thing(self, said: Said, thing: Thing, *, bare: bool = False) -> list[Fact]:
        """The facts of one thing."""
        kind = thing.kind
        if said.action and not said.step:
            return []
        if kind not in ("field", "counter", "values", "faces") and self._per_thing(said):
            return self._each_group(said, thing)
        if kind in ("subject", "scope"):
            return self._subject(said, thing.subject, bare=bare)
        if kind == "deck":
            return self._deck(said, bare=bare or thing.key == "size")
        if kind in ("field", "counter", "values"):
            return self._valued(said, thing)
        if kind == "hand":
            return self.dealt()
        if kind == "pile":
            return [self.lexicon.piles[thing.key]]
        if kind == "copies":
            named = said.sentence.casefold()
            if thing.key == "times" and not _SAME_CARD.search(named):
                return []
            if any(card.casefold() in named for card in self.facts.copy_overrides):
                return []
            return list(self.facts.copies)
        return self._in_box(said, thing, bare=bare)

    def _valued(self, said: Said, thing: Thing) -> list[Fact]:
        """A counter's start or bounds, a field's bounds for the kinds the sentence names,
        how many values a kind of thing has (after a verb of having, in the box, with a
        qualifier or as a label's value)."""
        named = any(m.thing.kind in ("subject", "scope") for m in said.mentions)
        if thing.kind in ("field", "counter") and not named and _PRONOUN.match(said.sentence):
            return []
        if thing.kind == "counter":
            start, bounds = self.lexicon.counters[thing.key]
            return [start] if said.starts else [bounds]
        if thing.kind == "field":
            scoped = ("subject", "scope")
            subjects = [m.thing.subject for m in said.mentions if m.thing.kind in scoped]
            return field_facts(self.pack, thing.key, subjects)
        wanted = said.owned or said.sorted_into or said.boxed or said.qualifier or said.listed
        return [self.facts.values[thing.key]] if wanted else []

    def part(self, said: Said) -> list[Fact]:
        """A part taken from a whole (`12 of the 16 monsters`, `vingt-quatre des 36 cartes`):
        what the piles of that kind of card hold, or the hand and deal of the kind dealt."""
        found: list[Fact] = []
        for mention in said.head:
            if mention.thing.kind in ("subject", "scope"):
                subject = mention.thing.subject
                found += [
                    self.lexicon.piles[p] for p in self.lexicon.pile_subjects.get(subject, [])
                ]
                if subject == self.lexicon.deal_subject:
                    found += self.dealt()
            elif mention.thing.kind == "pile":
                found.append(self.lexicon.piles[mention.thing.key])
        return found

    def dealt(self) -> list[Fact]:
        """The hand and every row of the deal table."""
        hand = [self.facts.hand] if self.facts.hand else []
        return hand + [f for _, _, f in self.facts.deal]

    def drawn_at_setup(self, said: Said) -> list[Fact]:
        """Cards drawn in a sentence or section about setting up, not a turn (`Pour
        démarrer, on pioche 7 cartes`, `After shuffling, both players draw 5 cards`): the
        hand or the deal."""
        if not _DRAW.search(said.text, said.segment[0], said.number.start):
            return []
        place = f"{section(said.text, said.number.start)}\n{said.sentence}"
        if SETUP_CUE.search(place) is None or _TURN.search(said.sentence):
            return []
        return [] if self._per_thing(said) or _EFFECT.search(said.sentence) else self.dealt()

    def held(self, said: Said) -> list[Fact]:
        """`N cards each` or `holding N cards` with no other thing named: the hand or the
        deal (`Players begin the first minute holding six cards each`)."""
        players = any(m.thing.kind == "players" for m in said.mentions)
        each = _EACH_THING.search(said.before)
        someone = each is not None and not self.lexicon.things(each.group("word"))
        if _EACH_AFTER.match(said.text, said.number.end):
            return self.dealt()
        return self.dealt() if (players or someone) and _HELD.search(said.before) else []

    def deal_scope(self, said: Said) -> list[Fact] | None:
        """The deal rows for the player count a clause names, when it names one and the
        number is a count of cards (or a bare number) paired with it."""
        if not self.facts.deal or said.number.upper is not None or said.action:
            return None
        nearest = _nearest(said)
        if nearest is None:
            return None
        rows = [
            f for low, high, f in self.facts.deal if low <= nearest.high and nearest.low <= high
        ]
        return rows or None

    def _each_group(self, said: Said, thing: Thing) -> list[Fact]:
        """A count of a kind of card said of each value of one of its fields (`Each
        colour has eight tools`): every group's count in the box; else nothing."""
        each = _EACH_THING.search(said.before)
        if each is None or thing.kind != "subject":
            return []
        return self.per_group(thing.subject, each.group("word"), True)

    def _per_thing(self, said: Said) -> bool:
        """Whether a count is said of each of another thing (`Each Ship can carry up to 3
        Cargo`, `Chaque catégorie compte 30 mots`): not the deck's, hand's or box's."""
        each = _EACH_THING.search(said.before)
        if each is None:
            return False
        kinds = {t.kind for w in each.group().split()[1:] for t in self.lexicon.things(w)}
        return not kinds & _WHOLE

    def _in_box(self, said: Said, thing: Thing, *, bare: bool) -> list[Fact]:
        """Dice, a die's sides and the box's tokens, in a sentence about the box; a die's
        faces after a verb of having (`Le dé a 8 faces`)."""
        if thing.kind == "faces":
            if not said.having:
                return []
            named = [m.thing.key for m in said.mentions if m.thing.kind == "die"]
            if not named and len(self.lexicon.dice) == 1:
                named = list(self.lexicon.dice)
            return list({self.lexicon.dice[key][1] for key in named})
        if not said.boxed:
            return []
        if thing.kind == "component":
            return [self.lexicon.components[thing.key]]
        if thing.kind == "die":
            return [self.lexicon.dice[thing.key][0]]
        if thing.kind == "dice" and self.facts.box_dice is not None and not bare:
            return [self.facts.box_dice]
        return []

    def _subject(self, said: Said, subject: Subject, *, bare: bool) -> list[Fact]:
        """A count of a kind of card (narrowed by a value of its type the sentence names:
        `Le port, avec ses quatre lieux`): a pile it makes in a setup step, the box's count
        in a sentence about the box, a deck's make-up with a qualifier or a deck's word."""
        subject = self._narrowed(said, subject)
        if self._of_another(said, subject):
            return []
        if said.step:
            piles = [self.lexicon.piles[p] for p in self.lexicon.pile_subjects.get(subject, [])]
            dealt = self.dealt() if subject == self.lexicon.deal_subject else []
            return piles + dealt
        return self._counted(said, subject, bare=bare)

    def _counted(self, said: Said, subject: Subject, *, bare: bool) -> list[Fact]:
        """A count of a kind of card outside a setup step: in the box (or the whole pack
        of a game without decks), a deck's make-up, a starter deck's, a label's value, or
        a count said with a verb of having; only a rule or the box binds."""
        boxed = said.boxed or self._whole_pack(said)
        decked = said.decked and bool(self.facts.deck_size)
        if not (boxed or decked or said.qualifier or bare or said.listed or said.owned):
            return []
        starter = self._starter(said)
        box_like = boxed or (said.owned and not decked)
        facts = self.count_facts(subject, box_like, bool(said.qualifier), starter)
        if said.qualifier and not boxed:
            return facts
        if not (boxed or decked or said.owned):
            return [replace(f, binding=False) for f in facts]
        return facts

    @staticmethod
    def _of_another(said: Said, subject: Subject) -> bool:
        """A count said of each of another kind of card the sentence names first
        (`Doodles can have 1 Alteration attached`), outside the box and a setup step."""
        if said.boxed or said.step:
            return False
        return any(
            m.thing.kind == "subject" and m.start < said.number.start and m.thing.subject != subject
            for m in said.mentions
        )

    def _whole_pack(self, said: Said) -> bool:
        """`the deck` in a game with no deck rules and no ready-made decks: the whole
        pack, as the box holds it (`Rain makes up eight cards of the deck`)."""
        if self.facts.deck_size or self.facts.starter_size:
            return False
        return any(
            m.thing.kind == "deck" and _THE.search(said.text, max(0, m.start - 6), m.start)
            for m in said.mentions
        )

    def _starter(self, said: Said) -> bool:
        """A sentence about a ready-made deck, by `deck` or the game's own word for one
        (`Each ready-made army holds`)."""
        if STARTER_CUE.search(said.sentence):
            return True
        return any(
            m.thing.kind == "deck" and _READY.search(said.text, max(0, m.start - 24), m.start)
            for m in said.mentions
        )

    def _narrowed(self, said: Said, subject: Subject) -> Subject:
        """A kind of card narrowed by the one value of a field of its type the sentence
        names besides it (`La couleur Lune compte 13 cartes`)."""
        pairs = dict(subject)
        extra = {
            pair
            for m in said.mentions
            if m.thing.kind == "scope" and m.thing.subject != subject
            for pair in m.thing.subject
            if pair[0] != "type" and dict(m.thing.subject).get("type") == pairs.get("type")
        }
        if len(extra) != 1:
            return subject
        key, value = next(iter(extra))
        if key in pairs:
            return subject
        return tuple(sorted((*subject, (key, value))))

    def group(self, said: Said, subject: Subject, word: str) -> list[Fact]:
        """A count per group (`At most 5 tools of the same colour`): the group rule's facts,
        or in a sentence about the box each group's count."""
        return self.per_group(subject, word, said.boxed)

    def _deck(self, said: Said, *, bare: bool) -> list[Fact]:
        """A number said of a deck: its size (a starter deck's in a sentence about one);
        a number right before the deck's word, how many decks the box holds."""
        facts = self.facts
        if not bare:
            return [facts.box_decks] if facts.box_decks is not None and said.boxed else []
        if self._starter(said) and not said.boxed:
            starter = [replace(f, binding=True) for f in facts.starter_size]
            return starter + [replace(f, binding=False) for f in facts.deck_size]
        sizes = facts.deck_size + [replace(f, binding=False) for f in facts.starter_size]
        if said.boxed and facts.box_total is not None:
            sizes.append(facts.box_total)
        return sizes


def _nearest(said: Said) -> PlayerScope | None:
    """The player count a number is paired with: the one in its segment, else the only
    one of its sentence when the number is a count of cards or hand, given `each`, or a
    label's value (`- 5 players: 10`)."""
    low, high = said.segment
    scopes = said.scopes
    inside = [s for s in scopes if low <= s.start < high]
    if inside:
        return min(inside, key=lambda s: abs(s.start - said.number.start))
    if len(scopes) != 1:
        return None
    dealt = bool(said.head) or said.listed or _EACH_AFTER.match(said.text, said.number.end)
    return scopes[0] if dealt else None
