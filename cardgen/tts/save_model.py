"""Pydantic models of a full Tabletop Simulator save (a mod, in TTS's `Saves/` folder): the
envelope around the objects, with the keys, types and order TTS v13.1.1 writes.

Built from a real save TTS v13.1.1 wrote (argonui/TTSModManager
`testdata/reversing/input.json`) and checked against the typed-tabletop-simulator model
(`saveFile.d.ts`, MIT). Fields are declared in TTS's key order, so a dump diffs cleanly
against a save TTS wrote; every full save is validated against `TtsSave` before it is written.
"""

from __future__ import annotations

from pydantic import Field

from cardgen.tts.model import Color as Tint
from cardgen.tts.model import ObjectState, TtsModel


class Vector(TtsModel):
    """A position or an Euler rotation in world units and degrees."""

    x: float = Field(description="X.")
    y: float = Field(description="Y (up).")
    z: float = Field(description="Z.")


class TabState(TtsModel):
    """One tab of the Notebook."""

    title: str = Field(description="The tab's title.")
    body: str = Field(description="Its plain text.")
    color: str = Field(description="Who sees it: a player colour, `Grey` for everyone.")
    visibleColor: Tint = Field(description="The colour of `color`.")
    id: int = Field(description="The tab's number, as its key.")


class AudioItem(TtsModel):
    """A song of the music player."""

    Item1: str = Field(description="The song's URL.")
    Item2: str = Field(description="Its title.")


class MusicPlayerData(TtsModel):
    """The music player's state."""

    RepeatSong: bool = Field(description="Repeat the song.")
    PlaylistEntry: int = Field(description="The song playing (-1: none).")
    CurrentAudioTitle: str = Field(description="Its title.")
    CurrentAudioURL: str = Field(description="Its URL.")
    AudioLibrary: list[AudioItem] = Field(description="The playlist.")


class GridData(TtsModel):
    """The table's grid."""

    Type: int = Field(ge=0, le=2, description="0 box, 1 horizontal hexes, 2 vertical hexes.")
    Lines: bool = Field(description="Grid lines shown.")
    Color: Tint = Field(description="Their colour.")
    Opacity: float = Field(description="Their opacity.")
    ThickLines: bool = Field(description="Thick lines.")
    Snapping: bool = Field(description="Objects snap to the grid lines.")
    Offset: bool = Field(description="Objects snap to the cells' centres.")
    BothSnapping: bool = Field(description="Both kinds of snapping.")
    xSize: float = Field(description="Cell width.")
    ySize: float = Field(description="Cell depth.")
    PosOffset: Vector = Field(description="Where the grid starts.")


class LightingData(TtsModel):
    """The table's light."""

    LightIntensity: float = Field(description="The directional light's strength, 0..4.")
    LightColor: Tint = Field(description="Its colour.")
    AmbientIntensity: float = Field(description="The ambient light's strength, 0..4.")
    AmbientType: int = Field(description="0 from the background, 1 a gradient.")
    AmbientSkyColor: Tint = Field(description="Gradient: the sky's colour.")
    AmbientEquatorColor: Tint = Field(description="Gradient: the horizon's colour.")
    AmbientGroundColor: Tint = Field(description="Gradient: the ground's colour.")
    ReflectionIntensity: float = Field(description="Reflections of the background, 0..1.")
    LutIndex: int = Field(description="The colour look-up table.")
    LutContribution: float = Field(description="How much it counts.")
    LutURL: str = Field(description="A custom look-up table ('' none).")


class HandsData(TtsModel):
    """Players' hands."""

    Enable: bool = Field(description="Hands are used.")
    DisableUnused: bool = Field(description="Hide the hand zones of empty seats.")
    Hiding: int = Field(ge=0, le=2, description="0 default, 1 reverse, 2 disabled.")


class TagLabel(TtsModel):
    """A tag some object carries."""

    displayed: str = Field(description="The tag as written.")
    normalized: str = Field(description="Lower case, spaces as underscores.")


class ComponentTagsData(TtsModel):
    """Every tag used by an object of the save."""

    labels: list[TagLabel] = Field(description="The tags.")


class TurnsData(TtsModel):
    """Turn order."""

    Enable: bool = Field(description="TTS passes turns.")
    Type: int = Field(description="0 automatic (the seats' order), 1 custom.")
    TurnOrder: list[str] = Field(description="Player colours in turn order (custom type).")
    Reverse: bool = Field(description="Play in reverse order.")
    SkipEmpty: bool = Field(description="Skip seats nobody sits in.")
    DisableInteractions: bool = Field(description="Only the player whose turn it is acts.")
    PassTurns: bool = Field(description="Players may pass the turn on.")
    TurnColor: str = Field(description="Whose turn it is ('' nobody's yet).")


class CameraState(TtsModel):
    """A saved camera position."""

    Position: Vector = Field(description="What it looks at.")
    Rotation: Vector = Field(description="Its rotation.")
    Distance: float = Field(description="Its distance.")
    Zoomed: bool = Field(description="Zoomed in.")
    AbsolutePosition: Vector = Field(description="Where it is.")


class Decal(TtsModel):
    """A decal of the decal palette."""

    Name: str = Field(description="Its name.")
    ImageURL: str = Field(description="Its image.")
    Size: float = Field(description="Its size.")


class UIAsset(TtsModel):
    """An image or font the save's UI uses."""

    Name: str = Field(description="Its name.")
    URL: str = Field(description="Where it is.")


class SnapPoint(TtsModel):
    """A global snap point, in world coordinates."""

    Position: Vector = Field(description="Where objects snap to.")
    Rotation: Vector = Field(description="The rotation they snap to.")
    Tags: list[str] = Field(description="Only objects with one of these tags snap (none: all).")


class TtsSave(TtsModel):
    """A full save, as TTS writes one into `Saves/`."""

    SaveName: str = Field(description="The name in the list of saves.")
    EpochTime: int = Field(description="When it was saved, seconds since 1970.")
    Date: str = Field(description="The same, as TTS shows it (M/D/YYYY h:mm:ss AM).")
    VersionNumber: str = Field(description="The TTS version whose format it follows.")
    GameMode: str = Field(description="The game's name.")
    GameType: str = Field(description="`Game` (or a workshop category).")
    GameComplexity: str = Field(description="Light, Medium or Heavy Complexity ('' unknown).")
    PlayingTime: list[int] = Field(description="Minutes [least, most] ([0, 0]: unknown).")
    PlayerCounts: list[int] = Field(description="Players [fewest, most].")
    Tags: list[str] = Field(description="Workshop categories, e.g. `Card Games`.")
    Gravity: float = Field(description="Gravity (0.5 normal).")
    PlayArea: float = Field(description="Size of the play area (0.5 normal).")
    Table: str = Field(description="The table, e.g. `Table_RPG`.")
    Sky: str = Field(description="The background, e.g. `Sky_Museum`.")
    Note: str = Field(description="The note shown on screen.")
    TabStates: dict[str, TabState] = Field(description="The Notebook's tabs by number.")
    MusicPlayer: MusicPlayerData = Field(description="The music player.")
    Grid: GridData = Field(description="The grid.")
    Lighting: LightingData = Field(description="The light.")
    Hands: HandsData = Field(description="Hands.")
    ComponentTags: ComponentTagsData = Field(description="Every tag any object uses.")
    Turns: TurnsData = Field(description="Turns.")
    CameraStates: list[CameraState | None] = Field(description="Saved camera positions.")
    DecalPallet: list[Decal] = Field(description="Decals.")
    LuaScript: str = Field(description="The global script (cardgen writes none).")
    LuaScriptState: str = Field(description="Its saved state.")
    XmlUI: str = Field(description="The global UI.")
    CustomUIAssets: list[UIAsset] = Field(description="The UI's images and fonts.")
    SnapPoints: list[SnapPoint] = Field(description="Global snap points.")
    ObjectStates: list[ObjectState] = Field(description="The objects on the table.")
