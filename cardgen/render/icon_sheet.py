"""A contact sheet of icons: each drawn in a grid cell with its name beneath, and under the
name its aliases (or, for a layout's alias, the icon it draws), in headed sections. Pure
drawing: the same entries give the same pixels; `cardgen.icon_catalog` writes it."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from cardgen.render import fonts, paint
from cardgen.render.icon_files import draw_file_icon
from cardgen.render.icons import render_icon

if TYPE_CHECKING:
    from cardgen.icon_catalog import IconEntry

COLUMNS = 6
CELL_W, CELL_H = 180, 172
ICON = 92
"""The icon's side in a cell, in px."""
MARGIN = 24
TITLE_H = 56
INK = (34, 34, 34)
QUIET = (110, 110, 110)
PAPER = (255, 255, 255)
RULE = (222, 222, 222)


def _fitted(text: str, bold: bool, largest: int, width: int) -> tuple[str, ImageFont.FreeTypeFont]:
    """The text and the largest font (down to 9 px) that sets it within `width`; a text
    too long even then is cut short with an ellipsis."""
    face = fonts.face_file("sans", bold, False, {})
    for size in range(largest, 8, -1):
        font = fonts.font_at(face, size)
        if font.getlength(text) <= width:
            return text, font
    while len(text) > 1 and font.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…", font


def _label(entry: IconEntry) -> str:
    if entry.file is not None:
        return entry.file
    if entry.source == "built-in":
        return ", ".join(entry.aliases)
    return f"= {entry.icon}"


def entry_picture(entry: IconEntry, side: int) -> Image.Image:
    """An entry's icon drawn `side` px square (RGBA): a built-in icon in its layout colour
    (else dark grey), a file's icon as `render.icon_files` colours it."""
    color = paint.rgb(entry.color) if entry.color else INK
    if entry.key is not None:
        return draw_file_icon(entry.key, side, color)
    assert entry.icon is not None
    return render_icon(entry.icon, (side, side), color)


def _cell(
    draw: ImageDraw.ImageDraw, sheet: Image.Image, entry: IconEntry, x0: int, y0: int
) -> None:
    draw.rectangle((x0 + 4, y0 + 4, x0 + CELL_W - 4, y0 + CELL_H - 4), outline=RULE)
    picture = entry_picture(entry, ICON)
    sheet.paste(picture, (x0 + (CELL_W - ICON) // 2, y0 + 14), picture)
    centre = x0 + CELL_W // 2
    name, font = _fitted(entry.name, True, 16, CELL_W - 16)
    draw.text((centre, y0 + ICON + 32), name, font=font, fill=INK, anchor="mm")
    label = _label(entry)
    if label:
        small, font = _fitted(label, False, 12, CELL_W - 16)
        draw.text((centre, y0 + ICON + 52), small, font=font, fill=QUIET, anchor="mm")


def icon_sheet(sections: Sequence[tuple[str, Sequence[IconEntry]]]) -> Image.Image:
    """The sheet: each section's heading, then its icons `COLUMNS` to a row, in order (in
    their layout colour; built-in ones in dark grey). Empty sections are left out."""
    shown = [(heading, entries) for heading, entries in sections if entries]
    rows = [max(1, math.ceil(len(entries) / COLUMNS)) for _, entries in shown]
    width = 2 * MARGIN + COLUMNS * CELL_W
    height = 2 * MARGIN + len(shown) * TITLE_H + sum(rows) * CELL_H
    sheet = Image.new("RGB", (width, max(height, 2 * MARGIN + TITLE_H)), PAPER)
    draw = ImageDraw.Draw(sheet)
    y = MARGIN
    for (heading, entries), count in zip(shown, rows, strict=True):
        text, font = _fitted(heading, True, 26, width - 2 * MARGIN)
        draw.text((MARGIN, y + TITLE_H // 2), text, font=font, fill=INK, anchor="lm")
        y += TITLE_H
        for index, entry in enumerate(entries):
            row, column = divmod(index, COLUMNS)
            _cell(draw, sheet, entry, MARGIN + column * CELL_W, y + row * CELL_H)
        y += count * CELL_H
    return sheet
