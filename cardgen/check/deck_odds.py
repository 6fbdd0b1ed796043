"""A deck's (or a box's) duel odds and matchups, against a field of opponents.

For a game that declares a `duel`, each dueling card's exact chance to win, tie or lose on
each stat (dice rolled and added, all outcomes enumerated by `cardgen.check.dice`) and the
deck's average weighted by copies; for a game that declares an `overpower` cycle, the
matchup matrix and how the deck's cards fare against the opponents. Every number is exact
(fractions); percentages are rounded only for display.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardgen.check.deck_stats import Counted, field_label, value_label
from cardgen.check.dice import Odds, odds_against, percent
from cardgen.load.game import GamePack
from cardgen.model.base import Scalar
from cardgen.model.matchups import Duel
from cardgen.model.select import matches


@dataclass
class DuelRow:
    """One dueling card of the deck: its stats and its odds on each."""

    name: str
    count: int
    stats: dict[str, int]
    odds: dict[str, Odds]

    def best(self) -> str | None:
        """The stat it is most likely to win on."""
        if not self.odds:
            return None
        return max(self.odds, key=lambda s: (self.odds[s].win, -list(self.odds).index(s)))


@dataclass
class DuelTable:
    """Each dueling card's chance to win, tie or lose on each stat against the opponents."""

    label: str
    dice: str
    stats: list[str]
    stat_labels: dict[str, str]
    rows: list[DuelRow]
    opponents: str
    opponent_cards: int
    opponent_copies: int
    average: dict[str, Odds]
    description: str = ""

    @property
    def method(self) -> str:
        """How the odds are computed, in one sentence for the reader."""
        return (
            f"Both sides roll {self.dice.upper()} and add the chosen stat; the higher total"
            f" wins, equal totals tie. Exact odds (all outcomes enumerated), against"
            f" {self.opponents}: each opponent counted once per copy. Without bonuses."
        )

    def as_json(self) -> dict[str, Any]:
        """The table in `cardgen report --format json`."""
        return {
            "label": self.label,
            "dice": self.dice,
            "stats": self.stats,
            "against": self.opponents,
            "opponent_cards": self.opponent_cards,
            "opponent_copies": self.opponent_copies,
            "method": self.method,
            "cards": [
                {
                    "name": row.name,
                    "count": row.count,
                    "stats": row.stats,
                    "best": row.best(),
                    "odds": {stat: odds.as_json() for stat, odds in row.odds.items()},
                }
                for row in self.rows
            ],
            "average": {stat: odds.as_json() for stat, odds in self.average.items()},
        }


@dataclass
class OverpowerTable:
    """The overpower matrix of a cycle, and how the deck's cards fare against the pool."""

    label: str
    field: str
    values: list[Scalar]
    labels: list[str]
    bonus: int
    matrix: list[list[int]]
    deck: dict[str, int]
    pool: dict[str, int]
    beats: dict[str, Fraction]
    weak: dict[str, Fraction]
    deck_beats: Fraction | None
    deck_weak: Fraction | None
    description: str = ""

    def as_json(self) -> dict[str, Any]:
        """The table in `cardgen report --format json`."""

        def pct(value: Fraction | None) -> float | None:
            return percent(value) if value is not None else None

        return {
            "label": self.label,
            "field": self.field,
            "cycle": self.values,
            "bonus": self.bonus,
            "matrix": {
                str(a): {str(d): self.matrix[i][j] for j, d in enumerate(self.values)}
                for i, a in enumerate(self.values)
            },
            "deck": self.deck,
            "pool": self.pool,
            "overpowers_pct": {k: pct(v) for k, v in self.beats.items()},
            "overpowered_pct": {k: pct(v) for k, v in self.weak.items()},
            "deck_overpowers_pct": pct(self.deck_beats),
            "deck_overpowered_pct": pct(self.deck_weak),
        }


def duel_table(
    pack: GamePack, cards: Counted, opponents: Counted, against: str
) -> DuelTable | None:
    """Each dueling card's exact odds on each stat against `opponents` (described by
    `against`), and their average weighted by copies; None without a `duel` or a duelist."""
    duel = pack.game.duel
    if duel is None:
        return None
    mine = [(c, n) for c, n in cards if matches(c, duel.where)]
    field_ = [(c, n) for c, n in opponents if matches(c, duel.where) and n > 0]
    if not mine:
        return None
    rows = _duel_rows(mine, duel, _stat_pools(duel.stats, field_))
    return DuelTable(
        label=duel.label,
        dice=duel.dice,
        stats=list(duel.stats),
        stat_labels={s: field_label(pack, s) for s in duel.stats},
        rows=rows,
        opponents=against,
        opponent_cards=len(field_),
        opponent_copies=sum(n for _, n in field_),
        average=_average(rows, duel.stats),
        description=duel.description,
    )


StatPools = dict[str, list[tuple[int, int]]]
"""Per stat, each value the opponents have and how many copies have it, by value."""


def _stat_pools(stats: Sequence[str], opponents: Counted) -> StatPools:
    """The opponents' values of each stat, weighted by copies (a card without it: left out)."""
    pools: StatPools = {}
    for stat in stats:
        weights: dict[int, int] = {}
        for other, copies in opponents:
            value = other.fields.get(stat)
            if isinstance(value, int):
                weights[value] = weights.get(value, 0) + copies
        pools[stat] = sorted(weights.items())
    return pools


def _duel_rows(mine: Counted, duel: Duel, pools: StatPools) -> list[DuelRow]:
    """Each card's row: its int stats and its exact odds on each against the pools (cards
    share values: the odds of each stat and value are worked out once)."""
    known: dict[tuple[str, int], Odds | None] = {}
    rows = []
    for card, n in mine:
        stats = {s: card.fields[s] for s in duel.stats if isinstance(card.fields.get(s), int)}
        odds = {}
        for stat, value in stats.items():
            if (stat, value) not in known:
                known[(stat, value)] = odds_against(
                    value, pools[stat], duel.dice_count, duel.dice_sides
                )
            found = known[(stat, value)]
            if found is not None:
                odds[stat] = found
        rows.append(DuelRow(card.name, n, stats, odds))
    return rows


def _average(rows: list[DuelRow], stats: Sequence[str]) -> dict[str, Odds]:
    """The rows' odds on each stat, averaged by copies (a stat no row has odds on: none)."""
    average: dict[str, Odds] = {}
    for stat in stats:
        weighted = [(row.odds[stat], row.count) for row in rows if stat in row.odds]
        total = sum(w for _, w in weighted)
        if total:
            win = sum((o.win * w for o, w in weighted), Fraction(0)) / total
            tie = sum((o.tie * w for o, w in weighted), Fraction(0)) / total
            average[stat] = Odds(win, tie, 1 - win - tie)
    return average


def overpower_table(pack: GamePack, cards: Counted, opponents: Counted) -> OverpowerTable | None:
    """The game's overpower matrix, and the share of `opponents` each value of the cycle
    overpowers and is overpowered by; None without an `overpower` cycle."""
    rule = pack.game.overpower
    if rule is None:
        return None
    values = list(rule.cycle)
    matrix = [[rule.edge(a, d) for d in values] for a in values]

    def tally(counted: Counted) -> dict[str, int]:
        totals = {str(v): 0 for v in values}
        for card, n in counted:
            value = card.fields.get(rule.field)
            if matches(card, rule.where) and value in values:
                totals[str(value)] += n
        return totals

    deck, pool = tally(cards), tally(opponents)
    pool_total = sum(pool.values())
    beats: dict[str, Fraction] = {}
    weak: dict[str, Fraction] = {}
    for a in values:
        if not pool_total:
            break
        beats[str(a)] = Fraction(
            sum(pool[str(d)] for d in values if rule.edge(a, d) > 0), pool_total
        )
        weak[str(a)] = Fraction(
            sum(pool[str(d)] for d in values if rule.edge(a, d) < 0), pool_total
        )
    deck_total = sum(deck.values())
    deck_beats = deck_weak = None
    if deck_total and pool_total:
        deck_beats = sum((beats[k] * n for k, n in deck.items()), Fraction(0)) / deck_total
        deck_weak = sum((weak[k] * n for k, n in deck.items()), Fraction(0)) / deck_total
    return OverpowerTable(
        label=rule.label,
        field=rule.field,
        values=values,
        labels=[value_label(v) for v in values],
        bonus=rule.bonus,
        matrix=matrix,
        deck=deck,
        pool=pool,
        beats=beats,
        weak=weak,
        deck_beats=deck_beats,
        deck_weak=deck_weak,
        description=rule.description,
    )
