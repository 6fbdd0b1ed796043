"""`kind: stripes`: a band of diagonal stripes filling the element's box."""

from __future__ import annotations

from typing import Literal

from PIL import Image, ImageDraw
from pydantic import Field

from cardgen.model.layout import Color, ElementBase
from cardgen.model.plugin_kinds import ElementKind
from cardgen.render.context import DrawContext


class StripesElement(ElementBase):
    """Diagonal stripes of one colour across the element's box."""

    kind: Literal["stripes"] = Field(description="Element kind.")
    color: Color = Field(default="#000000", description="The stripes' colour.")
    count: int = Field(default=6, ge=1, le=100, description="How many stripes.")


def draw(
    ctx: DrawContext,
    image: Image.Image,
    box: tuple[float, float, float, float],
    element: StripesElement,
) -> None:
    """Stripes drawn inside the box (and only there)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    band = Image.new("RGBA", (max(1, x1 - x0), max(1, y1 - y0)), (0, 0, 0, 0))
    pen = ImageDraw.Draw(band)
    step = (band.width + band.height) / element.count
    for index in range(element.count):
        start = index * step
        pen.polygon(
            [(start, 0), (start + step / 2, 0), (start + step / 2 - band.height, band.height),
             (start - band.height, band.height)],
            fill=element.color,
        )
    image.paste(band, (x0, y0), band)


STRIPES = ElementKind(model=StripesElement, draw=draw)
