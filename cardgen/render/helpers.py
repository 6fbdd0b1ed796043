"""Small registered drawing helpers for what layouts cannot say with shapes alone.

`kind: helper` elements call them by name with their `params` (strings may use `{field}`).
"""

from __future__ import annotations

import json
import math
from typing import Any

from PIL import Image

from cardgen.render import shapes
from cardgen.render.context import DrawContext
from cardgen.render.elements import helper


def _hexes(value: Any) -> list[tuple[int, int]]:
    if isinstance(value, str):
        value = json.loads(value) if value.strip().startswith("[") else []
    return [(int(q), int(r)) for q, r in value or []]


def _axial_to_pixel(q: int, r: int, size: float) -> tuple[float, float]:
    """Centre of a pointy-top hex of circumradius `size`, axial coordinates."""
    return (size * math.sqrt(3) * (q + r / 2), size * 1.5 * r)


MAX_RING = 100
"""Most rings of hexes `hex_pattern` draws around the piece (a pattern's own hexes lie at
most 50 away; a layout's `ring` may ask for more room)."""


@helper("hex_pattern")
def hex_pattern(
    ctx: DrawContext, image: Image.Image, box: shapes.Box, params: dict[str, Any]
) -> None:
    """A weapon's pattern: the piece's hex and the inked hexes around it, on a small grid.

    params: `cells` (list of [q, r], default: the card's `pattern`), `ink`, `piece`, `empty`,
    `line` colours, `ring` (grid radius drawn around the piece, default: fit the pattern),
    `crop` (draw only the hexes next to the pattern and the piece, so long patterns stay big).
    """
    cells = _hexes(params.get("cells", ctx.values.get("pattern")))
    grid = _grid(cells, params)
    size, cx, cy = _fit(grid, box)
    inked = set(cells)
    for q, r in grid:
        _draw_hex(image, q, r, (size, cx, cy), inked, params)


def _grid(cells: list[tuple[int, int]], params: dict[str, Any]) -> list[tuple[int, int]]:
    """The hexes to draw: every one within `ring` of the piece (default: the pattern's
    reach), or with `crop` only those next to the pattern and the piece."""
    ring = int(params.get("ring", max([max(abs(q), abs(r), abs(q + r)) for q, r in cells] + [1])))
    if not 0 <= ring <= MAX_RING:
        raise ValueError(f"a hex grid of {ring} rings cannot be drawn (0 to {MAX_RING})")
    grid = [
        (q, r) for q in range(-ring, ring + 1) for r in range(-ring, ring + 1) if abs(q + r) <= ring
    ]
    if params.get("crop"):  # only the hexes around the pattern, not the whole ring
        shown = [*cells, (0, 0)]
        near = {
            (q + dq, r + dr)
            for q, r in shown
            for dq, dr in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
        }
        grid = [cell for cell in grid if cell in near]
    return grid


def _fit(grid: list[tuple[int, int]], box: shapes.Box) -> tuple[float, float, float]:
    """The hexes' circumradius and the piece's centre that fit the grid in the box, the
    grid's middle at the box's middle."""
    x0, y0, x1, y1 = box
    centres = [_axial_to_pixel(q, r, 1.0) for q, r in grid]
    span_x = max(c[0] for c in centres) - min(c[0] for c in centres) + math.sqrt(3)
    span_y = max(c[1] for c in centres) - min(c[1] for c in centres) + 2
    size = min((x1 - x0) / span_x, (y1 - y0) / span_y)
    mid_x = (max(c[0] for c in centres) + min(c[0] for c in centres)) / 2
    mid_y = (max(c[1] for c in centres) + min(c[1] for c in centres)) / 2
    cx = (x0 + x1) / 2 - mid_x * size  # the grid's middle, not the piece, at the box's middle
    cy = (y0 + y1) / 2 - mid_y * size
    return size, cx, cy


def _draw_hex(
    image: Image.Image,
    q: int,
    r: int,
    fit: tuple[float, float, float],
    inked: set[tuple[int, int]],
    params: dict[str, Any],
) -> None:
    """One hex of the grid at axial (q, r), `fit` its size and the piece's centre: the
    piece's (with its mark), an inked one or an empty one."""
    size, cx, cy = fit
    gap = size * 0.06
    px, py = _axial_to_pixel(q, r, size)
    hexagon = (
        cx + px - size * math.sqrt(3) / 2 + gap,
        cy + py - size + gap,
        cx + px + size * math.sqrt(3) / 2 - gap,
        cy + py + size - gap,
    )
    color = (
        params.get("piece", "#f28c28")
        if (q, r) == (0, 0)
        else params.get("ink", "#7a3cc4")
        if (q, r) in inked
        else params.get("empty", "#e9e6ef")
    )
    shape = shapes.polygon_shape(shapes.hexagon_points(hexagon, "pointy"))
    shapes.draw_shape(
        image,
        hexagon,
        shape,
        fill=color,
        stroke=params.get("line", "#4b4b57"),
        stroke_px=max(1.0, size * 0.05),
    )
    if (q, r) == (0, 0):
        dot = size * 0.45
        centre = (cx + px - dot, cy + py - dot, cx + px + dot, cy + py + dot)
        shapes.draw_shape(
            image,
            centre,
            shapes.ellipse_shape(centre),
            fill=params.get("piece_mark", "#ffffff"),
        )


@helper("split")
def split(ctx: DrawContext, image: Image.Image, box: shapes.Box, params: dict[str, Any]) -> None:
    """Split the box between two colours: `colors` as "red/green" (or a list), mapped through
    `palette` (name -> #rrggbb); `direction`: vertical (left/right) or diagonal."""
    value = params.get("colors", ctx.values.get("colors", ""))
    names = value.split("/") if isinstance(value, str) else list(value)
    if len(names) != 2:
        return
    palette = params.get("palette", {})
    first, second = (palette.get(n.strip(), n.strip()) for n in names)
    x0, y0, x1, y1 = box
    if params.get("direction", "vertical") == "diagonal":
        a = [(x0, y0), (x1, y0), (x0, y1)]
        b = [(x1, y0), (x1, y1), (x0, y1)]
    else:
        middle = (x0 + x1) / 2
        a = [(x0, y0), (middle, y0), (middle, y1), (x0, y1)]
        b = [(middle, y0), (x1, y0), (x1, y1), (middle, y1)]
    for points, color in ((a, first), (b, second)):
        shapes.draw_shape(image, box, shapes.polygon_shape(points), fill=color)
