"""Drawing set text: each line at its alignment (justified lines spread at their spaces),
runs of one style in one call, icons pasted on the baseline; optionally where the ink went.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from cardgen.render.richtext import RGB, Atom, FitResult, IconRef, Placed, TextStyle


def _segments(
    line: list[Atom], x: float, spread: float = 0.0
) -> list[tuple[str, float, str, bool, bool]]:
    """A line as runs of one style (drawn in one call each) and icons, with their x; with
    `spread`, each space that much wider, and the words between them drawn apart."""
    found: list[tuple[str, float, str, bool, bool]] = []
    joins = False
    for atom in line:
        if atom.kind == "icon" and atom.icon is not None:
            found.append(("icon", x, atom.icon, atom.bold, atom.italic))
        elif atom.kind == "space" and spread > 0:
            x += spread
            joins = False
        elif joins and found[-1][0] == "text" and found[-1][3:] == (atom.bold, atom.italic):
            kind, at, text, bold, italic = found[-1]
            found[-1] = (kind, at, text + atom.text, bold, italic)
        else:
            found.append(("text", x, atom.text, atom.bold, atom.italic))
            joins = True
        x += atom.width
    return found


def spread_of(placed: Placed, index: int, width: float, align: str) -> float:
    """How much wider each space of a line is drawn: in a justified text, what fills a
    line that ended because the next word did not fit (not the last, nor one ending at a
    line break), shared among its spaces; else nothing."""
    if align != "justify" or index not in placed.wrapped:
        return 0.0
    spaces = sum(1 for atom in placed.lines[index] if atom.kind == "space")
    room = width - placed.widths[index]
    return room / spaces if spaces and room > 0 else 0.0


@functools.lru_cache(maxsize=256)
def _trimmed_icon(
    icon_image: Callable[[str, int, RGB], Image.Image], name: str, side: int, color: RGB
) -> Image.Image | None:
    """An icon cut to its visible part (RGBA), or None when it has none."""
    picture = icon_image(name, side, color)
    bbox = picture.getchannel("A").point(_visible_alpha).getbbox()
    return picture.crop(bbox) if bbox else None


def _visible_alpha(value: int) -> int:
    """Alpha worth counting as the icon's edge (resampling leaves faint halos)."""
    return 255 if value > 40 else 0


def draw_text(
    image: Image.Image,
    fit: FitResult,
    style: TextStyle,
    box: tuple[float, float, float, float],
    font_at: Callable[[Path, int], ImageFont.FreeTypeFont],
    icon_image: Callable[[str, int, RGB], Image.Image],
    measure: bool = False,
) -> tuple[float, float, float, float] | None:
    """Draw fitted text into `box` (x0, y0, x1, y1) on an RGB image. With `measure`, the
    box its ink lies in (glyph boxes as FreeType measures them, and pasted icons; None if
    nothing was drawn): text that fits keeps its ink inside its box, except a glyph leaning
    past a line's end or rising above the font's ascent."""
    placed = fit.placed
    ink: list[tuple[float, float, float, float]] = []
    x0, y0, x1, y1 = box
    if style.valign == "middle":
        top = y0 + (y1 - y0 - placed.height) / 2
    elif style.valign == "bottom":
        top = y1 - placed.height
    else:
        top = y0
    top = max(top, y0) if fit.over_height > 0 else top
    draw = ImageDraw.Draw(image)
    size = placed.size
    for index, line in enumerate(placed.lines):
        baseline = top + placed.ascent + index * placed.line_height
        if style.align == "center":
            x = x0 + (x1 - x0 - placed.widths[index]) / 2
        elif style.align == "right":
            x = x1 - placed.widths[index]
        else:
            x = x0
        spread = spread_of(placed, index, x1 - x0, style.align)
        for kind, at, content, bold, italic in _segments(line, x, spread):
            if kind == "icon":
                ref = style.icons.get(content, IconRef(content))
                picture = _trimmed_icon(
                    icon_image, ref.name, placed.icon_side, ref.color or style.color
                )
                if picture is not None:
                    left = round(at + (placed.icon_advance - picture.width) / 2)
                    top_of_icon = round(baseline) - picture.height
                    image.paste(picture, (left, top_of_icon), picture)
                    if measure:
                        ink.append((left, top_of_icon, left + picture.width, round(baseline)))
            elif content.strip():
                font = font_at(style.face(bold, italic), size)
                draw.text(
                    (at, baseline),
                    content,
                    font=font,
                    fill=style.color,
                    anchor="ls",
                    stroke_width=style.outline_px,
                    stroke_fill=style.outline if style.outline else None,
                )
                if measure:
                    width = style.outline_px
                    ink.append(
                        draw.textbbox((at, baseline), content, font, "ls", stroke_width=width)
                    )
    if not ink:
        return None
    return (
        min(b[0] for b in ink),
        min(b[1] for b in ink),
        max(b[2] for b in ink),
        max(b[3] for b in ink),
    )
