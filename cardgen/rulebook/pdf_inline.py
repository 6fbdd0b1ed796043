"""A Markdown paragraph's inline content (markdown-it's inline tree) as ReportLab paragraph
markup: emphasis, strong, code, links (their text, and a web address small after it),
breaks; an image splits the paragraph (it is drawn as a block of its own). Anything else
is kept as its text, escaped, so that no input breaks the PDF."""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from markdown_it.tree import SyntaxTreeNode

from cardgen.rulebook.pdf_fonts import MONO, TEXT, drawable, mono_drawable

_WEB = ("http://", "https://", "mailto:")
_WRAPS = {"em": ("<i>", "</i>"), "strong": ("<b>", "</b>"), "s": ("<strike>", "</strike>")}


@dataclass(frozen=True)
class ImageRef:
    """An image a paragraph shows: its address as written and its alternative text."""

    src: str
    """The image's address, relative to the rules document's folder."""
    alt: str
    """Its alternative text (shown instead when the image cannot be drawn)."""


def text(value: str) -> str:
    """Plain text as paragraph markup: drawable with the fonts, escaped."""
    return escape(drawable(value))


def plain(node: SyntaxTreeNode) -> str:
    """The text of an inline tree without its formatting (a heading's bookmark, an image's
    alternative text)."""
    if node.type in ("softbreak", "hardbreak"):
        return " "
    if not node.children:
        return node.content
    return "".join(plain(child) for child in node.children)


def pieces(node: SyntaxTreeNode, *, code_shade: str) -> list[str | ImageRef]:
    """The paragraph's content in order: runs of markup, and the images between them."""
    found: list[str | ImageRef] = []
    buffer: list[str] = []

    def flush() -> None:
        if "".join(buffer).strip():
            found.append("".join(buffer).strip())
        buffer.clear()

    def walk(child: SyntaxTreeNode) -> None:
        if child.type == "image":
            flush()
            found.append(ImageRef(str(child.attrs.get("src", "")), plain(child)))
            return
        wrap = _WRAPS.get(child.type) or _link_wrap(child)
        if wrap is not None:
            buffer.append(wrap[0])
            for grandchild in child.children:
                walk(grandchild)
            buffer.append(wrap[1])
            return
        if child.children:  # a node of a kind not written here: its content, as text
            for grandchild in child.children:
                walk(grandchild)
            return
        buffer.append(_leaf(child, code_shade))

    for child in node.children:
        walk(child)
    flush()
    return found


def markup(node: SyntaxTreeNode, *, code_shade: str) -> str:
    """The inline tree as one run of markup, an image written as its alternative text (in
    a heading or a table cell)."""
    return "".join(
        piece if isinstance(piece, str) else text(piece.alt)
        for piece in pieces(node, code_shade=code_shade)
    )


def _link_wrap(node: SyntaxTreeNode) -> tuple[str, str] | None:
    """A link's opening and closing markup: a web address is a live link, written small
    after its text when the text is not the address itself; any other is dropped."""
    if node.type != "link":
        return None
    href = str(node.attrs.get("href", ""))
    if not href.startswith(_WEB):
        return "", ""
    shown = href.removeprefix("mailto:")
    after = "" if plain(node).strip() == shown else f' <font size="-1">({text(shown)})</font>'
    return f"<a href={quoteattr(escape(href))}>", f"</a>{after}"


def _leaf(node: SyntaxTreeNode, code_shade: str) -> str:
    """A leaf of the inline tree (text, code, a break; raw HTML as its text) as markup."""
    if node.type == "softbreak":
        return " "
    if node.type == "hardbreak":
        return "<br/>"
    if node.type == "code_inline":
        face = MONO if mono_drawable(node.content) else TEXT
        return f'<font face="{face}" backColor="{code_shade}">{text(node.content)}</font>'
    return text(node.content)
