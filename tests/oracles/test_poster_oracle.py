"""Board posters (`cardgen pnp --board` and the build's poster step) read back from the
PDF's drawing operators: the pages' windows of the board cover all of it, at the board
image's own resolution; each neighbour a page names overlaps it by the amount the page
states; and each page's + marks sit where its neighbour's edge falls when the two are laid
one on the other."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import ROOT
from tests.oracles.games import Row, ok, write_game
from tests.oracles.poster_read import PosterPage, read_poster

MM = 72 / 25.4
PAPER = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * 72, 11 * 72)}
ARM = 6 * MM
"""A registration mark is a + of two 6 mm lines."""
EPS = 0.01


def board_game(root: Path, columns: int, rows: int, hex_size: str) -> Path:
    write_game(
        root,
        [Row("Card 000", "t0")],
        extra="boards:\n  - {id: arena, file: board.yaml, spawns_per_team: 0}\n",
    )
    lines = [" ".join("gm"[(r + c) % 2] for c in range(columns)) for r in range(rows)]
    board = "\n".join(f'  - "{line}"' for line in lines)
    (root / "decks" / "gen" / "board.yaml").write_text(
        f"name: Test Arena\nhex_size: {hex_size}\nlegend: {{g: ground, m: medium}}\n"
        f"rows:\n{board}\n",
        encoding="utf-8",
    )
    return root


def grid_place(name: str) -> tuple[int, int]:
    return (ord(name[0]) - ord("A"), int(name[1:]) - 1)


def check_poster(pdf: Path, board_png: Path, paper: str) -> tuple[int, int]:
    """Every property of one poster; returns its grid (columns, rows)."""
    pages = read_poster(pdf, ARM)
    with Image.open(board_png) as image:
        pixels, dpi = image.size, image.info["dpi"]
    full = (pixels[0] / dpi[0] * 72, pixels[1] / dpi[1] * 72)  # the board at full size
    first = pages[0].image
    size = (first[2] - first[0], first[3] - first[1])
    # printed at 100 %: the PNG's resolution (pixels a metre, rounded: 2e-4 of slack)
    assert size == pytest.approx(full, rel=2e-4)
    places = {grid_place(p.name): p for p in pages}
    rows = 1 + max(r for r, _ in places)
    cols = 1 + max(c for _, c in places)
    assert len(pages) == len(places) == rows * cols  # every place of the grid, once
    for page in pages:
        assert page.media == pytest.approx((0, 0, *PAPER[paper]), abs=EPS)
        width, height = page.image[2] - page.image[0], page.image[3] - page.image[1]
        assert (width, height) == pytest.approx(size, abs=EPS)  # one scale on every page
        left, top, right, bottom = page.window
        assert min(left, top) >= -EPS and right <= size[0] + EPS and bottom <= size[1] + EPS
        assert f"of {chr(64 + rows)}{cols}" in page.text
        for x, y in page.crosses:  # in the printed area, never in the margin
            assert page.clip[0] - EPS <= x <= page.clip[2] + EPS
            assert page.clip[1] - EPS <= y <= page.clip[3] + EPS
    covered(pages, size)
    for (row, col), page in places.items():
        right, below = places.get((row, col + 1)), places.get((row + 1, col))
        name = f"{chr(65 + row)}{col + 2}"
        assert (right is not None) == (f"{name} overlaps on the right" in page.text)
        name = f"{chr(66 + row)}{col + 1}"
        assert (below is not None) == (f"{name} overlaps below" in page.text)
        stated = re.search(r"by (\d+(?:\.\d+)?) mm", page.text)
        assert (stated is not None) == (right is not None or below is not None)
        if right is not None and stated is not None:
            overlap = float(stated[1]) * MM
            assert page.window[2] - right.window[0] == pytest.approx(overlap, abs=EPS)
            assert page.window[1::2] == pytest.approx(right.window[1::2], abs=EPS)
            assert len(marks_on(page, x=right.window[0])) >= 2  # where its edge falls
            assert len(marks_on(right, x=page.window[2])) >= 2
        if below is not None and stated is not None:
            overlap = float(stated[1]) * MM
            assert page.window[3] - below.window[1] == pytest.approx(overlap, abs=EPS)
            assert page.window[0::2] == pytest.approx(below.window[0::2], abs=EPS)
            assert len(marks_on(page, y=below.window[1])) >= 2
            assert len(marks_on(below, y=page.window[3])) >= 2
    for (row, col), page in places.items():  # no mark anywhere else
        near = [places.get((row + dr, col + dc)) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))]
        xs = [n.window[0] if n.window[0] > page.window[0] else n.window[2] for n in near[:2] if n]
        ys = [n.window[1] if n.window[1] > page.window[1] else n.window[3] for n in near[2:] if n]
        lined = set().union(*(marks_on(page, x=x) for x in xs), *(marks_on(page, y=y) for y in ys))
        assert lined == {page.to_poster(*c) for c in page.crosses}, page.name
    return cols, rows


def marks_on(
    page: PosterPage, *, x: float | None = None, y: float | None = None
) -> set[tuple[float, float]]:
    """The page's + marks (poster points) on the line x = `x` or y = `y` of the poster."""
    marks = {page.to_poster(*c) for c in page.crosses}
    if x is not None:
        return {m for m in marks if abs(m[0] - x) < EPS}
    return {m for m in marks if y is not None and abs(m[1] - y) < EPS}


def covered(pages: list[PosterPage], size: tuple[float, float]) -> None:
    """The union of the pages' windows is the whole board: every cell of the grid their
    edges make lies in some window."""
    xs = sorted({0.0, size[0], *(v for p in pages for v in p.window[0::2])})
    ys = sorted({0.0, size[1], *(v for p in pages for v in p.window[1::2])})
    for x0, x1 in itertools.pairwise(xs):
        for y0, y1 in itertools.pairwise(ys):
            if x1 - x0 < EPS or y1 - y0 < EPS or x0 >= size[0] or y0 >= size[1]:
                continue
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            assert any(
                p.window[0] <= cx <= p.window[2] and p.window[1] <= cy <= p.window[3] for p in pages
            ), (cx, cy)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    ("columns", "rows", "hex_size", "grid"),
    [(2, 2, "25mm", (1, 1)), (14, 10, "30mm", None), (24, 24, "30mm", None)],
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
    cols, page_rows = check_poster(
        out / f"board-arena-{paper}-poster.pdf", out / "board-arena.png", paper
    )
    if grid is not None:
        assert (cols, page_rows) == grid
    else:
        assert cols >= 2 and page_rows >= 2  # neighbours both ways


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_splatoon_arena_poster(tmp_path: Path, paper: str) -> None:
    out = tmp_path / "posters"
    ok("pnp", "splatoon", "--board", "--paper", paper, "--project", ROOT, "--out", out)
    check_poster(out / f"board-arena-{paper}-poster.pdf", out / "board-arena.png", paper)


def test_the_build_writes_both_posters(tmp_path: Path) -> None:
    root = board_game(tmp_path, 14, 10, "30mm")
    ok("build", "gen", "--project", root, "--jobs", "1")
    out = root / "output" / "gen"
    for paper in ("a4", "letter"):
        check_poster(out / f"board-arena-{paper}-poster.pdf", out / "board-arena.png", paper)
