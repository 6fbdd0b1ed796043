"""Pydantic models of the Tabletop Simulator objects cardgen writes, built from what the
real files TTS wrote contain (`../shared/reference/tts/`): key names, types and nesting.

Fields are declared in the order TTS writes its keys, so `model_dump(exclude_none=True)`
gives JSON that diffs cleanly against a file TTS saved. Every save is validated against
these models before it is written; the reference files load into them too.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class TtsModel(BaseModel):
    """Unknown keys are errors: what we write is exactly what we model. Validators are
    made on first use (`defer_build`), not on import."""

    model_config = ConfigDict(extra="forbid", defer_build=True)


class TransformData(TtsModel):
    """Position (Y up, table top near 1), Euler rotation in degrees, and scale."""

    posX: float = Field(description="X position.")
    posY: float = Field(description="Height.")
    posZ: float = Field(description="Z position.")
    rotX: float = Field(description="Rotation about X.")
    rotY: float = Field(description="Rotation about Y (180: facing the player).")
    rotZ: float = Field(description="Rotation about Z (180: face down).")
    scaleX: float = Field(description="Scale along X.")
    scaleY: float = Field(description="Scale along Y (thickness).")
    scaleZ: float = Field(description="Scale along Z.")


class Color(TtsModel):
    """A tint, 0..1 per channel."""

    r: float = Field(description="Red.")
    g: float = Field(description="Green.")
    b: float = Field(description="Blue.")
    a: float | None = Field(default=None, description="Alpha (rarely written).")


class CustomDeckEntry(TtsModel):
    """One sprite sheet of card faces (and its back)."""

    FaceURL: str = Field(description="The face sheet.")
    BackURL: str = Field(description="The back image, or the back sheet with UniqueBack.")
    NumWidth: int = Field(ge=1, le=10, description="Columns on the sheet.")
    NumHeight: int = Field(ge=1, le=7, description="Rows on the sheet.")
    BackIsHidden: bool = Field(description="Hidden cards show the back (all 70 slots usable).")
    UniqueBack: bool = Field(description="Each card has its own back, cut from BackURL.")
    Type: int | None = Field(default=None, ge=0, le=4, description="0 rounded rectangle ...")


class CustomTileData(TtsModel):
    """The tile part of a Custom_Tile's CustomImage."""

    Type: int = Field(ge=0, le=3, description="0 box, 1 hex, 2 circle, 3 rounded.")
    Thickness: float = Field(description="Thickness in game units.")
    Stackable: bool = Field(description="Tiles stack on each other.")
    Stretch: bool = Field(description="Stretch the image over the tile.")


class CustomDiceData(TtsModel):
    """The dice part of a Custom_Dice's CustomImage."""

    Type: int = Field(ge=0, le=5, description="0 D4, 1 D6, 2 D8, 3 D10, 4 D12, 5 D20.")


class CustomTokenData(TtsModel):
    """The token part of a Custom_Token's CustomImage."""

    Thickness: float = Field(description="Thickness.")
    MergeDistancePixels: float = Field(description="Outline merge distance.")
    StandUp: bool = Field(description="Stands up.")
    Stackable: bool = Field(description="Stacks.")


class CustomImageData(TtsModel):
    """An image-based custom object (tile, token, die, board, figurine)."""

    ImageURL: str = Field(description="Top image.")
    ImageSecondaryURL: str = Field(description="Bottom image ('' reuses the top).")
    ImageScalar: float = Field(description="Image scale.")
    WidthScale: float = Field(description="Width scale (0: from the image).")
    CustomTile: CustomTileData | None = Field(default=None, description="Tile settings.")
    CustomDice: CustomDiceData | None = Field(default=None, description="Dice settings.")
    CustomToken: CustomTokenData | None = Field(default=None, description="Token settings.")


class CustomMeshData(TtsModel):
    """A 3D model object."""

    MeshURL: str = Field(description="The mesh.")
    DiffuseURL: str = Field(description="Its texture.")
    NormalURL: str = Field(description="Its normal map.")
    ColliderURL: str = Field(description="Its collider.")
    Convex: bool = Field(description="Convex collider.")
    MaterialIndex: int = Field(description="0 plastic, 1 wood, 2 metal, 3 cardboard.")
    TypeIndex: int = Field(description="0 generic, 1 figurine, 2 dice ...")
    CustomShader: dict[str, Any] | None = Field(default=None, description="Shader settings.")
    CastShadows: bool = Field(description="Casts shadows.")


class CounterValue(TtsModel):
    """A Counter's value."""

    value: int = Field(description="The number shown.")


class RotationValue(TtsModel):
    """Which face value a die shows at a rotation."""

    Value: int | str = Field(description="The face's value.")
    Rotation: dict[str, float] = Field(description="The rotation {x, y, z}.")


class CustomPdfData(TtsModel):
    """A Custom_PDF's document."""

    PDFUrl: str = Field(description="Where TTS loads the PDF from.")
    PDFPassword: str = Field(description="Its password ('' none).")
    PDFPage: int = Field(ge=0, description="The page it is open at (0 the first).")
    PDFPageOffset: int = Field(description="Added to the page numbers TTS shows.")


class ObjectState(TtsModel):
    """One object on the table, with the keys TTS writes, in its order."""

    GUID: str = Field(description="Six characters, unique in the file.")
    Name: str = Field(description="Object type: Card, Deck, Custom_Tile, Counter ...")
    Transform: TransformData = Field(description="Where it lies.")
    Nickname: str = Field(description="Title in the tooltip.")
    Description: str = Field(description="Tooltip body (BBCode).")
    GMNotes: str = Field(description="Seen by the GM only; here, the card's fields as JSON.")
    ColorDiffuse: Color = Field(description="Tint.")
    Tags: list[str] | None = Field(default=None, description="Tags for zones and filters.")
    LayoutGroupSortIndex: int = Field(description="Layout zone order.")
    Value: int | None = Field(default=None, description="Object value.")
    Locked: bool = Field(description="Frozen in place.")
    Grid: bool = Field(description="Snaps to the grid.")
    Snap: bool = Field(description="Snaps to snap points.")
    IgnoreFoW: bool = Field(description="Ignores fog of war.")
    MeasureMovement: bool = Field(description="Measures its movement.")
    DragSelectable: bool = Field(description="Can be drag-selected.")
    Autoraise: bool = Field(description="Lifts when picked up.")
    Sticky: bool = Field(description="Carries objects on top.")
    Tooltip: bool = Field(description="Shows a tooltip.")
    GridProjection: bool = Field(description="Projects the grid.")
    HideWhenFaceDown: bool | None = Field(default=None, description="Shows ? face down.")
    Hands: bool | None = Field(default=None, description="May enter hand zones.")
    CardID: int | None = Field(default=None, description="key * 100 + slot.")
    SidewaysCard: bool | None = Field(default=None, description="Landscape card.")
    DeckIDs: list[int] | None = Field(default=None, description="CardIDs, in order.")
    CustomDeck: dict[str, CustomDeckEntry] | None = Field(default=None, description="Sheets.")
    CustomImage: CustomImageData | None = Field(default=None, description="Image object.")
    CustomMesh: CustomMeshData | None = Field(default=None, description="Model object.")
    Counter: CounterValue | None = Field(default=None, description="Counter value.")
    CustomPDF: CustomPdfData | None = Field(default=None, description="A PDF object's file.")
    MaterialIndex: int | None = Field(default=None, description="Bag material.")
    MeshIndex: int | None = Field(default=None, description="Bag mesh.")
    Number: int | None = Field(default=None, description="Bag number.")
    FogColor: str | None = Field(default=None, description="A hand zone's player colour.")
    LuaScript: str = Field(description="Object script (cardgen never writes one).")
    LuaScriptState: str = Field(description="Saved script state.")
    XmlUI: str = Field(description="Object UI.")
    RotationValues: list[RotationValue] | None = Field(default=None, description="Die faces.")
    ContainedObjects: list[ObjectState] | None = Field(default=None, description="Contents.")
    States: dict[str, ObjectState] | None = Field(default=None, description="Other states.")


class SavedObject(TtsModel):
    """The Saved Object ("chest") envelope."""

    SaveName: str = Field(description="Empty for a saved object.")
    Date: str = Field(description="Empty.")
    VersionNumber: str = Field(description="Empty.")
    GameMode: str = Field(description="Empty.")
    GameType: str = Field(description="Empty.")
    GameComplexity: str = Field(description="Empty.")
    Tags: list[str] = Field(description="Empty.")
    Gravity: float = Field(description="0.5.")
    PlayArea: float = Field(description="0.5.")
    Table: str = Field(description="Empty.")
    Sky: str = Field(description="Empty.")
    Note: str = Field(description="Empty.")
    TabStates: dict[str, Any] = Field(description="Empty.")
    LuaScript: str = Field(description="Empty: cardgen writes no script.")
    LuaScriptState: str = Field(description="Empty.")
    XmlUI: str = Field(description="Empty.")
    ObjectStates: list[ObjectState] = Field(description="The objects.")
