"""The proof gallery's icons section: every icon the game can use, with its name as it is
written in text (`{coin}`), where it comes from, and its picture inline (a PNG `data:` URL,
so the page stays one file that makes no request).

Built-in icons are shown in dark grey (or their layout's colour), a game's own as they are
drawn on its cards (`render.icon_files`): the same list as `cardgen icons GAME`.
"""

from __future__ import annotations

import base64
from html import escape

from cardgen.icon_catalog import IconCatalog, IconEntry
from cardgen.render.icon_sheet import entry_picture
from cardgen.render.png import encode_png

SIDE = 48
"""An icon's side on the page, in px."""


def _tile(entry: IconEntry) -> str:
    png = encode_png(entry_picture(entry, SIDE), 72)
    data = base64.b64encode(png).decode("ascii")
    name = "{" + entry.name + "}"
    if entry.kind == "built-in":
        about = entry.depicts + (f" (also {', '.join(entry.aliases)})" if entry.aliases else "")
    else:
        about = f"{entry.drawn()}, {entry.source}"
    return (
        f'<figure class="icon {escape(entry.kind)}" id="icon-{escape(entry.name)}">'
        f'<img src="data:image/png;base64,{data}" width="{SIDE}" height="{SIDE}"'
        f' alt="{escape(name)}"><figcaption><b class="name">{escape(name)}</b>'
        f'<span class="about">{escape(about)}</span></figcaption></figure>'
    )


def icons_section(catalog: IconCatalog) -> str:
    """The `<section id="icons">`: the game's own icons first, then the built-in ones."""
    groups = [
        ("Named by the layouts", catalog.from_layouts),
        ("The icon folder", catalog.from_folder),
        ("Built-in", catalog.built_in),
    ]
    parts = []
    for heading, entries in groups:
        if entries:
            tiles = "".join(_tile(entry) for entry in entries)
            parts.append(
                f'<h3>{escape(heading)} ({len(entries)})</h3><div class="icons">{tiles}</div>'
            )
    return f'<section id="icons"><h2>Icons</h2>{"".join(parts)}</section>'
