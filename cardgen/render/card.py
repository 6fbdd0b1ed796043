"""Drawing one card face (or back) from a resolved layout: Layout + values -> PIL image.

Each visible element of the layout is drawn in order (`render.elements`), over a plate of
the look's static elements where that changes no pixel (`render.plates`). Rendering
returns images and warnings; only writers touch the disk.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from PIL import Image

from cardgen.model.card import Card
from cardgen.model.layout import Layout, TextElement
from cardgen.render import ink, paint, plates
from cardgen.render.canvas import Canvas
from cardgen.render.context import DrawContext, RenderWarning
from cardgen.render.elements import draw_element
from cardgen.render.icon_files import file_keys
from cardgen.render.values import (
    COLOR_KEYS,
    back_values,
    card_values,
    element_visible,
    fill_template,
    resolved_element,
)

# `cardgen check` sets and measures faces as they are drawn; it has long imported these
# from here (they live in `render.canvas` and `render.values` now)
__all__ = [
    "COLOR_KEYS",
    "Canvas",
    "back_values",
    "card_values",
    "element_visible",
    "fill_template",
    "render_card",
    "render_face",
    "resolved_element",
]


def render_face(
    layout: Layout,
    values: dict[str, Any],
    *,
    subject: Card | None,
    project_root: Path,
    game_folder: Path,
    keywords: list[str] | None = None,
    label: str = "",
    ink_saver: bool = False,
    language: str = "en",
) -> tuple[Image.Image, list[RenderWarning]]:
    """Draw one face: every visible element of the layout, in order, on an RGB canvas (over
    a plate of its static elements when that changes no pixel); with `ink_saver`, its
    background and large fills lightened (`render.ink`)."""
    if ink_saver:
        layout = ink.saver_layout(layout)
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
        language=language,
    )
    items = [
        (name, resolved_element(name, element, values, layout))
        for name, element in layout.elements.items()
    ]
    if ink_saver:
        items = [(name, ink.saver_element(element, canvas)) for name, element in items]
    shown = [element_visible(resolved, subject, values) for _, resolved in items]
    hoisted, later = plates.split_plate(items, shown, canvas, values=values)
    plate_key = (*plates.look_key(layout, canvas, hoisted), *_drawn_with(ctx))
    if plate_key not in plates.UNPLATED:
        planned = _on_plate(ctx, items, shown, hoisted, later, plate_key)
        if planned is not None:
            return planned, ctx.warnings
        ctx.warnings.clear()  # drawn again below: each warning once
    image = Image.new("RGB", canvas.size, paint.rgb(layout.background))
    for index, (name, resolved) in enumerate(items):
        if shown[index]:
            draw_element(ctx, image, name, resolved)
    return image, ctx.warnings


def _drawn_with(ctx: DrawContext) -> tuple[Any, ...]:
    """What a plate's fixed text and icons are drawn with besides their elements: the
    project and game, the layout's fonts and icons with their files as they are now, the
    bold keywords and the language. A plate kept in a long-running process (`cardgen
    serve`, a build of several games) is never one drawn with other files or settings."""
    layout, root = ctx.layout, ctx.project_root
    fonts = []
    for family in layout.fonts.values():
        for face in family.model_dump().values():
            if face:
                try:
                    found = (root / face).stat()
                    fonts.append((face, found.st_size, found.st_mtime_ns))
                except OSError:
                    fonts.append((face, -1, -1))
    return (
        str(root),
        str(ctx.game_folder),
        tuple(ctx.keywords),
        ctx.language,
        layout.model_dump_json(include={"fonts", "icons"}),
        tuple(fonts),
        tuple(sorted(file_keys(layout.icons, ctx.game_folder, root).items())),
    )


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
    plate = plates.kept_plate(key)
    if plate is not None:
        image = plate[0].copy()
        ctx.warnings.extend(replace(w, card=ctx.label) for w in plate[1])
        under = plate[2]
    else:
        image = Image.new("RGB", canvas.size, paint.rgb(ctx.layout.background))
        under = []
        for index, _ in hoisted:
            name, resolved = items[index]
            if not shown[index]:
                continue
            ink = draw_element(ctx, image, name, resolved, True)
            if not plates.inked_within(ink, resolved, canvas):
                plates.UNPLATED.add(key)  # a static element reaches out: never on a plate
                return None
            under.extend(plates.extent(resolved, canvas))
        plates.remember(key, image, list(ctx.warnings), under)
    for index in later:
        name, resolved = items[index]
        if not shown[index]:
            continue
        # text is measured where a few pixels matter: within 3 px of the plate's ink
        near = isinstance(resolved, TextElement) and plates.overlap(
            plates.margin(resolved, canvas), under
        )
        ink = draw_element(ctx, image, name, resolved, near)
        if not plates.inked_within(ink, resolved, canvas):
            return None
    return image


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
    ink_saver: bool = False,
    language: str = "en",
) -> tuple[Image.Image, list[RenderWarning]]:
    """Draw a card's face (with `ink_saver`, lightened: see `render_face`)."""
    values = card_values(card, type_label, game_name, labels)
    return render_face(
        layout,
        values,
        subject=card,
        project_root=project_root,
        game_folder=game_folder,
        keywords=keywords,
        label=card.name,
        ink_saver=ink_saver,
        language=language,
    )
