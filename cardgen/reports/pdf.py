"""A deck report as a one-page PDF: the same charts as the HTML report, drawn with ReportLab.

The charts flow into two columns, the duel table and the matchup matrix run across the
page; when it all would not fit, the whole page is drawn smaller so that it stays one page.
Same input, same bytes (`print_canvas` sets ReportLab's invariant mode). The charts and
tables themselves are drawn by `pdf_blocks`.
"""

from __future__ import annotations

import io
from functools import partial
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from cardgen.check.deck_report import DeckStats
from cardgen.printing.pdf import FONT, FONT_BOLD, print_canvas
from cardgen.reports.draws_pdf import draw_draws, draws_height
from cardgen.reports.html import type_colors
from cardgen.reports.pdf_blocks import (
    INK,
    MUTED,
    Block,
    column_block,
    duel_block,
    hbar_block,
    matrix_block,
)

MARGIN = 32.0
GAP = 14.0


def _layout(
    blocks: list[Block], width: float
) -> tuple[list[tuple[Block, float, float, float]], float]:
    """Place the blocks: half-width ones in two columns (each in the shorter column), then
    the full-width ones below. Returns (block, x, top offset, width) and the total height."""
    half = (width - GAP) / 2
    columns = [0.0, 0.0]
    placed: list[tuple[Block, float, float, float]] = []
    for block in blocks:
        if block.full:
            continue
        column = 0 if columns[0] <= columns[1] else 1
        placed.append((block, column * (half + GAP), columns[column], half))
        columns[column] += block.height(half) + GAP
    used = max(columns)
    for block in blocks:
        if block.full:
            placed.append((block, 0.0, used, width))
            used += block.height(width) + GAP
    return placed, used


def report_pdf(stats: DeckStats) -> bytes:
    """The report on one A4 page."""
    colors = type_colors(list(stats.type_labels))
    blocks = _blocks(stats, colors)
    page_w, page_h = A4
    buffer = io.BytesIO()  # the canvas first: it registers the fonts measured below
    canvas = print_canvas(
        buffer,
        (page_w, page_h),
        title=f"{stats.title}: deck report",
        author=stats.game_name,
        subject=f"cardgen report of {stats.path or stats.game}",
    )
    problems = [f"{v.code} {v.message}" for v in stats.violations if v.severity == "error"][:4]
    header = 58.0 + 9 * len(problems)
    placed, scale = _fitted(blocks, page_w - 2 * MARGIN, page_h - 2 * MARGIN, header)
    top = page_h - MARGIN
    y = _draw_heading(canvas, stats, problems, page_w - MARGIN, top)
    _draw_legend(canvas, stats, colors, y)
    canvas.saveState()
    canvas.translate(MARGIN, top - header)
    canvas.scale(scale, scale)
    for block, x, offset, w in placed:
        block.draw(canvas, x, -offset, w)
    canvas.restoreState()
    canvas.setFont(FONT, 6.5)
    canvas.setFillColor(MUTED)
    canvas.drawRightString(page_w - MARGIN, MARGIN - 14, "cardgen report")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _blocks(stats: DeckStats, colors: dict[str, str]) -> list[Block]:
    """The page's blocks: the charts, the distributions, then the duel table, the matchup
    matrix and the draw odds, where the report has them."""
    blocks = [hbar_block(chart, colors) for chart in stats.charts]
    blocks += [column_block(chart, colors) for chart in stats.distributions]
    if stats.duel is not None:
        blocks.append(duel_block(stats.duel))
    if stats.overpower is not None:
        blocks.append(matrix_block(stats.overpower))
    if (draws := stats.draws) is not None:
        blocks.append(
            Block(lambda w: draws_height(draws, w), partial(draw_draws, draws), full=True)
        )
    return blocks


def _fitted(
    blocks: list[Block], width: float, room: float, header: float
) -> tuple[list[tuple[Block, float, float, float]], float]:
    """The blocks placed (`_layout`) in `width` and the scale they are drawn at: 1, or
    smaller until they fit the `room` the page has below its header."""
    scale = 1.0
    placed, height = _layout(blocks, width)
    if height > room - header:
        # Draw smaller: the content gets a larger virtual page, scaled down to the real one.
        for _ in range(40):
            scale *= 0.97
            placed, height = _layout(blocks, width / scale)
            if height <= room / scale - header:
                break
    return placed, scale


def _draw_heading(
    canvas: Canvas, stats: DeckStats, problems: list[str], right: float, top: float
) -> float:
    """The deck's title, its game and size, its verdict at the `right` edge and its first
    problems; the height (y) below them."""
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 16)
    canvas.drawString(MARGIN, top - 16, stats.title)
    verdict = ""
    if stats.legal is not None:
        verdict = "legal" if stats.legal else f"ILLEGAL ({len(stats.violations)} violations)"
    sub = f"{stats.game_name}: {stats.copies} cards, {stats.distinct} distinct"
    if stats.path:
        sub += f"  -  {stats.path}"
    canvas.setFont(FONT, 8.5)
    canvas.setFillColor(MUTED)
    canvas.drawString(MARGIN, top - 30, sub)
    if verdict:
        canvas.setFont(FONT_BOLD, 9)
        canvas.setFillColor(HexColor("#1f6b34" if stats.legal else "#9b2323"))
        canvas.drawRightString(right, top - 16, verdict)
    y = top - 42
    canvas.setFont(FONT, 7)
    canvas.setFillColor(HexColor("#9b2323"))
    for problem in problems:
        canvas.drawString(MARGIN, y, problem[:150])
        y -= 9
    return y


def _draw_legend(canvas: Canvas, stats: DeckStats, colors: dict[str, str], y: float) -> None:
    """A swatch and a name for each card type in the deck, in a row at height `y`."""
    lx = MARGIN
    present = [str(b.value) for b in stats.charts[0].bars if b.total] if stats.charts else []
    for type_id in present:
        canvas.setFillColor(HexColor(colors[type_id]))
        canvas.rect(lx, y - 1, 7, 7, stroke=0, fill=1)
        canvas.setFillColor(MUTED)
        canvas.setFont(FONT, 7.5)
        label = stats.type_labels[type_id]
        canvas.drawString(lx + 10, y, label)
        lx += 18 + canvas.stringWidth(label, FONT, 7.5)


def write_report_pdf(project_root: Path, stats: DeckStats, out: Path | None = None) -> Path:
    """Write the report to `out`, by default `output/GAME/reports/DECK.pdf` (then listed
    among the game's outputs, for `cardgen clean`); the file written."""
    from cardgen.manifest import record_for_game
    from cardgen.outputs import game_folder
    from cardgen.write import Writer, slug

    name = slug(Path(stats.path).stem) if stats.path else f"{stats.game}-box"
    target = out or game_folder(project_root, stats.game) / "reports" / f"{name}.pdf"
    written = Writer(target.parent).write_if_changed(target.name, report_pdf(stats))
    record_for_game(project_root, stats.game, [written])
    return written
