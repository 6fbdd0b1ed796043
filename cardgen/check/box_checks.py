"""What goes in the box: the box manifest.

The pool against the box manifest (its total and its items), and the decks that make up
the box against the pool copy for copy (SC2xx). The table setup is `setup_checks`'.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial

from cardgen.check.deck_rules import DeckValidator
from cardgen.check.findings import Finding, card_finding
from cardgen.errors import Location
from cardgen.load.decklist import load_deck
from cardgen.load.game import GamePack
from cardgen.model.deck import Deck
from cardgen.model.game import BoxItem
from cardgen.model.select import matches


def _box_items(
    pack: GamePack,
    items: list[BoxItem],
    counts: dict[str, int],
    where: Callable[[int, BoxItem], Location],
    what: str,
    code: str,
) -> Iterator[Finding]:
    """Each item of a box manifest against the copies `counts` holds of its cards; a
    finding stands where `where(index, item)` says."""
    for index, item in enumerate(items):
        total = sum(
            n
            for name, n in counts.items()
            if (card := pack.find(name)) is not None and matches(card, item.where)
        )
        if total != item.count:
            diff = total - item.count
            at = where(index, item)
            yield Finding(
                "box-contents",
                code,
                f"{what} has {total} {item.label}, the box manifest says {item.count}"
                f" ({abs(diff)} {'over' if diff > 0 else 'short'})",
                at.path,
                at.line,
                cite=f"box item {index + 1}",
                col=at.col,
            )


def _first_entry(pack: GamePack, deck: Deck, _index: int, item: BoxItem) -> Location:
    """Where a deck list's first line of the cards `item` counts stands; the deck's first
    card line when it has none of them."""
    lines = list(pack.entries_of(deck))
    for entry, card in lines:
        if card is not None and matches(card, item.where):
            return Location(deck.path, entry.line, entry.col)
    first = lines[0][0] if lines else None
    return Location(deck.path, first.line if first else 1, first.col if first else None)


def check_box(pack: GamePack) -> Iterator[Finding]:
    """The pool against the box manifest; the box decks against the pool, copy for copy."""
    box = pack.game.box
    if box is None:
        return
    box_at = pack.doc.location(["box"])
    copies = {card.name: card.copies for card in pack.cards}
    total = sum(copies.values())
    if box.total is not None and total != box.total:
        yield Finding(
            "box-total",
            "SC201",
            f"the pool has {total} card copies; the box holds {box.total}",
            box_at.path,
            pack.doc.location(["box", "total"]).line,
        )
    yield from _box_items(
        pack,
        box.contents,
        copies,
        lambda index, _: pack.doc.location(["box", "contents", index]),
        "the pool",
        "SC202",
    )
    if not box.decks:
        return
    in_decks: Counter[str] = Counter()
    validator = DeckValidator(pack)
    for index, relative in enumerate(box.decks):
        path = pack.file(relative, ["box", "decks", index])
        deck = load_deck(path, pack.root)
        report = validator.validate(deck)
        for violation in report.violations:
            if violation.kind == "unknown_card":
                yield Finding("box-decks", "SC203", violation.message, deck.path, violation.line)
        counts: Counter[str] = Counter()
        for entry, card in pack.entries_of(deck):
            if card is not None:
                counts[card.name] += entry.count
        in_decks.update(counts)
        yield from _box_items(
            pack,
            box.deck_contents,
            counts,
            partial(_first_entry, pack, deck),
            f"deck {deck.name}",
            "SC204",
        )
    for card in pack.cards:
        if in_decks.get(card.name, 0) != card.copies:
            yield card_finding(
                "box-decks",
                "SC205",
                f'"{card.name}": the pool says {card.copies} copies, the box decks'
                f" hold {in_decks.get(card.name, 0)}",
                card,
            )
