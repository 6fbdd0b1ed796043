"""The fewest sheets that can cover a board, by trying every orientation and every grid up
to `LIMIT` a side (brute force, no formula): the oracle the poster tiling is held to.

A grid of n sheets along a side of `room` covers `length` when the board fits on one
sheet, or when n sheets, each overlapping the next by the least overlap, reach it. Also
whether a set of windows covers a board (`covered`)."""

from __future__ import annotations

import itertools

from cardgen.package.poster_tiling import BAND, MIN_OVERLAP
from cardgen.package.sheets import NO_INK, PAPERS

LIMIT = 40
EPS = 0.01


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
