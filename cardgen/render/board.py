"""Drawing a grid board (`board.yaml`) as one image: each cell in its kind's fill and
outline, a ring inside a spawn cell; hexes pointy-top, or squares."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image

from cardgen.model.board import Board
from cardgen.model.units import parse_length
from cardgen.render import shapes


@dataclass(frozen=True, slots=True)
class TileKind:
    """A kind of cell as the board is drawn: its id, fill, ring (spawn cells) and outline,
    its name in the key and its height (None: no piece enters it)."""

    kind: str
    fill: str
    ring: str | None
    outline: str
    label: str
    height: int | None


def tile_kinds(board: Board) -> list[TileKind]:
    """The kinds of cell `board` uses, in the order its `kinds` lists them, each with the
    colours `board_image` draws it in."""
    used = set(board.cells().values())
    return [
        TileKind(kind_id, k.fill, k.ring, k.outline, k.label or kind_id, k.height)
        for kind_id, k in board.kinds.items()
        if kind_id in used
    ]


def board_image(board: Board, dpi: int = 150, margin_mm: float = 8) -> Image.Image:
    """The board at `dpi`: pointy-top hexes of the board's `cell_size` (flat side to flat
    side), or squares of that side."""
    width_px = parse_length(board.cell_size).inches() * dpi  # flat-to-flat
    square = board.grid == "square"
    radius = width_px / 2 if square else width_px / math.sqrt(3)
    cells = board.cells()
    centres = {
        pos: (width_px * q, width_px * r) if square else (width_px * (q + r / 2), 1.5 * radius * r)
        for pos, (q, r) in ((p, p) for p in cells)
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
        look = board.kind(kind)
        outline = _cell_shape(box, square)
        shapes.draw_shape(
            image,
            box,
            outline,
            fill=look.fill,
            stroke=look.outline,
            stroke_px=max(1.0, width_px * 0.025),
        )
        if look.ring is not None:
            inner = (
                box[0] + width_px * 0.18,
                box[1] + width_px * 0.18,
                box[2] - width_px * 0.18,
                box[3] - width_px * 0.18,
            )
            ring = _cell_shape(inner, square)
            shapes.draw_shape(
                image, inner, ring, fill=None, stroke=look.ring, stroke_px=width_px * 0.08
            )
    return image


def _cell_shape(box: shapes.Box, square: bool) -> shapes.Shape:
    """A cell's outline in `box`: the box itself (square grids) or a pointy-top hexagon."""
    if square:
        return shapes.polygon_shape(
            [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
        )
    return shapes.polygon_shape(shapes.hexagon_points(box, "pointy"))
