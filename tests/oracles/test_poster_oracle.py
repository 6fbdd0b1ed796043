"""Board posters (`cardgen pnp --board` and the build's poster step) read back from the
PDF: the first page is the key, every other page a sheet whose window of the board (the
image's placement and clip) lies wholly on the board at the PNG's own resolution; the
windows cover the board with the fewest sheets any orientation and grid allows; each + mark,
taken through the image's matrix to a board point, lands on the same board point (0.1 mm)
as a mark of the neighbour it is laid on, on the dashed line the sheet is cut along; each
sheet says whom it is laid on, and carries a 50 mm bar outside the board."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import ROOT
from tests.oracles.games import Row, ok, write_game
from tests.oracles.poster_grid import MARKS_A_SEAM, NO_INK, covered, fewest
from tests.oracles.poster_read import PosterPage, read_poster
from tests.printing.pdf_geometry import overlaps

MM = 72 / 25.4
PAPER = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * 72, 11 * 72)}
ARM = 6 * MM
"""A registration mark is a + of two 6 mm lines."""
EPS = 0.01
MATCH = 0.1
"""Marks meet when their board points are this close (mm)."""


KINDS = (
    "kinds:\n"
    "  ground: {fill: '#4a4d55'}\n"
    "  medium: {fill: '#8a8e98', height: 1}\n"
    "  tall: {fill: '#c9ccd3', height: 2}\n"
    "  blocked: {fill: '#111111', height: null}\n"
    "  spawn-green: {fill: '#ffffff', ring: '#3fbf3f', height: 1}\n"
)
"""The kinds of cell the generated boards use, in the colours of the example arena."""


def board_game(
    root: Path, columns: int, rows: int, hex_size: str, legend: str = "g: ground, m: medium"
) -> Path:
    write_game(
        root,
        [Row("Card 000", "t0")],
        extra="components:\n  - {kind: board, id: arena, label: Arena, grid: board.yaml}\n",
    )
    tokens = [t.split(":")[0].strip() for t in legend.split(",")]
    lines = [" ".join(tokens[(r + c) % len(tokens)] for c in range(columns)) for r in range(rows)]
    board = "\n".join(f'  - "{line}"' for line in lines)
    (root / "decks" / "gen" / "board.yaml").write_text(
        f"name: Test Arena\ncell_size: {hex_size}\n{KINDS}legend: {{{legend}}}\nrows:\n{board}\n",
        encoding="utf-8",
    )
    return root


def board_size(board_png: Path) -> tuple[float, float]:
    """The board at full size in mm, from the PNG's pixels and resolution."""
    with Image.open(board_png) as image:
        pixels, dpi = image.size, image.info["dpi"]
    return (pixels[0] / dpi[0] * 25.4, pixels[1] / dpi[1] * 25.4)


def place(name: str) -> tuple[int, int]:
    return (ord(name[0]) - ord("A"), int(name[1:]) - 1)


def check_poster(pdf: Path, board_png: Path, paper: str) -> dict[tuple[int, int], PosterPage]:
    """Every property of one poster; returns its sheets by (row, col)."""
    pages = read_poster(pdf)
    size = board_size(board_png)
    key, sheets = pages[0], pages[1:]
    assert key.drawn is None and key.name is None and "key to the poster" in key.text
    places = {place(p.name): p for p in sheets if p.name}
    rows, cols = 1 + max(r for r, _ in places), 1 + max(c for _, c in places)
    assert len(sheets) == len(places) == rows * cols  # every place of the grid, once
    least, ways = fewest((size[0] * MM, size[1] * MM), paper)
    assert len(sheets) == least  # no grid of any orientation needs fewer
    width, height = PAPER[paper]
    for page in pages:  # one orientation, one that reaches the least
        assert any(
            page.media == pytest.approx(media, abs=EPS)
            for media in ((0, 0, width, height), (0, 0, height, width))
        )
        assert page.media == pytest.approx(pages[0].media, abs=EPS)
    assert (pages[0].media[2] > pages[0].media[3]) in ways
    last = f"{chr(64 + rows)}{cols}"
    for page in sheets:
        assert page.drawn is not None
        box = page.drawn.box
        assert (box[2] - box[0], box[3] - box[1]) == pytest.approx(
            (size[0] * MM, size[1] * MM), rel=2e-4
        )  # printed at 100 %
        left, top, right, bottom = page.window(size)
        assert min(left, top) >= -EPS and right <= size[0] + EPS and bottom <= size[1] + EPS
        assert (right - left) * (bottom - top) >= size[0] * size[1] / len(sheets) - EPS
        assert f"of {last}" in page.text
        for char in page.chars:  # within the printable area, never on the board
            assert char[0] >= NO_INK - EPS and char[2] <= page.media[2] - NO_INK + EPS, char
            assert not overlaps(char, page.shown), char
        for x, y in page.crosses(ARM):  # on the board as printed, never in the margin
            assert page.shown[0] - EPS <= x <= page.shown[2] + EPS
            assert page.shown[1] - EPS <= y <= page.shown[3] + EPS
        bars = [ln for ln in page.bars() if ln.flat and abs(ln.length - 50 * MM) < EPS]
        assert bars, page.name  # a 50 mm scale bar, not over the board
        ticks = [ln for ln in page.bars() if not ln.flat and ln.y1 == pytest.approx(bars[0].y0)]
        assert len(ticks) == 11
    assert any(ln.flat and abs(ln.length - 100 * MM) < EPS for ln in key.bars())
    covered([p.window(size) for p in sheets], size)
    for (row, col), page in places.items():
        right, below = places.get((row, col + 1)), places.get((row + 1, col))
        onto = [n.name for n in (right, below) if n is not None]
        if onto:
            assert f"lay {page.name} on {' and '.join(map(str, onto))} so" in page.text
        elif len(places) > 1:
            assert f"Keep {page.name} whole" in page.text
        for other, side in ((right, "on the right"), (below, "below")):
            if other is not None:
                seam(page, other, side, size)
    for (row, col), page in places.items():  # every mark meets one of a neighbour
        near = [places.get((row + dr, col + dc)) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))]
        theirs = [m for n in near if n is not None for m in board_marks(n, size)]
        for mark in board_marks(page, size):
            assert any(math.dist(mark, m) <= MATCH for m in theirs), (page.name, mark)
    return places


def board_marks(page: PosterPage, size: tuple[float, float]) -> list[tuple[float, float]]:
    """The page's + marks as board points (mm)."""
    return [page.to_board(x, y, size) for x, y in page.crosses(ARM)]


def seam(page: PosterPage, other: PosterPage, side: str, size: tuple[float, float]) -> None:
    """`page` is cut and laid on `other` (on its right or below it): three of its marks
    meet marks of `other`, all on `page`'s dashed cut line, inside both windows;
    the overlap is what the page states."""
    mine, theirs = board_marks(page, size), board_marks(other, size)
    met = [m for m in mine if any(math.dist(m, t) <= MATCH for t in theirs)]
    assert len(met) == MARKS_A_SEAM, (page.name, other.name, mine, theirs)
    axis = 0 if side == "on the right" else 1
    cuts = [
        page.to_board(ln.x0, ln.y0, size)[axis] for ln in page.cut_lines() if ln.flat == (axis == 1)
    ]
    assert len(cuts) == 1, cuts
    mine_w, theirs_w = page.window(size), other.window(size)
    overlap = mine_w[2 + axis] - theirs_w[axis]
    assert overlap >= 10 - EPS
    assert mine_w[1 - axis :: 2] == pytest.approx(theirs_w[1 - axis :: 2], abs=EPS)
    assert theirs_w[axis] < cuts[0] < mine_w[2 + axis]  # the cut falls in the overlap
    for mark in met:
        assert mark[axis] == pytest.approx(cuts[0], abs=MATCH)
    stated = re.search(rf"{other.name} overlaps {side} by (\d+\.\d) mm", page.text)
    assert stated is not None and float(stated[1]) == pytest.approx(overlap, abs=0.051)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    ("columns", "rows", "hex_size", "grid"),
    [(2, 2, "25mm", (1, 1)), (14, 10, "30mm", None), (24, 24, "30mm", None), (30, 3, "20mm", None)],
)
def test_pnp_board_tiles_the_board(
    tmp_path: Path,
    paper: str,
    columns: int,
    rows: int,
    hex_size: str,
    grid: tuple[int, int] | None,
) -> None:
    root = board_game(tmp_path, columns, rows, hex_size)
    out = tmp_path / "posters"
    ok("pnp", "gen", "--board", "--paper", paper, "--project", root, "--out", out)
    places = check_poster(out / f"board-arena-{paper}-poster.pdf", out / "board-arena.png", paper)
    shape = (1 + max(c for _, c in places), 1 + max(r for r, _ in places))
    if grid is not None:
        assert shape == grid
    else:
        assert len(places) >= 2  # neighbours


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_splatoon_arena_poster(tmp_path: Path, paper: str) -> None:
    out = tmp_path / "posters"
    ok("pnp", "splatoon", "--board", "--paper", paper, "--project", ROOT, "--out", out)
    places = check_poster(out / f"board-arena-{paper}-poster.pdf", out / "board-arena.png", paper)
    assert len(places) == 4  # 291 x 305 mm: 2 x 2 whichever way up
    with Image.open(out / "board-arena.png") as image:
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_the_build_writes_both_posters(tmp_path: Path) -> None:
    root = board_game(tmp_path, 14, 10, "30mm")
    ok("build", "gen", "--project", root, "--jobs", "1")
    out = root / "output" / "gen"
    for paper in ("a4", "letter"):
        check_poster(out / f"board-arena-{paper}-poster.pdf", out / "board-arena.png", paper)
