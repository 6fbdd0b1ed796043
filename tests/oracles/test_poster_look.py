"""What a poster looks like where it matters, from its pixels (pdftoppm) and its drawing:
a + mark over a dark tile shows white on a black outline, and the key page's legend holds
exactly the tile kinds the board uses, each in a colour the board's own image has."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pdfplumber
from PIL import Image

from tests.conftest import ROOT
from tests.oracles.games import ok
from tests.oracles.poster_read import read_poster
from tests.oracles.test_poster_oracle import ARM, MM, board_game, board_size

DPI = 600
SAMPLED = 2
"""Sheets whose first mark over a dark tile is looked at."""
KINDS = ("ground", "medium", "tall", "blocked", "spawn-green", "spawn-purple")


def luma(pixel: tuple[int, ...]) -> float:
    return 0.299 * pixel[0] + 0.587 * pixel[1] + 0.114 * pixel[2]


def rendered(pdf: Path, page: int, x: float, y: float, half: int) -> Image.Image:
    """The square of 2 * `half` pixels at `DPI` around page point (x, y) of page `page`
    (0-based), as pdftoppm renders it."""
    px, py = round(x / 72 * DPI), round(y / 72 * DPI)
    args = [str(DPI), str(page + 1), str(px - half), str(py - half), str(2 * half)]
    png = subprocess.run(
        [
            *("pdftoppm", "-r", args[0], "-f", args[1], "-l", args[1], "-png"),
            *("-x", args[2], "-y", args[3], "-W", args[4], "-H", args[4], str(pdf)),
        ],
        check=True,
        capture_output=True,
    ).stdout
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_a_mark_on_a_dark_tile_is_white_on_black(tmp_path: Path) -> None:
    """Big ground tiles (the darkest walkable grey): at least one + mark lies inside one;
    along its arm the print is white, just beside the white a black edge, the tile beyond."""
    root = board_game(tmp_path, 6, 5, "80mm", legend="g: ground")
    out = tmp_path / "posters"
    ok("pnp", "gen", "--board", "--project", root, "--out", out)
    pdf, png = out / "board-arena-a4-poster.pdf", out / "board-arena.png"
    size = board_size(png)
    board = Image.open(png).convert("RGB")
    per_mm = board.width / size[0]

    def tile_at(bx: float, by: float) -> float:
        return luma(board.getpixel((round(bx * per_mm), round(by * per_mm))))

    checked = 0
    for page in read_poster(pdf)[1:]:
        # every mark is drawn by one function: the first over a dark tile on each sheet, on
        # two sheets, stand for them (each look renders the sheet's board at 600 dpi)
        if checked == SAMPLED:
            break
        for x, y in page.crosses(ARM):
            bx, by = page.to_board(x, y, size)
            probes = [(bx + dx, by + dy) for dx in (1.5, 2.5) for dy in (-1.5, 0, 1.5)]
            if any(tile_at(*p) > 100 for p in probes):
                continue  # near a tile's edge: not the case this test is about
            # on the page, y up; in the render, y down from the page's top
            top = page.media[3] - y
            square = rendered(pdf, page.number, x + 2 * MM, top, 40)
            column = [luma(square.getpixel((40, 40 + d))) for d in range(-30, 31)]
            assert column[30] > 220  # the arm's white core
            assert min(column[30 - 10 : 30 - 3]) < 40 and min(column[33:41]) < 40  # black edges
            assert 60 < column[0] < 110 and 60 < column[-1] < 110  # the ground tile beyond
            checked += 1
            break
    assert checked >= 2


def key_fills(pdf: Path) -> list[tuple[float, ...]]:
    """The fill colours of the key page's hexagon swatches (RGB 0..1)."""
    with pdfplumber.open(pdf) as document:
        return [
            tuple(c["non_stroking_color"])
            for c in document.pages[0].curves
            if c.get("fill") and len(c["pts"]) >= 6
        ]


def board_colours(png: Path) -> set[tuple[int, int, int]]:
    with Image.open(png) as image:
        return {colour for _, colour in image.convert("RGB").getcolors(1 << 24) or []}


def close(fill: tuple[float, ...], colours: set[tuple[int, int, int]]) -> bool:
    rgb = tuple(round(v * 255) for v in fill)
    return any(max(abs(a - b) for a, b in zip(rgb, c, strict=True)) <= 1 for c in colours)


def test_the_legend_shows_the_kinds_the_board_uses(tmp_path: Path) -> None:
    root = board_game(tmp_path, 8, 6, "30mm", legend="t: tall, x: blocked, G: spawn-green")
    out = tmp_path / "posters"
    ok("pnp", "gen", "--board", "--project", root, "--out", out)
    pdf, png = out / "board-arena-a4-poster.pdf", out / "board-arena.png"
    key = read_poster(pdf)[0].text
    named = {kind for kind in KINDS if f"{kind} (" in key}
    assert named == {"tall", "blocked", "spawn-green"}
    fills = key_fills(pdf)
    assert len(fills) == 3
    colours = board_colours(png)
    assert all(close(fill, colours) for fill in fills)


def test_the_splatoon_key_shows_all_six_kinds(tmp_path: Path) -> None:
    out = tmp_path / "posters"
    ok("pnp", "splatoon", "--board", "--project", ROOT, "--out", out)
    pdf, png = out / "board-arena-a4-poster.pdf", out / "board-arena.png"
    key = read_poster(pdf)[0].text
    assert {kind for kind in KINDS if f"{kind} (" in key} == set(KINDS)
    fills = key_fills(pdf)
    assert len(fills) == len(KINDS)
    colours = board_colours(png)
    assert all(close(fill, colours) for fill in fills)
