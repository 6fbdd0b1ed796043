"""Where each thing of a Tabletop Simulator table set up for N players lies: the table the
save names (the smallest of `tables.TABLES` that holds it all), the seats round its edges,
each seat's row of piles and counters in front of it, the shared piles (in the middle, in a
column beside a board, or at the ends of the play area as their `place` says) and the box
pile in a corner, worked out before any object is made.
"""

from __future__ import annotations

from cardgen.load.game import GamePack
from cardgen.tts.board import board_extent
from cardgen.tts.component_table import ROW_GAP, ComponentTable
from cardgen.tts.deal import TablePlan
from cardgen.tts.seats import HAND_DEPTH, Seat, seats, zone_width
from cardgen.tts.sizes import CARD_MM
from cardgen.tts.tables import COUNTER_UNITS, EDGE_MARGIN, TABLES, Table, turned_box

SEAT_INWARD = 5.5
"""How far in front of a hand zone a seat's piles lie."""
CLEAR = 1.0
"""Units kept between piles set apart (the ends, the board's side, a corner) and what is
beside them."""
ENDS_REACH = 15.0
"""The farthest from the middle the piles at the ends of the play area lie."""
Box = tuple[float, float, float, float]
"""What something covers of the table: min x, max x, min z, max z."""


class TableLayout:
    """The places of a table's seats, piles and counters."""

    def __init__(
        self,
        pack: GamePack,
        plan: TablePlan,
        scale: tuple[float, float],
        spacing: float,
        parts: ComponentTable | None = None,
    ) -> None:
        self.pack = pack
        self.plan = plan
        self.spacing = spacing
        self.parts = parts
        counters = [c for c in pack.game.counters if c.owner == "player"]
        widest = max((len(s.piles) for s in plan.seats), default=0) + len(counters)
        wanted = max(10.0, widest * spacing + 2)
        if parts is not None:  # a seat's row of components fits its hand zone's width
            wanted = max(wanted, parts.seat_row()[0] + 2)
        self.card = (CARD_MM[0] / 25.4 * scale[0], CARD_MM[1] / 25.4 * scale[1])
        self.board = board_extent(pack) if pack.game.boards else (0.0, 0.0)
        for table in TABLES:  # the smallest table that holds it all
            self.table: Table = table
            self.width = zone_width(plan.players, wanted, table)
            self.seats: list[Seat] = seats(plan.players, self.width, table)
            if all(table.holds(box) for box in self.boxes()):
                break

    def across(self, column: int, count: int) -> float:
        """The offset of column `column` of a row of `count`, centred."""
        return (column - (count - 1) / 2) * self.spacing

    def seat_spots(self, seat: Seat, count: int) -> list[tuple[float, float]]:
        """Where the `count` piles and counters of a seat's row lie."""
        return [seat.point(self.across(column, count), SEAT_INWARD) for column in range(count)]

    def shared_spots(self) -> list[tuple[float, float]]:
        """Where each shared pile lies: `middle` ones in a row in the middle (beside the
        board, in a column, when there is one), the others at the ends of the play area."""
        shared = self.plan.shared
        middle = [index for index, pile in enumerate(shared) if pile.place == "middle"]
        spots: list[tuple[float, float]] = [(0.0, 0.0)] * len(shared)
        for column, index in enumerate(middle):
            if self.pack.game.boards:  # a column on the board's left, clear of it
                x = -(self.board[0] + CLEAR + self.card[0] / 2)
                step = self.card[1] + 0.6
                spots[index] = (round(x, 4), round((column - (len(middle) - 1) / 2) * step, 4))
            else:
                spots[index] = (self.across(column, len(middle)), 0.0)
        ends = self._ends()
        side = 0
        for index, pile in enumerate(shared):
            if pile.place == "middle":
                continue
            left = pile.place == "left" or (pile.place == "ends" and side % 2 == 0)
            side += pile.place == "ends"
            spots[index] = (-ends if left else ends, 0.0)
        return spots

    def _ends(self) -> float:
        """How far from the middle the piles at the ends lie: clear of the seats on the
        left and right edges and of the table's edge, at most `ENDS_REACH`."""
        room = self.table.width / 2 - EDGE_MARGIN
        for seat in self.seats:
            if seat.angle in (90.0, 270.0):
                room = min(room, abs(seat.x) - SEAT_INWARD - self.card[1] / 2)
        return round(min(ENDS_REACH, room - CLEAR - self.card[0] / 2), 4)

    def rest_spot(self, number: int = 0) -> tuple[float, float]:
        """The box pile (the `number`th, one a card size): in the near corner on the
        right, between the last seat and the first, each further pile further in."""
        x = self.table.width / 2 - EDGE_MARGIN - CLEAR / 2 - self.card[0] / 2
        x -= number * (self.card[0] + CLEAR)
        z = self.table.depth / 2 - EDGE_MARGIN - CLEAR / 2 - self.card[1] / 2
        return round(x, 4), round(-z, 4)

    def component_rows(self) -> tuple[float, float]:
        """How far in front of its hand zone a seat's row of components begins (beyond its
        piles), and how far from the middle the shared row begins (beyond the shared piles
        or the board), in units (`ComponentTable.lay_out`)."""
        inward = SEAT_INWARD + self.card[1] / 2
        near = self.board[1] if self.pack.game.boards else self.card[1] / 2
        return inward, near

    def _component_boxes(self) -> list[Box]:
        """What the components' rows cover: each seat's, and the shared one (beyond the
        shared piles or the board, on the far side)."""
        if self.parts is None:
            return []
        found: list[Box] = []
        inward, near = self.component_rows()
        width, depth = self.parts.seat_row()
        if depth:
            for seat in self.seats:
                x, z = seat.point(0.0, inward + ROW_GAP + depth / 2)
                found.append(turned_box(x, z, (width, depth), seat.angle))
        width, depth = self.parts.shared_row()
        if depth:
            start = near + ROW_GAP
            found.append((-width / 2, width / 2, start, start + depth))
        return found

    def boxes(self) -> list[Box]:
        """What the table's hand zones, piles, counters and board cover, worked out
        before any is made (the table is chosen by them)."""
        found: list[Box] = []

        def box(x: float, z: float, size: tuple[float, float], turn: float) -> None:
            found.append(turned_box(x, z, size, turn))

        counters = [c for c in self.pack.game.counters if c.owner == "player"]
        for seat, cards in zip(self.seats, self.plan.seats, strict=True):
            box(seat.x, seat.z, (self.width, HAND_DEPTH), seat.angle)
            count = len(cards.piles) + len(counters)
            for column, (x, z) in enumerate(self.seat_spots(seat, count)):
                size = self.card if column < len(cards.piles) else COUNTER_UNITS
                box(x, z, size, seat.angle)
        for x, z in self.shared_spots():
            box(x, z, self.card, 0.0)
        for number, _ in enumerate(self.plan.rest):
            box(*self.rest_spot(number), self.card, 0.0)
        if self.pack.game.boards:
            found.append((-self.board[0], self.board[0], -self.board[1], self.board[1]))
        return found + self._component_boxes()
