"""The icons made for Splatoon: The Board Game: its three weapons and the squid."""

from __future__ import annotations

from cardgen.render.icons.draw import sketch_icon
from cardgen.render.icons.geometry import bezier, mirror_x, quad
from cardgen.render.icons.sketch import Sketch


@sketch_icon("splattershot")
def _splattershot() -> Sketch:
    """A chunky ink blaster seen from the side, nozzle to the right."""
    s = Sketch()
    s.rrect(18, 10, 56, 34, 9)  # ink tank
    s.rrect(24, 16, 50, 22, 3, fill=0)  # tank window
    s.rrect(8, 32, 76, 54, 8)  # body
    s.rrect(74, 37, 94, 49, 2)  # barrel
    s.rrect(90, 33, 100, 53, 3)  # muzzle
    s.poly([(22, 52), (42, 52), (36, 88), (14, 88)])  # grip
    s.line([(44, 54), (48, 66), (38, 68)], 4.5, caps=True)  # trigger guard
    return s


@sketch_icon("splat-roller")
def _splat_roller() -> Sketch:
    """A paint roller: roller drum, bent frame and handle."""
    s = Sketch()
    s.rrect(4, 4, 84, 34, 10)
    s.rrect(84, 13, 92, 25, 2)
    s.line([(92, 19), (98, 19), (98, 48), (50, 48), (50, 62)], 6, caps=False)
    s.rrect(41, 58, 59, 100, 7)
    s.line([(41, 70), (59, 70)], 2.5, fill=0, caps=False)
    return s


@sketch_icon("splat-charger")
def _splat_charger() -> Sketch:
    """A long charger rifle with a scope, nozzle to the right."""
    s = Sketch()
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


@sketch_icon("squid")
def _squid() -> Sketch:
    """A squid: pointed mantle with fins, big eyes and short tentacles."""
    s = Sketch()
    fin = [*bezier((50, 0), (64, 12), (86, 30), (97, 54), 24), (72, 42)]
    s.poly([*fin, (72, 64), (28, 64), *mirror_x(fin, 50)[::-1]])
    s.rrect(28, 40, 72, 78, 10)
    for x0, x1, y1 in ((33, 27, 94), (44, 42, 100), (56, 58, 100), (67, 73, 94)):
        s.line(quad((x0, 70), ((x0 + x1) / 2, 84), (x1, y1), 12), 10)
    for x in (39.5, 60.5):
        s.circle((x, 55), 8, fill=0)
        s.circle((x, 56), 4.2)
    return s
