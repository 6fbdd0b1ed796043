"""Vector icons drawn as masks: crisp at any size, no image files, no system fonts.

Each icon is data: a `sketch` (polygons, circles, lines in the icon's own coordinates,
built from the curves of `geometry`) in its family's module (`shards`, `blublers`, `yokai`,
`splatoon`). `draw` is the machinery: it paints a sketch on a mask fitted into a box,
registers the icons under their English names, and draws them (`render_icon`:
supersampled, coloured, cached). `icon_names` lists them with their other names
(aliases), which `render_icon` draws too.
"""

from __future__ import annotations

from cardgen.render.icons import blublers, shards, splatoon, yokai
from cardgen.render.icons.draw import ICONS, IconFn, icon, render_icon

__all__ = ["ICONS", "IconFn", "icon", "render_icon"]

FAMILIES = (shards, blublers, yokai, splatoon)
"""The modules whose sketches register the built-in icons, on import."""
