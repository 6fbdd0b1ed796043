"""A rulebook PDF's page as poppler draws it, for tests that look at its pixels."""

from __future__ import annotations

import subprocess
from pathlib import Path

from PIL import Image

from tests.skips import require_tool


def rasterised(pdf: bytes, page: int, folder: Path) -> Image.Image:
    """Page `page` (from 1) of `pdf` drawn by pdftoppm at 60 dpi, in grey."""
    pdftoppm = require_tool("pdftoppm")
    (folder / "drawn.pdf").write_bytes(pdf)
    number = str(page)
    subprocess.run(
        [
            pdftoppm,
            "-r",
            "60",
            "-png",
            "-f",
            number,
            "-l",
            number,
            str(folder / "drawn.pdf"),
            str(folder / "drawn"),
        ],
        check=True,
    )
    (png,) = folder.glob("drawn*.png")
    with Image.open(png) as drawn:
        return drawn.convert("L")


def dark_pixels(image: Image.Image, box: tuple[int, int, int, int], below: int = 200) -> int:
    """How many pixels of `box` are darker than `below` (ink, on white paper)."""
    return image.crop(box).point(lambda value: 255 if value < below else 0).histogram()[255]
