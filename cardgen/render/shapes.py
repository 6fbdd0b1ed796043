"""Shapes with smooth edges: masks drawn at twice the size and reduced, then filled.

Fills are a colour or a gradient through several colours at an angle; outlines likewise.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageColor, ImageDraw

Box = tuple[float, float, float, float]
SUPERSAMPLE = 2


def rgb(color: str) -> tuple[int, int, int]:
    """A colour string as an RGB tuple (alpha dropped)."""
    value = ImageColor.getrgb(color)
    return value[0], value[1], value[2]


def alpha_of(color: str) -> float:
    """The alpha of a colour string, 0..1 (1 unless given as #rrggbbaa)."""
    value = ImageColor.getrgb(color)
    return value[3] / 255 if len(value) == 4 else 1.0


@functools.lru_cache(maxsize=256)
def _strip(colors: tuple[str, ...], length: int) -> Image.Image:
    """A 1-pixel-high strip of `length` px running through the colours evenly."""
    stops = [rgb(c) for c in colors]
    if len(stops) == 1:
        return Image.new("RGB", (length, 1), stops[0])
    data = bytearray()
    segments = len(stops) - 1
    for i in range(length):
        t = i / max(1, length - 1) * segments
        k = min(int(t), segments - 1)
        f = t - k
        (r, g, b), (r2, g2, b2) = stops[k], stops[k + 1]
        data += bytes((round(r + (r2 - r) * f), round(g + (g2 - g) * f), round(b + (b2 - b) * f)))
    return Image.frombytes("RGB", (length, 1), bytes(data))


def gradient(colors: Sequence[str], size: tuple[int, int], angle: float) -> Image.Image:
    """A gradient through `colors` across `size`; 0 degrees runs left to right, 90 top down."""
    width, height = size
    if angle % 90 == 0:  # axis-aligned: a strip as long as the side, repeated across
        turns = int(angle // 90) % 4
        strip = _strip(tuple(colors), height if turns % 2 else width)
        if turns in (2, 3):
            strip = strip.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        if turns % 2:
            strip = strip.transpose(Image.Transpose.ROTATE_270)
        return strip.resize((width, height), Image.Resampling.NEAREST)
    radians = math.radians(angle)
    span = abs(width * math.cos(radians)) + abs(height * math.sin(radians))
    length = max(2, math.ceil(span))
    # each pixel takes the strip's colour at its centre's distance along the gradient (an
    # affine map, nearest pixel of a strip as long as the span): within 1-2 levels of the
    # exact ramp, closer than turning a band with rotate(), and 10-25x faster
    cos, sin = math.cos(radians), math.sin(radians)
    strip = _strip(tuple(colors), length).resize((length, 2), Image.Resampling.NEAREST)
    along = (cos, sin, (length - width * cos - height * sin) / 2, 0.0, 0.0, 0.5)
    return strip.transform(size, Image.Transform.AFFINE, along, Image.Resampling.NEAREST)


def outline_box(box: Box, shape: Shape) -> Box:
    """The box a shape's outline spans: its element's box, or for a polygon its points'
    (they may reach beyond the element's box)."""
    if isinstance(shape, PolygonShape):
        xs = [p[0] for p in shape.points]
        ys = [p[1] for p in shape.points]
        return (min(xs), min(ys), max(xs), max(ys))
    return box


def paint_region(box: Box, pad: float) -> tuple[int, int, int, int]:
    """The whole pixels a shape in `box` may touch, `pad` px around it (antialiasing)."""
    x0, y0, x1, y1 = box
    return (math.floor(x0 - pad), math.floor(y0 - pad), math.ceil(x1 + pad), math.ceil(y1 + pad))


class Shape:
    """A shape that can paint itself on a supersampled mask. Subclasses are frozen
    dataclasses, so equal shapes hash alike and their masks are drawn once and reused."""

    def paint(
        self,
        draw: ImageDraw.ImageDraw,
        at: Callable[[float, float], tuple[float, float]],
        inset: float,
    ) -> None:
        raise NotImplementedError  # pragma: no cover


@functools.lru_cache(maxsize=1024)
def shape_mask(shape: Shape, region: tuple[int, int, int, int], inset: float) -> Image.Image:
    """The shape's anti-aliased coverage over `region`, shrunk inwards by `inset` px."""
    left, top, right, bottom = region
    s = SUPERSAMPLE
    big = Image.new("L", ((right - left) * s, (bottom - top) * s), 0)

    def at(x: float, y: float) -> tuple[float, float]:
        return ((x - left) * s, (y - top) * s)

    shape.paint(ImageDraw.Draw(big), at, inset)
    return big.reduce(s)


@functools.lru_cache(maxsize=512)
def _ring(shape: Shape, region: tuple[int, int, int, int], width: float) -> Image.Image:
    return ImageChops.subtract(shape_mask(shape, region, 0), shape_mask(shape, region, width))


@functools.lru_cache(maxsize=256)
def _gradient(colors: tuple[str, ...], size: tuple[int, int], angle: float) -> Image.Image:
    return gradient(colors, size, angle)


def _paint(
    image: Image.Image,
    region: tuple[int, int, int, int],
    mask: Image.Image,
    color: str | None,
    colors: Sequence[str],
    angle: float,
    opacity: float,
    *,
    core: tuple[int, int, int, int] | None = None,
    hole: tuple[int, int, int, int] | None = None,
) -> None:
    """Paint a colour or gradient over `region` through `mask` (see `paste_through` for
    `core` and `hole`)."""
    if not colors and color is None:
        return
    alpha = opacity * (alpha_of(color) if color and not colors else 1.0)
    source = (
        _gradient(tuple(colors), (region[2] - region[0], region[3] - region[1]), angle)
        if colors
        else rgb(color or "#000")
    )
    paste_through(image, source, region, mask, alpha=alpha, core=core, hole=hole)


def paste_through(
    image: Image.Image,
    source: Image.Image | tuple[int, int, int],
    region: tuple[int, int, int, int],
    mask: Image.Image,
    *,
    alpha: float = 1.0,
    core: tuple[int, int, int, int] | None = None,
    hole: tuple[int, int, int, int] | None = None,
) -> None:
    """Paste a colour, or an image covering `region`, onto `image` over `region` through
    `mask` (scaled by `alpha`). Two shortcuts give the same pixels as pasting through the
    whole mask, faster, each checked on the mask before it is taken: `core`, a box (in
    image pixels) where the mask may be fully opaque, as inside a filled shape, is pasted
    without it; `hole`, a box where the mask may be empty, as inside an outline, is left
    alone. Only the bands around the box go through the mask."""
    left, top = region[0], region[1]
    middle: tuple[int, int, int, int] | None = None
    if core is not None and alpha >= 1.0:
        core = _clip(core, region, image)
        if core is not None and _uniform(mask, core, left, top, 255):
            _paste(image, source, region, core, None)
            middle = core
    if middle is None and hole is not None and _uniform(mask, hole, left, top, 0):
        middle = hole
    parts = [region] if middle is None else _around(region, middle)
    for part in parts:
        if _clip(part, region, image) is None:
            continue  # nothing of it on the image
        piece = mask if part == region else mask.crop(shift(part, left, top))
        if alpha < 1.0:
            piece = piece.point(lambda v: round(v * alpha))
        _paste(image, source, region, part, piece)


def _clip(
    box: tuple[int, int, int, int], region: tuple[int, int, int, int], image: Image.Image
) -> tuple[int, int, int, int] | None:
    """The part of `box` within `region` and on the image; None when nothing is."""
    clipped = (
        max(box[0], region[0], 0),
        max(box[1], region[1], 0),
        min(box[2], region[2], image.width),
        min(box[3], region[3], image.height),
    )
    return clipped if clipped[0] < clipped[2] and clipped[1] < clipped[3] else None


def _around(
    region: tuple[int, int, int, int], middle: tuple[int, int, int, int]
) -> list[tuple[int, int, int, int]]:
    """The four bands of `region` around a box within it: above, below, left, right."""
    x0, y0, x1, y1 = middle
    bands = [
        (region[0], region[1], region[2], y0),
        (region[0], y1, region[2], region[3]),
        (region[0], y0, x0, y1),
        (x1, y0, region[2], y1),
    ]
    return [b for b in bands if b[0] < b[2] and b[1] < b[3]]


def shift(box: tuple[int, int, int, int], dx: int, dy: int) -> tuple[int, int, int, int]:
    """A box moved by (-dx, -dy): from image pixels into those of a region at (dx, dy)."""
    return (box[0] - dx, box[1] - dy, box[2] - dx, box[3] - dy)


def _uniform(
    mask: Image.Image, box: tuple[int, int, int, int], left: int, top: int, value: int
) -> bool:
    """The mask (whose top left is at `left`, `top`) is `value` all over `box`, which lies
    within it."""
    inner = shift(box, left, top)
    if inner[0] < 0 or inner[1] < 0 or inner[2] > mask.width or inner[3] > mask.height:
        return False
    if inner[0] >= inner[2] or inner[1] >= inner[3]:
        return False
    return mask.crop(inner).getextrema() == (value, value)


def _paste(
    image: Image.Image,
    source: Image.Image | tuple[int, int, int],
    region: tuple[int, int, int, int],
    part: tuple[int, int, int, int],
    mask: Image.Image | None,
) -> None:
    """Paste the part `part` (image pixels) of a source covering `region`."""
    if isinstance(source, tuple):
        image.paste(source, part, mask)
    elif part == region:
        image.paste(source, region[:2], mask)
    else:
        image.paste(source.crop(shift(part, region[0], region[1])), part[:2], mask)


def draw_shape(
    image: Image.Image,
    box: Box,
    shape: Shape,
    *,
    fill: str | None,
    fill_colors: Sequence[str] = (),
    angle: float = 90,
    stroke: str | None = None,
    stroke_colors: Sequence[str] = (),
    stroke_px: float = 0,
    opacity: float = 1.0,
) -> None:
    """Fill a shape and stroke its outline (the outline lies inside the shape's edge)."""
    box = outline_box(box, shape)
    region = paint_region(box, 1)
    if (
        fill is not None
        and not fill_colors
        and isinstance(shape, RectShape)
        and shape.radius <= 0
        and opacity >= 1
        and alpha_of(fill) >= 1
        and all(float(v).is_integer() for v in box)
    ):
        x0, y0, x1, y1 = (int(v) for v in box)
        image.paste(rgb(fill), (x0, y0, x1, y1))  # a sharp-edged rectangle needs no mask
    elif fill is not None or fill_colors:
        mask = shape_mask(shape, region, 0)
        core = fill_core(shape)
        _paint(image, region, mask, fill, fill_colors, angle, opacity, core=core)
    if stroke_px > 0 and (stroke is not None or stroke_colors):
        ring = _ring(shape, region, stroke_px)
        hole = _ring_hole(shape, stroke_px)
        _paint(image, region, ring, stroke, stroke_colors, angle, opacity, hole=hole)


def fill_core(shape: Shape) -> tuple[int, int, int, int] | None:
    """For a rectangle or an ellipse: the whole pixels well inside it, which it covers
    fully (clear of rounded corners, curves and antialiasing)."""
    if isinstance(shape, RectShape):
        return _inner_pixels(shape.box, shape.radius + 1)
    if isinstance(shape, EllipseShape):  # the square inscribed in the circle, stretched
        x0, y0, x1, y1 = shape.box
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        half_w, half_h = (x1 - x0) / 2 / math.sqrt(2), (y1 - y0) / 2 / math.sqrt(2)
        return _inner_pixels((cx - half_w, cy - half_h, cx + half_w, cy + half_h), 1)
    return None


def _ring_hole(shape: Shape, width: float) -> tuple[int, int, int, int] | None:
    """For a rectangle's outline: the whole pixels well inside the line, which it leaves
    untouched (a box the corners' curves and the antialiasing do not reach)."""
    if not isinstance(shape, RectShape):
        return None
    return _inner_pixels(shape.box, max(width, shape.radius) + 2)


def _inner_pixels(box: Box, inset: float) -> tuple[int, int, int, int] | None:
    """The whole pixels of `box` shrunk by `inset` on every side; None when none are left."""
    x0, y0, x1, y1 = box
    inner = (
        math.ceil(x0 + inset),
        math.ceil(y0 + inset),
        math.floor(x1 - inset),
        math.floor(y1 - inset),
    )
    return inner if inner[0] < inner[2] and inner[1] < inner[3] else None


def _inset(
    box: Box, inset: float, at: Callable[[float, float], tuple[float, float]]
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The box shrunk by `inset` on every side, in mask coordinates; None when nothing is left."""
    x0, y0, x1, y1 = box
    a = at(x0 + inset, y0 + inset)
    b = at(x1 - inset, y1 - inset)
    return (a, b) if b[0] > a[0] and b[1] > a[1] else None


@dataclass(frozen=True)
class RectShape(Shape):
    """A rectangle, rounded by `radius` px."""

    box: Box
    radius: float

    def paint(
        self,
        draw: ImageDraw.ImageDraw,
        at: Callable[[float, float], tuple[float, float]],
        inset: float,
    ) -> None:
        corners = _inset(self.box, inset, at)
        if corners is None:
            return
        a, b = corners
        r = max(0.0, self.radius - inset) * SUPERSAMPLE
        if r > 0:
            draw.rounded_rectangle((a, b), radius=r, fill=255)
        else:
            draw.rectangle((a, b), fill=255)


@dataclass(frozen=True)
class EllipseShape(Shape):
    """An ellipse filling its box."""

    box: Box

    def paint(
        self,
        draw: ImageDraw.ImageDraw,
        at: Callable[[float, float], tuple[float, float]],
        inset: float,
    ) -> None:
        corners = _inset(self.box, inset, at)
        if corners is not None:
            draw.ellipse(corners, fill=255)


@dataclass(frozen=True)
class PolygonShape(Shape):
    """A polygon through `points`; an inset moves each corner towards the centre."""

    points: tuple[tuple[float, float], ...]

    def paint(
        self,
        draw: ImageDraw.ImageDraw,
        at: Callable[[float, float], tuple[float, float]],
        inset: float,
    ) -> None:
        cx = sum(p[0] for p in self.points) / len(self.points)
        cy = sum(p[1] for p in self.points) / len(self.points)
        shrunk = []
        for x, y in self.points:
            dx, dy = x - cx, y - cy
            distance = math.hypot(dx, dy) or 1.0
            factor = max(0.0, (distance - inset * 1.15) / distance)
            shrunk.append(at(cx + dx * factor, cy + dy * factor))
        draw.polygon(shrunk, fill=255)


def rect_shape(box: Box, radius: float) -> Shape:
    return RectShape(tuple(box), radius)  # type: ignore[arg-type]


def ellipse_shape(box: Box) -> Shape:
    return EllipseShape(tuple(box))  # type: ignore[arg-type]


def polygon_shape(points: Sequence[tuple[float, float]]) -> Shape:
    return PolygonShape(tuple((float(x), float(y)) for x, y in points))


def regular_polygon(box: Box, sides: int, angle: float) -> list[tuple[float, float]]:
    """Corners of a regular polygon inscribed in the box's ellipse, first corner at `angle`."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    rx, ry = (x1 - x0) / 2, (y1 - y0) / 2
    return [
        (
            cx + rx * math.cos(math.radians(angle - 90 + 360 * i / sides)),
            cy + ry * math.sin(math.radians(angle - 90 + 360 * i / sides)),
        )
        for i in range(sides)
    ]


def hexagon_points(box: Box, orientation: str) -> list[tuple[float, float]]:
    """A regular hexagon as large as fits in the box (pointy or flat top), centred."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    w, h = x1 - x0, y1 - y0
    if orientation == "pointy":
        r = min(h / 2, w / math.sqrt(3))
        start = -90
    else:
        r = min(w / 2, h / math.sqrt(3))
        start = 0
    return [
        (
            cx + r * math.cos(math.radians(start + 60 * i)),
            cy + r * math.sin(math.radians(start + 60 * i)),
        )
        for i in range(6)
    ]


@dataclass(frozen=True)
class LineShape(Shape):
    """A polyline of a given width."""

    points: tuple[tuple[float, float], ...]
    width: float

    def paint(
        self,
        draw: ImageDraw.ImageDraw,
        at: Callable[[float, float], tuple[float, float]],
        inset: float,
    ) -> None:
        draw.line(
            [at(x, y) for x, y in self.points],
            fill=255,
            width=max(1, round(self.width * SUPERSAMPLE)),
            joint="curve",
        )


def draw_line(
    image: Image.Image,
    points: Sequence[tuple[float, float]],
    color: str,
    width: float,
    opacity: float = 1.0,
) -> None:
    """A smooth polyline."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    region = paint_region((min(xs), min(ys), max(xs), max(ys)), width + 2)
    shape = LineShape(tuple((float(x), float(y)) for x, y in points), width)
    _paint(image, region, shape_mask(shape, region, 0), color, (), 0, opacity)
