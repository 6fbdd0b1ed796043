"""Seats round a TTS table (`cardgen.tts.seats`): TTS's colours in order, every
hand zone facing the middle, no two overlapping, a seat's own area in front of it."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from cardgen.tts.seats import SEAT_COLOURS, hand_zone, seats


@given(
    st.integers(min_value=1, max_value=len(SEAT_COLOURS)),
    st.floats(min_value=4, max_value=40),
    st.floats(min_value=0, max_value=30),
)
def test_seats_face_the_middle_and_their_hands_do_not_overlap(
    players: int, width: float, middle: float
) -> None:
    placed = seats(players, width, middle)
    assert [s.colour for s in placed] == list(SEAT_COLOURS)[:players]
    for seat in placed:
        x, z = seat.point(0, 0)
        assert math.isclose(math.hypot(x, z), seat.radius, abs_tol=1e-3)
        assert seat.radius >= middle + 9 - 1e-3  # the shared piles fit inside the ring
        angle = math.radians(seat.hand_rotation)
        forward = (math.sin(angle), math.cos(angle))  # the zone's +z, turned by rotY
        assert math.isclose(forward[0] * -x + forward[1] * -z, seat.radius, rel_tol=1e-3)
        near = seat.point(0, 5)  # a point in front of the seat is nearer the middle
        assert math.hypot(*near) < seat.radius
        assert math.isclose((seat.card_rotation - seat.hand_rotation) % 360, 180, abs_tol=1e-3)
        zone = hand_zone("abcdef", seat, width)
        assert zone["FogColor"] == seat.colour and zone["Transform"]["scaleX"] == round(width, 4)
    if players > 2:  # neighbours' zones (segments `width` long) keep 2 units apart
        for a, b in zip(placed, placed[1:] + placed[:1], strict=True):
            assert math.dist(a.point(-width / 2, 0), b.point(width / 2, 0)) > 1.99
