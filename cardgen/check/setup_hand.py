"""The starting hand (`setup.hand`) against the face-down pile it is drawn from (SC410).

The pile drawn from is the setup's only face-down pile; with none or several, or with a
deal table (the dealt cards are each player's own pile), which one is drawn from is not
in the data and nothing is checked. The pile is filled as the table is set out: the piles
before it take their cards first, in order. A game whose box holds ready-made decks
(`box.decks`) draws from each player's own deck: the hand must fit the smallest such pile
of any of them; a constructed game without them, from the pile the pool allows; any other
game shares the pile, so the hand times the most players must fit.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardgen.check.findings import Finding
from cardgen.load.decklist import load_deck
from cardgen.load.game import GamePack
from cardgen.model.card import Card
from cardgen.model.game import Pile
from cardgen.model.select import matches


def draw_pile(pack: GamePack) -> int | None:
    """The index of the pile a hand is drawn from, or None when the data does not say."""
    setup = pack.game.setup
    if setup.deal:
        return None
    down = [i for i, pile in enumerate(setup.piles) if not pile.face_up]
    if len(down) != 1 or setup.piles[down[0]].group_by is not None:
        return None
    return down[0]


def pile_size(piles: list[Pile], index: int, stock: list[tuple[Card, int]]) -> int:
    """The cards pile `index` gets when `stock` (cards and copies, in order) is dealt into
    the piles in order: each takes the matching copies left (at most its `count`)."""
    cards = [card for card, _ in stock]
    left = [n for _, n in stock]
    got = 0
    for pile in piles[: index + 1]:
        limit = None if pile.count is None or pile.group_by is not None else pile.count
        got = 0
        for i, card in enumerate(cards):
            if left[i] and matches(card, pile.where):
                take = left[i] if limit is None else min(left[i], limit - got)
                left[i] -= take
                got += take
    return got


def _deck_stocks(pack: GamePack) -> Iterator[tuple[str, list[tuple[Card, int]]]]:
    """Each box deck's path and its cards with their copies, in the list's order."""
    assert pack.game.box is not None
    for index, relative in enumerate(pack.game.box.decks):
        deck = load_deck(pack.file(relative, ["box", "decks", index]), pack.root)
        counts: dict[str, tuple[Card, int]] = {}
        for entry, card in pack.entries_of(deck):
            if card is not None:
                had = counts.get(card.name, (card, 0))[1]
                counts[card.name] = (card, had + entry.count)
        yield deck.path, list(counts.values())


def check_hand(pack: GamePack) -> Iterator[Finding]:
    """The starting hand is no larger than the pile it is drawn from (SC410)."""
    setup = pack.game.setup
    index = draw_pile(pack)
    if not setup.hand or index is None:
        return
    pile = setup.piles[index]
    where = pack.doc.location(["setup", "hand"])
    named = f'the {pile.label} (pile "{pile.id}")'
    hand = f"the starting hand of {setup.hand} cards"
    box = pack.game.box
    if box is not None and box.decks:
        path, size = min(
            ((path, pile_size(setup.piles, index, stock)) for path, stock in _deck_stocks(pack)),
            key=lambda found: found[1],
        )
        if setup.hand > size:
            message = (
                f"{hand} is larger than {named} of box deck {path}: {size} cards after the"
                " piles set apart before it"
            )
            yield Finding("setup-hand", "SC410", message, where.path, where.line, col=where.col)
        return
    size = pile_size(setup.piles, index, [(card, card.copies) for card in pack.cards])
    if pack.game.constructed:
        if setup.hand > size:
            message = f"{hand} is larger than {named}, which the pool fills with {size} cards"
            yield Finding("setup-hand", "SC410", message, where.path, where.line, col=where.col)
        return
    players = max(pack.game.players.min, pack.game.players.max)
    needed = setup.hand * players
    if needed > size:
        seats = f"{players} player{'s' if players != 1 else ''}"
        message = (
            f"{hand} for {seats} needs {players} x {setup.hand} = {needed} cards,"
            f" but {named} holds {size}"
        )
        yield Finding("setup-hand", "SC410", message, where.path, where.line, col=where.col)
