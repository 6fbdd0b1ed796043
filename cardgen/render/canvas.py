"""A layout in pixels: its trim, bleed and safe zone at its DPI, and each element's box and
shape on the face. Physical units stay physical in the model; here they become pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgen.model.layout import (
    EllipseElement,
    HexagonElement,
    Layout,
    PolygonElement,
    RectElement,
)
from cardgen.model.units import Measure, card_size, parse_length
from cardgen.render import shapes


@dataclass(frozen=True)
class Canvas:
    """Pixel geometry of a layout: trim, bleed and safe zone at the layout's DPI."""

    dpi: int
    trim_w: float
    trim_h: float
    bleed: float
    safe: float

    @classmethod
    def of(cls, layout: Layout) -> Canvas:
        """The canvas of a layout."""
        width, height = card_size(layout.size)
        dpi = layout.dpi
        trim_w, trim_h = width.inches() * dpi, height.inches() * dpi
        return cls(
            dpi,
            trim_w,
            trim_h,
            parse_length(layout.bleed).px(dpi, trim_w),
            parse_length(layout.safe).px(dpi, trim_w),
        )

    @property
    def size(self) -> tuple[int, int]:
        """The image's size in whole pixels: the trim and the bleed all round."""
        return (round(self.trim_w + 2 * self.bleed), round(self.trim_h + 2 * self.bleed))

    def x(self, length: str) -> float:
        """A length across, in pixels (a percentage is of the trim's width)."""
        return _measure(length).px(self.dpi, self.trim_w)

    def y(self, length: str) -> float:
        """A length down, in pixels (a percentage is of the trim's height)."""
        return _measure(length).px(self.dpi, self.trim_h)

    def box(self, element: Any) -> shapes.Box:
        """An element's box on the image (its position is from the trim's corner)."""
        x0 = self.bleed + self.x(element.x)
        y0 = self.bleed + self.y(element.y)
        return (x0, y0, x0 + self.x(element.width), y0 + self.y(element.height))

    def pt(self, points: float) -> int:
        """Typographic points in whole pixels, at least one."""
        return max(1, round(points * self.dpi / 72))


_measures: dict[str, Measure] = {}


def _measure(length: str) -> Measure:
    found = _measures.get(length)
    if found is None:
        found = _measures[length] = parse_length(length)
    return found


SHAPE_ELEMENTS = (RectElement, EllipseElement, HexagonElement, PolygonElement)
"""The element kinds drawn as a filled and outlined shape."""


def element_shape(element: Any, canvas: Canvas) -> tuple[shapes.Box, shapes.Shape]:
    """A shape element's box (the canvas for a bleed rectangle) and its shape."""
    box = canvas.box(element)
    if isinstance(element, RectElement):
        if element.bleed:
            box = (0, 0, *canvas.size)
        return box, shapes.rect_shape(box, canvas.x(element.radius))
    if isinstance(element, EllipseElement):
        return box, shapes.ellipse_shape(box)
    if isinstance(element, HexagonElement):
        return box, shapes.polygon_shape(shapes.hexagon_points(box, element.orientation))
    if element.points:
        points = [(box[0] + canvas.x(px), box[1] + canvas.y(py)) for px, py in element.points]
    else:
        points = shapes.regular_polygon(box, element.sides or 6, element.angle)
    return box, shapes.polygon_shape(points)
