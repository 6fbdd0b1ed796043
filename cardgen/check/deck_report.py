"""`cardgen report`: the shape of a deck (or of a whole box) in numbers.

Counts by type and by every choice field; a distribution of every bounded int field (the
Inspiration or cost curve first); for a game that declares a `duel`, each dueling card's
exact chance to win, tie or lose on each stat against a field of opponents (by default
every such card of the card pool, weighted by its copies in the box); for a game that
declares an `overpower` cycle, the matchup matrix and how the deck's cards fare against the
pool. Every number is exact (fractions); percentages are rounded only for display.

Everything here is data; `cardgen.package.report_html` and `report_pdf` draw it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from cardgen.check.deck_rules import DeckValidator
from cardgen.check.dice import Odds, odds_against, percent
from cardgen.check.findings import Violation
from cardgen.check.select import matches
from cardgen.errors import CardgenError, Location, display_path, visible_lines
from cardgen.load.decklist import load_deck
from cardgen.load.game import GamePack
from cardgen.model.base import Scalar
from cardgen.model.card import Card
from cardgen.model.deck import Deck
from cardgen.project import Project

COST_FIELDS = ("inspiration", "cost", "mana", "energy")
"""Int fields drawn first, as the deck's curve."""
MAX_BINS = 40
"""A distribution wider than this only spans the values actually present."""

Counted = list[tuple[Card, int]]


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar of a chart: a value and the copies having it, split by card type."""

    value: Scalar
    label: str
    by_type: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.by_type.values())

    def as_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "label": self.label,
            "copies": self.total,
            "by_type": self.by_type,
        }


@dataclass
class Chart:
    """Counts by a choice field, or the distribution of an int field."""

    field: str
    title: str
    kind: Literal["counts", "distribution"]
    bars: list[Bar]
    mean: Fraction | None = None

    @property
    def copies(self) -> int:
        return sum(bar.total for bar in self.bars)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "field": self.field,
            "title": self.title,
            "kind": self.kind,
            "copies": self.copies,
            "values": [bar.as_json() for bar in self.bars],
        }
        if self.kind == "distribution":
            data["mean"] = round(float(self.mean), 3) if self.mean is not None else None
        return data


@dataclass
class DuelRow:
    """One dueling card of the deck: its stats and its odds on each."""

    name: str
    count: int
    stats: dict[str, int]
    odds: dict[str, Odds]

    def best(self) -> str | None:
        """The stat it is most likely to win on."""
        if not self.odds:
            return None
        return max(self.odds, key=lambda s: (self.odds[s].win, -list(self.odds).index(s)))


@dataclass
class DuelTable:
    """Each dueling card's chance to win, tie or lose on each stat against the opponents."""

    label: str
    dice: str
    stats: list[str]
    stat_labels: dict[str, str]
    rows: list[DuelRow]
    opponents: str
    opponent_cards: int
    opponent_copies: int
    average: dict[str, Odds]
    description: str = ""

    @property
    def method(self) -> str:
        return (
            f"Both sides roll {self.dice.upper()} and add the chosen stat; the higher total"
            f" wins, equal totals tie. Exact odds (all outcomes enumerated), against"
            f" {self.opponents}: each opponent counted once per copy. Without bonuses."
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "dice": self.dice,
            "stats": self.stats,
            "against": self.opponents,
            "opponent_cards": self.opponent_cards,
            "opponent_copies": self.opponent_copies,
            "method": self.method,
            "cards": [
                {
                    "name": row.name,
                    "count": row.count,
                    "stats": row.stats,
                    "best": row.best(),
                    "odds": {stat: odds.as_json() for stat, odds in row.odds.items()},
                }
                for row in self.rows
            ],
            "average": {stat: odds.as_json() for stat, odds in self.average.items()},
        }


@dataclass
class OverpowerTable:
    """The overpower matrix of a cycle, and how the deck's cards fare against the pool."""

    label: str
    field: str
    values: list[Scalar]
    labels: list[str]
    bonus: int
    matrix: list[list[int]]
    deck: dict[str, int]
    pool: dict[str, int]
    beats: dict[str, Fraction]
    weak: dict[str, Fraction]
    deck_beats: Fraction | None
    deck_weak: Fraction | None
    description: str = ""

    def as_json(self) -> dict[str, Any]:
        def pct(value: Fraction | None) -> float | None:
            return percent(value) if value is not None else None

        return {
            "label": self.label,
            "field": self.field,
            "cycle": self.values,
            "bonus": self.bonus,
            "matrix": {
                str(a): {str(d): self.matrix[i][j] for j, d in enumerate(self.values)}
                for i, a in enumerate(self.values)
            },
            "deck": self.deck,
            "pool": self.pool,
            "overpowers_pct": {k: pct(v) for k, v in self.beats.items()},
            "overpowered_pct": {k: pct(v) for k, v in self.weak.items()},
            "deck_overpowers_pct": pct(self.deck_beats),
            "deck_overpowered_pct": pct(self.deck_weak),
        }


@dataclass
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

    def as_json(self) -> dict[str, Any]:
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
        }


def value_label(value: Scalar) -> str:
    """A choice value as shown: `splat-roller` -> `Splat Roller`."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = str(value)
    return text.replace("-", " ").replace("_", " ").title() if text.islower() else text


def field_label(pack: GamePack, name: str) -> str:
    """How a field is called: its label, or its name when the types label it differently."""
    labels = {
        ctype.fields[name].label or name
        for ctype in pack.game.types.values()
        if name in ctype.fields
    }
    if len(labels) == 1 and (label := labels.pop()) != name:
        return label
    return name.replace("_", " ").capitalize()


def _fields(pack: GamePack, kind: str) -> list[str]:
    """The game's fields of one kind, in the order the types define them."""
    names: list[str] = []
    for ctype in pack.game.types.values():
        names.extend(n for n, s in ctype.fields.items() if s.type == kind and n not in names)
    return names


def _by_type(cards: Counted, type_ids: Sequence[str]) -> dict[str, int]:
    totals = {t: 0 for t in type_ids}
    for card, count in cards:
        totals[card.type] = totals.get(card.type, 0) + count
    return {t: n for t, n in totals.items() if n}


def _type_chart(pack: GamePack, cards: Counted) -> Chart:
    bars = []
    for type_id, ctype in pack.game.types.items():
        copies = sum(count for card, count in cards if card.type == type_id)
        bars.append(Bar(type_id, ctype.plural_label, {type_id: copies} if copies else {}))
    return Chart("type", "Card types", "counts", bars)


def _choice_charts(pack: GamePack, cards: Counted) -> list[Chart]:
    charts = []
    order = list(pack.game.types)
    for name in _fields(pack, "choice"):
        having = [(c, n) for c, n in cards if name in pack.game.types[c.type].fields]
        if not having:
            continue
        bars = []
        for value in pack.game.choice_values(name):
            chosen = [(c, n) for c, n in having if c.fields.get(name) == value]
            bars.append(Bar(value, value_label(value), _by_type(chosen, order)))
        charts.append(Chart(name, field_label(pack, name), "counts", bars))
    return charts


def _bounds(pack: GamePack, name: str) -> tuple[int, int] | None:
    lows, highs = [], []
    for ctype in pack.game.types.values():
        spec = ctype.fields.get(name)
        if spec is not None and spec.type == "int":
            if spec.min is None or spec.max is None:
                return None
            lows.append(spec.min)
            highs.append(spec.max)
    return (min(lows), max(highs)) if lows else None


def _distributions(pack: GamePack, cards: Counted) -> list[Chart]:
    defined = _fields(pack, "int")
    names = sorted(defined, key=lambda n: (n not in COST_FIELDS, defined.index(n)))
    order = list(pack.game.types)
    charts = []
    for name in names:
        bounds = _bounds(pack, name)
        having = [(c, n) for c, n in cards if isinstance(c.fields.get(name), int)]
        if bounds is None or not having:
            continue
        low, high = bounds
        if high - low + 1 > MAX_BINS:
            low = min(c.fields[name] for c, _ in having)
            high = max(c.fields[name] for c, _ in having)
        bars = [
            Bar(v, str(v), _by_type([(c, n) for c, n in having if c.fields[name] == v], order))
            for v in range(low, high + 1)
        ]
        copies = sum(n for _, n in having)
        mean = Fraction(sum(c.fields[name] * n for c, n in having), copies) if copies else None
        label = field_label(pack, name)
        title = f"{label} curve" if name in COST_FIELDS else label
        charts.append(Chart(name, title, "distribution", bars, mean))
    return charts


def _duel(pack: GamePack, cards: Counted, opponents: Counted, against: str) -> DuelTable | None:
    duel = pack.game.duel
    if duel is None:
        return None
    mine = [(c, n) for c, n in cards if matches(c, duel.where)]
    field_ = [(c, n) for c, n in opponents if matches(c, duel.where) and n > 0]
    if not mine:
        return None
    count, sides = duel.dice_count, duel.dice_sides
    pools: dict[str, list[tuple[int, int]]] = {}  # per stat, (value, copies) of the field
    for stat in duel.stats:
        weights: dict[int, int] = {}
        for other, copies in field_:
            value = other.fields.get(stat)
            if isinstance(value, int):
                weights[value] = weights.get(value, 0) + copies
        pools[stat] = sorted(weights.items())
    known: dict[tuple[str, int], Odds | None] = {}  # cards share values: each pair once
    rows = []
    for card, n in mine:
        stats = {s: card.fields[s] for s in duel.stats if isinstance(card.fields.get(s), int)}
        odds = {}
        for stat, value in stats.items():
            if (stat, value) not in known:
                known[(stat, value)] = odds_against(value, pools[stat], count, sides)
            found = known[(stat, value)]
            if found is not None:
                odds[stat] = found
        rows.append(DuelRow(card.name, n, stats, odds))
    average: dict[str, Odds] = {}
    for stat in duel.stats:
        weighted = [(row.odds[stat], row.count) for row in rows if stat in row.odds]
        total = sum(w for _, w in weighted)
        if total:
            win = sum((o.win * w for o, w in weighted), Fraction(0)) / total
            tie = sum((o.tie * w for o, w in weighted), Fraction(0)) / total
            average[stat] = Odds(win, tie, 1 - win - tie)
    return DuelTable(
        label=duel.label,
        dice=duel.dice,
        stats=list(duel.stats),
        stat_labels={s: field_label(pack, s) for s in duel.stats},
        rows=rows,
        opponents=against,
        opponent_cards=len(field_),
        opponent_copies=sum(n for _, n in field_),
        average=average,
        description=duel.description,
    )


def _overpower(pack: GamePack, cards: Counted, opponents: Counted) -> OverpowerTable | None:
    rule = pack.game.overpower
    if rule is None:
        return None
    values = list(rule.cycle)
    matrix = [[rule.edge(a, d) for d in values] for a in values]

    def tally(counted: Counted) -> dict[str, int]:
        totals = {str(v): 0 for v in values}
        for card, n in counted:
            value = card.fields.get(rule.field)
            if matches(card, rule.where) and value in values:
                totals[str(value)] += n
        return totals

    deck, pool = tally(cards), tally(opponents)
    pool_total = sum(pool.values())
    beats: dict[str, Fraction] = {}
    weak: dict[str, Fraction] = {}
    for a in values:
        if not pool_total:
            break
        beats[str(a)] = Fraction(
            sum(pool[str(d)] for d in values if rule.edge(a, d) > 0), pool_total
        )
        weak[str(a)] = Fraction(
            sum(pool[str(d)] for d in values if rule.edge(a, d) < 0), pool_total
        )
    deck_total = sum(deck.values())
    deck_beats = deck_weak = None
    if deck_total and pool_total:
        deck_beats = sum((beats[k] * n for k, n in deck.items()), Fraction(0)) / deck_total
        deck_weak = sum((weak[k] * n for k, n in deck.items()), Fraction(0)) / deck_total
    return OverpowerTable(
        label=rule.label,
        field=rule.field,
        values=values,
        labels=[value_label(v) for v in values],
        bonus=rule.bonus,
        matrix=matrix,
        deck=deck,
        pool=pool,
        beats=beats,
        weak=weak,
        deck_beats=deck_beats,
        deck_weak=deck_weak,
        description=rule.description,
    )


def _plural(pack: GamePack, selector: dict[str, Any]) -> str:
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
) -> DeckStats:
    """The report of `cards` (card, count) of a game; duels and matchups are against
    `opponents` (default: the whole box, weighted by copies)."""
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
        charts=[_type_chart(pack, cards), *_choice_charts(pack, cards)],
        distributions=_distributions(pack, cards),
        duel=_duel(pack, cards, field_, against),
        overpower=_overpower(pack, cards, field_),
    )


def report_deck(
    pack: GamePack, deck: Deck, *, against: tuple[Deck, Counted] | None = None
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
    )
    verdict = DeckValidator(pack).validate(deck)
    stats.legal = verdict.legal
    stats.violations = verdict.violations
    stats.unknown = unknown
    return stats


def report_box(pack: GamePack) -> DeckStats:
    """The report of the whole box: every card of the pool with its copies."""
    return compute(pack, box_cards(pack), title=f"{pack.game.name}: the box", kind="box", path=None)


def report(
    project: Project, target: str, *, game: str | None = None, against: Path | None = None
) -> DeckStats:
    """What `cardgen report` does: `target` is a deck list file, or a game id (the box)."""
    from cardgen.validate import game_of

    path = Path(target)
    if not path.is_file() and target in project.game_ids():
        if against is not None:
            pack = project.game(target)
            opponent = load_deck(against)
            stats = report_box(pack)
            return _with_opponents(pack, stats, opponent)
        return report_box(project.game(target))
    if not path.exists():
        raise CardgenError("no such deck list or game", Location(display_path(path)))
    deck = load_deck(path)
    pack = project.game(game_of(project, deck, path, game))
    if against is None:
        return report_deck(pack, deck)
    opponent = load_deck(against)
    counted, unknown = deck_cards(pack, opponent)
    if unknown:
        raise CardgenError(
            f'--against: unknown card "{unknown[0][0]}" in {pack.game.name}',
            Location(opponent.path),
        )
    return report_deck(pack, deck, against=(opponent, counted))


def _with_opponents(pack: GamePack, stats: DeckStats, opponent: Deck) -> DeckStats:
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
    )


# --- text -----------------------------------------------------------------------------------

BAR_WIDTH = 40


def _bar_lines(chart: Chart) -> list[str]:
    width = max((len(bar.label) for bar in chart.bars), default=1)
    top = max((bar.total for bar in chart.bars), default=0) or 1
    lines = []
    for bar in chart.bars:
        length = round(bar.total * BAR_WIDTH / top)
        lines.append(f"  {bar.label:<{width}} {bar.total:>4}  {'#' * length}".rstrip())
    return lines


def _pct(odds: Odds) -> str:
    return f"{percent(odds.win):.1f}/{percent(odds.tie):.1f}/{percent(odds.lose):.1f}"


def as_text(stats: DeckStats) -> str:
    """The report for a terminal."""
    head = f"{stats.title} ({stats.game_name})"
    if stats.path:
        head += f", {stats.path}"
    head += f": {stats.copies} cards, {stats.distinct} distinct"
    if stats.legal is not None:
        head += ", legal" if stats.legal else f", ILLEGAL ({len(stats.violations)} violations)"
    lines = [head]
    for name, count in stats.unknown:
        lines.append(f'  unknown card "{name}" ×{count} (left out of the numbers)')
    for chart in stats.charts:
        lines.extend(["", chart.title, *_bar_lines(chart)])
    for chart in stats.distributions:
        mean = f" (mean {float(chart.mean):.2f})" if chart.mean is not None else ""
        lines.extend(["", f"{chart.title}{mean}", *_bar_lines(chart)])
    if stats.duel is not None:
        duel = stats.duel
        lines.extend(["", f"{duel.label}: win/tie/lose % on each stat", f"  {duel.method}"])
        width = max([len(r.name) for r in duel.rows] + [len("deck average")])
        cells = [f"{duel.stat_labels[s]:<18}" for s in duel.stats]
        lines.append(f"  {'':<{width}}    {' '.join(cells)}".rstrip())
        for row in duel.rows:
            shown = []
            for stat in duel.stats:
                odds = row.odds.get(stat)
                value = row.stats.get(stat, "-")
                shown.append(f"{f'{value}: {_pct(odds)}' if odds else '-':<18}")
            lines.append(f"  {row.name:<{width}} ×{row.count:<2} {' '.join(shown)}".rstrip())
        average = [f"{_pct(duel.average[s]) if s in duel.average else '-':<18}" for s in duel.stats]
        lines.append(f"  {'deck average':<{width}}     {' '.join(average)}".rstrip())
    if stats.overpower is not None:
        table = stats.overpower
        lines.extend(
            [
                "",
                f"{table.label} ({table.field}): row overpowers column: +{table.bonus} damage"
                f" dealt, the other way -{table.bonus}",
            ]
        )
        width = max(len(label) for label in table.labels)
        lines.append(f"  {'':<{width}} " + " ".join(f"{lb[:4]:>4}" for lb in table.labels))
        for label, edges in zip(table.labels, table.matrix, strict=True):
            cells = [f"{v:+d}" if v else "." for v in edges]
            lines.append(f"  {label:<{width}} " + " ".join(f"{c:>4}" for c in cells))
        lines.append("")
        lines.append(f"  {'':<{width}}  deck  pool  overpowers  overpowered by (share of pool)")
        for value, label in zip(table.values, table.labels, strict=True):
            key = str(value)
            beats = f"{percent(table.beats[key]):.1f}%" if key in table.beats else "-"
            weak = f"{percent(table.weak[key]):.1f}%" if key in table.weak else "-"
            lines.append(
                f"  {label:<{width}}  {table.deck[key]:>4}  {table.pool[key]:>4}"
                f"  {beats:>10}  {weak:>10}"
            )
        if table.deck_beats is not None and table.deck_weak is not None:
            lines.append(
                f"  the deck's cards overpower {percent(table.deck_beats):.1f}% of the pool's"
                f" and are overpowered by {percent(table.deck_weak):.1f}%"
            )
    return visible_lines(lines)
