"""The icons made for Blubler's twelve shapes (the twelfth, `coeur`, is Shards' `heart`);
their French names are aliases."""

from __future__ import annotations

import math

from cardgen.render.icons.draw import sketch_icon
from cardgen.render.icons.geometry import (
    BOLT,
    Point,
    arc,
    bezier,
    drop_outline,
    regular,
    ribbon,
    rot,
    star,
)
from cardgen.render.icons.sketch import Sketch


@sketch_icon("drop")
def _drop() -> Sketch:
    """A water drop."""
    return Sketch.polygon(drop_outline())


@sketch_icon("star")
def _star_icon() -> Sketch:
    """A five-pointed star."""
    return Sketch.polygon(star((50, 50), 50, 20, 5))


@sketch_icon("spiral")
def _spiral() -> Sketch:
    """An Archimedean spiral of two and a half turns, drawn as a thick line."""
    s = Sketch()
    turns, b = 2.5, 1.0
    start = 0.8 * math.pi  # start where the curve is wider than the line
    n = 360
    pts: list[Point] = []
    for i in range(n + 1):
        t = start + 2 * math.pi * turns * i / n
        r = b * t
        pts.append((r * math.cos(t), r * math.sin(t)))
    s.line(rot(pts, -60), math.pi * b * 1.05)
    return s


@sketch_icon("cloud")
def _cloud() -> Sketch:
    """A cloud: overlapping circles on a flat base."""
    s = Sketch()
    base = 80
    s.circle((22, base - 18), 18)
    s.circle((44, 44), 24)
    s.circle((68, 48), 20)
    s.circle((84, base - 15), 15)
    s.rrect(22, 50, 84, base, 0)
    return s


@sketch_icon("moon")
def _moon() -> Sketch:
    """A crescent moon: a disc minus an offset disc."""
    s = Sketch()
    s.circle((50, 50), 50)
    s.circle((74, 34), 42, fill=0)
    return s


@sketch_icon("lightning")
def _lightning() -> Sketch:
    """A lightning bolt."""
    return Sketch.polygon(BOLT)


@sketch_icon("bubble")
def _bubble() -> Sketch:
    """A soap bubble: a ring with a highlight."""
    s = Sketch()
    s.circle((50, 50), 50)
    s.circle((50, 50), 42, fill=0)
    s.line(arc((50, 50), 31, 195, 245, 24), 7)
    s.circle(arc((50, 50), 31, 266, 266, 1)[0], 4)
    return s


@sketch_icon("snowflake")
def _snowflake() -> Sketch:
    """A snowflake: six spokes with branches."""
    s = Sketch()
    length, width = 50.0, 7.0
    for k in range(6):
        a = -90 + 60 * k
        s.line(rot([(0, 0), (length, 0)], a), width)
        for at, blen in ((0.5, 17.0), (0.78, 11.0)):
            base = (length * at, 0.0)
            for side in (-1, 1):
                tip = (
                    base[0] + blen * math.cos(math.radians(45)),
                    side * blen * math.sin(math.radians(45)),
                )
                s.line(rot([base, tip], a), width * 0.85)
    s.poly(regular((0, 0), 12, 6))
    return s


@sketch_icon("leaf")
def _leaf() -> Sketch:
    """A leaf: a pointed oval with a midrib and veins cut out, on a short stem."""
    s = Sketch()
    n = 48
    upper: list[Point] = []
    for i in range(n + 1):
        x = -50 + 100 * i / n
        u = (x + 50) / 100
        upper.append((x, -34 * math.sin(math.pi * u) * (1 - 0.4 * u)))
    lower = [(x, -y) for x, y in upper]
    leaf = upper + lower[::-1][1:-1]
    angle = -40
    s.poly(rot(leaf, angle))
    s.line(rot([(-62, 0), (-48, 0)], angle), 5)
    s.line(rot([(-46, 0), (40, 0)], angle), 3.2, fill=0)
    for x0, reach in ((-28, 16.0), (-6, 14.0), (15, 10.0)):
        for side in (-1, 1):
            s.line(rot([(x0, 0), (x0 + reach, side * reach)], angle), 2.6, fill=0)
    return s


@sketch_icon("shell")
def _shell() -> Sketch:
    """A scallop shell: a fan of ribs with a scalloped rim and two ears at the hinge."""
    s = Sketch()
    hinge: Point = (50, 88)
    radius, ribs = 66.0, 7
    start, end = 213.0, 327.0
    step = (end - start) / ribs
    inner = radius * math.cos(math.radians(step / 2))
    bump = radius * math.sin(math.radians(step / 2))
    edges = [start + step * i for i in range(ribs + 1)]
    s.poly([hinge, *[arc(hinge, inner, a, a, 1)[0] for a in edges]])
    for i in range(ribs):
        s.circle(arc(hinge, radius, edges[i] + step / 2, 0, 1)[0], bump)
    for a in edges[1:-1]:
        s.line(
            [arc(hinge, 18, a, a, 1)[0], arc(hinge, inner + 1, a, a, 1)[0]],
            3.4,
            fill=0,
            caps=False,
        )
    s.poly([(40, 76), (60, 76), (74, 90), (72, 98), (28, 98), (26, 90)])
    return s


@sketch_icon("feather")
def _feather() -> Sketch:
    """A feather: a curved vane with a rachis, two notches and a quill."""
    s = Sketch()
    spine = bezier((10, 98), (30, 64), (56, 22), (94, 4), 80)
    n = len(spine) - 1
    v0 = 16  # vane starts here
    left: list[float] = []
    right: list[float] = []
    for i in range(n + 1):
        u = max(0.0, (i - v0) / (n - v0))
        prof = max(0.0, u) ** 0.7 * math.sqrt(max(0.0, 1 - u * u)) if i >= v0 else 0.0
        left.append(19 * prof)
        right.append(13 * prof)
    s.poly(ribbon(spine[v0:], left[v0:], right[v0:]))
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
