"""The baseline for rendering: a plain Pillow script, as a designer would write by hand.

For each card: a canvas of the same size, a frame, the name, the type line and the rules
text wrapped into a box with the same font family, saved as PNG with the same settings.
No layouts, no fitting, no icons: the least work that gives a card of the same size and
the same amount of text.
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import reportlab
from PIL import Image, ImageDraw, ImageFont

FONTS = Path(os.path.dirname(reportlab.__file__)) / "fonts"


def render_plain(
    cards: list[tuple[str, str, str]],
    out: Path,
    size: tuple[int, int] = (825, 1125),
) -> None:
    """Draw and save one PNG per (name, type, text)."""
    out.mkdir(parents=True, exist_ok=True)
    title = ImageFont.truetype(str(FONTS / "VeraBd.ttf"), 54)
    body = ImageFont.truetype(str(FONTS / "Vera.ttf"), 37)
    small = ImageFont.truetype(str(FONTS / "VeraIt.ttf"), 33)
    for index, (name, kind, text) in enumerate(cards):
        image = Image.new("RGB", size, (244, 241, 234))
        draw = ImageDraw.Draw(image)
        draw.rounded_rectangle(
            (67, 67, size[0] - 67, size[1] - 67),
            radius=24,
            fill=(255, 253, 248),
            outline=(58, 58, 58),
            width=7,
        )
        draw.text((97, 97), name, font=title, fill=(29, 29, 29))
        draw.rectangle((97, 217, size[0] - 97, 622), fill=(120, 90, 200))
        draw.text((97, 640), kind, font=small, fill=(85, 85, 85))
        wrapped = "\n".join(textwrap.wrap(text, 30))
        draw.multiline_text((97, 712), wrapped, font=body, fill=(0, 0, 0), spacing=8)
        image.save(out / f"card-{index}.png", "PNG", compress_level=6, dpi=(300, 300))
