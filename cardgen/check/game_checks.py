"""`cardgen check GAME`: a game's own data against its own rules.

Conditional field bounds, card references, and the checks a game declares (pairs, upgrade
links, grids, unique values) are here; the box manifest is checked in `box_checks`, the
table setup (players, the deal table, piles, the hand) in `setup_checks`, the boards in
`board_checks`; `check_game` runs them all, with the layouts' checks. Each check returns
findings; nothing stops at the first.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from cardgen.check.assumptions import check_assumptions
from cardgen.check.board_checks import check_board, load_board
from cardgen.check.box_checks import check_box
from cardgen.check.component_checks import check_components
from cardgen.check.findings import Finding, card_finding
from cardgen.check.layout_checks import check_layouts
from cardgen.check.pool_rules import (
    check_pairs_together,
    check_partners_differ,
    check_reach,
    check_text_fields,
)
from cardgen.check.setup_checks import check_setup
from cardgen.errors import display_path
from cardgen.load.game import GamePack
from cardgen.load.pool import name_key
from cardgen.model.card import Card
from cardgen.model.game import (
    FieldBound,
    GridCheck,
    LinkCheck,
    PairsCheck,
    UniqueCheck,
)
from cardgen.model.pool_checks import ReachCheck, TextFieldsCheck
from cardgen.model.select import describe, matches

__all__ = [
    "check_card_refs",
    "check_constraints",
    "check_game",
    "check_grid",
    "check_link",
    "check_pairs",
    "check_unique",
    "load_board",
]
"""The checks of this module, `check_game`, and `load_board` (of `board_checks`), which the
TTS and print-and-play exports import from here."""


def _bound_problem(value: object, bound: FieldBound) -> str | None:
    if bound.empty:
        return None if value in (None, "") else f"is {value!r}; must be left empty"
    if value is None:
        return "is not set"
    if bound.one_of and value not in bound.one_of:
        return f"is {value!r}; must be one of {', '.join(map(str, bound.one_of))}"
    if isinstance(value, int) and not isinstance(value, bool):
        if bound.min is not None and value < bound.min:
            return f"is {value}; must be at least {bound.min}"
        if bound.max is not None and value > bound.max:
            return f"is {value}; must be at most {bound.max}"
    return None


def check_constraints(pack: GamePack) -> Iterator[Finding]:
    """Per-type conditional bounds, e.g. a Doodle has at most 2 Inspiration and is Vibrant."""
    for card in pack.cards:
        for constraint in pack.game.types[card.type].constraints:
            if not matches(card, constraint.when):
                continue
            for field, bound in constraint.require.items():
                problem = _bound_problem(card.get(field), bound)
                if problem:
                    yield card_finding(
                        constraint.id,
                        "SC101",
                        f'"{card.name}": {field} {problem} — {constraint.message}',
                        card,
                        constraint.cite,
                    )


def check_card_refs(pack: GamePack) -> Iterator[Finding]:
    """Every `card` field names a card of the pool."""
    for card in pack.cards:
        for field, spec in pack.game.types[card.type].fields.items():
            value = card.fields.get(field)
            if spec.type == "card" and value and pack.find(str(value)) is None:
                yield card_finding(
                    "card-reference",
                    "SC102",
                    f'"{card.name}": {field} names "{value}", not in the pool',
                    card,
                )


def check_pairs(pack: GamePack, check: PairsCheck) -> Iterator[Finding]:
    """Each card of a pairs check names a partner that names it back, with as many copies."""
    for card in pack.cards:
        if not matches(card, check.where):
            continue
        partner_name = card.get(check.field)
        partner = pack.find(str(partner_name)) if partner_name else None
        if partner is None:
            yield card_finding(
                check.id,
                "SC103",
                f'"{card.name}" has no partner: {check.field} is {partner_name!r}'
                f" — {check.message}",
                card,
                check.cite,
            )
        elif not matches(partner, check.where) or partner is card:
            yield card_finding(
                check.id,
                "SC103",
                f'"{card.name}" names "{partner.name}", which is not a'
                f" {describe(check.where)} card — {check.message}",
                card,
                check.cite,
            )
        elif name_key(str(partner.get(check.field) or "")) != name_key(card.name):
            yield card_finding(
                check.id,
                "SC103",
                f'"{card.name}" names "{partner.name}" as its partner, but'
                f' "{partner.name}" names {partner.get(check.field)!r}'
                f" — {check.message}",
                card,
                check.cite,
            )
        elif card.copies != partner.copies:
            yield card_finding(
                check.id,
                "SC103",
                f'"{card.name}" ×{card.copies} but its partner "{partner.name}"'
                f" ×{partner.copies}: pairs need equal copies",
                card,
                check.cite,
            )


def check_link(pack: GamePack, check: LinkCheck) -> Iterator[Finding]:
    """Each card of a link check names a value some target card has in the same field."""
    targets = {
        name_key(str(value))
        for c in pack.cards
        if matches(c, check.target) and (value := c.get(check.field)) not in (None, "")
    }
    for card in pack.cards:
        if not matches(card, check.where):
            continue
        value = card.get(check.field)
        if value in (None, "") or name_key(str(value)) not in targets:
            shown = repr(value) if value not in (None, "") else "(not set)"
            yield card_finding(
                check.id,
                "SC104",
                f'"{card.name}": no {describe(check.target)} card with'
                f" {check.field} {shown} — {check.message}",
                card,
                check.cite,
            )


def check_grid(pack: GamePack, check: GridCheck) -> Iterator[Finding]:
    """Every combination of a grid check's choice fields has exactly its number of copies."""
    counts: Counter[tuple[str, ...]] = Counter()
    first: dict[tuple[str, ...], Card] = {}
    for card in pack.cards:
        if matches(card, check.where):
            key = tuple(str(card.get(f)) for f in check.fields)
            counts[key] += card.copies
            first.setdefault(key, card)
    axes = [[str(v) for v in pack.game.choice_values(f)] for f in check.fields]
    for key in itertools.product(*axes):
        found = counts.get(key, 0)
        if found != check.each:
            shown = ", ".join(f"{f} {v}" for f, v in zip(check.fields, key, strict=True))
            example = first.get(key)
            message = f"{shown}: {found} cop{'y' if found == 1 else 'ies'}, expected {check.each}"
            if example is not None:
                yield card_finding(
                    check.id, "SC105", f"{message} — {check.message}", example, check.cite
                )
            else:
                yield Finding(
                    check.id,
                    "SC105",
                    f"{message} — {check.message}",
                    display_path(pack.pool_path),
                    cite=check.cite,
                )


def check_unique(pack: GamePack, check: UniqueCheck) -> Iterator[Finding]:
    """No two cards of a unique check share the field's value."""
    seen: dict[str, Card] = {}
    for card in pack.cards:
        raw = card.get(check.field)
        if not matches(card, check.where) or raw in (None, ""):
            continue
        value = str(raw)
        if value in seen:
            yield card_finding(
                check.id,
                "SC106",
                f'"{card.name}" has {check.field} {value}, as "{seen[value].name}"'
                f" does — {check.message}",
                card,
                check.cite,
            )
        else:
            seen[value] = card


def check_game(pack: GamePack, *, fit_text: bool = True) -> list[Finding]:
    """Every finding about the game's own data and its layouts (without `fit_text`, no
    card's text is set in its box: a build's renderer does that, and warns, RN101)."""
    findings: list[Finding] = []
    findings.extend(check_constraints(pack))
    findings.extend(check_card_refs(pack))
    for check in pack.game.checks:
        if isinstance(check, PairsCheck):
            findings.extend(check_pairs(pack, check))
            findings.extend(check_partners_differ(pack, check))
            findings.extend(check_pairs_together(pack, check))
        elif isinstance(check, LinkCheck):
            findings.extend(check_link(pack, check))
        elif isinstance(check, GridCheck):
            findings.extend(check_grid(pack, check))
        elif isinstance(check, UniqueCheck):
            findings.extend(check_unique(pack, check))
        elif isinstance(check, TextFieldsCheck):
            findings.extend(check_text_fields(pack, check))
        elif isinstance(check, ReachCheck):
            findings.extend(check_reach(pack, check))
    findings.extend(check_box(pack))
    findings.extend(check_setup(pack))
    findings.extend(check_assumptions(pack))
    for ref in pack.game.boards:
        findings.extend(check_board(pack, ref))
    findings.extend(check_components(pack))
    findings.extend(check_layouts(pack, fit_text=fit_text))
    return findings
