"""Hex boards drawn as text rows: each token a cell, `-` for no cell.

Rows use "odd-r" offset coordinates (odd rows shifted half a hex to the right, pointy-top
hexes); `Board.cells()` converts them to axial `(q, r)`, the coordinates weapon patterns use.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cardgen.model.base import Strict

CellKind = Literal["ground", "medium", "tall", "blocked", "spawn-green", "spawn-purple"]
HEIGHT: dict[str, int] = {"ground": 0, "medium": 1, "tall": 2, "spawn-green": 1, "spawn-purple": 1}
"""How high a walkable cell is; spawn tiles are raised like a medium tile."""
AXIAL_NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class Board(Strict):
    """A hex board: its name, the legend of its row tokens, and its rows."""

    name: str = Field(description="The board's name.")
    description: str = Field(default="", description="Notes about the board.")
    hex_size: str = Field(default="25mm", description="Hex size, flat side to flat side.")
    legend: dict[str, CellKind] = Field(description="Token -> cell kind, e.g. `g: ground`.")
    rows: list[str] = Field(min_length=1, description="Rows of tokens; `-` leaves a gap.")

    def unknown_tokens(self) -> list[tuple[int, str]]:
        """(row index, token) for every token the legend does not define."""
        return [
            (index, token)
            for index, row in enumerate(self.rows)
            for token in row.split()
            if token != "-" and token not in self.legend
        ]

    def cells(self) -> dict[tuple[int, int], str]:
        """Axial `(q, r)` -> cell kind, for every cell of the board."""
        found: dict[tuple[int, int], str] = {}
        for r, row in enumerate(self.rows):
            for col, token in enumerate(row.split()):
                if token == "-":
                    continue
                q = col - (r - (r & 1)) // 2
                found[(q, r)] = self.legend[token]
        return found
