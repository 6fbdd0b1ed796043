"""What is printed around the cards to cut and check a print: crop marks on every trim
edge, dashed cut lines, the 50 mm ruler, a caption in the margin, and the two-page duplex
calibration sheet that measures a printer's `--back-offset`.

Marks stay in the margins, clear of the cards and of the no-ink border at the paper's edge.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.package.pdf import FONT, FONT_BOLD, print_canvas
from cardgen.package.sheets import NO_INK, PAPERS, Duplex, Rect

MARK_GAP = 1.5 * mm
MARK_LENGTH = 4 * mm
MARK_WIDTH = 0.4


def caption(canvas: Canvas, text: str, page_w: float, page_h: float, grid_rect: Rect) -> None:
    """A short line of text in a margin, clear of the no-ink border and of the cards: below
    the cards when there is room, else turned along the right-hand margin."""
    canvas.setFillGray(0.25)
    canvas.setFont(FONT, 6.5)
    if grid_rect.y - NO_INK >= 3 * mm:
        canvas.drawCentredString(page_w / 2, NO_INK + 0.5 * mm, text)
        return
    if page_w - NO_INK - grid_rect.right >= 3 * mm:
        canvas.saveState()
        canvas.translate(page_w - NO_INK - 0.5 * mm, page_h / 2)
        canvas.rotate(90)
        canvas.drawCentredString(0, 0, text)
        canvas.restoreState()


def crop_marks(
    canvas: Canvas,
    xs: Sequence[float],
    ys: Sequence[float],
    area: Rect,
    page_w: float,
    page_h: float,
) -> None:
    """Marks on every trim edge, outside `area` (the cards), inside the printable zone."""
    canvas.setStrokeGray(0)
    canvas.setLineWidth(MARK_WIDTH)
    room_top = page_h - NO_INK - area.top - MARK_GAP
    room_side = area.x - NO_INK - MARK_GAP
    if room_top >= 1 * mm:
        length = min(MARK_LENGTH, room_top)
        for x in xs:
            canvas.line(x, area.top + MARK_GAP, x, area.top + MARK_GAP + length)
            canvas.line(x, area.y - MARK_GAP, x, area.y - MARK_GAP - length)
    if room_side >= 1 * mm:
        length = min(MARK_LENGTH, room_side)
        for y in ys:
            canvas.line(area.x - MARK_GAP, y, area.x - MARK_GAP - length, y)
            canvas.line(area.right + MARK_GAP, y, area.right + MARK_GAP + length, y)


def draw_cut_lines(
    canvas: Canvas, xs: Sequence[float], ys: Sequence[float], page_w: float, page_h: float
) -> None:
    """Full-length guide lines beneath the cards (they show only in the margins)."""
    canvas.saveState()
    canvas.setStrokeGray(0.6)
    canvas.setLineWidth(0.3)
    canvas.setDash(3, 2)
    for x in xs:
        canvas.line(x, NO_INK, x, page_h - NO_INK)
    for y in ys:
        canvas.line(NO_INK, y, page_w - NO_INK, y)
    canvas.restoreState()


def ruler(canvas: Canvas, area: Rect, page_w: float, page_h: float) -> None:
    """A 50 mm scale bar with millimetre ticks in a margin, and how to print."""
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    canvas.setLineWidth(0.5)
    room_top = page_h - NO_INK - area.top
    if room_top >= 6 * mm:
        x0, y0 = page_w / 2 - 25 * mm, page_h - NO_INK - 2.5 * mm
        canvas.line(x0, y0, x0 + 50 * mm, y0)
        for i in range(0, 51, 5):
            tick = 2 * mm if i % 10 == 0 else 1 * mm
            canvas.line(x0 + i * mm, y0, x0 + i * mm, y0 - tick)
        canvas.setFont(FONT, 6)
        canvas.drawString(
            x0 + 51.5 * mm, y0 - 1.5 * mm, "50 mm: print at 100 % (Actual size), never Fit to page"
        )
    else:
        x0, y0 = NO_INK + 0.5 * mm, page_h / 2 - 25 * mm
        canvas.line(x0, y0, x0, y0 + 50 * mm)
        for i in range(0, 51, 5):
            tick = 2 * mm if i % 10 == 0 else 1 * mm
            canvas.line(x0, y0 + i * mm, x0 + tick, y0 + i * mm)
        canvas.translate(x0 + 4.5 * mm, y0 + 52 * mm)
        canvas.rotate(90)
        canvas.setFont(FONT, 6)
        canvas.drawString(0, 0, "<- 50 mm: print at 100 % (Actual size)")
    canvas.restoreState()


def calibration_pdf(*, paper: str, duplex: Duplex, title: str) -> bytes:
    """Two pages for measuring a printer's duplex offset.

    The front has a cross of squares; the back the same squares, each shifted by its label's
    offset in millimetres (in back-page coordinates, as `--back-offset` takes them). Print on
    the real paper, hold to a light, and read the label of the square that lines up.
    """
    page_w, page_h = PAPERS[paper]
    buffer = io.BytesIO()
    canvas = print_canvas(
        buffer,
        (page_w, page_h),
        title=title,
        author="cardgen",
        subject="Duplex calibration",
        duplex=duplex if duplex != "none" else "long",
    )
    side = 6 * mm
    steps = [-2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0]
    pitch = 18 * mm
    cx, cy = page_w / 2, page_h / 2
    cells = [(i, j) for i in range(len(steps)) for j in range(len(steps)) if i == 4 or j == 4]
    for back in (False, True):
        canvas.setFont(FONT_BOLD, 9)
        canvas.setFillGray(0)
        heading = (
            (
                "Back: find the square that lines up with the front's; its label is your"
                " --back-offset X,Y (mm)"
            )
            if back
            else ("Front: print both pages duplex at 100 %, then hold the sheet to a light")
        )
        canvas.drawCentredString(cx, page_h - NO_INK - 8 * mm, heading)
        for i, j in cells:
            dx, dy = steps[i], steps[j]
            x = cx + (i - 4) * pitch
            y = cy + (j - 4) * pitch
            if back:
                mx = page_w - x if duplex != "short" else x
                my = page_h - y if duplex == "short" else y
                x, y = mx + dx * mm, my + dy * mm
                canvas.setFillColorRGB(0.85, 0.1, 0.1)
            else:
                canvas.setFillGray(0)
            canvas.rect(x - side / 2, y - side / 2, side, side, stroke=0, fill=1)
            if back:
                canvas.setFont(FONT, 5.5)
                canvas.setFillGray(0)
                canvas.drawCentredString(x, y - side / 2 - 3 * mm, f"{dx:+.1f},{dy:+.1f}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
