"""Where a poster's sheets go: the orientation and grid with the fewest sheets, each sheet's
window of the board, the lines to cut along and the registration marks on them.

All the sheets of one poster have one orientation. Of portrait and landscape pages, the one
whose grid covers the board with the fewest sheets wins (portrait on a tie). The windows of
one column (row) of sheets are the full printable width (height) of a page and are spread
evenly from the board's left (top) edge to its right (bottom) edge, so neighbours overlap
by at least `MIN_OVERLAP` and every window lies wholly on the board image: no sheet is
partly blank, and each holds at least its share (board area / sheets) of the board. Where
the board is narrower (shorter) than a page, its one window is the board's width (height).

Two neighbours are joined along the middle of their overlap: the left (upper) sheet is cut
there and laid on the right (lower) one. A + mark sits on that line on both sheets at the
same board point, so the half marks left on the cut edge meet the whole marks beneath.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from reportlab.lib.units import mm

from cardgen.printing.sheets import NO_INK, PAPERS

MIN_OVERLAP: float = 10 * mm
"""The least overlap of two neighbouring sheets: each keeps 5 mm beyond the cut line."""
BAND: float = 13 * mm
"""Below the board on every sheet: the ruler and two lines of text."""
MARK_PLACES = (0.25, 0.5, 0.75)
"""Where along its seam each + mark sits, as fractions of the part of the seam that shows."""

Span = tuple[float, float]
Point = tuple[float, float]


def sheets_needed(length: float, room: float) -> int:
    """Sheets of `room` in a line that cover `length`, neighbours overlapping by at least
    `MIN_OVERLAP`."""
    if length <= room:
        return 1
    return math.ceil((length - MIN_OVERLAP) / (room - MIN_OVERLAP) - 1e-9)


def spans(length: float, room: float, count: int) -> list[Span]:
    """`count` windows of `room` (or of the whole `length` if it is shorter) spread evenly
    from 0 to `length`."""
    if count == 1:
        return [(0.0, min(length, room))]
    step = (length - room) / (count - 1)
    return [(k * step, k * step + room) for k in range(count)]


def cuts(windows: list[Span]) -> list[float]:
    """The cut line between each window and the next: the middle of their overlap."""
    return [(a[1] + b[0]) / 2 for a, b in itertools.pairwise(windows)]


def shown(length: float, lines: list[float], k: int) -> Span:
    """The part of the board window `k` still shows once every sheet is cut and laid."""
    return (lines[k - 1] if k > 0 else 0.0, lines[k] if k < len(lines) else length)


def along(span: Span) -> list[float]:
    """The places of a seam's marks on the part `span` of it that shows."""
    return [span[0] + f * (span[1] - span[0]) for f in MARK_PLACES]


@dataclass(frozen=True, slots=True)
class PosterSheet:
    """One sheet of a poster: its place in the grid, what of the board it shows, where it
    is cut and its + marks, in board points from the board's top-left corner, y downwards."""

    row: int
    col: int
    window: tuple[float, float, float, float]
    """(left, top, right, bottom) of the board this sheet shows."""
    cut_right: float | None
    """The board x to cut this sheet along, where it has a right-hand neighbour."""
    cut_bottom: float | None
    """The board y to cut this sheet along, where it has a neighbour below."""
    marks: tuple[Point, ...]

    @property
    def name(self) -> str:
        """The sheet's name: its row's letter and its column's number (A1, A2, B1 ...)."""
        return f"{chr(65 + self.row)}{self.col + 1}"


@dataclass(frozen=True, slots=True)
class Tiling:
    """A poster's sheets: the page size and orientation, the grid and each sheet."""

    page: tuple[float, float]
    landscape: bool
    cols: int
    rows: int
    sheets: tuple[PosterSheet, ...]

    @property
    def last(self) -> str:
        """The name of the bottom right sheet (the grid's size, as the pages say it)."""
        return f"{chr(64 + self.rows)}{self.cols}"

    def sheet(self, row: int, col: int) -> PosterSheet | None:
        """The sheet at (row, col), if the grid has one there."""
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self.sheets[row * self.cols + col]
        return None


def room(page: tuple[float, float]) -> tuple[float, float]:
    """The part of a page the board may cover: inside the unprinted margin, above the band."""
    return (page[0] - 2 * NO_INK, page[1] - 2 * NO_INK - BAND)


def orientations(paper: str) -> list[tuple[bool, tuple[float, float]]]:
    """(landscape, page size) for each way up of `paper`, portrait first."""
    width, height = PAPERS[paper]
    return [(False, (width, height)), (True, (height, width))]


def tile(size: tuple[float, float], paper: str) -> Tiling:
    """The tiling of a board of `size` (points) over sheets of `paper` with the fewest
    sheets (portrait on a tie)."""
    counts = []
    for landscape, page in orientations(paper):
        usable = room(page)
        grid = (sheets_needed(size[0], usable[0]), sheets_needed(size[1], usable[1]))
        counts.append((grid[0] * grid[1], landscape, page, usable, grid))
    _, landscape, page, usable, (cols, rows) = min(counts, key=lambda c: (c[0], c[1]))
    xs, ys = spans(size[0], usable[0], cols), spans(size[1], usable[1], rows)
    x_cuts, y_cuts = cuts(xs), cuts(ys)
    sheets = []
    for row in range(rows):
        for col in range(cols):
            marks: list[Point] = []
            for line in (
                x_cuts[col - 1] if col > 0 else None,
                x_cuts[col] if col < cols - 1 else None,
            ):
                if line is not None:
                    marks.extend((line, y) for y in along(shown(size[1], y_cuts, row)))
            for line in (
                y_cuts[row - 1] if row > 0 else None,
                y_cuts[row] if row < rows - 1 else None,
            ):
                if line is not None:
                    marks.extend((x, line) for x in along(shown(size[0], x_cuts, col)))
            sheets.append(
                PosterSheet(
                    row,
                    col,
                    (xs[col][0], ys[row][0], xs[col][1], ys[row][1]),
                    x_cuts[col] if col < cols - 1 else None,
                    y_cuts[row] if row < rows - 1 else None,
                    tuple(marks),
                )
            )
    return Tiling(page, landscape, cols, rows, tuple(sheets))
