"""What a poster prints over and beside the board: + marks and cut lines that show on the
darkest tile and on white paper alike (white, outlined in black), and scale bars."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardgen.printing.pdf import FONT

ARM: float = 6 * mm
"""A + mark is two lines of this length crossing at their middles."""
OUTLINE_WIDTH = 1.8
CORE_WIDTH = 0.7
DASH = (3 * mm, 2 * mm)
TICK: float = 2 * mm


def _outlined(canvas: Canvas, lines: list[tuple[float, float, float, float]], dash: bool) -> None:
    """`lines` stroked black and wide, then white and narrow on top: a white line with a
    black edge on each side, seen on any background."""
    canvas.saveState()
    if dash:
        canvas.setDash(list(DASH), 0)
    for grey, width, cap in ((0, OUTLINE_WIDTH, 2), (1, CORE_WIDTH, 0)):
        canvas.setStrokeGray(grey)
        canvas.setLineWidth(width)
        canvas.setLineCap(cap)  # the black one projects: the white's ends are edged too
        for x0, y0, x1, y1 in lines:
            canvas.line(x0, y0, x1, y1)
    canvas.restoreState()


def registration(canvas: Canvas, x: float, y: float) -> None:
    """A + mark centred on (x, y)."""
    half = ARM / 2
    _outlined(canvas, [(x - half, y, x + half, y), (x, y - half, x, y + half)], dash=False)


def cut_line(canvas: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    """A dashed line to cut along."""
    _outlined(canvas, [(x0, y0, x1, y1)], dash=True)


def scale_bar(canvas: Canvas, x: float, y: float, length_mm: int, label: str) -> float:
    """A bar of `length_mm` from (x, y) with a tick every 10 mm (5 mm ticks shorter) and
    `label` after it; returns where the label ends."""
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    canvas.setLineWidth(0.5)
    canvas.line(x, y, x + length_mm * mm, y)
    for i in range(0, length_mm + 1, 5):
        tick = TICK if i % 10 == 0 else TICK / 2
        canvas.line(x + i * mm, y, x + i * mm, y - tick)
    canvas.setFont(FONT, 6.5)
    start: float = x + length_mm * mm + 1.5 * mm
    canvas.drawString(start, y - TICK, label)
    canvas.restoreState()
    return start + float(stringWidth(label, FONT, 6.5))
