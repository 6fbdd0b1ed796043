"""An icon as data: a sketch, the drawing operations (polygons, circles, thick lines,
rounded rectangles) that make it, in the icon's own coordinates, painted in order (later
ones on top; fill 0 cuts holes). How a sketch is painted and fitted is `icons.draw`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardgen.render.icons.geometry import Point

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Poly:
    """A filled polygon through `pts` (fill 0 cuts a hole)."""

    pts: tuple[Point, ...]
    fill: int


@dataclass(frozen=True)
class Ellipse:
    """A filled ellipse centred on `c` with radii `rx` and `ry`."""

    c: Point
    rx: float
    ry: float
    fill: int


@dataclass(frozen=True)
class Line:
    """A thick polyline `width` wide, with round joints (and round end caps with `caps`)."""

    pts: tuple[Point, ...]
    width: float
    caps: bool
    fill: int


@dataclass(frozen=True)
class RRect:
    """A filled rectangle from (`x0`, `y0`) to (`x1`, `y1`), its corners rounded by `radius`."""

    x0: float
    y0: float
    x1: float
    y1: float
    radius: float
    fill: int


Op = Poly | Ellipse | Line | RRect


@dataclass
class Sketch:
    """A list of drawing operations in design space, painted in order (later ops on top)."""

    ops: list[Op] = field(default_factory=list)

    @classmethod
    def polygon(cls, pts: Sequence[Point]) -> Sketch:
        """A sketch of one filled polygon."""
        sketch = cls()
        sketch.poly(pts)
        return sketch

    def poly(self, pts: Sequence[Point], fill: int = 255) -> None:
        """A filled polygon (fill 0 cuts a hole)."""
        self.ops.append(Poly(tuple(pts), fill))

    def circle(self, c: Point, r: float, fill: int = 255) -> None:
        """A filled circle of radius `r` centred on `c`."""
        self.ops.append(Ellipse(c, r, r, fill))

    def line(self, pts: Sequence[Point], width: float, fill: int = 255, caps: bool = True) -> None:
        """A thick polyline with round joints and (optionally) round end caps."""
        self.ops.append(Line(tuple(pts), width, caps, fill))

    def rrect(
        self, x0: float, y0: float, x1: float, y1: float, radius: float = 0, fill: int = 255
    ) -> None:
        """A filled rectangle, its corners rounded by `radius`."""
        self.ops.append(RRect(x0, y0, x1, y1, radius, fill))

    def rough_bounds(self) -> Box:
        """The extent of the filled operations, ignoring holes."""
        xs: list[float] = []
        ys: list[float] = []
        for op in self.ops:
            if op.fill == 0:
                continue
            if isinstance(op, Poly):
                xs += [x for x, _ in op.pts]
                ys += [y for _, y in op.pts]
            elif isinstance(op, Ellipse):
                xs += [op.c[0] - op.rx, op.c[0] + op.rx]
                ys += [op.c[1] - op.ry, op.c[1] + op.ry]
            elif isinstance(op, Line):
                half = op.width / 2
                xs += [x + d for x, _ in op.pts for d in (-half, half)]
                ys += [y + d for _, y in op.pts for d in (-half, half)]
            else:
                xs += [op.x0, op.x1]
                ys += [op.y0, op.y1]
        if not xs:
            return (0.0, 0.0, 1.0, 1.0)
        return (min(xs), min(ys), max(xs), max(ys))
