"""Sprite sheets for Tabletop Simulator: at most 10 x 7 cells and 4096 px a side, RGB.

Each distinct card face gets one cell; a deck of more than 70 distinct faces is split over
several sheets. Faces are cut to their trim (the bleed is for printers, not for TTS) and
scaled to the cell.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from PIL import Image

from cardgen.render.png import encode_png

MAX_COLS, MAX_ROWS, MAX_SIDE = 10, 7, 4096
SheetFormat = Literal["jpeg", "png"]


@dataclass(frozen=True, slots=True)
class Face:
    """A card image and where its trim lies inside it (px)."""

    path: Path
    bleed_px: int


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """The grid of one sheet: columns, rows and the cell size in pixels."""

    cols: int
    rows: int
    cell_w: int
    cell_h: int

    @property
    def size(self) -> tuple[int, int]:
        return (self.cols * self.cell_w, self.rows * self.cell_h)


def sheet_layout(count: int, trim_w: int, trim_h: int) -> SheetLayout:
    """The grid for `count` cells (1..70): as few rows as possible, cells shrunk to fit."""
    if not 1 <= count <= MAX_COLS * MAX_ROWS:
        raise ValueError(f"a sheet holds 1 to 70 cards, not {count}")
    cols = min(MAX_COLS, count)
    rows = math.ceil(count / cols)
    scale = min(1.0, MAX_SIDE / (cols * trim_w), MAX_SIDE / (rows * trim_h))
    return SheetLayout(
        cols, rows, max(1, math.floor(trim_w * scale)), max(1, math.floor(trim_h * scale))
    )


def chunks(items: Sequence[Face], size: int = MAX_COLS * MAX_ROWS) -> list[list[Face]]:
    """Faces split into sheets of at most 70."""
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def _trimmed(face: Face) -> Image.Image:
    with Image.open(face.path) as image:
        image.load()
        rgb = image.convert("RGB")
    b = face.bleed_px
    return rgb.crop((b, b, rgb.width - b, rgb.height - b)) if b else rgb


def trim_size(face: Face) -> tuple[int, int]:
    """The trim size in pixels of a face image."""
    with Image.open(face.path) as image:
        return (image.width - 2 * face.bleed_px, image.height - 2 * face.bleed_px)


def compose(faces: Sequence[Face], layout: SheetLayout) -> Image.Image:
    """A sheet: each face, cut to its trim, in its cell, row by row from the top left."""
    sheet = Image.new("RGB", layout.size, (0, 0, 0))
    cache: dict[Path, Image.Image] = {}
    for slot, face in enumerate(faces):
        cell = cache.get(face.path)
        if cell is None:
            cell = _trimmed(face).resize(
                (layout.cell_w, layout.cell_h), Image.Resampling.LANCZOS, reducing_gap=2.0
            )
            cache[face.path] = cell
        row, col = divmod(slot, layout.cols)
        sheet.paste(cell, (col * layout.cell_w, row * layout.cell_h))
    return sheet


def encode(image: Image.Image, fmt: SheetFormat, quality: int) -> bytes:
    """JPEG (smaller, what TTS users host) or PNG; deterministic either way."""
    if fmt == "png":
        return encode_png(image)
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=quality, optimize=True, subsampling=0)
    return buffer.getvalue()
