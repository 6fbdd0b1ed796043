"""A game's printable components on home sheets, duplex on the long edge as the cards are.

Tokens and die stickers ("chips") are set out in a grid of their own size (the cards'
`home_grid`, spaced so each shows 1 mm of its picture around its cut line), with the cut
line drawn: a circle (or an ellipse), a square (or rectangle), a pointy-top hexagon, or the
traced outline of a mask. Each front page is followed by its back page, every back at its
front's place mirrored about the page's centre (`sheets.mirrored`: x on a portrait page,
y and turned on a landscape one), so it lands behind its front. A mat that fits a page is
printed on a page of its own at its exact size with crop marks, a tuck box's template on a
page of its own (`tuckbox`); their back pages are left blank so the sheets stay paired.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from cardgen.printing.marks import Margins, caption, crop_marks, ruler
from cardgen.printing.paper import paper_label, paper_size, turned
from cardgen.printing.pdf import FONT, PdfData, draw_card_image, finish, print_canvas
from cardgen.printing.sheets import (
    NO_INK,
    Axis,
    Rect,
    bleed_box,
    bounds,
    home_grid,
    mirror_axis,
    mirrored,
)
from cardgen.printing.tuckbox import BoxTexts, TuckTemplate, draw_template

Shape = Literal["circle", "square", "hex", "mask"]
CHIP_GAP: float = 3 * mm
"""Paper between two chips' pictures."""
SHOWN: float = 1 * mm
"""How far a chip's picture runs on beyond its cut line."""
CUT_GREY = 0.15
CUT_WIDTH = 0.4
TEXT_BAND: float = 5 * mm
"""Below a mat or a template: room for the page's caption."""


@dataclass(frozen=True, slots=True)
class Chip:
    """One printed token or die sticker: its pictures, and its cut line's shape and
    extent (pt); the pictures' trims are drawn at `picture` centred on the cut line."""

    name: str
    front: Path
    back: Path | None
    shape: Shape
    w: float
    h: float
    picture: tuple[float, float]
    bleed: float
    """The front picture's bleed at the size it is drawn (pt)."""
    back_bleed: float
    outline: tuple[tuple[float, float], ...] = ()
    """A mask's outline, from 0 to 1 of the extent (y down)."""


@dataclass(frozen=True, slots=True)
class ChipGroup:
    """Chips of one size and shape, on sheets of their own under one title."""

    title: str
    chips: tuple[Chip, ...]


@dataclass(frozen=True, slots=True)
class MatPage:
    """A mat or board that fits a page: its picture (trim + bleed) and trim size (pt)."""

    title: str
    image: Path
    w: float
    h: float
    bleed: float


@dataclass(frozen=True, slots=True)
class BoxPage:
    """A tuck box's template and what its faces show."""

    title: str
    template: TuckTemplate
    texts: BoxTexts


@dataclass(frozen=True, slots=True)
class ComponentPicture:
    """One component as the gallery shows it: its kind, id and label, the face images
    written for it and, for a tuck box, its template."""

    kind: str
    id: str
    label: str
    files: tuple[Path, ...]
    template: TuckTemplate | None = None
    color: str = "#ffffff"


@dataclass(frozen=True, slots=True)
class ComponentSheets:
    """Everything of a game the components PDF prints, in order."""

    groups: tuple[ChipGroup, ...] = ()
    mats: tuple[MatPage, ...] = ()
    boxes: tuple[BoxPage, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.groups or self.mats or self.boxes)


def page_for(paper: str, w: float, h: float, band: float = TEXT_BAND) -> tuple[float, float] | None:
    """The page (portrait first, else landscape) on which a `w` x `h` piece fits inside
    the 6 mm margins with `band` below it; None when it fits neither way."""
    for way in ("portrait", "landscape"):
        page = turned(paper_size(paper), way)
        if w <= page[0] - 2 * NO_INK + 1e-6 and h <= page[1] - 2 * NO_INK - 2 * band + 1e-6:
            return page
    return None


class _Pages:
    """The PDF being written: its canvas and how many pages and sheets it has so far."""

    def __init__(self, canvas: Canvas, title: str) -> None:
        self.canvas = canvas
        self.title = title
        self.pages = 0
        self.sheet = 0

    def end(self, label: str) -> None:
        """Finish the page, labelled as home sheets label theirs."""
        self.canvas.addPageLabel(self.pages, prefix=label)
        self.canvas.showPage()
        self.pages += 1

    def blank_back(self, page: tuple[float, float]) -> None:
        """The empty back of a single-sided sheet (so the sheets stay paired in duplex)."""
        self.canvas.setPageSize(page)
        self.canvas.setFillGray(0.5)
        self.canvas.setFont(FONT, 6.5)
        self.canvas.drawCentredString(
            page[0] / 2, NO_INK, f"{self.title} · sheet {self.sheet} back: blank"
        )
        self.end(f"sheet {self.sheet} back")


def components_pdf(
    sheets: ComponentSheets, *, paper: str, title: str, author: str
) -> tuple[PdfData, int]:
    """The components' sheets on `paper`, each front page followed by its back page."""
    buffer = io.BytesIO()
    canvas = print_canvas(
        buffer,
        paper_size(paper),
        title=title,
        author=author,
        subject=f"Print-and-play components, {paper_label(paper)}, duplex long",
        duplex="long",
    )
    pages = _Pages(canvas, title)
    for group in sheets.groups:
        _chip_sheets(pages, group, paper)
    for mat in sheets.mats:
        _mat_sheet(pages, mat, paper)
    for box in sheets.boxes:
        _box_sheet(pages, box, paper)
    return finish(canvas, buffer), pages.pages


def _chip_sheets(pages: _Pages, group: ChipGroup, paper: str) -> None:
    """A group's chips, as many a sheet as fit, each front page then its back page."""
    first = group.chips[0]
    grid = home_grid(paper, first.w, first.h, gap=CHIP_GAP, bleed=SHOWN, orientation="auto")
    page = (grid.page_w, grid.page_h)
    canvas = pages.canvas
    for start in range(0, len(group.chips), grid.per_page):
        chunk = group.chips[start : start + grid.per_page]
        slots = [grid.slot(index) for index in range(len(chunk))]
        pages.sheet += 1
        canvas.setPageSize(page)
        for chip, slot in zip(chunk, slots, strict=True):
            _picture(canvas, chip.front, chip, slot, chip.bleed, flip=None)
        for chip, slot in zip(chunk, slots, strict=True):
            cut_line(canvas, chip, slot)
        margins = Margins(page[0], page[1], bounds(slots), SHOWN)
        if pages.pages == 0:
            ruler(canvas, margins)
        caption(
            canvas,
            f"{pages.title} · {group.title} · sheet {pages.sheet} front · cut along the lines"
            " · duplex: flip on the LONG edge",
            margins,
        )
        pages.end(f"sheet {pages.sheet} front")
        canvas.setPageSize(page)
        flip = mirror_axis("long", *page)
        backs = [
            (c, mirrored(s, page[0], page[1], "long")) for c, s in zip(chunk, slots, strict=True)
        ]
        for chip, rect in backs:
            if chip.back is not None:
                _picture(canvas, chip.back, chip, rect, chip.back_bleed, flip=flip)
        margins = Margins(page[0], page[1], bounds([r for _, r in backs]), SHOWN)
        caption(canvas, f"{pages.title} · {group.title} · sheet {pages.sheet} back", margins)
        pages.end(f"sheet {pages.sheet} back")


def _picture(
    canvas: Canvas,
    image: Path,
    chip: Chip,
    slot: Rect,
    bleed: float,
    *,
    flip: Axis | None,
) -> None:
    """A chip's picture centred on its slot, cut off `SHOWN` beyond its cut line (on a
    back page, its shape mirrored in `flip`, the picture turned where that is y)."""
    pw, ph = chip.picture
    x, y = slot.x + (slot.w - pw) / 2, slot.y + (slot.h - ph) / 2
    grown = Rect(slot.x - SHOWN, slot.y - SHOWN, slot.w + 2 * SHOWN, slot.h + 2 * SHOWN)
    canvas.saveState()
    canvas.clipPath(_shape_path(canvas, chip, grown, flip=flip), stroke=0, fill=0)
    draw_card_image(canvas, image, x, y, pw, ph, bleed, clip=False, turned=flip == "y")
    canvas.restoreState()


def _shape_path(
    canvas: Canvas, chip: Chip, slot: Rect, *, flip: Axis | None = None
) -> PDFPathObject:
    """A chip's shape over `slot` as a path, mirrored in `flip` (on a back page: the
    coordinate the sheet's turn mirrors)."""
    path = canvas.beginPath()
    if chip.shape == "circle":
        path.ellipse(slot.x, slot.y, slot.w, slot.h)
    elif chip.shape == "square":
        path.rect(slot.x, slot.y, slot.w, slot.h)
    else:
        points = outline_points(chip, slot)
        if flip == "x":  # a back shows its outline mirrored as the sheet turns
            points = [(2 * slot.x + slot.w - px, py) for px, py in points]
        elif flip == "y":
            points = [(px, 2 * slot.y + slot.h - py) for px, py in points]
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
    return path


def outline_points(chip: Chip, slot: Rect) -> list[tuple[float, float]]:
    """The corners of a chip's cut line on the page (a hexagon's, a mask's outline's)."""
    if chip.shape == "hex":
        cx, cy, w, h = slot.x + slot.w / 2, slot.y + slot.h / 2, slot.w, slot.h
        return [
            (cx, cy + h / 2),
            (cx + w / 2, cy + h / 4),
            (cx + w / 2, cy - h / 4),
            (cx, cy - h / 2),
            (cx - w / 2, cy - h / 4),
            (cx - w / 2, cy + h / 4),
        ]
    return [(slot.x + px * slot.w, slot.top - py * slot.h) for px, py in chip.outline]


def cut_line(canvas: Canvas, chip: Chip, slot: Rect) -> None:
    """The line to cut a chip out along: its shape at its extent."""
    canvas.saveState()
    canvas.setStrokeGray(CUT_GREY)
    canvas.setLineWidth(CUT_WIDTH)
    canvas.drawPath(_shape_path(canvas, chip, slot), stroke=1, fill=0)
    canvas.restoreState()


def _centred(page: tuple[float, float], w: float, h: float) -> Rect:
    """A `w` x `h` rectangle in the middle of the page, above the caption's band."""
    return Rect((page[0] - w) / 2, (page[1] - h) / 2 + TEXT_BAND / 2, w, h)


def _mat_sheet(pages: _Pages, mat: MatPage, paper: str) -> None:
    """A mat at its exact size on a page of its own, with a crop mark at each edge."""
    page = page_for(paper, mat.w, mat.h)
    assert page is not None, "a mat that fits no page is a poster"
    canvas = pages.canvas
    pages.sheet += 1
    canvas.setPageSize(page)
    rect = _centred(page, mat.w, mat.h)
    box = bleed_box(rect, mat.bleed, (True, True, True, True), page)
    draw_card_image(
        canvas,
        mat.image,
        rect.x,
        rect.y,
        rect.w,
        rect.h,
        mat.bleed,
        clip_box=(box.x, box.y, box.w, box.h),
    )
    margins = Margins(page[0], page[1], rect, mat.bleed)
    if pages.pages == 0:
        ruler(canvas, margins)
    caption(canvas, f"{pages.title} · {mat.title} · sheet {pages.sheet}: cut at the marks", margins)
    crop_marks(canvas, [rect.x, rect.right], [rect.y, rect.top], margins)
    pages.end(f"sheet {pages.sheet} front")
    pages.blank_back(page)


def _box_sheet(pages: _Pages, box: BoxPage, paper: str) -> None:
    """A tuck box's template on a page of its own."""
    w, h = box.template.size
    page = page_for(paper, w, h)
    assert page is not None, "a template that fits no page is refused before"
    canvas = pages.canvas
    pages.sheet += 1
    canvas.setPageSize(page)
    rect = _centred(page, w, h)
    draw_template(canvas, box.template, box.texts, rect.x, rect.y)
    margins = Margins(page[0], page[1], rect, 0.0)
    if pages.pages == 0:
        ruler(canvas, margins)
    caption(
        canvas,
        f"{pages.title} · {box.title} · sheet {pages.sheet}: cut the solid lines, fold the"
        " dashed ones, glue the grey areas",
        margins,
    )
    pages.end(f"sheet {pages.sheet} front")
    pages.blank_back(page)


def total_chips(groups: Sequence[ChipGroup]) -> int:
    """How many chips the groups print."""
    return sum(len(group.chips) for group in groups)
