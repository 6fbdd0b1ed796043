"""Drawing one card face (or back) from a resolved layout: Layout + values -> PIL image.

Rendering returns images and warnings; only writers touch the disk.
"""

from __future__ import annotations

import functools
import itertools
import math
import string
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar, cast

from PIL import Image, ImageFilter
from pydantic import ValidationError

from cardgen.check.select import matches
from cardgen.errors import CardgenError, Location
from cardgen.failures import names_element
from cardgen.model.card import Card
from cardgen.model.layout import (
    EllipseElement,
    HelperElement,
    HexagonElement,
    IconElement,
    ImageElement,
    Layout,
    LineElement,
    PolygonElement,
    RectElement,
    TextElement,
    element_adapter,
)
from cardgen.model.units import Measure, card_size, parse_length
from cardgen.render import fonts, richtext, shapes, textfit
from cardgen.render.card_art import draw_image
from cardgen.render.icon_names import unknown_icon
from cardgen.render.icons import render_icon


@dataclass(frozen=True, slots=True)
class RenderWarning:
    """Something a designer should look at: overflowing text, missing art."""

    code: str
    message: str
    card: str
    element: str
    path: str
    line: int | None

    def as_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "card": self.card,
            "element": self.element,
            "path": self.path,
            "line": self.line,
        }

    def __str__(self) -> str:
        where = self.path + (f":{self.line}" if self.line else "")
        return f"{where}: {self.code} {self.card}: {self.message}"


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
        return (round(self.trim_w + 2 * self.bleed), round(self.trim_h + 2 * self.bleed))

    def x(self, length: str) -> float:
        return _measure(length).px(self.dpi, self.trim_w)

    def y(self, length: str) -> float:
        return _measure(length).px(self.dpi, self.trim_h)

    def box(self, element: Any) -> shapes.Box:
        x0 = self.bleed + self.x(element.x)
        y0 = self.bleed + self.y(element.y)
        return (x0, y0, x0 + self.x(element.width), y0 + self.y(element.height))

    def pt(self, points: float) -> int:
        return max(1, round(points * self.dpi / 72))


_measures: dict[str, Measure] = {}


def _measure(length: str) -> Measure:
    found = _measures.get(length)
    if found is None:
        found = _measures[length] = parse_length(length)
    return found


class _Values(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return ""


def fill_template(template: str, values: dict[str, Any]) -> str:
    """`{field}` replaced by the card's value (empty when the card has none)."""
    if "{" not in template and "}" not in template:
        return template
    safe = _Values({k: ("" if v is None else v) for k, v in values.items()})
    try:
        return string.Formatter().vformat(template, (), safe)
    except (ValueError, TypeError):
        return template


def card_values(
    card: Card, type_label: str, game_name: str, labels: dict[str, str] | None = None
) -> dict[str, Any]:
    """Every value a layout template may use for this card (`labels`: its choice fields'
    `FIELD_label` values, see `model.labels`)."""
    values: dict[str, Any] = {**(labels or {}), **card.fields}
    values.update(
        name=card.name,
        type=card.type,
        copies=card.copies,
        text=card.text,
        art=card.art or "",
        type_label=type_label,
        game=game_name,
        copies_label=f"×{card.copies}",
    )
    return values


HelperFn = Callable[["DrawContext", Image.Image, shapes.Box, dict[str, Any]], None]
HELPERS: dict[str, HelperFn] = {}


def helper(name: str) -> Callable[[HelperFn], HelperFn]:
    """Register a drawing helper under `name` (used by `kind: helper` elements)."""

    def register(func: HelperFn) -> HelperFn:
        HELPERS[name] = func
        return func

    return register


@dataclass
class DrawContext:
    """What drawing one face needs beyond the layout: the card's values and the project."""

    layout: Layout
    canvas: Canvas
    values: dict[str, Any]
    subject: Card | None
    project_root: Path
    game_folder: Path
    keywords: list[str] = field(default_factory=list)
    warnings: list[RenderWarning] = field(default_factory=list)
    label: str = ""

    def warn(self, code: str, element: str, message: str, at: Location | None = None) -> None:
        """A warning at `at`, or at the element's line in the layout."""
        if at is None:
            path, line = self.layout.sources.get(element, (self.layout.name, 0))
            at = Location(path, line or None)
        self.warnings.append(RenderWarning(code, message, self.label, element, at.path, at.line))


COLOR_KEYS = ("fill", "stroke", "color", "icon_color", "outline")


_T = TypeVar("_T")


class _ByElement:
    """Facts worked out from a layout element alone, kept by the element's identity: the
    same element object comes back for every card of a layout, and elements are frozen.
    The element is kept beside its facts, so its id cannot be reused while they are."""

    LIMIT = 8192

    def __init__(self) -> None:
        self._found: dict[tuple[int, Any], tuple[Any, Any]] = {}

    def get(self, element: Any, extra: Any, compute: Callable[[], _T]) -> _T:
        key = (id(element), extra)
        hit = self._found.get(key)
        if hit is not None and hit[0] is element:
            return cast(_T, hit[1])
        value = compute()
        if len(self._found) >= self.LIMIT:
            self._found.clear()  # elements made for one card each (switches) come and go
        self._found[key] = (element, value)
        return value


_BY_ELEMENT = _ByElement()


def _templated_colors(element: Any) -> bool:
    return _BY_ELEMENT.get(element, "templated", lambda: _has_templated_colors(element))


def _has_templated_colors(element: Any) -> bool:
    return any("{" in str(getattr(element, key, "") or "") for key in COLOR_KEYS) or any(
        "{" in c for key in ("gradient", "stroke_gradient") for c in getattr(element, key, [])
    )


def resolved_element(name: str, element: Any, values: dict[str, Any], layout: Layout) -> Any:
    """The element as drawn for these values: its switches applied, its colours filled in."""
    if not element.switch and not _templated_colors(element):
        return element
    props: dict[str, Any] = element.model_dump(exclude_unset=True)
    props.pop("switch", None)
    for switch in element.switch:
        value = values.get(switch.field)
        key = "" if value is None else str(value)
        props.update(switch.cases.get(key, switch.default))
    for key in COLOR_KEYS:
        if isinstance(props.get(key), str):
            props[key] = fill_template(props[key], values) or None
    for key in ("gradient", "stroke_gradient"):
        if key in props:
            props[key] = [fill_template(c, values) for c in props[key]]
    try:
        return element_adapter().validate_python(props)
    except ValidationError as exc:
        path, line = layout.sources.get(name, (layout.name, 0))
        raise CardgenError(
            f"element {name}: a switch case is invalid: {exc.errors()[0]['msg']}",
            Location(path, line or None),
        ) from None


def element_visible(element: Any, subject: Card | None, values: dict[str, Any]) -> bool:
    """Whether the element is drawn for the card (or, with no card, a back's values)."""
    if not element.when and not element.unless:
        return True
    if subject is None:
        return all(values.get(k) == v for k, v in element.when.items()) if element.when else True
    if element.when and not matches(subject, element.when):
        return False
    return not (element.unless and matches(subject, element.unless))


def _icon_image(name: str, px: int, color: tuple[int, int, int]) -> Image.Image:
    return render_icon(name, (px, px), color)


def _unknown_icons(
    ctx: DrawContext, name: str, unknown: list[str], icons: dict[str, richtext.IconRef]
) -> None:
    """RN104 for each `{name}` of a text that names no icon (it prints as written): at the
    card's line when the card's own data holds it, else at the layout's element."""
    card = ctx.subject
    for token in dict.fromkeys(unknown):
        message = unknown_icon(token, icons, ", printed as written")
        written = "{" + token + "}"
        if card is not None and any(written in str(v) for v in ctx.values.values()):
            at = (card.source_path, card.source_line)
            ctx.warnings.append(RenderWarning("RN104", message, ctx.label, name, *at))
        else:
            ctx.warn("RN104", name, message)


def _draw_text(
    ctx: DrawContext,
    image: Image.Image,
    name: str,
    element: TextElement,
    box: shapes.Box,
    measure: bool = False,
) -> shapes.Box | None:
    """Draw a text element. The box its ink may reach, a pixel wider all round: everywhere
    for text overflowing its box, measured glyph by glyph with `measure`; None otherwise
    (it keeps to its box)."""
    text = fill_template(element.text, ctx.values)
    if not text.strip():
        return None
    canvas = ctx.canvas
    layout = ctx.layout
    face = textfit.face_of(element, layout, ctx.project_root)
    icons = _BY_ELEMENT.get(layout, element.icon_color, lambda: textfit.icon_refs(layout, element))
    unknown: list[str] = []
    setting = textfit.set_text(
        element, text, canvas, box, face=face, icons=icons, keywords=ctx.keywords, unknown=unknown
    )
    if unknown:
        _unknown_icons(ctx, name, unknown, icons)
    for run in setting.runs:
        if run.text and not run.icon:
            lacking = fonts.missing_glyphs(face(run.bold, run.italic), run.text)
            if lacking:
                ctx.warn(
                    "RN103",
                    name,
                    f"font {element.font} has no glyph for"
                    f" {' '.join(repr(c) for c in lacking)}: they print as boxes",
                )
                break
    fit, style = setting.fit, setting.style
    if not fit.fits:
        ctx.warn("RN101", name, textfit.overflow(element, name, fit, canvas.dpi))
    width, height = textfit.text_area(element, box)
    if element.rotate == 0 and element.opacity >= 1:
        ink = richtext.draw_text(image, fit, style, box, fonts.font_at, _icon_image, measure)
        if not fit.fits:
            return EVERYWHERE
        return None if ink is None else (ink[0] - 1, ink[1] - 1, ink[2] + 1, ink[3] + 1)
    layer = Image.new("RGBA", (max(1, round(width)), max(1, round(height))), (0, 0, 0, 0))
    richtext.draw_text(layer, fit, style, (0, 0, width, height), fonts.font_at, _icon_image)
    _composite(image, layer, box, element.rotate, element.opacity)
    return (box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1)  # the layer clips it to its box


TURNS = {
    90: Image.Transpose.ROTATE_90,
    180: Image.Transpose.ROTATE_180,
    270: Image.Transpose.ROTATE_270,
}


def _composite(
    image: Image.Image, layer: Image.Image, box: shapes.Box, rotate: int, opacity: float
) -> None:
    """Turn an RGBA layer, fade it, and lay it centred on `box`."""
    if rotate:
        layer = layer.transpose(TURNS[rotate])
    alpha = layer.getchannel("A")
    if opacity < 1:
        alpha = alpha.point(lambda v: round(v * opacity))
    x0, y0, x1, y1 = box
    left = round(x0 + (x1 - x0 - layer.width) / 2)
    top = round(y0 + (y1 - y0 - layer.height) / 2)
    image.paste(layer.convert("RGB"), (left, top), alpha)


def _draw_icon(
    ctx: DrawContext, image: Image.Image, name: str, element: IconElement, box: shapes.Box
) -> None:
    icon_name = fill_template(element.name, ctx.values).strip()
    if not icon_name:
        return
    color = element.color
    if element.color_field:
        color = element.colors.get(str(ctx.values.get(element.color_field)), color)
    x0, y0, x1, y1 = box
    side = max(1, round(min(x1 - x0, y1 - y0)))
    try:
        picture = render_icon(icon_name, (side, side), shapes.rgb(color))
    except KeyError as exc:
        path, line = ctx.layout.sources.get(name, (ctx.layout.name, 0))
        raise CardgenError(f"element {name}: {exc.args[0]}", Location(path, line or None)) from None
    if element.outline and element.outline_width != "0":
        grow = max(1, round(ctx.canvas.x(element.outline_width)))
        padded = Image.new("RGBA", (side + 2 * grow, side + 2 * grow), (0, 0, 0, 0))
        padded.paste(picture, (grow, grow))
        ring = padded.getchannel("A").filter(ImageFilter.MaxFilter(2 * grow + 1))
        outlined = Image.new("RGBA", padded.size, (*shapes.rgb(element.outline), 0))
        outlined.putalpha(ring)
        picture = Image.alpha_composite(outlined, padded)
    _composite(image, picture, box, element.rotate, element.opacity)


_SHAPES = (RectElement, EllipseElement, HexagonElement, PolygonElement)


def _shape(element: Any, canvas: Canvas) -> tuple[shapes.Box, shapes.Shape]:
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


EVERYWHERE: shapes.Box = (-math.inf, -math.inf, math.inf, math.inf)


@names_element  # an unexpected exception names the card and the element
def _draw_element(
    ctx: DrawContext, image: Image.Image, name: str, element: Any, measure: bool = False
) -> shapes.Box | None:
    """Draw one element. For text, where its ink may reach (see `_draw_text`); None for
    the rest, whose ink stays inside their extent by construction."""
    canvas = ctx.canvas
    box = canvas.box(element)
    if isinstance(element, _SHAPES):
        box, shape = _shape(element, canvas)
    elif isinstance(element, LineElement):
        points = [(box[0] + canvas.x(px), box[1] + canvas.y(py)) for px, py in element.points]
        shapes.draw_line(
            image, points, element.stroke, canvas.x(element.stroke_width), element.opacity
        )
        return None
    elif isinstance(element, TextElement):
        try:
            return _draw_text(ctx, image, name, element, box, measure)
        except (CardgenError, OSError) as exc:  # a font (OSError: FreeType's): at the layout
            problem = fonts.failure(exc, element, ctx.layout.fonts)
            if problem is None:
                raise
            path, line = ctx.layout.sources.get(name, (ctx.layout.name, 0))
            raise CardgenError(f"element {name}: {problem}", Location(path, line or None)) from None
    elif isinstance(element, ImageElement):
        draw_image(ctx, image, name, element, box, fill_template(element.src, ctx.values).strip())
        return None
    elif isinstance(element, IconElement):
        _draw_icon(ctx, image, name, element, box)
        return None
    elif isinstance(element, HelperElement):
        func = HELPERS.get(element.name)
        if func is None:
            path, line = ctx.layout.sources.get(name, (ctx.layout.name, 0))
            raise CardgenError(
                f'element {name}: unknown helper "{element.name}" (known:'
                f" {', '.join(sorted(HELPERS))})",
                Location(path, line or None),
            )
        params = {
            k: fill_template(v, ctx.values) if isinstance(v, str) else v
            for k, v in element.params.items()
        }
        try:
            func(ctx, image, box, params)
        except (ValueError, TypeError, KeyError, IndexError, OverflowError) as exc:
            path, line = ctx.layout.sources.get(name, (ctx.layout.name, 0))
            reason = " ".join(str(exc).split()) or type(exc).__name__
            raise CardgenError(
                f'element {name} ({element.name}) cannot draw card "{ctx.label[:60]}": {reason}',
                Location(path, line or None),
            ) from None
        return None
    else:  # pragma: no cover - every kind is handled above
        raise AssertionError(type(element))
    shapes.draw_shape(
        image,
        box,
        shape,
        fill=element.fill,
        fill_colors=element.gradient,
        angle=element.gradient_angle,
        stroke=element.stroke,
        stroke_colors=element.stroke_gradient,
        stroke_px=canvas.x(element.stroke_width),
        opacity=element.opacity,
    )
    return None


def render_face(
    layout: Layout,
    values: dict[str, Any],
    *,
    subject: Card | None,
    project_root: Path,
    game_folder: Path,
    keywords: list[str] | None = None,
    label: str = "",
) -> tuple[Image.Image, list[RenderWarning]]:
    """Draw one face: every visible element of the layout, in order, on an RGB canvas (over
    a plate of its static elements when that changes no pixel)."""
    canvas = Canvas.of(layout)
    ctx = DrawContext(
        layout,
        canvas,
        values,
        subject,
        project_root,
        game_folder,
        keywords or [],
        label=label or str(values.get("name", "")),
    )
    items = [
        (name, resolved_element(name, element, values, layout))
        for name, element in layout.elements.items()
    ]
    shown = [element_visible(resolved, subject, values) for _, resolved in items]
    hoisted, later = _split_plate(items, shown, canvas, values=values)
    plate_key = (
        layout.name,
        canvas.size,
        layout.background,
        tuple((index, key) for index, key in hoisted),
    )
    if plate_key not in _UNPLATED:
        planned = _on_plate(ctx, items, shown, hoisted, later, plate_key)
        if planned is not None:
            return planned, ctx.warnings
        ctx.warnings.clear()  # drawn again below: each warning once
    image = Image.new("RGB", canvas.size, shapes.rgb(layout.background))
    for index, (name, resolved) in enumerate(items):
        if shown[index]:
            _draw_element(ctx, image, name, resolved)
    return image, ctx.warnings


def _on_plate(
    ctx: DrawContext,
    items: list[tuple[str, Any]],
    shown: list[bool],
    hoisted: list[tuple[int, str]],
    later: list[int],
    key: tuple[Any, ...],
) -> Image.Image | None:
    """The face drawn over the plate of its static elements (the plate made now if it is
    not kept). None when an element's ink left the extent the plate was planned with (text
    overflowing its box): the face must then be drawn in layout order."""
    canvas = ctx.canvas
    plate = _PLATES.get(key)
    if plate is not None:
        _PLATES.move_to_end(key)
        image = plate[0].copy()
        ctx.warnings.extend(replace(w, card=ctx.label) for w in plate[1])
        under = plate[2]
    else:
        image = Image.new("RGB", canvas.size, shapes.rgb(ctx.layout.background))
        under = []
        for index, _ in hoisted:
            name, resolved = items[index]
            if not shown[index]:
                continue
            if not _inked_within(_draw_element(ctx, image, name, resolved, True), resolved, canvas):
                _UNPLATED.add(key)  # a static element reaches out: never on a plate
                return None
            under.extend(_extent(resolved, canvas))
        _remember(key, image, list(ctx.warnings), under)
    for index in later:
        name, resolved = items[index]
        if not shown[index]:
            continue
        # text is measured where a few pixels matter: within 3 px of the plate's ink
        near = isinstance(resolved, TextElement) and _overlap(_margin(resolved, canvas), under)
        if not _inked_within(_draw_element(ctx, image, name, resolved, near), resolved, canvas):
            return None
    return image


def _margin(element: TextElement, canvas: Canvas) -> list[shapes.Box]:
    """A text's box with 3 px to spare (and its outline): where a text that fits puts ink
    whatever its glyphs."""
    return [_around(element, canvas, canvas.box(element), 3.0, 3.0)]


def _inked_within(ink: shapes.Box | None, element: Any, canvas: Canvas) -> bool:
    """The ink an element reported lies within the extent the plate was planned with."""
    if ink is None:
        return True
    return any(
        ink[0] >= e[0] and ink[1] >= e[1] and ink[2] <= e[2] and ink[3] <= e[3]
        for e in _extent(element, canvas)
    )


_PLATES: OrderedDict[tuple[Any, ...], tuple[Image.Image, list[RenderWarning], list[shapes.Box]]] = (
    OrderedDict()
)
"""Plates kept: the image, the warnings of its elements, and where its elements' ink lies."""
PLATES_KEPT = 24
_UNPLATED: set[tuple[Any, ...]] = set()
"""Plates one of whose static elements put ink outside its extent: drawn in layout order."""


def _plate_key(element: Any, visible: bool) -> str | None:
    return _BY_ELEMENT.get(element, ("plate", visible), lambda: _new_plate_key(element, visible))


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
    fixed text and icons), or None for one that draws card content (art, fields, helpers).

    Layouts start with frames, panels and fixed labels that are the same on every card of a
    kind: drawn once, they are reused as a plate under each card's own content.
    """
    if isinstance(element, ImageElement | HelperElement):
        return None
    if isinstance(element, TextElement) and not _template_fields(element.text) <= _PER_TYPE:
        return None  # the card's own text: its name, its rules, its stats
    if isinstance(element, IconElement) and "{" in element.name:
        return None
    return element.model_dump_json() if visible else "-"


def _extent(element: Any, canvas: Canvas) -> tuple[shapes.Box, ...]:
    return _BY_ELEMENT.get(element, canvas, lambda: tuple(_new_extent(element, canvas)))


def _new_extent(element: Any, canvas: Canvas) -> list[shapes.Box]:
    """Where an element can put ink, as boxes of whole pixels.

    A shape: its outline's box and half a pixel of antialiasing, rounded out to whole
    pixels (tests/render/test_plates.py draws thousands of shapes to hold it to that); for
    a rectangle with an outline and no fill, only that outline's band (four strips, and
    pieces of the quarter rings its rounded corners sweep). Text: its box, two pixels wider
    and one taller (and its outline), which `render_face` checks against the ink the text
    reports. Anything else (art, icons, lines, helpers): its box with 3 px to spare.
    """
    if isinstance(element, _SHAPES):
        box, shape = _shape(element, canvas)
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


def _overlap(a: Sequence[shapes.Box], b: Sequence[shapes.Box]) -> bool:
    return any(p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3] for p in a for q in b)


def _split_plate(
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
        key = _plate_key(element, visible)
        fixed_for_type = isinstance(element, TextElement) and _template_fields(element.text)
        if key is not None and visible and fixed_for_type:  # keyed by the words it comes to
            key = None if values is None else f"{key}\0{fill_template(element.text, values)}"
        extent = _extent(element, canvas) if visible else None
        if key is not None and (extent is None or not _overlap(extent, blocking)):
            hoisted.append((index, key))
        else:
            later.append(index)
            if extent is not None:
                blocking.extend(extent)
    return hoisted, later


def _remember(
    key: tuple[Any, ...],
    image: Image.Image,
    warnings: list[RenderWarning],
    under: list[shapes.Box],
) -> None:
    _PLATES[key] = (image.copy(), warnings, under)
    while len(_PLATES) > PLATES_KEPT:
        _PLATES.popitem(last=False)


def back_values(
    back_id: str, label: str, color: str, accent: str, game_name: str
) -> dict[str, Any]:
    """The values a back layout may use."""
    return {
        "name": label,
        "back": back_id,
        "back_label": label,
        "back_color": color,
        "back_accent": accent,
        "game": game_name,
    }


def render_card(
    card: Card,
    layout: Layout,
    *,
    type_label: str,
    game_name: str,
    project_root: Path,
    game_folder: Path,
    keywords: list[str] | None = None,
    labels: dict[str, str] | None = None,
) -> tuple[Image.Image, list[RenderWarning]]:
    """Draw a card's face."""
    values = card_values(card, type_label, game_name, labels)
    return render_face(
        layout,
        values,
        subject=card,
        project_root=project_root,
        game_folder=game_folder,
        keywords=keywords,
        label=card.name,
    )
