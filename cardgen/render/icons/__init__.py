"""The built-in icons, drawn from their SVG files (`cardgen/icons/<english-name>.svg`).

Each icon is data: an SVG whose shape is one mask, drawn in whatever colour is asked.
`draw` finds the files, reads each once (`cardgen.load.svg`), draws it fitted into a box
through the SVG renderer (`cardgen.render.vector`, anti-aliased), colours and caches it
(`render_icon`). `cardgen.model.icon_names` lists the icons with their other names
(aliases), which `render_icon` draws too.
"""

from __future__ import annotations

from cardgen.render.icons.draw import ICON_DIR, ICONS, render_icon

__all__ = ["ICONS", "ICON_DIR", "render_icon"]
