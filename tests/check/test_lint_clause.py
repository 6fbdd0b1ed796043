"""The clause reader of TX602 (cardgen/check/lint/clause_claims.py): a number no wording
reader read, read by the parts of its clause. Each case is a sentence written for this test
(not one of a held-back set's) about a game of the development sets, once with the data's
number (no finding) and once with another (a finding on that number); the oracle is the
game.yaml the case names, read here with PyYAML, not the linter's facts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from cardgen.check.lint import lint_documents
from cardgen.check.lint.claim_trace import trace_documents
from cardgen.project import open_project

DATA = Path(__file__).resolve().parent.parent / "data"
GAMES = {
    "starfreight": DATA / "lint_heldback",
    "atout-royal": DATA / "lint_heldback3",
    "memo-des-bois": DATA / "lint_heldback3",
    "ironridge": DATA / "lint_heldback3",
}


def data(game: str) -> dict[str, object]:
    """The game's game.yaml as plain data."""
    path = GAMES[game] / "decks" / game / "game.yaml"
    loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def dig(game: str, *keys: str | int) -> int:
    """A number of the game's data, by its keys (`setup`, `deal`, 1, `cards_each`)."""
    node: object = data(game)
    for key in keys:
        node = node[key]  # type: ignore[index]
    assert isinstance(node, int), (game, keys, node)
    return node


def box(game: str, label: str) -> int:
    """The count of a box line, by its label."""
    contents = data(game)["box"]["contents"]  # type: ignore[index]
    return next(int(c["count"]) for c in contents if c["label"] == label)


def component(game: str, ident: str, key: str) -> int:
    """A number of a component, by its id."""
    parts = data(game)["components"]  # type: ignore[index]
    return next(int(c[key]) for c in parts if c["id"] == ident)


def choices(game: str, type_id: str, name: str) -> int:
    """How many values a choice field has."""
    spec = data(game)["types"][type_id]["fields"][name]  # type: ignore[index]
    return len(spec["choices"])


def bound(constraint: str) -> int:
    """The bound a constraint of Starfreight's Cargo sets on its Value."""
    cargo = data("starfreight")["types"]["cargo"]  # type: ignore[index]
    found = next(c for c in cargo["constraints"] if c["id"] == constraint)
    value = found["require"]["value"]
    return int(value.get("max", value.get("min")))


CASES = [
    # what it counts after a few adjectives; a deck by its own word with `cards`
    (
        "starfreight",
        "Your deck is {n} cards, no more, no less.",
        lambda: dig("starfreight", "deck_rules", 0, "exact"),
    ),
    (
        "starfreight",
        "Shuffle your {n}-card Freight Deck before the first turn.",
        lambda: dig("starfreight", "deck_rules", 0, "exact"),
    ),
    # a field's cap with a verb, narrowed by a choice's value, or said of the field alone
    (
        "starfreight",
        "Medicine crates never go above {n} in Value.",
        lambda: bound("medicine-is-cheap"),
    ),
    (
        "starfreight",
        "A Route's Distance tops out at {n}.",
        lambda: dig("starfreight", "types", "route", "fields", "distance", "max"),
    ),
    # a label's value
    (
        "starfreight",
        "Ships in a deck: {n} at the very least.",
        lambda: dig("starfreight", "deck_rules", 3, "min"),
    ),
    # the deal for the player count the clause names, in several orders
    (
        "atout-royal",
        "Quand on est quatre à table, chacun reçoit {n} cartes.",
        lambda: dig("atout-royal", "setup", "deal", 1, "cards_each"),
    ),
    (
        "atout-royal",
        "Main de départ à cinq joueurs : {n} cartes.",
        lambda: dig("atout-royal", "setup", "deal", 2, "cards_each"),
    ),
    (
        "atout-royal",
        "{n} cartes chacun pour une partie à trois.",
        lambda: dig("atout-royal", "setup", "deal", 0, "cards_each"),
    ),
    # a box line said with `il y a` and the noun before its value
    (
        "atout-royal",
        "Dans la boîte, il y a {n} cartes Lune.",
        lambda: box("atout-royal", "cartes Lune"),
    ),
    # a setup step: the kind of card it sets out makes its pile
    (
        "atout-royal",
        "Retournez {n} primes au milieu de la table.",
        lambda: dig("atout-royal", "setup", "piles", 0, "count"),
    ),
    # a counter's start and its cap, a die's faces, the box's tokens
    (
        "memo-des-bois",
        "Au départ, le compteur de paires trouvées démarre à {n}.",
        lambda: component("memo-des-bois", "paires", "start"),
    ),
    (
        "memo-des-bois",
        "Le dé de la forêt possède {n} faces.",
        lambda: component("memo-des-bois", "de-foret", "sides"),
    ),
    (
        "memo-des-bois",
        "La boîte contient aussi {n} jetons Gland.",
        lambda: component("memo-des-bois", "gland", "count"),
    ),
    # a player count said without `players` beside a verb of playing
    (
        "atout-royal",
        "On peut y jouer à {n} : pas moins.",
        lambda: dig("atout-royal", "players", "min"),
    ),
    # a choice's value written with its accents where the data has none, narrowing a box count
    (
        "memo-des-bois",
        "Dans la boîte, les animaux de la rivière sont au nombre de {n}.",
        lambda: box("memo-des-bois", "animaux de la rivière"),
    ),
    # the deck's own word in an English plural (army, armies), with `cards` after the number
    (
        "ironridge",
        "Both armies are {n} cards apiece, never more.",
        lambda: dig("ironridge", "deck_rules", 0, "exact"),
    ),
    # how many values a choice has, said with a verb of sorting
    (
        "atout-royal",
        "Les cartes se répartissent en {n} couleurs.",
        lambda: choices("atout-royal", "carte", "couleur"),
    ),
    # a counter's start given with a unit and the counter after it
    (
        "memo-des-bois",
        "Chaque enfant démarre avec {n} paires au compteur.",
        lambda: component("memo-des-bois", "paires", "start"),
    ),
]


def _lint(tmp_path: Path, game: str, sentence: str) -> list[str]:
    doc = tmp_path / "rules.md"
    doc.write_text(f"# Rules\n\n{sentence}\n", encoding="utf-8")
    pack = open_project(GAMES[game]).game(game)
    return [f.message for f in lint_documents(pack, [doc], select=["TX602", "TX604"])]


@pytest.mark.parametrize(("game", "template", "number"), CASES)
def test_the_right_number_is_left_alone_and_another_found(
    tmp_path: Path, game: str, template: str, number: object
) -> None:
    right = number()  # type: ignore[operator]
    assert isinstance(right, int)
    said = template.format(n=right)
    assert _lint(tmp_path, game, said) == [], said
    wrong = template.format(n=right + 3)
    found = _lint(tmp_path, game, wrong)
    assert len(found) == 1 and re.search(rf"\b{right + 3}\b", found[0]), (wrong, found)


@pytest.mark.parametrize(
    ("game", "sentence"),
    [
        # a verb of play, a condition, a count per another thing, a variant, an example
        ("starfreight", "Discard 7 Cargo cards to refuel."),
        ("starfreight", "If a player holds 9 Ships, they must scrap one."),
        ("starfreight", "Each Ship may carry up to 9 Cargo."),
        ("starfreight", "Variant for a longer game: build a 45-card Freight Deck."),
        ("atout-royal", "Par exemple, à quatre joueurs, Paul reçoit 11 cartes et en joue une."),
        # counts of piles, kinds of a thing, what a word the game does not know counts
        ("atout-royal", "Formez 2 piles de primes."),
        ("memo-des-bois", "La partie dure environ 15 minutes."),
        ("starfreight", "Keep up to 8 cards in hand at the end of your turn."),
        # a field said of a pronoun's antecedent, which the sentence does not name
        ("starfreight", "They never exceed 12 in Value."),
        ("memo-des-bois", "Le dé montre la forêt sur 4 faces."),
        # a count of cards turned in a turn; an hour of the day
        ("memo-des-bois", "On retourne 2 cartes face cachée à chaque tour."),
        ("atout-royal", "La donne se fait à 9 heures pile pour les couche-tard."),
    ],
)
def test_numbers_of_play_are_left_alone(tmp_path: Path, game: str, sentence: str) -> None:
    assert _lint(tmp_path, game, sentence) == [], sentence


def test_the_clause_reader_shows_in_the_trace(tmp_path: Path) -> None:
    """`--verbose` lists what the clause reader read like any other claim."""
    doc = tmp_path / "rules.md"
    doc.write_text("Le dé de la forêt possède 9 faces.\n", encoding="utf-8")
    pack = open_project(GAMES["memo-des-bois"]).game("memo-des-bois")
    lines = trace_documents(pack, [doc])
    sides = component("memo-des-bois", "de-foret", "sides")
    assert any(
        'read by its clause (TX604) "9"' in line
        and f"exactly {sides}" in line
        and "contradicts" in line
        for line in lines
    ), lines
