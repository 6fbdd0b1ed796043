"""Ink saver: a face drawn with its background and large flat fills lightened.

The canvas colour and the fill (or fill gradient) of every shape covering at least a tenth
of the face are blended toward white by a fixed amount; text, icons, lines, every shape's
outline, small fills (badges, gems, pips) and art keep their colours, so a print-and-play
sheet uses far less ink and still reads as the card. Each lightened element is made once
per layout element (`BY_ELEMENT`), so plates of static elements are reused as usual.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageColor

from cardgen.model.layout import Layout
from cardgen.render.canvas import SHAPE_ELEMENTS, Canvas
from cardgen.render.values import BY_ELEMENT

LIGHTEN = 0.6
"""How far each lightened colour goes toward white: 60 % of the way (black -> #999999)."""
LARGE = 0.10
"""A fill is large, and lightened, when its shape's box covers this much of the face."""


def lightened(color: str) -> str:
    """`color` blended `LIGHTEN` of the way toward white, its alpha kept (`#rrggbb[aa]`)."""
    value = ImageColor.getrgb(color)
    channels = [round(c + (255 - c) * LIGHTEN) for c in value[:3]]
    text = "#" + "".join(f"{c:02x}" for c in channels)
    return text + (f"{value[3]:02x}" if len(value) == 4 else "")


def saver_layout(layout: Layout) -> Layout:
    """The layout with its canvas colour lightened (its elements are the same objects)."""
    return layout.model_copy(update={"background": lightened(layout.background)})


def saver_element(element: Any, canvas: Canvas) -> Any:
    """The element as the ink saver draws it: a shape covering a tenth of the face or more
    with its fill and fill gradient lightened, its outline as it was; anything else as is."""
    if not isinstance(element, SHAPE_ELEMENTS) or (element.fill is None and not element.gradient):
        return element
    x0, y0, x1, y1 = canvas.box(element)
    face = canvas.size[0] * canvas.size[1]
    if (x1 - x0) * (y1 - y0) < LARGE * face:
        return element
    return BY_ELEMENT.get(element, "ink saver", lambda: _lightened_fill(element))


def _lightened_fill(element: Any) -> Any:
    fill = lightened(element.fill) if element.fill is not None else None
    return element.model_copy(
        update={"fill": fill, "gradient": [lightened(c) for c in element.gradient]}
    )
