"""Crop marks that survive the cut, rasterised: an example game's poker cards (the size of
all five) on A4 and Letter in every mode, rendered with pdftoppm. Cutting along the grid's
outer trim takes off the strip of printed bleed beyond it; so, masking every card's printed
colour (and the text), each cut line must still show, at each end, a black mark on white
paper at least 1.3 mm long (1.5 mm drawn, less a pixel at each end), next to the strip the
neighbouring cut removes."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image
from pypdf import PdfReader

from tests.printing.pdf_geometry import Box, drawn_images, intersect
from tests.printing.test_pnp_cuts import GAMES, MODES, build, distinct, trims
from tests.skips import require_tool

MM = 72 / 25.4
DPI = 300
PX = 72 / DPI
"""Points a pixel."""
DARK = 110
"""A pixel of a mark: darker than this grey (a 0.4 pt black line is some 1.7 px wide)."""
REACH = 6 * MM
"""How far beyond the trim a mark is looked for."""


def _raster(pdf: bytes, folder: Path, page: int) -> Image.Image:
    """Page `page` (from 0) rendered in grey at `DPI`."""
    source = folder / "sheet.pdf"
    source.write_bytes(pdf)
    stem = folder / f"page{page}"
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(DPI),
            "-gray",
            "-singlefile",
            "-f",
            str(page + 1),
            "-l",
            str(page + 1),
            "-png",
            str(source),
            str(stem),
        ],
        check=True,
    )
    return Image.open(f"{stem}.png").convert("L")


def _inside(x: float, y: float, boxes: list[Box]) -> bool:
    return any(b[0] - PX <= x <= b[2] + PX and b[1] - PX <= y <= b[3] + PX for b in boxes)


def _white_mark(
    image: Image.Image, masked: list[Box], start: tuple[float, float], step: tuple[float, float]
) -> float:
    """How long (pt) a run of dark pixels, off every masked box, lies on the line from
    `start` (pt, from the bottom left) along `step` (a unit along or across) up to `REACH`;
    the pixel and its two neighbours across the line are looked at."""
    height = image.height
    found = 0
    across = (step[1], step[0])
    for k in range(int(REACH / PX)):
        x, y = start[0] + step[0] * k * PX, start[1] + step[1] * k * PX
        if _inside(x, y, masked):
            continue
        shades = []
        for d in (-1, 0, 1):
            px = int((x + across[0] * d * PX) / PX)
            py = int(height - (y + across[1] * d * PX) / PX)
            if 0 <= px < image.width and 0 <= py < height:
                shades.append(int(image.getpixel((px, py))))  # type: ignore[arg-type]
        found += bool(shades) and min(shades) < DARK
    return found * PX


def check_page(pdf: bytes, folder: Path, page: int, bleed: float) -> list[str]:
    """Every cut line of page `page` whose mark at one end has less than 1 mm on white paper
    once the printed colour (the strips the outer cuts remove) is masked: less than 1.3 mm
    of it on white paper."""
    reader = PdfReader(io.BytesIO(pdf))
    shown = []
    for drawn in drawn_images(reader, page):
        shown.append(drawn.box if drawn.clip is None else intersect(drawn.box, drawn.clip))
    cards = trims([d.box for d in drawn_images(reader, page)], bleed)
    with pdfplumber.open(io.BytesIO(pdf)) as read:
        h = float(read.pages[page].height)
        chars = [(c["x0"], h - c["bottom"], c["x1"], h - c["top"]) for c in read.pages[page].chars]
    image = _raster(pdf, folder, page)
    masked = shown + [(float(a), float(b), float(c), float(d)) for a, b, c, d in chars]
    low = (min(c[0] for c in cards), min(c[1] for c in cards))
    high = (max(c[2] for c in cards), max(c[3] for c in cards))
    missing = []
    for x in distinct([v for c in cards for v in (c[0], c[2])]):
        for name, y, up in (("top", high[1], 1.0), ("bottom", low[1], -1.0)):
            if _white_mark(image, masked, (x, y), (0.0, up)) < 1.3 * MM:
                missing.append(f"x {x / MM:.2f} mm, {name}")
    for y in distinct([v for c in cards for v in (c[1], c[3])]):
        for name, x, right in (("right", high[0], 1.0), ("left", low[0], -1.0)):
            if _white_mark(image, masked, (x, y), (right, 0.0)) < 1.3 * MM:
                missing.append(f"y {y / MM:.2f} mm, {name}")
    return missing


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES[:1])  # every example game's card is poker-sized:
# the marks' places depend on the card's size, the paper and the mode, not on the game
def test_every_cut_keeps_a_mark_on_white_paper_after_the_neighbouring_cut(
    tmp_path: Path, game: str, paper: str
) -> None:
    """The first page of each mode (a front: back pages carry no marks)."""
    require_tool("pdftoppm")
    for mode in MODES:
        folder = tmp_path / mode
        pdf, bleed, fronts = build(folder, game, paper, mode)
        assert 0 in fronts
        assert check_page(pdf, folder, 0, bleed) == [], mode
