"""Points in an icon's own design space (any units, y pointing down): the curves, stars and
outlines the icons of every family are sketched with.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Point = tuple[float, float]


def rot(points: Iterable[Point], degrees: float, centre: Point = (0.0, 0.0)) -> list[Point]:
    """Rotate points clockwise (y is down) by `degrees` around `centre`."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    cx, cy = centre
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in points]


def move(points: Iterable[Point], dx: float, dy: float, k: float = 1.0) -> list[Point]:
    """Scale points by `k` around the origin, then translate them by (dx, dy)."""
    return [(x * k + dx, y * k + dy) for x, y in points]


def mirror_x(points: Iterable[Point], axis: float) -> list[Point]:
    """The points mirrored across the vertical line x = `axis`."""
    return [(2 * axis - x, y) for x, y in points]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 32) -> list[Point]:
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


def quad(p0: Point, p1: Point, p2: Point, n: int = 24) -> list[Point]:
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


def arc(c: Point, r: float, start: float, end: float, n: int = 48) -> list[Point]:
    """Points on a circle from angle `start` to `end` (degrees, clockwise since y is down)."""
    out: list[Point] = []
    for i in range(n + 1):
        a = math.radians(start + (end - start) * i / n)
        out.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return out


def star(c: Point, outer: float, inner: float, tips: int, rotation: float = -90) -> list[Point]:
    """A regular star polygon; the first tip points at `rotation` degrees (-90 = up)."""
    out: list[Point] = []
    for i in range(2 * tips):
        r = outer if i % 2 == 0 else inner
        a = math.radians(rotation + 180 * i / tips)
        out.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return out


def regular(c: Point, r: float, sides: int, rotation: float = -90) -> list[Point]:
    """The corners of a regular polygon of `sides` around `c`; the first at `rotation` degrees."""
    return star(c, r, r, sides, rotation)[::2]


def heart(n: int = 160) -> list[Point]:
    """The classic parametric heart, tip down at (0, 17), lobes up to about y = -12."""
    out: list[Point] = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        out.append((x, y))
    return out


def sparkle(c: Point, r: float, pinch: float = 0.14) -> list[Point]:
    """A four-pointed sparkle with concave sides."""
    tips = [
        (c[0] + r * math.cos(math.radians(a)), c[1] + r * math.sin(math.radians(a)))
        for a in (-90, 0, 90, 180)
    ]
    out: list[Point] = []
    for i in range(4):
        a = math.radians(-45 + 90 * i)
        ctrl = (c[0] + pinch * r * math.cos(a), c[1] + pinch * r * math.sin(a))
        out.extend(quad(tips[i], ctrl, tips[(i + 1) % 4])[:-1])
    return out


def ribbon(spine: Sequence[Point], left: Sequence[float], right: Sequence[float]) -> list[Point]:
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


BOLT: list[Point] = [(45, 0), (82, 0), (60, 38), (86, 38), (34, 100), (48, 57), (24, 57)]
"""A lightning bolt's outline (the `lightning` and `agility` icons)."""


def drop_outline(c: Point = (50, 64), r: float = 36, apex: float = 0) -> list[Point]:
    """A water drop: a round bottom centred on `c`, of radius `r`, its tip up at y = `apex`."""
    cx, cy = c
    right = bezier(
        (cx, apex),
        (cx + 0.18 * r, apex + 0.35 * (cy - apex)),
        (cx + r, cy - 0.45 * (cy - apex)),
        (cx + r, cy),
    )
    bottom = arc(c, r, 0, 180, 64)
    left = mirror_x(right, cx)[::-1]
    return right + bottom[1:] + left[1:]
