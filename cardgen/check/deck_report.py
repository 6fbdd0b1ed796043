"""`cardgen report`: the shape of a deck (or of a whole box) in numbers.

`report` reads a deck list (or takes a game's whole box) and `compute` gathers one
`DeckStats`: the counts, curves and averages of `deck_stats`, the duel odds and matchups
of `deck_odds` (against the whole card pool weighted by copies, or `--against` a deck),
and for a deck list its legality. `deck_report_text` writes it for a terminal;
`cardgen.reports.html` and `report_pdf` draw it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from cardgen.check.deck_draws import DEFAULT_TURNS, DrawTable, draw_table, odds_selectors
from cardgen.check.deck_odds import DuelTable, OverpowerTable, duel_table, overpower_table
from cardgen.check.deck_rules import DeckValidator
from cardgen.check.deck_stats import (
    Chart,
    Counted,
    choice_charts,
    distributions,
    field_label,
    type_chart,
    value_label,
)
from cardgen.check.findings import Violation
from cardgen.errors import CardgenError, Location, display_path
from cardgen.load.decklist import load_deck
from cardgen.load.game import GamePack
from cardgen.model.base import Selector
from cardgen.model.card import Card
from cardgen.model.deck import Deck
from cardgen.project import Project

__all__ = [
    "Chart",
    "DeckStats",
    "DrawTable",
    "DuelTable",
    "OverpowerTable",
    "box_cards",
    "compute",
    "deck_cards",
    "field_label",
    "report",
    "report_box",
    "report_deck",
    "value_label",
]
"""The report and the parts it is made of (charts, duel and overpower tables, the labels)."""


@dataclass(frozen=True)
class DeckStats:
    """Everything `cardgen report` shows about one deck list or box."""

    game: str
    game_name: str
    title: str
    kind: Literal["deck", "box"]
    path: str | None
    copies: int
    distinct: int
    type_labels: dict[str, str]
    charts: list[Chart]
    distributions: list[Chart]
    legal: bool | None = None
    violations: list[Violation] = field(default_factory=list)
    unknown: list[tuple[str, int]] = field(default_factory=list)
    duel: DuelTable | None = None
    overpower: OverpowerTable | None = None
    draws: DrawTable | None = None
    assumptions: list[tuple[str, str]] = field(default_factory=list)
    """(about, note) of each of the game's own assumptions (what its rule text leaves open)."""

    def as_json(self) -> dict[str, Any]:
        """The report as `cardgen report --format json` writes it."""
        return {
            "game": self.game,
            "title": self.title,
            "kind": self.kind,
            "path": self.path,
            "cards": self.copies,
            "distinct": self.distinct,
            "legal": self.legal,
            "violations": [v.as_json() for v in self.violations],
            "unknown": [{"name": n, "count": c} for n, c in self.unknown],
            "counts": [chart.as_json() for chart in self.charts],
            "distributions": [chart.as_json() for chart in self.distributions],
            "duel": self.duel.as_json() if self.duel else None,
            "overpower": self.overpower.as_json() if self.overpower else None,
            "draws": self.draws.as_json() if self.draws else None,
            "assumptions": [{"about": a, "note": n} for a, n in self.assumptions],
        }


def _plural(pack: GamePack, selector: dict[str, Any]) -> str:
    """The plural label of the card type a selector names (else `cards`)."""
    type_id = selector.get("type")
    if isinstance(type_id, str) and type_id in pack.game.types:
        return pack.game.types[type_id].plural_label
    return "cards"


def box_cards(pack: GamePack) -> Counted:
    """Every card of the pool with its copies in the box."""
    return [(card, card.copies) for card in pack.cards if card.copies > 0]


def deck_cards(pack: GamePack, deck: Deck) -> tuple[Counted, list[tuple[str, int]]]:
    """A deck's cards with their counts (lines naming the same card added up), and the
    names that are not in the pool."""
    counts: dict[str, int] = {}
    found: dict[str, Card] = {}
    unknown: dict[str, int] = {}
    for entry, card in pack.entries_of(deck):
        if card is None:
            unknown[entry.name] = unknown.get(entry.name, 0) + entry.count
            continue
        found[card.name] = card
        counts[card.name] = counts.get(card.name, 0) + entry.count
    return [(found[name], n) for name, n in counts.items()], list(unknown.items())


def compute(
    pack: GamePack,
    cards: Counted,
    *,
    title: str,
    kind: Literal["deck", "box"],
    path: str | None = None,
    opponents: Counted | None = None,
    against: str | None = None,
    odds: Sequence[Selector] = (),
    turns: int = DEFAULT_TURNS,
) -> DeckStats:
    """The report of `cards` (card, count) of a game; duels and matchups are against
    `opponents` (default: the whole box, weighted by copies); draw odds by `turns`, with a
    row for each of the `odds` selectors."""
    field_ = opponents if opponents is not None else box_cards(pack)
    if against is None:
        selector = pack.game.duel.where if pack.game.duel else {}
        against = f"all {_plural(pack, selector)} of the card pool, weighted by copies in the box"
    return DeckStats(
        game=pack.id,
        game_name=pack.game.name,
        title=title,
        kind=kind,
        path=path,
        copies=sum(n for _, n in cards),
        distinct=len(cards),
        type_labels={t: c.label for t, c in pack.game.types.items()},
        charts=[type_chart(pack, cards), *choice_charts(pack, cards)],
        distributions=distributions(pack, cards),
        duel=duel_table(pack, cards, field_, against),
        overpower=overpower_table(pack, cards, field_),
        draws=draw_table(pack, cards, title=title, selectors=odds, turns=turns),
        assumptions=[(a.about, a.note) for a in pack.game.assumptions],
    )


def report_deck(
    pack: GamePack,
    deck: Deck,
    *,
    against: tuple[Deck, Counted] | None = None,
    odds: Sequence[Selector] = (),
    turns: int = DEFAULT_TURNS,
) -> DeckStats:
    """The report of one deck list of the game, with its legality."""
    cards, unknown = deck_cards(pack, deck)
    opponents = against[1] if against else None
    label = None
    if against:
        label = f"the deck {against[0].name or against[0].path}, weighted by its counts"
    stats = compute(
        pack,
        cards,
        title=deck.name or Path(deck.path).stem,
        kind="deck",
        path=deck.path,
        opponents=opponents,
        against=label,
        odds=odds,
        turns=turns,
    )
    verdict = DeckValidator(pack).validate(deck)
    return replace(stats, legal=verdict.legal, violations=verdict.violations, unknown=unknown)


def report_box(
    pack: GamePack, *, odds: Sequence[Selector] = (), turns: int = DEFAULT_TURNS
) -> DeckStats:
    """The report of the whole box: every card of the pool with its copies."""
    title = f"{pack.game.name}: the box"
    return compute(pack, box_cards(pack), title=title, kind="box", odds=odds, turns=turns)


def report(
    project: Project,
    target: str,
    *,
    game: str | None = None,
    against: Path | None = None,
    odds: Sequence[str] = (),
    turns: int = DEFAULT_TURNS,
) -> DeckStats:
    """What `cardgen report` does: `target` is a deck list file, or a game id (the box);
    `odds` are `--odds` selector texts (`field=value,...`) given a row of the draw odds."""
    from cardgen.validate import game_of

    path = Path(target)
    if not path.is_file() and target in project.game_ids():
        pack = project.game(target)
        selectors = odds_selectors(pack, odds)
        if against is not None:
            opponent = load_deck(against)
            stats = report_box(pack, odds=selectors, turns=turns)
            return _with_opponents(pack, stats, opponent, selectors, turns)
        return report_box(pack, odds=selectors, turns=turns)
    if not path.exists():
        raise CardgenError("no such deck list or game", Location(display_path(path)))
    deck = load_deck(path)
    pack = project.game(game_of(project, deck, path, game))
    selectors = odds_selectors(pack, odds)
    if against is None:
        return report_deck(pack, deck, odds=selectors, turns=turns)
    opponent = load_deck(against)
    counted, unknown = deck_cards(pack, opponent)
    if unknown:
        raise CardgenError(
            f'--against: unknown card "{unknown[0][0]}" in {pack.game.name}',
            Location(opponent.path),
        )
    return report_deck(pack, deck, against=(opponent, counted), odds=selectors, turns=turns)


def _with_opponents(
    pack: GamePack, stats: DeckStats, opponent: Deck, odds: Sequence[Selector], turns: int
) -> DeckStats:
    """The box's report again, its duels and matchups against the deck `opponent`."""
    counted, unknown = deck_cards(pack, opponent)
    if unknown:
        raise CardgenError(
            f'--against: unknown card "{unknown[0][0]}" in {pack.game.name}',
            Location(opponent.path),
        )
    return compute(
        pack,
        box_cards(pack),
        title=stats.title,
        kind="box",
        opponents=counted,
        against=f"the deck {opponent.name or opponent.path}, weighted by its counts",
        odds=odds,
        turns=turns,
    )
