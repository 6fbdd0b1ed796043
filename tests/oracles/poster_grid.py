"""The fewest sheets that can cover a board, by trying every orientation and every grid up
to `LIMIT` a side (brute force, no formula): the oracle the poster tiling is held to.

A grid of n sheets along a side of `room` covers `length` when the board fits on one
sheet, or when n sheets, each overlapping the next by the least overlap, reach it. Also
whether a set of windows covers a board (`covered`)."""

from __future__ import annotations

import itertools

LIMIT = 40
EPS = 0.01

# Every number below is written here from its published source, never imported from the
# code it checks.
MM = 72 / 25.4
"""Points per millimetre (a point is 1/72 in, an inch 25.4 mm)."""
INCH = 72.0
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210 * MM, 297 * MM),  # ISO 216 A4: 210 x 297 mm
    "a3": (297 * MM, 420 * MM),  # ISO 216 A3: 297 x 420 mm
    "letter": (8.5 * INCH, 11 * INCH),  # ANSI A (ANSI/ASME Y14.1), US Letter: 8.5 x 11 in
    "legal": (8.5 * INCH, 14 * INCH),  # US Legal: 8.5 x 14 in
    "tabloid": (11 * INCH, 17 * INCH),  # ANSI B (ANSI/ASME Y14.1), Tabloid: 11 x 17 in
}
"""The named papers, portrait (docs/printing.md, "Paper and its way round")."""
NO_INK = 6 * MM
"""The unprinted margin on every side of a sheet (docs/printing.md: "Cards, text and the
ruler stay 6 mm from the paper's edge"; "A board as a poster": "the 6 mm margin that
stays unprinted on every side")."""
BAND = 13 * MM
"""Below the board on every sheet, above the margin: the bar, the name and the steps
(docs/printing.md, "A board as a poster": "in a 13 mm band")."""
MIN_OVERLAP = 10 * MM
"""The least overlap of neighbouring sheets (docs/printing.md, "A board as a poster":
"neighbours overlap by 10 mm or more")."""
MARKS_A_SEAM = 3
"""The + marks both sheets of a seam carry (docs/printing.md, "A board as a poster": "Each
seam carries three + marks")."""


def reaches(n: int, room: float, length: float) -> bool:
    """Whether `n` sheets of `room` in a line cover `length`."""
    return length <= room if n == 1 else n * room - (n - 1) * MIN_OVERLAP >= length - 1e-6


def fewest(size: tuple[float, float], paper: str) -> tuple[int, set[bool]]:
    """The fewest sheets (points) and the orientations (landscape or not) that reach it."""
    width, height = PAPERS[paper]
    found: dict[bool, int] = {}
    for landscape, (pw, ph) in ((False, (width, height)), (True, (height, width))):
        room = (pw - 2 * NO_INK, ph - 2 * NO_INK - BAND)
        counts = [
            cols * rows
            for cols in range(1, LIMIT + 1)
            for rows in range(1, LIMIT + 1)
            if reaches(cols, room[0], size[0]) and reaches(rows, room[1], size[1])
        ]
        if counts:
            found[landscape] = min(counts)
    best = min(found.values())
    return best, {landscape for landscape, n in found.items() if n == best}


def covered(windows: list[tuple[float, float, float, float]], size: tuple[float, float]) -> None:
    """The union of the windows is the whole board: every cell of the grid their edges
    make lies in some window."""
    xs = sorted({0.0, size[0], *(v for w in windows for v in w[0::2])})
    ys = sorted({0.0, size[1], *(v for w in windows for v in w[1::2])})
    for x0, x1 in itertools.pairwise(xs):
        for y0, y1 in itertools.pairwise(ys):
            if x1 - x0 < EPS or y1 - y0 < EPS or x0 >= size[0] or y0 >= size[1]:
                continue
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            assert any(w[0] <= cx <= w[2] and w[1] <= cy <= w[3] for w in windows), (cx, cy)
