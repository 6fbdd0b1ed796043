"""`cardgen report` against a brute-force count: for small decks, every ordering of the
deck's copies (the top card of each shuffle), every copy of the box as the opponent and
every roll of the dice, counted with exact fractions. The means of the int fields, each
card's duel odds, the deck's average odds and its overpower shares must be what the count
says, for any small deck hypothesis makes."""

from __future__ import annotations

import itertools
import json
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import factorial
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.oracles.games import ok

CYCLE = ["fire", "earth", "water"]
"""Each element overpowers the next one in the cycle (water overpowers fire)."""
GAME = """\
id: duel
name: Duel Game
players: {min: 2, max: 2}
types:
  hero:
    label: Hero
    fields:
      power: {type: int, min: 0, max: 4, description: Power.}
      speed: {type: int, min: 0, max: 4, description: Speed.}
      cost: {type: int, min: 0, max: 3, description: Cost.}
      element: {type: choice, choices: [fire, earth, water], description: Element.}
  spell:
    label: Spell
    fields:
      cost: {type: int, min: 0, max: 3, description: Cost.}
duel: {label: Duel, dice: DICE, stats: [power, speed], where: {type: hero}}
overpower: {field: element, cycle: [fire, earth, water], bonus: 1, where: {type: hero}}
"""


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    type: str
    copies: int
    cost: int
    power: int | None = None
    speed: int | None = None
    element: str | None = None


heroes = st.builds(
    lambda copies, cost, power, speed, element: ("hero", copies, cost, power, speed, element),
    st.integers(1, 2),
    st.integers(0, 3),
    st.integers(0, 4),
    st.integers(0, 4),
    st.sampled_from(CYCLE),
)
spells = st.builds(
    lambda copies, cost: ("spell", copies, cost), st.integers(1, 2), st.integers(0, 3)
)


@st.composite
def games(draw: st.DrawFn) -> tuple[str, list[Card], list[tuple[str, int]]]:
    """Dice, a pool of 2-4 heroes and 0-2 spells, and a deck list of 1 to 5 copies of them
    (one card may be listed on two lines)."""
    dice = draw(st.sampled_from(["1d4", "2d2", "1d3", "1d6"]))
    pool = []
    for index, spec in enumerate(draw(st.lists(heroes, min_size=2, max_size=4))):
        _, copies, cost, power, speed, element = spec
        pool.append(Card(f"Hero {index}", "hero", copies, cost, power, speed, element))
    for index, (_, copies, cost) in enumerate(draw(st.lists(spells, max_size=2))):
        pool.append(Card(f"Spell {index}", "spell", copies, cost))
    counts = draw(
        st.lists(st.integers(0, 2), min_size=len(pool), max_size=len(pool)).filter(
            lambda c: (
                1 <= sum(c) <= 5
                and any(n for n, card in zip(c, pool, strict=True) if card.type == "hero")
            )
        )
    )
    lines = [(card.name, n) for card, n in zip(pool, counts, strict=True) if n]
    if any(n == 2 for _, n in lines) and draw(st.booleans()):
        name = next(name for name, n in lines if n == 2)
        lines = [(name, 1) if (nm, n) == (name, 2) else (nm, n) for nm, n in lines] + [(name, 1)]
    return dice, pool, lines


def write(root: Path, dice: str, pool: list[Card], lines: list[tuple[str, int]]) -> Path:
    folder = root / "decks" / "duel"
    (folder / "decks").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME.replace("DICE", dice), encoding="utf-8")
    rows = ["name,type,copies,power,speed,cost,element,text"]
    for c in pool:
        values = [c.power, c.speed, c.cost, c.element]
        rows.append(
            ",".join(
                [c.name, c.type, str(c.copies), *("" if v is None else str(v) for v in values), ""]
            )
        )
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    deck = folder / "decks" / "deck.txt"
    deck.write_text("# game: duel\n" + "".join(f"{n} {name}\n" for name, n in lines))
    return deck


def rolls(dice: str) -> list[int]:
    """Every outcome of one side's roll (each equally likely), by listing every die."""
    count, sides = (int(v) for v in dice.split("d"))
    return [sum(faces) for faces in itertools.product(range(1, sides + 1), repeat=count)]


def tops(copies: list[Card]) -> Iterator[Card]:
    """The top card of every ordering of `copies` (each copy its own card)."""
    for order in itertools.permutations(copies):
        yield order[0]


def duel(mine: int, theirs: list[int], dice: str) -> tuple[Fraction, Fraction, Fraction]:
    """Win, tie, lose of `mine` against an opponent drawn from `theirs`, every roll."""
    outcomes = Counter[str]()
    for their in theirs:
        for a, b in itertools.product(rolls(dice), repeat=2):
            mine_total, their_total = mine + a, their + b
            outcomes[
                "win"
                if mine_total > their_total
                else "tie"
                if mine_total == their_total
                else "lose"
            ] += 1
    total = sum(outcomes.values())
    return tuple(Fraction(outcomes[k], total) for k in ("win", "tie", "lose"))  # type: ignore[return-value]


def overpowers(a: str, d: str) -> bool:
    return CYCLE[(CYCLE.index(a) + 1) % len(CYCLE)] == d


def pct(value: Fraction) -> float:
    return round(float(value * 100), 2)


@settings(max_examples=30, deadline=None)
@given(games())
def test_report_numbers_match_a_count_over_every_ordering(
    case: tuple[str, list[Card], list[tuple[str, int]]],
) -> None:
    dice, pool, lines = case
    with tempfile.TemporaryDirectory() as folder:
        deck = write(Path(folder), dice, pool, lines)
        report = json.loads(ok("report", deck, "--project", folder, "--format", "json").stdout)
    by_name = {c.name: c for c in pool}
    copies = [by_name[name] for name, n in lines for _ in range(n)]
    box = [card for card in pool for _ in range(card.copies)]
    assert report["cards"] == len(copies)

    # the mean of each int field: the expected value of the top card that has it
    for chart in report["distributions"]:
        having = [c for c in copies if getattr(c, chart["field"]) is not None]
        top_values = [getattr(c, chart["field"]) for c in tops(having)]
        assert chart["mean"] == round(float(Fraction(sum(top_values), len(top_values))), 3)
        shares = Counter(top_values)
        per_value = factorial(len(having) - 1)  # orderings in which one given copy is on top
        assert {v["value"]: v["copies"] for v in report_values(chart)} == {
            v: shares[v] // per_value for v in shares
        }

    fighters = [c for c in copies if c.type == "hero"]
    opponents = [c for c in box if c.type == "hero"]
    table = report["duel"]
    assert table["opponent_copies"] == len(opponents)
    rows = {row["name"]: row for row in table["cards"]}
    assert {name: row["count"] for name, row in rows.items()} == Counter(c.name for c in fighters)
    for stat in ("power", "speed"):
        theirs = [getattr(o, stat) for o in opponents]
        for name, row in rows.items():
            odds = row["odds"][stat]
            got = (Fraction(odds["win"]), Fraction(odds["tie"]), Fraction(odds["lose"]))
            assert got == duel(getattr(by_name[name], stat), theirs, dice), (name, stat)
        # the deck's average: the top card of a shuffle of its fighters, against the box
        wins = ties = Fraction(0)
        orders = 0
        for top in tops(fighters):
            win, tie, _ = duel(getattr(top, stat), theirs, dice)
            wins, ties, orders = wins + win, ties + tie, orders + 1
        average = table["average"][stat]
        assert (Fraction(average["win"]), Fraction(average["tie"])) == (
            wins / orders,
            ties / orders,
        )
        assert Fraction(average["lose"]) == 1 - (wins + ties) / orders

    table = report["overpower"]
    assert table["pool"] == {e: sum(1 for o in opponents if o.element == e) for e in CYCLE}
    for element in CYCLE:
        beaten = sum(1 for o in opponents if overpowers(element, o.element))
        assert table["overpowers_pct"][element] == pct(Fraction(beaten, len(opponents)))
    beats = weak = orders = 0
    for top in tops(fighters):
        for other in opponents:
            beats += overpowers(top.element, other.element)
            weak += overpowers(other.element, top.element)
            orders += 1
    assert table["deck_overpowers_pct"] == pct(Fraction(beats, orders))
    assert table["deck_overpowered_pct"] == pct(Fraction(weak, orders))


def report_values(chart: dict[str, object]) -> list[dict[str, int]]:
    """A distribution's bars that hold cards."""
    values = chart["values"]
    assert isinstance(values, list)
    return [v for v in values if v["copies"]]
