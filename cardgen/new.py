"""`cardgen new TITLE`: a new game, ready to build: two card types (one with an optional
field), example cards in CSV with an `art` column, a picture for one of them, a deck list,
layouts with a back, and the JSON Schemas the YAML files name for editors. Nothing that
exists is overwritten.

The title may be any one line of text: it is written into game.yaml by the YAML library
(quoted where YAML would read it as something else), never pasted into YAML text. The game's
id, its folder name, is the title transliterated to ASCII by python-slugify (`Señor Búho:
¡Fiesta!` -> `senor-buho-fiesta`), or `--id`.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import re
import shlex
import unicodedata
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError, Location, display_path, visible
from cardgen.model.base import ID_PATTERN
from cardgen.write import WINDOWS_RESERVED, atomic_write

MAX_TITLE = 200
"""Longest title taken, in characters: a name that still fits on a card back."""
MAX_ID = 64
"""Longest id: one made from a longer title is cut at a word."""
LAYOUTS = ("base.yaml", "hero.yaml", "action.yaml")
ART = "art/captain-vale.png"
"""The one card picture the scaffold draws (cards.csv names it); the other cells are empty."""


@dataclass(frozen=True)
class NewGame:
    """What `new_game` made: the game's id and name, the files written, and notes (such as
    an id changed to keep clear of a Windows device name)."""

    id: str
    name: str
    files: list[Path]
    notes: list[str]


def title_of(name: str) -> str:
    """The game's name: `name` without surrounding spaces; refused when it is empty, longer
    than MAX_TITLE, more than one line, or not text at all."""
    title = name.strip()
    if not title:
        raise CardgenError('a new game needs a name, e.g. cardgen new "Star Frontier"')
    try:
        title.encode("utf-8")
    except UnicodeEncodeError:
        raise CardgenError(
            f'the name "{visible(title)}" holds bytes that are not text (UTF-8)'
        ) from None
    bad = next((c for c in title if unicodedata.category(c) in ("Cc", "Zl", "Zp")), None)
    if bad is not None:
        raise CardgenError(
            f'the name "{visible(title)}" holds a control character (U+{ord(bad):04X}):'
            " a game's name is one line of text"
        )
    if len(title) > MAX_TITLE:
        raise CardgenError(
            f"the name is {len(title)} characters long; at most {MAX_TITLE} fit a card back"
        )
    return title


def reserved_on_windows(name: str) -> bool:
    """`con`, `nul`, `com1`... in any case, with or without an extension: names Windows
    keeps for devices, so no folder can have them there."""
    return name.split(".", 1)[0].rstrip(" ").lower() in WINDOWS_RESERVED


def game_id_for(title: str, given: str | None = None) -> tuple[str, list[str]]:
    """The game's id and any note about it: `given` as it is (refused when it is not an
    id), or the title transliterated; an id from the title that Windows reserves gets
    `-game` after it."""
    if given is not None:
        if reserved_on_windows(given):
            raise CardgenError(
                f'--id "{visible(given)}" is a device name on Windows, where no folder can be'
                f" called that; choose another, e.g. --id {given.split('.')[0].lower()}-game"
            )
        if not re.fullmatch(ID_PATTERN, given) or len(given) > MAX_ID:
            raise CardgenError(
                f'--id "{visible(given)}" is not a game id: lower-case letters, digits and'
                f" hyphens, starting with a letter or digit, at most {MAX_ID} (e.g. river-kings)"
            )
        return given, []
    from slugify import slugify

    made = slugify(title, replacements=[["'", ""], ["’", ""]])
    if len(made) > MAX_ID:  # cut after the last whole word that fits
        made = made[: MAX_ID + 1].rsplit("-", 1)[0] if "-" in made[:MAX_ID] else made[:MAX_ID]
    if not made or not re.fullmatch(ID_PATTERN, made):
        raise CardgenError(
            f'"{visible(title)}" leaves no letters or digits for the game\'s id (its folder'
            " name): give one with --id, e.g. --id my-game"
        )
    if reserved_on_windows(made):
        safe = f"{made}-game"
        return safe, [
            f'the id "{made}" is a device name on Windows, where no folder can be called'
            f' that: the game is "{safe}" (choose another with --id)'
        ]
    return made, []


def new_game(root: Path, name: str, game_id: str | None = None) -> NewGame:
    """Write the files of a new game called `name` under the project folder `root`."""
    title = title_of(name)
    game_id, notes = game_id_for(title, game_id)
    deck_dir, layout_dir = root / "decks" / game_id, root / "layouts" / game_id
    files: dict[Path, bytes] = {
        deck_dir / "game.yaml": _game_yaml(game_id, title),
        deck_dir / "game.schema.json": _schema("game"),
        deck_dir / "cards.csv": _scaffold("cards.csv"),
        deck_dir / ART: _art(),
        deck_dir / "decks" / "starter.txt": _starter(game_id),
        **{layout_dir / layout: _scaffold(layout) for layout in LAYOUTS},
        layout_dir / "layout.schema.json": _schema("layout"),
    }
    clash = deck_dir if deck_dir.exists() else next((p for p in files if p.exists()), None)
    if clash is not None:
        raise CardgenError(
            f'a game "{game_id}" exists already (give another name, or --id)',
            Location(display_path(clash)),
        )
    folders = {folder for path in files for folder in path.parents if folder.is_relative_to(root)}
    made = sorted((f for f in folders if not f.exists()), key=lambda f: -len(f.parts))
    written: list[Path] = []
    try:
        for path, data in files.items():
            atomic_write(path, data)
            written.append(path)
    except OSError as exc:  # take back this game's files, so that the next try starts clean
        for path in written:
            path.unlink(missing_ok=True)
        for folder in made:  # deepest first; only folders made here, and only when empty
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise CardgenError(
            f"cannot write the new game: {exc.strerror or exc}",
            Location(display_path(exc.filename or path)),
        ) from None
    return NewGame(game_id, title, written, notes)


def next_commands(game_id: str, project_dir: Path) -> list[str]:
    """What to run after `cardgen new`, as the user would type it."""
    project = "" if project_dir == Path(".") else f" --project {shlex.quote(str(project_dir))}"
    return [
        f"cardgen check {game_id}{project}   # the game's own data is consistent",
        f"cardgen build {game_id}{project}   # cards, PDFs and a TTS object in output/{game_id}/",
        f"cardgen watch {game_id}{project}   # edit cards.csv or a layout: it builds again",
    ]


def _scaffold(name: str) -> bytes:
    return resources.files("cardgen.scaffold").joinpath(name).read_bytes()


def _starter(game_id: str) -> bytes:
    """The starter deck list, its first line naming the game (an id: letters, digits, `-`)."""
    return f"# game: {game_id}\n".encode() + _scaffold("starter.txt")


def _game_yaml(game_id: str, title: str) -> bytes:
    """The scaffold's game.yaml, comments and layout kept, with the game's id and name set
    through ruamel.yaml's round trip."""
    from ruamel.yaml import YAML

    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096  # a long title stays on its line
    yaml.indent(mapping=2, sequence=4, offset=2)
    data: Any = yaml.load(_scaffold("game.yaml").decode("utf-8"))
    data["id"] = _yaml_string(game_id)
    data["name"] = _yaml_string(title)
    data["backs"]["main"]["label"] = _yaml_string(title)
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue().encode("utf-8")


_PLAIN = re.compile(r"[^\W_][\w .!'()&+/-]*")
"""Text that stands unquoted in YAML, in a block or inside `{...}`: a letter or digit first,
then only words, spaces and punctuation that mean nothing to YAML there."""


def _yaml_string(text: str) -> str:
    """`text` as ruamel should write it: plain where that is safe in any context and a YAML
    1.1 reader (an editor's, say) takes it for text too (not `yes`, `1_000`, `1e3`), else
    double-quoted, with escapes for anything unusual."""
    from ruamel.yaml.nodes import ScalarNode
    from ruamel.yaml.resolver import VersionedResolver
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString

    tag = VersionedResolver(version=(1, 1)).resolve(ScalarNode, text, (True, False))
    if _PLAIN.fullmatch(text) and str(tag) == "tag:yaml.org,2002:str":
        return text
    quoted: str = DoubleQuotedScalarString(text)  # a str that ruamel writes in "..."
    return quoted


@functools.lru_cache(maxsize=2)
def _schema(kind: str) -> bytes:
    """The JSON Schema `cardgen schema KIND` prints, for the files' `$schema` comment."""
    from cardgen.schema import json_schema

    return (json.dumps(json_schema(kind), indent=2, ensure_ascii=False) + "\n").encode("utf-8")


@functools.lru_cache(maxsize=1)
def _art() -> bytes:
    """A picture for the first card (the size of the built-in art box): a low sun over two
    ranges of hills, so that the first build shows where a card's art goes."""
    from PIL import Image, ImageDraw

    from cardgen.render.png import encode_png

    width, height = 630, 405
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    for y in range(height):  # dusk: deep blue above, amber at the horizon
        t = y / (height - 1)
        draw.line([(0, y), (width, y)], fill=(round(39 + 203 * t), round(68 + 125 * t), 94))
    draw.ellipse([380, 130, 500, 250], fill=(242, 193, 78))
    far = [(0, 300), (140, 200), (260, 280), (400, 190), (630, 300)]
    near = [(0, 360), (180, 290), (330, 350), (470, 300), (630, 370)]
    for ridge, colour in ((far, (58, 84, 96)), (near, (27, 44, 56))):
        draw.polygon([*ridge, (width, height), (0, height)], fill=colour)
    return encode_png(image, dpi=300)
