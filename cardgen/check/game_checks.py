"""`cardgen check GAME`: a game's own data against its own rules.

Conditional field bounds, card references, pairs, upgrade links, grids, unique values, the
box manifest (including the decks that make up the box) and the boards. Each check returns
findings; nothing stops at the first.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict, deque
from collections.abc import Iterator

from cardgen.check.deck_rules import DeckValidator
from cardgen.check.findings import Finding
from cardgen.check.layout_checks import check_layouts
from cardgen.check.select import describe, matches
from cardgen.errors import ErrorCollector, Location, display_path
from cardgen.load.decklist import load_deck
from cardgen.load.game import GamePack
from cardgen.load.pool import name_key
from cardgen.load.validation import validate_yaml
from cardgen.load.yaml import YamlDocument, load_yaml
from cardgen.model.board import AXIAL_NEIGHBOURS, HEIGHT, Board
from cardgen.model.card import Card
from cardgen.model.game import (
    BoardRef,
    BoxItem,
    FieldBound,
    GridCheck,
    LinkCheck,
    PairsCheck,
    UniqueCheck,
)


def _card_finding(check: str, code: str, message: str, card: Card, cite: str = "") -> Finding:
    return Finding(
        check,
        code,
        message,
        card.source_path,
        card.source_line,
        card.name,
        cite=cite,
        sheet=card.source_sheet,
        col=card.source_col,
    )


def _bound_problem(value: object, bound: FieldBound) -> str | None:
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
                    yield _card_finding(
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
                yield _card_finding(
                    "card-reference",
                    "SC102",
                    f'"{card.name}": {field} names "{value}", not in the pool',
                    card,
                )


def check_pairs(pack: GamePack, check: PairsCheck) -> Iterator[Finding]:
    for card in pack.cards:
        if not matches(card, check.where):
            continue
        partner_name = card.get(check.field)
        partner = pack.find(str(partner_name)) if partner_name else None
        if partner is None:
            yield _card_finding(
                check.id,
                "SC103",
                f'"{card.name}" has no partner: {check.field} is {partner_name!r}'
                f" — {check.message}",
                card,
                check.cite,
            )
        elif not matches(partner, check.where) or partner is card:
            yield _card_finding(
                check.id,
                "SC103",
                f'"{card.name}" names "{partner.name}", which is not a'
                f" {describe(check.where)} card — {check.message}",
                card,
                check.cite,
            )
        elif name_key(str(partner.get(check.field) or "")) != name_key(card.name):
            yield _card_finding(
                check.id,
                "SC103",
                f'"{card.name}" names "{partner.name}" as its partner, but'
                f' "{partner.name}" names {partner.get(check.field)!r}'
                f" — {check.message}",
                card,
                check.cite,
            )
        elif card.copies != partner.copies:
            yield _card_finding(
                check.id,
                "SC103",
                f'"{card.name}" ×{card.copies} but its partner "{partner.name}"'
                f" ×{partner.copies}: pairs need equal copies",
                card,
                check.cite,
            )


def check_link(pack: GamePack, check: LinkCheck) -> Iterator[Finding]:
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
            yield _card_finding(
                check.id,
                "SC104",
                f'"{card.name}": no {describe(check.target)} card with'
                f" {check.field} {shown} — {check.message}",
                card,
                check.cite,
            )


def check_grid(pack: GamePack, check: GridCheck) -> Iterator[Finding]:
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
                yield _card_finding(
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
    seen: dict[str, Card] = {}
    for card in pack.cards:
        raw = card.get(check.field)
        if not matches(card, check.where) or raw in (None, ""):
            continue
        value = str(raw)
        if value in seen:
            yield _card_finding(
                check.id,
                "SC106",
                f'"{card.name}" has {check.field} {value}, as "{seen[value].name}"'
                f" does — {check.message}",
                card,
                check.cite,
            )
        else:
            seen[value] = card


def _box_items(
    pack: GamePack,
    items: list[BoxItem],
    counts: dict[str, int],
    where: Location,
    what: str,
    code: str,
) -> Iterator[Finding]:
    for index, item in enumerate(items):
        total = sum(
            n
            for name, n in counts.items()
            if (card := pack.find(name)) is not None and matches(card, item.where)
        )
        if total != item.count:
            diff = total - item.count
            yield Finding(
                "box-contents",
                code,
                f"{what} has {total} {item.label}, the box manifest says {item.count}"
                f" ({abs(diff)} {'over' if diff > 0 else 'short'})",
                where.path,
                where.line,
                cite=f"box item {index + 1}",
            )


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
    yield from _box_items(pack, box.contents, copies, box_at, "the pool", "SC202")
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
            pack, box.deck_contents, counts, Location(deck.path, 1), f"deck {deck.name}", "SC204"
        )
    for card in pack.cards:
        if in_decks.get(card.name, 0) != card.copies:
            yield _card_finding(
                "box-decks",
                "SC205",
                f'"{card.name}": the pool says {card.copies} copies, the box decks'
                f" hold {in_decks.get(card.name, 0)}",
                card,
            )


def load_board(pack: GamePack, ref: BoardRef) -> tuple[Board, YamlDocument]:
    """Load and validate a board file of the game; unknown tokens name their row's line."""
    where: list[str | int] = ["boards", pack.game.boards.index(ref), "file"]
    doc = load_yaml(pack.file(ref.file, where), pack.root)
    board: Board = validate_yaml(Board, doc)
    errors = ErrorCollector()
    for index, token in board.unknown_tokens():
        known = ", ".join(sorted(board.legend))
        errors.add(f'token "{token}" is not in the legend ({known})', doc.location(["rows", index]))
    errors.raise_if_any()
    return board, doc


def reachable(
    cells: dict[tuple[int, int], str], start: list[tuple[int, int]]
) -> set[tuple[int, int]]:
    """Cells a piece can walk to from `start`: never onto blocked cells, up one height at most."""
    seen = set(start)
    queue = deque(start)
    while queue:
        q, r = queue.popleft()
        here = HEIGHT[cells[(q, r)]]
        for dq, dr in AXIAL_NEIGHBOURS:
            nxt = (q + dq, r + dr)
            kind = cells.get(nxt)
            if kind is None or kind == "blocked" or nxt in seen:
                continue
            if HEIGHT[kind] - here <= 1:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def check_board(pack: GamePack, ref: BoardRef) -> Iterator[Finding]:
    """Spawn cells per team, and every walkable cell reachable from each team's spawn."""
    board, doc = load_board(pack, ref)
    cells = board.cells()
    spawns: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for pos, kind in sorted(cells.items(), key=lambda item: (item[0][1], item[0][0])):
        if kind.startswith("spawn-"):
            spawns[kind.removeprefix("spawn-")].append(pos)
    for team in ("green", "purple"):
        found = len(spawns.get(team, []))
        if found != ref.spawns_per_team:
            where = doc.location(["rows", spawns[team][0][1]] if spawns.get(team) else ["rows"])
            yield Finding(
                "board-spawns",
                "SC301",
                f"{team} has {found} spawn cells; each team needs {ref.spawns_per_team}",
                where.path,
                where.line,
            )
    walkable = {pos for pos, kind in cells.items() if kind != "blocked"}
    for team, starts in sorted(spawns.items()):
        missing = sorted(walkable - reachable(cells, starts), key=lambda p: (p[1], p[0]))
        if missing:
            sample = ", ".join(f"row {r + 1} (q={q}, r={r})" for q, r in missing[:5])
            where = doc.location(["rows", missing[0][1]])
            yield Finding(
                "board-connected",
                "SC302",
                f"{len(missing)} cells cannot be reached from the {team} spawn: {sample}",
                where.path,
                where.line,
            )


def check_setup(pack: GamePack) -> Iterator[Finding]:
    """Every pile of the table setup takes at least one card, and no more than there are."""
    for index, pile in enumerate(pack.game.setup.piles):
        available = sum(card.copies for card in pack.cards if matches(card, pile.where))
        where = pack.doc.location(["setup", "piles", index])
        if available == 0:
            yield Finding(
                "setup-piles",
                "SC401",
                f'pile "{pile.id}": no card matches {describe(pile.where)}',
                where.path,
                where.line,
            )
        elif pile.count is not None and pile.count > available and pile.group_by is None:
            yield Finding(
                "setup-piles",
                "SC401",
                f'pile "{pile.id}" takes {pile.count} cards;'
                f" only {available} match {describe(pile.where)}",
                where.path,
                where.line,
            )


def check_game(pack: GamePack, *, fit_text: bool = True) -> list[Finding]:
    """Every finding about the game's own data and its layouts (without `fit_text`, no
    card's text is set in its box: a build's renderer does that, and warns, RN101)."""
    findings: list[Finding] = []
    findings.extend(check_constraints(pack))
    findings.extend(check_card_refs(pack))
    for check in pack.game.checks:
        if isinstance(check, PairsCheck):
            findings.extend(check_pairs(pack, check))
        elif isinstance(check, LinkCheck):
            findings.extend(check_link(pack, check))
        elif isinstance(check, GridCheck):
            findings.extend(check_grid(pack, check))
        elif isinstance(check, UniqueCheck):
            findings.extend(check_unique(pack, check))
    findings.extend(check_box(pack))
    findings.extend(check_setup(pack))
    for ref in pack.game.boards:
        findings.extend(check_board(pack, ref))
    findings.extend(check_layouts(pack, fit_text=fit_text))
    return findings
