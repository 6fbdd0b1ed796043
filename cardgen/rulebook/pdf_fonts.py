"""The rulebook PDF's fonts, from ReportLab's bundled files (never the system): Bitstream
Vera Sans in its four styles for the text, the Courier clone for code, each embedded; and
the text made drawable with them (a character a font has no glyph for would print as a box).

Vera covers Latin-1 and the typography of French and English rules (accents, « », ’ “ ”,
œ, …, – —, €); the few spaces and marks it lacks are written with the nearest ones it has
(a narrow no-break space as a no-break space, → as ->), anything else as `?`.
"""

from __future__ import annotations

import functools

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from cardgen.render.fonts import RL_FONTS, face_file

TEXT = "CardgenRulebook"
TEXT_BOLD = "CardgenRulebookBold"
TEXT_ITALIC = "CardgenRulebookItalic"
TEXT_BOLD_ITALIC = "CardgenRulebookBoldItalic"
MONO = "CardgenRulebookMono"
_MONO_FACE = "com_____"
"""The Courier clone's file name in ReportLab's fonts (its .afm and .pfb)."""

NEAREST: dict[str, str] = {
    "\u2002": " ",
    "\u2003": " ",
    "\u2007": "\xa0",
    "\u2009": " ",
    "\u200a": " ",
    "\u202f": "\xa0",
    "\u2060": "",
    "\u200b": "",
    "\ufeff": "",
    "\u2010": "-",
    "\u2011": "-",
    "\u2212": "-",
    "\u2192": "->",
    "\u2190": "<-",
    "\u21d2": "=>",
    "\u2713": "v",
    "\u2715": "x",
}
"""Characters Vera has no glyph for, written with the nearest it has."""
MISSING = "?"


def register_fonts() -> None:
    """Register the rulebook's fonts with ReportLab (once a process), the four text styles
    as one family so that `<b>` and `<i>` find theirs."""
    if TEXT in pdfmetrics.getRegisteredFontNames():
        return
    styles = {
        TEXT: (False, False),
        TEXT_BOLD: (True, False),
        TEXT_ITALIC: (False, True),
        TEXT_BOLD_ITALIC: (True, True),
    }
    for name, (bold, italic) in styles.items():
        pdfmetrics.registerFont(TTFont(name, str(face_file("sans", bold, italic, {}))))
        addMapping(TEXT, int(bold), int(italic), name)
    face = pdfmetrics.EmbeddedType1Face(
        str(RL_FONTS / f"{_MONO_FACE}.afm"), str(RL_FONTS / f"{_MONO_FACE}.pfb")
    )
    face.name = MONO  # its own name is Courier's: ReportLab would not embed a standard font
    pdfmetrics.registerTypeFace(face)
    pdfmetrics.registerFont(pdfmetrics.Font(MONO, face.name, "WinAnsiEncoding"))
    for style in ((0, 0), (0, 1), (1, 0), (1, 1)):
        addMapping(MONO, *style, MONO)


@functools.cache
def _text_glyphs() -> frozenset[int]:
    """The characters Vera has a glyph for."""
    register_fonts()
    font = pdfmetrics.getFont(TEXT)
    return frozenset(font.face.charToGlyph)


def drawable(text: str) -> str:
    """`text` with every character Vera cannot draw replaced by the nearest it can."""
    glyphs = _text_glyphs()
    if all(ord(char) in glyphs or char in "\n\t" for char in text):
        return text
    return "".join(_nearest(char, glyphs) for char in text)


def _nearest(char: str, glyphs: frozenset[int]) -> str:
    """One character, or what stands for it when Vera has no glyph for it."""
    if ord(char) in glyphs or char in "\n\t":
        return char
    return NEAREST.get(char, MISSING)


def mono_drawable(text: str) -> bool:
    """Whether the code font can draw every character of `text` (its encoding is
    Windows-1252); code that it cannot is set in the text font instead."""
    try:
        text.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True
