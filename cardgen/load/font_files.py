"""Font files a layout names, checked as the layout loads: FreeType must open each one and
draw with it, so that a damaged file is named at its layout line before any card is drawn."""

from __future__ import annotations

import string
from pathlib import Path

from PIL import ImageFont

PROBE = string.ascii_letters + string.digits + string.punctuation
"""Text a font file must draw when a layout loads: FreeType runs a font's hinting programs
only when it first draws a glyph at a size, so a damaged one opens fine and fails there."""


def font_problem(path: Path, shown: str) -> str | None:
    """Why FreeType cannot use the font file at `path` (written `shown`), or None. Not
    cached: it takes a millisecond, and a file edited in place keeps its name."""
    try:
        font = ImageFont.truetype(str(path), 32)
    except (OSError, ValueError) as exc:
        return f'cannot load font "{shown}": {exc}'
    try:
        font.getmask(PROBE)
    except (OSError, ValueError) as exc:
        return (
            f'font "{shown}" is damaged: FreeType cannot draw with it ({exc}); get the file'
            " again, or use another font"
        )
    return None
