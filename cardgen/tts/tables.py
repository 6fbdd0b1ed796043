"""Tabletop Simulator's tables: the size of each one's surface, the one a save names, and
what an object covers of it (its footprint), so that a save puts nothing off the table.

A table's surface is a rectangle centred on the origin, `width` along x and `depth` along
z, in table units (inches). The sizes and their sources are in docs/tts.md ("Tables").
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from cardgen.tts.sizes import DIE_UNITS, PDF_UNITS, TILE_UNITS, TOKEN_UNITS, footprint


@dataclass(frozen=True)
class Table:
    """A TTS table: its name in a save and its surface."""

    name: str
    width: float
    depth: float

    def holds(self, box: tuple[float, float, float, float], margin: float = 0.0) -> bool:
        """Whether a footprint (min x, max x, min z, max z) lies on the surface, `margin`
        in from its edge."""
        half_w, half_d = self.width / 2 - margin, self.depth / 2 - margin
        x0, x1, z0, z1 = box
        return -half_w <= x0 and x1 <= half_w and -half_d <= z0 and z1 <= half_d


TABLE_RPG = Table("Table_RPG", 58.0, 40.0)
"""The Rectangle table (`Table_RPG`, 1-8 players by TTS's knowledge base)."""
TABLE_CUSTOM = Table("Table_Custom", 88.0, 52.0)
"""The Custom Rectangle table (`Table_Custom`, 1-10 players), its felt 7'4" x 4'4"."""
TABLES = (TABLE_RPG, TABLE_CUSTOM)
"""The tables a save may name, smallest first: a save takes the first that holds it."""

EDGE_MARGIN = 0.5
"""How far in from the surface's edge objects keep."""

COUNTER_UNITS = (2.0, 1.2)
"""A Counter's footprint at scale 1 (its number display, taken generously)."""
PAWN_UNITS = (1.0, 1.0)
"""A PlayerPawn's footprint at scale 1."""
PIECE_UNITS = (1.2, 1.2)
"""Another built-in piece's (a checker, a block, a standee) at scale 1, taken generously."""
BAG_UNITS = (2.0, 2.0)
"""A Bag's at scale 1."""
DICE = frozenset({"Custom_Dice", "Die_4", "Die_6", "Die_8", "Die_10", "Die_12", "Die_20"})


def footprint_size(obj: dict[str, Any]) -> tuple[float, float]:
    """An object's width (along its own x) and depth (its own z) on the table: a card or a
    deck by its scale and whether it lies sideways, a tile by its shape (a hex is longer
    point to point), a token, a die, a counter, a piece or a bag at its size at scale 1
    (`tts/sizes.py`, docs/tts.md), a hand zone by its scale."""
    t = obj["Transform"]
    name = obj["Name"]
    sx, sz = float(t["scaleX"]), float(t["scaleZ"])
    if name == "HandTrigger":
        return sx, sz
    if name in ("Card", "Deck"):
        return footprint(sx, sz, bool(obj.get("SidewaysCard")))
    if name == "Custom_Tile":
        hexagon = obj.get("CustomImage", {}).get("CustomTile", {}).get("Type", 1) == 1
        return TILE_UNITS * sx, TILE_UNITS * sz * (2 / math.sqrt(3) if hexagon else 1.0)
    if name == "Custom_Token":
        return TOKEN_UNITS * sx, TOKEN_UNITS * sz
    if name == "Custom_PDF":
        return PDF_UNITS[0] * sx, PDF_UNITS[1] * sz
    if name in DICE:
        return DIE_UNITS * sx, DIE_UNITS * sz
    unit = {"Counter": COUNTER_UNITS, "PlayerPawn": PAWN_UNITS, "Bag": BAG_UNITS}
    width, depth = unit.get(name, PIECE_UNITS)
    return width * sx, depth * sz


def turned_box(
    x: float, z: float, size: tuple[float, float], turn: float
) -> tuple[float, float, float, float]:
    """The box (min x, max x, min z, max z) a footprint of `size` (width, depth) centred on
    (x, z) covers, turned `turn` degrees about Y."""
    a = math.radians(turn)
    cos, sin = abs(math.cos(a)), abs(math.sin(a))
    half_x = (size[0] * cos + size[1] * sin) / 2
    half_z = (size[0] * sin + size[1] * cos) / 2
    return x - half_x, x + half_x, z - half_z, z + half_z


def object_box(obj: dict[str, Any]) -> tuple[float, float, float, float]:
    """The box (min x, max x, min z, max z) an object covers, turned by its rotY."""
    t = obj["Transform"]
    return turned_box(t["posX"], t["posZ"], footprint_size(obj), t["rotY"])


def extent(objects: Iterable[dict[str, Any]]) -> tuple[float, float, float, float]:
    """The box every object's footprint lies in ((0, 0, 0, 0) for none)."""
    boxes = [object_box(obj) for obj in objects]
    if not boxes:
        return 0.0, 0.0, 0.0, 0.0
    return (
        min(b[0] for b in boxes),
        max(b[1] for b in boxes),
        min(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def fits(objects: Iterable[dict[str, Any]], table: Table) -> bool:
    """Whether every object lies on the table's surface."""
    return all(table.holds(object_box(obj)) for obj in objects)


def _nested(obj: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield obj
    for inner in obj.get("ContainedObjects") or []:
        yield from _nested(inner)
    for state in (obj.get("States") or {}).values():
        yield from _nested(state)


def centre_depth(objects: list[dict[str, Any]]) -> float:
    """Move the objects (and those inside them, and their other states) along z so that
    what they cover is centred on the table; the shift made."""
    _, _, low, high = extent(objects)
    shift = round(-(low + high) / 2, 4)
    moved: dict[int, dict[str, float]] = {}  # a deck's cards may share one Transform
    for obj in objects:
        for part in _nested(obj):
            moved.setdefault(id(part["Transform"]), part["Transform"])
    for placed in moved.values():
        placed["posZ"] = round(placed["posZ"] + shift, 4)
    return shift
