"""The poster tiling against a brute-force oracle, over generated board sizes and papers:
the fewest sheets any orientation and grid allows; every board point on some sheet; every
sheet's window wholly on the board, so none is partly blank and each holds at least its
share (board area / sheets); neighbours overlap by at least 10 mm, and are joined at the
middle of their overlap, where both carry the same + marks."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.printing.poster_tiling import PosterSheet, Tiling, tile
from tests.oracles.poster_grid import EPS, MARKS_A_SEAM, MIN_OVERLAP, MM, covered, fewest

sizes = st.tuples(st.floats(20, 1500), st.floats(20, 1500)).map(lambda s: (s[0] * MM, s[1] * MM))


def seam_marks(a: PosterSheet, b: PosterSheet) -> list[tuple[float, float]]:
    """The marks `a` and `b` both carry (to 0.001 pt)."""
    return [m for m in a.marks if any(math.dist(m, n) < 1e-3 for n in b.marks)]


def inside(point: tuple[float, float], window: tuple[float, float, float, float]) -> bool:
    return window[0] <= point[0] <= window[2] and window[1] <= point[1] <= window[3]


def check_neighbours(tiling: Tiling, sheet: PosterSheet) -> None:
    for other, axis, cut in (
        (tiling.sheet(sheet.row, sheet.col + 1), 0, sheet.cut_right),
        (tiling.sheet(sheet.row + 1, sheet.col), 1, sheet.cut_bottom),
    ):
        assert (other is None) == (cut is None)
        if other is None or cut is None:
            continue
        overlap = sheet.window[2 + axis] - other.window[axis]
        assert overlap >= MIN_OVERLAP - EPS
        assert cut == pytest.approx(other.window[axis] + overlap / 2, abs=1e-6)
        met = seam_marks(sheet, other)
        assert len(met) == MARKS_A_SEAM, met
        for mark in met:
            assert mark[axis] == pytest.approx(cut, abs=1e-6)
            assert inside(mark, sheet.window) and inside(mark, other.window)


@settings(max_examples=300, deadline=None)
@given(size=sizes, paper=st.sampled_from(["a4", "letter"]))
def test_the_tiling_has_the_fewest_sheets_and_no_blank_one(
    size: tuple[float, float], paper: str
) -> None:
    tiling = tile(size, paper)
    least, ways = fewest(size, paper)
    assert len(tiling.sheets) == tiling.cols * tiling.rows == least
    assert tiling.landscape in ways
    assert (tiling.page[0] > tiling.page[1]) == tiling.landscape
    windows = [s.window for s in tiling.sheets]
    covered(windows, size)
    share = size[0] * size[1] / len(tiling.sheets)
    for sheet in tiling.sheets:
        left, top, right, bottom = sheet.window
        assert left >= -EPS and top >= -EPS
        assert right <= size[0] + EPS and bottom <= size[1] + EPS
        assert (right - left) * (bottom - top) >= share - EPS
        check_neighbours(tiling, sheet)
        for mark in sheet.marks:  # each mark is one a neighbour repeats
            near = [
                tiling.sheet(sheet.row + dr, sheet.col + dc)
                for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
            ]
            assert any(n is not None and mark in seam_marks(sheet, n) for n in near)


def test_a_tie_goes_to_portrait() -> None:
    """A board that needs one A4 either way up is printed on a portrait page."""
    tiling = tile((100 * MM, 100 * MM), "a4")
    assert (len(tiling.sheets), tiling.landscape) == (1, False)
    assert tiling.sheets[0].marks == () and tiling.sheets[0].window == (0, 0, 100 * MM, 100 * MM)


def test_a_wide_board_goes_landscape() -> None:
    """280 x 150 mm: one landscape A4 (285 x 185 mm of room), where portrait needs two."""
    tiling = tile((280 * MM, 150 * MM), "a4")
    assert (len(tiling.sheets), tiling.landscape) == (1, True)
