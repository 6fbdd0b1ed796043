"""A Markdown pipe table as a ReportLab table: its header row bold on a shade (repeated on
each page the table runs onto), each cell's text wrapped in its column and aligned as the
table's delimiter row says, the columns as wide as their longest text asks (within
bounds), together as wide as the column of text."""

from __future__ import annotations

from markdown_it.tree import SyntaxTreeNode
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from cardgen.rulebook.pdf_inline import markup, plain
from cardgen.rulebook.pdf_styles import Styles

_ALIGN = {"text-align:left": TA_LEFT, "text-align:center": TA_CENTER, "text-align:right": TA_RIGHT}
NARROWEST = 4
WIDEST = 40
"""A column's share of the width counts its longest text between these many characters."""
NARROWEST_COLUMN = 30.0
"""Points a column needs at least; a table with more columns than fit is written as lines."""


def _rows(node: SyntaxTreeNode) -> list[tuple[bool, list[SyntaxTreeNode]]]:
    """The table's rows in order, each with whether it is a header row and its cells."""
    found: list[tuple[bool, list[SyntaxTreeNode]]] = []
    for part in node.children:
        for row in part.children if part.type in ("thead", "tbody") else [part]:
            if row.type == "tr":
                found.append((part.type == "thead", list(row.children)))
    return found


def _cell(cell: SyntaxTreeNode, styles: Styles, header: bool) -> Paragraph:
    """One cell's text as a paragraph in its column's alignment."""
    base = styles.header if header else styles.cell
    align = _ALIGN.get(str(cell.attrs.get("style", "")).replace(" ", ""), TA_LEFT)
    style = (
        base if align == TA_LEFT else ParagraphStyle(f"{base.name}-{align}", base, alignment=align)
    )
    inline = cell.children[0] if cell.children else None
    content = markup(inline, code_shade=styles.shade_markup) if inline is not None else ""
    return Paragraph(content, style)


def table_flowable(node: SyntaxTreeNode, styles: Styles, width: float) -> Flowable | None:
    """The table, `width` points wide; None for a table without a row."""
    rows = _rows(node)
    columns = max((len(cells) for _, cells in rows), default=0)
    if columns == 0:
        return None
    if width / columns < NARROWEST_COLUMN:
        return _as_lines(rows, styles)
    data = [
        [_cell(cell, styles, header) for cell in cells]
        + [Paragraph("", styles.cell)] * (columns - len(cells))
        for header, cells in rows
    ]
    longest = [NARROWEST] * columns
    for _, cells in rows:
        for index, cell in enumerate(cells):
            longest[index] = max(longest[index], min(WIDEST, len(plain(cell).strip())))
    widths = [width * share / sum(longest) for share in longest]
    headers = sum(1 for header, _ in rows if header)
    commands: list[tuple[object, ...]] = [
        ("GRID", (0, 0), (-1, -1), 0.5, styles.rule),
        ("FONTNAME", (0, 0), (-1, -1), styles.cell.fontName),  # else Helvetica, not embedded
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
    ]
    if headers:
        commands.append(("BACKGROUND", (0, 0), (-1, headers - 1), styles.shade))
    table = Table(data, colWidths=widths, repeatRows=headers, hAlign="LEFT", splitInRow=1)
    table.setStyle(TableStyle(commands))
    table.spaceAfter = styles.body.spaceAfter
    return table


def _as_lines(rows: list[tuple[bool, list[SyntaxTreeNode]]], styles: Styles) -> Flowable:
    """A table too wide for the page as one line a row, its cells parted by bars."""
    lines = [
        " | ".join(
            markup(cell.children[0], code_shade=styles.shade_markup) if cell.children else ""
            for cell in cells
        )
        for _, cells in rows
    ]
    return Paragraph("<br/>".join(lines), styles.body)
