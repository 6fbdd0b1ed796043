"""Drawing a game's own icon files (SVG, PNG, JPEG...) at an icon's size, coloured as the
layout says.

An SVG is drawn by resvg at the asked size (anti-aliased by resvg, as the built-in icons are),
never scaled from a bitmap; any other image is resized with a Lanczos filter on
premultiplied alpha. The colour rule:

| icon file | no `color:` | `color:` given | `recolor: false` |
| --- | --- | --- | --- |
| single-colour SVG | the text's colour (or `icon_color`) | that colour | as drawn |
| multi-colour SVG | as drawn | its shape in that colour | as drawn |
| PNG, JPEG, any raster | as drawn | its shape (alpha) in that colour | as drawn |

A file's icon travels through text as a key (`file_key`) in place of a built-in icon's
name; the key holds the file's size and mtime, so an icon file changed on disk is drawn
anew in a long-running process (`cardgen watch`).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from cardgen.load.art_paths import resolve_art
from cardgen.load.icon_files import MAX_ICON_PIXELS
from cardgen.load.svg import is_svg, read_svg
from cardgen.model.layout import IconSpec
from cardgen.render.art import load_art
from cardgen.render.vector import fit_view_box, render_svg, single_colour

PREFIX = "file:"
"""How a file's key starts: no name written in text (`{coin}`) has a colon."""

SUPERSAMPLE = 1
"""As the built-in icons are drawn: resvg's own anti-aliasing came as close to the old 4x
block means as 4x supersampling through resvg did, at a seventh of the cost
(docs/research/icons-as-svg.md)."""

PROBE = 96
"""The side an SVG is drawn at to tell a single-colour shape from a picture."""

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class IconFile:
    """An icon file as drawn: where it is, the project it belongs to, how it is coloured
    (`auto`: a single-colour SVG takes the colour; `always`: its shape does; `never`)."""

    path: Path
    root: Path
    mode: str
    stamp: tuple[int, int]

    @property
    def key(self) -> str:
        """The icon's key, as text hands it to `draw_file_icon`."""
        data = [str(self.path), str(self.root), self.mode, *self.stamp]
        return PREFIX + json.dumps(data)

    @classmethod
    def of_key(cls, key: str) -> IconFile:
        """The icon file a key names."""
        path, root, mode, size, mtime = json.loads(key.removeprefix(PREFIX))
        return cls(Path(path), Path(root), mode, (size, mtime))


def colour_mode(spec: IconSpec) -> str:
    """How an entry's file is coloured (see the table above)."""
    if not spec.recolor:
        return "never"
    return "always" if spec.color is not None else "auto"


def icon_file(spec: IconSpec, game_folder: Path, project_root: Path) -> IconFile:
    """The drawable file of an `icons:` entry that names one (checked as layouts load)."""
    assert spec.file is not None
    path = resolve_art(spec.file, game_folder, project_root)
    try:
        info = path.stat()
        stamp = (info.st_size, info.st_mtime_ns)
    except OSError:
        stamp = (-1, -1)
    return IconFile(path, project_root, colour_mode(spec), stamp)


def file_keys(
    icons: Mapping[str, IconSpec], game_folder: Path, project_root: Path
) -> dict[str, str]:
    """The key of every entry of an `icons:` map that names a file, by name."""
    return {
        name: icon_file(spec, game_folder, project_root).key
        for name, spec in icons.items()
        if spec.file is not None
    }


def is_file_key(name: str) -> bool:
    """Whether an icon name handed to drawing is a file's key."""
    return name.startswith(PREFIX)


def draw_file_icon(key: str, side: int, color: RGB) -> Image.Image:
    """The icon of a file's key as an RGBA image `side` px square, the drawing centred and
    as large as fits, coloured by the rule above (a fresh copy)."""
    icon = IconFile.of_key(key)
    picture = _drawing(icon, side)
    if _recoloured(icon):
        shape = Image.new("RGBA", picture.size, (*color, 0))
        shape.putalpha(picture.getchannel("A"))
        return shape
    return picture.copy()


def recoloured(key: str) -> bool:
    """Whether the icon of a file's key is drawn in a colour (else as drawn)."""
    return _recoloured(IconFile.of_key(key))


@functools.lru_cache(maxsize=512)
def _recoloured(icon: IconFile) -> bool:
    if icon.mode != "auto":
        return icon.mode == "always"
    return is_svg(icon.path) and single_colour(_drawing(icon, PROBE))


@functools.lru_cache(maxsize=512)
def _drawing(icon: IconFile, side: int) -> Image.Image:
    """The file drawn `side` px square, as its own colours."""
    if is_svg(icon.path):
        doc = read_svg(icon.path, icon.root, max_pixels=MAX_ICON_PIXELS)
        view_box = fit_view_box(doc.view_box, (side, side), "contain")
        return render_svg(doc, (side, side), view_box, supersample=SUPERSAMPLE)
    image = load_art(icon.path)
    scale = side / max(image.size)
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    resized = image.convert("RGBa").resize(size, Image.Resampling.LANCZOS).convert("RGBA")
    square = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    square.paste(resized, ((side - size[0]) // 2, (side - size[1]) // 2))
    return square


_WRITTEN = re.compile(r"\{([A-Za-z][\w-]*)\}")


def used_files(icons: Mapping[str, IconSpec], data: Any) -> list[str]:
    """The names of the entries of `icons` naming a file that JSON-able `data` (a card's
    values, a layout's elements) may draw: written `{name}` in a text, or a whole value
    (`name: coin`, `{suit}` filled with `coin`). More rather than fewer: a cache key."""
    files = [name for name, spec in icons.items() if spec.file is not None]
    if not files:
        return []
    blob = json.dumps(data, sort_keys=True, default=str, ensure_ascii=False)
    written = set(_WRITTEN.findall(blob))
    return [name for name in files if name in written or json.dumps(name) in blob]
