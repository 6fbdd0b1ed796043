"""The seats of a Tabletop Simulator table set up for N players: each seat's colour (in
TTS's order), where it sits around the middle, which way it faces, and its hand zone.

A seat is at angle `angle` around the middle (0: the near side, seats going round
clockwise seen from above), `radius` away; its player faces the middle. A point of the
seat's own area is given as (across, inward): `across` along the player's right hand,
`inward` from the hand zone towards the middle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from cardgen.tts.objects import common, scripts

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


@dataclass(frozen=True)
class Seat:
    """One player's place at the table."""

    number: int
    colour: str
    angle: float
    radius: float

    @property
    def rgb(self) -> dict[str, float]:
        """The seat's colour as a TTS tint."""
        return dict(zip("rgb", SEAT_COLOURS[self.colour], strict=True))

    def point(self, across: float, inward: float) -> tuple[float, float]:
        """World (x, z) of a point of the seat's area."""
        a = math.radians(self.angle)
        distance = self.radius - inward
        x = -distance * math.sin(a) + across * math.cos(a)
        z = -distance * math.cos(a) - across * math.sin(a)
        return round(x, 4), round(z, 4)

    @property
    def hand_rotation(self) -> float:
        """The hand zone's rotation about Y: facing the middle."""
        return round(self.angle % 360, 4)

    @property
    def card_rotation(self) -> float:
        """A card's rotation about Y that reads right way up for the seat's player."""
        return round((self.angle + 180) % 360, 4)


def seats(players: int, width: float, middle: float) -> list[Seat]:
    """`players` seats evenly round the middle, far enough apart that hand zones `width`
    wide do not overlap and that the shared piles (within `middle` of the centre) fit."""
    if players > len(SEAT_COLOURS):
        raise ValueError(f"TTS has {len(SEAT_COLOURS)} seat colours, not {players}")
    radius = max(15.0, middle + 9.0)
    if players > 2:
        radius = max(radius, (width + 2) / (2 * math.sin(math.pi / players)))
    colours = list(SEAT_COLOURS)
    return [
        Seat(number, colours[number], 360 * number / players, round(radius, 4))
        for number in range(players)
    ]


def hand_zone(guid: str, seat: Seat, width: float) -> dict[str, Any]:
    """A seat's hand zone (`HandTrigger`), in its colour, facing the middle."""
    x, z = seat.point(0, 0)
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
    data = common(guid, "HandTrigger", placed, f"{seat.colour}'s hand", color=seat.rgb | {"a": 0.0})
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
