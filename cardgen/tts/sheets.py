"""Sprite sheets for Tabletop Simulator: at most 10 x 7 cells and 4096 px a side, RGB.

Each distinct card face gets one cell; a deck of more than 70 distinct faces is split over
several sheets. Faces are cut to their trim (the bleed is for printers, not for TTS) and
scaled to the cell.
"""

from __future__ import annotations

import io
import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from PIL import Image

from cardgen.parallel import process_pool
from cardgen.render.fit import make_cell
from cardgen.render.png import decode_png, encode_png

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
        """The sheet's size in pixels."""
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


def standard_cell(trim_w: int, trim_h: int) -> tuple[int, int]:
    """The cell size of a full sheet (70 cards) of this trim: the size of every card's cell
    on any sheet of ten or more cards of the common sizes, made once, as the card is drawn."""
    layout = sheet_layout(MAX_COLS * MAX_ROWS, trim_w, trim_h)
    return (layout.cell_w, layout.cell_h)


def _cell(face: Face, size: tuple[int, int]) -> Image.Image:
    return make_cell(decode_png(face.path.read_bytes()), face.bleed_px, size)


def trim_size(face: Face) -> tuple[int, int]:
    """The trim size in pixels of a face image."""
    with Image.open(face.path) as image:
        return (image.width - 2 * face.bleed_px, image.height - 2 * face.bleed_px)


CellSource = Callable[[Face, tuple[int, int]], Image.Image | None]
"""Gives a face's cell ready made (from the build's cache), or None."""


def compose(
    faces: Sequence[Face], layout: SheetLayout, made: CellSource | None = None
) -> Image.Image:
    """A sheet: each face, cut to its trim, in its cell, row by row from the top left.
    `made` gives cells made beforehand (by `make_cell`, so the pixels are the same)."""
    sheet = Image.new("RGB", layout.size, (0, 0, 0))
    size = (layout.cell_w, layout.cell_h)
    # a face shown again further on keeps its cell until then; the others let go of theirs
    # as soon as they are pasted (a sheet's worth of cells held at once was 65 MB)
    later = Counter(face.path for face in faces)
    kept: dict[Path, Image.Image] = {}
    for slot, face in enumerate(faces):
        cell = kept.pop(face.path, None)
        if cell is None:
            cell = (made(face, size) if made else None) or _cell(face, size)
        later[face.path] -= 1
        if later[face.path]:
            kept[face.path] = cell
        row, col = divmod(slot, layout.cols)
        sheet.paste(cell, (col * layout.cell_w, row * layout.cell_h))
        del cell
    return sheet


def encode(image: Image.Image, fmt: SheetFormat, quality: int) -> bytes:
    """JPEG (smaller, what TTS users host) or PNG; deterministic either way. The JPEG keeps
    libjpeg's standard Huffman tables: optimized ones save 8 % of the file and take 2.5x
    as long."""
    if fmt == "png":
        return encode_png(image)
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=quality, subsampling=0)
    return buffer.getvalue()


@dataclass(frozen=True, slots=True)
class SheetJob:
    """One sheet to make: its faces, grid, format, and the cells made beforehand."""

    faces: tuple[Face, ...]
    layout: SheetLayout
    cells: tuple[Path | None, ...]
    """Per face, the file of its ready-made cell (see `make_cell`), or None."""
    fmt: SheetFormat
    quality: int


def make_sheet(job: SheetJob) -> bytes:
    """The encoded sheet: ready-made cells pasted, the other faces scaled from their files."""
    ready = {face.path: cell for face, cell in zip(job.faces, job.cells, strict=True) if cell}

    def made(face: Face, size: tuple[int, int]) -> Image.Image | None:
        path = ready.get(face.path)
        if path is None:
            return None
        try:
            image = decode_png(path.read_bytes())
        except OSError:
            return None
        return image if image.mode == "RGB" and image.size == size else None

    return encode(compose(job.faces, job.layout, made), job.fmt, job.quality)


def make_sheets(jobs: Sequence[SheetJob], workers: int) -> Iterator[bytes]:
    """Each job's sheet, in order; on `workers` processes when there is more than one."""
    if workers <= 1 or len(jobs) <= 1:
        yield from map(make_sheet, jobs)
        return
    with process_pool(min(workers, len(jobs))) as pool:
        yield from pool.map(make_sheet, jobs)


def thumbnail(face: Path | None, bleed: int) -> Image.Image:
    """A save's 256 px thumbnail: a card's face on a dark ground (the ground alone without
    one)."""
    image = Image.new("RGB", (256, 256), (32, 32, 40))
    if face is not None:
        card = compose([Face(face, bleed)], SheetLayout(1, 1, 160, 224))
        image.paste(card, (48, 16))
    return image
