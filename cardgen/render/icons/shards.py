"""The icons made for Shards of the Artisan: its five stats, its pens and crystals."""

from __future__ import annotations

from cardgen.render.icons.draw import sketch_icon
from cardgen.render.icons.geometry import BOLT, Point, bezier, heart, mirror_x, move, rot, sparkle
from cardgen.render.icons.sketch import Sketch


def _crystal_half(s: Sketch, side: str) -> None:
    """Half of a faceted crystal split on x = 50; 'left' or 'right'."""
    outline: list[Point] = [(50, 0), (12, 30), (12, 66), (50, 100)]
    # The facet runs slightly past the split so the cut ends cleanly on the edge.
    facet: list[Point] = [(56, 12), (27, 36), (27, 61), (56, 89)]
    if side == "right":
        outline, facet = mirror_x(outline, 50), mirror_x(facet, 50)
    s.poly(outline)
    s.line(facet, 4.2, fill=0, caps=False)


@sketch_icon("agility")
def _agility() -> Sketch:
    """A lightning bolt with speed lines."""
    s = Sketch()
    s.poly(BOLT)
    s.line([(-6, 26), (22, 26)], 8)
    s.line([(-20, 48), (12, 48)], 8)
    s.line([(-6, 70), (26, 70)], 8)
    return s


@sketch_icon("heart")
def _heart_icon() -> Sketch:
    """A heart."""
    return Sketch.polygon(heart())


@sketch_icon("luck")
def _luck() -> Sketch:
    """A four-leaf clover with a curved stem."""
    s = Sketch()
    leaf = move(heart(), 0, -17 - 3.5, 1.25)  # tip just below the origin, lobes up
    for angle in (0, 90, 180, 270):
        s.poly(rot(leaf, angle + 45))
    for end in ((0, -30), (30, 0), (0, 30), (-30, 0)):
        s.line([(0, 0), end], 2.6, fill=0, caps=False)
    s.circle((0, 0), 6.5)
    s.line(bezier((0, 0), (4, 20), (14, 34), (30, 44)), 6)
    return s


@sketch_icon("magic")
def _magic() -> Sketch:
    """A large sparkle with two small ones."""
    s = Sketch()
    s.poly(sparkle((42, 58), 42))
    s.poly(sparkle((86, 18), 16))
    s.poly(sparkle((84, 80), 9))
    return s


@sketch_icon("charisma")
def _charisma() -> Sketch:
    """A three-pointed crown with jewels and a band."""
    s = Sketch()
    s.poly([(12, 72), (6, 26), (31, 48), (50, 14), (69, 48), (94, 26), (88, 72)])
    for c in ((6, 24), (50, 11), (94, 24)):
        s.circle(c, 7)
    s.rrect(10, 77, 90, 93, 4)
    for x in (30, 50, 70):
        s.circle((x, 85), 3.5, fill=0)
    return s


@sketch_icon("pen")
def _pen() -> Sketch:
    """A fountain-pen nib, tilted as if writing."""
    s = Sketch()
    right = bezier((0, 52), (6, 40), (28, 18), (28, -6))
    body = [*right, (20, -30), (-20, -30), *mirror_x(right, 0)[::-1]]
    collar = [(-22, -37), (22, -37), (22, -52), (-22, -52)]
    s.poly(rot(body, 45))
    s.poly(rot(collar, 45))
    s.line(rot([(0, 60), (0, 2)], 45), 3.4, fill=0, caps=False)
    s.circle(rot([(0, 0)], 45)[0], 6.5, fill=0)
    return s


@sketch_icon("crystal-half-left")
def _crystal_left() -> Sketch:
    """The left half of a faceted crystal."""
    s = Sketch()
    _crystal_half(s, "left")
    return s


@sketch_icon("crystal-half-right")
def _crystal_right() -> Sketch:
    """The right half of a faceted crystal."""
    s = Sketch()
    _crystal_half(s, "right")
    return s


@sketch_icon("crystal")
def _crystal() -> Sketch:
    """A whole faceted crystal: the two halves joined, with the ridge between them."""
    s = Sketch()
    s.poly([(50, 0), (12, 30), (12, 66), (50, 100), (88, 66), (88, 30)])
    s.line([(50, 17), (27, 36), (27, 61), (50, 84), (73, 61), (73, 36), (50, 17)], 4.2, fill=0)
    s.line([(50, 17), (50, 84)], 4.2, fill=0)
    return s


@sketch_icon("shard")
def _shard() -> Sketch:
    """A jagged crystal shard with a facet, and a small splinter beside it."""
    s = Sketch()
    s.poly([(40, 0), (66, 30), (60, 62), (44, 100), (30, 78), (34, 60), (20, 44)])
    s.line([(40, -4), (44, 44), (44, 104)], 3.6, fill=0, caps=False)
    s.poly([(78, 42), (90, 58), (80, 80), (70, 62)])
    return s
