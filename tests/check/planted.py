"""Planted-number documents for the claims lint (TX602): written by the tests, not copied.

Each `Planted` is one thing a game's data fixes, read here from the game's own models
(its deck rules, box, setup, fields and constraints), with sentence templates that state
it in varied wording. A document is drawn (with hypothesis) as paragraphs: each planted
fact stated with its true number or a wrong one, as digits or a number word, among filler
prose whose numbers count nothing. The tests check that every wrong number is found and
no true one or filler is.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from hypothesis import strategies as st

from cardgen.check.lint.rules import words
from cardgen.load.game import GamePack
from cardgen.model.rules import CountPerGroupRule, CountRule, DeckSizeRule
from cardgen.project import open_project
from tests.conftest import ROOT

EN_WORDS = words(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    " fifteen sixteen seventeen eighteen nineteen twenty"
)
FR_WORDS = words(
    "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze"
    " seize dix-sept dix-huit dix-neuf vingt"
)


@dataclass(frozen=True)
class Planted:
    """A number the data fixes and sentences that state it (`{n}` the number, `{noun}` the
    counted phrase, singular for 1 and plural otherwise)."""

    true: int
    templates: tuple[str, ...]
    nouns: tuple[tuple[str, ...], tuple[str, ...]] = (("",), ("",))
    both_ways: bool = False
    """A stated maximum or an exact number: a smaller wrong number contradicts too."""
    also: frozenset[int] = frozenset()
    """Other numbers the data gives for the same thing (never planted as wrong)."""


FILLERS_EN = (
    "Roll 2D6 and add the total to the chosen stat.",
    "Add +5 to any stat during a Duel.",
    "See page 3 for an example of play.",
    "On Turn 3 the first player draws again.",
    "Player 2 wins the Duel and scores.",
    "You may move up to 4 tiles in any direction.",
    "Each player takes 2 actions, one after the other.",
)
FILLERS_FR = (
    "Voir page 3 pour un exemple.",
    "Au tour 2, chacun retourne une carte.",
    "Le joueur 1 commence la partie.",
    "Tape vite sur la pile quand deux cartes se ressemblent.",
)


def _rule(pack: GamePack, rule_id: str) -> DeckSizeRule | CountRule | CountPerGroupRule:
    rule = next(r for r in pack.game.deck_rules if r.id == rule_id)
    assert isinstance(rule, DeckSizeRule | CountRule | CountPerGroupRule)
    return rule


def _box(pack: GamePack, label: str) -> int:
    assert pack.game.box is not None
    return next(item.count for item in pack.game.box.contents if item.label == label)


def _copies(pack: GamePack, type_id: str) -> int:
    return sum(card.copies for card in pack.cards if card.type == type_id)


def _choices(pack: GamePack, type_id: str, field: str) -> int:
    return len(pack.game.types[type_id].fields[field].choices)


def _bound(pack: GamePack, type_id: str, constraint: str, field: str) -> int:
    found = next(c for c in pack.game.types[type_id].constraints if c.id == constraint)
    high = found.require[field].max
    assert high is not None
    return high


def _int(value: int | None) -> int:
    assert value is not None
    return value


def planted(pack: GamePack) -> list[Planted]:
    """The planted facts of one example game, their numbers read from its data, and its
    player count."""
    players = pack.game.players
    said: tuple[str, ...]
    if pack.game.language == "fr":
        said = (f"Un jeu pour {players.min} à {{n}} joueurs.",)
    elif players.min == players.max:
        said = ("A game for {n} players.", "A {n}-player game.")
    else:
        said = (f"A game for {players.min} to {{n}} players.",)
    return [*_planted(pack), Planted(players.max, said)]


def _planted(pack: GamePack) -> list[Planted]:
    game = pack.game
    hand = game.setup.hand
    if game.id == "shards":
        signed = _int(_rule(pack, "signed-limit").max)
        allies = _int(_rule(pack, "ally-bonus-limit").max)
        return [
            Planted(
                _int(_rule(pack, "deck-size").max),
                (
                    "Players build decks of up to {n} cards.",
                    "A Shard Deck may hold at most {n} cards.",
                    "Each deck can contain no more than {n} cards, the Persona included.",
                    "Cards are added up to the deck maximum of {n}.",
                    "A Shard Deck holds {n} cards at most.",
                    "A deck is limited to {n} cards.",
                ),
                both_ways=True,
                also=frozenset({54}),
            ),
            Planted(
                _int(_rule(pack, "one-persona").exact),
                ("A Shard Deck holds exactly {n} {noun}.", "Build around exactly {n} {noun}."),
                (("Persona", "Persona card"), ("Personas", "Persona cards")),
                both_ways=True,
                also=frozenset({3, 15}),
            ),
            Planted(
                signed,
                (
                    "A deck may hold up to {n} Signed Characters.",
                    "Put no more than {n} Signed Characters in a Shard Deck.",
                    "Your deck holds {n} Signed Characters at most.",
                    "Shard Decks may contain no more than:\n\n{n} x Signed Character",
                ),
                both_ways=False,
                also=frozenset({45}),
            ),
            *(
                Planted(
                    allies,
                    (
                        f"A deck may hold no more than {{n}} Allies (+{bonus}).",
                        f"Take up to {{n}} +{bonus} Allies into your deck.",
                        "A Shard Deck holds at most {n} Allies of each bonus.",
                        f"A deck may contain no more than:\n\n- {{n}} x Ally (+{bonus})",
                    ),
                    both_ways=True,
                    also=frozenset({25}),
                )
                for bonus in (1, 2, 3)
            ),
            Planted(
                _int(hand),
                (
                    "Each player draws {n} cards into their hand.",
                    "Players start with a hand of {n} cards.",
                    "Draw up to the maximum hand size of {n}.",
                ),
                both_ways=True,
            ),
            Planted(
                5,
                (
                    "A Character duels on one of the {n} stats.",
                    "Each card has {n} different stats:",
                ),
                both_ways=True,
            ),
            Planted(len(game.types), ("There are {n} different types of cards.",), both_ways=True),
            Planted(
                _box(pack, "Persona cards"),
                ("The box contains {n} Persona cards.",),
                both_ways=True,
                also=frozenset({1, 3}),
            ),
        ]
    if game.id == "splatterkins":
        return [
            Planted(
                _int(_rule(pack, "one-visionary").exact),
                ("A deck is led by exactly {n} {noun}.",),
                (("Visionary",), ("Visionaries",)),
                both_ways=True,
                also=frozenset({5}),
            ),
            Planted(
                _bound(pack, "splatterkin", "doodle-bounds", "inspiration"),
                (
                    "Doodles up to {n} Inspiration.",
                    "A Doodle has at most {n} Inspiration.",
                    "Doodles may only have up to {n} Inspiration.",
                ),
                both_ways=True,
            ),
            Planted(
                _bound(pack, "visionary", "visionary-bounds", "inspiration"),
                ("A Visionary holds at most {n} Inspiration.",),
                both_ways=True,
            ),
            Planted(_int(hand), ("Refill your hand to a hand of {n} cards.",), both_ways=True),
            Planted(
                _choices(pack, "splatterkin", "colorway"),
                ("Every Splatterkin has one of the {n} colorways.",),
                both_ways=True,
            ),
            Planted(
                _box(pack, "Techniques"), ("The box contains {n} Techniques.",), both_ways=True
            ),
        ]
    if game.id == "splatoon":
        return [
            Planted(_int(hand), ("Each player holds a hand of {n} Weapon Cards.",), both_ways=True),
            Planted(
                _choices(pack, "weapon", "weapon"),
                ("Each player picks one of the {n} weapons.",),
                both_ways=True,
            ),
            Planted(
                _box(pack, "Splattershot cards"),
                ("The box holds {n} Splattershot cards.",),
                both_ways=True,
            ),
            Planted(
                _copies(pack, "weapon"), ("The box contains {n} Weapon Cards.",), both_ways=True
            ),
        ]
    if game.id == "blublers":
        rows = {(r.players_min, r.players_max): r.cards_each for r in game.setup.deal}
        piles = {p.count for p in game.setup.piles if p.count is not None}
        return [
            Planted(rows[(2, 2)], ("2 joueurs : {n} cartes par personne",), both_ways=True),
            Planted(rows[(3, 4)], ("3 à 4 joueurs : {n} cartes par personne",), both_ways=True),
            Planted(
                next(iter(piles)),
                ("Partagez les cartes Special en deux pioches de {n} cartes.",),
                both_ways=True,
            ),
            Planted(
                _copies(pack, "classic"), ("La boîte contient {n} cartes Classic.",), both_ways=True
            ),
            Planted(
                _copies(pack, "special"), ("La boîte contient {n} cartes Special.",), both_ways=True
            ),
            Planted(
                _choices(pack, "classic", "shape"), ("Il en existe {n} formes.",), both_ways=True
            ),
            Planted(
                _choices(pack, "classic", "color"),
                ("Elles sont déclinées en {n} couleurs.",),
                both_ways=True,
            ),
        ]
    assert game.id == "yokai-sketch"
    points = game.types["yokai"].fields["points"].max
    return [
        Planted(_int(hand), ("Each player starts with a hand of {n} cards.",), both_ways=True),
        Planted(_box(pack, "Yokai cards"), ("Components\n- {n} Yokai cards",), both_ways=True),
        Planted(
            _copies(pack, "sketch"),
            ("The box contains {n} sketch cards.", "Components\n- 1 rulebook\n- {n} sketch cards"),
            both_ways=True,
        ),
        Planted(
            _choices(pack, "yokai", "color"),
            ("Sort the Yokai into the {n} colours.",),
            both_ways=True,
        ),
        Planted(_int(points), ("A Yokai is worth at most {n} Yokai points.",), both_ways=True),
    ]


EN_TENS = dict(
    zip(
        range(20, 100, 10),
        words("twenty thirty forty fifty sixty seventy eighty ninety"),
        strict=True,
    )
)
FR_TENS = dict(
    zip(range(20, 70, 10), words("vingt trente quarante cinquante soixante"), strict=True)
)


def number_text(value: int, french: bool, as_word: bool) -> str:
    """A number as digits, or as words when asked (`two`, `fifty-two`, `quarante-huit`,
    `vingt et un`; digits past sixty-nine in French)."""
    units = FR_WORDS if french else EN_WORDS
    tens = FR_TENS if french else EN_TENS
    if not as_word or value < 2 or (value >= 20 and value - value % 10 not in tens):
        return str(value)
    if value < 20:
        return units[value]
    head, unit = tens[value - value % 10], value % 10
    if unit == 0:
        return head
    return f"{head} et un" if french and unit == 1 else f"{head}-{units[unit]}"


@st.composite
def paragraph(draw: st.DrawFn, fact: Planted, french: bool) -> tuple[str, bool]:
    """One statement of a fact, true or wrong: its text and whether it is wrong."""
    wrong = draw(st.booleans())
    value = fact.true
    if wrong:
        deltas = [d for d in range(1, 7)] + ([-d for d in range(1, 7)] if fact.both_ways else [])
        choices = [
            fact.true + d for d in deltas if fact.true + d >= 2 and fact.true + d not in fact.also
        ]
        value = draw(st.sampled_from(choices))
    template = draw(st.sampled_from(fact.templates))
    noun = draw(st.sampled_from(fact.nouns[0] if value == 1 else fact.nouns[1]))
    number = number_text(value, french, draw(st.booleans()))
    return template.format(n=number, noun=noun), wrong


@functools.cache
def example_game(game: str) -> GamePack:
    """An example game of the repository, loaded once."""
    return open_project(ROOT).game(game)


@st.composite
def document(draw: st.DrawFn, game: str) -> list[tuple[str, bool | None]]:
    """Paragraphs of a planted document: (text, wrong) for claims, (text, None) for filler."""
    pack = example_game(game)
    french = pack.game.language == "fr"
    facts = planted(pack)
    chosen = draw(st.lists(st.sampled_from(range(len(facts))), min_size=1, max_size=5))
    parts: list[tuple[str, bool | None]] = [draw(paragraph(facts[i], french)) for i in chosen]
    fillers = FILLERS_FR if french else FILLERS_EN
    parts += [(f, None) for f in draw(st.lists(st.sampled_from(fillers), max_size=3))]
    return draw(st.permutations(parts))
