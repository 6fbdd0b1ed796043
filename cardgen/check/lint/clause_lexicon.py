"""The things a game's prose may count, by the words its data gives them, for the clause
reader of the claims lint (`clause_claims`).

A thing is what a number can be about: a kind of card (a subject), the deck (by `deck`,
`paquet` or the game's own word), the hand, the players, a setup pile, the box, the dice, a
counter, a bounded field, a component sold in the box (`40 acorn tokens`), the number of
values of a kind (`colours`, `teams`). Each comes with the facts of the data it may be held
against; which of them a number is held against is the clause reader's choice, by the
words around it. Every word is found in the data (labels, ids, plurals, glossary terms), so
the reader follows a new game's vocabulary rather than the phrasings of the five examples.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace

from cardgen.check.lint.counter_claims import GENERIC_WORDS, counter_names
from cardgen.check.lint.facts import Fact, Facts, Subject, field_bound, subject_of
from cardgen.check.lint.quantities import NUM
from cardgen.check.lint.rules import words
from cardgen.load.game import GamePack
from cardgen.model.base import Selector
from cardgen.model.components import CounterComponent, Die, Token

_DECK = ("deck", "decks", "paquet", "paquets")
_HAND = ("hand", "hands", "main", "mains", "main de départ", "starting hand", "opening hand")
_CARDS = ("card", "cards", "carte", "cartes")
_PLAYERS = (
    "player",
    "players",
    "joueur",
    "joueurs",
    "joueuse",
    "joueuses",
    "people",
    "personnes",
    "participants",
)
_BOX = ("box", "boîte", "boite", "game box")
_DICE = ("die", "dice", "dé", "dés")
_FACES = ("faces", "sides", "face", "side")
_COPIES = ("copy", "copies", "exemplaire", "exemplaires")
_FOR_PLAYERS = re.compile(
    rf"\b(?:for|pour)\s+(?:{NUM})(?:\s*(?:to|à|or|ou|-|–)\s*(?:{NUM}))?\s+"
    r"(?:[^\W\d][\w-]*\s+)?(?P<word>[^\W\d][\w-]*?)s?\b(?!\s+(?:cards?|cartes?)\b)",
    re.IGNORECASE,
)
_EACH_DOES = re.compile(
    r"\b(?:each|every|chaque)\s+(?P<word>[^\W\d][\w-]*)\s+(?:draws|receives|takes|gets|is\s+dealt"
    r"|reçoit|pioche|prend)\b",
    re.IGNORECASE,
)
_NOT_PLAYERS = frozenset(
    words("player players joueur joueurs joueuse card cards carte cartes round rounds turn")
    + words("turns tour tours manche manches minute minutes or ou more plus fewer moins")
)
_PLAYER_DEFINITION = re.compile(
    r"^\s*(?:(?:a|an|the|each|un|une|le|la|chaque)\s+)?(?:player|joueur|joueuse)s?\b(?!['’])", re.I
)


@dataclass(frozen=True)
class Thing:
    """What a word of the game names: its kind and which one."""

    kind: str
    """`subject`, `deck`, `hand`, `cards`, `players`, `pile`, `box`, `dice`, `die`,
    `counter`, `field`, `component`, `values`, `faces`, `copies` (of one card), or `scope`
    (a choice's value, which narrows a kind of card or a field's bounds)."""
    key: str = ""
    """Which one of its kind: a pile's, counter's, component's or die's id, a field's name,
    a values word."""
    subject: Subject = ()
    """For a kind of card: its selector as a subject key."""


@dataclass(frozen=True)
class Mention:
    """A word of the game in a text, from `start` to `end`."""

    start: int
    end: int
    thing: Thing


@dataclass
class Lexicon:
    """Every word of one game that names a thing, with the facts each thing carries."""

    words: dict[str, list[Thing]] = field(default_factory=dict)
    spellings: set[str] = field(default_factory=set)
    """The words as the data spells them (a short word is found only so: `dé`, not `de`)."""
    pattern: re.Pattern[str] | None = None
    counters: dict[str, tuple[Fact, Fact]] = field(default_factory=dict)
    """A counter's id to its start and its bounds."""
    components: dict[str, Fact] = field(default_factory=dict)
    """A component's id to how many of it the box holds."""
    dice: dict[str, tuple[Fact, Fact]] = field(default_factory=dict)
    """A die's id to how many of it there are and its sides."""
    piles: dict[str, Fact] = field(default_factory=dict)
    """A setup pile's id to its count."""
    pile_subjects: dict[Subject, list[str]] = field(default_factory=dict)
    """A kind of card to the piles made of it."""
    players: list[str] = field(default_factory=list)
    """The game's own words for a player (`pilotes`, `delvers`), found in its data."""
    deal_subject: Subject | None = None
    """The kind of card dealt, when the deal is of one kind."""

    def add(self, word: str, thing: Thing) -> None:
        """Name a thing by a word (case-folded, accents taken off, single spaces)."""
        key = fold(word)
        if key and thing not in self.words.setdefault(key, []):
            self.words[key].append(thing)
            self.spellings.add(" ".join(word.casefold().replace("’", "'").split()))

    def mentions(self, text: str, start: int = 0, end: int | None = None) -> list[Mention]:
        """Every word of the game between `start` and `end`, longest first where two
        overlap, in the text's order."""
        if self.pattern is None:
            return []
        found = []
        for match in self.pattern.finditer(text, start, len(text) if end is None else end):
            for thing in self.things(match.group()):
                found.append(Mention(match.start(), match.end(), thing))
        return found

    def things(self, said: str) -> list[Thing]:
        """The things a matched word names (its plural or singular form)."""
        key = fold(said)
        forms = [key, key[:-1] if key.endswith(("s", "x")) else key, key + "s"]
        if key.endswith("ies"):
            forms.append(key[:-3] + "y")
        found: list[Thing] = []
        for form in forms:
            found += [t for t in self.words.get(form, []) if t not in found]
        return found


def fold(word: str) -> str:
    """A word as the lexicon keys it: case-folded, without accents, single spaces, `'`."""
    plain = unicodedata.normalize("NFKD", word.casefold().replace("’", "'"))
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


_ACCENTED = {"a": "aàâä", "c": "cç", "e": "eéèêë", "i": "iîï", "o": "oôö", "u": "uùûü"}


def _unfolded(word: str) -> str:
    """A regular expression of a folded word that matches it with or without accents."""
    out = []
    for char in word:
        if char in _ACCENTED:
            out.append(f"[{_ACCENTED[char]}]")
        elif char == " ":
            out.append(r"\s+")
        elif char == "'":
            out.append("['’]")
        else:
            out.append(re.escape(char))
    return "".join(out)


def build_lexicon(
    facts: Facts, phrases: dict[str, Subject], labels: dict[str, set[str]]
) -> Lexicon:
    """The lexicon of one game, from its facts, its subject phrases and its field labels."""
    lexicon = Lexicon()
    pack = facts.pack
    assert pack is not None
    for phrase, subject in phrases.items():
        lexicon.add(phrase, Thing("subject", subject=subject))
    _choice_values(lexicon, pack, set(phrases))
    for word in (*_DECK, *facts.deck_words):
        lexicon.add(word, Thing("deck"))
    generic = (
        (_HAND, "hand"),
        (_CARDS, "cards"),
        (_BOX, "box"),
        (_FACES, "faces"),
        (_PLAYERS, "players"),
        (_DICE, "dice"),
        (_COPIES, "copies"),
    )
    own = [w for w in player_words(pack) if not lexicon.things(w)]
    lexicon.players = own
    for said, kind in (*generic, (own, "players")):
        for word in said:
            lexicon.add(word, Thing(kind))
    for word in ("times", "fois"):
        lexicon.add(word, Thing("copies", key="times"))
    for label, names in labels.items():
        for name in names:
            lexicon.add(label, Thing("field", key=name))
    for word in facts.values:
        lexicon.add(word, Thing("values", key=word))
    _piles(lexicon, facts, pack)
    _components(lexicon, facts, pack)
    lexicon.pattern = _pattern(lexicon.spellings)
    return lexicon


def _pattern(spellings: set[str]) -> re.Pattern[str] | None:
    """One regular expression of every word, singular and plural (`armies` for `army`),
    long words with or without their accents (`riviere` finds `rivière`), short ones as
    spelt (`dé` is not `de`)."""
    known = [w for w in spellings if w]
    known += [w[:-1] for w in known if len(w) > 3 and w.endswith(("s", "x"))]
    known += [w[:-1] + "ies" for w in known if len(w) > 3 and w.endswith("y")]
    if not known:
        return None
    ordered = sorted(set(known), key=len, reverse=True)
    alternatives = "|".join(
        _unfolded(fold(w)) if len(w) > 4 else re.escape(w).replace(r"\ ", r"\s+") for w in ordered
    )
    return re.compile(rf"(?<![\w'’-])(?:{alternatives})(?:s|x)?(?![\w-])", re.IGNORECASE)


def _choice_values(lexicon: Lexicon, pack: GamePack, taken: set[str]) -> None:
    """Each value of a type's choice field (`contraband`, `montagne`) that names no kind of
    card already: it narrows a field's bounds to those cards (`Contraband is worth at least
    5`), never a count of its own."""
    for type_id, ctype in pack.game.types.items():
        for name, spec in ctype.fields.items():
            if spec.type != "choice":
                continue
            for choice in spec.choices:
                word = str(choice).casefold()
                if len(word) > 2 and word not in taken:
                    subject = tuple(sorted((("type", type_id), (name, word))))
                    lexicon.add(word, Thing("scope", subject=subject))


def player_words(pack: GamePack) -> list[str]:
    """The game's own words for a player, from its data: glossary terms defined as one
    (`Général: a player`), the noun after the player count in its description (`for one to
    five bomb technicians`, `pour deux à six pilotes`), and who `each` does a setup step in
    its setup notes (`Each general places`, `Chaque enfant reçoit`); with their plurals."""
    found = [e.term for e in pack.game.glossary.entries if _PLAYER_DEFINITION.match(e.definition)]
    said = f"{pack.game.description}\n{pack.game.setup.notes}"
    found += [m.group("word") for m in _FOR_PLAYERS.finditer(said)]
    found += [m.group("word") for m in _EACH_DOES.finditer(said)]
    words = {w.casefold() for w in found if w.casefold() not in _NOT_PLAYERS}
    return sorted(words | {w + "s" for w in words if not w.endswith(("s", "x"))})


def _piles(lexicon: Lexicon, facts: Facts, pack: GamePack) -> None:
    """Each setup pile by its label, its label's first word and its id."""
    setup = pack.game.setup
    for index, pile in enumerate(setup.piles):
        if pile.count is None:
            continue
        place = facts.place_of(["setup", "piles", index])
        lexicon.piles[pile.id] = Fact(pile.count, pile.count, f"the pile {pile.id}", place)
        thing = Thing("pile", key=pile.id)
        first = pile.label.split()[:1]
        for word in {pile.label, pile.id.replace("-", " "), *first}:
            if word.casefold() not in GENERIC_WORDS:
                lexicon.add(word, thing)
        subject = subject_of(pile.where)
        if subject is not None:
            lexicon.pile_subjects.setdefault(subject, []).append(pile.id)
    if setup.deal_from is not None:
        lexicon.deal_subject = subject_of(setup.deal_from)
    if setup.deal_label:
        lexicon.add(setup.deal_label, Thing("hand"))


def _components(lexicon: Lexicon, facts: Facts, pack: GamePack) -> None:
    """Counters (start and bounds), dice (count and sides) and shared tokens (count)."""
    for index, part in enumerate(pack.game.components):
        place = facts.place_of(["components", index])
        names = counter_names(part.id, part.label)
        if isinstance(part, CounterComponent):
            start = Fact(part.start, part.start, f"the counter {part.id}'s start", place)
            bounds = Fact(part.min, part.max, f"the counter {part.id}", place)
            lexicon.counters[part.id] = (start, bounds)
            kind = "counter"
        elif isinstance(part, Die):
            count = Fact(part.count, part.count, f"the die {part.id}", place)
            sides = Fact(part.sides, part.sides, f"the die {part.id}'s sides", place)
            lexicon.dice[part.id] = (count, sides)
            kind = "die"
        elif isinstance(part, Token) and part.owner not in ("player", "team"):
            total = sum(d.count or 0 for d in part.designs())
            lexicon.components[part.id] = Fact(total, total, f"the component {part.id}", place)
            kind = "component"
        else:
            continue
        for name in names:
            lexicon.add(name, Thing(kind, key=part.id))


def field_facts(pack: GamePack, name: str, subjects: list[Subject]) -> list[Fact]:
    """A field's bounds for the kinds of card a clause names (none when none of them has
    the field: it is another field's word), else for every type that has it; with, as
    further readings a number may agree with, the bounds each of a type's constraints
    sets (`At Midnight, every Encounter has Danger 4 or more`)."""
    if subjects:
        return [f for s in subjects if (f := field_bound(pack, s, name)) is not None]
    found: list[Fact] = []
    for type_id, ctype in pack.game.types.items():
        if name not in ctype.fields:
            continue
        own = field_bound(pack, (("type", type_id),), name)
        if own is None:
            continue
        found.append(own)
        for constraint in ctype.constraints:
            if name not in constraint.require:
                continue
            when = tuple(sorted({("type", type_id), *_pairs(constraint.when)}))
            narrowed = field_bound(pack, when, name)
            if narrowed is not None:
                found.append(replace(narrowed, binding=False))
    return found


def _pairs(when: Selector) -> set[tuple[str, str]]:
    """A constraint's `when` as subject pairs."""
    return {(k, str(v).casefold()) for k, v in when.items() if not isinstance(v, list)}
