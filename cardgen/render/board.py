"""Drawing a hex board (`board.yaml`) as one image: heights by shade, blocked and spawn cells."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image

from cardgen.model.board import Board
from cardgen.model.units import parse_length
from cardgen.render import shapes

COLORS = {
    "ground": "#4a4d55",
    "medium": "#8a8e98",
    "tall": "#c9ccd3",
    "blocked": "#111111",
    "spawn-green": "#ffffff",
    "spawn-purple": "#ffffff",
}
RINGS = {"spawn-green": "#3fbf3f", "spawn-purple": "#9b3fd1"}
OUTLINE = "#22242a"


@dataclass(frozen=True, slots=True)
class TileKind:
    """A kind of cell as the board is drawn: its name, fill, ring (spawn cells) and outline."""

    kind: str
    fill: str
    ring: str | None
    outline: str = OUTLINE


def tile_kinds(board: Board) -> list[TileKind]:
    """The kinds of cell `board` uses (its legend's cells, in the palette's order), each
    with the colours `board_image` draws it in."""
    used = set(board.cells().values())
    return [TileKind(kind, fill, RINGS.get(kind)) for kind, fill in COLORS.items() if kind in used]


def board_image(board: Board, dpi: int = 150, margin_mm: float = 8) -> Image.Image:
    """The board at `dpi`: pointy-top hexes of the board's `hex_size` (flat side to flat side)."""
    width_px = parse_length(board.hex_size).inches() * dpi  # flat-to-flat
    radius = width_px / math.sqrt(3)
    cells = board.cells()
    centres = {
        pos: (width_px * (q + r / 2), 1.5 * radius * r) for pos, (q, r) in ((p, p) for p in cells)
    }
    xs = [c[0] for c in centres.values()]
    ys = [c[1] for c in centres.values()]
    margin = margin_mm / 25.4 * dpi
    left = min(xs) - width_px / 2 - margin
    top = min(ys) - radius - margin
    size = (
        math.ceil(max(xs) - min(xs) + width_px + 2 * margin),
        math.ceil(max(ys) - min(ys) + 2 * radius + 2 * margin),
    )
    image = Image.new("RGB", size, "#ffffff")
    gap = max(1.0, width_px * 0.03)
    for pos, kind in sorted(cells.items(), key=lambda item: (item[0][1], item[0][0])):
        cx, cy = centres[pos][0] - left, centres[pos][1] - top
        box = (
            cx - width_px / 2 + gap,
            cy - radius + gap,
            cx + width_px / 2 - gap,
            cy + radius - gap,
        )
        hexagon = shapes.polygon_shape(shapes.hexagon_points(box, "pointy"))
        shapes.draw_shape(
            image,
            box,
            hexagon,
            fill=COLORS[kind],
            stroke=OUTLINE,
            stroke_px=max(1.0, width_px * 0.025),
        )
        if kind in RINGS:
            inner = (
                box[0] + width_px * 0.18,
                box[1] + width_px * 0.18,
                box[2] - width_px * 0.18,
                box[3] - width_px * 0.18,
            )
            ring = shapes.polygon_shape(shapes.hexagon_points(inner, "pointy"))
            shapes.draw_shape(
                image, inner, ring, fill=None, stroke=RINGS[kind], stroke_px=width_px * 0.08
            )
    return image
