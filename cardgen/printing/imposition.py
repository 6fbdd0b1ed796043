"""Imposition: where each printed card goes on the page. Home sheets butt the cards in a
centred grid on the paper, portrait or landscape, each clipped to its trim where it meets
a neighbour and showing its bleed on the grid's outer edges (so a cut a hair outside the
line leaves bleed, not white); `--gap` spaces the cards with each card's whole bleed
instead. In duplex each front page is followed by its back page with every back at the
mirrored position (the turn about the long edge mirrors x on a portrait page and y on a
landscape one; a back mirrored in y is turned by 180 degrees), shifted by `--back-offset`
to cancel a printer's own offset; `--backs-only` writes those back pages alone. Gutterfold
puts the backs beside the fronts, mirrored across a fold line.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.errors import CardgenError
from cardgen.printing.marks import (
    CROP_MARKS,
    Margins,
    MarkStyle,
    caption,
    crop_marks,
    draw_cut_lines,
    ruler,
    text_room,
)
from cardgen.printing.paper import Orientation, paper_label, paper_size
from cardgen.printing.pdf import PdfData, draw_card_image, finish, print_canvas
from cardgen.printing.sheets import (
    MARK_EDGE,
    NO_INK,
    Duplex,
    Grid,
    Rect,
    bleed_box,
    bounds,
    edges,
    fold_sheet,
    home_grid,
    mirror_axis,
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
    rects: Sequence[Rect],
    bleeds: Sequence[float],
    page: tuple[float, float],
    spaced: bool,
    within: Rect | None = None,
) -> list[tuple[float, float, float, float]]:
    """Where each card's image shows: its trim, and its bleed wherever no card butts onto
    it (the grid's outer edges; every side when the cards are spaced), never beyond
    `within` (the bleed the marks leave room for: `Margins.shown`)."""
    sides = [(True, True, True, True)] * len(rects) if spaced else open_sides(rects)
    boxes = []
    for rect, bleed, side in zip(rects, bleeds, sides, strict=True):
        box = bleed_box(rect, bleed, side, page)
        if within is not None:
            x0, y0 = max(box.x, within.x), max(box.y, within.y)
            x1, y1 = min(box.right, within.right), min(box.top, within.top)
            box = Rect(x0, y0, x1 - x0, y1 - y0)
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
    orientation: Orientation = "portrait",
    marks: MarkStyle = CROP_MARKS,
    backs_only: bool = False,
) -> tuple[PdfData, int]:
    """Home sheets: grids (butted, or `gap` apart with each card's whole bleed), a crop
    mark on every cut, the ruler, and duplex back pages (turned where the sheet's turn
    mirrors y), or with `backs_only` the back pages alone; every page of sheet N says and
    is labelled "sheet N front" or "sheet N back" ("sheet N" single-sided)."""
    given = HomeOptions(duplex, cut_lines, back_offset, gap, orientation, marks, backs_only)
    if backs_only and duplex == "none":
        raise CardgenError(
            "--backs-only prints the back pages of a duplex PDF: not with --duplex none"
        )
    groups = [_group_grid(group, paper, given) for group in size_groups(faces)]
    buffer = io.BytesIO()
    canvas = print_canvas(
        buffer,
        (groups[0][1].page_w, groups[0][1].page_h) if groups else paper_size(paper),
        title=title,
        author=author,
        subject=f"Print-and-play {'backs' if backs_only else 'sheets'},"
        f" {paper_label(paper)}, duplex {duplex}",
        duplex="none" if backs_only else duplex,
    )
    pages = sheet = 0
    for group, grid in groups:
        page = (grid.page_w, grid.page_h)
        bleed = max(f.bleed for f in group)
        for start in range(0, len(group), grid.per_page):
            chunk = group[start : start + grid.per_page]
            slots = [grid.slot(index) for index in range(len(chunk))]
            sheet += 1
            side = "" if duplex == "none" else " front"
            if not backs_only:
                flip = f" · duplex: {FLIPS[duplex]}" if duplex != "none" else ""
                canvas.setPageSize(page)
                text = f"{title} · sheet {sheet}{side}{flip}"
                _front_page(canvas, chunk, slots, page, bleed, given, text, pages)
                pages = _end_page(canvas, pages, f"sheet {sheet}{side}")
            if duplex == "none":
                continue
            canvas.setPageSize(page)
            back_bleed = max(f.back_bleed for f in group)
            margins = _back_page(canvas, chunk, slots, page, given, back_bleed)
            caption(canvas, f"{title} · sheet {sheet} back", margins)
            pages = _end_page(canvas, pages, f"sheet {sheet} back")
    return finish(canvas, buffer), pages


@dataclass(frozen=True, slots=True)
class HomeOptions:
    """How `home_pdf` lays its sheets out and what it prints around the cards."""

    duplex: Duplex
    cut_lines: bool
    back_offset: tuple[float, float]
    """Where the backs move to cancel a printer's offset (pt, back-page coordinates)."""
    gap: float | None
    """Paper between neighbouring cards' bleeds (pt); None butts the cards."""
    orientation: Orientation
    marks: MarkStyle
    backs_only: bool


FLIPS = {"long": "flip on the LONG edge", "short": "flip on the SHORT edge"}


def _group_grid(group: list[Face], paper: str, given: HomeOptions) -> tuple[list[Face], Grid]:
    """The cards of one size and the grid they are printed in (a card too big is an error)."""
    bleed = max(max(f.bleed for f in group), max(f.back_bleed for f in group))
    try:
        grid = home_grid(
            paper,
            group[0].trim_w,
            group[0].trim_h,
            gap=given.gap,
            bleed=bleed,
            orientation=given.orientation,
        )
    except ValueError as error:  # a card too big for the paper (with the gap)
        raise CardgenError(f"--paper {paper}: {error}") from None
    return group, _room_for_text(grid, bleed, given.gap is not None)


def _room_for_text(grid: Grid, bleed: float, spaced: bool) -> Grid:
    """The grid, lowered where centred it leaves no margin a line of text fits in, while
    lowered its top margin holds one (for the ruler and the captions) and its lowest row
    keeps 6 mm of paper, and 3 mm beyond its bleed when spaced; else as it is."""
    need = text_room(bleed)
    if max(grid.bottom, grid.page_h - grid.top, grid.left) >= need - 1e-9:
        return grid
    lowered = need - (grid.page_h - grid.top)
    lowest = max(NO_INK, bleed + MARK_EDGE) if spaced else NO_INK
    if grid.bottom - lowered < lowest - 1e-9:
        return grid
    return replace(grid, lowered=lowered)


def _front_page(
    canvas: Canvas,
    chunk: Sequence[Face],
    slots: Sequence[Rect],
    page: tuple[float, float],
    bleed: float,
    given: HomeOptions,
    text: str,
    pages: int,
) -> None:
    """A front page: the ruler (on the PDF's first page) and the caption `text`, then the
    cards (their outer bleed as far as the marks leave room for) and the crop marks and
    cut lines around the bands the text took."""
    margins = Margins(page[0], page[1], bounds(slots), bleed, style=given.marks)
    if pages == 0:
        ruler(canvas, margins)
    caption(canvas, text, margins)
    spaced = given.gap is not None
    boxes = _bleed_boxes(slots, [f.bleed for f in chunk], page, spaced, margins.shown())
    for face, slot, box in zip(chunk, slots, boxes, strict=True):
        draw_card_image(
            canvas, face.front, slot.x, slot.y, slot.w, slot.h, face.bleed, clip_box=box
        )
    xs, ys = edges(slots, vertical=True), edges(slots, vertical=False)
    if given.cut_lines:  # under the marks: a grey guide never greys a black mark
        draw_cut_lines(canvas, xs, ys, slots, margins)
    crop_marks(canvas, xs, ys, margins)


def _end_page(canvas: Canvas, pages: int, label: str) -> int:
    """Finish the page, labelled `label` (what a viewer shows for its number); the count."""
    canvas.addPageLabel(pages, prefix=label)
    canvas.showPage()
    return pages + 1


def _back_page(
    canvas: Canvas,
    chunk: Sequence[Face],
    slots: Sequence[Rect],
    page: tuple[float, float],
    given: HomeOptions,
    bleed: float,
) -> Margins:
    """The backs of a front page: each at its front's mirrored place, shifted by the back
    offset, turned by 180 degrees where the turn mirrors y (the sheet turns over top to
    bottom there, so a back drawn upright would come out upside down behind its front);
    the page's margins."""
    duplex, offset, spaced = given.duplex, given.back_offset, given.gap is not None
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
            turned=mirror_axis(duplex, *page) == "y",
        )
    area = bounds(rects) if rects else mirrored(bounds(slots), page[0], page[1], duplex)
    return Margins(page[0], page[1], area, bleed, style=given.marks)


FOLD_STEPS = (
    "fold the whole sheet on the dashed line, printed sides out, glue, then cut through both layers"
)
"""What a gutterfold sheet says to do with it: a front and its back lie the same distance
either side of the fold, so they meet only once the whole sheet is folded."""


def fold_pdf(
    faces: Sequence[Face],
    *,
    paper: str,
    title: str,
    author: str,
    marks: MarkStyle = CROP_MARKS,
) -> tuple[PdfData, int]:
    """Gutterfold sheets: fronts left of the fold, their backs mirrored to the right; page
    N says and is labelled "sheet N", and says to fold the whole sheet, glue, then cut."""
    buffer = io.BytesIO()
    pages = 0
    canvas: Canvas | None = None
    for group in size_groups(faces):
        try:
            sheet = fold_sheet(paper, group[0].trim_w, group[0].trim_h)
        except ValueError as error:  # a card too big for half the paper
            raise CardgenError(f"--paper {paper}: {error}") from None
        if canvas is None:
            canvas = print_canvas(
                buffer,
                (sheet.page_w, sheet.page_h),
                title=title,
                author=author,
                subject=f"Gutterfold sheets, {paper_label(paper)}",
            )
        canvas.setPageSize((sheet.page_w, sheet.page_h))
        for start in range(0, len(group), sheet.per_page):
            chunk = group[start : start + sheet.per_page]
            fronts = [sheet.front(index) for index in range(len(chunk))]
            backs = [sheet.back(index) for index, f in enumerate(chunk) if f.back is not None]
            rects = fronts + backs
            bleeds = [f.bleed for f in chunk] + [f.back_bleed for f in chunk if f.back]
            area = bounds(rects)
            margins = Margins(sheet.page_w, sheet.page_h, area, max(bleeds), style=marks)
            if pages == 0:
                ruler(canvas, margins)
            caption(canvas, f"{title} · sheet {pages + 1} · {FOLD_STEPS}", margins)
            page = (sheet.page_w, sheet.page_h)
            boxes = _bleed_boxes(rects, bleeds, page, False, margins.shown())
            images = [f.front for f in chunk] + [f.back for f in chunk if f.back is not None]
            for image, rect, bleed, box in zip(images, rects, bleeds, boxes, strict=True):
                draw_card_image(canvas, image, rect.x, rect.y, rect.w, rect.h, bleed, clip_box=box)
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
            pages = _end_page(canvas, pages, f"sheet {pages + 1}")
    if canvas is None:
        canvas = print_canvas(buffer, paper_size(paper), title=title, author=author, subject="")
    return finish(canvas, buffer), pages
