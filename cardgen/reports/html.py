"""A deck report as HTML with inline SVG charts: a section for the gallery, or a whole page.

No scripts, no external resources: the charts are SVG drawn here, every piece of user text
is escaped. The same input gives the same bytes.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from html import escape

from cardgen.check.deck_report import Chart, DeckStats, DuelTable, OverpowerTable
from cardgen.check.dice import Odds, percent
from cardgen.reports.draws_html import DRAWS_CSS, draws_html, scroll_box

PALETTE = (
    "#3b6fb6",
    "#e08a2c",
    "#4c9a5b",
    "#c2455d",
    "#8a63b8",
    "#2f9aa0",
    "#b5852f",
    "#6d7785",
)
"""Colours of the card types, in the order the game lists them."""
WIN, TIE, LOSE = "#3f9a58", "#b9bec6", "#cf4b4b"

REPORT_CSS = (
    """
.report{--ink:#1f2430;--muted:#5f6877;--line:#dfe3ea;color:var(--ink)}
.report h3{margin:0 0 .2rem;font-size:1.25rem}
.report .sub{color:var(--muted);margin:0 0 .8rem;font-size:.9rem}
.report .badge{display:inline-block;border-radius:999px;padding:.05rem .55rem;font-size:.75rem;
 font-weight:600;vertical-align:middle;margin-left:.4rem}
.report .legal{background:#e3f4e7;color:#1f6b34}.report .illegal{background:#fbe4e4;color:#9b2323}
.report .charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(290px,1fr));gap:.9rem}
.report figure{margin:0;background:#fff;border:1px solid var(--line);border-radius:10px;
 padding:.6rem .7rem}
.report figcaption{font-weight:600;font-size:.85rem;margin-bottom:.3rem}
.report figcaption small{font-weight:400;color:var(--muted)}
.report svg{display:block;max-width:100%;height:auto}
.report .legend{display:flex;flex-wrap:wrap;gap:.3rem .9rem;font-size:.8rem;color:var(--muted);
 margin:.2rem 0 .8rem}
.report .legend i{display:inline-block;width:.75rem;height:.75rem;border-radius:3px;
 margin-right:.3rem;vertical-align:-1px}
.report .problems{font-size:.85rem;color:#9b2323;margin:.2rem 0 .8rem;padding-left:1.2rem}
.report .wide{overflow-x:auto;margin-top:.9rem;background:#fff;border:1px solid var(--line);
 border-radius:10px;padding:.6rem .7rem}
.report table{border-collapse:collapse;font-size:.8rem}
.report th,.report td{padding:.2rem .45rem;text-align:center;border-bottom:1px solid var(--line)}
.report th:first-child,.report td:first-child{text-align:left}
.report td.best{background:#eef7f0;font-weight:600}
.report td .v{font-weight:700;margin-right:.3rem}
.report td i.strip{display:block;height:6px;border-radius:2px;margin-top:2px;min-width:4rem;
 background:linear-gradient(90deg,#3f9a58 0 var(--w),#b9bec6 0 var(--t),#cf4b4b 0)}
.report tr.avg td{border-top:2px solid var(--ink);font-weight:600}
.report .method{color:var(--muted);font-size:.78rem;margin:.4rem 0 0}
.report .matrix td{width:2.6rem}
.report .matrix td.up{background:#dcefe1;color:#1f6b34;font-weight:700}
.report .matrix td.down{background:#f8dddd;color:#9b2323;font-weight:700}
.report .matrix td.self{background:#f2f3f6}
.report a.pdf{font-size:.85rem;margin-left:.6rem}
.report .wide:focus-visible{outline:3px solid #3b6fb6;outline-offset:2px}
.report .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);
 white-space:nowrap}
"""
    + DRAWS_CSS
)


def type_colors(type_ids: Sequence[str]) -> dict[str, str]:
    """A colour per card type, in the game's order."""
    return {t: PALETTE[i % len(PALETTE)] for i, t in enumerate(type_ids)}


def _num(value: float) -> str:
    """A coordinate: short and stable."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _svg_open(width: float, height: float, label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_num(width)} {_num(height)}"'
        f' width="{_num(width)}" height="{_num(height)}" role="img"'
        f' aria-label="{escape(label)}" font-family="system-ui,sans-serif">'
    )


def _segments(
    by_type: dict[str, int], colors: dict[str, str], labels: dict[str, str]
) -> list[tuple[str, int, str]]:
    """(colour, copies, tooltip) per type, in the game's order of types."""
    return [
        (colors.get(t, PALETTE[-1]), n, labels.get(t, t))
        for t, n in sorted(by_type.items(), key=lambda item: list(colors).index(item[0]))
        if n
    ]


def hbar_svg(chart: Chart, colors: dict[str, str], labels: dict[str, str]) -> str:
    """Counts as horizontal bars, stacked by card type, with the count after each bar."""
    row, label_w, plot_w = 18, 92, 170
    width, height = label_w + plot_w + 34, row * len(chart.bars) + 4
    top = max((bar.total for bar in chart.bars), default=0) or 1
    parts = [_svg_open(width, height, chart.title)]
    for index, bar in enumerate(chart.bars):
        y = 2 + index * row
        parts.append(
            f'<text x="{label_w - 6}" y="{_num(y + 12.5)}" font-size="11" text-anchor="end"'
            f' fill="#3a4150">{escape(bar.label)}</text>'
        )
        x = float(label_w)
        for color, copies, tip in _segments(bar.by_type, colors, labels):
            w = copies * plot_w / top
            parts.append(
                f'<rect x="{_num(x)}" y="{y + 3}" width="{_num(w)}" height="{row - 6}"'
                f' rx="2" fill="{color}"><title>{escape(tip)}: {copies}</title></rect>'
            )
            x += w
        parts.append(
            f'<text x="{_num(x + 4)}" y="{_num(y + 12.5)}" font-size="10.5"'
            f' fill="#5f6877">{bar.total}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def column_svg(chart: Chart, colors: dict[str, str], labels: dict[str, str]) -> str:
    """A distribution as columns over its values, stacked by card type, with the mean."""
    count = max(1, len(chart.bars))
    slot = min(30.0, max(7.0, 270 / count))
    left, plot_h, top_pad, bottom = 6.0, 96.0, 14.0, 21.0
    width = left * 2 + slot * count
    height = top_pad + plot_h + bottom
    peak = max((bar.total for bar in chart.bars), default=0) or 1
    every = max(1, math.ceil(16 / slot))
    base = top_pad + plot_h
    parts = [_svg_open(width, height, chart.title)]
    parts.append(
        f'<line x1="{_num(left)}" y1="{_num(base)}" x2="{_num(width - left)}" y2="{_num(base)}"'
        ' stroke="#c9ced8" stroke-width="1"/>'
    )
    for index, bar in enumerate(chart.bars):
        x = left + index * slot + slot * 0.12
        w = slot * 0.76
        y = base
        for color, copies, tip in _segments(bar.by_type, colors, labels):
            h = copies * plot_h / peak
            y -= h
            parts.append(
                f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"'
                f' fill="{color}"><title>{escape(bar.label)}: {escape(tip)} {copies}</title></rect>'
            )
        if bar.total and slot >= 12:
            parts.append(
                f'<text x="{_num(x + w / 2)}" y="{_num(y - 3)}" font-size="9.5"'
                f' text-anchor="middle" fill="#5f6877">{bar.total}</text>'
            )
        if index % every == 0:
            parts.append(
                f'<text x="{_num(x + w / 2)}" y="{_num(base + 17)}" font-size="10"'
                f' text-anchor="middle" fill="#3a4150">{escape(bar.label)}</text>'
            )
    if chart.mean is not None and chart.bars and isinstance(chart.bars[0].value, int):
        first = chart.bars[0].value
        x = left + (float(chart.mean) - first) * slot + slot / 2
        parts.append(
            f'<path d="M{_num(x - 3.5)} {_num(base + 6)}h7l-3.5 -5z" fill="#1f2430">'
            f"<title>mean {float(chart.mean):.2f}</title></path>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _name(name: str, link: Callable[[str], str | None] | None) -> str:
    href = link(name) if link else None
    return f'<a href="{escape(href)}">{escape(name)}</a>' if href else escape(name)


def odds_strip(odds: Odds) -> str:
    """Win, tie and lose as one stacked strip (a CSS gradient: the table has many)."""
    win = percent(odds.win)
    tie = round(win + percent(odds.tie), 2)
    return f'<i class="strip" style="--w:{win}%;--t:{tie}%"></i>'


@functools.lru_cache(maxsize=4096)
def _odds_title(odds: Odds) -> str:
    return (
        f"win {percent(odds.win):.2f}% ({odds.win}), tie {percent(odds.tie):.2f}% ({odds.tie}),"
        f" lose {percent(odds.lose):.2f}% ({odds.lose})"
    )


def duel_html(duel: DuelTable, link: Callable[[str], str | None] | None = None) -> str:
    """The duel table; `link(name)` gives the href of a card's name, if any."""
    head = "".join(f"<th>{escape(duel.stat_labels[s])}</th>" for s in duel.stats)
    rows = []
    for row in duel.rows:
        best = row.best()
        cells = []
        for stat in duel.stats:
            odds = row.odds.get(stat)
            if odds is None:
                cells.append("<td>-</td>")
                continue
            cls = ' class="best"' if stat == best else ""
            cells.append(
                f'<td{cls} title="{escape(_odds_title(odds))}" data-stat="{escape(stat)}">'
                f'<span class="v">{row.stats[stat]}</span>{percent(odds.win):.1f}%'
                f"{odds_strip(odds)}</td>"
            )
        rows.append(
            f'<tr data-card="{escape(row.name)}"><td>{_name(row.name, link)}</td>'
            f"<td>×{row.count}</td>" + "".join(cells) + "</tr>"
        )
    average = "".join(
        f'<td title="{escape(_odds_title(duel.average[s]))}">{percent(duel.average[s].win):.1f}%'
        f"{odds_strip(duel.average[s])}</td>"
        if s in duel.average
        else "<td>-</td>"
        for s in duel.stats
    )
    rows.append(f'<tr class="avg"><td>deck average</td><td></td>{average}</tr>')
    key = (
        f'<span style="color:{WIN}">■</span> win <span style="color:{TIE}">■</span> tie'
        f' <span style="color:{LOSE}">■</span> lose'
    )
    return (
        f"{scroll_box('wide duel', f'{duel.label}: chance to win on each stat')}"
        f"<figcaption>{escape(duel.label)}: chance to win on each stat"
        f" <small>(stat value, win %, {key}; hover for exact fractions)</small></figcaption>"
        f'<table><thead><tr><th>Card</th><th><span class="sr">copies</span></th>{head}'
        "</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<p class="method">{escape(duel.method)}</p></div>'
    )


def overpower_html(table: OverpowerTable) -> str:
    """The overpower matrix as an HTML table."""
    head = "".join(f"<th>{escape(label)}</th>" for label in table.labels)
    rows = []
    for i, label in enumerate(table.labels):
        cells = []
        for j, value in enumerate(table.matrix[i]):
            if i == j:
                cells.append('<td class="self">·</td>')
            elif value > 0:
                cells.append(f'<td class="up">+{value}</td>')
            elif value < 0:
                cells.append(f'<td class="down">−{-value}</td>')
            else:
                cells.append("<td></td>")
        key = str(table.values[i])
        beats = f"{percent(table.beats[key]):.1f}%" if key in table.beats else "-"
        weak = f"{percent(table.weak[key]):.1f}%" if key in table.weak else "-"
        rows.append(
            f'<tr data-value="{escape(key)}"><th>{escape(label)}</th>{"".join(cells)}'
            f"<td>{table.deck[key]}</td><td>{table.pool[key]}</td><td>{beats}</td>"
            f"<td>{weak}</td></tr>"
        )
    summary = ""
    if table.deck_beats is not None and table.deck_weak is not None:
        summary = (
            f"The deck's cards overpower {percent(table.deck_beats):.1f}% of the pool's and are"
            f" overpowered by {percent(table.deck_weak):.1f}% (by copies)."
        )
    return (
        f"{scroll_box('wide', f'{table.label} matrix')}<figcaption>{escape(table.label)} matrix"
        f" <small>(row against column: damage +{table.bonus} / −{table.bonus}; deck and pool:"
        " copies; overpowers / weak to: share of the pool's copies)</small>"
        "</figcaption>"
        '<table class="matrix"><thead><tr><th><span class="sr">row against column</span></th>'
        f"{head}<th>deck</th><th>pool</th>"
        '<th title="share of the pool\'s copies this value overpowers">overpowers</th>'
        '<th title="share of the pool\'s copies that overpower this value">weak to</th>'
        "</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<p class="method">{escape(table.description)} {escape(summary)}</p></div>'
    )


def legend_html(stats: DeckStats, colors: dict[str, str]) -> str:
    """The legend of the card types present, each with its colour."""
    present = [bar.value for bar in stats.charts[0].bars if bar.total] if stats.charts else []
    items = "".join(
        f'<span><i style="background:{colors[str(t)]}"></i>{escape(stats.type_labels[str(t)])}'
        "</span>"
        for t in present
    )
    return f'<div class="legend">{items}</div>'


def report_section(
    stats: DeckStats,
    *,
    anchor: str = "report",
    pdf: str | None = None,
    heading: str = "h3",
    link: Callable[[str], str | None] | None = None,
) -> str:
    """The report as an HTML fragment (`<section class="report">`); `link(name)` gives the
    href a card's name points to (the gallery: the card on the page)."""
    colors = type_colors(list(stats.type_labels))
    badge = ""
    if stats.legal is not None:
        badge = (
            '<span class="badge legal">legal</span>'
            if stats.legal
            else f'<span class="badge illegal">illegal: {len(stats.violations)}'
            f" violation{'s' if len(stats.violations) != 1 else ''}</span>"
        )
    pdf_link = f'<a class="pdf" href="{escape(pdf)}">PDF</a>' if pdf else ""
    sub = f"{stats.copies} cards, {stats.distinct} distinct"
    if stats.path:
        sub = f"{escape(stats.path)}: {sub}"
    problems = [
        f"<li>{escape(v.code)} {escape(v.message)}</li>"
        for v in stats.violations
        if v.severity == "error"
    ]
    problems += [
        f"<li>unknown card “{escape(name)}” ×{count}, left out of the numbers</li>"
        for name, count in stats.unknown
        if not any(name in v.cards for v in stats.violations)
    ]
    figures = []
    for chart in stats.charts:
        figures.append(
            f'<figure data-chart="{escape(chart.field)}"><figcaption>{escape(chart.title)}'
            f" <small>{chart.copies} cards</small></figcaption>"
            f"{hbar_svg(chart, colors, stats.type_labels)}</figure>"
        )
    for chart in stats.distributions:
        mean = f", mean {float(chart.mean):.2f}" if chart.mean is not None else ""
        figures.append(
            f'<figure data-chart="{escape(chart.field)}"><figcaption>{escape(chart.title)}'
            f" <small>{chart.copies} cards{mean}</small></figcaption>"
            f"{column_svg(chart, colors, stats.type_labels)}</figure>"
        )
    parts = [
        f'<section class="report" id="{escape(anchor)}" data-deck="{escape(stats.title)}">',
        f"<{heading}>{escape(stats.title)}{badge}{pdf_link}</{heading}>",
        f'<p class="sub">{sub}</p>',
    ]
    if problems:
        parts.append(f'<ul class="problems">{"".join(problems)}</ul>')
    parts.append(legend_html(stats, colors))
    parts.append(f'<div class="charts">{"".join(figures)}</div>')
    if stats.duel is not None:
        parts.append(duel_html(stats.duel, link))
    if stats.overpower is not None:
        parts.append(overpower_html(stats.overpower))
    if stats.draws is not None:
        parts.append(draws_html(stats.draws))
    if stats.assumptions:
        items = "".join(
            f"<li><code>{escape(about)}</code>: {escape(note)}</li>"
            for about, note in stats.assumptions
        )
        parts.append(
            '<div class="assumptions"><p>The project\'s own assumptions (the rule text'
            f" leaves these open):</p><ul>{items}</ul></div>"
        )
    parts.append("</section>")
    return "\n".join(parts)


def report_page(stats: DeckStats) -> str:
    """The report as a whole HTML page (`cardgen report --format html`)."""
    title = f"{stats.title} ({stats.game_name})"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width,initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n"
        "<style>body{font-family:system-ui,sans-serif;background:#f5f6f8;margin:0;"
        "padding:1.2rem 1.6rem}"
        f"{REPORT_CSS}</style></head><body>\n"
        f"{report_section(stats, heading='h1')}\n"
        "</body></html>\n"
    )
