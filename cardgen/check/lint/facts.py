"""The numbers a game's data fixes, each with its place in game.yaml, for the claims lint (TX602).

`Facts.build` reads a game once: its deck rules (deck size, counts, counts per group), its
box (contents, starter decks, the pool's copies), its setup (hand, piles, deal table), its
fields' bounds per card type (with the types' constraints) and how many values its choice
fields and stats have. A subject (what a number counts) is a selector, kept as a sorted
tuple of `(field, value)` pairs; `claims.py` finds the numbers and phrases in text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cardgen.errors import display_path
from cardgen.load.game import GamePack
from cardgen.model.base import Selector
from cardgen.model.components import Die
from cardgen.model.rules import CopiesRule, CountPerGroupRule, CountRule, DeckSizeRule
from cardgen.model.select import matches

Subject = tuple[tuple[str, str], ...]
"""A selector as a hashable key: its `(field, value)` pairs, sorted, values case-folded."""

EACH = "*"
"""The value of a group field in a subject meaning "of each value" (`Allies of each bonus`)."""


def subject_of(selector: Selector) -> Subject | None:
    """A selector as a subject key (None for a selector with a list of values)."""
    pairs = []
    for key, value in selector.items():
        if isinstance(value, list):
            return None
        pairs.append((key, str(value).casefold()))
    return tuple(sorted(pairs))


@dataclass(frozen=True, slots=True)
class Fact:
    """A number the data fixes: a range (`low == high` for an exact count), and where."""

    low: int | None
    high: int | None
    source: str
    """What fixes it, as a message names it: `the deck rule deck-size`."""
    place: str
    """`path:line` of the entry in game.yaml (or the pool file)."""
    binding: bool = True
    """False for numbers that only show a claim may be right (the starter decks' counts),
    never the reason for a finding."""

    def says(self, qualifier: str = "") -> str:
        """The range in words, as a claim of that qualifier reads it: `at most 52`,
        `exactly 1`, `at least 2`, `1 to 3`."""
        if self.low is not None and self.low == self.high:
            return f"exactly {self.low}"
        if qualifier == "max" and self.high is not None:
            return f"at most {self.high}"
        if qualifier == "min" and self.low is not None:
            return f"at least {self.low}"
        if self.low is None or (self.low == 0 and self.high is not None):
            return f"at most {self.high}"
        if self.high is None:
            return f"at least {self.low}"
        return f"{self.low} to {self.high}"

    def admits(self, value: int, qualifier: str, upper: int | None = None) -> bool:
        """Whether a claim agrees: `max` (up to N), `min` (at least N), `more` (N or more:
        no upper bound), `range` (N to `upper`, within the fact), `span` (N to `upper`, the
        fact's own bounds), else a plain number."""
        low = self.low or 0
        high = self.high
        if qualifier == "max":
            return high == value if high is not None else value >= low
        if qualifier == "min":
            return low == value or (self.low is None and (high is None or value <= high))
        if qualifier == "more":
            return low == value and (high is None or high > low)
        if qualifier in ("span", "range") and upper is not None:
            return self._admits_range(value, upper, qualifier == "span")
        return low <= value and (high is None or value <= high)

    def _admits_range(self, value: int, upper: int, whole: bool) -> bool:
        """`value` to `upper`: the fact's own bounds (`whole`), or within them."""
        if whole:
            return (self.low is None or value == self.low) and upper == self.high
        return (self.low or 0) <= value and (self.high is None or upper <= self.high)


@dataclass(frozen=True, slots=True)
class Claim:
    """A number stated in text (from `start` to `end`), what it means (`max`, `min`,
    `exact`, `more`, `range` up to `upper`, or plain) and the facts of the data it is about."""

    start: int
    end: int
    value: int
    qualifier: str
    facts: list[Fact]
    upper: int | None = None
    guessed: bool = False
    """Read by the clause reader (what the number counts found by its clause's parts, not
    a known wording): reported as TX604, a warning, rather than TX602."""

    def contradicted(self) -> Fact | None:
        """The binding fact the claim contradicts, when no fact at all agrees with it."""
        if not self.facts or any(
            f.admits(self.value, self.qualifier, self.upper) for f in self.facts
        ):
            return None
        return next((f for f in self.facts if f.binding), None)


@dataclass
class Facts:
    """Everything a game's data fixes that text may state a number about."""

    counts: dict[Subject, list[Fact]] = field(default_factory=dict)
    box_counts: dict[Subject, list[Fact]] = field(default_factory=dict)
    starter_counts: dict[Subject, list[Fact]] = field(default_factory=dict)
    """What each starter deck holds of a subject (the box's `deck_contents`)."""
    deck_size: list[Fact] = field(default_factory=list)
    copies: list[Fact] = field(default_factory=list)
    """The `copies` rules' limits on one card."""
    copy_overrides: set[str] = field(default_factory=set)
    """Cards with a limit of their own: a sentence naming one is about that card."""
    starter_size: list[Fact] = field(default_factory=list)
    hand: Fact | None = None
    box_total: Fact | None = None
    """The card copies the box holds (`box.total`)."""
    box_decks: Fact | None = None
    """How many ready-made decks the box holds (`box.decks`)."""
    box_dice: Fact | None = None
    """How many dice the box holds (the shared die components' counts)."""
    piles: dict[str, list[Fact]] = field(default_factory=dict)
    deal: list[tuple[int, int, Fact]] = field(default_factory=list)
    players: Fact | None = None
    values: dict[str, Fact] = field(default_factory=dict)
    """How many values a kind of thing has, by its plural word (`shapes`, `stats`)."""
    stats: list[str] = field(default_factory=list)
    stat_place: str = ""
    deck_words: list[str] = field(default_factory=list)
    """The words the game calls its deck by (`grimoire`, `grimoires`), besides `deck`."""
    pack: GamePack | None = None

    @classmethod
    def build(cls, pack: GamePack) -> Facts:
        """Read every number the game's data fixes (once per game)."""
        facts = cls(pack=pack)
        facts._rules(pack)
        facts._box(pack)
        facts._setup(pack)
        facts._values(pack)
        facts.deck_words = deck_names(pack)
        facts._dice(pack)
        return facts

    def _dice(self, pack: GamePack) -> None:
        dice = [(i, c) for i, c in enumerate(pack.game.components) if isinstance(c, Die)]
        if dice and all(c.owner not in ("player", "team") for _, c in dice):
            total = sum(c.count for _, c in dice)
            place = self._at(["components", dice[0][0]])
            self.box_dice = Fact(total, total, "the game's dice", place)

    def place_of(self, loc: list[str | int]) -> str:
        """`path:line` of an entry of game.yaml, by its location (`["setup", "piles", 0]`)."""
        return self._at(loc)

    def _at(self, loc: list[str | int]) -> str:
        assert self.pack is not None
        where = self.pack.doc.location(loc)
        return f"{display_path(where.path)}:{where.line}" if where.path else "game.yaml"

    def _rules(self, pack: GamePack) -> None:
        sized = [r for r in pack.game.deck_rules if isinstance(r, DeckSizeRule)]
        for index, rule in enumerate(pack.game.deck_rules):
            if isinstance(rule, CopiesRule):
                place = self._at(["deck_rules", index])
                self.copies.append(Fact(None, rule.max, f"the deck rule {rule.id}", place))
                self.copy_overrides |= set(rule.overrides)
            if not isinstance(rule, DeckSizeRule | CountRule | CountPerGroupRule):
                continue
            low = rule.exact if rule.exact is not None else rule.min
            high = rule.exact if rule.exact is not None else rule.max
            fact = Fact(low, high, f"the deck rule {rule.id}", self._at(["deck_rules", index]))
            if isinstance(rule, DeckSizeRule):
                if not rule.where or len(sized) == 1:
                    self.deck_size.append(fact)
                continue
            subject = subject_of(rule.where)
            if subject is None:
                continue
            if isinstance(rule, CountRule):
                self.counts.setdefault(subject, []).append(fact)
                continue
            groups = {str(card.get(rule.group_by)).casefold() for card in pack.cards}
            spec = pack.game.field_spec(rule.group_by)
            if spec is not None:
                groups |= {str(c).casefold() for c in spec.choices}
            for value in sorted(groups | {EACH}):
                key = tuple(sorted((*subject, (rule.group_by, value))))
                self.counts.setdefault(key, []).append(fact)

    def _box(self, pack: GamePack) -> None:
        box = pack.game.box
        if box is None:
            return
        for index, item in enumerate(box.deck_contents):
            subject = subject_of(item.where)
            if subject is not None:
                place = self._at(["box", "deck_contents", index])
                fact = Fact(item.count, item.count, "each starter deck", place, binding=False)
                self.starter_counts.setdefault(subject, []).append(fact)
        if box.total is not None:
            self.box_total = Fact(box.total, box.total, "the box", self._at(["box", "total"]))
        if box.decks:
            count = len(box.decks)
            self.box_decks = Fact(count, count, "the box's decks", self._at(["box", "decks"]))
        if box.deck_contents:
            total = sum(item.count for item in box.deck_contents)
            place = self._at(["box", "deck_contents"])
            self.starter_size.append(Fact(total, total, "each starter deck", place, False))
        for index, item in enumerate(box.contents):
            subject = subject_of(item.where)
            if subject is not None:
                place = self._at(["box", "contents", index])
                self.box_counts[subject] = [Fact(item.count, item.count, "the box", place)]

    def pool_count(self, subject: Subject) -> list[Fact]:
        """What the box holds of a subject: its box line, else the pool's copies."""
        assert self.pack is not None
        if subject in self.box_counts:
            return self.box_counts[subject]
        if self.pack.game.box is None or any(value == EACH for _, value in subject):
            return []
        selector: Selector = dict(subject)
        copies = sum(card.copies for card in self.pack.cards if matches(card, selector))
        if not copies:
            return []
        place = display_path(self.pack.pool_path)
        return [Fact(copies, copies, "the card pool", place)]

    def _setup(self, pack: GamePack) -> None:
        setup = pack.game.setup
        if setup.hand is not None:
            self.hand = Fact(setup.hand, setup.hand, "the setup", self._at(["setup", "hand"]))
        for index, pile in enumerate(setup.piles):
            if pile.count is None or not pile.label.split():
                continue
            word = pile.label.split()[0].casefold()
            place = self._at(["setup", "piles", index])
            fact = Fact(pile.count, pile.count, f"the pile {pile.id}", place)
            self.piles.setdefault(word, []).append(fact)
        players = pack.game.players
        self.players = Fact(players.min, players.max, "the player count", self._at(["players"]))
        for index, row in enumerate(setup.deal):
            source = f"the deal table ({row.players_min}-{row.players_max} players)"
            fact = Fact(row.cards_each, row.cards_each, source, self._at(["setup", "deal", index]))
            self.deal.append((row.players_min, row.players_max, fact))

    def _values(self, pack: GamePack) -> None:
        game = pack.game
        found: dict[str, set[int]] = {}
        places: dict[str, str] = {}
        for type_id, ctype in game.types.items():
            for name, spec in ctype.fields.items():
                if spec.type != "choice" or not spec.choices:
                    continue
                for word in plural_words(name, spec.label):
                    found.setdefault(word, set()).add(len(spec.choices))
                    places[word] = self._at(["types", type_id, "fields", name])
        found.setdefault("types", set()).add(len(game.types))
        places["types"] = self._at(["types"])
        stats = [e for e in game.glossary.entries if e.kind == "stat"]
        self.stats = [e.term for e in stats]
        if stats:
            index = game.glossary.entries.index(stats[0])
            self.stat_place = self._at(["glossary", "entries", index])
            for word in ("stats", "caractéristiques"):
                found.setdefault(word, set()).add(len(stats))
                places[word] = self.stat_place
        if game.teams:
            for word in ("teams", "équipes"):
                found.setdefault(word, set()).add(len(game.teams))
                places[word] = self._at(["teams"])
        for word, sizes in found.items():
            if len(sizes) == 1:
                size = next(iter(sizes))
                self.values[word] = Fact(size, size, f"the game's {word}", places[word])


_DECK_TERM = re.compile(
    r"^\s*(?:(?:a|an|the|each|le|la|un|une|chaque|l['’])\s*)?(?:[\w-]+['’]s\s+)?(?:[\w-]+\s+)?"
    r"(?:decks?|paquets?)\b",
    re.IGNORECASE,
)
"""A glossary definition whose head is a deck (`Le paquet d'un joueur`, `A player's deck`),
not one that only mentions a deck (`The leader of a Freight Deck`)."""
_SIZE_SUBJECT = re.compile(
    r"^\s*(?:an?|your|each|every|the|un|une|votre|chaque|le|la)\s+(?P<word>[^\W\d][\w-]*)\s+"
    r"(?:compte|contient|comprend|has|holds|contains|is|must|doit|se|a)\b",
    re.IGNORECASE,
)


def deck_names(pack: GamePack) -> list[str]:
    """The game's own words for a deck, from its data: a glossary term defined as a deck
    (`grimoire: Le paquet d'un joueur`) and the subject of a deck-size rule's message (`Un
    grimoire compte exactement 24 cartes.`), with their plurals."""
    found: set[str] = set()
    for entry in pack.game.glossary.entries:
        if _DECK_TERM.match(entry.definition) and len(entry.term.split()) == 1:
            found.add(entry.term.casefold())
    for rule in pack.game.deck_rules:
        if not isinstance(rule, DeckSizeRule) or rule.where:
            continue
        said = _SIZE_SUBJECT.match(rule.message)
        if said is not None and re.search(r"\b(?:cards|cartes)\b", rule.message, re.I):
            found.add(said.group("word").casefold())
    found -= {"deck", "decks", "paquet", "paquets", "card", "cards", "carte", "cartes"}
    return sorted(found | {w + "s" for w in found if not w.endswith(("s", "x"))})


def plural_words(name: str, label: str) -> set[str]:
    """The plural words a field's values are called by: `shapes`, `formes`, `colours`."""
    words = set()
    for word in (name.replace("_", " "), label):
        word = word.casefold().strip()
        if not word or " " in word:
            continue
        words.add(word if word.endswith("s") else word + "s")
    if "colors" in words:
        words.add("colours")
    if "colours" in words:
        words.add("colors")
    return words


def field_bound(pack: GamePack, subject: Subject, name: str) -> Fact | None:
    """The bounds of a field for the cards of a subject: the field's own `min`/`max` for
    the subject's type, narrowed by every constraint of that type whose `when` holds for
    the subject (a Doodle's Inspiration: at most 2, not a Splatterkin's 12)."""
    pairs = dict(subject)
    type_id = pairs.get("type", "")
    ctype = pack.game.types.get(type_id)
    if ctype is None or name not in ctype.fields:
        return None
    spec = ctype.fields[name]
    if spec.type != "int":
        return None
    where: list[str | int] = ["types", type_id, "fields", name]
    low, high = spec.min, spec.max
    source_low = source_high = (f"the field {name} of {ctype.label}", where)
    for index, constraint in enumerate(ctype.constraints):
        bound = constraint.require.get(name)
        if bound is None or any(
            pairs.get(k) != str(v).casefold() for k, v in constraint.when.items()
        ):
            continue
        here: list[str | int] = ["types", type_id, "constraints", index]
        if bound.max is not None and (high is None or bound.max <= high):
            high, source_high = bound.max, (f"the constraint {constraint.id}", here)
        if bound.min is not None and (low is None or bound.min >= low):
            low, source_low = bound.min, (f"the constraint {constraint.id}", here)
    if low is None and high is None:
        return None
    source, loc = source_high if high is not None else source_low
    where_text = pack.doc.location(loc)
    return Fact(low, high, source, f"{display_path(where_text.path)}:{where_text.line}")
