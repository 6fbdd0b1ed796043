"""A game's components on a Tabletop Simulator table, each as the object TTS has for it at
its physical size (`tts/sizes.py`): a token as a `Custom_Tile` of its shape (two faces) or
a `Custom_Token` cut from its picture's alpha (one face), tokens with `bag: true` in a
`Bag` holding every copy, a mat or a board drawn from a layout as a box `Custom_Tile`, a d6
as a `Custom_Dice` with each face's value in `RotationValues` (other dice TTS's `Die_N`),
a piece as a `PlayerPawn`, `Checker_white` (disc), `BlockSquare` (cube) or
`Figurine_Custom` (standee), a counter as a `Counter`; in rows (`lay_row`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardgen.model.components import (
    BoardComponent,
    Component,
    CounterComponent,
    Die,
    Piece,
    Token,
    TokenItem,
)
from cardgen.model.units import component_size, parse_length
from cardgen.tts.board import tint
from cardgen.tts.component_faces import ComponentPictures, flat
from cardgen.tts.objects import common, scripts, transform
from cardgen.tts.sizes import die_scale, tile_scale, token_scale, units
from cardgen.tts.tables import COUNTER_UNITS

if TYPE_CHECKING:
    from cardgen.tts.table import TableBuilder

GAP = 0.4
"""Units between two components of a row."""
TILE_TYPE = {"circle": 2, "square": 0, "hex": 1}
"""`CustomTile.Type` by token shape: 2 circle, 0 box, 1 hex (tts-format.md 5.1)."""
D6_ROTATIONS = (
    (-90.0, 0.0, 0.0),
    (0.0, 0.0, 0.0),
    (0.0, 0.0, -90.0),
    (0.0, 0.0, 90.0),
    (0.0, 0.0, -180.0),
    (90.0, 0.0, 0.0),
)
"""The rotation that shows each face 1..6 of TTS's d6 up, as a real `Custom_Dice` has them."""
PIECE_OBJECTS = {"pawn": "PlayerPawn", "disc": "Checker_white", "cube": "BlockSquare"}
"""TTS's own object for each simple piece shape (API `built-in-object.md`), tinted."""
BAG_UNITS = 2.0
"""Room a bag takes on the table, in units (TTS's bag at scale 1)."""
PIECE_UNITS = 1.0
"""Room a piece or a counter takes on the table, in units."""
Place = Callable[[float, float], tuple[float, float]]
"""(along the row, into it from its near edge) -> the table's (x, z)."""
Tint = dict[str, float]


@dataclass(frozen=True)
class Block:
    """One component's place in a row: its width along the row, its depth, and how its
    objects are made once their middle is known."""

    width: float
    depth: float
    make: Callable[[float, float], list[dict[str, Any]]]


@dataclass(frozen=True)
class Owner:
    """Whose set of components this is: its name in identities and labels, its tint, and
    which way its objects face (TTS's rotation about Y)."""

    key: str
    label: str
    tint: Tint
    rot_y: float = 180.0
    team_tint: Tint | None = None


def lay_row(blocks: list[Block], place: Place) -> list[dict[str, Any]]:
    """The blocks side by side, centred along the row, their near edges on its near edge."""
    total = sum(b.width for b in blocks) + GAP * max(0, len(blocks) - 1)
    along = -total / 2
    objects: list[dict[str, Any]] = []
    for block in blocks:
        x, z = place(along + block.width / 2, block.depth / 2)
        objects.extend(block.make(x, z))
        along += block.width + GAP
    return objects


def row_size(blocks: list[Block]) -> tuple[float, float]:
    """A row's width and depth, in units."""
    width = sum(b.width for b in blocks) + GAP * max(0, len(blocks) - 1)
    return width, max((b.depth for b in blocks), default=0.0)


class ComponentObjects:
    """Makes the TTS objects of one game's components (pictures drawn once each)."""

    def __init__(self, builder: TableBuilder) -> None:
        self.builder = builder
        self.pack = builder.pack
        self.pictures = ComponentPictures(builder.pack)
        self._images: dict[tuple[str, int], dict[str, Any]] = {}

    def blocks(self, components: list[Component], owner: Owner) -> list[Block]:
        """A block for each component that lies on the table (not a grid board, a tuck
        box, a piece that starts on a spawn, or a counter another module places)."""
        found: list[Block] = []
        for component in components:
            block = self.block(component, owner)
            if block is not None:
                found.append(block)
        return found

    def block(self, component: Component, owner: Owner) -> Block | None:
        """One component's block, or None when it does not lie in a row."""
        if isinstance(component, Token):
            return self.token_block(component, owner)
        if isinstance(component, BoardComponent) and component.layout is not None:
            return self.board_block(component, owner)
        if isinstance(component, Die):
            return self.die_block(component, owner)
        if isinstance(component, Piece) and component.start == "seat":
            return self.piece_block(component, owner)
        if isinstance(component, CounterComponent):
            return self.counter_block(component, owner)
        return None

    def _object(
        self, identity: str, name: str, placed: dict[str, float], label: str, **more: Any
    ) -> dict[str, Any]:
        """An object's common fields, in TTS's order, with `Hands` off."""
        data = common(self.builder.ids.guid(identity), name, placed, label, **more)
        data.update({"HideWhenFaceDown": False, "Hands": False})
        return data

    # tokens

    def token_block(self, token: Token, owner: Owner) -> Block:
        """A token's designs: in a bag holding every copy, or each design a stack."""
        width_mm, height_mm = component_size(token.size)
        if token.shape == "hex":
            height_mm = width_mm * 2 / 3**0.5
        width, depth = units(width_mm), units(height_mm)
        designs = token.designs()
        if token.bag:
            return Block(BAG_UNITS, BAG_UNITS, lambda x, z: [self.bag(token, owner, x, z)])

        def stacks(x: float, z: float) -> list[dict[str, Any]]:
            out = []
            for index, item in enumerate(designs):
                dx = (index - (len(designs) - 1) / 2) * (width + GAP)
                for copy in range(item.count or 1):
                    identity = f"token|{owner.key}|{token.id}|{index}|{copy}"
                    y = 1.0 + copy * units(parse_length(token.thickness).inches() * 25.4)
                    out.append(self.token(token, item, index, identity, (x + dx, z, y), owner))
            return out

        return Block(len(designs) * (width + GAP) - GAP, depth, stacks)

    def bag(self, token: Token, owner: Owner, x: float, z: float) -> dict[str, Any]:
        """A `Bag` holding every copy of every design of the token, each its own object."""
        label = f"{owner.label}{token.label}"
        data = self._object(
            f"bag|{owner.key}|{token.id}",
            "Bag",
            transform(x, z, rot_y=owner.rot_y),
            label,
            description=token.description,
            color=owner.team_tint or {"r": 0.7, "g": 0.6, "b": 0.45},
        )
        data.update({"MaterialIndex": -1, "MeshIndex": -1, "Number": 0})
        scripts(data)
        data["ContainedObjects"] = [
            self.token(
                token,
                item,
                index,
                f"token|{owner.key}|{token.id}|{index}|{copy}",
                (0.0, 0.0, 1.0),
                owner,
            )
            for index, item in enumerate(token.designs())
            for copy in range(item.count or 1)
        ]
        return data

    def token(
        self,
        token: Token,
        item: TokenItem,
        index: int,
        identity: str,
        where: tuple[float, float, float],
        owner: Owner,
    ) -> dict[str, Any]:
        """One token: a `Custom_Tile` of its shape with both faces when it has a back (a
        `Custom_Token` has one picture), else a `Custom_Token` cut from its alpha."""
        width_mm, height_mm = component_size(token.size)
        name = str(item.values.get("name", token.label))
        if token.back is not None and token.shape != "mask":
            kind, scale_x, scale_z = "Custom_Tile", tile_scale(width_mm), tile_scale(height_mm)
        else:
            longer = max(width_mm, height_mm * (2 / 3**0.5 if token.shape == "hex" else 1))
            kind, scale_x, scale_z = "Custom_Token", token_scale(longer), token_scale(longer)
        image = self.token_image(token, item, index)
        x, z, y = where
        placed = transform(x, z, y=y, rot_y=owner.rot_y, scale_x=scale_x, scale_z=scale_z)
        data = self._object(
            identity, kind, placed, name, description=token.description, tags=[token.label]
        )
        data["CustomImage"] = image
        return scripts(data)

    def token_image(self, token: Token, item: TokenItem, index: int) -> dict[str, Any]:
        """A design's `CustomImage` (its faces drawn once however many copies show them)."""
        key = (token.id, index)
        if key in self._images:
            return dict(self._images[key])
        thickness = round(units(parse_length(token.thickness).inches() * 25.4), 4)
        front, back = self.pictures.token_faces(token, item)
        stem = f"token-{token.id}-{index}"
        images = self.builder.images
        if token.back is not None and token.shape != "mask":
            image: dict[str, Any] = {
                "ImageURL": images.tile_url(stem, flat(front, token.color)),
                "ImageSecondaryURL": images.tile_url(f"{stem}-back", flat(back, token.color)),
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
                "CustomTile": {
                    "Type": TILE_TYPE[token.shape],
                    "Thickness": thickness,
                    "Stackable": True,
                    "Stretch": True,
                },
            }
        else:
            image = {
                "ImageURL": images.tile_url(stem, front),
                "ImageSecondaryURL": "",
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
                "CustomToken": {
                    "Thickness": thickness,
                    "MergeDistancePixels": 15.0,
                    "StandUp": False,
                    "Stackable": True,
                },
            }
        self._images[key] = image
        return dict(image)

    # boards and mats

    def board_block(self, board: BoardComponent, owner: Owner) -> Block:
        """A mat or a board drawn from its layout: a box `Custom_Tile` of its size."""
        assert board.layout is not None and board.size is not None
        width_mm, height_mm = component_size(board.size)

        def make(x: float, z: float) -> list[dict[str, Any]]:
            picture = self.pictures.board_face(board)
            placed = transform(
                x,
                z,
                y=1.02,
                rot_y=owner.rot_y,
                scale_x=tile_scale(width_mm),
                scale_z=tile_scale(height_mm),
            )
            data = self._object(
                f"board|{owner.key}|{board.id}",
                "Custom_Tile",
                placed,
                f"{owner.label}{board.label}",
                description=board.description,
            )
            data["Locked"] = True
            data["CustomImage"] = {
                "ImageURL": self.builder.images.tile_url(f"{board.kind}-{board.id}", picture),
                "ImageSecondaryURL": "",
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
                "CustomTile": {"Type": 0, "Thickness": 0.04, "Stackable": False, "Stretch": True},
            }
            return [scripts(data)]

        return Block(units(width_mm), units(height_mm), make)

    # dice, pieces, counters

    def die_block(self, die: Die, owner: Owner) -> Block:
        """`count` dice side by side: a d6 as a `Custom_Dice`, other dice TTS's `Die_N`."""
        edge = units(parse_length(die.size).inches() * 25.4)

        def make(x: float, z: float) -> list[dict[str, Any]]:
            out = []
            for number in range(die.count):
                dx = (number - (die.count - 1) / 2) * (edge + GAP)
                scale = die_scale(parse_length(die.size).inches() * 25.4)
                placed = transform(
                    x + dx,
                    z,
                    y=1.0 + edge / 2,
                    rot_y=owner.rot_y,
                    scale_x=scale,
                    scale_y=scale,
                    scale_z=scale,
                )
                identity = f"die|{owner.key}|{die.id}|{number}"
                name = "Custom_Dice" if die.sides == 6 else f"Die_{die.sides}"
                color = tint(die.color)
                data = self._object(
                    identity,
                    name,
                    placed,
                    f"{owner.label}{die.label}",
                    description=die.description,
                    color=color,
                )
                if die.sides == 6:
                    data["CustomImage"] = {
                        "ImageURL": self.builder.images.tile_url(
                            f"die-{die.id}", self.pictures.die_picture(die)
                        ),
                        "ImageSecondaryURL": "",
                        "ImageScalar": 1.0,
                        "WidthScale": 0.0,
                        "CustomDice": {"Type": 1},
                    }
                scripts(data)
                if die.sides == 6:
                    data["RotationValues"] = [
                        {"Value": face.value, "Rotation": dict(zip("xyz", turn, strict=True))}
                        for face, turn in zip(die.all_faces(), D6_ROTATIONS, strict=True)
                    ]
                out.append(data)
            return out

        return Block(die.count * (edge + GAP) - GAP, edge, make)

    def piece_block(self, piece: Piece, owner: Owner) -> Block:
        """`count` pieces in the owner's (or the team's, or their own) colour."""

        def make(x: float, z: float) -> list[dict[str, Any]]:
            out = []
            for number in range(piece.count):
                dx = (number - (piece.count - 1) / 2) * (PIECE_UNITS + GAP)
                placed = transform(x + dx, z, y=1.3, rot_y=owner.rot_y)
                color = owner.tint
                if piece.color == "team" and owner.team_tint is not None:
                    color = owner.team_tint
                elif piece.color not in ("seat", "team"):
                    color = tint(piece.color)
                identity = f"piece|{owner.key}|{piece.id}|{number}"
                name = "Figurine_Custom" if piece.shape == "standee" else PIECE_OBJECTS[piece.shape]
                data = self._object(
                    identity,
                    name,
                    placed,
                    f"{owner.label}{piece.label}",
                    description=piece.description,
                    color=color,
                )
                if piece.image is not None:
                    data["CustomImage"] = {
                        "ImageURL": self.builder.images.tile_url(
                            f"standee-{piece.id}", self.pictures.standee(piece.image)
                        ),
                        "ImageSecondaryURL": "",
                        "ImageScalar": 1.0,
                        "WidthScale": 0.0,
                    }
                out.append(scripts(data))
            return out

        return Block(piece.count * (PIECE_UNITS + GAP) - GAP, PIECE_UNITS, make)

    def counter_block(self, counter: CounterComponent, owner: Owner) -> Block:
        """A `Counter` at its start, named after what it counts."""

        def make(x: float, z: float) -> list[dict[str, Any]]:
            placed = transform(x, z, rot_y=owner.rot_y)
            data = self._object(
                f"counter|{owner.key}|{counter.id}",
                "Counter",
                placed,
                f"{owner.label}{counter.label}",
                description=counter.description,
                color=owner.tint,
            )
            data["Counter"] = {"value": counter.start}
            return [scripts(data)]

        return Block(*COUNTER_UNITS, make)
