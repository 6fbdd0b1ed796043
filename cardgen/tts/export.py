"""`cardgen tts`: a Tabletop Simulator saved object of a game's box or of one deck list.

The table is set up from the game's data: each pile of `setup.piles` (the Persona apart,
the Yokai decks by colour face up, ...) becomes a `Deck` (or a lone `Card`), the cards no
pile takes form one more deck, and each board becomes hex `Custom_Tile`s with a state per
team colour. Sprite sheets go beside the JSON; images are `file:///` URLs unless a
`--base-url` (or a `--url-map`) is given. GUIDs and deck keys come from stable hashes: the
same input gives the same bytes. No user text is ever put into a script. Beside the save,
`<name>.uploads.txt` lists the images a host must have (`cardgen.tts.uploads`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cardgen.cache import Cache
from cardgen.check.back_sizes import refuse_mismatched_backs
from cardgen.errors import CardgenError
from cardgen.load.game import GamePack
from cardgen.manifest import record
from cardgen.outputs import game_folder
from cardgen.parallel import cores
from cardgen.project import Project
from cardgen.render.game import RenderResult
from cardgen.tts import sheets as tts_sheets
from cardgen.tts.board import board_extent, board_objects
from cardgen.tts.component_table import saved_object_components
from cardgen.tts.deal import Counts, check_players, has_player_piles
from cardgen.tts.hosting import Hosting
from cardgen.tts.images import TableImages, check_base_url, install_saved_object
from cardgen.tts.mod import TableResult, TableRules, TableSave, TableSpec
from cardgen.tts.model import ObjectState, SavedObject
from cardgen.tts.notebook import rules_text
from cardgen.tts.sizes import CardSize, spread
from cardgen.tts.stale import remove_unused, save_images
from cardgen.tts.table import GROUP_SPACING, Copy, TableBuilder, arrange
from cardgen.tts.tables import centre_depth
from cardgen.tts.uploads import Upload, uploads, uploads_path, uploads_text
from cardgen.tts.url_map import UrlMap, load_url_map
from cardgen.write import Writer, slug

BOARD_CLEARANCE = 3.0
"""Units between the board's nearest tile or counter and the middle of the first row of
piles (half a poker card and more)."""


@dataclass(frozen=True)
class TtsResult:
    """What was written."""

    json_path: Path
    thumbnail: Path
    sheets: tuple[Path, ...] = ()
    objects: int = 0
    warnings: tuple[str, ...] = ()
    installed: Path | None = None
    sheet_seconds: float = 0.0
    """Time spent making and writing sprite sheets (cached ones cost nothing)."""
    removed: tuple[Path, ...] = ()
    """Images cardgen wrote beside the save before that no save there names any more."""
    shared: tuple[Path, ...] = ()
    """Images beside the save that other saves there name (not this one): still in use."""
    uploads: tuple[Upload, ...] = ()
    """The images a host must have for this save, the ones new since the last export first."""
    uploads_file: Path | None = None
    """`<name>.uploads.txt` beside the save: the same images, one path a line."""
    notes: tuple[str, ...] = ()
    """What is worth knowing but not wrong (a URL map's entries for other exports)."""
    table: TableResult | None = None
    """The full save (the mod), when one was asked for."""

    def as_json(self, deck_warnings: Sequence[str] = ()) -> dict[str, Any]:
        """`cardgen tts --format json`: the files written, the objects and the warnings
        (`deck_warnings`, a deck's violations, first)."""
        return {
            "json": str(self.json_path),
            "thumbnail": str(self.thumbnail),
            "sheets": [str(p) for p in self.sheets],
            "objects": self.objects,
            "installed": str(self.installed) if self.installed else None,
            "table": self.table.as_json() if self.table is not None else None,
            "warnings": [*deck_warnings, *self.warnings],
            "notes": list(self.notes),
            "uploads": {
                "file": str(self.uploads_file) if self.uploads_file else None,
                "count": len(self.uploads),
                "new": sum(image.new for image in self.uploads),
                "images": [image.as_json() for image in self.uploads],
            },
        }


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


def tts(
    project: Project,
    game_id: str,
    out: Path | None = None,
    *,
    deck: Path | None = None,
    base_url: str | None = None,
    url_map: Path | None = None,
    install: bool = False,
    fmt: tts_sheets.SheetFormat = "jpeg",
    quality: int = 90,
    jobs: int | None = None,
    rendered: RenderResult | None = None,
    cache: Cache | None = None,
    table: bool = False,
    players: int | None = None,
    seat_decks: Sequence[Path] = (),
    rules: TableRules | None = None,
) -> TtsResult:
    """Write `<name>.json`, `<name>.png`, `<name>.uploads.txt` and the sheets of a game's
    table (from `rendered` card images when given; with a cache, sheets whose cards did not
    change are reused); with `table`, the full save `<name>-table.json` for `players` too
    (default: the game's fewest), its seats taking `seat_decks` (default: `deck`) before the
    game's own. With `url_map`, each image's URL comes from that file, and an image it
    lacks refuses the export before anything is written. `rules` is the game's resolved
    rulebook: the Notebook's rules tab (default: its rules document as read) and its PDF,
    laid on the table beside the box piles."""
    from cardgen.render.game import game_cache, render_game

    if base_url is not None and url_map is not None:
        raise CardgenError(
            "--base-url and --url-map exclude each other: a folder host or a URL per file"
        )
    if base_url is not None:
        check_base_url(base_url)
    urls = load_url_map(url_map) if url_map is not None else None
    pack = project.game(game_id)
    refuse_mismatched_backs(pack)  # TTS would stretch a back of another size onto the card
    groups = _groups(pack, deck)
    spec = None
    if table:
        count = players if players is not None else pack.game.players.min
        check_players(pack, count)
        given = list(seat_decks) or ([deck] if deck is not None else [])
        spec = _table_spec(pack, count, seat_deck_lists(pack, count, given), rules)
    names = {name for _, counts in groups for name in counts}
    images = game_folder(project.root, pack.id)
    name = slug(Path(deck).stem) if deck else pack.id
    with contextlib.ExitStack() as held:
        if rendered is None:  # on its own: the game's cache, under its folder's lock
            cache = held.enter_context(game_cache(project, pack.id))
            wanted = None if spec is not None else names  # a table shows the whole box
            rendered = render_game(
                project,
                pack.id,
                images,
                names=wanted,
                jobs=jobs,
                cache=cache,
                cell_size=tts_sheets.standard_cell,
            )
        result = export_table(
            pack,
            groups,
            rendered,
            out or images / "tts",
            name,
            base_url=base_url,
            url_map=urls,
            install=install,
            fmt=fmt,
            quality=quality,
            cache=cache,
            jobs=jobs,
            table=spec,
        )
        written = [result.json_path, result.thumbnail, *result.sheets]
        if result.table is not None:
            written[2:2] = [result.table.json_path, result.table.thumbnail]
        record(images, [*written, *([result.uploads_file] if result.uploads_file else [])])
        removed, kept = remove_unused(images, result.json_path.parent)
    own = set(result.sheets)
    return replace(
        result, removed=tuple(removed), shared=tuple(path for path in kept if path not in own)
    )


def export_table(
    pack: GamePack,
    groups: list[tuple[str, dict[str, int]]],
    rendered: RenderResult,
    folder: Path,
    name: str,
    *,
    base_url: str | None = None,
    url_map: UrlMap | None = None,
    install: bool = False,
    fmt: tts_sheets.SheetFormat = "jpeg",
    quality: int = 90,
    cache: Cache | None = None,
    jobs: int | None = None,
    table: TableSpec | None = None,
) -> TtsResult:
    """Sheets, JSON and thumbnail from card images already rendered (sheets made on `jobs`
    processes, default all cores); with `table`, the full save `<name>-table.json` too."""
    from cardgen.render.textfit import keywords

    faces = {c.name: (c.file, c.geometry.bleed_px, c) for c in rendered.cards}
    backs = {b.back: (b.file, b.geometry.bleed_px) for b in rendered.backs}
    writer = Writer(folder)
    image_keys = {item.file: item.key for item in rendered.images() if item.key}
    images = TableImages(
        folder,
        writer,
        hosting=Hosting(folder, base_url=base_url, url_map=url_map),
        fmt=fmt,
        quality=quality,
        cache=cache,
        image_keys=image_keys,
    )
    builder = TableBuilder(pack, images, keywords=keywords(pack))
    copy_of = {
        card.name: Copy(
            card,
            tts_sheets.Face(faces[card.name][0], faces[card.name][1]),
            tts_sheets.Face(*backs[faces[card.name][2].back]),
            faces[card.name][2].back,
            CardSize.from_pt(faces[card.name][2].geometry.trim_pt),
        )
        for card in pack.cards
        if card.name in faces
    }
    objects, first_face, _ = _rows(builder, groups, copy_of)
    if pack.game.boards:  # beyond the first row of piles, clear of its cards
        origin_z = board_extent(pack)[1] + BOARD_CLEARANCE
        objects.extend(board_objects(builder, pack, origin_z=round(origin_z, 4)))
    objects.extend(saved_object_components(builder, objects))  # one of each, below
    centre_depth(objects)  # the whole of it in the middle of the table, front to back
    before = save_images(folder / f"{name}.json")  # what the host had: read before replaced
    mod = None
    if table is not None:
        trims = [faces[name][2].geometry.trim_pt for name in copy_of]
        mod = TableSave(pack, table, images, builder.keywords, copy_of, _largest(trims))
        mod.lay_out()
    sheet_seconds = images.finish(jobs if jobs is not None else cores())
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

    thumb = tts_sheets.thumbnail(*(first_face or (None, 0)))
    thumb_path = writer.write_if_changed(f"{name}.png", encode_png(thumb))
    table_result = mod.write(writer, f"{name}-table", install) if mod is not None else None
    needed = uploads(images.names, before)
    uploads_file = writer.write_if_changed(uploads_path(json_path).name, uploads_text(images.names))
    warnings: list[str] = []
    if url_map is not None:
        warnings.extend(url_map.warnings)
    elif base_url is None:
        warnings.append(
            "images are file:/// URLs: only the host sees them in a multiplayer game;"
            " host the images the uploads list names and use --base-url or --url-map"
        )
    return TtsResult(
        json_path,
        thumb_path,
        tuple(images.sheets),
        _count(model.ObjectStates),
        tuple(warnings),
        install_saved_object(json_path, thumb_path) if install else None,
        sheet_seconds,
        uploads=tuple(needed),
        uploads_file=uploads_file,
        notes=tuple(images.hosting.notes(images.names)),
        table=table_result,
    )


def _table_spec(
    pack: GamePack, count: int, decks: list[tuple[str, Counts]], rules: TableRules | None
) -> TableSpec:
    """The table to set up for `count` players: the seats' decks and what it shows of the
    rules (the rulebook's text and PDF, else the game's rules document as read)."""
    return TableSpec(count, decks, rules or TableRules(rules_text(pack)))


def seat_deck_lists(pack: GamePack, players: int, given: list[Path]) -> list[tuple[str, Counts]]:
    """Each seat's deck list, in seat order: the `--deck` lists given, then the game's
    `setup.seat_decks` (else `box.decks`) in turn; none when no pile is a player's."""
    from cardgen.errors import CardgenError
    from cardgen.load.decklist import load_deck

    if not has_player_piles(pack):
        return []
    if len(given) > players:
        raise CardgenError(f"--deck given {len(given)} times for {players} players")
    setup = pack.game.setup
    own = setup.seat_decks or (pack.game.box.decks if pack.game.box else [])
    where: list[str | int] = ["setup", "seat_decks"] if setup.seat_decks else ["box", "decks"]
    paths = [*given, *(pack.file(r, [*where, i]) for i, r in enumerate(own))]
    if not paths:
        raise CardgenError(
            "the setup has piles of each player's but no deck lists for the seats: give"
            " --deck, or list them in setup.seat_decks",
            pack.doc.location(["setup", "piles"]),
        )
    decks = []
    for number in range(players):
        path = paths[number % len(paths)]
        parsed = load_deck(path, None if number < len(given) else pack.root)
        decks.append((parsed.name, pack.deck_counts(parsed)))
    return decks


def _rows(
    builder: TableBuilder, groups: list[tuple[str, dict[str, int]]], copy_of: dict[str, Copy]
) -> tuple[list[dict[str, Any]], tuple[Path, int] | None, list[float]]:
    """The Saved Object's rows of piles, a row a group, each row as deep as its deepest pile
    (rows of tarot cards lie further apart); the first card's face (for the thumbnail) and
    each row's depth in card depths."""
    pack = builder.pack
    first_face: tuple[Path, int] | None = None
    rows = []
    for label, counts in groups:
        copies = []
        for card in pack.cards:
            if card.name in counts:
                copies.extend([copy_of[card.name]] * counts[card.name])
        first_face = first_face or (copies[0].face.path, copies[0].face.bleed_px)
        rows.append((label, arrange(pack.game.setup.piles, copies, pack)))
    depths = [max(pile.size.reach[1] for pile in piles) for _, piles in rows]
    objects: list[dict[str, Any]] = []
    for (label, piles), z in zip(rows, spread(depths, GROUP_SPACING, centred=False), strict=True):
        # 0.0 - z: the first row at z 0.0, not -0.0
        objects.extend(builder.group_objects(0.0 - z, label, piles, len(groups)))
    return objects, first_face, depths


def _largest(trims: list[tuple[float, float]]) -> tuple[float, float]:
    """The trim (pt) of the widest and of the deepest card of the game: the full save's
    rows and seats are spaced for its largest piles (poker cards alone: a poker trim)."""
    return (max(trim[0] for trim in trims), max(trim[1] for trim in trims))


def _count(objects: list[ObjectState]) -> int:
    total = 0
    for obj in objects:
        total += 1 + _count(obj.ContainedObjects or []) + _count(list((obj.States or {}).values()))
    return total
