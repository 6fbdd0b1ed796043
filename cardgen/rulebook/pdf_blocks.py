"""A resolved rules document (CommonMark with pipe tables) as ReportLab flowables: headings
that carry their bookmark, paragraphs, lists (nested), tables, images, block quotes, code,
rules. A block of a kind not written here is kept as its text: no input stops the PDF."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, ListFlowable, ListItem, Paragraph
from reportlab.platypus.flowables import HRFlowable

from cardgen.rulebook.pdf_fonts import TEXT, mono_drawable
from cardgen.rulebook.pdf_headings import Heading, headings_kept
from cardgen.rulebook.pdf_images import image_flowable
from cardgen.rulebook.pdf_inline import markup, pieces, plain, text
from cardgen.rulebook.pdf_styles import Styles
from cardgen.rulebook.pdf_table import table_flowable

INDENT = 14.0
"""How far a list's items and a block quote's text stand in from their surroundings."""
BULLET_GAP = 5.0
"""Points between a list's widest number and its items' text."""


@dataclass(frozen=True)
class Place:
    """Where blocks are set: the styles, the document's folder, the room they have."""

    styles: Styles
    """The rulebook's paragraph styles."""
    base: Path
    """The folder image addresses are relative to."""
    width: float
    """The width of the column, in points (less in a list or a quote)."""
    height: float
    """The height of the frame, in points (an image takes part of it at most)."""
    quoted: bool = False
    """Whether the blocks are inside a block quote (their text is muted)."""

    def text_style(self) -> ParagraphStyle:
        """The style of running text here."""
        return self.styles.quote if self.quoted else self.styles.body

    def inside(self, *, by: float = INDENT, quoted: bool | None = None) -> Place:
        """The place of blocks stood in by `by` points (in a list item or a quote)."""
        return replace(
            self, width=self.width - by, quoted=self.quoted if quoted is None else quoted
        )


def parser() -> MarkdownIt:
    """CommonMark with GitHub's pipe tables: how a resolved rules document is read."""
    return MarkdownIt("commonmark").enable("table")


def document_flowables(source: str, place: Place) -> list[Flowable]:
    """The whole document's flowables, in order."""
    tree = SyntaxTreeNode(parser().parse(source))
    return headings_kept(blocks(tree.children, place), place.width, place.height)


def blocks(nodes: list[SyntaxTreeNode], place: Place) -> list[Flowable]:
    """Block nodes' flowables, in order."""
    found: list[Flowable] = []
    for node in nodes:
        found.extend(_block(node, place))
    return found


def _block(node: SyntaxTreeNode, place: Place) -> list[Flowable]:
    """One block's flowables."""
    styles = place.styles
    if node.type == "heading":
        return [_heading(node, styles)]
    if node.type == "paragraph":
        return _paragraph(node, place)
    if node.type in ("bullet_list", "ordered_list"):
        return [_list(node, place)]
    if node.type == "blockquote":
        inner = blocks(node.children, place.inside(quoted=True))
        return [_indented(inner, place)] if inner else []
    if node.type == "hr":
        return [HRFlowable(width="100%", thickness=0.6, color=styles.rule, spaceAfter=6)]
    if node.type in ("code_block", "fence"):
        return [_code(node.content, styles)]
    if node.type == "table":
        table = table_flowable(node, styles, place.width)
        return [table] if table is not None else []
    if node.children:
        return blocks(node.children, place)
    return [Paragraph(text(node.content), place.text_style())] if node.content.strip() else []


def _heading(node: SyntaxTreeNode, styles: Styles) -> Heading:
    """A heading at its level (levels past 4 look like 4)."""
    level = int(node.tag[1:]) if node.tag[1:].isdigit() else 1
    style = styles.headings[min(level, len(styles.headings)) - 1]
    inline = node.children[0] if node.children else None
    content = markup(inline, code_shade=styles.shade_markup) if inline is not None else ""
    title = " ".join(plain(inline).split()) if inline is not None else ""
    return Heading(content, style, level=level, title=title)


def _paragraph(node: SyntaxTreeNode, place: Place) -> list[Flowable]:
    """A paragraph's text, split around its images."""
    found: list[Flowable] = []
    for child in node.children:
        for piece in pieces(child, code_shade=place.styles.shade_markup):
            if isinstance(piece, str):
                found.append(Paragraph(piece, place.text_style()))
            else:
                found.append(
                    image_flowable(
                        piece, place.base, place.width, place.height, place.styles.caption
                    )
                )
    return found


def _list(node: SyntaxTreeNode, place: Place) -> ListFlowable:
    """A bullet or numbered list; an item's blocks (a nested list among them) stand in,
    as far as the widest number needs."""
    style = place.text_style()
    ordered = node.type == "ordered_list"
    start = int(str(node.attrs.get("start", 1))) if ordered else 1
    widest = f"{start + len(node.children) - 1}." if ordered else "\u2022"
    indent = max(INDENT, stringWidth(widest, style.fontName, style.fontSize) + BULLET_GAP)
    inner = place.inside(by=indent)
    items = [
        ListItem(blocks(item.children, inner) or [Paragraph("", inner.text_style())])
        for item in node.children
    ]
    common = {
        "leftIndent": indent,
        "bulletFontName": style.fontName,
        "bulletFontSize": style.fontSize,
        "bulletColor": style.textColor,
        "spaceAfter": style.spaceAfter * 0.5,
    }
    if ordered:
        return ListFlowable(items, bulletType="1", start=str(start), bulletFormat="%s.", **common)
    return ListFlowable(items, bulletType="bullet", start="\u2022", **common)


def _indented(inner: list[Flowable], place: Place) -> ListFlowable:
    """Flowables stood in by `INDENT` (a block quote's): a list of one item without a
    bullet, which, unlike an indenter, also works inside a list item."""
    style = place.text_style()
    return ListFlowable(
        [ListItem(inner)],
        bulletType="bullet",
        start="",
        leftIndent=INDENT,
        bulletFontName=style.fontName,
        spaceAfter=style.spaceAfter * 0.5,
    )


def _code(source: str, styles: Styles) -> Paragraph:
    """A code block: its lines kept, its spaces kept, long lines wrapped."""
    lines = [text(line).replace(" ", "&nbsp;") for line in source.rstrip("\n").split("\n")]
    style = styles.code
    if not mono_drawable(source):
        style = ParagraphStyle("code-text", style, fontName=TEXT)
    return Paragraph("<br/>".join(lines), style)
