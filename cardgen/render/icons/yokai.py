"""The icons made for Yokai Sketch and Splatterkins, and the plain shapes."""

from __future__ import annotations

from cardgen.render.icons.draw import sketch_icon
from cardgen.render.icons.geometry import arc, bezier, drop_outline, mirror_x, regular, rot
from cardgen.render.icons.sketch import Sketch


@sketch_icon("eye")
def _eye() -> Sketch:
    """An eye: almond, iris, pupil and a glint."""
    s = Sketch()
    n = 48
    upper = [(100 * i / n, 50 - 34 * (1 - (2 * i / n - 1) ** 2)) for i in range(n + 1)]
    lower = [(x, 100 - y) for x, y in upper]
    s.poly(upper + lower[::-1][1:-1])
    s.circle((50, 50), 23, fill=0)
    s.circle((50, 50), 17)
    s.circle((50, 50), 7, fill=0)
    s.circle((57, 43), 4, fill=0)
    return s


@sketch_icon("bell")
def _bell() -> Sketch:
    """A hand bell with a clapper."""
    s = Sketch()
    right = (
        bezier((50, 12), (74, 12), (78, 30), (78, 52), 32)
        + bezier((78, 52), (78, 66), (84, 72), (94, 78), 16)[1:]
    )
    s.poly([*right, *mirror_x(right, 50)[::-1]])
    s.circle((50, 8), 7)
    s.rrect(4, 76, 96, 86, 5)
    s.circle((50, 92), 8)
    return s


@sketch_icon("brush")
def _brush() -> Sketch:
    """A paint brush: bristles, ferrule and a tapered handle, tilted."""
    s = Sketch()
    angle = -45
    tip = bezier((0, 0), (6, -2), (18, -12), (34, -10), 24)
    bristles = [*tip, *[(x, -y) for x, y in tip][::-1]]
    s.poly(rot(bristles, angle))
    s.poly(rot([(36, -11), (56, -11), (56, 11), (36, 11)], angle))
    handle = [(58, -8), (128, -5.5), (128, 5.5), (58, 8)]
    s.poly(rot(handle, angle))
    s.circle(rot([(128, 0)], angle)[0], 5.5)
    s.line(rot([(46, -12), (46, 12)], angle), 2.5, fill=0, caps=False)
    return s


@sketch_icon("circle")
def _circle() -> Sketch:
    """A disc."""
    s = Sketch()
    s.circle((50, 50), 50)
    return s


@sketch_icon("diamond")
def _diamond() -> Sketch:
    """A rhombus, taller than wide."""
    return Sketch.polygon([(50, 0), (88, 50), (50, 100), (12, 50)])


@sketch_icon("hexagon")
def _hexagon() -> Sketch:
    """A regular hexagon, pointy side up."""
    return Sketch.polygon(regular((50, 50), 50, 6))


@sketch_icon("triangle")
def _triangle() -> Sketch:
    """An equilateral triangle pointing up."""
    return Sketch.polygon(regular((50, 50), 50, 3))


@sketch_icon("square")
def _square() -> Sketch:
    """A square with slightly rounded corners."""
    s = Sketch()
    s.rrect(0, 0, 100, 100, 10)
    return s


@sketch_icon("paint-drop")
def _paint_drop() -> Sketch:
    """A glossy drop of paint: a drop with a highlight cut out."""
    s = Sketch()
    s.poly(drop_outline())
    s.line(arc((50, 64), 24, 150, 215, 24), 6.5, fill=0)
    return s
