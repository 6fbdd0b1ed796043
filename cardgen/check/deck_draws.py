"""A deck's (or a box's) draw odds: the playtest table of `cardgen report`.

From the game's setup (`setup.hand`, `setup.draw` a turn, and the setup piles set out
before drawing, e.g. Shards' Persona or Splatterkins' Visionary) the pile a player draws
from, and for each card type (and each `--odds` selector) the exact chance of holding at
least one such card by turn N and the expected count: hypergeometric, and for "at least
one of each type" the multivariate count by inclusion-exclusion. A few sample opening
hands are drawn with a fixed seed, so the same input gives the same report.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

from cardgen.check.deck_stats import Counted, field_label, value_label
from cardgen.check.dice import percent
from cardgen.errors import CardgenError
from cardgen.fuzzy import did_you_mean
from cardgen.load.game import GamePack
from cardgen.model.base import Selector
from cardgen.model.card import Card
from cardgen.model.select import describe, matches, parse_query
from cardgen.model.setup import Pile

DEFAULT_TURNS = 5
"""Turns shown after the opening hand unless `--turns` says otherwise."""
SAMPLES = 3
"""Sample opening hands drawn."""


def at_least_one(pile: int, hits: int, seen: int) -> Fraction:
    """The exact chance that `seen` cards drawn from `pile` hold at least one of `hits`."""
    seen = min(seen, pile)
    if pile == 0 or seen == 0:
        return Fraction(0)
    return 1 - Fraction(comb(pile - hits, seen), comb(pile, seen))


def each_of(pile: int, groups: Sequence[int], seen: int) -> Fraction:
    """The exact chance that `seen` cards from `pile` hold at least one card of every one
    of the disjoint `groups` (their sizes): inclusion-exclusion over the groups missed."""
    seen = min(seen, pile)
    if pile == 0:
        return Fraction(0)
    total = comb(pile, seen)
    found = 0
    for size in range(len(groups) + 1):
        for missed in combinations(groups, size):
            found += (-1) ** size * comb(pile - sum(missed), seen)
    return Fraction(found, total)


@dataclass
class DrawRow:
    """One line of the table: what is looked for and its odds by turn."""

    label: str
    selector: Selector | None
    copies: int
    chance: list[Fraction]
    expected: list[Fraction]

    def as_json(self) -> dict[str, Any]:
        """The row in `cardgen report --format json`."""
        return {
            "label": self.label,
            "selector": self.selector,
            "copies": self.copies,
            "at_least_one_pct": [percent(p) for p in self.chance],
            "at_least_one": [f"{p.numerator}/{p.denominator}" for p in self.chance],
            "expected": [round(float(e), 3) for e in self.expected],
        }


@dataclass
class DrawTable:
    """The draw pile, the cards seen by each turn, the rows of odds and sample hands."""

    pile: str
    pile_cards: int
    apart: list[tuple[str, int]]
    hand: int
    per_turn: int
    seen: list[int]
    rows: list[DrawRow]
    samples: list[list[str]]

    @property
    def method(self) -> str:
        """How the odds are computed, in one sentence for the reader."""
        apart = "".join(f", {label} ({n}) set apart first" for label, n in self.apart)
        return (
            f"Drawn from the {self.pile} ({self.pile_cards} cards{apart}): an opening hand of"
            f" {self.hand}, then {self.per_turn} card{'s' if self.per_turn != 1 else ''} a"
            f" turn (turn 0 is the opening hand). Exact odds (hypergeometric); expected"
            f" count of such cards (of types held, for one of each type)."
        )

    def as_json(self) -> dict[str, Any]:
        """The table in `cardgen report --format json`."""
        return {
            "pile": self.pile,
            "pile_cards": self.pile_cards,
            "set_apart": [{"pile": label, "cards": n} for label, n in self.apart],
            "hand": self.hand,
            "draws_per_turn": self.per_turn,
            "turns": list(range(len(self.seen))),
            "seen": self.seen,
            "method": self.method,
            "rows": [row.as_json() for row in self.rows],
            "sample_hands": self.samples,
        }


def _draw_spec(pack: GamePack) -> tuple[list[Pile], Pile] | None:
    """The piles set out before the one drawn from, and that pile: `setup.draw_pile`, else
    the setup's only face-down pile when nothing is dealt (as SC410 reads it); None when
    the data does not say."""
    setup = pack.game.setup
    piles = list(setup.piles)
    if setup.draw_pile is not None:
        index = next((i for i, p in enumerate(piles) if p.id == setup.draw_pile), None)
    else:
        down = [i for i, pile in enumerate(piles) if not pile.face_up]
        index = down[0] if len(down) == 1 and not setup.deal else None
    return None if index is None else (piles[:index], piles[index])


def draw_pile(pack: GamePack, cards: Counted) -> tuple[Pile, Counted, list[tuple[str, int]]] | None:
    """The pile drawn from with its cards, and the piles set apart before it (label, cards);
    each pile takes the cards it selects not taken yet, at most its `count`, as dealt."""
    spec = _draw_spec(pack)
    if spec is None:
        return None
    before, target = spec
    left = dict(enumerate(n for _, n in cards))
    apart: list[tuple[str, int]] = []

    def take(pile: Pile) -> Counted:
        room = pile.count if pile.count is not None and pile.group_by is None else None
        taken: Counted = []
        for i, (card, _) in enumerate(cards):
            if left[i] and matches(card, pile.where) and (room is None or room > 0):
                n = left[i] if room is None else min(room, left[i])
                left[i] -= n
                room = None if room is None else room - n
                taken.append((card, n))
        return taken

    for pile in before:
        got = sum(n for _, n in take(pile))
        if got:
            apart.append((pile.label, got))
    return target, take(target), apart


def odds_selectors(pack: GamePack, queries: Sequence[str]) -> list[Selector]:
    """`--odds` texts as selectors (`field=value,field=value`, values split on `|`); a
    field no card type has is refused (exit 2) with a did-you-mean."""
    known = {"name", "type", "copies", "text"}
    for card_type in pack.game.types.values():
        known.update(card_type.fields)
    selectors = []
    for query in queries:
        selector = parse_query(query)
        if isinstance(selector, str):
            raise CardgenError(f'--odds "{query}": give field=value (e.g. type=ally,bonus=3)')
        for key in selector:
            if key not in known:
                raise CardgenError(
                    f'--odds "{query}": no card field "{key}"{did_you_mean(key, sorted(known))}'
                )
        selectors.append(selector)
    return selectors


def _row(label: str, selector: Selector, pile: Counted, seen: list[int]) -> DrawRow:
    """The odds of at least one card the selector matches, by turn."""
    total = sum(n for _, n in pile)
    hits = sum(n for card, n in pile if matches(card, selector))
    chance = [at_least_one(total, hits, s) for s in seen]
    expected = [Fraction(min(s, total) * hits, total) if total else Fraction(0) for s in seen]
    return DrawRow(label, selector, hits, chance, expected)


def draw_table(
    pack: GamePack,
    cards: Counted,
    *,
    title: str,
    selectors: Sequence[Selector] = (),
    turns: int = DEFAULT_TURNS,
) -> DrawTable | None:
    """The draw odds of `cards` by turn 0 (the opening hand) to `turns`; None when the game
    has no `setup.hand` or no face-down pile to draw from."""
    setup = pack.game.setup
    drawn = draw_pile(pack, cards)
    if setup.hand is None or drawn is None:
        return None
    target, pile, apart = drawn
    total = sum(n for _, n in pile)
    if total == 0:
        return None
    seen = [min(setup.hand + setup.draw * t, total) for t in range(turns + 1)]
    rows = _type_rows(pack, pile, seen)
    rows += [_row(describe(sel), sel, pile, seen) for sel in selectors]
    samples = _samples(pile, f"{pack.id}|{title}", seen[0])
    return DrawTable(target.label, total, apart, setup.hand, setup.draw, seen, rows, samples)


def _type_rows(pack: GamePack, pile: Counted, seen: list[int]) -> list[DrawRow]:
    """A row per card type in the pile and one for a card of each type; with one type only,
    a row per value of its choice fields instead."""
    sizes: dict[str, int] = {}
    for card, n in pile:
        sizes[card.type] = sizes.get(card.type, 0) + n
    types = [t for t in pack.game.types if sizes.get(t)]
    rows = [_row(pack.game.types[t].plural_label, {"type": t}, pile, seen) for t in types]
    if len(types) > 1:
        total = sum(sizes.values())
        chance = [each_of(total, [sizes[t] for t in types], s) for s in seen]
        held = [sum((r.chance[i] for r in rows), Fraction(0)) for i in range(len(seen))]
        rows.append(DrawRow("one of each type", None, total, chance, held))
    if len(types) == 1:  # one type (Yokai's sketch deck): a row per value of its choices
        rows += _choice_rows(pack, types[0], pile, seen)
    return rows


def _choice_rows(pack: GamePack, type_id: str, pile: Counted, seen: list[int]) -> list[DrawRow]:
    """A row per value of each choice field of the type, for the values some card has."""
    rows = []
    for name, spec in pack.game.types[type_id].fields.items():
        for value in spec.choices if spec.type == "choice" else []:
            selector: Selector = {name: value}
            row = _row(f"{field_label(pack, name)} {value_label(value)}", selector, pile, seen)
            if row.copies:
                rows.append(row)
    return rows


def _samples(pile: Counted, seed: str, hand: int) -> list[list[str]]:
    """SAMPLES opening hands of `hand` cards, each drawn with its own fixed seed."""
    copies: list[Card] = [card for card, n in pile for _ in range(n)]
    return [
        [card.name for card in random.Random(f"{seed}|hand {i}").sample(copies, hand)]
        for i in range(1, SAMPLES + 1)
    ]
