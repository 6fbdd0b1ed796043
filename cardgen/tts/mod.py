"""`cardgen tts --table`: a full Tabletop Simulator save (the mod) set up for N players.

Beside the Saved Object: `<name>-table.json` and its thumbnail `<name>-table.png`, the
envelope TTS writes in `Saves/` (`save_model.TtsSave`) around a table dealt by `deal`: a
hand zone per seat, each seat's piles and counters in front of it, the shared piles in the
middle, the box pile off to the side, a snap point under every pile, and a Notebook with the
setup and the rules. The save carries a fixed date (`EPOCH`): a time would make every
build a new file, and TTS needs none to load it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from cardgen.load.game import GamePack
from cardgen.model.components import CounterComponent as Counter
from cardgen.tts.board import alternating, board_objects, seat_teams
from cardgen.tts.component_table import ComponentTable
from cardgen.tts.deal import Counts, TablePlan, counter_start, plan_table
from cardgen.tts.images import TableImages, saved_objects_folder
from cardgen.tts.layout import TableLayout
from cardgen.tts.notebook import setup_text
from cardgen.tts.objects import common, rulebook_object, scripts, transform
from cardgen.tts.overview import draw_overview, square
from cardgen.tts.save_model import TtsSave
from cardgen.tts.seats import Seat, hand_zone
from cardgen.tts.sizes import CARD_MM
from cardgen.tts.table import (
    PILE_SPACING,
    Copy,
    TableBuilder,
    TablePile,
)
from cardgen.tts.words import table_words
from cardgen.write import Writer, atomic_write, slug

EPOCH = 0
DATE = "1/1/1970 12:00:00 AM"
"""The save's time, fixed so that the same input gives the same bytes."""
VERSION = "v13.1.1"
"""The TTS version whose save format this follows (the real save the model is built from)."""
GREY = {"r": 0.5, "g": 0.5, "b": 0.5}
THUMBNAIL_PX = 512
"""The full save's thumbnail: the table from above, this many pixels square."""


@dataclass(frozen=True)
class TableResult:
    """The full save written."""

    json_path: Path
    thumbnail: Path
    players: int
    objects: int
    installed: Path | None = None

    def as_json(self) -> dict[str, Any]:
        """The full save's part of `cardgen tts --format json`."""
        return {
            "json": str(self.json_path),
            "thumbnail": str(self.thumbnail),
            "players": self.players,
            "objects": self.objects,
            "installed": str(self.installed) if self.installed else None,
        }


@dataclass(frozen=True)
class TableRules:
    """What a table shows of the game's rules: their plain text (the Notebook's rules tab)
    and the rulebook's PDF (laid on the table), made by the caller (`cardgen.rulebook`), or
    the text alone of a game's rules document."""

    text: str
    """The rules as plain text."""
    pdf: bytes | None = None
    """The rulebook as a PDF, put on the table as a Custom_PDF a host can share."""


@dataclass
class TableSpec:
    """What table to set up: the player count, each seat's deck list in seat order, and
    its rules (read before anything is written, so a bad file writes nothing)."""

    players: int
    decks: list[tuple[str, Counts]] = field(default_factory=list)
    rules: TableRules = field(default_factory=lambda: TableRules(""))


class TableSave:
    """Lays out and writes one full save of a game's table."""

    def __init__(
        self,
        pack: GamePack,
        spec: TableSpec,
        images: TableImages,
        keywords: list[str],
        copy_of: Mapping[str, Copy],
        trim_pt: Sequence[float],
    ) -> None:
        self.pack = pack
        self.rules = spec.rules
        self.plan: TablePlan = plan_table(pack, spec.players, spec.decks, copy_of)
        self.builder = TableBuilder(pack, images, keywords=keywords)
        trim_mm = (trim_pt[0] * 25.4 / 72, trim_pt[1] * 25.4 / 72)
        self.scale = (trim_mm[0] / CARD_MM[0], trim_mm[1] / CARD_MM[1])
        self.spacing = PILE_SPACING * self.scale[0]
        self.objects: list[dict[str, Any]] = []
        self.snaps: list[dict[str, Any]] = []
        self.words = table_words(pack.game.language)
        self.parts = ComponentTable(self.builder)  # the components: beyond piles and board
        layout = TableLayout(pack, self.plan, self.scale, self.spacing, self.parts)
        self.layout = layout
        self.table, self.width, self.seats = layout.table, layout.width, layout.seats
        places = [(seat.colour, seat.point(0, 0)) for seat in self.seats]
        self.teams = seat_teams(pack, places)
        self.turns = alternating(self.teams, [seat.colour for seat in self.seats])

    def lay_out(self) -> None:
        """Every object of the table (their sheets are made by the images' `finish`)."""
        ids = self.builder.ids
        words = self.words
        counters = [c for c in self.pack.game.counters if c.owner == "player"]
        for seat, cards in zip(self.seats, self.plan.seats, strict=True):
            colour = words.colour(seat.colour)
            zone = hand_zone(
                ids.guid(f"hand|{seat.colour}"),
                seat,
                self.width,
                words.hand.format(colour=colour),
            )
            self.objects.append(zone)
            count = len(cards.piles) + len(counters)
            spots = self.layout.seat_spots(seat, count)
            for column, pile in enumerate(cards.piles):
                x, z = spots[column]
                shown = TablePile(f"{colour} - {pile.label}", pile.copies, pile.face_up)
                identity = f"seat|{seat.colour}|{column}|{pile.label}"
                self._pile(shown, identity, x, z, seat)
            for index, counter in enumerate(counters):
                x, z = spots[len(cards.piles) + index]
                label = f"{colour} - {counter.label}"
                self._counter(f"{seat.colour}|{counter.id}", label, counter, x, z, seat)
        shared = self.plan.shared
        for column, (pile, (x, z)) in enumerate(
            zip(shared, self.layout.shared_spots(), strict=True)
        ):
            self._pile(pile, f"shared|{column}|{pile.label}", x, z)
        shared_counters = [  # beside a board, its own counters stand (`board_objects`)
            c for c in self.pack.game.counters if c.owner == "shared" and not self.pack.game.boards
        ]
        for index, counter in enumerate(shared_counters):
            z = -(2 * self.scale[1] + 1.5)
            self._counter(
                counter.id, counter.label, counter, self._across(index, len(shared_counters)), z
            )
        for number, rest in enumerate(self.plan.rest):  # a pile per card size, inwards
            self._pile(rest, f"rest|{rest.label}", *self.layout.rest_spot(number))
        if self.rules.pdf is not None:  # the rulebook beside the box piles
            url = self.builder.images.document_url("rules/rulebook", self.rules.pdf, "pdf")
            spot = self.layout.rest_spot(len(self.plan.rest))
            guid = self.builder.ids.guid("rulebook")
            self.objects.append(rulebook_object(guid, url, spot, self.words.rules_tab))
        if self.pack.game.boards:  # in the middle, a piece for each seat on its team's side
            places = [(seat.colour, seat.point(0, 0)) for seat in self.seats]
            self.objects.extend(board_objects(self.builder, self.pack, 0.0, seats=places))
        board_z = 0.0 if self.pack.game.boards else None
        inward, near = self.layout.component_rows()
        self.objects.extend(self.parts.lay_out(self.seats, inward, near, board_z))

    def _across(self, column: int, count: int) -> float:
        """The offset of column `column` of a row of `count`, centred."""
        return self.layout.across(column, count)

    def _pile(
        self,
        pile: TablePile,
        identity: str,
        x: float,
        z: float,
        seat: Seat | None = None,
    ) -> None:
        """A pile and the snap point under it; its sheets are named after its label
        (`table-white-paquet`), with a number when two piles share a label."""
        rot_y = seat.card_rotation if seat is not None else 180.0
        stem = self.builder.unique_stem(f"table-{slug(pile.label)}")
        self.objects.append(self.builder.pile(pile, identity, stem, x, z, rot_y))
        self.snaps.append(
            {
                "Position": {"x": round(x, 4), "y": 1.0, "z": round(z, 4)},
                "Rotation": {"x": 0.0, "y": rot_y, "z": 0.0},
                "Tags": [],
            }
        )

    def _counter(
        self,
        identity: str,
        label: str,
        counter: Counter,
        x: float,
        z: float,
        seat: Seat | None = None,
    ) -> None:
        """A Counter named after what it counts, in the seat's colour."""
        rot_y = seat.card_rotation if seat is not None else 180.0
        color = seat.rgb if seat is not None else {"r": 0.9, "g": 0.9, "b": 0.9}
        data = common(
            self.builder.ids.guid(f"counter|{identity}"),
            "Counter",
            transform(x, z, rot_y=rot_y),
            label,
            counter.description,
            color=color,
        )
        start = self._start(counter, seat)
        data.update({"HideWhenFaceDown": False, "Hands": False, "Counter": {"value": start}})
        self.objects.append(scripts(data))

    def _start(self, counter: Counter, seat: Seat | None) -> int:
        """A counter's start: `start_field` of the first matching card of the seat (of the
        shared piles), else `start`."""
        piles = self.plan.seats[seat.number].piles if seat is not None else self.plan.shared
        return counter_start(counter, piles)

    def envelope(self) -> dict[str, Any]:
        """The whole save, its keys in the order TTS writes them."""
        game = self.pack.game
        words = self.words
        turns = self.turns if self.teams else None  # a team game: who plays when
        tabs = {
            words.setup_tab: setup_text(self.pack, self.plan, self.seats, turns),
            words.rules_tab: self.rules.text,
        }
        return {
            "SaveName": game.name,
            "EpochTime": EPOCH,
            "Date": DATE,
            "VersionNumber": VERSION,
            "GameMode": game.name,
            "GameType": "Game",
            "GameComplexity": "",
            "PlayingTime": [0, 0],
            "PlayerCounts": [game.players.min, game.players.max],
            "Tags": ["Board Games" if game.boards else "Card Games"],
            "Gravity": 0.5,
            "PlayArea": 0.5,
            "Table": self.table.name,
            "Sky": "Sky_Museum",
            "Note": words.note.format(game=game.name, players=self.plan.players),
            "TabStates": {
                str(number): {
                    "title": title,
                    "body": body,
                    "color": "Grey",
                    "visibleColor": GREY,
                    "id": number,
                }
                for number, (title, body) in enumerate(tabs.items())
            },
            "MusicPlayer": {
                "RepeatSong": False,
                "PlaylistEntry": -1,
                "CurrentAudioTitle": "",
                "CurrentAudioURL": "",
                "AudioLibrary": [],
            },
            "Grid": {
                "Type": 0,
                "Lines": False,
                "Color": {"r": 0.0, "g": 0.0, "b": 0.0},
                "Opacity": 0.75,
                "ThickLines": False,
                "Snapping": False,
                "Offset": False,
                "BothSnapping": False,
                "xSize": 2.0,
                "ySize": 2.0,
                "PosOffset": {"x": 0.0, "y": 1.0, "z": 0.0},
            },
            "Lighting": {
                "LightIntensity": 0.54,
                "LightColor": {"r": 1.0, "g": 0.9804, "b": 0.8902},
                "AmbientIntensity": 1.3,
                "AmbientType": 0,
                "AmbientSkyColor": GREY,
                "AmbientEquatorColor": GREY,
                "AmbientGroundColor": GREY,
                "ReflectionIntensity": 1.0,
                "LutIndex": 0,
                "LutContribution": 1.0,
                "LutURL": "",
            },
            "Hands": {"Enable": True, "DisableUnused": False, "Hiding": 0},
            "ComponentTags": {"labels": [tag_label(t) for t in used_tags(self.objects)]},
            "Turns": {
                "Enable": True,
                "Type": 1,
                "TurnOrder": self.turns,
                "Reverse": False,
                "SkipEmpty": True,
                "DisableInteractions": False,
                "PassTurns": True,
                "TurnColor": "",
            },
            "CameraStates": [],
            "DecalPallet": [],
            "LuaScript": "",
            "LuaScriptState": "",
            "XmlUI": "",
            "CustomUIAssets": [],
            "SnapPoints": self.snaps,
            "ObjectStates": self.objects,
        }

    def picture(self, side: int, *, labels: bool = False) -> Image.Image:
        """The table seen from above, drawn from the save's positions, in a square of
        `side` pixels (once the images are made: cards show their own faces)."""
        files = self.builder.images.local_files()
        drawn = draw_overview(
            self.objects, files.get, snap_points=self.snaps, px=side * 2, labels=labels
        )
        return square(drawn, side)

    def write(self, writer: Writer, name: str, install: bool) -> TableResult:
        """Validate the save against the model, write it and its thumbnail (and install
        both into TTS's Saves folder)."""
        from cardgen.render.png import encode_png

        model = TtsSave.model_validate(self.envelope())  # checked before it is written
        text = model.model_dump_json(exclude_none=True, indent=2).encode("utf-8") + b"\n"
        json_path = writer.write_if_changed(f"{name}.json", text)
        thumb = self.picture(THUMBNAIL_PX)
        thumb_path = writer.write_if_changed(f"{name}.png", encode_png(thumb))
        installed = install_save(json_path, thumb_path) if install else None
        objects = len(list(walk(self.objects)))
        return TableResult(json_path, thumb_path, self.plan.players, objects, installed)


def walk(objects: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every object, those inside decks and the other states of an object too."""
    for obj in objects:
        yield obj
        yield from walk(obj.get("ContainedObjects") or [])
        yield from walk(list((obj.get("States") or {}).values()))


def used_tags(objects: list[dict[str, Any]]) -> list[str]:
    """Every tag an object carries, in the order they first appear."""
    found: dict[str, None] = {}
    for obj in walk(objects):
        for tag in obj.get("Tags") or []:
            found.setdefault(tag, None)
    return list(found)


def tag_label(tag: str) -> dict[str, str]:
    """A tag as ComponentTags lists it: as written, and lower case with underscores."""
    return {"displayed": tag, "normalized": "_".join(tag.lower().split())}


def saves_folder() -> Path:
    """Where Tabletop Simulator keeps full saves: one level above Saved Objects."""
    return saved_objects_folder().parent


def install_save(json_path: Path, thumbnail: Path) -> Path:
    """Copy a full save and its thumbnail into TTS's Saves folder; where the JSON went."""
    target = saves_folder()
    atomic_write(target / json_path.name, json_path.read_bytes())
    atomic_write(target / thumbnail.name, thumbnail.read_bytes())
    return target / json_path.name
