"""A large image (the Splatoon board) printed at full size as a poster over several sheets.

The first page is the key: how to cut and join the sheets, a map of them, the tile kinds in
their colours and a 100 mm bar. Then one page a sheet (`poster_tiling` places them): its
window of the board, the dashed lines to cut along on its right and bottom edges with the +
marks on them that its neighbours repeat at the same board points, and below the board a
50 mm bar, its name (A1, A2, B1 ...) and what to do with it.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardgen.printing.pdf import FONT, PdfData, draw_image, finish, print_canvas
from cardgen.printing.poster_key import key_page
from cardgen.printing.poster_marks import cut_line, registration, scale_bar
from cardgen.printing.poster_tiling import PosterSheet, Tiling, tile
from cardgen.printing.sheets import NO_INK
from cardgen.render.board import TileKind

POSTER_DPI = 300
"""The board image's resolution on a poster: the card images' own."""
TEXT_SIZE = 6.5
MIN_TEXT_SIZE = 4.5


def _joined(names: Sequence[str]) -> str:
    return " and ".join(names)


def instruction(tiling: Tiling, sheet: PosterSheet) -> str:
    """What to do with `sheet`: which edges to cut and which sheets to lay it on."""
    sides = [
        s
        for s, cut in (("right", sheet.cut_right), ("bottom", sheet.cut_bottom))
        if cut is not None
    ]
    onto = [
        n.name
        for n in (tiling.sheet(sheet.row, sheet.col + 1), tiling.sheet(sheet.row + 1, sheet.col))
        if n is not None
    ]
    under = [
        n.name
        for n in (tiling.sheet(sheet.row, sheet.col - 1), tiling.sheet(sheet.row - 1, sheet.col))
        if n is not None
    ]
    plural = "s" if len(sides) > 1 else ""
    if sides:
        return (
            f"Cut off the {_joined(sides)} edge{plural} along the dashed line{plural}, through "
            f"the + marks; lay {sheet.name} on {_joined(onto)} so the half + marks on its cut "
            f"edge{plural} meet the + marks beneath, then tape."
        )
    if under:
        return f"Keep {sheet.name} whole: {_joined(under)} will be laid on it, half + on +."
    return "One sheet: nothing to cut or join."


def neighbours(tiling: Tiling, sheet: PosterSheet) -> str:
    """The sheets that overlap `sheet` on its right and below, and by how much."""
    found = []
    right, below = tiling.sheet(sheet.row, sheet.col + 1), tiling.sheet(sheet.row + 1, sheet.col)
    if right is not None:
        overlap = sheet.window[2] - right.window[0]
        found.append(f"{right.name} overlaps on the right by {overlap / mm:.1f} mm")
    if below is not None:
        overlap = sheet.window[3] - below.window[1]
        found.append(f"{below.name} overlaps below by {overlap / mm:.1f} mm")
    return "; ".join(found)


def _fitted(canvas: Canvas, text: str, x: float, y: float, room: float) -> None:
    width = float(stringWidth(text, FONT, TEXT_SIZE))
    if not width:
        return
    canvas.setFont(FONT, max(MIN_TEXT_SIZE, TEXT_SIZE * min(1.0, room / width)))
    canvas.drawString(x, y, text)


def sheet_page(
    canvas: Canvas, tiling: Tiling, sheet: PosterSheet, image: Path, size: tuple[float, float]
) -> None:
    """One sheet's page: its window of the board, its cut lines and marks, and its band."""
    page_h = tiling.page[1]
    left, top, right, bottom = sheet.window

    def on_page(x: float, y: float) -> tuple[float, float]:
        return (NO_INK + x - left, page_h - NO_INK - (y - top))

    canvas.saveState()
    path = canvas.beginPath()
    path.rect(NO_INK, page_h - NO_INK - (bottom - top), right - left, bottom - top)
    canvas.clipPath(path, stroke=0, fill=0)
    x0, y0 = on_page(0, size[1])
    draw_image(canvas, image, x0, y0, size[0], size[1])
    canvas.restoreState()
    # each cut line spans the board's window and stops at its edge, never over blank paper
    if sheet.cut_right is not None:
        x, y = on_page(sheet.cut_right, top)
        cut_line(canvas, x, y, x, on_page(sheet.cut_right, bottom)[1])
    if sheet.cut_bottom is not None:
        x, y = on_page(left, sheet.cut_bottom)
        cut_line(canvas, x, y, on_page(right, sheet.cut_bottom)[0], y)
    for mark in sheet.marks:
        registration(canvas, *on_page(*mark))


def sheet_band(canvas: Canvas, tiling: Tiling, sheet: PosterSheet, title: str, paper: str) -> None:
    """Below the board: a 50 mm bar, the sheet's name, what to do with it, its neighbours."""
    room = tiling.page[0] - 2 * NO_INK
    end = scale_bar(canvas, NO_INK, NO_INK + 12 * mm, 50, "50 mm")
    way = "landscape" if tiling.landscape else "portrait"
    canvas.setFillGray(0.1)
    head = (
        f"{title} · sheet {sheet.name} of {tiling.last} ({paper.upper()} {way}) · "
        "print at 100 % (Actual size): the bar measures 50 mm"
    )
    _fitted(canvas, head, end + 3 * mm, NO_INK + 10 * mm, NO_INK + room - end - 3 * mm)
    _fitted(canvas, instruction(tiling, sheet), NO_INK, NO_INK + 5 * mm, room)
    _fitted(canvas, neighbours(tiling, sheet), NO_INK, NO_INK + 1.5 * mm, room)


def poster_pdf(
    image: Path,
    size_pt: tuple[float, float],
    *,
    paper: str,
    title: str,
    author: str,
    legend: Sequence[TileKind],
) -> tuple[PdfData, int, Tiling]:
    """The key page and `image` (drawn at `size_pt`) tiled over the fewest sheets of
    `paper`; returns (pdf, pages, tiling)."""
    tiling = tile(size_pt, paper)
    buffer = io.BytesIO()
    way = "landscape" if tiling.landscape else "portrait"
    canvas = print_canvas(
        buffer,
        tiling.page,
        title=title,
        author=author,
        subject=f"Poster over {tiling.cols} x {tiling.rows} {paper.upper()} {way} sheets",
    )
    key_page(canvas, tiling, size_pt, title=title, paper=paper, legend=legend)
    canvas.showPage()
    for sheet in tiling.sheets:
        sheet_page(canvas, tiling, sheet, image, size_pt)
        sheet_band(canvas, tiling, sheet, title, paper)
        canvas.showPage()
    return finish(canvas, buffer), 1 + len(tiling.sheets), tiling


def poster_note(tiling: Tiling, paper: str) -> str:
    """What to tell the person printing a poster: its sheets and how they join."""
    way = "landscape" if tiling.landscape else "portrait"
    return (
        f"{len(tiling.sheets)} sheets of {paper.upper()} {way} ({tiling.cols} x {tiling.rows})"
        " and a key page: print at 100 %, cut along the dashed lines, match the + marks."
    )
