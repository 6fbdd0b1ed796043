"""Sheet geometry for print-and-play PDFs, in points with the origin at the bottom left.

Pure arithmetic, no drawing: where each card goes on a page, where its back goes on the
back page (the rectangle mirrored about the page centre: long edge mirrors x, short edge
mirrors y), and where a gutterfold sheet puts fronts and backs either side of its fold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.units import mm

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": letter}
NO_INK = 6 * mm
"""Nothing is printed within 6 mm of the paper's edge (home printers cannot reach it)."""

Duplex = Literal["long", "short", "none"]


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
    """A butted grid of cards centred on the page."""

    page_w: float
    page_h: float
    card_w: float
    card_h: float
    cols: int
    rows: int

    @property
    def per_page(self) -> int:
        """How many cards a page holds."""
        return self.cols * self.rows

    @property
    def left(self) -> float:
        """The x of the grid's left edge."""
        return (self.page_w - self.cols * self.card_w) / 2

    @property
    def bottom(self) -> float:
        """The y of the lowest row's bottom edge."""
        return (self.page_h - self.rows * self.card_h) / 2

    def slot(self, index: int) -> Rect:
        """Slot `index` (0 = top left, row by row) on the page."""
        row, col = divmod(index, self.cols)
        top = self.bottom + self.rows * self.card_h
        return Rect(
            self.left + col * self.card_w, top - (row + 1) * self.card_h, self.card_w, self.card_h
        )

    def column_edges(self) -> list[float]:
        """The x of every vertical trim line, left to right."""
        return [self.left + i * self.card_w for i in range(self.cols + 1)]

    def row_edges(self) -> list[float]:
        """The y of every horizontal trim line, bottom to top."""
        return [self.bottom + i * self.card_h for i in range(self.rows + 1)]


def fitting(room: float, size: float) -> int:
    """How many `size`s fit in `room`, an exact fit included: five 39.6 mm cards fill the
    198 mm within A4's margins, though in points the quotient comes out a hair under 5."""
    return math.floor(room / size + 1e-9)


def home_grid(paper: str, card_w: float, card_h: float) -> Grid:
    """As many cards as fit with every card at least 6 mm from the paper's edge, portrait."""
    page_w, page_h = PAPERS[paper]
    cols = fitting(page_w - 2 * NO_INK, card_w)
    rows = fitting(page_h - 2 * NO_INK, card_h)
    if cols < 1 or rows < 1:
        raise ValueError(f"a {card_w / mm:.1f} x {card_h / mm:.1f} mm card does not fit on {paper}")
    return Grid(page_w, page_h, card_w, card_h, cols, rows)


def mirrored(rect: Rect, page_w: float, page_h: float, duplex: Duplex) -> Rect:
    """Where the back of a card at `rect` goes on the back page of a duplex sheet."""
    if duplex == "long":
        return Rect(page_w - rect.x - rect.w, rect.y, rect.w, rect.h)
    if duplex == "short":
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
    portrait = PAPERS[paper]
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
