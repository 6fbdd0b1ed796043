"""`cardgen report` for a terminal: a `DeckStats` written as lines of text.

The head line (title, game, copies, legality), each chart as a bar of `#` per value, the
duel odds table and the overpower matrix; the report's other formats are drawn by
`cardgen.reports.html` and `report_pdf`.
"""

from __future__ import annotations

from cardgen.check.deck_odds import DuelTable, OverpowerTable
from cardgen.check.deck_report import DeckStats, DrawTable
from cardgen.check.deck_stats import Chart
from cardgen.check.dice import Odds, percent
from cardgen.errors import visible_lines

BAR_WIDTH = 40
"""The longest bar of a chart, in characters."""


def _bar_lines(chart: Chart) -> list[str]:
    """A chart's bars as lines: label, copies and a bar of `#` scaled to the longest."""
    width = max((len(bar.label) for bar in chart.bars), default=1)
    top = max((bar.total for bar in chart.bars), default=0) or 1
    lines = []
    for bar in chart.bars:
        length = round(bar.total * BAR_WIDTH / top)
        lines.append(f"  {bar.label:<{width}} {bar.total:>4}  {'#' * length}".rstrip())
    return lines


def _pct(odds: Odds) -> str:
    """Odds as `win/tie/lose` percentages, one decimal each."""
    return f"{percent(odds.win):.1f}/{percent(odds.tie):.1f}/{percent(odds.lose):.1f}"


def as_text(stats: DeckStats) -> str:
    """The report for a terminal (`cardgen report`, the default `--format text`)."""
    lines = [_head(stats)]
    for name, count in stats.unknown:
        lines.append(f'  unknown card "{name}" ×{count} (left out of the numbers)')
    for chart in stats.charts:
        lines.extend(["", chart.title, *_bar_lines(chart)])
    for chart in stats.distributions:
        mean = f" (mean {float(chart.mean):.2f})" if chart.mean is not None else ""
        lines.extend(["", f"{chart.title}{mean}", *_bar_lines(chart)])
    if stats.duel is not None:
        lines.extend(_duel_lines(stats.duel))
    if stats.overpower is not None:
        lines.extend(_overpower_lines(stats.overpower))
    if stats.draws is not None:
        lines.extend(draws_lines(stats.draws))
    if stats.assumptions:
        lines.extend(["", "The project's own assumptions (the rule text leaves these open):"])
        lines.extend(f"  {about}: {note}" for about, note in stats.assumptions)
    return visible_lines(lines)


def _head(stats: DeckStats) -> str:
    """The head line: title, game, file, copies, distinct cards and legality."""
    head = f"{stats.title} ({stats.game_name})"
    if stats.path:
        head += f", {stats.path}"
    head += f": {stats.copies} cards, {stats.distinct} distinct"
    if stats.legal is not None:
        head += ", legal" if stats.legal else f", ILLEGAL ({len(stats.violations)} violations)"
    return head


def _duel_lines(duel: DuelTable) -> list[str]:
    """The duel odds: each card's win/tie/lose % on each stat, then the deck's average."""
    lines = ["", f"{duel.label}: win/tie/lose % on each stat", f"  {duel.method}"]
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
    return lines


def _overpower_lines(table: OverpowerTable) -> list[str]:
    """The overpower matrix (row against column), then each value's counts and shares."""
    lines = [
        "",
        f"{table.label} ({table.field}): row overpowers column: +{table.bonus} damage"
        f" dealt, the other way -{table.bonus}",
    ]
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
    return lines


def draws_lines(table: DrawTable) -> list[str]:
    """The draw odds as lines: % chance of at least one (expected count) by turn, then the
    sample opening hands."""
    head = "Draw odds: % chance of at least one (expected count) by turn"
    lines = ["", head, f"  {table.method}"]
    width = max(len(row.label) for row in table.rows)
    turns = [f"{f'turn {t} ({n})':<14}" for t, n in enumerate(table.seen)]
    lines.append(f"  {'':<{width}}      {' '.join(turns)}".rstrip())
    for row in table.rows:
        cells = [
            f"{f'{percent(p):.1f}% ({float(e):.2f})':<14}"
            for p, e in zip(row.chance, row.expected, strict=True)
        ]
        lines.append(f"  {row.label:<{width}} ×{row.copies:<3} {' '.join(cells)}".rstrip())
    lines.append("Sample opening hands (fixed seed):")
    lines.extend(f"  {i}. {', '.join(hand)}" for i, hand in enumerate(table.samples, 1))
    return lines
