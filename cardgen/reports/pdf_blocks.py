"""The deck report's charts and tables as blocks of its PDF page, drawn with ReportLab: each
a height for a width and a way to draw it at a place (`cardgen.reports.pdf` lays them out).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from cardgen.check.deck_report import Chart, DuelTable, OverpowerTable
from cardgen.check.dice import percent
from cardgen.printing.pdf import FONT, FONT_BOLD
from cardgen.reports.html import LOSE, PALETTE, TIE, WIN

INK = HexColor("#1f2430")
MUTED = HexColor("#5f6877")
LINE = HexColor("#dfe3ea")
ROW = 11.0
TITLE = 14.0
EXTRA = 52.0
"""Width of the matrix's count and share columns."""

Draw = Callable[[Canvas, float, float, float], None]


@dataclass
class Block:
    """Something drawn on the page: its height for a width, and how to draw it at
    (x, top, width)."""

    height: Callable[[float], float]
    draw: Draw
    full: bool = False


def _title(canvas: Canvas, text: str, x: float, top: float, note: str = "") -> None:
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 9)
    canvas.drawString(x, top - 9, text)
    if note:
        canvas.setFont(FONT, 7.5)
        canvas.setFillColor(MUTED)
        canvas.drawString(x + canvas.stringWidth(text, FONT_BOLD, 9) + 5, top - 9, note)


def _stacked(
    canvas: Canvas, by_type: dict[str, int], colors: dict[str, str], horizontal: bool, **box: float
) -> None:
    """Segments of one bar, by type in the game's order."""
    order = list(colors)
    offset = 0.0
    for type_id in sorted(by_type, key=order.index):
        copies = by_type[type_id]
        if not copies:
            continue
        canvas.setFillColor(HexColor(colors.get(type_id, PALETTE[-1])))
        size = copies * box["unit"]
        if horizontal:
            canvas.rect(box["x"] + offset, box["y"], size, box["thick"], stroke=0, fill=1)
        else:
            canvas.rect(box["x"], box["y"] + offset, box["thick"], size, stroke=0, fill=1)
        offset += size


def hbar_block(chart: Chart, colors: dict[str, str]) -> Block:
    """A chart as horizontal bars, a block of the report's PDF page."""

    def height(width: float) -> float:
        return TITLE + ROW * len(chart.bars) + 4

    def draw(canvas: Canvas, x: float, top: float, width: float) -> None:
        _title(canvas, chart.title, x, top, f"{chart.copies} cards")
        label_w = 70.0
        plot_w = width - label_w - 24
        peak = max((bar.total for bar in chart.bars), default=0) or 1
        for index, bar in enumerate(chart.bars):
            y = top - TITLE - (index + 1) * ROW
            canvas.setFillColor(INK)
            canvas.setFont(FONT, 7.5)
            canvas.drawRightString(x + label_w - 4, y + 2.5, bar.label[:18])
            _stacked(
                canvas,
                bar.by_type,
                colors,
                True,
                x=x + label_w,
                y=y + 1.5,
                thick=ROW - 3,
                unit=plot_w / peak,
            )
            canvas.setFillColor(MUTED)
            canvas.drawString(x + label_w + bar.total * plot_w / peak + 3, y + 2.5, str(bar.total))

    return Block(height, draw)


def column_block(chart: Chart, colors: dict[str, str]) -> Block:
    """A chart as columns, a block of the report's PDF page."""
    plot_h = 62.0

    def height(width: float) -> float:
        return TITLE + plot_h + 14

    def draw(canvas: Canvas, x: float, top: float, width: float) -> None:
        mean = f"{chart.copies} cards, mean {float(chart.mean):.2f}" if chart.mean else ""
        _title(canvas, chart.title, x, top, mean)
        count = max(1, len(chart.bars))
        slot = min(22.0, width / count)
        base = top - TITLE - plot_h
        peak = max((bar.total for bar in chart.bars), default=0) or 1
        every = max(1, int(12 // slot) + (1 if 12 % slot else 0))
        canvas.setStrokeColor(LINE)
        canvas.setLineWidth(0.6)
        canvas.line(x, base, x + slot * count, base)
        for index, bar in enumerate(chart.bars):
            bx = x + index * slot + slot * 0.12
            _stacked(
                canvas,
                bar.by_type,
                colors,
                False,
                x=bx,
                y=base,
                thick=slot * 0.76,
                unit=(plot_h - 9) / peak,
            )
            canvas.setFont(FONT, 6.5)
            if bar.total and slot >= 9:
                canvas.setFillColor(MUTED)
                canvas.drawCentredString(
                    bx + slot * 0.38, base + bar.total * (plot_h - 9) / peak + 2, str(bar.total)
                )
            if index % every == 0:
                canvas.setFillColor(INK)
                canvas.drawCentredString(bx + slot * 0.38, base - 8, bar.label)

    return Block(height, draw)


def _wrapped(text: str, width: float, size: float = 7.0) -> list[str]:
    lines: list[str] = simpleSplit(text, FONT, size, width)
    return lines


def duel_block(duel: DuelTable) -> Block:
    """The duel odds table, a block of the report's PDF page."""
    name_w = 130.0

    def height(width: float) -> float:
        return TITLE + ROW * (len(duel.rows) + 2) + 4 + 9 * len(_wrapped(duel.method, width))

    def draw(canvas: Canvas, x: float, top: float, width: float) -> None:
        _title(canvas, f"{duel.label}: chance to win on each stat", x, top, "(stat, win %)")
        col = (width - name_w - 18) / max(1, len(duel.stats))
        y = top - TITLE - ROW
        canvas.setFont(FONT_BOLD, 7.5)
        canvas.setFillColor(INK)
        for i, stat in enumerate(duel.stats):
            canvas.drawString(x + name_w + 18 + i * col, y + 2.5, duel.stat_labels[stat])
        strip = col - 48
        rows = [(row.name, f"×{row.count}", row.stats, row.odds, row.best()) for row in duel.rows]
        rows.append(("deck average", "", {}, duel.average, None))
        for name, count, stats, odds_by_stat, best in rows:
            y -= ROW
            canvas.setFont(FONT_BOLD if not count else FONT, 7.5)
            canvas.setFillColor(INK)
            canvas.drawString(x, y + 2.5, name[:30])
            canvas.drawString(x + name_w, y + 2.5, count)
            for i, stat in enumerate(duel.stats):
                odds = odds_by_stat.get(stat)
                cx = x + name_w + 18 + i * col
                if odds is None:
                    continue
                if stat == best:
                    canvas.setFillColor(HexColor("#eef7f0"))
                    canvas.rect(cx - 2, y, col - 2, ROW, stroke=0, fill=1)
                canvas.setFillColor(INK)
                value = f"{stats[stat]}  " if stat in stats else ""
                canvas.setFont(FONT_BOLD if stat == best else FONT, 7.5)
                canvas.drawString(cx, y + 2.5, f"{value}{percent(odds.win):.1f}%")
                sx = cx + 44
                for part, color in ((odds.win, WIN), (odds.tie, TIE), (odds.lose, LOSE)):
                    w = float(part) * strip
                    canvas.setFillColor(HexColor(color))
                    canvas.rect(sx, y + 2.5, w, 5, stroke=0, fill=1)
                    sx += w
            canvas.setStrokeColor(LINE)
            canvas.setLineWidth(0.4)
            canvas.line(x, y, x + width, y)
        canvas.setFont(FONT, 7)
        canvas.setFillColor(MUTED)
        for line in _wrapped(duel.method, width):
            y -= 9
            canvas.drawString(x, y, line)

    return Block(height, draw, full=True)


def matrix_block(table: OverpowerTable) -> Block:
    """The overpower matrix, a block of the report's PDF page."""
    label_w = 60.0
    count = len(table.values)

    def height(width: float) -> float:
        return TITLE + ROW * (count + 1) + 14

    def draw(canvas: Canvas, x: float, top: float, width: float) -> None:
        _title(
            canvas,
            f"{table.label} matrix",
            x,
            top,
            f"(row against column: damage +{table.bonus} / -{table.bonus})",
        )
        extra = ("deck", "pool", "overpowers", "weak to")
        cell = min(46.0, (width - label_w - 4 * EXTRA) / count)
        y = top - TITLE - ROW
        canvas.setFillColor(INK)
        for j, label in enumerate(table.labels):
            size = min(6.5, 6.5 * (cell - 2) / canvas.stringWidth(label, FONT_BOLD, 6.5))
            canvas.setFont(FONT_BOLD, size)
            canvas.drawCentredString(x + label_w + j * cell + cell / 2, y + 2.5, label)
        canvas.setFont(FONT_BOLD, 6.5)
        for k, label in enumerate(extra):
            canvas.drawCentredString(
                x + label_w + count * cell + k * EXTRA + EXTRA / 2, y + 2.5, label
            )
        for i, label in enumerate(table.labels):
            y -= ROW
            canvas.setFont(FONT_BOLD, 7)
            canvas.setFillColor(INK)
            canvas.drawString(x, y + 2.5, label)
            for j, value in enumerate(table.matrix[i]):
                cx = x + label_w + j * cell
                fill = "#f2f3f6" if i == j else "#dcefe1" if value > 0 else "#f8dddd"
                if value or i == j:
                    canvas.setFillColor(HexColor(fill))
                    canvas.rect(cx + 0.5, y + 0.5, cell - 1, ROW - 1, stroke=0, fill=1)
                if value:
                    canvas.setFillColor(HexColor("#1f6b34" if value > 0 else "#9b2323"))
                    canvas.drawCentredString(cx + cell / 2, y + 2.5, f"{value:+d}")
            key = str(table.values[i])
            beats = f"{percent(table.beats[key]):.1f}%" if key in table.beats else "-"
            weak = f"{percent(table.weak[key]):.1f}%" if key in table.weak else "-"
            canvas.setFont(FONT, 7)
            canvas.setFillColor(INK)
            for k, text in enumerate((str(table.deck[key]), str(table.pool[key]), beats, weak)):
                canvas.drawCentredString(
                    x + label_w + count * cell + k * EXTRA + EXTRA / 2, y + 2.5, text
                )
        if table.deck_beats is not None and table.deck_weak is not None:
            canvas.setFont(FONT, 7)
            canvas.setFillColor(MUTED)
            canvas.drawString(
                x,
                y - 10,
                f"The deck's cards overpower {percent(table.deck_beats):.1f}% of the pool's and"
                f" are overpowered by {percent(table.deck_weak):.1f}% (by copies).",
            )

    return Block(height, draw, full=True)
