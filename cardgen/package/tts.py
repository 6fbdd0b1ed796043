"""`cardgen tts`: a Tabletop Simulator saved object of a game's box or of one deck list.

The table is set up from the game's data: each pile of `setup.piles` (the Persona apart,
the Yokai decks by colour face up, ...) becomes a `Deck` (or a lone `Card`), the cards no
pile takes form one more deck, and each board becomes hex `Custom_Tile`s with a state per
team colour. Sprite sheets go beside the JSON; images are `file:///` URLs unless a
`--base-url` is given. GUIDs and deck keys come from stable hashes: the same input gives
the same bytes. No user text is ever put into a script.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from PIL import Image, ImageDraw

from cardgen.cache import Cache, digest, file_digest
from cardgen.check.select import matches
from cardgen.errors import CardgenError
from cardgen.load.game import GamePack
from cardgen.manifest import record
from cardgen.model.card import Card
from cardgen.model.game import Pile
from cardgen.outputs import game_folder
from cardgen.package import tts_sheets
from cardgen.package.tts_model import ObjectState, SavedObject
from cardgen.parallel import cores
from cardgen.project import Project
from cardgen.render.game import RenderResult
from cardgen.write import Writer, atomic_write, slug

CARD_MM = (56.0, 80.0)
"""The size of a card at scale 1 in TTS (approximate, as tts-deckconverter measures it)."""
CARD_COLOR = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}
PILE_SPACING = 3.2
GROUP_SPACING = 5.0


class Ids:
    """Stable GUIDs (6 lower-case hex) and deck keys (10000..99999), unique in one file."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.guids: set[str] = set()
        self.keys: set[int] = set()

    def _digest(self, identity: str, attempt: int) -> str:
        return hashlib.sha256(f"{self.seed}|{identity}|{attempt}".encode()).hexdigest()

    def guid(self, identity: str) -> str:
        attempt = 0
        while (value := self._digest(identity, attempt)[:6]) in self.guids:
            attempt += 1
        self.guids.add(value)
        return value

    def key(self, identity: str) -> int:
        attempt = 0
        while (value := int(self._digest(identity, attempt), 16) % 90000 + 10000) in self.keys:
            attempt += 1
        self.keys.add(value)
        return value


@dataclass(frozen=True)
class Copy:
    """One copy of a card to put on the table, with its face and back images."""

    card: Card
    face: tts_sheets.Face
    back: tts_sheets.Face
    back_id: str


@dataclass
class TablePile:
    """A stack of cards on the table."""

    label: str
    copies: list[Copy]
    face_up: bool


@dataclass
class TtsResult:
    """What was written."""

    json_path: Path
    thumbnail: Path
    sheets: list[Path] = field(default_factory=list)
    objects: int = 0
    warnings: list[str] = field(default_factory=list)
    installed: Path | None = None
    sheet_seconds: float = 0.0
    """Time spent making and writing sprite sheets (cached ones cost nothing)."""


def _transform(
    x: float,
    z: float,
    *,
    y: float = 1.0,
    face_up: bool = True,
    scale_x: float = 1,
    scale_y: float = 1,
    scale_z: float = 1,
) -> dict[str, float]:
    return {
        "posX": round(x, 4),
        "posY": round(y, 4),
        "posZ": round(z, 4),
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 0.0 if face_up else 180.0,
        "scaleX": round(scale_x, 4),
        "scaleY": round(scale_y, 4),
        "scaleZ": round(scale_z, 4),
    }


def _common(
    guid: str,
    name: str,
    transform: dict[str, float],
    nickname: str,
    description: str = "",
    gm_notes: str = "",
    color: dict[str, float] | None = None,
    tags: list[str] | None = None,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "GUID": guid,
        "Name": name,
        "Transform": transform,
        "Nickname": nickname,
        "Description": description,
        "GMNotes": gm_notes,
        "ColorDiffuse": color or CARD_COLOR,
    }
    if tags:
        data["Tags"] = tags
    data.update(
        {
            "LayoutGroupSortIndex": 0,
            "Locked": False,
            "Grid": True,
            "Snap": True,
            "IgnoreFoW": False,
            "MeasureMovement": False,
            "DragSelectable": True,
            "Autoraise": True,
            "Sticky": True,
            "Tooltip": True,
            "GridProjection": False,
        }
    )
    return data


def _scripts(data: dict[str, Any]) -> dict[str, Any]:
    data.update({"LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return data


_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<!\*)\*(?!\*)(.+?)(?<!\*)\*(?!\*)")
_BRACKETS = re.compile(r"\[(/?)([a-z0-9-]*)\]", re.IGNORECASE)


def bbcode(text: str, keywords: Iterable[str]) -> str:
    """Card text as TTS tooltip BBCode: keywords and **bold** in [b], *italic* in [i].

    Square brackets in the card's own text are kept from being read as BBCode tags.
    """
    text = _BRACKETS.sub(lambda m: f"\u27e6{m.group(1)}{m.group(2)}\u27e7", text)
    text = _BOLD.sub(r"[b]\1[/b]", text)
    text = _ITALIC.sub(r"[i]\1[/i]", text)
    terms = sorted({t for t in keywords if t}, key=len, reverse=True)
    if terms:
        pattern = re.compile(r"(?<![\w\[])(" + "|".join(map(re.escape, terms)) + r")(?![\w\]])")
        text = pattern.sub(r"[b]\1[/b]", text)
    return text.replace("[b][b]", "[b]").replace("[/b][/b]", "[/b]")


class TableBuilder:
    """Builds the objects of one saved object: piles of cards, boards, counters."""

    def __init__(
        self,
        pack: GamePack,
        out: Path,
        writer: Writer,
        *,
        base_url: str | None,
        fmt: tts_sheets.SheetFormat,
        quality: int,
        keywords: list[str],
        cache: Cache | None = None,
        image_keys: dict[Path, str] | None = None,
    ) -> None:
        self.pack = pack
        self.cache = cache
        self.image_keys = image_keys or {}
        self.out = out
        self.writer = writer
        self.base_url = base_url.rstrip("/") if base_url else None
        self.fmt = fmt
        self.quality = quality
        self.keywords = keywords
        self.ids = Ids(pack.id)
        self.sheets: list[Path] = []
        self._pending: list[tuple[str, str | None, tts_sheets.SheetJob]] = []
        self._back_urls: dict[Path, str] = {}
        self._tile_urls: dict[str, str] = {}

    def url(self, path: Path) -> str:
        if self.base_url:
            return f"{self.base_url}/{path.resolve().relative_to(self.out.resolve()).as_posix()}"
        return path.resolve().as_uri()

    def _write_image(self, relative: str, image: Image.Image) -> Path:
        data = tts_sheets.encode(image, self.fmt, self.quality)
        path = self.writer.write_if_changed(relative, data)
        self.sheets.append(path)
        return path

    def _sheet(
        self, relative: str, faces: list[tts_sheets.Face], layout: tts_sheets.SheetLayout
    ) -> Path:
        """A sheet: taken from the cache when none of its cards changed, else made by
        `finish` (with the others, on every core). Returns where it will be."""
        key = None
        if self.cache is not None and all(f.path in self.image_keys for f in faces):
            key = digest(
                "sheet",
                [self.image_keys[f.path] for f in faces],
                [f.bleed_px for f in faces],
                layout.cols,
                layout.rows,
                layout.cell_w,
                layout.cell_h,
                self.fmt,
                self.quality,
            )
            hit = self.cache.get(key, self._ext)
            if hit is not None:
                path = self.writer.write_if_changed(relative, hit[0])
                self.sheets.append(path)
                return path
        size = (layout.cell_w, layout.cell_h)
        cells = tuple(self._cell(f, size) for f in faces)
        job = tts_sheets.SheetJob(tuple(faces), layout, cells, self.fmt, self.quality)
        self._pending.append((relative, key, job))
        path = self.writer.path(relative)
        self.sheets.append(path)
        return path

    def _content(self, faces: list[tts_sheets.Face], layout: tts_sheets.SheetLayout) -> str:
        """What a sheet shows, as a hash: its cards' images and its grid (a new hash, hence
        a new deck key, makes TTS load the sheet again instead of an old copy)."""
        images = [self.image_keys.get(f.path) or file_digest(f.path) for f in faces]
        grid = [layout.cols, layout.rows, layout.cell_w, layout.cell_h]
        bleeds = [f.bleed_px for f in faces]
        return digest("sheet content", images, bleeds, grid, self.fmt, self.quality)[:16]

    def finish(self, workers: int) -> float:
        """Make the sheets `_sheet` left to make, in parallel, and write them; the seconds
        it took."""
        started = time.perf_counter()
        pending, self._pending = self._pending, []
        made = tts_sheets.make_sheets([job for _, _, job in pending], workers)
        for (relative, key, _), data in zip(pending, made, strict=True):
            path = self.writer.write_if_changed(relative, data)
            if key is not None and self.cache is not None:
                self.cache.put(key, data, {}, self._ext, source=path)
        return time.perf_counter() - started

    def _cell(self, face: tts_sheets.Face, size: tuple[int, int]) -> Path | None:
        """The file of the face's cell the renderer made beside the card, if cached."""
        from cardgen.render.game import CELL_EXT, cell_key

        key = self.image_keys.get(face.path)
        if self.cache is None or key is None:
            return None
        return self.cache.data_path(cell_key(key, size), CELL_EXT)

    def _back_url(self, back: tts_sheets.Face, back_id: str) -> str:
        if back.path not in self._back_urls:
            layout = tts_sheets.SheetLayout(1, 1, *tts_sheets.trim_size(back))
            path = self._sheet(f"sheets/back-{slug(back_id)}.{self._ext}", [back], layout)
            self._back_urls[back.path] = self.url(path)
        return self._back_urls[back.path]

    def tile_url(self, name: str, picture: Image.Image) -> str:
        """The URL of a board tile image, written once however many tiles use it."""
        if name not in self._tile_urls:
            path = self._write_image(f"tiles/{name}.{self._ext}", picture)
            self._tile_urls[name] = self.url(path)
        return self._tile_urls[name]

    @property
    def _ext(self) -> str:
        return "png" if self.fmt == "png" else "jpg"

    def card_object(
        self,
        copy: Copy,
        card_id: int,
        key: int,
        entry: dict[str, Any],
        identity: str,
        transform: dict[str, float],
    ) -> dict[str, Any]:
        card = copy.card
        ctype = self.pack.game.types[card.type]
        data = _common(
            self.ids.guid(identity),
            "Card",
            transform,
            card.name,
            bbcode(card.text, self.keywords),
            json.dumps({"type": card.type, **card.fields}, ensure_ascii=False, sort_keys=True),
            tags=[ctype.label],
        )
        data.update(
            {
                "HideWhenFaceDown": True,
                "Hands": True,
                "CardID": card_id,
                "SidewaysCard": False,
                "CustomDeck": {str(key): entry},
            }
        )
        return _scripts(data)

    def pile(
        self,
        pile: TablePile,
        identity: str,
        stem: str,
        x: float,
        z: float,
        scale: tuple[float, float],
    ) -> dict[str, Any]:
        """A Deck of the pile's copies (a lone Card for one copy), with its sheets."""
        distinct: list[Copy] = []
        seen: dict[str, int] = {}
        for copy in pile.copies:
            if copy.card.name not in seen:
                seen[copy.card.name] = len(distinct)
                distinct.append(copy)
        entries: dict[str, dict[str, Any]] = {}
        where: dict[str, tuple[int, int, dict[str, Any]]] = {}
        trim_w, trim_h = tts_sheets.trim_size(distinct[0].face)
        for index, group in enumerate(tts_sheets.chunks([c.face for c in distinct])):
            members = distinct[index * 70 : index * 70 + len(group)]
            layout = tts_sheets.sheet_layout(len(group), trim_w, trim_h)
            name = f"{stem}-{index + 1}"
            face_path = self._sheet(f"sheets/{name}.{self._ext}", group, layout)
            backs = {c.back.path for c in members}
            if len(backs) == 1:
                back_url = self._back_url(members[0].back, members[0].back_id)
                unique = False
            else:
                back_path = self._sheet(
                    f"sheets/{name}-backs.{self._ext}", [c.back for c in members], layout
                )
                back_url = self.url(back_path)
                unique = True
            key = self.ids.key(f"{identity}|{index}|{self._content(group, layout)}")
            entry = {
                "FaceURL": self.url(face_path),
                "BackURL": back_url,
                "NumWidth": layout.cols,
                "NumHeight": layout.rows,
                "BackIsHidden": True,
                "UniqueBack": unique,
                "Type": 0,
            }
            entries[str(key)] = entry
            for slot, copy in enumerate(members):
                where[copy.card.name] = (key, slot, entry)
        transform = _transform(x, z, face_up=pile.face_up, scale_x=scale[0], scale_z=scale[1])
        cards = []
        for number, copy in enumerate(pile.copies):
            key, slot, entry = where[copy.card.name]
            cards.append(
                self.card_object(
                    copy,
                    key * 100 + slot,
                    key,
                    entry,
                    f"{identity}|{number}|{copy.card.name}",
                    transform,
                )
            )
        if len(cards) == 1:
            cards[0]["Nickname"] = cards[0]["Nickname"] or pile.label
            return cards[0]
        deck = _common(
            self.ids.guid(identity), "Deck", transform, pile.label, f"{len(cards)} cards"
        )
        deck.update(
            {
                "HideWhenFaceDown": True,
                "Hands": False,
                "SidewaysCard": False,
                "DeckIDs": [c["CardID"] for c in cards],
                "CustomDeck": entries,
            }
        )
        _scripts(deck)
        deck["ContainedObjects"] = cards
        return deck


def arrange(game_piles: list[Pile], copies: list[Copy], pack: GamePack) -> list[TablePile]:
    """Deal the copies into the game's setup piles, in order; what is left is one more deck.

    A pile takes the matching copies not yet taken (at most `count`); with `group_by` it
    makes one pile per value of that field.
    """
    left = list(range(len(copies)))  # positions, not objects: copies of a card are equal
    piles: list[TablePile] = []
    for spec in game_piles:
        chosen = [i for i in left if matches(copies[i].card, spec.where)]
        if spec.count is not None and spec.group_by is None:
            chosen = chosen[: spec.count]
        taken = set(chosen)
        left = [i for i in left if i not in taken]
        if spec.group_by:
            groups: dict[str, list[Copy]] = {}
            for i in chosen:
                groups.setdefault(str(copies[i].card.get(spec.group_by)), []).append(copies[i])
            for value, members in groups.items():
                members = members[: spec.count] if spec.count is not None else members
                piles.append(TablePile(f"{spec.label}: {value}", members, spec.face_up))
        elif chosen:
            piles.append(TablePile(spec.label, [copies[i] for i in chosen], spec.face_up))
    if left:
        rest = [copies[i] for i in left]
        labels = sorted({pack.game.types[c.card.type].plural_label for c in rest})
        piles.append(TablePile(" & ".join(labels) if len(labels) < 3 else "Deck", rest, False))
    return piles


HEIGHT_THICKNESS = {
    "ground": 0.12,
    "medium": 0.3,
    "tall": 0.5,
    "blocked": 0.5,
    "spawn-green": 0.4,
    "spawn-purple": 0.4,
}
NEUTRAL = {"ground": (74, 77, 85), "medium": (138, 142, 152), "tall": (201, 204, 211)}
TEAM_INK = {"green": (63, 191, 63), "purple": (155, 63, 209)}
TILE_UNITS = 2.0
"""Assumed width of a hex Custom_Tile at scale 1, in table units (not confirmed by a TTS
file we have); tiles are spaced by it."""


def _tile_image(
    fill: tuple[int, int, int], ring: tuple[int, int, int] | None = None, size: int = 256
) -> Image.Image:
    image = Image.new("RGB", (size, size), fill)
    draw = ImageDraw.Draw(image)
    edge = tuple(max(0, v - 40) for v in fill)
    draw.rectangle((0, 0, size - 1, size - 1), outline=edge, width=size // 24)
    if ring is not None:
        draw.ellipse(
            (size * 0.2, size * 0.2, size * 0.8, size * 0.8), outline=ring, width=size // 12
        )
    return image


def _shade(color: tuple[int, int, int], height: str) -> tuple[int, int, int]:
    factor = {"ground": 0.8, "medium": 1.0, "tall": 1.2}.get(height, 1.0)
    return tuple(min(255, round(v * factor)) for v in color)  # type: ignore[return-value]


def board_objects(builder: TableBuilder, pack: GamePack, origin_z: float) -> list[dict[str, Any]]:
    """Each board as hex tiles (neutral / green / purple states), counters and pieces."""
    from cardgen.check.game_checks import load_board

    objects: list[dict[str, Any]] = []
    for ref in pack.game.boards:
        board, _ = load_board(pack, ref)
        cells = board.cells()
        width = TILE_UNITS
        centre_q = sum(q + r / 2 for q, r in cells) / len(cells)
        centre_r = sum(r for _, r in cells) / len(cells)
        for (q, r), kind in sorted(cells.items(), key=lambda item: (item[0][1], item[0][0])):
            x = (q + r / 2 - centre_q) * width
            z = origin_z - (r - centre_r) * width * 0.866
            thickness = HEIGHT_THICKNESS[kind]
            identity = f"board|{ref.id}|{q},{r}"

            def tile(
                state: str,
                picture_name: str,
                picture: Image.Image,
                identity: str = identity,
                x: float = x,
                z: float = z,
                thickness: float = thickness,
                kind: str = kind,
            ) -> dict[str, Any]:
                data = _common(
                    builder.ids.guid(f"{identity}|{state}"),
                    "Custom_Tile",
                    _transform(x, z, y=1.0 + thickness / 2),
                    f"{kind} ({state})" if kind in NEUTRAL else kind.replace("-", " "),
                    tags=["Board tile", kind],
                )
                data["Locked"] = True
                data.update(
                    {
                        "HideWhenFaceDown": False,
                        "Hands": False,
                        "CustomImage": {
                            "ImageURL": builder.tile_url(picture_name, picture),
                            "ImageSecondaryURL": "",
                            "ImageScalar": 1.0,
                            "WidthScale": 0.0,
                            "CustomTile": {
                                "Type": 1,
                                "Thickness": thickness,
                                "Stackable": False,
                                "Stretch": True,
                            },
                        },
                    }
                )
                return _scripts(data)

            if kind in NEUTRAL:
                base = tile("neutral", f"{kind}-neutral", _tile_image(NEUTRAL[kind]))
                base["Description"] = "Hover and press 1 (neutral), 2 (green) or 3 (purple)."
                states = {}
                for number, team in (("2", "green"), ("3", "purple")):
                    state = tile(team, f"{kind}-{team}", _tile_image(_shade(TEAM_INK[team], kind)))
                    state["Description"] = base["Description"]
                    states[number] = state
                base["States"] = states
                objects.append(base)
            elif kind == "blocked":
                objects.append(tile("blocked", "blocked", _tile_image((17, 17, 17))))
            else:
                team = kind.removeprefix("spawn-")
                objects.append(tile(kind, kind, _tile_image((250, 250, 250), TEAM_INK[team])))
        span = (max(q + r / 2 for q, r in cells) - centre_q + 2) * width
        for team, side in (("green", -1), ("purple", 1)):
            color = {k: v / 255 for k, v in zip("rgb", TEAM_INK[team], strict=True)}
            counter = _common(
                builder.ids.guid(f"counter|{team}"),
                "Counter",
                _transform(side * span, origin_z + side * 4),
                f"{team.title()} tiles",
                "Tiles your team has claimed.",
                color=color,
            )
            counter.update({"HideWhenFaceDown": False, "Hands": False, "Counter": {"value": 0}})
            objects.append(_scripts(counter))
            for player in (1, 2):
                pawn = _common(
                    builder.ids.guid(f"piece|{team}|{player}"),
                    "PlayerPawn",
                    _transform(side * (span - 2), origin_z + side * (2 + player * 1.5)),
                    f"{team.title()} player {player}",
                    color=color,
                    tags=[f"Team {team}"],
                )
                pawn.update({"HideWhenFaceDown": False, "Hands": False})
                objects.append(_scripts(pawn))
        rounds = _common(
            builder.ids.guid("counter|rounds"),
            "Counter",
            _transform(0, origin_z + 10),
            "Round",
            "Rounds played (the game lasts 10).",
            color={"r": 0.9, "g": 0.9, "b": 0.9},
        )
        rounds.update({"HideWhenFaceDown": False, "Hands": False, "Counter": {"value": 0}})
        objects.append(_scripts(rounds))
    return objects


def saved_objects_folder() -> Path:
    """Where Tabletop Simulator keeps Saved Objects on this operating system."""
    home = Path.home()
    if sys.platform.startswith("win"):
        return home / "Documents" / "My Games" / "Tabletop Simulator" / "Saves" / "Saved Objects"
    if sys.platform == "darwin":
        return home / "Library" / "Tabletop Simulator" / "Saves" / "Saved Objects"
    return home / ".local" / "share" / "Tabletop Simulator" / "Saves" / "Saved Objects"


def check_base_url(url: str) -> str:
    """A --base-url must be an http(s) URL with a host."""
    try:
        parsed = urlparse(url)
    except ValueError:  # e.g. a malformed IPv6 host
        parsed = urlparse("")
    if (
        parsed.scheme not in ("http", "https")
        or not parsed.hostname
        or any(c.isspace() or not c.isprintable() for c in url)
    ):
        raise CardgenError(
            f'--base-url must be an http:// or https:// URL with a host and no spaces, not "{url}"'
        )
    return url


def _groups(pack: GamePack, deck: Path | None) -> list[tuple[str, dict[str, int]]]:
    """(label, card name -> copies) for each group of piles to lay out."""
    from cardgen.load.decklist import load_deck

    def counts_of(path: Path, root: Path | None = None) -> tuple[str, dict[str, int]]:
        parsed = load_deck(path, root)
        return parsed.name, pack.deck_counts(parsed)

    if deck is not None:
        return [counts_of(deck)]
    if pack.game.box is not None and pack.game.box.decks:
        return [
            counts_of(pack.file(relative, ["box", "decks", index]), pack.root)
            for index, relative in enumerate(pack.game.box.decks)
        ]
    return [(pack.game.name, {c.name: c.copies for c in pack.cards if c.copies})]


def _thumbnail(face: Path | None, bleed: int) -> Image.Image:
    image = Image.new("RGB", (256, 256), (32, 32, 40))
    if face is not None:
        card = tts_sheets.compose(
            [tts_sheets.Face(face, bleed)], tts_sheets.SheetLayout(1, 1, 160, 224)
        )
        image.paste(card, (48, 16))
    return image


def tts(
    project: Project,
    game_id: str,
    out: Path | None = None,
    *,
    deck: Path | None = None,
    base_url: str | None = None,
    install: bool = False,
    fmt: tts_sheets.SheetFormat = "jpeg",
    quality: int = 90,
    jobs: int | None = None,
    rendered: RenderResult | None = None,
    cache: Cache | None = None,
) -> TtsResult:
    """Write `<name>.json`, `<name>.png` and the sheets of a game's table (from `rendered`
    card images when given; with a cache, sheets whose cards did not change are reused)."""
    from cardgen.render.game import render_game

    if base_url is not None:
        check_base_url(base_url)
    pack = project.game(game_id)
    groups = _groups(pack, deck)
    names = {name for _, counts in groups for name in counts}
    images = game_folder(project.root, pack.id)
    rendered = rendered or render_game(project, pack.id, images, names=names, jobs=jobs)
    name = slug(Path(deck).stem) if deck else pack.id
    result = export_table(
        pack,
        groups,
        rendered,
        out or images / "tts",
        name,
        base_url=base_url,
        install=install,
        fmt=fmt,
        quality=quality,
        cache=cache,
        jobs=jobs,
    )
    record(images, [result.json_path, result.thumbnail, *result.sheets])  # for `clean`
    return result


def export_table(
    pack: GamePack,
    groups: list[tuple[str, dict[str, int]]],
    rendered: RenderResult,
    folder: Path,
    name: str,
    *,
    base_url: str | None = None,
    install: bool = False,
    fmt: tts_sheets.SheetFormat = "jpeg",
    quality: int = 90,
    cache: Cache | None = None,
    jobs: int | None = None,
) -> TtsResult:
    """Sheets, JSON and thumbnail from card images already rendered (sheets made on `jobs`
    processes, default all cores)."""
    from cardgen.render.textfit import keywords

    faces = {
        c["name"]: (Path(c["file"]), round(c["bleed_pt"] * c["dpi"] / 72), c)
        for c in rendered.cards
    }
    backs = {
        b["back"]: (Path(b["file"]), round(b["bleed_pt"] * b["dpi"] / 72)) for b in rendered.backs
    }
    writer = Writer(folder)
    image_keys = {
        Path(item["file"]): item["key"]
        for item in [*rendered.cards, *rendered.backs]
        if item.get("key")
    }
    builder = TableBuilder(
        pack,
        folder,
        writer,
        base_url=base_url,
        fmt=fmt,
        quality=quality,
        keywords=keywords(pack),
        cache=cache,
        image_keys=image_keys,
    )
    objects: list[dict[str, Any]] = []
    first_face: tuple[Path, int] | None = None
    for row, (label, counts) in enumerate(groups):
        copies = []
        for card in pack.cards:
            if card.name not in counts:
                continue
            face_path, bleed, info = faces[card.name]
            back_path, back_bleed = backs[info["back"]]
            copy = Copy(
                card,
                tts_sheets.Face(face_path, bleed),
                tts_sheets.Face(back_path, back_bleed),
                info["back"],
            )
            copies.extend([copy] * counts[card.name])
        first_face = first_face or (copies[0].face.path, copies[0].face.bleed_px)
        trim_mm = (
            faces[copies[0].card.name][2]["trim_pt"][0] * 25.4 / 72,
            faces[copies[0].card.name][2]["trim_pt"][1] * 25.4 / 72,
        )
        scale = (trim_mm[0] / CARD_MM[0], trim_mm[1] / CARD_MM[1])
        piles = arrange(pack.game.setup.piles, copies, pack)
        for column, pile in enumerate(piles):
            x = (column - (len(piles) - 1) / 2) * PILE_SPACING * scale[0]
            z = -row * GROUP_SPACING * scale[1]
            prefix = f"{label} - " if len(groups) > 1 else ""
            pile.label = prefix + pile.label
            stem = "-".join(
                part
                for part in (
                    slug(label) if len(groups) > 1 else "",
                    slug(pile.label.removeprefix(prefix)),
                )
                if part
            )
            objects.append(
                builder.pile(pile, f"{slug(label)}|{column}|{pile.label}", stem, x, z, scale)
            )
    if pack.game.boards:
        objects.extend(board_objects(builder, pack, origin_z=len(groups) * GROUP_SPACING + 14))
    sheet_seconds = builder.finish(jobs if jobs is not None else cores())
    envelope = {
        "SaveName": "",
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "TabStates": {},
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": objects,
    }
    model = SavedObject.model_validate(envelope)  # every save is checked before it is written
    # pydantic's own encoder: the same text as json.dumps(..., indent=2, ensure_ascii=False)
    # for these values, in a sixth of the time (pure-Python indenting took 25 ms a 500 cards)
    text = model.model_dump_json(exclude_none=True, indent=2).encode("utf-8") + b"\n"
    json_path = writer.write_if_changed(f"{name}.json", text)
    from cardgen.render.png import encode_png

    thumb = _thumbnail(*(first_face or (None, 0)))
    thumb_path = writer.write_if_changed(f"{name}.png", encode_png(thumb))
    result = TtsResult(json_path, thumb_path, builder.sheets, _count(model.ObjectStates))
    result.sheet_seconds = sheet_seconds
    if base_url is None:
        result.warnings.append(
            "images are file:/// URLs: only the host sees them in a"
            " multiplayer game; host the sheets and use --base-url"
        )
    if install:
        target = saved_objects_folder()
        atomic_write(target / json_path.name, json_path.read_bytes())
        atomic_write(target / thumb_path.name, thumb_path.read_bytes())
        result.installed = target / json_path.name
    return result


def _count(objects: list[ObjectState]) -> int:
    total = 0
    for obj in objects:
        total += 1 + _count(obj.ContainedObjects or []) + _count(list((obj.States or {}).values()))
    return total
