"""A layout's image element on one face: the art it names, found, read, fitted and drawn.

Whatever goes wrong with the art is reported where its path was written: at the card's own
file and line (`cards.csv:4`) when the path comes from the card (`src: "{art}"`, or a path
made of its fields), at the layout's line for a fixed file. An SVG is drawn at the box's
size (`render.art_svg`), any other file read by Pillow and fitted. A missing file says
where it was looked for and which nearly identical file exists; a file that cannot be
drawn stops the build with one line; what Pillow warns about while reading a file that it
can still draw becomes a render warning (RN105) instead of lines of its own on stderr.
"""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image, ImageChops

from cardgen.errors import CardgenError, Location, display_path
from cardgen.load.art_paths import art_label, resolve_art
from cardgen.load.layout_files import src_line
from cardgen.load.pool import card_label
from cardgen.load.svg import is_svg
from cardgen.model.layout import ImageElement, Layout
from cardgen.render import paint, shapes
from cardgen.render.art import load_art, similar_art
from cardgen.render.art_svg import svg_art
from cardgen.render.context import DrawContext
from cardgen.render.fit import fit_art
from cardgen.render.placeholder import placeholder


def draw_image(
    ctx: DrawContext,
    image: Image.Image,
    name: str,
    element: ImageElement,
    box: shapes.Box,
    src: str,
) -> None:
    """Draw an image element whose path came to `src` for this face (empty: no art)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    size = (max(1, x1 - x0), max(1, y1 - y0))
    picture: Image.Image | None = None
    if src:
        picture = _art(ctx, name, element, src, size)
        if picture is None and not element.placeholder:
            return
    mask: Image.Image | None = None
    if picture is None:
        if not element.placeholder:
            return
        picture = placeholder(str(ctx.values.get("name", ctx.label)), size)  # opaque RGB
    else:
        mask = picture.getchannel("A")
        picture = picture.convert("RGB")
    radius = ctx.canvas.x(element.radius)
    core: tuple[int, int, int, int] | None = None
    if radius > 0:
        frame = shapes.rect_shape((0, 0, size[0], size[1]), radius)
        rounded = shapes.shape_mask(frame, (0, 0, size[0], size[1]), 0)
        if mask is None:  # opaque art: only its rounded edges go through the mask
            inner = shapes.fill_core(frame)
            core = None if inner is None else paint.shift(inner, -x0, -y0)
        mask = rounded if mask is None else ImageChops.multiply(mask, rounded)
    if mask is None and element.opacity >= 1:
        image.paste(picture, (x0, y0))
        return
    if mask is None:
        mask = Image.new("L", size, 255)
    region = (x0, y0, x0 + size[0], y0 + size[1])
    paint.paste_through(image, picture, region, mask, alpha=element.opacity, core=core)


def _art(
    ctx: DrawContext, name: str, element: ImageElement, src: str, size: tuple[int, int]
) -> Image.Image | None:
    """The art fitted to `size`, or None when its file is missing (warned about, RN102)."""
    where, who = _written_at(ctx, name, element)
    try:
        path = resolve_art(src, ctx.game_folder, ctx.project_root)
    except CardgenError as exc:  # outside the project, absolute, ...
        if _layout_leads_out(ctx, element):
            where, who = src_line(ctx.layout, name), f"element {name}: "
        raise CardgenError(f"{who}{exc.problem}", where) from None
    if not path.is_file():
        ctx.warn("RN102", name, _missing(ctx, element, src, path), at=where)
        return None
    notes: list[str] = []
    try:
        if is_svg(path):  # drawn at the box's size, never scaled from a bitmap
            return svg_art(path, ctx.project_root, size, element.fit)
        art = load_art(path, notes)
    except CardgenError as exc:  # not an image, truncated, too large, a broken SVG, ...
        raise CardgenError(
            f"{who}{art_label(src)} ({exc.location}): {exc.problem}", where
        ) from None
    for note in notes:
        ctx.warn(
            "RN105",
            name,
            f'{art_label(src)} ({display_path(path)}): Pillow warns "{note}"; drawn as read'
            " (saving the file again from an image editor repairs it)",
            at=where,
        )
    return fit_art(art, size, element.fit)


def layout_file(layout: Layout, name: str, game_folder: Path, root: Path) -> Path | None:
    """The fixed file a layout's image element names (a `src` without `{field}`), resolved;
    None for any other element. A path that may not be used is an error at its line."""
    element = layout.elements[name]
    src = element.src.strip() if isinstance(element, ImageElement) else ""
    if not src or "{" in src:
        return None
    try:
        return resolve_art(src, game_folder, root)
    except CardgenError as exc:
        raise CardgenError(f"element {name}: {exc.problem}", src_line(layout, name)) from None


def _written_at(ctx: DrawContext, name: str, element: ImageElement) -> tuple[Location, str]:
    """Where the element's path was written, and who to name in a message there: the card
    (its file and line) for a path made of the card's values, else the layout's line."""
    card = ctx.subject
    if card is not None and "{" in element.src.replace("{{", ""):
        return Location(card.source_path, card.source_line), card_label(card.name)
    return src_line(ctx.layout, name), f"element {name}: "


_FIELD = re.compile(r"\{[^{}]*\}")


def _layout_leads_out(ctx: DrawContext, element: ImageElement) -> bool:
    """Whether a `src` made of a card's values may not be used whatever the values are: the
    layout's own part of it is absolute or climbs out of the project (`/x/{art}`,
    `../../../{art}`), so that the layout is to blame, not the card."""
    probe = _FIELD.sub("x", element.src.replace("{{", "(").replace("}}", ")")).strip()
    try:
        resolve_art(probe, ctx.game_folder, ctx.project_root)
    except CardgenError:
        return True
    return False


def _missing(ctx: DrawContext, element: ImageElement, src: str, path: Path) -> str:
    """RN102's message: what was looked for, and the file that was probably meant."""
    what = "is a folder, not an image file" if path.is_dir() else "not found"
    message = f"{art_label(src)} {what} (looked for {display_path(path)})"
    if element.placeholder:
        message += "; drawing a placeholder"
    meant = similar_art(src, ctx.game_folder, ctx.project_root)
    return message + (f'; did you mean "{meant}"?' if meant else "")
