"""A poster's key, a page of its own in front of the sheets: how to cut and join them, a map
of the sheets over the board, the kinds of tile in the colours the board is drawn in, and a
100 mm bar. It is a page of its own because every sheet's margins end in the offcuts or
under a neighbour, while the legend is wanted beside the board during play."""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from cardgen.printing.pdf import FONT, FONT_BOLD
from cardgen.printing.poster_marks import DASH, scale_bar
from cardgen.printing.poster_tiling import PosterSheet, Tiling
from cardgen.printing.sheets import NO_INK
from cardgen.render.board import TileKind

STEP_SIZE = 9.0
SWATCH: float = 8 * mm


def steps(tiling: Tiling) -> list[str]:
    """The assembly, step by step, for this grid of sheets."""
    if tiling.cols == tiling.rows == 1:
        return [
            "Print at 100 % (Actual size), never Fit to page: the bar below measures 100 mm.",
            "The board fits on one sheet: nothing to cut or join.",
        ]
    found = [
        "1. Print every sheet at 100 % (Actual size), never Fit to page: the bar below measures"
        " 100 mm, the bar on each sheet 50 mm.",
        "2. Cut each sheet along its dashed lines (on its right and bottom edges), through the"
        f" middle of the + marks. {tiling.last} has none and stays whole.",
    ]
    if tiling.cols > 1:
        found.append(
            f"{len(found) + 1}. Join each row from left to right: lay A1 on A2 so the half +"
            " marks on A1's cut edge meet the + marks on A2, and tape"
            + (", then A2 on A3 and so on." if tiling.cols > 2 else ".")
        )
    if tiling.rows > 1:
        found.append(
            f"{len(found) + 1}. Join the rows from the top: lay row A on row B so the half +"
            " marks along its cut edge meet the + marks on row B, and tape"
            + (", then row B on row C and so on." if tiling.rows > 2 else ".")
        )
    return found


def shown_box(
    tiling: Tiling, sheet: PosterSheet, size: tuple[float, float]
) -> tuple[float, float, float, float]:
    """What of the board `sheet` shows once the poster is joined (left, top, right, bottom)."""
    before = tiling.sheet(sheet.row, sheet.col - 1)
    above = tiling.sheet(sheet.row - 1, sheet.col)
    return (
        before.cut_right if before is not None and before.cut_right is not None else 0.0,
        above.cut_bottom if above is not None and above.cut_bottom is not None else 0.0,
        sheet.cut_right if sheet.cut_right is not None else size[0],
        sheet.cut_bottom if sheet.cut_bottom is not None else size[1],
    )


def sheet_map(
    canvas: Canvas, tiling: Tiling, size: tuple[float, float], box: tuple[float, ...]
) -> None:
    """The board as a grey rectangle in `box` (x, y, w, h), each sheet's part of it named."""
    x, y, w, h = box
    scale = min(w / size[0], h / size[1])
    top = y + h

    def at(bx: float, by: float) -> tuple[float, float]:
        return (x + bx * scale, top - by * scale)

    canvas.saveState()
    canvas.setFillGray(0.9)
    canvas.setStrokeGray(0.3)
    canvas.setLineWidth(0.6)
    canvas.rect(x, top - size[1] * scale, size[0] * scale, size[1] * scale, stroke=1, fill=1)
    canvas.setDash(list(DASH), 0)
    for sheet in tiling.sheets:
        if sheet.cut_right is not None:
            canvas.line(
                *at(sheet.cut_right, sheet.window[1]), *at(sheet.cut_right, sheet.window[3])
            )
        if sheet.cut_bottom is not None:
            canvas.line(
                *at(sheet.window[0], sheet.cut_bottom), *at(sheet.window[2], sheet.cut_bottom)
            )
    canvas.setFillGray(0)
    canvas.setFont(FONT_BOLD, 11)
    for sheet in tiling.sheets:
        left, above, right, below = shown_box(tiling, sheet, size)
        cx, cy = at((left + right) / 2, (above + below) / 2)
        canvas.drawCentredString(cx, cy - 4, sheet.name)
    canvas.restoreState()


def swatch(canvas: Canvas, tile: TileKind, cx: float, cy: float) -> None:
    """A pointy-top hexagon in the tile's fill and outline, with its ring if it has one."""
    canvas.saveState()
    for radius, fill, stroke, width in (
        (SWATCH / 2, tile.fill, tile.outline, 1.0),
        (SWATCH / 2 * 0.6, None, tile.ring, 2.0),
    ):
        if stroke is None:
            continue
        path = canvas.beginPath()
        corners = [
            (
                cx + radius * math.cos(math.radians(90 + 60 * i)),
                cy + radius * math.sin(math.radians(90 + 60 * i)),
            )
            for i in range(6)
        ]
        path.moveTo(*corners[0])
        for corner in corners[1:]:
            path.lineTo(*corner)
        path.close()
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(width)
        if fill is not None:
            canvas.setFillColor(fill)
        canvas.drawPath(path, stroke=1, fill=int(fill is not None))
    canvas.restoreState()


def draw_legend(canvas: Canvas, tiles: Sequence[TileKind], x: float, y: float) -> None:
    """Each kind of tile the board uses, top down from (x, y): its swatch, name and height."""
    canvas.setFillGray(0)
    canvas.setFont(FONT_BOLD, 10)
    canvas.drawString(x, y, "Tile kinds")
    for index, tile in enumerate(tiles):
        cy = y - 9 * mm - index * (SWATCH + 3 * mm)
        swatch(canvas, tile, x + SWATCH / 2, cy)
        height = f"height {tile.height}" if tile.height is not None else "not walkable"
        canvas.setFillGray(0)
        canvas.setFont(FONT, 9)
        canvas.drawString(x + SWATCH + 3 * mm, cy - 3, f"{tile.kind} ({height}), fill {tile.fill}")


def key_page(
    canvas: Canvas,
    tiling: Tiling,
    size: tuple[float, float],
    *,
    title: str,
    paper: str,
    legend: Sequence[TileKind],
) -> None:
    """The key page: title, steps, the map of the sheets, the legend and a 100 mm bar."""
    page_w, page_h = tiling.page
    room = page_w - 2 * NO_INK
    y = page_h - NO_INK - 8 * mm
    canvas.setFillGray(0)
    canvas.setFont(FONT_BOLD, 14)
    canvas.drawString(NO_INK, y, f"{title}: key to the poster")
    way = "landscape" if tiling.landscape else "portrait"
    rows = "1 row" if tiling.rows == 1 else f"{tiling.rows} rows"
    count = len(tiling.sheets)
    about = (
        f"{count} sheet{'s' if count > 1 else ''} of {paper.upper()} {way} ({rows} of"
        f" {tiling.cols}, A1 to {tiling.last}); the board is {size[0] / mm:.0f} x"
        f" {size[1] / mm:.0f} mm at full size."
    )
    y -= 8 * mm
    canvas.setFont(FONT, STEP_SIZE)
    for text in [about, *steps(tiling)]:
        for line in simpleSplit(text, FONT, STEP_SIZE, room):
            canvas.drawString(NO_INK, y, line)
            y -= STEP_SIZE * 1.35
        y -= 1.5 * mm
    legend_x = NO_INK + room * 0.62
    top = y - 4 * mm
    bottom = NO_INK + 14 * mm
    sheet_map(canvas, tiling, size, (NO_INK, bottom, legend_x - NO_INK - 8 * mm, top - bottom))
    draw_legend(canvas, legend, legend_x, top - 4 * mm)
    scale_bar(canvas, NO_INK, NO_INK + 6 * mm, 100, "100 mm: measure it to check the scale")
