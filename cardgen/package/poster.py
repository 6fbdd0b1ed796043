"""A large image (the Splatoon board) printed at full size as a poster over several pages.

Each page shows its tile of the image plus an overlap strip shared with its neighbours;
crosses mark the overlap's corners on both pages so they can be laid one on the other, and
each page names its place (A1, A2, B1 ...) and its neighbours.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

from reportlab.lib.units import mm

from cardgen.package.pdf import FONT, PdfData, draw_image, finish, print_canvas
from cardgen.package.sheets import NO_INK, PAPERS

OVERLAP = 10 * mm
LABEL_BAND = 6 * mm


def poster_pdf(
    image: Path, size_pt: tuple[float, float], *, paper: str, title: str, author: str
) -> tuple[PdfData, int, tuple[int, int]]:
    """Tile `image` (drawn at `size_pt`) over pages of `paper`; returns (pdf, pages, grid)."""
    page_w, page_h = PAPERS[paper]
    usable_w = page_w - 2 * NO_INK
    usable_h = page_h - 2 * NO_INK - LABEL_BAND
    width, height = size_pt
    cols = max(1, math.ceil((width - OVERLAP) / (usable_w - OVERLAP)))
    rows = max(1, math.ceil((height - OVERLAP) / (usable_h - OVERLAP)))
    step_x = usable_w - OVERLAP
    step_y = usable_h - OVERLAP
    buffer = io.BytesIO()
    canvas = print_canvas(
        buffer,
        (page_w, page_h),
        title=title,
        author=author,
        subject=f"Poster over {cols} x {rows} {paper.upper()} pages",
    )
    pages = 0
    for row in range(rows):
        for col in range(cols):
            # the window of the poster this page shows, in poster coordinates (top-left origin)
            wx, wy = col * step_x, row * step_y
            left, bottom = NO_INK, NO_INK + LABEL_BAND
            canvas.saveState()
            path = canvas.beginPath()
            path.rect(left, bottom, usable_w, usable_h)
            canvas.clipPath(path, stroke=0, fill=0)
            # poster top-left sits at (left - wx, bottom + usable_h + wy) in page coordinates
            draw_image(canvas, image, left - wx, bottom + usable_h + wy - height, width, height)
            canvas.restoreState()
            canvas.setStrokeGray(0)
            canvas.setLineWidth(0.4)
            name = f"{chr(65 + row)}{col + 1}"
            marks = []
            if col + 1 < cols:
                marks.append(left + usable_w - OVERLAP)
            if col > 0:
                marks.append(left + OVERLAP)
            ys = (
                [bottom + usable_h - OVERLAP, bottom + OVERLAP]
                if rows > 1
                else [bottom + usable_h / 2]
            )
            for x in marks:
                for y in ys:
                    canvas.line(x - 3 * mm, y, x + 3 * mm, y)
                    canvas.line(x, y - 3 * mm, x, y + 3 * mm)
            for y in ([bottom + usable_h - OVERLAP] if row > 0 else []) + (
                [bottom + OVERLAP] if row + 1 < rows else []
            ):
                for x in (left + usable_w / 3, left + 2 * usable_w / 3):
                    canvas.line(x - 3 * mm, y, x + 3 * mm, y)
                    canvas.line(x, y - 3 * mm, x, y + 3 * mm)
            neighbours = []
            if col + 1 < cols:
                neighbours.append(f"{chr(65 + row)}{col + 2} overlaps on the right")
            if row + 1 < rows:
                neighbours.append(f"{chr(66 + row)}{col + 1} overlaps below")
            canvas.setFont(FONT, 7)
            canvas.setFillGray(0.2)
            text = f"{title} · page {name} of {chr(64 + rows)}{cols} · print at 100 %"
            if neighbours:
                text += " · " + ", ".join(neighbours) + f" by {OVERLAP / mm:.0f} mm: match the +"
            canvas.drawString(NO_INK, NO_INK + 1 * mm, text)
            canvas.showPage()
            pages += 1
    return finish(canvas, buffer), pages, (cols, rows)
