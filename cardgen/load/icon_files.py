"""A game's own icon files: the `icons/` folder of the game, and `file:` entries of layouts.

Every file of `decks/<game>/icons/` whose name ends as an image does (`.svg`, or anything
Pillow reads: `.png`, `.jpg`, `.webp`...) is an icon named by its stem in lower case
(`icons/Coin.svg` is `{coin}`); hidden files and other files (a `README.md`) are not icons.
Two files with one name (`coin.svg` and `coin.png`), a name text cannot write (`2 coins.svg`)
and a link leading out of the project are errors naming the files. A layout's `icons:`
entry may name a file instead of a built-in icon (`coin: {file: icons/coin.svg}`), resolved
from the game folder and held inside the project as art is. Every such file is read and
checked as the layouts load: an SVG as `cardgen.load.svg` reads it (entities refused,
references kept in the project), any other image decoded by Pillow; each problem is one
line at the layout's line (or the file). Drawing them is `cardgen.render.icon_files`'s.
"""

from __future__ import annotations

import functools
import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import CardgenError, InputErrors, Location, display_path
from cardgen.fuzzy import closest
from cardgen.load.art_paths import resolve_art
from cardgen.load.svg import is_svg, read_svg
from cardgen.load.yaml import YamlDocument
from cardgen.model.layout import IconSpec, Layout

ICON_FOLDER = "icons"
"""The folder of a game's own icons, in its game folder."""

MAX_ICON_PIXELS = 16_000_000
"""A raster icon with more pixels than this is refused before it is decoded."""

MAX_FOLDER_ICONS = 2_000
"""An icon folder holds at most this many icons (each is read whenever the layouts load)."""

WRITABLE = re.compile(r"[a-z][\w-]*")
"""An icon name card text can write as `{name}` (as `render.markup` reads it)."""


@dataclass(frozen=True, slots=True)
class FolderIcon:
    """An icon of the game's icon folder: its name in text, its path as written, its file."""

    name: str
    file: str
    path: Path


def is_icon_file(path: Path) -> bool:
    """Whether a file of the icon folder is an icon: an SVG or an image Pillow reads."""
    if path.name.startswith("."):
        return False
    return is_svg(path) or path.suffix.lower() in _raster_suffixes()


@functools.cache
def _raster_suffixes() -> frozenset[str]:
    from PIL import Image

    return frozenset(Image.registered_extensions())


def scan_icon_folder(
    game_folder: Path, project_root: Path
) -> tuple[list[FolderIcon], list[CardgenError]]:
    """The icons of the game's icon folder by name, and what is wrong with it (two files
    of one name, a link out of the project): nothing is read yet."""
    folder = game_folder / ICON_FOLDER
    if not folder.is_dir():
        return [], []
    found: dict[str, FolderIcon] = {}
    problems: list[CardgenError] = []
    for path in sorted(folder.iterdir(), key=lambda p: (p.name.lower(), p.name)):
        if not is_icon_file(path):
            continue
        written = f"{ICON_FOLDER}/{path.name}"
        where = Location(display_path(path))
        try:
            target = resolve_art(written, game_folder, project_root)
        except CardgenError as exc:
            problem = _as_file(exc.problem)
            problems.append(CardgenError(f"icon {{{path.stem.lower()}}}: {problem}", where))
            continue
        if not target.is_file():
            continue  # a folder named like an image
        name = path.stem.lower()
        if not WRITABLE.fullmatch(name):
            problems.append(
                CardgenError(
                    f'icon file "{written}": {{{name}}} cannot be written in card text (a name'
                    " is a letter, then letters, digits, - and _); rename the file",
                    where,
                )
            )
            continue
        if name in found:
            problems.append(
                CardgenError(
                    f"two icons are named {{{name}}}: {found[name].file} and {written};"
                    " keep one, or rename the other",
                    where,
                )
            )
            continue
        found[name] = FolderIcon(name, written, target)
        if len(found) > MAX_FOLDER_ICONS:
            message = f"more than {MAX_FOLDER_ICONS:,} icons; keep the ones the game uses"
            return [], [CardgenError(message, Location(display_path(folder)))]
    return list(found.values()), problems


def folder_icons(game_folder: Path, project_root: Path) -> list[FolderIcon]:
    """The icons of the game's icon folder, each file read and checked; every problem of
    the folder at once (exit 2)."""
    icons, problems = scan_icon_folder(game_folder, project_root)
    for icon in icons:
        problem = icon_file_problem(icon.path, project_root, icon.file)
        if problem is not None:
            where = Location(display_path(game_folder / icon.file))
            problems.append(CardgenError(f"icon {{{icon.name}}}: {problem}", where))
    if problems:
        raise InputErrors(problems)
    return icons


def file_problems(
    doc: YamlDocument,
    icons: Mapping[str, IconSpec],
    game_folder: Path | None,
    project_root: Path | None,
) -> list[CardgenError]:
    """An error for each `file:` entry of a layout file that cannot be an icon (outside the
    project, missing, not an image, a hostile SVG), at the line of its `file:`."""
    problems = []
    for alias, spec in icons.items():
        if spec.file is None:
            continue
        where = doc.location(["icons", alias, "file"])
        if game_folder is None or project_root is None:
            message = "only a game's layouts may name icon files"
            problems.append(CardgenError(f"icon {alias}: {message}", where))
            continue
        try:
            path = resolve_art(spec.file, game_folder, project_root)
        except CardgenError as exc:
            problems.append(CardgenError(f"icon {alias}: {_as_file(exc.problem)}", where))
            continue
        if not path.is_file():
            missing = f'file "{spec.file}" not found in {display_path(game_folder)}'
            problems.append(CardgenError(f"icon {alias}: {missing}{_hint(spec.file, path)}", where))
            continue
        problem = icon_file_problem(path, project_root, spec.file)
        if problem is not None:
            problems.append(CardgenError(f"icon {alias}: {problem}", where))
    return problems


def _as_file(problem: str) -> str:
    """`resolve_art`'s message about an art path, said of an icon file."""
    return "file " + problem.removeprefix("art ")


def _hint(written: str, path: Path) -> str:
    """`; did you mean "icons/coin.svg"?` for a file of the same folder with a close name
    (or the same name with another extension)."""
    try:
        names = sorted(p.name for p in path.parent.iterdir() if p.is_file())
    except OSError:
        return ""
    found = closest(path.name, names)
    if found is None:
        stems = {Path(n).stem.lower(): n for n in names}
        stem = closest(path.stem.lower(), stems)
        found = None if stem is None else stems[stem]
    if found is None:
        return ""
    folder = written.replace("\\", "/").rpartition("/")[0]
    return f'; did you mean "{folder + "/" if folder else ""}{found}"?'


def icon_file_problem(path: Path, project_root: Path, shown: str) -> str | None:
    """Why a file cannot be drawn as an icon (one line, naming it as `shown`), or None: an
    SVG is read and checked; any other file must be an image Pillow decodes, of at most
    `MAX_ICON_PIXELS`."""
    if is_svg(path):
        try:
            read_svg(path, project_root, shown, MAX_ICON_PIXELS)
        except CardgenError as exc:
            return exc.problem
        return None
    problem = _raster_problem(path)
    return None if problem is None else f"{shown}: {problem}"


def _raster_problem(path: Path) -> str | None:
    """Why Pillow cannot decode an icon image, or None."""
    from PIL import Image, UnidentifiedImageError

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with Image.open(path) as image:
                width, height = image.size
                if width * height > MAX_ICON_PIXELS:
                    return (
                        f"image is {width} x {height} px; an icon has at most"
                        f" {MAX_ICON_PIXELS:,} pixels"
                    )
                if width * height == 0:
                    return "image is empty"
                image.load()
        except UnidentifiedImageError:
            return "not an image (Pillow cannot identify the file's format)"
        except Exception as exc:  # decoders raise OSError, SyntaxError, ValueError, ...
            reason = " ".join(str(exc).split()) or type(exc).__name__
            return f"cannot decode the image: {reason}"
    return None


def folder_specs(game_folder: Path, project_root: Path) -> dict[str, IconSpec]:
    """The icon folder's icons as `icons:` entries (`{file: icons/coin.svg}`), by name."""
    return {i.name: IconSpec(file=i.file) for i in folder_icons(game_folder, project_root)}


def with_folder_icons(layout: Layout, own: Mapping[str, IconSpec]) -> Layout:
    """The layout with the icon folder's icons added to its `icons:` (its own entry of a
    name wins over the folder's)."""
    added = {name: spec for name, spec in own.items() if name not in layout.icons}
    if not added:
        return layout
    return layout.model_copy(update={"icons": {**layout.icons, **added}})
