"""Seats round a TTS table (`cardgen.tts.seats`): TTS's colours in order, every hand
zone on an edge of the table's surface and facing across it, no two overlapping, a seat's
own area in front of it."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from cardgen.tts.seats import SEAT_COLOURS, hand_zone, seats, zone_width
from cardgen.tts.tables import Table

RPG = Table("Table_RPG", 58.0, 40.0)  # docs/tts.md, "Tables"


def corners(
    x: float, z: float, turn: float, width: float, depth: float
) -> list[tuple[float, float]]:
    """The four corners of a `width` x `depth` rectangle at (x, z) turned `turn` about Y."""
    a = math.radians(turn)
    out = []
    for u, v in ((-1, -1), (-1, 1), (1, 1), (1, -1)):
        du, dv = u * width / 2, v * depth / 2
        out.append(
            (x + du * math.cos(a) + dv * math.sin(a), z - du * math.sin(a) + dv * math.cos(a))
        )
    return out


@given(
    st.integers(min_value=1, max_value=len(SEAT_COLOURS)),
    st.floats(min_value=4, max_value=40),
    st.sampled_from([RPG, Table("Table_Custom", 88.0, 52.0)]),
)
def test_seats_sit_on_the_table_facing_across_it_their_hands_apart(
    players: int, wanted: float, table: Table
) -> None:
    width = zone_width(players, wanted, table)
    assert width <= round(wanted, 4)
    placed = seats(players, width, table)
    assert [s.colour for s in placed] == list(SEAT_COLOURS)[:players]
    boxes = []
    for seat in placed:
        assert seat.hand_rotation in (0.0, 90.0, 180.0, 270.0)
        x, z = seat.point(0, 0)
        near = seat.point(0, 5)  # a point in front of the seat is nearer the middle
        assert math.hypot(*near) < math.hypot(x, z)
        assert math.isclose((seat.card_rotation - seat.hand_rotation) % 360, 180, abs_tol=1e-3)
        zone = hand_zone("abcdef", seat, width, "a hand")
        assert zone["FogColor"] == seat.colour and zone["Transform"]["scaleX"] == round(width, 4)
        box = corners(x, z, seat.hand_rotation, width, 4.7)
        assert all(abs(px) <= table.width / 2 + 1e-6 for px, _ in box)
        assert all(abs(pz) <= table.depth / 2 + 1e-6 for _, pz in box)
        boxes.append(box)
    for i, a in enumerate(boxes):  # no two zones overlap (axis-aligned: their boxes)
        for b in boxes[i + 1 :]:
            apart_x = (
                max(p[0] for p in a) <= min(p[0] for p in b) + 1e-6
                or max(p[0] for p in b) <= min(p[0] for p in a) + 1e-6
            )
            apart_z = (
                max(p[1] for p in a) <= min(p[1] for p in b) + 1e-6
                or max(p[1] for p in b) <= min(p[1] for p in a) + 1e-6
            )
            assert apart_x or apart_z
