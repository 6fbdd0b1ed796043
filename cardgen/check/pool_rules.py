"""`cardgen check`: what the rules imply about the pool beyond its fields' bounds.

A card's text against its fields (SC601), the two cards of a pair together in every deck
of the box (SC603) and different where they must differ (SC604), a card's printed reach
against its pattern (SC605). Each check returns findings at the card's (or the deck
line's) place.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardgen.check.findings import Finding, card_finding
from cardgen.load.decklist import load_deck
from cardgen.load.game import GamePack
from cardgen.load.pool import name_key
from cardgen.model.card import Card
from cardgen.model.game import PairsCheck
from cardgen.model.patterns import fields_pattern
from cardgen.model.pool_checks import ReachCheck, TextFieldsCheck
from cardgen.model.select import matches


def _says(pack: GamePack, check: TextFieldsCheck, card: Card, field: str, said: str) -> bool:
    """Whether the words `said` of a card's text name the card's value of `field`."""
    value = card.get(field)
    if value is None:
        return False
    wanted = said.strip().casefold()
    names = {str(value), check.words.get(field, {}).get(str(value), "")}
    spec = pack.game.types[card.type].fields.get(field)
    if spec is not None:
        names.add(spec.labels.get(value, ""))
    if isinstance(value, int) and not isinstance(value, bool) and wanted.lstrip("+-").isdigit():
        return int(wanted) == value
    return wanted in {n.casefold() for n in names if n}


def check_text_fields(pack: GamePack, check: TextFieldsCheck) -> Iterator[Finding]:
    """Each card whose text the pattern matches says its own values in the named groups:
    an Ally of `bonus: 1` whose text adds +2, a Distract card whose text is Call's."""
    regexp = fields_pattern(check.pattern)
    for card in pack.cards:
        if not matches(card, check.where) or not card.text:
            continue
        found = regexp.search(card.text)
        if found is None:
            continue
        for field in regexp.groupindex:
            said = found.group(field)
            if said is None or _says(pack, check, card, field, said):
                continue
            yield card_finding(
                check.id,
                "SC601",
                f'"{card.name}": its text says "{said.strip()}" but its {field} is'
                f" {card.get(field)!r} — {check.message}",
                card,
                check.cite,
            )


def _partner(pack: GamePack, check: PairsCheck, card: Card) -> Card | None:
    """The card's partner when the two name each other (SC103 reports the rest)."""
    named = card.get(check.field)
    partner = pack.find(str(named)) if named else None
    if partner is None or partner is card or not matches(partner, check.where):
        return None
    if name_key(str(partner.get(check.field) or "")) != name_key(card.name):
        return None
    return partner


def check_partners_differ(pack: GamePack, check: PairsCheck) -> Iterator[Finding]:
    """Two partners with the same value of a `differ` field (two left crystal halves):
    reported once, at the second card of the pair in the pool."""
    seen: set[str] = set()
    for card in pack.cards:
        if not matches(card, check.where) or (partner := _partner(pack, check, card)) is None:
            continue
        seen.add(card.name)
        if partner.name not in seen:
            continue
        for field in check.differ:
            value = card.get(field)
            if value not in (None, "") and value == partner.get(field):
                yield card_finding(
                    check.id,
                    "SC604",
                    f'"{card.name}" and its partner "{partner.name}" both have {field}'
                    f" {value!r} — {check.message}",
                    card,
                    check.cite,
                )


def check_pairs_together(pack: GamePack, check: PairsCheck) -> Iterator[Finding]:
    """In each deck of the box, every card of a pair with its own partner: two Twins of a
    Starter Deck from two different pairs are reported at the line of each one alone."""
    box = pack.game.box
    if box is None or not check.together:
        return
    for index, relative in enumerate(box.decks):
        deck = load_deck(pack.file(relative, ["box", "decks", index]), pack.root)
        entries = [(e, c) for e, c in pack.entries_of(deck) if c is not None]
        names = {c.name for _, c in entries}
        for entry, card in entries:
            if not matches(card, check.where):
                continue
            partner = _partner(pack, check, card)
            if partner is not None and partner.name in names:
                continue
            named = card.get(check.field)
            yield Finding(
                check.id,
                "SC603",
                f'"{card.name}" is in deck {deck.name} without its partner "{named}"'
                f" — {check.message}",
                deck.path,
                entry.line,
                card.name,
                cite=check.cite,
            )


def _distance(cell: Any, grid: str) -> int | None:
    """How many steps a cell [q, r] (hex, axial) or [x, y] (square) is from the origin."""
    if not isinstance(cell, list | tuple) or len(cell) != 2:
        return None
    q, r = cell
    if (
        not (isinstance(q, int) and isinstance(r, int))
        or isinstance(q, bool)
        or isinstance(r, bool)
    ):
        return None
    steps: int = max(abs(q), abs(r), abs(q + r)) if grid == "hex" else max(abs(q), abs(r))
    return steps


def check_reach(pack: GamePack, check: ReachCheck) -> Iterator[Finding]:
    """Each card's printed reach (`field`) against the farthest cell of its pattern."""
    for card in pack.cards:
        if not matches(card, check.where):
            continue
        printed, cells = card.get(check.field), card.get(check.pattern)
        if not isinstance(cells, list) or not cells or not isinstance(printed, int):
            continue
        steps = [_distance(cell, check.grid) for cell in cells]
        if any(s is None for s in steps):
            continue
        reach = max(s for s in steps if s is not None)
        if reach != printed:
            yield card_finding(
                check.id,
                "SC605",
                f'"{card.name}": {check.field} is {printed} but its {check.pattern} reaches'
                f" {reach} — {check.message}",
                card,
                check.cite,
            )
