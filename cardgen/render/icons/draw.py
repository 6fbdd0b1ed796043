"""Drawing the icons: each sketch painted on a mask and fitted into a box, the registry of
icon functions by name, and `render_icon`, which supersamples an icon's mask, colours it
and caches the result.

An icon is a function `(draw, box) -> None` that paints the icon's shape with fill 255 (and
cuts holes with fill 0) on an "L"-mode image through `draw`, inside `box = (x0, y0, x1, y1)`.
The families of sketched icons register theirs with `sketch_icon`.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageColor, ImageDraw

from cardgen.model.icon_names import ALIASES, unknown_icon
from cardgen.render.icons.geometry import Point
from cardgen.render.icons.sketch import Box, Ellipse, Line, Poly, Sketch

IconFn = Callable[[ImageDraw.ImageDraw, Box], None]

ICONS: dict[str, IconFn] = {}

#: Empty margin `render_icon` leaves around the icon, as a fraction of the smaller side,
#: so anti-aliased edges are never clipped by the image border.
_PAD = 0.06
#: Side of the scratch image used to measure an icon's true extent (holes included).
_MEASURE = 400


@dataclass(frozen=True)
class Fit:
    """Maps design coordinates to pixels: (x, y) -> (ox + k * x, oy + k * y)."""

    k: float
    ox: float
    oy: float

    def pt(self, p: Point) -> Point:
        """A point of the design, in pixels."""
        return (self.ox + self.k * p[0], self.oy + self.k * p[1])


def fit(bounds: Box, box: Box) -> Fit:
    """Scale `bounds` so its larger side equals the box's smaller side, centred in the box."""
    bx0, by0, bx1, by1 = bounds
    x0, y0, x1, y1 = box
    bw, bh = max(bx1 - bx0, 1e-9), max(by1 - by0, 1e-9)
    k = min(x1 - x0, y1 - y0) / max(bw, bh)
    ox = (x0 + x1) / 2 - k * (bx0 + bx1) / 2
    oy = (y0 + y1) / 2 - k * (by0 + by1) / 2
    return Fit(k, ox, oy)


def thick_line(
    draw: ImageDraw.ImageDraw, pts: Sequence[Point], r: float, fill: int, caps: bool
) -> None:
    """A polyline of half-width `r` as one quad per segment plus a disc at every joint.

    Pillow's own wide lines leave hairline gaps between short segments; this does not.
    """
    for i, ((ax, ay), (bx, by)) in enumerate(itertools.pairwise(pts)):
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        if length == 0:
            continue
        nx, ny = -dy / length * r, dx / length * r
        draw.polygon(
            [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)],
            fill=fill,
        )
        if i > 0:
            draw.ellipse((ax - r, ay - r, ax + r, ay + r), fill=fill)
    if caps:
        for x, y in (pts[0], pts[-1]):
            draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def paint_sketch(sketch: Sketch, draw: ImageDraw.ImageDraw, f: Fit) -> None:
    """Paint a sketch's operations in order on a mask, mapped to pixels by `f`."""
    for op in sketch.ops:
        if isinstance(op, Poly):
            draw.polygon([f.pt(p) for p in op.pts], fill=op.fill)
        elif isinstance(op, Ellipse):
            x, y = f.pt(op.c)
            rx, ry = f.k * op.rx, f.k * op.ry
            draw.ellipse((x - rx, y - ry, x + rx, y + ry), fill=op.fill)
        elif isinstance(op, Line):
            thick_line(draw, [f.pt(p) for p in op.pts], f.k * op.width / 2, op.fill, op.caps)
        else:
            (x0, y0), (x1, y1) = f.pt((op.x0, op.y0)), f.pt((op.x1, op.y1))
            draw.rounded_rectangle((x0, y0, x1, y1), radius=f.k * op.radius, fill=op.fill)


def painted_bounds(sketch: Sketch) -> Box:
    """The painted extent of a sketch in design space, measured on a scratch image (so
    holes count)."""
    rough = sketch.rough_bounds()
    side = _MEASURE
    f = fit(rough, (0, 0, side - 1, side - 1))
    scratch = Image.new("L", (side, side), 0)
    paint_sketch(sketch, ImageDraw.Draw(scratch), f)
    bbox = scratch.getbbox()
    if bbox is None:
        return rough
    x0, y0, x1, y1 = bbox  # x1, y1 exclusive
    return ((x0 - f.ox) / f.k, (y0 - f.oy) / f.k, (x1 - 1 - f.ox) / f.k, (y1 - 1 - f.oy) / f.k)


def icon(name: str) -> Callable[[IconFn], IconFn]:
    """Register the decorated function in `ICONS` under `name` (lower-case, unique)."""
    if name != name.lower() or not name:
        raise ValueError(f"icon names are non-empty lower-case strings, got {name!r}")

    def register(fn: IconFn) -> IconFn:
        if name in ICONS:
            raise ValueError(f"icon {name!r} is already registered")
        ICONS[name] = fn
        return fn

    return register


def sketched(build: Callable[[], Sketch]) -> IconFn:
    """Turn a sketch builder into an icon function, built and measured once, when first
    drawn (measuring them all on import took 10 ms; a game uses a handful)."""

    @functools.cache
    def made() -> tuple[Sketch, Box]:
        sketch = build()
        return sketch, painted_bounds(sketch)

    def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
        sketch, bounds = made()
        paint_sketch(sketch, draw, fit(bounds, box))

    paint.__name__ = build.__name__.lstrip("_")
    paint.__qualname__ = paint.__name__
    paint.__doc__ = build.__doc__
    return paint


def sketch_icon(name: str) -> Callable[[Callable[[], Sketch]], Callable[[], Sketch]]:
    """Register a sketch builder under its icon's English name."""

    def register(build: Callable[[], Sketch]) -> Callable[[], Sketch]:
        icon(name)(sketched(build))
        return build

    return register


def _rgb(color: tuple[int, int, int] | str) -> tuple[int, int, int]:
    if isinstance(color, str):
        parsed = ImageColor.getrgb(color)
        return (parsed[0], parsed[1], parsed[2])
    r, g, b = color
    for v in (r, g, b):
        if not 0 <= int(v) <= 255:
            raise ValueError(f"colour components must be 0..255, got {color!r}")
    return (int(r), int(g), int(b))


@functools.lru_cache(maxsize=512)
def _render(
    name: str, size: tuple[int, int], rgb: tuple[int, int, int], supersample: int
) -> Image.Image:
    w, h = size
    big = (w * supersample, h * supersample)
    mask = Image.new("L", big, 0)
    pad = _PAD * min(big)
    ICONS[name](ImageDraw.Draw(mask), (pad, pad, big[0] - pad, big[1] - pad))
    if supersample > 1:
        # each pixel the mean of its supersampled block: its exact coverage. Lanczos gave the
        # same icons within 0.1-0.8 levels (of 255) on average, at 4 to 12 times the cost
        # (11.5 against 0.9 ms for a 400 px icon)
        mask = mask.reduce(supersample)
    out = Image.new("RGBA", size, (*rgb, 0))
    out.putalpha(mask)
    return out


def render_icon(
    name: str,
    size: tuple[int, int],
    color: tuple[int, int, int] | str,
    *,
    supersample: int = 4,
) -> Image.Image:
    """Render icon `name` as an RGBA image of `size`: alpha is the anti-aliased mask, RGB `color`.

    `name` is an English name or an alias (`lune` draws `moon`). Results are cached; each
    call returns a fresh copy. Unknown names raise `KeyError`.
    """
    name = ALIASES.get(name, name)
    if name not in ICONS:
        raise KeyError(unknown_icon(name))
    w, h = int(size[0]), int(size[1])
    if w <= 0 or h <= 0:
        raise ValueError(f"icon size must be positive, got {size!r}")
    if supersample < 1:
        raise ValueError(f"supersample must be at least 1, got {supersample!r}")
    return _render(name, (w, h), _rgb(color), int(supersample)).copy()
