"""Who gets which cards on a Tabletop Simulator table set up for N players: each seat's
deck dealt into the game's `player` piles, the deal table's cards dealt one at a time to
each seat, the `shared` piles made from the box (two boxes when the deal table says so),
and what is left in a box pile after a deal (in one more shared deck without one).

Every pile is shuffled by a seeded shuffle (the seed: the game, the player count and the
pile), so the table is ready to play and the same input gives the same save.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cardgen.errors import CardgenError
from cardgen.load.game import GamePack
from cardgen.model.components import CounterComponent
from cardgen.model.game import DealRow
from cardgen.model.select import matches
from cardgen.model.setup import Pile
from cardgen.tts.table import Copy, TablePile, by_size, leftover_pile, take_piles
from cardgen.tts.words import table_words

Counts = dict[str, int]
"""Card name -> copies."""


@dataclass
class SeatCards:
    """One seat's piles, and the deck list they came from ('' none)."""

    piles: list[TablePile]
    deck: str = ""


@dataclass
class TablePlan:
    """The cards of a table for `players`: each seat's piles, the shared ones, the rest."""

    players: int
    boxes: int = 1
    cards_each: int | None = None
    seats: list[SeatCards] = field(default_factory=list)
    shared: list[TablePile] = field(default_factory=list)
    rest: list[TablePile] = field(default_factory=list)
    """The box pile after a deal (one per card size), none when nothing is left."""


def check_players(pack: GamePack, players: int) -> None:
    """Refuse a player count outside the game's `players:` range (exit 2, with the range)."""
    low, high = pack.game.players.min, pack.game.players.max
    if not low <= players <= high:
        span = f"{low} players" if low == high else f"{low} to {high} players"
        raise CardgenError(
            f"--players {players}: {pack.game.name} is played by {span}",
            pack.doc.location(["players"]),
        )


def deal_row(pack: GamePack, players: int) -> DealRow | None:
    """The deal table's row for the player count (None: the game deals no cards)."""
    rows = pack.game.setup.deal
    for row in rows:
        if row.players_min <= players <= row.players_max:
            return row
    if rows:
        raise CardgenError(
            f"the deal table has no row for {players} players", pack.doc.location(["setup", "deal"])
        )
    return None


def counter_start(counter: CounterComponent, piles: Sequence[TablePile]) -> int:
    """A counter's start on a table: `start_field` of the first card of `piles` (a seat's,
    or the shared ones for a shared counter) that `start_from` selects, else `start`."""
    if counter.start_field is None or counter.start_from is None:
        return counter.start
    for pile in piles:
        for copy in pile.copies:
            value = copy.card.get(counter.start_field)
            if matches(copy.card, counter.start_from) and isinstance(value, int):
                return value
    return counter.start


def has_player_piles(pack: GamePack) -> bool:
    """Whether the game sets out piles of each player's own (from their own deck)."""
    return any(pile.owner == "player" for pile in pack.game.setup.piles)


def shuffled(copies: Sequence[Copy], seed: str) -> list[Copy]:
    """The copies in a stable order drawn from `seed` (random.Random seeds a string by
    its SHA-512, the same on every machine and run)."""
    order = list(copies)
    random.Random(seed).shuffle(order)
    return order


def plan_table(
    pack: GamePack,
    players: int,
    decks: Sequence[tuple[str, Counts]],
    copy_of: Mapping[str, Copy],
) -> TablePlan:
    """Deal a table for `players`: `decks` are the seats' deck lists in seat order (one per
    seat when the game has `player` piles), `copy_of` each card's images."""
    check_players(pack, players)
    setup = pack.game.setup
    row = deal_row(pack, players)
    plan = TablePlan(players, row.boxes if row else 1, row.cards_each if row else None)
    seed = f"{pack.id}|{players}"
    mine = [pile for pile in setup.piles if pile.owner == "player"]
    ours = [pile for pile in setup.piles if pile.owner == "shared"]
    plan.seats = [_seat(pack, mine, decks, number, copy_of, seed) for number in range(players)]
    box = {c.name: c.copies * plan.boxes for c in pack.cards if c.copies}
    pool = shuffled(_copies(pack, box, copy_of), f"{seed}|box")
    if row is not None:
        pool = _deal(pack, row, plan, pool)
    _shared(pack, plan, pool, ours, dealt=row is not None, owned=bool(mine))
    return plan


def _shared(
    pack: GamePack,
    plan: TablePlan,
    pool: list[Copy],
    ours: list[Pile],
    *,
    dealt: bool,
    owned: bool,
) -> None:
    """The plan's shared piles from what is left of the box's `pool`, and the rest of the
    box (`dealt`: after a deal; `owned`: the players brought their own decks)."""
    if owned:  # the box's other cards stay in the box
        pool = [c for c in pool if any(matches(c.card, p.where) for p in ours)]
    plan.shared, left = take_piles(ours, pool)
    if not dealt:  # nothing dealt: the cards no pile takes are one more deck in the middle
        plan.shared += leftover_pile(pack, left)
    elif left:  # after a deal, the rest goes back into the box
        plan.rest = by_size(TablePile(table_words(pack.game.language).rest, left, False))


def _seat(
    pack: GamePack,
    mine: list[Pile],
    decks: Sequence[tuple[str, Counts]],
    number: int,
    copy_of: Mapping[str, Copy],
    seed: str,
) -> SeatCards:
    """Seat `number`'s own piles, from its deck list shuffled (none without `player`
    piles)."""
    if not mine:
        return SeatCards([])
    label, counts = decks[number]
    copies = shuffled(_copies(pack, counts, copy_of), f"{seed}|seat {number}")
    piles, left = take_piles(mine, copies)
    return SeatCards(piles + leftover_pile(pack, left), label)


def _deal(pack: GamePack, row: DealRow, plan: TablePlan, pool: list[Copy]) -> list[Copy]:
    """Deal `row.cards_each` of the pool's cards that `deal_from` selects to each seat, one
    at a time; the pool without them. Too few such cards is an error."""
    setup, players = pack.game.setup, plan.players
    dealt = [c for c in pool if matches(c.card, setup.deal_from or {})]
    if len(dealt) < row.cards_each * players:
        raise CardgenError(
            f"the deal gives {players} x {row.cards_each} cards, the {plan.boxes} box(es)"
            f" hold {len(dealt)}",
            pack.doc.location(["setup", "deal"]),
        )
    given = {id(c) for c in dealt[: row.cards_each * players]}
    for number, seat in enumerate(plan.seats):
        hand = dealt[number : row.cards_each * players : players]
        seat.piles.extend(by_size(TablePile(setup.deal_label, hand, False)))
    return [c for c in pool if id(c) not in given]


def _copies(pack: GamePack, counts: Mapping[str, int], copy_of: Mapping[str, Copy]) -> list[Copy]:
    """Distinct copy objects (one per card in the box), in pool order."""
    found: list[Copy] = []
    for card in pack.cards:
        for _ in range(counts.get(card.name, 0)):
            found.append(Copy(**vars(copy_of[card.name])))
    return found
