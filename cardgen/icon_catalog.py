"""`cardgen icons [GAME]`: every icon a game can use, with its name.

Without a game, the built-in icons: each English name, its aliases and what it shows. With
one, also every alias the game's layouts define in `icons:` (a built-in icon or a file) and
what it draws, with the file and line it is written at, and every file of the game's icon
folder (`decks/<game>/icons/`), each said to be recoloured or drawn as it is, and whether it
takes a built-in icon's name for that game. The layouts are loaded first, so a broken one
(or a bad icon file) is reported as `cardgen render` would. `--sheet` draws them all on one
contact sheet; the proof gallery shows the same list.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.model.icon_names import BUILT_IN, canonical

if TYPE_CHECKING:
    from cardgen.load.game import GamePack

BUILT_IN_SOURCE = "built-in"


@dataclass(frozen=True, slots=True)
class IconEntry:
    """One name `{name}` may use: the built-in icon it draws, where the name comes from."""

    name: str
    icon: str | None
    depicts: str
    aliases: tuple[str, ...] = ()
    source: str = BUILT_IN_SOURCE
    color: str | None = None
    file: str | None = None
    """A file icon's path as written (relative to the game folder)."""
    recolored: bool | None = None
    """Whether a file icon is drawn in a colour (else as its file draws it)."""
    shadows: bool = False
    """Whether the name is a built-in icon's, which this one replaces for the game."""
    key: str | None = None
    """A file icon's drawing key (`render.icon_files`)."""
    kind: str = "built-in"
    """`built-in`, `layout` (an `icons:` entry) or `folder` (a file of the icon folder)."""

    def as_json(self) -> dict[str, Any]:
        """The icon as JSON: its name, aliases, where it comes from and what it draws."""
        return {
            "name": self.name,
            "aliases": list(self.aliases),
            "source": self.source,
            "icon": self.icon,
            "depicts": self.depicts,
            "color": self.color,
            "kind": self.kind,
            "file": self.file,
            "recolored": self.recolored,
            "shadows_built_in": self.shadows,
        }

    def drawn(self) -> str:
        """What the icon draws, for the listing: the icon (and its colour), or the file."""
        color = f" in {self.color}" if self.color and self.recolored is not False else ""
        if self.file is None:
            return f"{self.icon}{color}"
        how = f"recoloured{color or ' in the text colour'}" if self.recolored else "as drawn"
        shadow = f"; replaces the built-in {self.name}" if self.shadows else ""
        return f"{self.file} ({how}){shadow}"


@dataclass(frozen=True)
class IconCatalog:
    """The icons `cardgen icons` shows: the built-in ones, then a game's layout aliases."""

    entries: list[IconEntry]
    game: str | None = None
    game_name: str | None = None

    @property
    def built_in(self) -> list[IconEntry]:
        """The icons cardgen ships."""
        return [e for e in self.entries if e.source == BUILT_IN_SOURCE]

    @property
    def from_layouts(self) -> list[IconEntry]:
        """The icons the game's layouts add."""
        return [e for e in self.entries if e.kind == "layout"]

    @property
    def from_folder(self) -> list[IconEntry]:
        """The icons of the game's icon folder."""
        return [e for e in self.entries if e.kind == "folder"]

    def as_json(self) -> dict[str, Any]:
        """The catalog as JSON: the game and every icon."""
        return {"game": self.game, "icons": [e.as_json() for e in self.entries]}

    def lines(self) -> list[str]:
        """The text listing: one icon a line, name first."""
        width = max(len(e.name) for e in self.entries) + 2
        out = [f"{len(self.built_in)} built-in icons; write {{name}} in card text:"]
        for entry in self.built_in:
            also = f"  (also {', '.join(entry.aliases)})" if entry.aliases else ""
            out.append(f"  {entry.name:<{width}}{entry.depicts}{also}")
        if self.game is None:
            return out
        named = self.from_layouts
        if not named:
            out.append(f"The layouts of {self.game_name} give no icon a name of their own.")
        else:
            plural = "s" if len(named) != 1 else ""
            out.append(
                f"The layouts of {self.game_name} give {len(named)} name{plural} (for their text):"
            )
        for entry in named:
            out.append(f"  {entry.name:<{width}}{entry.drawn()}  {entry.source}")
        own = self.from_folder
        if own:
            plural = "s" if len(own) != 1 else ""
            out.append(f"The icon folder of {self.game_name} gives {len(own)} icon{plural}:")
        for entry in own:
            out.append(f"  {entry.name:<{width}}{entry.drawn()}")
        return out


def builtin_entries() -> list[IconEntry]:
    """Every built-in icon, in the library's order."""
    return [IconEntry(i.name, i.name, i.depicts, i.aliases) for i in BUILT_IN]


def icon_catalog(project_root: Path | None = None, game_id: str | None = None) -> IconCatalog:
    """The built-in icons and, for a game (`project_root` is then its project), its
    layouts' aliases and its icon folder; bad input in the game, its layouts or its icon
    files is an error (exit 2)."""
    if game_id is None or project_root is None:
        return IconCatalog(builtin_entries())
    from cardgen.project import open_project

    return game_catalog(project_root, open_project(project_root).game(game_id))


def game_catalog(project_root: Path, pack: GamePack, *, loaded: bool = False) -> IconCatalog:
    """Every icon the loaded game can use: built-in, its layouts' and its icon folder's
    (`loaded`: its layouts are known to load, as in a build, so they are not loaded again)."""
    from cardgen.errors import display_path
    from cardgen.load.icon_files import folder_icons
    from cardgen.load.layout_icons import icon_aliases
    from cardgen.load.layouts import load_layouts
    from cardgen.model.layout import IconSpec
    from cardgen.render.icon_files import icon_file, recoloured

    entries = builtin_entries()
    if not loaded:
        load_layouts(project_root, pack.game)  # every alias and file is good, or this says where
    depicts = {i.name: i.depicts for i in BUILT_IN}
    built_in = {name for i in BUILT_IN for name in (i.name, *i.aliases)}

    def file_entry(name: str, spec: IconSpec, source: str, kind: str) -> IconEntry:
        key = icon_file(spec, pack.folder, project_root).key
        what = "an SVG drawing" if (spec.file or "").lower().endswith(".svg") else "an image"
        return IconEntry(
            name, None, what, (), source, spec.color, spec.file, recoloured(key),
            name in built_in, key, kind,
        )  # fmt: skip

    for alias in icon_aliases(project_root, pack.id):
        where = f"{alias.location.path}:{alias.location.line}"
        if alias.icon is None:
            spec = IconSpec(file=alias.file, color=alias.color, recolor=alias.recolor)
            entries.append(file_entry(alias.name, spec, where, "layout"))
            continue
        icon = canonical(alias.icon) or alias.icon
        entries.append(
            IconEntry(alias.name, icon, depicts[icon], (), where, alias.color, kind="layout")
        )
    for own in folder_icons(pack.folder, project_root):
        source = display_path(pack.folder / own.file)
        entries.append(file_entry(own.name, IconSpec(file=own.file), source, "folder"))
    return IconCatalog(entries, pack.id, pack.game.name)


def write_sheet(catalog: IconCatalog, path: Path) -> Path:
    """Draw the catalog's contact sheet and write it to `path` (atomically; a file that
    already holds the same bytes is left alone)."""
    from cardgen.render.icon_sheet import icon_sheet
    from cardgen.render.png import encode_png
    from cardgen.write import Writer

    sections = [("cardgen's built-in icons", catalog.built_in)]
    if catalog.game_name is not None:
        sections.append((f"Named by the layouts of {catalog.game_name}", catalog.from_layouts))
        sections.append((f"The icon folder of {catalog.game_name}", catalog.from_folder))
    image = icon_sheet(sections)
    return Writer(path.parent).write_if_changed(path.name, encode_png(image, 150))
