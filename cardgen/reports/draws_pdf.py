"""The draw odds of a deck report on its PDF page: the table of odds by turn, the method
and the sample opening hands, drawn with ReportLab across the page's width.

`cardgen.reports.pdf` places it as one full-width block below the other tables;
the numbers are the `DrawTable` of `cardgen.check.deck_draws`, as in the HTML report.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from cardgen.check.deck_draws import DrawTable
from cardgen.check.dice import percent
from cardgen.printing.pdf import FONT, FONT_BOLD

INK = HexColor("#1f2430")
MUTED = HexColor("#5f6877")
ROW = 11.0
TITLE = 14.0
LABEL = 130.0
"""Width of the row labels' column."""
COPIES = 28.0
"""Width of the copies column."""
SMALL = 7.0
"""The size of the table's text."""
TURNS = 11
"""Most turn columns on the page (the opening hand and 10 turns); the JSON has them all."""


def _notes(table: DrawTable, width: float) -> list[str]:
    """The method and the sample hands, wrapped to the width."""
    lines = simpleSplit(table.method, FONT, SMALL, width)
    for i, hand in enumerate(table.samples, 1):
        lines += simpleSplit(f"Sample opening hand {i}: {', '.join(hand)}", FONT, SMALL, width)
    return list(lines)


def draws_height(table: DrawTable, width: float) -> float:
    """The height the draw odds take at a width, in points."""
    return TITLE + ROW * (len(table.rows) + 1) + 4 + 9 * len(_notes(table, width))


def draw_draws(table: DrawTable, canvas: Canvas, x: float, top: float, width: float) -> None:
    """Draw the draw odds with their top left corner at (x, top)."""
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 9)
    canvas.drawString(x, top - 9, "Draw odds: chance of at least one by turn")
    seen = table.seen[:TURNS]
    cell = (width - LABEL - COPIES) / max(1, len(seen))
    y = top - TITLE - ROW
    canvas.setFont(FONT_BOLD, 6.5)
    canvas.drawCentredString(x + LABEL + COPIES / 2, y + 2.5, "cards")
    for t, cards in enumerate(seen):
        cx = x + LABEL + COPIES + (t + 0.5) * cell
        canvas.drawCentredString(cx, y + 2.5, f"turn {t} ({cards})")
    for row in table.rows:
        y -= ROW
        canvas.setFillColor(INK)
        canvas.setFont(FONT_BOLD, SMALL)
        canvas.drawString(x, y + 2.5, row.label[:34])
        canvas.setFont(FONT, SMALL)
        canvas.drawCentredString(x + LABEL + COPIES / 2, y + 2.5, str(row.copies))
        odds = zip(row.chance[:TURNS], row.expected[:TURNS], strict=True)
        for t, (chance, expected) in enumerate(odds):
            cx = x + LABEL + COPIES + t * cell
            canvas.setFillColor(Color(0.25, 0.6, 0.35, alpha=float(chance) * 0.4))
            canvas.rect(cx + 0.5, y + 0.5, cell - 1, ROW - 1, stroke=0, fill=1)
            canvas.setFillColor(INK)
            shown = f"{percent(chance):.1f}% ({float(expected):.2f})"
            canvas.drawCentredString(cx + cell / 2, y + 2.5, shown)
    canvas.setFont(FONT, SMALL)
    canvas.setFillColor(MUTED)
    y -= 4
    for line in _notes(table, width):
        y -= 9
        canvas.drawString(x, y + 2, line)
