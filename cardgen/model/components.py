"""The components of a game's box besides its cards, as data: tokens and chits, boards and
player mats, dice, pieces, counters and tuck boxes (`components:` in game.yaml).

Each is drawn, printed and set out on a TTS table from these records: a token's faces from
layouts and a table of values as cards are; a board from a layout or a grid file; a die's
faces from text, icons or images; a tuck box's size from the cards it holds. `owner` says
whose it is on a table set up for players: one set in front of each seat (`player`), one
for each team (`team`), or one in the middle (`shared`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from cardgen.model.base import ID_PATTERN, Scalar, Selector, Strict
from cardgen.model.layout import PlainColor
from cardgen.model.units import ComponentSize, PhysicalLength

Owner = Literal["player", "team", "shared"]


class Team(Strict):
    """A side players join (Splatoon's Green and Purple): its name and colour."""

    id: str = Field(pattern=ID_PATTERN, description="Stable kebab-case id.")
    label: str = Field(description="The team's name on the table, e.g. `Green`.")
    color: PlainColor = Field(description="The team's colour (its ink, its pieces), `#rrggbb`.")


class _Component(Strict):
    """What every component has: its id, name, description, owner and how many."""

    id: str = Field(pattern=ID_PATTERN, description="Stable kebab-case id.")
    label: str = Field(description="Its name, on the table and in the printed key.")
    description: str = Field(default="", description="What it is for, shown in its tooltip.")
    owner: Owner = Field(
        default="shared",
        description=(
            "`player`: one set in front of each seat; `team`: one for each team (`teams`);"
            " `shared`: one set in the middle of the table."
        ),
    )
    count: int = Field(default=1, ge=1, le=1000, description="How many in one set.")
    cite: str = Field(default="", description="The rulebook clause that has it in the game.")


class TokenItem(Strict):
    """One design of a token sheet: its values for the faces' layouts and how many."""

    values: dict[str, Scalar] = Field(
        default_factory=dict,
        description="Field -> value for the face layouts (`{name}`, `{value}`...).",
    )
    count: int | None = Field(
        default=None, ge=1, le=1000, description="How many of this design (default: `count`)."
    )


class Token(_Component):
    """Tokens and chits: one shape and size, one or two faces drawn from layouts and a
    table of values (`items`), each design `count` times."""

    kind: Literal["token"] = Field(description="Component kind.")
    shape: Literal["circle", "square", "hex", "mask"] = Field(
        default="circle",
        description=(
            "`circle`, `square` (a rectangle when the size has two sides), `hex` (pointy-top),"
            " or `mask`: the outline of `mask`'s opaque pixels."
        ),
    )
    mask: str | None = Field(
        default=None, description="An image in the game folder whose alpha is the outline."
    )
    size: ComponentSize = Field(
        description="Diameter or side (`25mm`), or `WIDTH x HEIGHT` for a rectangle or mask."
    )
    thickness: PhysicalLength = Field(default="2mm", description="How thick, e.g. `2mm`.")
    front: str | None = Field(
        default=None,
        description=(
            "The layout drawing its front (a file in layouts/<game>/, without `.yaml`); none:"
            " the label or the item's `name` on `color`."
        ),
    )
    back: str | None = Field(
        default=None,
        description="The layout drawing its back; none: a one-sided token (its back plain).",
    )
    color: PlainColor = Field(default="#e8e2d0", description="Fill of a face with no layout.")
    ink: PlainColor = Field(default="#1b1b1b", description="Text colour of a face with no layout.")
    items: list[TokenItem] = Field(
        default_factory=list,
        description="The designs, each with its values and count (default: one design).",
    )
    bag: bool = Field(
        default=False, description="On a TTS table, the set lies in a bag holding its count."
    )

    @model_validator(mode="after")
    def _mask_given(self) -> Token:
        if (self.shape == "mask") != (self.mask is not None):
            raise ValueError("`shape: mask` and `mask` go together")
        return self

    def designs(self) -> list[TokenItem]:
        """Every design with its count filled in (one plain design when none is listed)."""
        items = self.items or [TokenItem()]
        return [TokenItem(values=i.values, count=i.count or self.count) for i in items]


class BoardComponent(_Component):
    """A board or a player mat: drawn from a layout and values, or from a grid file with
    its kinds of cell."""

    kind: Literal["board", "mat"] = Field(
        description="`board` (default owner: shared) or `mat` (a player's own: owner player)."
    )
    size: ComponentSize | None = Field(
        default=None, description="Its size when drawn from a layout, e.g. `280mm x 200mm`."
    )
    layout: str | None = Field(
        default=None, description="The layout drawing it (a file in layouts/<game>/)."
    )
    values: dict[str, Scalar] = Field(
        default_factory=dict, description="Field -> value for the layout."
    )
    grid: str | None = Field(
        default=None, description="A grid file in the game folder (`board.yaml`): hex or square."
    )
    spawns_per_team: int = Field(
        default=0, ge=0, description="Spawn cells each team must have on the grid (0: no check)."
    )

    @model_validator(mode="before")
    @classmethod
    def _mat_is_a_players(cls, data: object) -> object:
        if isinstance(data, dict) and data.get("kind") == "mat" and "owner" not in data:
            return {**data, "owner": "player"}
        return data

    @model_validator(mode="after")
    def _one_drawing(self) -> BoardComponent:
        if (self.layout is None) == (self.grid is None):
            raise ValueError("a board is drawn from either `layout` or `grid`")
        if self.layout is not None and self.size is None:
            raise ValueError("a board drawn from a layout needs `size`")
        return self


class DieFace(Strict):
    """One face of a die: a number or text, an icon, or an image."""

    text: str = Field(default="", description="What the face shows as text (`1`, `Hit`).")
    icon: str | None = Field(default=None, description="An icon of the game's layouts.")
    image: str | None = Field(default=None, description="An image in the game folder.")
    value: int | None = Field(default=None, description="Its value when rolled (TTS).")


class Die(_Component):
    """A die: its sides, size, colours and each face."""

    kind: Literal["die"] = Field(description="Component kind.")
    sides: Literal[4, 6, 8, 10, 12, 20] = Field(default=6, description="How many sides.")
    size: PhysicalLength = Field(default="16mm", description="The die's edge (a d6's side).")
    color: PlainColor = Field(default="#f4f1e8", description="Colour of its faces.")
    ink: PlainColor = Field(default="#1b1b1b", description="Colour of what the faces show.")
    faces: list[DieFace] = Field(
        default_factory=list,
        description="Each face in order (default: the numbers 1 to `sides`).",
    )

    @model_validator(mode="after")
    def _faces_match(self) -> Die:
        if self.faces and len(self.faces) != self.sides:
            raise ValueError(f"a d{self.sides} has {self.sides} faces, not {len(self.faces)}")
        return self

    def all_faces(self) -> list[DieFace]:
        """Its faces, the numbers 1 to `sides` when none are given; each with its value."""
        faces = self.faces or [DieFace(text=str(n)) for n in range(1, self.sides + 1)]
        return [
            DieFace(text=f.text, icon=f.icon, image=f.image, value=f.value or n)
            for n, f in enumerate(faces, start=1)
        ]


class Piece(_Component):
    """A playing piece: a pawn in a seat's or team's colour, or a standee with an image."""

    kind: Literal["piece"] = Field(description="Component kind.")
    shape: Literal["pawn", "standee", "disc", "cube"] = Field(
        default="pawn", description="`pawn`, `disc`, `cube`, or `standee` (an image on a base)."
    )
    image: str | None = Field(default=None, description="A standee's picture, in the game folder.")
    size: PhysicalLength = Field(default="25mm", description="How tall (a standee) or wide.")
    color: PlainColor | Literal["seat", "team"] = Field(
        default="seat",
        description="`seat` (the player's colour), `team` (the team's), or `#rrggbb`.",
    )
    start: Literal["seat", "spawn"] = Field(
        default="seat",
        description="Where it starts: in front of its seat, or on its team's spawn cells.",
    )

    @model_validator(mode="after")
    def _standee_image(self) -> Piece:
        if (self.shape == "standee") != (self.image is not None):
            raise ValueError("`shape: standee` and `image` go together")
        return self


class CounterComponent(_Component):
    """A number the rules have players keep track of: what it counts, where it starts, its
    bounds."""

    kind: Literal["counter"] = Field(description="Component kind.")
    start: int = Field(default=0, description="The value it starts the game at.")
    min: int | None = Field(default=None, description="The lowest it goes.")
    max: int | None = Field(default=None, description="The highest it goes.")
    start_field: str | None = Field(
        default=None,
        description=(
            "Start at this int field of the first card matching `start_from` among the"
            " seat's cards (the shared piles' for a shared counter), e.g. a Visionary's"
            " `inspiration`; `start` when there is none."
        ),
    )
    start_from: Selector | None = Field(
        default=None, description="Which card `start_field` is read from, e.g. `{type: visionary}`."
    )

    @model_validator(mode="after")
    def _consistent(self) -> CounterComponent:
        if (self.start_field is None) != (self.start_from is None):
            raise ValueError("`start_field` and `start_from` go together")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min} is greater than max {self.max}")
        low = self.min if self.min is not None else self.start
        high = self.max if self.max is not None else self.start
        if not low <= self.start <= high:
            raise ValueError(f"start {self.start} is outside min {self.min} .. max {self.max}")
        return self


class TuckBox(_Component):
    """A box that holds a deck: sized from its cards' size and how many it holds."""

    kind: Literal["tuckbox"] = Field(description="Component kind.")
    where: Selector = Field(
        default_factory=dict,
        description="Which cards it holds (their size sets the box's; default: every card).",
    )
    holds: int | None = Field(
        default=None,
        ge=1,
        le=1000,
        description="How many cards it holds (default: the copies `where` selects).",
    )
    card_thickness: PhysicalLength = Field(
        default="0.32mm", description="One card's thickness (sleeved: about 0.6mm)."
    )
    clearance: PhysicalLength = Field(
        default="1.5mm", description="Room around the cards on each side, so they slide out."
    )
    color: PlainColor = Field(default="#2b2d42", description="The box's colour.")
    ink: PlainColor = Field(default="#f4f1e8", description="Colour of its text.")
    art: str | None = Field(
        default=None, description="An image in the game folder for its front (default: its label)."
    )


Component = Annotated[
    Token | BoardComponent | Die | Piece | CounterComponent | TuckBox,
    Field(discriminator="kind"),
]
"""Any component of the box."""


def layout_names(components: list[Component]) -> set[str]:
    """The layouts the components draw with (a token's faces, a board's layout)."""
    names: set[str] = set()
    for component in components:
        if isinstance(component, Token):
            names.update(n for n in (component.front, component.back) if n is not None)
        elif isinstance(component, BoardComponent) and component.layout is not None:
            names.add(component.layout)
    return names


def layout_fields(components: list[Component], layout: str) -> set[str] | None:
    """The values a component's layout may read: the fields its designs (a token's items,
    a board's values) give, and `name`, `label` and `game`; None when no component draws
    with `layout` (a card's or a back's layout)."""
    found: set[str] | None = None
    for component in components:
        if isinstance(component, Token) and layout in (component.front, component.back):
            keys = {key for item in component.items for key in item.values}
        elif isinstance(component, BoardComponent) and component.layout == layout:
            keys = set(component.values)
        else:
            continue
        found = (found or set()) | keys | {"name", "label", "game"}
    return found
