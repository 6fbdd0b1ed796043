"""Shapes with smooth edges: masks drawn at twice the size and reduced, then filled.

Fills are a colour or a gradient through several colours at an angle; outlines likewise
(the colour itself is `render.paint`'s). Where a shape's middle is known to be fully
covered, or an outline's to be empty, the mask is skipped there (same pixels, faster).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

from cardgen.render.paint import alpha_of, fill_through, rgb

Box = tuple[float, float, float, float]
SUPERSAMPLE = 2


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
        """Draw the shape with `draw`, `at` placing its points, `inset` pixels inside its box."""
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
        fill_through(image, region, mask, fill, fill_colors, angle, opacity, core=core)
    if stroke_px > 0 and (stroke is not None or stroke_colors):
        ring = _ring(shape, region, stroke_px)
        hole = _ring_hole(shape, stroke_px)
        fill_through(image, region, ring, stroke, stroke_colors, angle, opacity, hole=hole)


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
        """Draw the rectangle, its corners rounded as asked."""
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
        """Draw the ellipse filling the box."""
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
        """Draw the polygon through its points."""
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
    """A rectangle over `box`, its corners rounded by `radius` px."""
    return RectShape(tuple(box), radius)  # type: ignore[arg-type]


def ellipse_shape(box: Box) -> Shape:
    """The ellipse filling `box`."""
    return EllipseShape(tuple(box))  # type: ignore[arg-type]


def polygon_shape(points: Sequence[tuple[float, float]]) -> Shape:
    """The polygon through `points`."""
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
        """Draw the line between its end points."""
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
    fill_through(image, region, shape_mask(shape, region, 0), color, (), 0, opacity)
