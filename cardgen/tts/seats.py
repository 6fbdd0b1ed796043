"""The seats of a Tabletop Simulator table set up for N players: each seat's colour (in
TTS's order), where it sits on the table's edge, which way it faces, and its hand zone.

Seats go round the table clockwise seen from above, seat 0 on the near side: seat k of n
takes the edge the direction 360 k / n degrees round from the near side meets, as TTS's
own tables seat players along their edges, its hand zone on the table, facing straight
across the table (rotY 0 on the near edge, 90 on the left, 180 far, 270 right). A point
of the seat's own area is given as (across, inward): `across` along the player's right
hand, `inward` from the hand zone towards the middle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from cardgen.tts.objects import common, scripts
from cardgen.tts.tables import EDGE_MARGIN, Table

SEAT_COLOURS: dict[str, tuple[float, float, float]] = {
    "White": (1.0, 1.0, 1.0),
    "Red": (0.856, 0.1, 0.094),
    "Blue": (0.118, 0.53, 1.0),
    "Green": (0.192, 0.701, 0.168),
    "Yellow": (0.905, 0.898, 0.172),
    "Orange": (0.956, 0.392, 0.113),
    "Purple": (0.627, 0.125, 0.941),
    "Pink": (0.96, 0.439, 0.807),
    "Teal": (0.129, 0.694, 0.607),
    "Brown": (0.443, 0.231, 0.09),
}
"""The player colours seats take, in order, with the tint TTS gives each (the values of a
v13.1.1 save's hand zones)."""

HAND_DEPTH = 4.7
HAND_HEIGHT = 6.5
HAND_Y = 4.1
"""A hand zone's depth, height and centre height, as a v13.1.1 save has them."""


ZONE_GAP = 2.0
"""Units kept between two hand zones on one edge."""


@dataclass(frozen=True)
class Seat:
    """One player's place at the table: its hand zone's centre and turn."""

    number: int
    colour: str
    angle: float
    x: float
    z: float

    @property
    def rgb(self) -> dict[str, float]:
        """The seat's colour as a TTS tint."""
        return dict(zip("rgb", SEAT_COLOURS[self.colour], strict=True))

    def point(self, across: float, inward: float) -> tuple[float, float]:
        """World (x, z) of a point of the seat's area."""
        a = math.radians(self.angle)
        x = self.x + inward * math.sin(a) + across * math.cos(a)
        z = self.z + inward * math.cos(a) - across * math.sin(a)
        return round(x, 4), round(z, 4)

    @property
    def hand_rotation(self) -> float:
        """The hand zone's rotation about Y: facing across the table."""
        return round(self.angle % 360, 4)

    @property
    def card_rotation(self) -> float:
        """A card's rotation about Y that reads right way up for the seat's player."""
        return round((self.angle + 180) % 360, 4)


def _edge(direction: float, table: Table) -> tuple[float, float, float]:
    """Where the direction `direction` (degrees clockwise from the near side) from the
    middle meets the ring of hand-zone centres: (x, z, the edge's turn)."""
    reach_x = table.width / 2 - HAND_DEPTH / 2 - EDGE_MARGIN
    reach_z = table.depth / 2 - HAND_DEPTH / 2 - EDGE_MARGIN
    a = math.radians(direction)
    dx, dz = -math.sin(a), -math.cos(a)
    if abs(dz) * reach_x >= abs(dx) * reach_z - 1e-9:  # the near or the far edge
        along = dx * reach_z / abs(dz)
        return along, math.copysign(reach_z, dz), 0.0 if dz < 0 else 180.0
    along = dz * reach_x / abs(dx)
    return math.copysign(reach_x, dx), along, 90.0 if dx < 0 else 270.0


def zone_width(players: int, width: float, table: Table) -> float:
    """The hand zones' width: `width`, narrowed so that the zones of one edge fit on it
    `ZONE_GAP` apart and no two zones (round a corner too) overlap."""
    spots = [_edge(360 * k / players, table) for k in range(players)]
    found = width
    for turn in {spot[2] for spot in spots}:
        count = sum(spot[2] == turn for spot in spots)
        length = table.width if turn in (0.0, 180.0) else table.depth
        found = min(found, (length - 2 * EDGE_MARGIN - (count - 1) * ZONE_GAP) / count)
    found = round(found, 4)
    while found > 1.0 and _overlap(seats(players, found, table), found):
        found = round(found - 0.5, 4)
    return found


def _box(seat: Seat, width: float) -> tuple[float, float, float, float]:
    """What a seat's hand zone covers: min x, max x, min z, max z."""
    across = seat.angle in (0.0, 180.0)
    half_x = (width if across else HAND_DEPTH) / 2
    half_z = (HAND_DEPTH if across else width) / 2
    return seat.x - half_x, seat.x + half_x, seat.z - half_z, seat.z + half_z


def _overlap(placed: list[Seat], width: float) -> bool:
    """Whether two seats' hand zones overlap."""
    boxes = [_box(seat, width) for seat in placed]
    return any(
        a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
    )


def seats(players: int, width: float, table: Table) -> list[Seat]:
    """`players` seats round the table's edges, their hand zones `width` wide (see
    `zone_width`), each as far along its edge as its direction puts it, kept on the
    table."""
    if players > len(SEAT_COLOURS):
        raise ValueError(f"TTS has {len(SEAT_COLOURS)} seat colours, not {players}")
    colours = list(SEAT_COLOURS)
    placed = []
    for number in range(players):
        x, z, turn = _edge(360 * number / players, table)
        if turn in (0.0, 180.0):
            room = table.width / 2 - width / 2 - EDGE_MARGIN
            x = max(-room, min(room, x))
        else:
            room = table.depth / 2 - width / 2 - EDGE_MARGIN
            z = max(-room, min(room, z))
        placed.append(Seat(number, colours[number], turn, round(x, 4) + 0.0, round(z, 4) + 0.0))
    return placed


def hand_zone(guid: str, seat: Seat, width: float, name: str) -> dict[str, Any]:
    """A seat's hand zone (`HandTrigger`) called `name`, in its colour, facing across
    the table."""
    x, z = seat.x, seat.z
    placed = {
        "posX": x,
        "posY": HAND_Y,
        "posZ": z,
        "rotX": 0.0,
        "rotY": seat.hand_rotation,
        "rotZ": 0.0,
        "scaleX": round(width, 4),
        "scaleY": HAND_HEIGHT,
        "scaleZ": HAND_DEPTH,
    }
    data = common(guid, "HandTrigger", placed, name, color=seat.rgb | {"a": 0.0})
    data.update(
        {
            "Value": 0,
            "Locked": True,
            "Grid": False,
            "HideWhenFaceDown": False,
            "Hands": False,
            "FogColor": seat.colour,
        }
    )
    return scripts(data)
