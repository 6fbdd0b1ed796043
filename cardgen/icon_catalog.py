"""`cardgen icons [GAME]`: every icon a game can use, with its name.

Without a game, the built-in icons: each English name, its aliases and what it shows. With
one, also every alias the game's layouts define in `icons:` and what it draws, with the
file and line it is written at (the layouts are loaded first, so a broken one is reported
as `cardgen render` would). `--sheet` draws them all on one contact sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.model.icon_names import BUILT_IN, canonical

BUILT_IN_SOURCE = "built-in"


@dataclass(frozen=True, slots=True)
class IconEntry:
    """One name `{name}` may use: the built-in icon it draws, where the name comes from."""

    name: str
    icon: str
    depicts: str
    aliases: tuple[str, ...] = ()
    source: str = BUILT_IN_SOURCE
    color: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The icon as JSON: its name, aliases, where it comes from and what it draws."""
        return {
            "name": self.name,
            "aliases": list(self.aliases),
            "source": self.source,
            "icon": self.icon,
            "depicts": self.depicts,
            "color": self.color,
        }


@dataclass
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
        return [e for e in self.entries if e.source != BUILT_IN_SOURCE]

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
            return [*out, f"The layouts of {self.game_name} give no icon a name of their own."]
        out.append(f"The layouts of {self.game_name} give {len(named)} names (for their text):")
        for entry in named:
            color = f" in {entry.color}" if entry.color else ""
            out.append(f"  {entry.name:<{width}}{entry.icon}{color}  {entry.source}")
        return out


def builtin_entries() -> list[IconEntry]:
    """Every built-in icon, in the library's order."""
    return [IconEntry(i.name, i.name, i.depicts, i.aliases) for i in BUILT_IN]


def icon_catalog(project_root: Path | None = None, game_id: str | None = None) -> IconCatalog:
    """The built-in icons and, for a game (`project_root` is then its project), its
    layouts' aliases; bad input in the game or its layouts is an error (exit 2)."""
    entries = builtin_entries()
    if game_id is None or project_root is None:
        return IconCatalog(entries)
    from cardgen.load.layout_icons import icon_aliases
    from cardgen.load.layouts import load_layouts
    from cardgen.project import open_project

    pack = open_project(project_root).game(game_id)
    load_layouts(project_root, pack.game)  # every alias names an icon, or this says where not
    depicts = {i.name: i.depicts for i in BUILT_IN}
    for alias in icon_aliases(project_root, game_id):
        icon = canonical(alias.icon) or alias.icon
        where = f"{alias.location.path}:{alias.location.line}"
        entries.append(IconEntry(alias.name, icon, depicts[icon], (), where, alias.color))
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
    image = icon_sheet(sections)
    return Writer(path.parent).write_if_changed(path.name, encode_png(image, 150))
