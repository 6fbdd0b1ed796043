"""Whether the cards the table setup takes exist: the piles and the deal against the copies.

Each pile with a `count` (each group of it, with `group_by`) and the deal of each row of
the deal table is a demand on the cards its selector matches. The demands can all be met
when no set of them takes more cards than match any of them together (Hall's condition);
a set that takes more, and none of whose smaller sets does, is reported once.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from cardgen.model.card import Card

EXHAUSTIVE = 12
"""Sets of demands sharing cards, up to this many, have every subset tried; of a larger set
(which no game is expected to have) each demand alone and each run of them from the first,
in the order game.yaml gives them, so that the time stays linear in their number."""


@dataclass(frozen=True, slots=True)
class Demand:
    """Cards one entry of the setup takes: a pile, one group of a pile, or a deal."""

    label: str
    """How the message names it: `pile "special-cachee"`, `the deal for 2 players`."""
    count: int
    """How many cards it takes."""
    cards: frozenset[str]
    """The names of the cards it may take."""
    selector: str
    """Its selector in words, for the message (`type=special`)."""


@dataclass(frozen=True, slots=True)
class Shortfall:
    """A set of demands that takes more cards than match any of them."""

    demands: tuple[int, ...]
    """Indexes into the demands checked, in order."""
    needed: int
    """Cards the set takes together."""
    available: int
    """Copies (times the boxes) of the cards any of them may take."""


def copies_of(cards: list[Card]) -> dict[str, int]:
    """Card name -> copies in the pool."""
    copies: dict[str, int] = {}
    for card in cards:
        copies[card.name] = copies.get(card.name, 0) + card.copies
    return copies


def _components(demands: list[Demand]) -> list[list[int]]:
    """The demands split into sets that share no card with each other (in order)."""
    parent = list(range(len(demands)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[str, int] = {}
    for i, demand in enumerate(demands):
        for name in demand.cards:
            j = first.setdefault(name, i)
            parent[root(i)] = root(j)
    groups: dict[int, list[int]] = {}
    for i in range(len(demands)):
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())


def _short(
    demands: list[Demand], subset: tuple[int, ...], copies: dict[str, int], boxes: int
) -> Shortfall | None:
    """The set of demands as a shortfall, or None when there are cards enough for it."""
    needed = sum(demands[i].count for i in subset)
    names = frozenset().union(*(demands[i].cards for i in subset))
    available = boxes * sum(copies.get(name, 0) for name in names)
    return Shortfall(subset, needed, available) if needed > available else None


def _every_subset(
    demands: list[Demand], members: list[int], copies: dict[str, int], boxes: int
) -> Iterator[Shortfall]:
    """The smallest shortfalls among every subset of a component, smaller sets first."""
    violating: list[frozenset[int]] = []
    for size in range(1, len(members) + 1):
        for subset in combinations(members, size):
            chosen = frozenset(subset)
            if any(earlier < chosen for earlier in violating):
                continue
            short = _short(demands, subset, copies, boxes)
            if short is not None:
                violating.append(chosen)
                yield short


def _runs(
    demands: list[Demand], members: list[int], copies: dict[str, int], boxes: int
) -> Iterator[Shortfall]:
    """The shortfalls among a large component's demands alone and its runs from the first
    (the first run that falls short, unless it holds a demand that does alone)."""
    alone: set[int] = set()
    for i in members:
        short = _short(demands, (i,), copies, boxes)
        if short is not None:
            alone.add(i)
            yield short
    needed = 0
    names: set[str] = set()
    available = 0
    for end, i in enumerate(members, start=1):
        if i in alone:
            return
        needed += demands[i].count
        for name in demands[i].cards - names:
            names.add(name)
            available += boxes * copies.get(name, 0)
        if end > 1 and needed > available:
            yield Shortfall(tuple(members[:end]), needed, available)
            return


def shortfalls(
    demands: list[Demand], copies: dict[str, int], boxes: int = 1, *, must: int | None = None
) -> list[Shortfall]:
    """Every smallest set of demands that takes more cards than `boxes` times the copies of
    the cards any of them may take; with `must`, only the sets holding that demand."""
    found: list[Shortfall] = []
    for members in _components(demands):
        if must is not None and must not in members:
            continue
        search = _every_subset if len(members) <= EXHAUSTIVE else _runs
        found.extend(
            short
            for short in search(demands, members, copies, boxes)
            if must is None or must in short.demands
        )
    return found
