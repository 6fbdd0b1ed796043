"""Plates: the static elements of a look, drawn once and reused under each card's own content.

Layouts start with frames, panels and fixed labels that are the same on every card of a
kind. This module plans which elements can go on such a plate without changing a pixel
(their drawing depends on their properties alone, and nothing drawn for the card before
them lies under them), works out where each element can put ink (its extent, in whole
pixels), and keeps the plates made. Drawing a face over its plate is `render.card`'s.
"""

from __future__ import annotations

import functools
import itertools
import math
import string
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from PIL import Image

from cardgen.model.layout import (
    HelperElement,
    IconElement,
    ImageElement,
    Layout,
    LineElement,
    RectElement,
    TextElement,
)
from cardgen.model.plugin_kinds import BUILTIN_ELEMENTS
from cardgen.render import shapes
from cardgen.render.canvas import SHAPE_ELEMENTS, Canvas, element_shape
from cardgen.render.context import RenderWarning
from cardgen.render.values import BY_ELEMENT, fill_template

Plate = tuple[Image.Image, list[RenderWarning], list[shapes.Box]]
"""A plate kept: the image, the warnings of its elements, and where its elements' ink lies."""

PLATES: OrderedDict[tuple[Any, ...], Plate] = OrderedDict()
"""The plates kept, the least recently used first."""
PLATES_KEPT = 24
UNPLATED: set[tuple[Any, ...]] = set()
"""Plates one of whose static elements put ink outside its extent: drawn in layout order."""


def look_key(layout: Layout, canvas: Canvas, hoisted: list[tuple[int, str]]) -> tuple[Any, ...]:
    """The key of the plate of these elements of a layout (see `split_plate`)."""
    return (layout.name, canvas.size, layout.background, tuple(hoisted))


def kept_plate(key: tuple[Any, ...]) -> Plate | None:
    """The plate kept under `key` (now the most recently used), or None."""
    plate = PLATES.get(key)
    if plate is not None:
        PLATES.move_to_end(key)
    return plate


def remember(
    key: tuple[Any, ...],
    image: Image.Image,
    warnings: list[RenderWarning],
    under: list[shapes.Box],
) -> None:
    """Keep a plate just made (a copy of `image`), letting go of the least recently used."""
    PLATES[key] = (image.copy(), warnings, under)
    while len(PLATES) > PLATES_KEPT:
        PLATES.popitem(last=False)


def plate_key(element: Any, visible: bool) -> str | None:
    """What an element puts on a plate, or None when it draws the card's own content."""
    return BY_ELEMENT.get(element, ("plate", visible), lambda: _new_plate_key(element, visible))


_PER_TYPE = frozenset({"game", "type", "type_label"})
"""Template values that are the same on every card of a type, hence of a look."""


@functools.lru_cache(maxsize=4096)
def _template_fields(text: str) -> frozenset[str]:
    """The values a text template names (`{{` and `}}` are literal braces); a template
    that does not parse names a value no card has, so it is never fixed."""
    try:
        return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)
    except ValueError:
        return frozenset({"{"})


def _new_plate_key(element: Any, visible: bool) -> str | None:
    """A key for an element whose drawing depends on its resolved properties alone (shapes,
    fixed text and icons), or None for one that draws card content (art, fields, helpers)."""
    if isinstance(element, ImageElement | HelperElement) or element.kind not in BUILTIN_ELEMENTS:
        return None  # a plugin's kind draws what it likes of the card: never on the plate
    if isinstance(element, TextElement) and not _template_fields(element.text) <= _PER_TYPE:
        return None  # the card's own text: its name, its rules, its stats
    if isinstance(element, IconElement) and "{" in element.name:
        return None
    return element.model_dump_json() if visible else "-"


def split_plate(
    items: list[tuple[str, Any]],
    shown: list[bool],
    canvas: Canvas,
    values: dict[str, Any] | None = None,
) -> tuple[list[tuple[int, str]], list[int]]:
    """Which elements go on the plate (drawn once per look, reused) and which are drawn for
    each card, in order.

    An element joins the plate when its drawing depends on its resolved properties alone
    and it overlaps no element drawn later for the card before it: moving it under them
    then changes no pixel. Everything else is drawn in layout order on top of the plate.
    A text naming only values fixed for the card's type (`{game}`, `{type_label}`) joins
    it too, keyed by the text it comes to for the card (`values`; without them, it does not).
    """
    hoisted: list[tuple[int, str]] = []
    later: list[int] = []
    blocking: list[shapes.Box] = []
    for index, ((_, element), visible) in enumerate(zip(items, shown, strict=True)):
        key = plate_key(element, visible)
        fixed_for_type = isinstance(element, TextElement) and _template_fields(element.text)
        if key is not None and visible and fixed_for_type:  # keyed by the words it comes to
            key = None if values is None else f"{key}\0{fill_template(element.text, values)}"
        where = extent(element, canvas) if visible else None
        if key is not None and (where is None or not overlap(where, blocking)):
            hoisted.append((index, key))
        else:
            later.append(index)
            if where is not None:
                blocking.extend(where)
    return hoisted, later


def extent(element: Any, canvas: Canvas) -> tuple[shapes.Box, ...]:
    """Where an element can put ink, as boxes of whole pixels (see `_new_extent`)."""
    return BY_ELEMENT.get(element, canvas, lambda: tuple(_new_extent(element, canvas)))


def _new_extent(element: Any, canvas: Canvas) -> list[shapes.Box]:
    """Where an element can put ink, as boxes of whole pixels.

    A shape: its outline's box and half a pixel of antialiasing, rounded out to whole
    pixels (tests/render/test_plates.py draws thousands of shapes to hold it to that); for
    a rectangle with an outline and no fill, only that outline's band (four strips, and
    pieces of the quarter rings its rounded corners sweep). Text: its box, two pixels wider
    and one taller (and its outline), which `render_face` checks against the ink the text
    reports. Anything else (art, icons, lines, helpers): its box with 3 px to spare.
    """
    if isinstance(element, SHAPE_ELEMENTS):
        box, shape = element_shape(element, canvas)
        box = shapes.outline_box(box, shape)
        region = _pixels(shapes.paint_region(box, 0.5))
        if (
            isinstance(element, RectElement)
            and element.fill is None
            and not element.gradient
            and not element.bleed
        ):
            stroke = canvas.x(element.stroke_width)
            band = stroke + 1
            left, top, right, bottom = region
            x0, y0, x1, y1 = box
            strips = [
                (left, top, right, y0 + band),
                (left, y1 - band, right, bottom),
                (left, top, x0 + band, bottom),
                (x1 - band, top, right, bottom),
            ]
            radius = min(canvas.x(element.radius), (x1 - x0) / 2, (y1 - y0) / 2)
            if radius > band:
                strips.extend(_arc_cover(box, radius, stroke))
            return [_pixels(b) for b in strips]
        return [region]
    x0, y0, x1, y1 = canvas.box(element)
    if isinstance(element, LineElement) and element.points:
        xs = [x0 + canvas.x(px) for px, _ in element.points]
        ys = [y0 + canvas.y(py) for _, py in element.points]
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    # text keeps to its lines (fitted to the box's height by the font's ascent and descent)
    # but a glyph may lean a little past the ends of a full-width line
    across, down = (2.0, 1.0) if isinstance(element, TextElement) else (3.0, 3.0)
    if isinstance(element, LineElement):
        across += canvas.x(element.stroke_width)
        down += canvas.x(element.stroke_width)
    return [_around(element, canvas, (x0, y0, x1, y1), across, down)]


def margin(element: TextElement, canvas: Canvas) -> list[shapes.Box]:
    """A text's box with 3 px to spare (and its outline): where a text that fits puts ink
    whatever its glyphs."""
    return [_around(element, canvas, canvas.box(element), 3.0, 3.0)]


def inked_within(ink: shapes.Box | None, element: Any, canvas: Canvas) -> bool:
    """The ink an element reported lies within the extent the plate was planned with."""
    if ink is None:
        return True
    return any(
        ink[0] >= e[0] and ink[1] >= e[1] and ink[2] <= e[2] and ink[3] <= e[3]
        for e in extent(element, canvas)
    )


def overlap(a: Sequence[shapes.Box], b: Sequence[shapes.Box]) -> bool:
    """Whether a box of `a` and a box of `b` share a pixel."""
    return any(p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3] for p in a for q in b)


def _around(
    element: Any, canvas: Canvas, box: shapes.Box, across: float, down: float
) -> shapes.Box:
    """`box` grown by `across` and `down` px (and by the element's text or icon outline),
    in whole pixels."""
    if isinstance(element, TextElement | IconElement) and element.outline:
        across += canvas.x(element.outline_width)
        down += canvas.x(element.outline_width)
    x0, y0, x1, y1 = box
    return _pixels((x0 - across, y0 - down, x1 + across, y1 + down))


def _arc_cover(box: shapes.Box, radius: float, stroke: float) -> list[shapes.Box]:
    """Boxes covering the rounded corners of an outline `stroke` px wide inside `box`
    (antialiasing included): each quarter ring cut in four, each piece boxed by its four
    corner points (x and y are monotonic along a quarter circle)."""
    x0, y0, x1, y1 = box
    outer, inner = radius + 1, max(0.0, radius - stroke - 1)
    angles = [math.radians(a) for a in (0, 22.5, 45, 67.5, 90)]
    pieces = []
    for cx, cy, sx, sy in (
        (x0 + radius, y0 + radius, -1, -1),
        (x1 - radius, y0 + radius, 1, -1),
        (x0 + radius, y1 - radius, -1, 1),
        (x1 - radius, y1 - radius, 1, 1),
    ):
        for a, b in itertools.pairwise(angles):
            xs = [cx + sx * r * math.cos(t) for r in (inner, outer) for t in (a, b)]
            ys = [cy + sy * r * math.sin(t) for r in (inner, outer) for t in (a, b)]
            pieces.append((min(xs), min(ys), max(xs), max(ys)))
    return pieces


def _pixels(box: shapes.Box) -> shapes.Box:
    """A box grown to whole pixels: two boxes that share no pixel then do not overlap."""
    return (
        float(math.floor(box[0])),
        float(math.floor(box[1])),
        float(math.ceil(box[2])),
        float(math.ceil(box[3])),
    )
