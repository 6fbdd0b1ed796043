"""Board grids drawn as text rows: each token a cell, `-` for no cell, and the kinds of cell
the game defines for them (fill, outline, height, the states a tile switches to in TTS).

Hex rows use "odd-r" offset coordinates (odd rows shifted half a hex to the right,
pointy-top hexes); `Board.cells()` converts them to axial `(q, r)`, the coordinates weapon
patterns use. Square rows are plain columns and rows: `(column, row)`.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, model_validator

from cardgen.fuzzy import did_you_mean
from cardgen.model.base import ID_PATTERN, Strict
from cardgen.model.layout import PlainColor
from cardgen.model.units import PhysicalLength

AXIAL_NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SQUARE_NEIGHBOURS = ((1, 0), (0, -1), (-1, 0), (0, 1))


class CellKind(Strict):
    """A kind of cell the game's board has: how it is drawn, how high it stands, whether a
    piece may enter it, and the states its tile switches to on a TTS table."""

    label: str = Field(default="", description="Its name in the poster's key (default: its id).")
    fill: PlainColor = Field(description="The cell's colour, `#rrggbb`.")
    outline: PlainColor = Field(default="#22242a", description="The cell's edge colour.")
    ring: PlainColor | None = Field(
        default=None, description="A ring drawn inside the cell (a team's spawn), `#rrggbb`."
    )
    height: int | None = Field(
        default=0,
        description=(
            "How high the cell stands, in steps a piece climbs one at a time; null: no piece"
            " may enter it (a wall)."
        ),
    )
    thickness: PhysicalLength = Field(
        default="3mm", description="How thick its tile is on a TTS table, e.g. `3mm`."
    )
    team: str | None = Field(
        default=None,
        description="The team (of `teams`) whose spawn this cell is: its pieces start on it.",
    )
    states: dict[str, PlainColor] = Field(
        default_factory=dict,
        description=(
            "The states its tile switches to on a TTS table besides its own (hover and press"
            " 2, 3, ...), by name -> the tile's colour in that state: `{green: '#329932'}`. A"
            " state named after a team is that team's claim of the cell."
        ),
    )

    @property
    def walkable(self) -> bool:
        """Whether a piece may stand on it."""
        return self.height is not None


class Board(Strict):
    """A grid board file: its name, its kinds of cell, the legend of its row tokens, and
    its rows."""

    name: str = Field(description="The board's name.")
    description: str = Field(default="", description="Notes about the board.")
    grid: Literal["hex", "square"] = Field(
        default="hex", description="`hex` (pointy-top, odd rows shifted right) or `square`."
    )
    cell_size: PhysicalLength = Field(
        default="25mm",
        description="Cell size: a hex flat side to flat side, a square's side (e.g. `25mm`).",
    )
    kinds: dict[str, CellKind] = Field(
        min_length=1,
        description="The kinds of cell by id: `ground: {fill: '#4a4d55', height: 0}`.",
    )
    legend: dict[str, str] = Field(description="Token -> kind of cell (of `kinds`): `g: ground`.")
    rows: list[str] = Field(min_length=1, description="Rows of tokens; `-` leaves a gap.")

    @model_validator(mode="after")
    def _legend_known(self) -> Board:
        for kind_id in self.kinds:
            if not re.match(ID_PATTERN, kind_id):
                raise ValueError(f"cell kind {kind_id!r} is not a kebab-case id")
        for token, kind in self.legend.items():
            if kind not in self.kinds:
                hint = did_you_mean(kind, list(self.kinds))
                raise ValueError(
                    f"legend `{token}` names cell kind {kind!r}, not in `kinds`"
                    f" ({', '.join(self.kinds)}){hint}"
                )
        return self

    def unknown_tokens(self) -> list[tuple[int, str]]:
        """(row index, token) for every token the legend does not define."""
        return [
            (index, token)
            for index, row in enumerate(self.rows)
            for token in row.split()
            if token != "-" and token not in self.legend
        ]

    def cells(self) -> dict[tuple[int, int], str]:
        """Axial `(q, r)` (hex) or `(column, row)` (square) -> kind id, for every cell."""
        found: dict[tuple[int, int], str] = {}
        for r, row in enumerate(self.rows):
            for col, token in enumerate(row.split()):
                if token == "-":
                    continue
                q = col - (r - (r & 1)) // 2 if self.grid == "hex" else col
                found[(q, r)] = self.legend[token]
        return found

    def kind(self, kind_id: str) -> CellKind:
        """The cell kind `kind_id`."""
        return self.kinds[kind_id]

    def neighbours(self) -> tuple[tuple[int, int], ...]:
        """The steps to a cell's neighbours on this grid."""
        return AXIAL_NEIGHBOURS if self.grid == "hex" else SQUARE_NEIGHBOURS
