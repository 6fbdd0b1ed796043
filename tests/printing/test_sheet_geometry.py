"""Where print-and-play cards go, against numbers worked out by hand in millimetres: how
many cards a home sheet and a gutterfold sheet hold for cards of many sizes (A4 is
210 x 297 mm, Letter 215.9 x 279.4 mm; nothing within 6 mm of the edge; a gutterfold
leaves 5 mm either side of its fold), where each one lands, and the cut lines."""

from __future__ import annotations

import pytest

from cardgen.printing.sheets import fold_sheet, home_grid

MM = 72 / 25.4


def mm(*values: float) -> list[float]:
    return [pytest.approx(v * MM, abs=0.01) for v in values]


@pytest.mark.parametrize(
    ("paper", "card", "grid"),
    [
        # 198 mm across (210 - 2 x 6) and 285 mm down (297 - 2 x 6)
        ("a4", (63.5, 88.9), (3, 3)),  # 3 x 63.5 = 190.5; 3 x 88.9 = 266.7
        ("a4", (52, 72), (3, 3)),  # 4 x 52 = 208 and 4 x 72 = 288: too much by the margins
        ("a4", (48.5, 72), (4, 3)),  # 4 x 48.5 = 194: 2 mm to spare each side
        ("a4", (39.6, 57), (5, 5)),  # 5 x 39.6 = 198 and 5 x 57 = 285: an exact fit
        ("a4", (120, 150), (1, 1)),
        # Letter: 203.9 mm across, 267.4 mm down
        ("letter", (63.5, 88.9), (3, 3)),
        ("letter", (88.9, 63.5), (2, 4)),  # 4 x 63.5 = 254
        ("letter", (50.975, 66.85), (4, 4)),  # an exact fit both ways
    ],
)
def test_a_home_sheet_holds_as_many_cards_as_fit_6_mm_from_the_edge(
    paper: str, card: tuple[float, float], grid: tuple[int, int]
) -> None:
    found = home_grid(paper, card[0] * MM, card[1] * MM)
    assert (found.cols, found.rows) == grid


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ((200, 100), "a 200.0 x 100.0 mm card does not fit on a4"),
        ((100, 300), "a 100.0 x 300.0 mm card does not fit on a4"),
        ((198.5, 285.5), "a 198.5 x 285.5 mm card does not fit on a4"),
    ],
)
def test_a_card_too_big_for_a_home_sheet_is_refused(
    card: tuple[float, float], message: str
) -> None:
    with pytest.raises(ValueError) as info:
        home_grid("a4", card[0] * MM, card[1] * MM)
    assert str(info.value) == message


def test_a_home_grid_is_centred_and_its_cut_lines_run_along_every_card_edge() -> None:
    grid = home_grid("a4", 63.5 * MM, 88.9 * MM)
    # (210 - 3 x 63.5) / 2 = 9.75 mm left and right; (297 - 3 x 88.9) / 2 = 15.15 mm
    assert grid.column_edges() == mm(9.75, 73.25, 136.75, 200.25)
    assert grid.row_edges() == mm(15.15, 104.05, 192.95, 281.85)
    first, last = grid.slot(0), grid.slot(8)
    assert [first.x, first.y, first.w, first.h] == mm(9.75, 192.95, 63.5, 88.9)
    assert [last.x, last.y] == mm(136.75, 15.15)


@pytest.mark.parametrize(
    ("card", "landscape", "grid"),
    [
        # portrait: 94 mm a side of the fold (105 - 5 - 6), 285 down; landscape: 137.5, 198
        ((63.5, 88.9), True, (2, 2)),  # portrait would hold 1 x 3
        ((45.5, 70), False, (2, 4)),  # landscape would hold 3 x 2
        ((50, 70), False, (1, 4)),  # landscape holds as many (2 x 2): portrait stays
        ((47.5, 70), False, (1, 4)),  # 2 x 47.5 = 95 > 94; landscape holds 2 x 2
        ((36, 50), False, (2, 5)),  # landscape would hold 3 x 3
        ((70, 120), False, (1, 2)),  # landscape would hold 1 x 1
        ((60, 200), False, (1, 1)),  # too tall for landscape
    ],
)
def test_a_gutterfold_sheet_takes_the_way_round_that_holds_more(
    card: tuple[float, float], landscape: bool, grid: tuple[int, int]
) -> None:
    sheet = fold_sheet("a4", card[0] * MM, card[1] * MM)
    expected_page = (297, 210) if landscape else (210, 297)
    assert [sheet.page_w, sheet.page_h] == mm(*expected_page)
    assert (sheet.cols, sheet.rows) == grid


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ((300, 50), "a 300.0 mm wide card does not fit a gutterfold a4 page"),
        ((100, 250), "a 100.0 mm wide card does not fit a gutterfold a4 page"),
    ],
)
def test_a_card_too_big_for_a_gutterfold_is_refused(
    card: tuple[float, float], message: str
) -> None:
    with pytest.raises(ValueError) as info:
        fold_sheet("a4", card[0] * MM, card[1] * MM)
    assert str(info.value) == message


def test_gutterfold_fronts_butt_the_gutter_and_backs_mirror_them_across_the_fold() -> None:
    sheet = fold_sheet("a4", 63.5 * MM, 88.9 * MM)  # landscape, 2 x 2
    # fold at 148.5 mm, fronts end 5 mm before it; (210 - 2 x 88.9) / 2 = 16.1 mm below
    fronts = [sheet.front(i) for i in range(4)]
    assert [v for r in fronts for v in (r.x, r.y)] == mm(16.5, 105, 80, 105, 16.5, 16.1, 80, 16.1)
    assert {(r.w, r.h) for r in fronts} == {(63.5 * MM, 88.9 * MM)}
    backs = [sheet.back(i) for i in range(4)]
    assert [v for r in backs for v in (r.x, r.y)] == mm(
        217, 105, 153.5, 105, 217, 16.1, 153.5, 16.1
    )
