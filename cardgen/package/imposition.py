"""Imposition: where each printed card goes on the page. Home sheets butt the cards in a
centred grid on A4 or Letter, each clipped to its trim; in duplex each front page is
followed by its back page with every back at the mirrored position (long edge: x mirrored;
short edge: y mirrored), shifted by `--back-offset` to cancel a printer's own offset.
Gutterfold puts the backs beside the fronts, mirrored across a fold line.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.package.marks import caption, crop_marks, draw_cut_lines, ruler
from cardgen.package.pdf import PdfData, draw_card_image, finish, print_canvas
from cardgen.package.sheets import (
    NO_INK,
    PAPERS,
    Duplex,
    Grid,
    Rect,
    fold_sheet,
    home_grid,
    mirrored,
)


@dataclass(frozen=True, slots=True)
class Face:
    """One printed copy of a card: its front and back images and their geometry (pt)."""

    name: str
    front: Path
    back: Path | None
    trim_w: float
    trim_h: float
    bleed: float
    back_bleed: float
    key: str = ""
    """The content key of the front and back images (for the PDF cache)."""


def size_groups(faces: Sequence[Face]) -> list[list[Face]]:
    """The faces by trim size (each size is imposed on pages of its own), in order."""
    groups: dict[tuple[float, float], list[Face]] = {}
    for face in faces:
        groups.setdefault((round(face.trim_w, 2), round(face.trim_h, 2)), []).append(face)
    return list(groups.values())


def _grid_area(grid: Grid, used: int) -> Rect:
    rows = math.ceil(used / grid.cols)
    top = grid.bottom + grid.rows * grid.card_h
    return Rect(grid.left, top - rows * grid.card_h, grid.cols * grid.card_w, rows * grid.card_h)


def home_pdf(
    faces: Sequence[Face],
    *,
    paper: str,
    duplex: Duplex,
    cut_lines: bool,
    back_offset: tuple[float, float],
    title: str,
    author: str,
) -> tuple[PdfData, int]:
    """Home sheets: butted grids, crop marks, ruler, and duplex back pages."""
    buffer = io.BytesIO()
    canvas = print_canvas(
        buffer,
        PAPERS[paper],
        title=title,
        author=author,
        subject=f"Print-and-play sheets, {paper.upper()}, duplex {duplex}",
        duplex=duplex,
    )
    pages = 0
    page_w, page_h = PAPERS[paper]
    flip = {
        "long": "flip on the LONG edge",
        "short": "flip on the SHORT edge",
        "none": "single-sided",
    }[duplex]
    for group in size_groups(faces):
        grid = home_grid(paper, group[0].trim_w, group[0].trim_h)
        for start in range(0, len(group), grid.per_page):
            chunk = group[start : start + grid.per_page]
            area = _grid_area(grid, len(chunk))
            if cut_lines:
                draw_cut_lines(
                    canvas,
                    grid.column_edges(),
                    [e for e in grid.row_edges() if e >= area.y - 0.01],
                    page_w,
                    page_h,
                )
            for index, face in enumerate(chunk):
                slot = grid.slot(index)
                draw_card_image(canvas, face.front, slot.x, slot.y, slot.w, slot.h, face.bleed)
            crop_marks(
                canvas,
                grid.column_edges(),
                [e for e in grid.row_edges() if e >= area.y - 0.01],
                area,
                page_w,
                page_h,
            )
            if pages == 0:
                ruler(canvas, area, page_w, page_h)
            front_number = pages + 1
            caption(
                canvas,
                f"{title} · sheet {start // grid.per_page + 1} front"
                + (f" · duplex: {flip}" if duplex != "none" else ""),
                page_w,
                page_h,
                area,
            )
            canvas.showPage()
            pages += 1
            if duplex == "none":
                continue
            dx, dy = back_offset
            for index, face in enumerate(chunk):
                if face.back is None:
                    continue
                slot = mirrored(grid.slot(index), page_w, page_h, duplex).shifted(dx, dy)
                draw_card_image(canvas, face.back, slot.x, slot.y, slot.w, slot.h, face.back_bleed)
            back_area = mirrored(area, page_w, page_h, duplex)
            caption(canvas, f"{title} · back of page {front_number}", page_w, page_h, back_area)
            canvas.showPage()
            pages += 1
    return finish(canvas, buffer), pages


def fold_pdf(faces: Sequence[Face], *, paper: str, title: str, author: str) -> tuple[PdfData, int]:
    """Gutterfold sheets: fronts left of the fold, their backs mirrored to the right."""
    buffer = io.BytesIO()
    pages = 0
    canvas: Canvas | None = None
    for group in size_groups(faces):
        sheet = fold_sheet(paper, group[0].trim_w, group[0].trim_h)
        if canvas is None:
            canvas = print_canvas(
                buffer,
                (sheet.page_w, sheet.page_h),
                title=title,
                author=author,
                subject=f"Gutterfold sheets, {paper.upper()}",
            )
        canvas.setPageSize((sheet.page_w, sheet.page_h))
        for start in range(0, len(group), sheet.per_page):
            chunk = group[start : start + sheet.per_page]
            xs: set[float] = set()
            ys: set[float] = set()
            for index, face in enumerate(chunk):
                front, back = sheet.front(index), sheet.back(index)
                draw_card_image(canvas, face.front, front.x, front.y, front.w, front.h, face.bleed)
                if face.back is not None:
                    draw_card_image(
                        canvas, face.back, back.x, back.y, back.w, back.h, face.back_bleed
                    )
                xs.update((front.x, front.right, back.x, back.right))
                ys.update((front.y, front.top))
            top = max(ys)
            bottom = min(ys)
            left = min(xs)
            area = Rect(left, bottom, max(xs) - left, top - bottom)
            crop_marks(canvas, sorted(xs), sorted(ys), area, sheet.page_w, sheet.page_h)
            canvas.saveState()
            canvas.setDash(4, 3)
            canvas.setStrokeGray(0.4)
            canvas.setLineWidth(0.5)
            canvas.line(
                sheet.fold_x,
                max(NO_INK, bottom - 5 * mm),
                sheet.fold_x,
                min(sheet.page_h - NO_INK, top + 5 * mm),
            )
            canvas.restoreState()
            if pages == 0:
                ruler(canvas, area, sheet.page_w, sheet.page_h)
            caption(
                canvas,
                f"{title} · fold along the dashed line, backs to the outside",
                sheet.page_w,
                sheet.page_h,
                area,
            )
            canvas.showPage()
            pages += 1
    if canvas is None:
        canvas = print_canvas(buffer, PAPERS[paper], title=title, author=author, subject="")
    return finish(canvas, buffer), pages
