"""The `icons:` maps of layouts: each alias checked against the icon library, and listed.

A layout's `icons:` gives names usable in text as `{name}`, each drawing a built-in icon
(`ember: {icon: lightning, color: "#e8590c"}`) or a file of the game's (`coin: {file:
icons/coin.svg}`, checked by `load.icon_files`). An alias naming an icon the library does
not have is bad input, reported at its line when the layout is loaded, with every other
one of the file. `icon_aliases` lists a game's aliases with where each is written, for
`cardgen icons GAME` and for the linter (which must know every name a text may use).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import CardgenError, Location
from cardgen.load import BUILTIN_DIR
from cardgen.load.yaml import YamlDocument, load_yaml
from cardgen.model.icon_names import canonical, unknown_icon
from cardgen.model.layout import IconSpec


def icon_problems(doc: YamlDocument, icons: Mapping[str, IconSpec]) -> list[CardgenError]:
    """An error for each alias of a layout file that names no built-in icon, at its line."""
    return [
        CardgenError(
            f"icon {alias}: {unknown_icon(spec.icon or '')}",
            doc.location(["icons", alias, "icon"]),
        )
        for alias, spec in icons.items()
        if spec.icon is not None and canonical(spec.icon) is None
    ]


@dataclass(frozen=True, slots=True)
class IconAlias:
    """A name a layout gives an icon: the built-in icon or the file it draws, in which
    colour (and whether a file's may be recoloured), and where it is written."""

    name: str
    icon: str | None
    color: str | None
    location: Location
    file: str | None = None
    recolor: bool = True


def _aliases(doc: YamlDocument) -> list[IconAlias]:
    data = doc.data
    icons = data.get("icons") if isinstance(data, dict) else None
    if not isinstance(icons, dict):
        return []
    found = []
    for name, spec in icons.items():
        if not isinstance(spec, dict):
            continue
        icon, file = spec.get("icon"), spec.get("file")
        if isinstance(icon, str) or isinstance(file, str):
            color = spec.get("color")
            where = doc.key_location(["icons", name])
            found.append(
                IconAlias(
                    str(name),
                    icon if isinstance(icon, str) else None,
                    color and str(color),
                    where,
                    file if isinstance(file, str) else None,
                    spec.get("recolor") is not False,
                )
            )
    return found


def icon_aliases(project_root: Path, game_id: str) -> list[IconAlias]:
    """Every alias the game's layouts (and the built-in ones) define, file by file in name
    order, as written: a file that is not a layout is skipped here (loading it says why)."""
    folder = project_root / "layouts" / game_id
    paths = sorted(BUILTIN_DIR.glob("*.yaml"))
    if folder.is_dir():
        paths += sorted(folder.glob("*.yaml"))
    found: list[IconAlias] = []
    for path in paths:
        try:
            doc = load_yaml(path, None if path.parent == BUILTIN_DIR else project_root)
        except CardgenError:
            continue
        found.extend(_aliases(doc))
    return found
