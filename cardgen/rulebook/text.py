"""A resolved rulebook as plain text, for places that show no Markdown (the Notebook of a
Tabletop Simulator table): headings on lines of their own (the title in capitals), list
items as bullets, a table's rows as cells joined by ` · `, images as their alt text and
HTML comments left out."""

from __future__ import annotations

from markdown_it.token import Token

from cardgen.rulebook.html import markdown_parser


def _inline(token: Token) -> str:
    """An inline token's text: its words, code, images' alt text and links' text."""
    parts = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif child.type == "image":
            parts.append(child.content)
    return "".join(parts).strip()


def rulebook_text(markdown: str) -> str:
    """The Markdown as plain text, one block a paragraph."""
    blocks: list[str] = []
    row: list[str] | None = None  # the cells of the table row being read
    depth = 0  # how deep in lists the next paragraph is
    heading = 0
    for token in markdown_parser().parse(markdown):
        if token.type == "heading_open":
            heading = int(token.tag[1])
        elif token.type in ("bullet_list_open", "ordered_list_open"):
            depth += 1
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
        elif token.type == "tr_open":
            row = []
        elif token.type == "tr_close" and row is not None:
            blocks.append(" · ".join(row))
            row = None
        elif token.type == "inline":
            text = _inline(token)
            if row is not None:
                row.append(text)
            elif heading:
                blocks.append(text.upper() if heading == 1 else text)
                heading = 0
            else:
                blocks.append(("  " * (depth - 1) + "• " if depth else "") + text)
        elif token.type in ("fence", "code_block"):
            blocks.append(token.content.rstrip("\n"))
    return _spaced(blocks)


def _spaced(blocks: list[str]) -> str:
    """Blocks one to a paragraph, a list's items and a table's rows kept together."""
    out: list[str] = []
    for block in blocks:
        tight = out and (
            (block.lstrip().startswith("• ") and out[-1].lstrip().startswith("• "))
            or (" · " in block and " · " in out[-1])
        )
        out.append(("\n" if tight else "\n\n") + block if out else block)
    return "".join(out) + "\n"
