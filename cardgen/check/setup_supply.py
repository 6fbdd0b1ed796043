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
"""Sets of demands sharing cards, up to this many, have every subset tried; a larger set
(which no game is expected to have) its subsets of up to `PARTIAL` demands and itself."""
PARTIAL = 3


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

    for i, j in combinations(range(len(demands)), 2):
        if demands[i].cards & demands[j].cards:
            parent[root(j)] = root(i)
    groups: dict[int, list[int]] = {}
    for i in range(len(demands)):
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())


def _subsets(members: list[int]) -> Iterator[tuple[int, ...]]:
    """The non-empty subsets of a component, smaller first, each in index order."""
    sizes = range(1, len(members) + 1)
    if len(members) > EXHAUSTIVE:
        sizes = range(1, PARTIAL + 1)
    for size in sizes:
        yield from combinations(members, size)
    if len(members) > EXHAUSTIVE:
        yield tuple(members)


def shortfalls(
    demands: list[Demand], copies: dict[str, int], boxes: int = 1, *, must: int | None = None
) -> list[Shortfall]:
    """Every smallest set of demands that takes more cards than `boxes` times the copies of
    the cards any of them may take; with `must`, only the sets holding that demand."""
    found: list[Shortfall] = []
    violating: list[frozenset[int]] = []
    for members in _components(demands):
        if must is not None and must not in members:
            continue
        for subset in _subsets(members):
            chosen = frozenset(subset)
            if any(earlier < chosen for earlier in violating):
                continue
            needed = sum(demands[i].count for i in subset)
            names = frozenset().union(*(demands[i].cards for i in subset))
            available = boxes * sum(copies.get(name, 0) for name in names)
            if needed <= available:
                continue
            violating.append(chosen)
            if must is None or must in chosen:
                found.append(Shortfall(subset, needed, available))
    return found
