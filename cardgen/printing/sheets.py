"""Sheet geometry for print-and-play PDFs, in points with the origin at the bottom left.

Pure arithmetic, no drawing: where each card goes on a page, where its back goes on the
back page (the rectangle mirrored about the page centre: long edge mirrors x, short edge
mirrors y), and where a gutterfold sheet puts fronts and backs either side of its fold.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from reportlab.lib.units import mm

from cardgen.printing.paper import NAMED, Orientation, paper_size, turned

PAPERS: dict[str, tuple[float, float]] = NAMED
"""The named papers, portrait (custom sizes: `paper.paper_size`)."""
NO_INK: float = 6 * mm
"""Cards, text and the ruler stay 6 mm clear of the paper's edge (many printers' margin)."""
MARK_EDGE: float = 3 * mm
"""Crop marks and the bleed beyond the outer cards may reach 3 mm from the edge (the
margin of most inkjets; a laser's 4.2 mm only shortens a mark): on Letter a grid of poker
cards ends 6.35 mm from the top and bottom, and its column marks have only this room."""

Duplex = Literal["long", "short", "none"]
Axis = Literal["x", "y"]


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle on a page: lower-left corner, width and height, in points."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.w

    @property
    def top(self) -> float:
        """The y of the top edge."""
        return self.y + self.h

    def shifted(self, dx: float, dy: float) -> Rect:
        """The same rectangle moved by (dx, dy)."""
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True, slots=True)
class Grid:
    """A grid of cards centred on the page (or `lowered`): butted, or `spacing` apart
    (trim to trim)."""

    page_w: float
    page_h: float
    card_w: float
    card_h: float
    cols: int
    rows: int
    spacing: float = 0.0
    lowered: float = 0.0
    """How far the grid sits below the page's middle (to leave its top margin room for a
    line of text where the centred grid leaves none)."""

    @property
    def per_page(self) -> int:
        """How many cards a page holds."""
        return self.cols * self.rows

    @property
    def left(self) -> float:
        """The x of the grid's left edge."""
        return (self.page_w - self.cols * self.card_w - (self.cols - 1) * self.spacing) / 2

    @property
    def height(self) -> float:
        """From the lowest row's bottom edge to the highest row's top edge."""
        return self.rows * self.card_h + (self.rows - 1) * self.spacing

    @property
    def bottom(self) -> float:
        """The y of the lowest row's bottom edge."""
        return (self.page_h - self.height) / 2 - self.lowered

    @property
    def top(self) -> float:
        """The y of the highest row's top edge."""
        return self.bottom + self.height

    def slot(self, index: int) -> Rect:
        """Slot `index` (0 = top left, row by row) on the page."""
        row, col = divmod(index, self.cols)
        return Rect(
            self.left + col * (self.card_w + self.spacing),
            self.top - (row + 1) * self.card_h - row * self.spacing,
            self.card_w,
            self.card_h,
        )

    def column_edges(self) -> list[float]:
        """The x of every vertical trim line, left to right (two a gap when spaced)."""
        return edges([self.slot(col) for col in range(self.cols)], vertical=True)

    def row_edges(self) -> list[float]:
        """The y of every horizontal trim line, bottom to top (two a gap when spaced)."""
        return edges([self.slot(row * self.cols) for row in range(self.rows)], vertical=False)


def edges(rects: Sequence[Rect], *, vertical: bool) -> list[float]:
    """The distinct x (vertical) or y of the rectangles' edges, in order; edges within
    0.01 pt of each other are one cut."""
    found: list[float] = []
    for value in sorted(v for r in rects for v in ((r.x, r.right) if vertical else (r.y, r.top))):
        if not found or value - found[-1] > 0.01:
            found.append(value)
    return found


def fitting(room: float, size: float) -> int:
    """How many `size`s fit in `room`, an exact fit included: five 39.6 mm cards fill the
    198 mm within A4's margins, though in points the quotient comes out a hair under 5."""
    return math.floor(room / size + 1e-9)


def spaced_fitting(room: float, size: float, spacing: float) -> int:
    """How many `size`s, `spacing` apart, fit in `room`."""
    return fitting(room + spacing, size + spacing)


def home_grid(
    paper: str,
    card_w: float,
    card_h: float,
    *,
    gap: float | None = None,
    bleed: float = 0.0,
    orientation: Orientation = "portrait",
) -> Grid:
    """As many cards as fit with every card at least 6 mm from the paper's edge: butted,
    or (with `gap`) each card's whole bleed shown and `gap` of paper between the bleeds of
    neighbours, every bleed at least 3 mm from the edge; on the paper held `orientation`
    (auto: the way round that holds more cards, portrait when both hold as many)."""
    ways: tuple[Literal["portrait", "landscape"], ...] = (
        ("portrait", "landscape") if orientation == "auto" else (orientation,)
    )
    best: Grid | None = None
    for way in ways:
        grid = _grid(turned(paper_size(paper), way), card_w, card_h, gap, bleed)
        if grid is not None and (best is None or grid.per_page > best.per_page):
            best = grid
    if best is None:
        held = " landscape" if orientation == "landscape" else ""
        raise ValueError(
            f"a {card_w / mm:.1f} x {card_h / mm:.1f} mm card does not fit on {paper}{held}"
        )
    return best


def _grid(
    page: tuple[float, float], card_w: float, card_h: float, gap: float | None, bleed: float
) -> Grid | None:
    """The grid of `home_grid` on a page of this size, or None when no card fits."""
    spacing = 0.0 if gap is None else 2 * bleed + gap
    outer = 0.0 if gap is None else bleed

    def count(along: float, size: float) -> int:
        room = min(along - 2 * NO_INK, along - 2 * MARK_EDGE - 2 * outer)
        return spaced_fitting(room, size, spacing)

    cols, rows = count(page[0], card_w), count(page[1], card_h)
    if cols < 1 or rows < 1:
        return None
    return Grid(page[0], page[1], card_w, card_h, cols, rows, spacing)


def open_sides(rects: Sequence[Rect]) -> list[tuple[bool, bool, bool, bool]]:
    """For each rectangle, whether its left, right, bottom and top edges are open: no other
    rectangle of `rects` butts onto that edge (there its bleed may show)."""

    def touches(a0: float, a1: float, b0: float, b1: float) -> bool:
        return min(a1, b1) - max(a0, b0) > 0.01

    found = []
    for r in rects:
        left = right = bottom = top = True
        for o in rects:
            if o is r:
                continue
            if touches(r.y, r.top, o.y, o.top):
                left &= abs(o.right - r.x) > 0.01
                right &= abs(o.x - r.right) > 0.01
            if touches(r.x, r.right, o.x, o.right):
                bottom &= abs(o.top - r.y) > 0.01
                top &= abs(o.y - r.top) > 0.01
        found.append((left, right, bottom, top))
    return found


def bleed_box(
    rect: Rect, bleed: float, sides: tuple[bool, bool, bool, bool], page: tuple[float, float]
) -> Rect:
    """The part of a card's image to show: its trim, and its bleed on each open side, never
    nearer the paper's edge than 3 mm."""
    left, right, bottom, top = (bleed if side else 0.0 for side in sides)
    x0 = max(MARK_EDGE, rect.x - left)
    y0 = max(MARK_EDGE, rect.y - bottom)
    x1 = min(page[0] - MARK_EDGE, rect.right + right)
    y1 = min(page[1] - MARK_EDGE, rect.top + top)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def mirror_axis(duplex: Duplex, page_w: float, page_h: float) -> Axis | None:
    """The page coordinate a duplex sheet's turn mirrors (None single-sided).

    Flipped on its long edge the sheet turns about that edge, so the coordinate across it
    mirrors: x on a portrait page, y on a landscape one (the printer lays a landscape page
    across portrait paper, and back and front alike, so in the page's own coordinates its
    long edge runs along x). Flipped on its short edge, the other coordinate mirrors. A
    square page counts as portrait.
    """
    if duplex == "none":
        return None
    landscape = page_w > page_h
    return "x" if (duplex == "long") != landscape else "y"


def mirrored(rect: Rect, page_w: float, page_h: float, duplex: Duplex) -> Rect:
    """Where the back of a card at `rect` goes on the back page of a duplex sheet."""
    axis = mirror_axis(duplex, page_w, page_h)
    if axis == "x":
        return Rect(page_w - rect.x - rect.w, rect.y, rect.w, rect.h)
    if axis == "y":
        return Rect(rect.x, page_h - rect.y - rect.h, rect.w, rect.h)
    return rect


@dataclass(frozen=True, slots=True)
class FoldSheet:
    """A gutterfold page: fronts left of a vertical fold line, their backs mirrored right."""

    page_w: float
    page_h: float
    card_w: float
    card_h: float
    cols: int
    rows: int
    gutter: float

    @property
    def per_page(self) -> int:
        """How many cards a page holds."""
        return self.cols * self.rows

    @property
    def fold_x(self) -> float:
        """The x of the fold line (the middle of the page)."""
        return self.page_w / 2

    @property
    def bottom(self) -> float:
        """The y of the lowest row's bottom edge."""
        return (self.page_h - self.rows * self.card_h) / 2

    def front(self, index: int) -> Rect:
        """Where front `index` goes (row by row from the top, left of the fold)."""
        row, col = divmod(index, self.cols)
        right = self.fold_x - self.gutter / 2
        top = self.bottom + self.rows * self.card_h
        return Rect(
            right - (self.cols - col) * self.card_w,
            top - (row + 1) * self.card_h,
            self.card_w,
            self.card_h,
        )

    def back(self, index: int) -> Rect:
        """Where the back of front `index` goes: mirrored across the fold."""
        front = self.front(index)
        return Rect(2 * self.fold_x - front.x - front.w, front.y, front.w, front.h)


def fold_sheet(paper: str, card_w: float, card_h: float, gutter: float = 10 * mm) -> FoldSheet:
    """The gutterfold sheet holding the most cards: portrait or landscape paper."""
    best: FoldSheet | None = None
    portrait = paper_size(paper)
    for page_w, page_h in (portrait, (portrait[1], portrait[0])):
        cols = fitting(page_w / 2 - gutter / 2 - NO_INK, card_w)
        rows = fitting(page_h - 2 * NO_INK, card_h)
        if cols >= 1 and rows >= 1:
            sheet = FoldSheet(page_w, page_h, card_w, card_h, cols, rows, gutter)
            if best is None or sheet.per_page > best.per_page:
                best = sheet
    if best is None:
        raise ValueError(f"a {card_w / mm:.1f} mm wide card does not fit a gutterfold {paper} page")
    return best


def bounds(rects: Sequence[Rect]) -> Rect:
    """The smallest rectangle holding all of `rects` (at least one)."""
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    x1, y1 = max(r.right for r in rects), max(r.top for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)
