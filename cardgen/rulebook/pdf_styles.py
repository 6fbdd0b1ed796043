"""The rulebook PDF's paragraph styles: sizes for the page (a booklet's half-sheet page sets
a smaller text than a full sheet), the bundled fonts, hyphenation in the rules' language."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle

from cardgen.render.hyphenate import dictionary_name
from cardgen.rulebook.pdf_fonts import MONO, TEXT, TEXT_BOLD, register_fonts

INK = HexColor("#1d1d1f")
MUTED = HexColor("#5f6368")
RULE = HexColor("#b8bcc2")
SHADE = HexColor("#eef0f3")
SMALL_PAGE = 460.0
"""Pages narrower than this (in points: A5 is 420, half-Letter 396) take the smaller text."""


@dataclass(frozen=True)
class Styles:
    """Every paragraph style of one rulebook, and the sizes its drawing needs."""

    body: ParagraphStyle
    """Running text."""
    headings: tuple[ParagraphStyle, ...]
    """Headings of levels 1 to 4 (a deeper one takes level 4's)."""
    title: ParagraphStyle
    """The title on the cover."""
    quote: ParagraphStyle
    """Text in a block quote."""
    code: ParagraphStyle
    """A code block."""
    cell: ParagraphStyle
    """A table cell."""
    header: ParagraphStyle
    """A table's header cell."""
    caption: ParagraphStyle
    """A note in place of what cannot be drawn (an image that is missing)."""
    footer_size: float
    """The page number's font size."""
    ink: Color
    """The colour of the text."""
    muted: Color
    """The colour of secondary text (page numbers, links' addresses, notes)."""
    rule: Color
    """The colour of rules and table lines."""
    shade: Color
    """The background of a table's header and of code."""
    shade_markup: str
    """The same shade as paragraph markup writes a colour (`#eef0f3`), for inline code."""


def styles_for(page_width: float, language: str) -> Styles:
    """The styles of a rulebook whose pages are `page_width` points wide, written in
    `language` (its hyphenation dictionary, when pyphen has one)."""
    register_fonts()
    size = 9.0 if page_width < SMALL_PAGE else 10.5
    hyphenation = dictionary_name(language) or ""
    body = ParagraphStyle(
        "body",
        fontName=TEXT,
        fontSize=size,
        leading=size * 1.35,
        spaceAfter=size * 0.6,
        textColor=INK,
        hyphenationLang=hyphenation,
        embeddedHyphenation=1,
        uriWasteReduce=0.3,
    )
    headings = tuple(
        ParagraphStyle(
            f"h{level}",
            parent=body,
            fontName=TEXT_BOLD,
            fontSize=size * scale,
            leading=size * scale * 1.2,
            spaceBefore=size * (1.4 if level <= 2 else 0.9),
            spaceAfter=size * 0.5,
            hyphenationLang="",
        )
        for level, scale in enumerate((1.9, 1.5, 1.25, 1.05), start=1)
    )
    title = ParagraphStyle(
        "title",
        parent=headings[0],
        fontSize=size * 2.8,
        leading=size * 3.3,
        alignment=TA_CENTER,
    )
    cell = ParagraphStyle("cell", parent=body, spaceAfter=0, leading=size * 1.2)
    return Styles(
        body=body,
        headings=headings,
        title=title,
        quote=ParagraphStyle("quote", parent=body, textColor=MUTED),
        code=ParagraphStyle(
            "code",
            parent=body,
            fontName=MONO,
            fontSize=size * 0.9,
            hyphenationLang="",
            backColor=SHADE,
            borderPadding=(3, 4),
            spaceBefore=3,
            spaceAfter=size * 0.6 + 3,
        ),
        cell=cell,
        header=ParagraphStyle("header", parent=cell, fontName=TEXT_BOLD),
        caption=ParagraphStyle("caption", parent=body, textColor=MUTED, fontSize=size * 0.85),
        footer_size=size * 0.85,
        ink=INK,
        muted=MUTED,
        rule=RULE,
        shade=SHADE,
        shade_markup="#" + str(SHADE.hexval())[2:],
    )
