"""Drawing one layout element on a face: a shape, a line, a text, an image, an icon, a
registered helper or a plugin's kind, each as its kind draws, at its box on the canvas.

`draw_element` is the one entry; for text it also says where the ink went, so that a face
drawn over a plate can tell a text that overflowed onto it (see `render.plates`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageFilter

from cardgen.errors import CardgenError, Location
from cardgen.failures import names_element
from cardgen.model.icon_names import unknown_icon
from cardgen.model.layout import (
    HelperElement,
    IconElement,
    ImageElement,
    LineElement,
    TextElement,
)
from cardgen.model.plugin_kinds import element_kinds
from cardgen.render import fonts, paint, richtext, shapes, textdraw, textfit
from cardgen.render.canvas import SHAPE_ELEMENTS, element_shape
from cardgen.render.card_art import draw_image
from cardgen.render.context import DrawContext, RenderWarning
from cardgen.render.icon_files import draw_file_icon, icon_file, is_file_key
from cardgen.render.icons import render_icon
from cardgen.render.values import BY_ELEMENT, fill_template

HelperFn = Callable[[DrawContext, Image.Image, shapes.Box, dict[str, Any]], None]
HELPERS: dict[str, HelperFn] = {}


def helper(name: str) -> Callable[[HelperFn], HelperFn]:
    """Register a drawing helper under `name` (used by `kind: helper` elements)."""

    def register(func: HelperFn) -> HelperFn:
        HELPERS[name] = func
        return func

    return register


EVERYWHERE: shapes.Box = (-math.inf, -math.inf, math.inf, math.inf)
"""Where the ink of a text overflowing its box may lie."""


@names_element  # an unexpected exception names the card and the element
def draw_element(
    ctx: DrawContext, image: Image.Image, name: str, element: Any, measure: bool = False
) -> shapes.Box | None:
    """Draw one element. For text, where its ink may reach (see `_draw_text`); None for
    the rest, whose ink stays inside their extent by construction."""
    canvas = ctx.canvas
    box = canvas.box(element)
    if isinstance(element, SHAPE_ELEMENTS):
        box, shape = element_shape(element, canvas)
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
        _draw_helper(ctx, image, name, element, box)
        return None
    else:  # a kind a plugin adds (`model.plugin_kinds`)
        element_kinds()[element.kind].draw(ctx, image, box, element)
        return None
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


def _icon_image(name: str, px: int, color: tuple[int, int, int]) -> Image.Image:
    """A built-in icon by name, or a file's icon by its key, `px` square."""
    if is_file_key(name):
        return draw_file_icon(name, px, color)
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
    text = fill_template(element.text, ctx.values, ctx.language)
    if not text.strip():
        return None
    canvas = ctx.canvas
    layout = ctx.layout
    face = textfit.face_of(element, layout, ctx.project_root)
    icons = BY_ELEMENT.get(
        layout,
        element.icon_color,
        lambda: textfit.icon_refs(layout, element, ctx.game_folder, ctx.project_root),
    )
    unknown: list[str] = []
    setting = textfit.set_text(
        element,
        text,
        canvas,
        box,
        face=face,
        icons=icons,
        keywords=ctx.keywords,
        unknown=unknown,
        language=ctx.language,
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
        ink = textdraw.draw_text(image, fit, style, box, fonts.font_at, _icon_image, measure)
        if not fit.fits:
            return EVERYWHERE
        return None if ink is None else (ink[0] - 1, ink[1] - 1, ink[2] + 1, ink[3] + 1)
    layer = Image.new("RGBA", (max(1, round(width)), max(1, round(height))), (0, 0, 0, 0))
    textdraw.draw_text(layer, fit, style, (0, 0, width, height), fonts.font_at, _icon_image)
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
    icon_name = fill_template(element.name, ctx.values, ctx.language).strip()
    if not icon_name:
        return
    color = element.color
    if element.color_field:
        color = element.colors.get(str(ctx.values.get(element.color_field)), color)
    x0, y0, x1, y1 = box
    side = max(1, round(min(x1 - x0, y1 - y0)))
    spec = ctx.layout.icons.get(icon_name)
    try:
        if spec is not None and spec.file is not None:  # the game's own icon
            key = icon_file(spec, ctx.game_folder, ctx.project_root).key
            picture = draw_file_icon(key, side, paint.rgb(spec.color or color))
        else:
            picture = render_icon(icon_name, (side, side), paint.rgb(color))
    except KeyError as exc:
        path, line = ctx.layout.sources.get(name, (ctx.layout.name, 0))
        raise CardgenError(f"element {name}: {exc.args[0]}", Location(path, line or None)) from None
    if element.outline and element.outline_width != "0":
        grow = max(1, round(ctx.canvas.x(element.outline_width)))
        padded = Image.new("RGBA", (side + 2 * grow, side + 2 * grow), (0, 0, 0, 0))
        padded.paste(picture, (grow, grow))
        ring = padded.getchannel("A").filter(ImageFilter.MaxFilter(2 * grow + 1))
        outlined = Image.new("RGBA", padded.size, (*paint.rgb(element.outline), 0))
        outlined.putalpha(ring)
        picture = Image.alpha_composite(outlined, padded)
    _composite(image, picture, box, element.rotate, element.opacity)


def _draw_helper(
    ctx: DrawContext, image: Image.Image, name: str, element: HelperElement, box: shapes.Box
) -> None:
    """Call the helper the element names with its params filled in for the card."""
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
