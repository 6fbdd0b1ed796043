"""Exact dice odds, as fractions: no sampling, no floating point until display.

A duel where each side adds a roll of `NdS` to a stat is decided by the difference of the
two rolls: with D = X - Y (X, Y the two sides' rolls), the side with stat `a` beats the
side with stat `b` when D > b - a and ties when D = b - a. The distribution of D is the
convolution of the roll's distribution with its mirror image, computed once per kind of
dice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

MAX_DICE = 99
MAX_SIDES = 999


@lru_cache(maxsize=32)
def roll_distribution(count: int, sides: int) -> dict[int, Fraction]:
    """P(sum of `count` dice with `sides` faces = total), for every total."""
    if not (1 <= count <= MAX_DICE and 2 <= sides <= MAX_SIDES):
        raise ValueError(f"unsupported dice {count}d{sides}")
    ways: dict[int, int] = {0: 1}
    for _ in range(count):
        step: dict[int, int] = {}
        for total, n in ways.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0) + n
        ways = step
    outcomes = sides**count
    return {total: Fraction(n, outcomes) for total, n in sorted(ways.items())}


@lru_cache(maxsize=32)
def difference_distribution(count: int, sides: int) -> dict[int, Fraction]:
    """P(X - Y = d) for two independent rolls X, Y of `count`d`sides`."""
    roll = roll_distribution(count, sides)
    diff: dict[int, Fraction] = {}
    for x, px in roll.items():
        for y, py in roll.items():
            diff[x - y] = diff.get(x - y, Fraction(0)) + px * py
    return dict(sorted(diff.items()))


@dataclass(frozen=True, slots=True)
class Odds:
    """The chances of one side of a duel: win, tie, lose (they add up to 1)."""

    win: Fraction
    tie: Fraction
    lose: Fraction

    def as_json(self) -> dict[str, object]:
        return {
            "win": str(self.win),
            "tie": str(self.tie),
            "lose": str(self.lose),
            "win_pct": percent(self.win),
            "tie_pct": percent(self.tie),
            "lose_pct": percent(self.lose),
        }


@lru_cache(maxsize=4096)  # a duel table asks for the same few hundred odds thousands of times
def percent(value: Fraction) -> float:
    """A probability as a percentage rounded to 2 decimals, for display."""
    return round(float(value * 100), 2)


@lru_cache(maxsize=4096)
def duel_odds(mine: int, theirs: int, count: int = 2, sides: int = 6) -> Odds:
    """Odds of the side with stat `mine` against the side with stat `theirs`, each adding
    a roll of `count`d`sides`: it wins when its total is higher, ties when equal."""
    threshold = theirs - mine
    win = tie = Fraction(0)
    for d, p in difference_distribution(count, sides).items():
        if d > threshold:
            win += p
        elif d == threshold:
            tie += p
    return Odds(win, tie, 1 - win - tie)


def odds_against(
    mine: int, opponents: Iterable[tuple[int, int]], count: int = 2, sides: int = 6
) -> Odds | None:
    """Odds against an opponent drawn from a field: `opponents` are (stat, weight) pairs,
    e.g. weighted by copies. None when the field is empty."""
    weights: dict[int, int] = {}
    for stat, weight in opponents:
        if weight > 0:
            weights[stat] = weights.get(stat, 0) + weight
    total_weight = sum(weights.values())
    win = tie = Fraction(0)
    for stat, weight in sorted(weights.items()):
        odds = duel_odds(mine, stat, count, sides)
        win += odds.win * weight
        tie += odds.tie * weight
    if not total_weight:
        return None
    win, tie = win / total_weight, tie / total_weight
    return Odds(win, tie, 1 - win - tie)
