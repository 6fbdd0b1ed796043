"""Borders near the trim (SC508): straight edges a cut or a duplex offset makes uneven.

A card is cut within about 1/16 in (1.6 mm) of its trim line, and a home printer lands a
back a millimetre or more off its front; the shops ask for 1/8 in (about 3 mm) inside the
trim (docs/research/print-shops.md). An edge drawn parallel to a side of the trim and
closer to it than `MIN_INSET_MM` shows that error: the strip between the edge and the cut
comes out wider on one side of the card than on the other.

The edges are those of the ink as drawn, in canvas pixels: a rectangle's sides (the
straight part between rounded corners) and, when it is outlined, the outline's inner
sides; a polygon's or a hexagon's sides that run across or down the card; both sides of a
line's straight runs. Ellipses, text, pictures, icons and helpers have no such edges, and a
full-bleed rectangle (`bleed: true`) has none inside the trim. An edge counts when it runs
along at least a quarter of that side of the trim (a corner ornament is no border) and
lies inside the trim, whichever side of it the ink is on: a band that runs off into the
bleed but shows less than 3 mm inside the trim is as uneven as a frame drawn 2 mm in.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from cardgen.check.layout_geometry import TOLERANCE, Misplaced
from cardgen.errors import Location
from cardgen.load.yaml import YamlDocument
from cardgen.model.layout import LineElement, RectElement
from cardgen.render.canvas import SHAPE_ELEMENTS, Canvas, element_shape
from cardgen.render.paint import alpha_of
from cardgen.render.shapes import PolygonShape, RectShape

TRIM_CODE = "SC508"
"""The code of a border near the trim."""
MIN_INSET_MM = 3.0
"""How far inside the trim a border's edge keeps, at least (the shops' 1/8 in safe area)."""
MIN_SHARE = 0.25
"""The share of a side of the trim an edge runs along to count as a border there."""
Side = Literal["left", "top", "right", "bottom"]
TRIM_SIDES: tuple[Side, ...] = ("left", "top", "right", "bottom")
"""The sides of the trim, in the order messages name them."""


@dataclass(frozen=True, slots=True)
class Edge:
    """A straight edge of ink across (`axis` "y": at y = `at`) or down the card (`axis`
    "x"), from `start` to `end` along it, the ink on its `ink` side (+1 the larger
    coordinates, -1 the smaller), in canvas pixels."""

    axis: Literal["x", "y"]
    at: float
    start: float
    end: float
    ink: int


@dataclass(frozen=True, slots=True)
class NearEdge:
    """The edge nearest a side of the trim and within the limit: how far inside it lies
    (pixels) and whether the ink lies towards the middle of the card (a frame drawn
    inside) or towards the cut (a band that runs off into the bleed)."""

    side: Side
    inset: float
    inward: bool


def _visible(color: str | None, opacity: float) -> bool:
    """Whether a colour draws anything (a `{field}` colour is taken to)."""
    if color is None or opacity <= 0:
        return False
    return "{" in color or alpha_of(color) > 0


def _painted(element: Any, canvas: Canvas) -> tuple[bool, bool]:
    """Whether a shape element is filled, and whether it is outlined, with visible ink."""
    fill = _visible(element.fill, element.opacity) or any(
        _visible(c, element.opacity) for c in element.gradient
    )
    stroke = canvas.x(element.stroke_width) > 0 and (
        _visible(element.stroke, element.opacity)
        or any(_visible(c, element.opacity) for c in element.stroke_gradient)
    )
    return fill, stroke


def _rect_edges(box: tuple[float, ...], radius: float, width: float | None) -> list[Edge]:
    """A rectangle's four sides (ink inside), or with `width` its outline's inner sides
    (ink outside them); the straight part between the corners' curves."""
    x0, y0, x1, y1 = (
        min(box[0], box[2]),
        min(box[1], box[3]),
        max(box[0], box[2]),
        max(box[1], box[3]),
    )
    if width is not None:
        if 2 * width >= min(x1 - x0, y1 - y0):
            return []  # an outline so wide it fills the rectangle: no inner sides
        x0, y0, x1, y1, radius = x0 + width, y0 + width, x1 - width, y1 - width, radius - width
        sign = -1
    else:
        sign = 1
    r = max(radius, 0.0)
    return [
        Edge("x", x0, y0 + r, y1 - r, sign),
        Edge("y", y0, x0 + r, x1 - r, sign),
        Edge("x", x1, y0 + r, y1 - r, -sign),
        Edge("y", y1, x0 + r, x1 - r, -sign),
    ]


def _inside(points: Sequence[tuple[float, float]], x: float, y: float) -> bool:
    """Whether a point lies inside a polygon (even-odd rule, as Pillow fills it)."""
    inside = False
    for (ax, ay), (bx, by) in zip(points, [*points[1:], points[0]], strict=True):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _polygon_edges(points: Sequence[tuple[float, float]]) -> list[Edge]:
    """A polygon's sides that run straight across or down, the ink on the side of each
    that lies inside the polygon."""
    found: list[Edge] = []
    for (ax, ay), (bx, by) in zip(points, [*points[1:], points[0]], strict=True):
        if abs(ay - by) <= TOLERANCE and abs(ax - bx) > TOLERANCE:
            y, mid = (ay + by) / 2, (ax + bx) / 2
            ink = 1 if _inside(points, mid, y + 1) else -1
            found.append(Edge("y", y, min(ax, bx), max(ax, bx), ink))
        elif abs(ax - bx) <= TOLERANCE and abs(ay - by) > TOLERANCE:
            x, mid = (ax + bx) / 2, (ay + by) / 2
            ink = 1 if _inside(points, x + 1, mid) else -1
            found.append(Edge("x", x, min(ay, by), max(ay, by), ink))
    return found


def _line_edges(element: LineElement, canvas: Canvas) -> list[Edge]:
    """Both sides of each straight run of a line across or down the card."""
    x0, y0, _, _ = canvas.box(element)
    points = [(x0 + canvas.x(px), y0 + canvas.y(py)) for px, py in element.points]
    half = canvas.x(element.stroke_width) / 2
    found: list[Edge] = []
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        if abs(ay - by) <= TOLERANCE and abs(ax - bx) > TOLERANCE:
            y, lo, hi = (ay + by) / 2, min(ax, bx), max(ax, bx)
            found += [Edge("y", y - half, lo, hi, 1), Edge("y", y + half, lo, hi, -1)]
        elif abs(ax - bx) <= TOLERANCE and abs(ay - by) > TOLERANCE:
            x, lo, hi = (ax + bx) / 2, min(ay, by), max(ay, by)
            found += [Edge("x", x - half, lo, hi, 1), Edge("x", x + half, lo, hi, -1)]
    return found


def edges(element: Any, canvas: Canvas) -> list[Edge]:
    """The straight edges of ink an element draws across or down the card."""
    if isinstance(element, LineElement):
        visible = _visible(element.stroke, element.opacity) and canvas.x(element.stroke_width) > 0
        return _line_edges(element, canvas) if visible else []
    if not isinstance(element, SHAPE_ELEMENTS):
        return []
    if isinstance(element, RectElement) and element.bleed:
        return []
    fill, stroke = _painted(element, canvas)
    if not (fill or stroke):
        return []
    box, shape = element_shape(element, canvas)
    if isinstance(shape, RectShape):
        found = _rect_edges(box, shape.radius, None)
        if stroke:
            found += _rect_edges(box, shape.radius, canvas.x(element.stroke_width))
        return found
    if isinstance(shape, PolygonShape):
        return _polygon_edges(shape.points)
    return []  # an ellipse: no straight edge


def near_edges(element: Any, canvas: Canvas) -> list[NearEdge]:
    """For each side of the trim, the element's edge nearest it inside the trim and less
    than `MIN_INSET_MM` from it, if any (sides in the order left, top, right, bottom)."""
    b = canvas.bleed
    limit = MIN_INSET_MM / 25.4 * canvas.dpi
    trim = {"x": (b, b + canvas.trim_w), "y": (b, b + canvas.trim_h)}
    drawn = edges(element, canvas)
    found: list[NearEdge] = []
    for side in TRIM_SIDES:
        axis = "x" if side in ("left", "right") else "y"
        low, high = trim[axis]
        along_low, along_high = trim["y" if axis == "x" else "x"]
        far = side in ("right", "bottom")
        best: NearEdge | None = None
        for edge in drawn:
            if edge.axis != axis:
                continue
            inset = high - edge.at if far else edge.at - low
            run = min(edge.end, along_high) - max(edge.start, along_low)
            if not TOLERANCE < inset < limit - 1e-6 or run < MIN_SHARE * (along_high - along_low):
                continue
            inward = edge.ink == (-1 if far else 1)
            if best is None or inset < best.inset:
                best = NearEdge(side, inset, inward)
        if best is not None:
            found.append(best)
    return found


def _mm(px: float, canvas: Canvas) -> str:
    return f"{px * 25.4 / canvas.dpi:.1f}"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _where(near: Sequence[NearEdge], canvas: Canvas) -> str:
    """`2.2 mm inside the trim at the left and right` (distances grouped, nearest first)."""
    groups: dict[str, list[Side]] = {}
    for edge in sorted(near, key=lambda e: e.inset):
        groups.setdefault(_mm(edge.inset, canvas), []).append(edge.side)
    parts = [
        f"{mm} mm inside the trim at the {_and([s for s in TRIM_SIDES if s in sides])}"
        for mm, sides in groups.items()
    ]
    return _and(parts)


def near_trim(name: str, element: Any, canvas: Canvas) -> Misplaced | None:
    """SC508, a warning: an element whose straight edge runs along the trim less than
    3 mm inside it (a frame drawn in the cutting tolerance, or a band that runs off into
    the bleed but shows too little of itself inside the trim)."""
    near = near_edges(element, canvas)
    if not near:
        return None
    label = f"element {name} ({element.kind})"
    inward = [e for e in near if e.inward]
    outward = [e for e in near if not e.inward]
    said: list[str] = []
    advice: list[str] = []
    if inward:
        said.append(f"draws a border {_where(inward, canvas)}")
        advice.append("keep borders 3 mm or more inside the trim, or run them off into the bleed")
    if outward:
        said.append(f"runs off into the bleed but ends {_where(outward, canvas)}")
        advice.append("make what shows of it inside the trim 3 mm or more wide")
    return Misplaced(
        TRIM_CODE,
        "frame-near-trim",
        "warning",
        f"{label} {' and '.join(said)}; a cut or a duplex offset of 1 mm will make it uneven"
        f" ({'; '.join(advice)})",
    )


def element_key(documents: Iterable[YamlDocument], where: Location, name: str) -> Location:
    """Where the element's name is written (line and column) in the layout file `where`
    is in, or `where` itself (an element the file inherits)."""
    for doc in documents:
        if doc.path == where.path and ("elements", name) in doc.keys:
            return doc.key_location(["elements", name])
    return where
