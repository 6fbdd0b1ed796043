"""Vector icons drawn as masks: crisp at any size, no image files, no system fonts.

An icon is a function `(draw, box) -> None` that paints the icon's shape with fill 255 (and
cuts holes with fill 0) on an "L"-mode image through `draw`, inside `box = (x0, y0, x1, y1)`.
The caller supersamples and colours the mask (see `render_icon`). Icons are registered under
their English names; `icon_names` lists them with their other names (aliases), which
`render_icon` draws too.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageColor, ImageDraw

from cardgen.render.icon_names import ALIASES, unknown_icon

__all__ = ["ICONS", "IconFn", "icon", "render_icon"]

Box = tuple[float, float, float, float]
Point = tuple[float, float]
IconFn = Callable[[ImageDraw.ImageDraw, Box], None]

ICONS: dict[str, IconFn] = {}

#: Empty margin `render_icon` leaves around the icon, as a fraction of the smaller side,
#: so anti-aliased edges are never clipped by the image border.
_PAD = 0.06
#: Side of the scratch image used to measure an icon's true extent (holes included).
_MEASURE = 400


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


# --------------------------------------------------------------------------------------------
# Geometry helpers (design space: any units, y pointing down)
# --------------------------------------------------------------------------------------------


def _rot(points: Iterable[Point], degrees: float, centre: Point = (0.0, 0.0)) -> list[Point]:
    """Rotate points clockwise (y is down) by `degrees` around `centre`."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    cx, cy = centre
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in points]


def _move(points: Iterable[Point], dx: float, dy: float, k: float = 1.0) -> list[Point]:
    """Scale points by `k` around the origin, then translate them by (dx, dy)."""
    return [(x * k + dx, y * k + dy) for x, y in points]


def _mirror_x(points: Iterable[Point], axis: float) -> list[Point]:
    return [(2 * axis - x, y) for x, y in points]


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 32) -> list[Point]:
    """`n + 1` points along a cubic Bézier curve, both ends included."""
    out: list[Point] = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append(
            (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )
        )
    return out


def _quad(p0: Point, p1: Point, p2: Point, n: int = 24) -> list[Point]:
    """`n + 1` points along a quadratic Bézier curve, both ends included."""
    out: list[Point] = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append(
            (
                u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1],
            )
        )
    return out


def _arc(c: Point, r: float, start: float, end: float, n: int = 48) -> list[Point]:
    """Points on a circle from angle `start` to `end` (degrees, clockwise since y is down)."""
    out: list[Point] = []
    for i in range(n + 1):
        a = math.radians(start + (end - start) * i / n)
        out.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return out


def _star(c: Point, outer: float, inner: float, tips: int, rotation: float = -90) -> list[Point]:
    """A regular star polygon; the first tip points at `rotation` degrees (-90 = up)."""
    out: list[Point] = []
    for i in range(2 * tips):
        r = outer if i % 2 == 0 else inner
        a = math.radians(rotation + 180 * i / tips)
        out.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return out


def _regular(c: Point, r: float, sides: int, rotation: float = -90) -> list[Point]:
    return _star(c, r, r, sides, rotation)[::2]


def _heart(n: int = 160) -> list[Point]:
    """The classic parametric heart, tip down at (0, 17), lobes up to about y = -12."""
    out: list[Point] = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        out.append((x, y))
    return out


def _sparkle(c: Point, r: float, pinch: float = 0.14) -> list[Point]:
    """A four-pointed sparkle with concave sides."""
    tips = [
        (c[0] + r * math.cos(math.radians(a)), c[1] + r * math.sin(math.radians(a)))
        for a in (-90, 0, 90, 180)
    ]
    out: list[Point] = []
    for i in range(4):
        a = math.radians(-45 + 90 * i)
        ctrl = (c[0] + pinch * r * math.cos(a), c[1] + pinch * r * math.sin(a))
        out.extend(_quad(tips[i], ctrl, tips[(i + 1) % 4])[:-1])
    return out


def _ribbon(spine: Sequence[Point], left: Sequence[float], right: Sequence[float]) -> list[Point]:
    """A polygon around `spine` with per-point half-widths on the left and right side."""
    n = len(spine)
    lhs: list[Point] = []
    rhs: list[Point] = []
    for i, (x, y) in enumerate(spine):
        ax, ay = spine[max(i - 1, 0)]
        bx, by = spine[min(i + 1, n - 1)]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1.0
        nx, ny = dy / norm, -dx / norm  # left of the direction of travel (y down)
        lhs.append((x + nx * left[i], y + ny * left[i]))
        rhs.append((x - nx * right[i], y - ny * right[i]))
    return lhs + rhs[::-1]


# --------------------------------------------------------------------------------------------
# Sketch: icons are described in their own coordinates, then fitted into the box
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Fit:
    """Maps design coordinates to pixels: (x, y) -> (ox + k * x, oy + k * y)."""

    k: float
    ox: float
    oy: float

    def pt(self, p: Point) -> Point:
        return (self.ox + self.k * p[0], self.oy + self.k * p[1])


def _fit(bounds: Box, box: Box) -> _Fit:
    """Scale `bounds` so its larger side equals the box's smaller side, centred in the box."""
    bx0, by0, bx1, by1 = bounds
    x0, y0, x1, y1 = box
    bw, bh = max(bx1 - bx0, 1e-9), max(by1 - by0, 1e-9)
    k = min(x1 - x0, y1 - y0) / max(bw, bh)
    ox = (x0 + x1) / 2 - k * (bx0 + bx1) / 2
    oy = (y0 + y1) / 2 - k * (by0 + by1) / 2
    return _Fit(k, ox, oy)


def _thick_line(
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


@dataclass(frozen=True)
class _Poly:
    pts: tuple[Point, ...]
    fill: int


@dataclass(frozen=True)
class _Ellipse:
    c: Point
    rx: float
    ry: float
    fill: int


@dataclass(frozen=True)
class _Line:
    pts: tuple[Point, ...]
    width: float
    caps: bool
    fill: int


@dataclass(frozen=True)
class _RRect:
    x0: float
    y0: float
    x1: float
    y1: float
    radius: float
    fill: int


_Op = _Poly | _Ellipse | _Line | _RRect


@dataclass
class _Sketch:
    """A list of drawing operations in design space, painted in order (later ops on top)."""

    ops: list[_Op] = field(default_factory=list)

    def poly(self, pts: Sequence[Point], fill: int = 255) -> None:
        self.ops.append(_Poly(tuple(pts), fill))

    def circle(self, c: Point, r: float, fill: int = 255) -> None:
        self.ops.append(_Ellipse(c, r, r, fill))

    def line(self, pts: Sequence[Point], width: float, fill: int = 255, caps: bool = True) -> None:
        """A thick polyline with round joints and (optionally) round end caps."""
        self.ops.append(_Line(tuple(pts), width, caps, fill))

    def rrect(
        self, x0: float, y0: float, x1: float, y1: float, radius: float = 0, fill: int = 255
    ) -> None:
        self.ops.append(_RRect(x0, y0, x1, y1, radius, fill))

    # -- measuring and painting --------------------------------------------------------------

    def _rough_bounds(self) -> Box:
        """The extent of the filled operations, ignoring holes."""
        xs: list[float] = []
        ys: list[float] = []
        for op in self.ops:
            if op.fill == 0:
                continue
            if isinstance(op, _Poly):
                xs += [x for x, _ in op.pts]
                ys += [y for _, y in op.pts]
            elif isinstance(op, _Ellipse):
                xs += [op.c[0] - op.rx, op.c[0] + op.rx]
                ys += [op.c[1] - op.ry, op.c[1] + op.ry]
            elif isinstance(op, _Line):
                half = op.width / 2
                xs += [x + d for x, _ in op.pts for d in (-half, half)]
                ys += [y + d for _, y in op.pts for d in (-half, half)]
            else:
                xs += [op.x0, op.x1]
                ys += [op.y0, op.y1]
        if not xs:
            return (0.0, 0.0, 1.0, 1.0)
        return (min(xs), min(ys), max(xs), max(ys))

    def paint(self, draw: ImageDraw.ImageDraw, f: _Fit) -> None:
        for op in self.ops:
            if isinstance(op, _Poly):
                draw.polygon([f.pt(p) for p in op.pts], fill=op.fill)
            elif isinstance(op, _Ellipse):
                x, y = f.pt(op.c)
                rx, ry = f.k * op.rx, f.k * op.ry
                draw.ellipse((x - rx, y - ry, x + rx, y + ry), fill=op.fill)
            elif isinstance(op, _Line):
                _thick_line(draw, [f.pt(p) for p in op.pts], f.k * op.width / 2, op.fill, op.caps)
            else:
                (x0, y0), (x1, y1) = f.pt((op.x0, op.y0)), f.pt((op.x1, op.y1))
                draw.rounded_rectangle((x0, y0, x1, y1), radius=f.k * op.radius, fill=op.fill)

    def bounds(self) -> Box:
        """The painted extent in design space, measured on a scratch image (so holes count)."""
        rough = self._rough_bounds()
        side = _MEASURE
        f = _fit(rough, (0, 0, side - 1, side - 1))
        scratch = Image.new("L", (side, side), 0)
        self.paint(ImageDraw.Draw(scratch), f)
        bbox = scratch.getbbox()
        if bbox is None:
            return rough
        x0, y0, x1, y1 = bbox  # x1, y1 exclusive
        return ((x0 - f.ox) / f.k, (y0 - f.oy) / f.k, (x1 - 1 - f.ox) / f.k, (y1 - 1 - f.oy) / f.k)


def _sketched(build: Callable[[], _Sketch]) -> IconFn:
    """Turn a sketch builder into an icon function, built and measured once, when first
    drawn (measuring them all on import took 10 ms; a game uses a handful)."""

    @functools.cache
    def made() -> tuple[_Sketch, Box]:
        sketch = build()
        return sketch, sketch.bounds()

    def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
        sketch, bounds = made()
        sketch.paint(draw, _fit(bounds, box))

    paint.__name__ = build.__name__.lstrip("_")
    paint.__qualname__ = paint.__name__
    paint.__doc__ = build.__doc__
    return paint


def _sketch_icon(name: str) -> Callable[[Callable[[], _Sketch]], Callable[[], _Sketch]]:
    """Register a sketch builder under its icon's English name."""

    def register(build: Callable[[], _Sketch]) -> Callable[[], _Sketch]:
        icon(name)(_sketched(build))
        return build

    return register


# --------------------------------------------------------------------------------------------
# Shared shapes
# --------------------------------------------------------------------------------------------

_BOLT: list[Point] = [(45, 0), (82, 0), (60, 38), (86, 38), (34, 100), (48, 57), (24, 57)]


def _drop_outline(c: Point = (50, 64), r: float = 36, apex: float = 0) -> list[Point]:
    cx, cy = c
    right = _bezier(
        (cx, apex),
        (cx + 0.18 * r, apex + 0.35 * (cy - apex)),
        (cx + r, cy - 0.45 * (cy - apex)),
        (cx + r, cy),
    )
    bottom = _arc(c, r, 0, 180, 64)
    left = _mirror_x(right, cx)[::-1]
    return right + bottom[1:] + left[1:]


def _crystal_half(s: _Sketch, side: str) -> None:
    """Half of a faceted crystal split on x = 50; 'left' or 'right'."""
    outline: list[Point] = [(50, 0), (12, 30), (12, 66), (50, 100)]
    # The facet runs slightly past the split so the cut ends cleanly on the edge.
    facet: list[Point] = [(56, 12), (27, 36), (27, 61), (56, 89)]
    if side == "right":
        outline, facet = _mirror_x(outline, 50), _mirror_x(facet, 50)
    s.poly(outline)
    s.line(facet, 4.2, fill=0, caps=False)


# --------------------------------------------------------------------------------------------
# Shards of the Artisan: stats and marks
# --------------------------------------------------------------------------------------------


@_sketch_icon("agility")
def _agility() -> _Sketch:
    """A lightning bolt with speed lines."""
    s = _Sketch()
    s.poly(_BOLT)
    s.line([(-6, 26), (22, 26)], 8)
    s.line([(-20, 48), (12, 48)], 8)
    s.line([(-6, 70), (26, 70)], 8)
    return s


@_sketch_icon("heart")
def _heart_icon() -> _Sketch:
    """A heart."""
    s = _Sketch()
    s.poly(_heart())
    return s


@_sketch_icon("luck")
def _luck() -> _Sketch:
    """A four-leaf clover with a curved stem."""
    s = _Sketch()
    leaf = _move(_heart(), 0, -17 - 3.5, 1.25)  # tip just below the origin, lobes up
    for angle in (0, 90, 180, 270):
        s.poly(_rot(leaf, angle + 45))
    for end in ((0, -30), (30, 0), (0, 30), (-30, 0)):
        s.line([(0, 0), end], 2.6, fill=0, caps=False)
    s.circle((0, 0), 6.5)
    s.line(_bezier((0, 0), (4, 20), (14, 34), (30, 44)), 6)
    return s


@_sketch_icon("magic")
def _magic() -> _Sketch:
    """A large sparkle with two small ones."""
    s = _Sketch()
    s.poly(_sparkle((42, 58), 42))
    s.poly(_sparkle((86, 18), 16))
    s.poly(_sparkle((84, 80), 9))
    return s


@_sketch_icon("charisma")
def _charisma() -> _Sketch:
    """A three-pointed crown with jewels and a band."""
    s = _Sketch()
    s.poly([(12, 72), (6, 26), (31, 48), (50, 14), (69, 48), (94, 26), (88, 72)])
    for c in ((6, 24), (50, 11), (94, 24)):
        s.circle(c, 7)
    s.rrect(10, 77, 90, 93, 4)
    for x in (30, 50, 70):
        s.circle((x, 85), 3.5, fill=0)
    return s


@_sketch_icon("pen")
def _pen() -> _Sketch:
    """A fountain-pen nib, tilted as if writing."""
    s = _Sketch()
    right = _bezier((0, 52), (6, 40), (28, 18), (28, -6))
    body = [*right, (20, -30), (-20, -30), *_mirror_x(right, 0)[::-1]]
    collar = [(-22, -37), (22, -37), (22, -52), (-22, -52)]
    s.poly(_rot(body, 45))
    s.poly(_rot(collar, 45))
    s.line(_rot([(0, 60), (0, 2)], 45), 3.4, fill=0, caps=False)
    s.circle(_rot([(0, 0)], 45)[0], 6.5, fill=0)
    return s


@_sketch_icon("crystal-half-left")
def _crystal_left() -> _Sketch:
    """The left half of a faceted crystal."""
    s = _Sketch()
    _crystal_half(s, "left")
    return s


@_sketch_icon("crystal-half-right")
def _crystal_right() -> _Sketch:
    """The right half of a faceted crystal."""
    s = _Sketch()
    _crystal_half(s, "right")
    return s


@_sketch_icon("crystal")
def _crystal() -> _Sketch:
    """A whole faceted crystal: the two halves joined, with the ridge between them."""
    s = _Sketch()
    s.poly([(50, 0), (12, 30), (12, 66), (50, 100), (88, 66), (88, 30)])
    s.line([(50, 17), (27, 36), (27, 61), (50, 84), (73, 61), (73, 36), (50, 17)], 4.2, fill=0)
    s.line([(50, 17), (50, 84)], 4.2, fill=0)
    return s


@_sketch_icon("shard")
def _shard() -> _Sketch:
    """A jagged crystal shard with a facet, and a small splinter beside it."""
    s = _Sketch()
    s.poly([(40, 0), (66, 30), (60, 62), (44, 100), (30, 78), (34, 60), (20, 44)])
    s.line([(40, -4), (44, 44), (44, 104)], 3.6, fill=0, caps=False)
    s.poly([(78, 42), (90, 58), (80, 80), (70, 62)])
    return s


# --------------------------------------------------------------------------------------------
# Blubler's shapes
# --------------------------------------------------------------------------------------------


@_sketch_icon("drop")
def _drop() -> _Sketch:
    """A water drop."""
    s = _Sketch()
    s.poly(_drop_outline())
    return s


@_sketch_icon("star")
def _star_icon() -> _Sketch:
    """A five-pointed star."""
    s = _Sketch()
    s.poly(_star((50, 50), 50, 20, 5))
    return s


@_sketch_icon("spiral")
def _spiral() -> _Sketch:
    """An Archimedean spiral of two and a half turns, drawn as a thick line."""
    s = _Sketch()
    turns, b = 2.5, 1.0
    start = 0.8 * math.pi  # start where the curve is wider than the line
    n = 360
    pts: list[Point] = []
    for i in range(n + 1):
        t = start + 2 * math.pi * turns * i / n
        r = b * t
        pts.append((r * math.cos(t), r * math.sin(t)))
    s.line(_rot(pts, -60), math.pi * b * 1.05)
    return s


@_sketch_icon("cloud")
def _cloud() -> _Sketch:
    """A cloud: overlapping circles on a flat base."""
    s = _Sketch()
    base = 80
    s.circle((22, base - 18), 18)
    s.circle((44, 44), 24)
    s.circle((68, 48), 20)
    s.circle((84, base - 15), 15)
    s.rrect(22, 50, 84, base, 0)
    return s


@_sketch_icon("moon")
def _moon() -> _Sketch:
    """A crescent moon: a disc minus an offset disc."""
    s = _Sketch()
    s.circle((50, 50), 50)
    s.circle((74, 34), 42, fill=0)
    return s


@_sketch_icon("lightning")
def _lightning() -> _Sketch:
    """A lightning bolt."""
    s = _Sketch()
    s.poly(_BOLT)
    return s


@_sketch_icon("bubble")
def _bubble() -> _Sketch:
    """A soap bubble: a ring with a highlight."""
    s = _Sketch()
    s.circle((50, 50), 50)
    s.circle((50, 50), 42, fill=0)
    s.line(_arc((50, 50), 31, 195, 245, 24), 7)
    s.circle(_arc((50, 50), 31, 266, 266, 1)[0], 4)
    return s


@_sketch_icon("snowflake")
def _snowflake() -> _Sketch:
    """A snowflake: six spokes with branches."""
    s = _Sketch()
    length, width = 50.0, 7.0
    for k in range(6):
        a = -90 + 60 * k
        s.line(_rot([(0, 0), (length, 0)], a), width)
        for at, blen in ((0.5, 17.0), (0.78, 11.0)):
            base = (length * at, 0.0)
            for side in (-1, 1):
                tip = (
                    base[0] + blen * math.cos(math.radians(45)),
                    side * blen * math.sin(math.radians(45)),
                )
                s.line(_rot([base, tip], a), width * 0.85)
    s.poly(_regular((0, 0), 12, 6))
    return s


@_sketch_icon("leaf")
def _leaf() -> _Sketch:
    """A leaf: a pointed oval with a midrib and veins cut out, on a short stem."""
    s = _Sketch()
    n = 48
    upper: list[Point] = []
    for i in range(n + 1):
        x = -50 + 100 * i / n
        u = (x + 50) / 100
        upper.append((x, -34 * math.sin(math.pi * u) * (1 - 0.4 * u)))
    lower = [(x, -y) for x, y in upper]
    leaf = upper + lower[::-1][1:-1]
    angle = -40
    s.poly(_rot(leaf, angle))
    s.line(_rot([(-62, 0), (-48, 0)], angle), 5)
    s.line(_rot([(-46, 0), (40, 0)], angle), 3.2, fill=0)
    for x0, reach in ((-28, 16.0), (-6, 14.0), (15, 10.0)):
        for side in (-1, 1):
            s.line(_rot([(x0, 0), (x0 + reach, side * reach)], angle), 2.6, fill=0)
    return s


@_sketch_icon("shell")
def _shell() -> _Sketch:
    """A scallop shell: a fan of ribs with a scalloped rim and two ears at the hinge."""
    s = _Sketch()
    hinge: Point = (50, 88)
    radius, ribs = 66.0, 7
    start, end = 213.0, 327.0
    step = (end - start) / ribs
    inner = radius * math.cos(math.radians(step / 2))
    bump = radius * math.sin(math.radians(step / 2))
    edges = [start + step * i for i in range(ribs + 1)]
    s.poly([hinge, *[_arc(hinge, inner, a, a, 1)[0] for a in edges]])
    for i in range(ribs):
        s.circle(_arc(hinge, radius, edges[i] + step / 2, 0, 1)[0], bump)
    for a in edges[1:-1]:
        s.line(
            [_arc(hinge, 18, a, a, 1)[0], _arc(hinge, inner + 1, a, a, 1)[0]],
            3.4,
            fill=0,
            caps=False,
        )
    s.poly([(40, 76), (60, 76), (74, 90), (72, 98), (28, 98), (26, 90)])
    return s


@_sketch_icon("feather")
def _feather() -> _Sketch:
    """A feather: a curved vane with a rachis, two notches and a quill."""
    s = _Sketch()
    spine = _bezier((10, 98), (30, 64), (56, 22), (94, 4), 80)
    n = len(spine) - 1
    v0 = 16  # vane starts here
    left: list[float] = []
    right: list[float] = []
    for i in range(n + 1):
        u = max(0.0, (i - v0) / (n - v0))
        prof = max(0.0, u) ** 0.7 * math.sqrt(max(0.0, 1 - u * u)) if i >= v0 else 0.0
        left.append(19 * prof)
        right.append(13 * prof)
    s.poly(_ribbon(spine[v0:], left[v0:], right[v0:]))
    s.line(spine[: v0 + 12], 5.5)
    s.line(spine[v0 + 4 : n - 4], 2.2, fill=0, caps=False)
    for idx, side, depth in ((int(n * 0.5), 1, 10.0), (int(n * 0.72), -1, 7.0)):
        x, y = spine[idx]
        ax, ay = spine[idx - 1]
        bx, by = spine[idx + 1]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy)
        tx, ty = dx / norm, dy / norm
        nx, ny = side * ty, -side * tx
        edge = left[idx] if side == 1 else right[idx]
        outer = (x + nx * (edge + 2), y + ny * (edge + 2))
        inner = (x + nx * (edge - depth) - tx * 6, y + ny * (edge - depth) - ty * 6)
        notch = [
            (outer[0] + tx * 3, outer[1] + ty * 3),
            inner,
            (outer[0] - tx * 5, outer[1] - ty * 5),
        ]
        s.poly(notch, fill=0)
    return s


# --------------------------------------------------------------------------------------------
# Yokai Sketch and generic shapes
# --------------------------------------------------------------------------------------------


@_sketch_icon("eye")
def _eye() -> _Sketch:
    """An eye: almond, iris, pupil and a glint."""
    s = _Sketch()
    n = 48
    upper = [(100 * i / n, 50 - 34 * (1 - (2 * i / n - 1) ** 2)) for i in range(n + 1)]
    lower = [(x, 100 - y) for x, y in upper]
    s.poly(upper + lower[::-1][1:-1])
    s.circle((50, 50), 23, fill=0)
    s.circle((50, 50), 17)
    s.circle((50, 50), 7, fill=0)
    s.circle((57, 43), 4, fill=0)
    return s


@_sketch_icon("bell")
def _bell() -> _Sketch:
    """A hand bell with a clapper."""
    s = _Sketch()
    right = (
        _bezier((50, 12), (74, 12), (78, 30), (78, 52), 32)
        + _bezier((78, 52), (78, 66), (84, 72), (94, 78), 16)[1:]
    )
    s.poly([*right, *_mirror_x(right, 50)[::-1]])
    s.circle((50, 8), 7)
    s.rrect(4, 76, 96, 86, 5)
    s.circle((50, 92), 8)
    return s


@_sketch_icon("brush")
def _brush() -> _Sketch:
    """A paint brush: bristles, ferrule and a tapered handle, tilted."""
    s = _Sketch()
    angle = -45
    tip = _bezier((0, 0), (6, -2), (18, -12), (34, -10), 24)
    bristles = [*tip, *[(x, -y) for x, y in tip][::-1]]
    s.poly(_rot(bristles, angle))
    s.poly(_rot([(36, -11), (56, -11), (56, 11), (36, 11)], angle))
    handle = [(58, -8), (128, -5.5), (128, 5.5), (58, 8)]
    s.poly(_rot(handle, angle))
    s.circle(_rot([(128, 0)], angle)[0], 5.5)
    s.line(_rot([(46, -12), (46, 12)], angle), 2.5, fill=0, caps=False)
    return s


@_sketch_icon("circle")
def _circle() -> _Sketch:
    """A disc."""
    s = _Sketch()
    s.circle((50, 50), 50)
    return s


@_sketch_icon("diamond")
def _diamond() -> _Sketch:
    """A rhombus, taller than wide."""
    s = _Sketch()
    s.poly([(50, 0), (88, 50), (50, 100), (12, 50)])
    return s


@_sketch_icon("hexagon")
def _hexagon() -> _Sketch:
    """A regular hexagon, pointy side up."""
    s = _Sketch()
    s.poly(_regular((50, 50), 50, 6))
    return s


@_sketch_icon("triangle")
def _triangle() -> _Sketch:
    """An equilateral triangle pointing up."""
    s = _Sketch()
    s.poly(_regular((50, 50), 50, 3))
    return s


@_sketch_icon("square")
def _square() -> _Sketch:
    """A square with slightly rounded corners."""
    s = _Sketch()
    s.rrect(0, 0, 100, 100, 10)
    return s


@_sketch_icon("paint-drop")
def _paint_drop() -> _Sketch:
    """A glossy drop of paint: a drop with a highlight cut out."""
    s = _Sketch()
    s.poly(_drop_outline())
    s.line(_arc((50, 64), 24, 150, 215, 24), 6.5, fill=0)
    return s


# --------------------------------------------------------------------------------------------
# Splatoon
# --------------------------------------------------------------------------------------------


@_sketch_icon("splattershot")
def _splattershot() -> _Sketch:
    """A chunky ink blaster seen from the side, nozzle to the right."""
    s = _Sketch()
    s.rrect(18, 10, 56, 34, 9)  # ink tank
    s.rrect(24, 16, 50, 22, 3, fill=0)  # tank window
    s.rrect(8, 32, 76, 54, 8)  # body
    s.rrect(74, 37, 94, 49, 2)  # barrel
    s.rrect(90, 33, 100, 53, 3)  # muzzle
    s.poly([(22, 52), (42, 52), (36, 88), (14, 88)])  # grip
    s.line([(44, 54), (48, 66), (38, 68)], 4.5, caps=True)  # trigger guard
    return s


@_sketch_icon("splat-roller")
def _splat_roller() -> _Sketch:
    """A paint roller: roller drum, bent frame and handle."""
    s = _Sketch()
    s.rrect(4, 4, 84, 34, 10)
    s.rrect(84, 13, 92, 25, 2)
    s.line([(92, 19), (98, 19), (98, 48), (50, 48), (50, 62)], 6, caps=False)
    s.rrect(41, 58, 59, 100, 7)
    s.line([(41, 70), (59, 70)], 2.5, fill=0, caps=False)
    return s


@_sketch_icon("splat-charger")
def _splat_charger() -> _Sketch:
    """A long charger rifle with a scope, nozzle to the right."""
    s = _Sketch()
    s.poly([(0, 44), (24, 38), (30, 38), (30, 60), (22, 60), (0, 70)])  # stock
    s.rrect(28, 36, 66, 56, 5)  # body
    s.rrect(34, 22, 62, 31, 4)  # scope
    s.rrect(40, 29, 45, 37, 0)
    s.rrect(52, 29, 57, 37, 0)
    s.rrect(64, 41, 100, 49, 2)  # barrel
    s.rrect(94, 38, 100, 52, 2)  # muzzle
    s.poly([(38, 54), (50, 54), (46, 74), (34, 74)])  # grip
    s.rrect(34, 40, 58, 44, 2, fill=0)  # tank slot
    return s


@_sketch_icon("squid")
def _squid() -> _Sketch:
    """A squid: pointed mantle with fins, big eyes and short tentacles."""
    s = _Sketch()
    fin = [*_bezier((50, 0), (64, 12), (86, 30), (97, 54), 24), (72, 42)]
    s.poly([*fin, (72, 64), (28, 64), *_mirror_x(fin, 50)[::-1]])
    s.rrect(28, 40, 72, 78, 10)
    for x0, x1, y1 in ((33, 27, 94), (44, 42, 100), (56, 58, 100), (67, 73, 94)):
        s.line(_quad((x0, 70), ((x0 + x1) / 2, 84), (x1, y1), 12), 10)
    for x in (39.5, 60.5):
        s.circle((x, 55), 8, fill=0)
        s.circle((x, 56), 4.2)
    return s


# --------------------------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------------------------


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
