"""The two-page duplex calibration sheet that measures a printer's `--back-offset`.

The front prints black bars on three scales; the back prints a red bar behind each, at the
mirrored place shifted by the offset written beside it, from -5 to +5 mm in 0.5 mm steps
(home printers are often 3-4 mm off). The row across the top measures X and the column in
the middle Y: where a red bar covers its black one exactly, its label is the value for
`--back-offset`. Two more columns near the left and right edges check for rotation: a sheet
fed askew reads a different Y at each, which no offset can cancel.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import CardgenError
from cardgen.printing.paper import paper_size
from cardgen.printing.pdf import FONT, FONT_BOLD, print_canvas
from cardgen.printing.sheets import NO_INK, Duplex, mirror_axis

STEPS = [k / 2 for k in range(-10, 11)]
"""The offsets the sheet offers, in mm: -5.0 to +5.0 in 0.5 mm steps."""
PITCH: float = 9 * mm
BAR_LONG: float = 7 * mm
BAR_THIN: float = 0.6 * mm
SIDE_INSET: float = 25 * mm
MIN_WIDTH: float = 200 * mm
"""The row of 21 bars 9 mm apart and the rotation columns need 200 mm across."""
MIN_HEIGHT: float = 230 * mm
"""The columns of 21 bars below the text need 230 mm down to stay 6 mm from the edge."""


def bars(page_w: float, page_h: float) -> Iterator[tuple[str, float, float, float, float]]:
    """Every bar of the front as (scale, dx, dy, x, y): its scale ("x", "y", "left" or
    "right"), the offset its back bar carries (mm) and its centre (pt)."""
    cx = page_w / 2
    row_y = page_h - NO_INK - 39 * mm
    middle = (NO_INK + 20 * mm + row_y - 12 * mm) / 2
    for k, step in enumerate(STEPS):
        yield "x", step, 0.0, cx + (k - 10) * PITCH, row_y
    for scale, x in (("y", cx), ("left", SIDE_INSET), ("right", page_w - SIDE_INSET)):
        for k, step in enumerate(STEPS):
            yield scale, 0.0, step, x, middle + (k - 10) * PITCH


def _bar(canvas: Canvas, scale: str, x: float, y: float) -> None:
    w, h = (BAR_THIN, BAR_LONG) if scale == "x" else (BAR_LONG, BAR_THIN)
    canvas.rect(x - w / 2, y - h / 2, w, h, stroke=0, fill=1)


def _label(canvas: Canvas, scale: str, dx: float, dy: float, x: float, y: float) -> None:
    canvas.setFont(FONT, 5.5)
    canvas.setFillGray(0)
    if scale == "x":  # turned, under the bar, reading upward
        canvas.saveState()
        canvas.translate(x + 0.7 * mm, y - BAR_LONG / 2 - 1 * mm)
        canvas.rotate(90)
        canvas.drawRightString(0, 0, f"{dx:+.1f},{dy:+.1f}")
        canvas.restoreState()
    elif scale == "y":
        canvas.drawString(x + BAR_LONG / 2 + 1.5 * mm, y - 0.7 * mm, f"{dx:+.1f},{dy:+.1f}")
    else:
        canvas.drawString(x + BAR_LONG / 2 + 1.5 * mm, y - 0.7 * mm, f"{dy:+.1f}")


FRONT_TEXT = (
    "Front: print both pages duplex at 100 % (Actual size), then hold the sheet to a light",
    "Top row: X. Middle column: Y. Left and right columns: rotation (both should read the same)",
)
BACK_TEXT = (
    "Back: the red bars that cover their black bars exactly give --back-offset X,Y",
    "Read X on the top row and Y in the middle column, in mm (e.g. +1.5,+0.0 and +0.0,-2.0:"
    " --back-offset 1.5,-2)",
    "Left and right columns reading different values: the paper turns in the printer;"
    " straighten its guides (an offset cannot cancel a turn)",
)
"""The back page's heading (one whole sentence, in bold) and its lines in small type."""


def calibration_pdf(*, paper: str, duplex: Duplex, title: str) -> bytes:
    """Two pages for measuring a printer's duplex offset (in back-page coordinates, x to
    the right and y up, as `--back-offset` takes them) and checking its rotation."""
    page_w, page_h = paper_size(paper)
    edge: Duplex = duplex if duplex != "none" else "long"
    axis = mirror_axis(edge, page_w, page_h)
    if page_w < MIN_WIDTH - 1e-6 or page_h < MIN_HEIGHT - 1e-6:
        raise CardgenError(
            f"--paper {paper}: the calibration sheet needs a paper at least"
            f" {MIN_WIDTH / mm:.0f} x {MIN_HEIGHT / mm:.0f} mm"
        )
    buffer = io.BytesIO()
    canvas = print_canvas(
        buffer,
        (page_w, page_h),
        title=title,
        author="cardgen",
        subject="Duplex calibration",
        duplex=edge,
    )
    for back in (False, True):
        canvas.setFillGray(0)
        lines = BACK_TEXT if back else FRONT_TEXT
        for number, line in enumerate(lines):
            canvas.setFont(FONT_BOLD if number == 0 else FONT, 8 if number == 0 else 6.5)
            canvas.drawCentredString(page_w / 2, page_h - NO_INK - (5 + 3.5 * number) * mm, line)
        for scale, dx, dy, x, y in bars(page_w, page_h):
            if back:
                mx = page_w - x if axis == "x" else x
                my = page_h - y if axis == "y" else y
                x, y = mx + dx * mm, my + dy * mm
                canvas.setFillColorRGB(0.85, 0.1, 0.1)
            else:
                canvas.setFillGray(0)
            _bar(canvas, scale, x, y)
            if back:
                _label(canvas, scale, dx, dy, x, y)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
