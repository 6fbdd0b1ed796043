"""Where a game's components lie on a Tabletop Simulator table: each seat's set in a row in
front of it (beyond its piles, facing its player), each team's beside its side of the
board, the shared ones in a row in the middle on the far side of the shared piles (or of
the board); in a Saved Object, one of each in a row below the cards.

Counters are laid out where they were before components became data: a seat's beside its
piles and a board's team and shared counters by the board (`tts/mod.py`, `tts/board.py`);
here only in a Saved Object.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardgen.check.board_checks import load_board
from cardgen.model.components import Component, CounterComponent
from cardgen.tts.board import board_spots, counter_spots, tint
from cardgen.tts.components import (
    Block,
    ComponentObjects,
    Owner,
    Place,
    lay_row,
    row_size,
)
from cardgen.tts.seats import Seat

if TYPE_CHECKING:
    from cardgen.tts.table import TableBuilder

ROW_GAP = 1.0
"""Units between a row of components and what lies before it (piles, the board)."""
SEAT_ROOM = 9.0
"""Units `seats.seats` leaves between the middle and a hand zone."""
SHARED_TINT = {"r": 0.9, "g": 0.9, "b": 0.9}


class ComponentTable:
    """The components of one table, laid out around its seats."""

    def __init__(self, builder: TableBuilder) -> None:
        self.objects = ComponentObjects(builder)
        self.pack = builder.pack
        game = self.pack.game
        self.own = [c for c in game.components if c.owner == "player" and _in_row(c)]
        self.team = [c for c in game.components if c.owner == "team" and _in_row(c)]
        self.shared = [c for c in game.components if c.owner == "shared" and _in_row(c)]

    def seat_row(self) -> tuple[float, float]:
        """The width and depth of a seat's row, in units."""
        return row_size(self.objects.blocks(self.own, Owner("size", "", SHARED_TINT)))

    def shared_row(self) -> tuple[float, float]:
        """The width and depth of the shared row (with the teams' when there is no board)."""
        blocks = self.objects.blocks(self.shared, Owner("size", "", SHARED_TINT))
        if not self.pack.game.boards:
            for team in self.pack.game.teams:
                blocks += self.objects.blocks(self.team, self._team_owner(team.id))
        return row_size(blocks)

    def middle(self, middle: float, seat_inward: float, near: float) -> float:
        """How far from the centre the seats must keep clear (`seats.seats`' `middle`) so
        that each seat's row, `seat_inward` from its hand zone, and the shared row, `near`
        from the centre, fit: `middle` at least."""
        seat_depth = self.seat_row()[1]
        width, depth = self.shared_row()
        if depth:
            middle = max(middle, near + ROW_GAP + depth, width / 2)
        if seat_depth:
            middle += max(0.0, seat_inward + ROW_GAP + seat_depth + 0.5 - SEAT_ROOM)
        return middle

    def _team_owner(self, team_id: str) -> Owner:
        team = next(t for t in self.pack.game.teams if t.id == team_id)
        colour = tint(team.color)
        return Owner(team.id, f"{team.label} - ", colour, team_tint=colour)

    def _seat_owner(self, seat: Seat) -> Owner:
        teams = self.pack.game.teams
        team = tint(teams[seat.number % len(teams)].color) if teams else None
        return Owner(seat.colour, f"{seat.colour} - ", seat.rgb, seat.card_rotation, team)

    def lay_out(
        self, seats: Sequence[Seat], seat_inward: float, near: float, board_z: float | None
    ) -> list[dict[str, Any]]:
        """Every seat's row `seat_inward` from its hand zone, the teams' rows beside the
        board (centred at `board_z`, when there is one), the shared row `near` from the
        centre on the far side."""
        found: list[dict[str, Any]] = []
        for seat in seats:
            blocks = self.objects.blocks(self.own, self._seat_owner(seat))
            found += lay_row(blocks, _seat_place(seat, seat_inward + ROW_GAP))
        shared = self.objects.blocks(self.shared, Owner("shared", "", SHARED_TINT))
        if board_z is not None and self.pack.game.boards:
            found += self._beside_board(board_z)
        else:
            for team in self.pack.game.teams:
                shared += self.objects.blocks(self.team, self._team_owner(team.id))
        start = near + ROW_GAP
        found += lay_row(shared, lambda along, depth: (along, start + depth))
        return found

    def _beside_board(self, board_z: float) -> list[dict[str, Any]]:
        """Each team's row beyond its counters, straight out from the board's centre."""
        if not self.team:
            return []
        board, _ = load_board(self.pack, self.pack.game.boards[0])
        teams, _ = counter_spots(board, board_spots(board, board_z))
        found: list[dict[str, Any]] = []
        for team_id, (x, z) in teams.items():
            blocks = self.objects.blocks(self.team, self._team_owner(team_id))
            found += lay_row(blocks, _outward_place((x, z), (x, z - board_z)))
        return found


def _in_row(component: Component) -> bool:
    """Whether a component lies in a row here (counters are placed by the table itself)."""
    return not isinstance(component, CounterComponent)


def _outward_place(spot: tuple[float, float], away: tuple[float, float]) -> Place:
    """A row beyond `spot` (a team's counters), going `away` from the board's centre."""
    length = math.hypot(*away) or 1.0
    out = (away[0] / length, away[1] / length)
    start = 1.0 + ROW_GAP

    def place(along: float, depth: float) -> tuple[float, float]:
        reach = start + depth
        return (
            spot[0] + out[0] * reach + out[1] * along,
            spot[1] + out[1] * reach - out[0] * along,
        )

    return place


def _seat_place(seat: Seat, inward: float) -> Place:
    """A seat's row: along its player's right hand, into the table from `inward`."""

    def place(along: float, depth: float) -> tuple[float, float]:
        return seat.point(along, inward + depth)

    return place


def saved_object_components(
    builder: TableBuilder, objects: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """One of each component in a row below everything else of a Saved Object (the
    counters a board places itself left out)."""
    maker = ComponentObjects(builder)
    boards = bool(builder.pack.game.boards)
    chosen = [
        c
        for c in builder.pack.game.components
        if not (isinstance(c, CounterComponent) and boards and c.owner != "player")
    ]
    blocks: list[Block] = maker.blocks(chosen, Owner("box", "", SHARED_TINT))
    if not blocks:
        return []
    lowest = min((float(o["Transform"]["posZ"]) for o in objects), default=0.0)
    top = lowest - 3.0
    return lay_row(blocks, lambda along, depth: (along, top - depth))
