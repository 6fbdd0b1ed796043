"""Imposition: where each printed card goes on the page. Home sheets butt the cards in a
centred grid on A4 or Letter, each clipped to its trim where it meets a neighbour and
showing its bleed on the grid's outer edges (so a cut a hair outside the line leaves
bleed, not white); `--gap` spaces the cards with each card's whole bleed instead. In
duplex each front page is followed by its back page with every back at the mirrored
position (long edge: x mirrored; short edge: y mirrored and the back turned by 180
degrees), shifted by `--back-offset` to cancel a printer's own offset. Gutterfold puts the
backs beside the fronts, mirrored across a fold line.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import CardgenError
from cardgen.package.marks import Margins, caption, crop_marks, draw_cut_lines, ruler
from cardgen.package.pdf import PdfData, draw_card_image, finish, print_canvas
from cardgen.package.sheets import (
    PAPERS,
    Duplex,
    Rect,
    bleed_box,
    bounds,
    edges,
    fold_sheet,
    home_grid,
    mirrored,
    open_sides,
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


def _bleed_boxes(
    rects: Sequence[Rect], bleeds: Sequence[float], page: tuple[float, float], spaced: bool
) -> list[tuple[float, float, float, float]]:
    """Where each card's image shows: its trim, and its bleed wherever no card butts onto
    it (the grid's outer edges; every side when the cards are spaced)."""
    sides = [(True, True, True, True)] * len(rects) if spaced else open_sides(rects)
    boxes = []
    for rect, bleed, side in zip(rects, bleeds, sides, strict=True):
        box = bleed_box(rect, bleed, side, page)
        boxes.append((box.x, box.y, box.w, box.h))
    return boxes


def home_pdf(
    faces: Sequence[Face],
    *,
    paper: str,
    duplex: Duplex,
    cut_lines: bool,
    back_offset: tuple[float, float],
    title: str,
    author: str,
    gap: float | None = None,
) -> tuple[PdfData, int]:
    """Home sheets: grids (butted, or `gap` apart with each card's whole bleed), a crop
    mark on every cut, the ruler, and duplex back pages (turned on the short edge)."""
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
    page = page_w, page_h = PAPERS[paper]
    flip = {
        "long": "flip on the LONG edge",
        "short": "flip on the SHORT edge",
        "none": "single-sided",
    }[duplex]
    spaced = gap is not None
    for group in size_groups(faces):
        bleed = max(f.bleed for f in group)
        back_bleed = max(f.back_bleed for f in group)
        try:
            grid = home_grid(
                paper, group[0].trim_w, group[0].trim_h, gap=gap, bleed=max(bleed, back_bleed)
            )
        except ValueError as error:  # a card too big for the paper (with the gap)
            raise CardgenError(f"--paper {paper}: {error}") from None
        for start in range(0, len(group), grid.per_page):
            chunk = group[start : start + grid.per_page]
            slots = [grid.slot(index) for index in range(len(chunk))]
            boxes = _bleed_boxes(slots, [f.bleed for f in chunk], page, spaced)
            for face, slot, box in zip(chunk, slots, boxes, strict=True):
                draw_card_image(
                    canvas, face.front, slot.x, slot.y, slot.w, slot.h, face.bleed, clip_box=box
                )
            margins = Margins(page_w, page_h, bounds(slots), bleed)
            if pages == 0:
                ruler(canvas, margins)
            caption(
                canvas,
                f"{title} · sheet {start // grid.per_page + 1} front"
                + (f" · duplex: {flip}" if duplex != "none" else ""),
                margins,
            )
            xs, ys = edges(slots, vertical=True), edges(slots, vertical=False)
            crop_marks(canvas, xs, ys, margins)
            if cut_lines:
                draw_cut_lines(canvas, xs, ys, slots, margins)
            canvas.showPage()
            front_number = pages + 1
            pages += 1
            if duplex == "none":
                continue
            margins = _back_page(
                canvas, chunk, slots, page, duplex, back_offset, back_bleed, spaced
            )
            caption(canvas, f"{title} · back of page {front_number}", margins)
            canvas.showPage()
            pages += 1
    return finish(canvas, buffer), pages


def _back_page(
    canvas: Canvas,
    chunk: Sequence[Face],
    slots: Sequence[Rect],
    page: tuple[float, float],
    duplex: Duplex,
    offset: tuple[float, float],
    bleed: float,
    spaced: bool,
) -> Margins:
    """The backs of a front page: each at its front's mirrored place, shifted by `offset`,
    turned by 180 degrees on the short edge (the sheet turns over top to bottom there, so
    a back drawn upright would come out upside down behind its front); the page's margins."""
    placed = [
        (face, mirrored(slot, page[0], page[1], duplex).shifted(*offset))
        for face, slot in zip(chunk, slots, strict=True)
        if face.back is not None
    ]
    rects = [rect for _, rect in placed]
    boxes = _bleed_boxes(rects, [face.back_bleed for face, _ in placed], page, spaced)
    for (face, rect), box in zip(placed, boxes, strict=True):
        assert face.back is not None
        draw_card_image(
            canvas,
            face.back,
            rect.x,
            rect.y,
            rect.w,
            rect.h,
            face.back_bleed,
            clip_box=box,
            turned=duplex == "short",
        )
    area = bounds(rects) if rects else mirrored(bounds(slots), page[0], page[1], duplex)
    return Margins(page[0], page[1], area, bleed)


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
            fronts = [sheet.front(index) for index in range(len(chunk))]
            backs = [sheet.back(index) for index, f in enumerate(chunk) if f.back is not None]
            rects = fronts + backs
            bleeds = [f.bleed for f in chunk] + [f.back_bleed for f in chunk if f.back]
            boxes = _bleed_boxes(rects, bleeds, (sheet.page_w, sheet.page_h), False)
            images = [f.front for f in chunk] + [f.back for f in chunk if f.back is not None]
            for image, rect, bleed, box in zip(images, rects, bleeds, boxes, strict=True):
                draw_card_image(canvas, image, rect.x, rect.y, rect.w, rect.h, bleed, clip_box=box)
            area = bounds(rects)
            margins = Margins(sheet.page_w, sheet.page_h, area, max(bleeds))
            if pages == 0:
                ruler(canvas, margins)
            caption(canvas, f"{title} · fold along the dashed line, backs to the outside", margins)
            crop_marks(canvas, edges(rects, vertical=True), edges(rects, vertical=False), margins)
            canvas.saveState()
            canvas.setDash(4, 3)
            canvas.setStrokeGray(0.4)
            canvas.setLineWidth(0.5)
            canvas.line(
                sheet.fold_x,
                area.y - min(5 * mm, margins.reach("bottom")),
                sheet.fold_x,
                area.top + min(5 * mm, margins.reach("top")),
            )
            canvas.restoreState()
            canvas.showPage()
            pages += 1
    if canvas is None:
        canvas = print_canvas(buffer, PAPERS[paper], title=title, author=author, subject="")
    return finish(canvas, buffer), pages
