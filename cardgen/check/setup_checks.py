"""The table setup (`setup:` of game.yaml) against the cards and the player counts.

`players:` and the deal table (SC405-SC409), the cards the deal and the piles take against
the copies there are (SC401-SC404, see `setup_supply`), and the starting hand against the
pile it is drawn from (SC410). Each finding is at the entry of game.yaml it is about.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardgen.check.findings import Finding
from cardgen.check.setup_hand import check_hand
from cardgen.check.setup_supply import Demand, copies_of, shortfalls
from cardgen.errors import Location
from cardgen.load.game import GamePack
from cardgen.model.base import Selector
from cardgen.model.game import DealRow
from cardgen.model.select import describe, matches


def players_text(low: int, high: int) -> str:
    """A span of player counts in words: `2 players`, `3 to 4 players`, `1 player`."""
    noun = "player" if high == 1 else "players"
    return f"{low} {noun}" if low == high else f"{low} to {high} {noun}"


Span = tuple[int, int]
"""A run of player counts, both ends included."""


def outside(span: Span, within: Span) -> list[Span]:
    """The parts of `span` that lie outside `within`: below it, above it."""
    low, high = span
    parts = []
    if low < within[0]:
        parts.append((low, min(high, within[0] - 1)))
    if high > within[1]:
        parts.append((max(low, within[1] + 1), high))
    return parts


def gaps(within: Span, covered: list[Span]) -> list[Span]:
    """The runs of `within` that none of the `covered` spans holds, in order."""
    found: list[Span] = []
    start, end = within
    for low, high in sorted(covered):
        if low > end:
            break
        if low > start:
            found.append((start, low - 1))
        start = max(start, high + 1)
    if start <= end:
        found.append((start, end))
    return found


def _finding(check: str, code: str, message: str, where: Location, cite: str = "") -> Finding:
    """A finding at a place in game.yaml (its line and column)."""
    return Finding(check, code, message, where.path, where.line, cite=cite, col=where.col)


def check_players(pack: GamePack) -> Iterator[Finding]:
    """`players:` in order, and the deal table's rows against it and each other."""
    players = pack.game.players
    if players.min > players.max:
        yield _finding(
            "setup-players",
            "SC409",
            f"players: min {players.min} is greater than max {players.max}",
            pack.doc.location(["players"]),
        )
    rows = pack.game.setup.deal
    valid: list[tuple[int, DealRow]] = []
    for index, row in enumerate(rows):
        where = pack.doc.location(["setup", "deal", index])
        cite = f"deal row {index + 1}"
        if row.players_min > row.players_max:
            yield _finding(
                "setup-deal-rows",
                "SC408",
                f"the deal row for {row.players_min} to {row.players_max} players is"
                f" inverted: players_min {row.players_min} is greater than players_max"
                f" {row.players_max}",
                where,
                cite,
            )
            continue
        beyond = outside((row.players_min, row.players_max), (players.min, players.max))
        if players.min <= players.max and beyond:
            shown = ", ".join(players_text(a, b) for a, b in beyond)
            yield _finding(
                "setup-deal-rows",
                "SC406",
                f"the deal row for {players_text(row.players_min, row.players_max)}"
                f" goes outside players: {players.min} to {players.max} ({shown})",
                where,
                cite,
            )
        for earlier, other in valid:
            low = max(row.players_min, other.players_min)
            high = min(row.players_max, other.players_max)
            if low <= high:
                yield _finding(
                    "setup-deal-rows",
                    "SC407",
                    f"the deal rows {earlier + 1}"
                    f" ({players_text(other.players_min, other.players_max)}) and"
                    f" {index + 1} ({players_text(row.players_min, row.players_max)})"
                    f" both cover {players_text(low, high)}",
                    where,
                    cite,
                )
        valid.append((index, row))
    if rows and players.min <= players.max:
        covered = [(row.players_min, row.players_max) for _, row in valid]
        missing = gaps((players.min, players.max), covered)
        if missing:
            shown = ", ".join(players_text(a, b) for a, b in missing)
            yield _finding(
                "setup-deal-rows",
                "SC405",
                f"no deal row covers {shown} (players: {players.min} to {players.max})",
                pack.doc.key_location(["setup", "deal"]),
            )


def pile_demands(pack: GamePack) -> list[tuple[Demand, Location]]:
    """What each pile with a `count` takes (one demand per group with `group_by`); a pile
    no card matches takes nothing (SC401 says so)."""
    demands: list[tuple[Demand, Location]] = []
    for index, pile in enumerate(pack.game.setup.piles):
        matching = [card for card in pack.cards if matches(card, pile.where)]
        if pile.count is None or not matching:
            continue
        where = pack.doc.location(["setup", "piles", index])
        if pile.group_by is None:
            names = frozenset(card.name for card in matching)
            demand = Demand(f'pile "{pile.id}"', pile.count, names, describe(pile.where))
            demands.append((demand, where))
            continue
        groups: dict[str, set[str]] = {}
        for card in matching:
            groups.setdefault(str(card.get(pile.group_by)), set()).add(card.name)
        for value, names_of in groups.items():
            label = f'pile "{pile.id}" ({pile.group_by} {value})'
            shown = f"{describe(pile.where)}, {pile.group_by}={value}"
            demands.append((Demand(label, pile.count, frozenset(names_of), shown), where))
    return demands


def _cards_word(pack: GamePack, selector: Selector | None) -> str:
    """`Classic cards` when the selector is one card type, else `cards`."""
    if selector is not None and list(selector) == ["type"]:
        ctype = pack.game.types.get(str(selector["type"]))
        if ctype is not None:
            return f"{ctype.label} cards"
    return "cards"


def _holder(pack: GamePack, boxes: int, available: int) -> str:
    """`the box has 48`, `2 boxes have 2 x 48 = 96`, `the pool has 48`."""
    if boxes > 1:
        return f"{boxes} boxes have {boxes} x {available // boxes} = {available}"
    return f"the {'box' if pack.game.box is not None else 'pool'} has {available}"


def check_piles(pack: GamePack) -> Iterator[Finding]:
    """No pile matches no card; no pile, nor set of piles, takes more cards than match."""
    for index, pile in enumerate(pack.game.setup.piles):
        if not any(matches(card, pile.where) for card in pack.cards):
            where = pack.doc.location(["setup", "piles", index])
            yield _finding(
                "setup-piles",
                "SC401",
                f'pile "{pile.id}": no card matches {describe(pile.where)}',
                where,
            )
    located = pile_demands(pack)
    demands = [demand for demand, _ in located]
    for short in shortfalls(demands, copies_of(pack.cards)):
        chosen = [demands[i] for i in short.demands]
        where = located[short.demands[-1]][1]
        if len(chosen) == 1:
            message = (
                f"{chosen[0].label} takes {short.needed} cards;"
                f" only {short.available} match {chosen[0].selector}"
            )
            yield _finding("setup-piles", "SC401", message, where)
            continue
        names = ", ".join(d.label.removeprefix("pile ") for d in chosen[:-1])
        counts = " + ".join(str(d.count) for d in chosen)
        selectors = " or ".join(dict.fromkeys(d.selector for d in chosen))
        yield _finding(
            "setup-piles",
            "SC402",
            f"piles {names} and {chosen[-1].label.removeprefix('pile ')} take"
            f" {counts} = {short.needed} cards together; only {short.available}"
            f" match {selectors}",
            where,
        )


def check_deal(pack: GamePack) -> Iterator[Finding]:
    """Each row's deal at its most players, alone and with the piles, against the box."""
    setup = pack.game.setup
    copies = copies_of(pack.cards)
    dealt = frozenset(card.name for card in pack.cards if matches(card, setup.deal_from))
    piles = [demand for demand, _ in pile_demands(pack)]
    word = _cards_word(pack, setup.deal_from)
    rule = f"deal_from: {describe(setup.deal_from)}"
    for index, row in enumerate(setup.deal):
        if row.players_min > row.players_max:
            continue
        where = pack.doc.location(["setup", "deal", index])
        n = row.players_max
        needed = n * row.cards_each
        deal = Demand(
            f"the deal for {players_text(n, n)}", needed, dealt, describe(setup.deal_from)
        )
        gives = f"the deal for {players_text(n, n)} gives {n} x {row.cards_each} = {needed}"
        for short in shortfalls([*piles, deal], copies, row.boxes, must=len(piles)):
            others = [piles[i] for i in short.demands if i < len(piles)]
            holder = _holder(pack, row.boxes, short.available)
            if not others:
                yield _finding(
                    "setup-deal",
                    "SC403",
                    f"{gives} {word}, but {holder} ({rule})",
                    where,
                    f"deal row {index + 1}",
                )
                continue
            taken = " and ".join(f"{d.label} takes {d.count}" for d in others)
            selectors = "; ".join(f"{d.label}: {d.selector}" for d in others)
            yield _finding(
                "setup-deal",
                "SC404",
                f"{gives} {word} and {taken}: {short.needed} cards, but {holder}"
                f" that these take from ({rule}; {selectors})",
                where,
                f"deal row {index + 1}",
            )


def check_setup(pack: GamePack) -> Iterator[Finding]:
    """Every check of the table setup: players and deal rows, the deal, piles, the hand."""
    yield from check_players(pack)
    yield from check_deal(pack)
    yield from check_piles(pack)
    yield from check_hand(pack)
