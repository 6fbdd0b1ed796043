"""What is printed around the cards to cut and check a print: a crop mark on every cut
(every distinct x and y of a card's trim), dashed cut lines, the 50 mm ruler and a caption
in the margins.

`Margins` lays a page's margins out. Each side of the cards holds, from the trim outward:
the outer cards' bleed, the crop marks (1 mm clear of the trim, drawn black on a white
halo so they show on any bleed), and where there is room a band for one line of text at
the 6 mm line. Text never shares its band with a mark, so no mark crosses the ruler or a
caption. Marks stay clear of the 6 mm no-ink line where they have 2 mm of room before it
and 1.5 mm of white paper beyond the bleed, and otherwise run on into the last 3 mm; where
even that leaves a mark less than 1.5 mm of white paper (which is what is still seen once
the neighbouring cut takes the bleed off), the outer bleed on that side is printed shorter:
Letter's poker grid ends 6.35 mm from the top and bottom, so its column marks run from 1 mm
off the trim to 3 mm from the edge over 1.85 mm of bleed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Literal

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardgen.printing.pdf import FONT
from cardgen.printing.sheets import MARK_EDGE, NO_INK, Rect

Side = Literal["bottom", "top", "left", "right"]
MARK_GAP: float = 1 * mm
"""From the trim to a mark: a cut that misses by up to 1 mm shows bleed, never a mark."""
MARK_LENGTH: float = 4 * mm
MIN_MARK: float = 2 * mm
"""Where the margin is short, a mark is shortened to this (or to its length, if less)."""
WHITE_MARK: float = 1.5 * mm
"""How much of each mark lies on white paper beyond the bleed, so that it is still seen once
the neighbouring cut has taken the strip of bleed off: a mark runs on past the 6 mm line
for it, and where even the last 3 mm leave less, the outer bleed is printed shorter
(Letter's poker grid: 1.85 mm of bleed above and below)."""
MARK_WIDTH = 0.4
HALO_WIDTH = 1.6
TEXT_H: float = 2.8 * mm
"""The height of a text band: one line of 6.5 pt Vera, descenders included."""
TEXT_SEP: float = 0.5 * mm
CORNER: float = TEXT_H + 1 * mm
"""How far a band along the top or bottom stays from the side bands' corner."""
CAPTION_SIZE = 6.5
RULER_SIZE = 6.0
RULER_LABEL = "50 mm: print at 100 % (Actual size), never Fit to page"
BASELINE: float = 0.6 * mm


@dataclass(frozen=True, slots=True)
class MarkStyle:
    """The crop marks asked for (`--marks LEN,OFFSET` in mm, or `none`): how long each is
    and how far from the trim it starts, in points, and whether they are drawn at all."""

    length: float = MARK_LENGTH
    offset: float = MARK_GAP
    drawn: bool = True

    @property
    def shortest(self) -> float:
        """How short a mark may be made where its margin is narrow."""
        return min(MIN_MARK, self.length)


CROP_MARKS = MarkStyle()
"""The crop marks by default: 4 mm long, 1 mm off the trim."""


def text_room(bleed: float) -> float:
    """How far the cards' trims must be from the paper's edge for a band of text beyond
    their `bleed` and marks (see `Margins.fits_text`)."""
    return NO_INK + TEXT_H + max(MARK_GAP + MIN_MARK, bleed) + TEXT_SEP


@dataclass
class Margins:
    """The margins of one page around `area` (the cards' trims), whose outer cards show
    `bleed` beyond it: where the marks on each side reach and which sides hold text."""

    page_w: float
    page_h: float
    area: Rect
    bleed: float
    texts: dict[Side, float] = field(default_factory=dict)
    """The sides holding a line of text, and the text's length along the side."""
    style: MarkStyle = CROP_MARKS
    """The crop marks' length and offset."""

    def room(self, side: Side) -> float:
        """From the cards' trim on `side` to the paper's edge."""
        return {
            "bottom": self.area.y,
            "top": self.page_h - self.area.top,
            "left": self.area.x,
            "right": self.page_w - self.area.right,
        }[side]

    @property
    def text_offset(self) -> float:
        """From the trim to where a text band may begin: past the bleed and a short mark
        1 mm off the trim (a mark set further off starts nearer where text needs the room:
        `start`)."""
        return max(MARK_GAP + MIN_MARK, self.bleed) + TEXT_SEP

    def band_length(self, side: Side) -> float:
        """How long a line of text the band along `side` holds."""
        along = self.page_w if side in ("bottom", "top") else self.page_h
        return along - 2 * (NO_INK + CORNER)

    def fits_text(self, side: Side) -> bool:
        """Whether `side` has room for a text band beyond its marks, inside 6 mm."""
        return self.room(side) - NO_INK - self.text_offset >= TEXT_H - 1e-9

    def take(self, length: float, prefer: Sequence[Side]) -> Side | None:
        """The first side of `prefer` with a free band that holds `length` (else the free
        band that holds the most of it), now taken; None when no side has room."""
        free = [s for s in prefer if s not in self.texts and self.fits_text(s)]
        if not free:
            return None
        whole = [s for s in free if self.band_length(s) >= length]
        side = whole[0] if whole else max(free, key=self.band_length)
        self.texts[side] = min(length, self.band_length(side))
        return side

    def reach(self, side: Side) -> float:
        """How far from the trim the marks on `side` end (they start at `start`)."""
        longest = self.style.offset + self.style.length
        if side in self.texts:  # up to the band, at least to the bleed's edge (`fits_text`)
            return min(longest, self.room(side) - NO_INK - TEXT_H - TEXT_SEP)
        safe = self.room(side) - NO_INK
        if safe - self.style.offset >= self.style.shortest and safe - self.bleed >= WHITE_MARK:
            return min(longest, safe)
        return min(longest, self.room(side) - MARK_EDGE)

    def start(self, side: Side) -> float:
        """How far from the trim the marks on `side` start: the style's offset, or nearer
        where the margin leaves no room for a shortened mark beyond it (every cut keeps
        its mark)."""
        return max(0.0, min(self.style.offset, self.reach(side) - self.style.shortest))

    def shown_bleed(self, side: Side) -> float:
        """How much of the outer cards' bleed to print on `side`: all of it, or less where
        the margin is too short for `WHITE_MARK` of each mark to lie on white paper beyond
        it (the strip of bleed goes with the neighbouring cut; the white part stays)."""
        if not self.style.drawn:
            return self.bleed
        return min(self.bleed, max(self.reach(side) - WHITE_MARK, self.start(side)))

    def shown(self) -> Rect:
        """The area the cards' images may show in: their trims and `shown_bleed` beyond."""
        left, right = self.shown_bleed("left"), self.shown_bleed("right")
        bottom, top = self.shown_bleed("bottom"), self.shown_bleed("top")
        area = self.area
        return Rect(area.x - left, area.y - bottom, area.w + left + right, area.h + bottom + top)

    def band(self, side: Side) -> Rect:
        """The text band of `side`, along the 6 mm line."""
        if side in ("bottom", "top"):
            y = NO_INK if side == "bottom" else self.page_h - NO_INK - TEXT_H
            return Rect(NO_INK + CORNER, y, self.band_length(side), TEXT_H)
        x = NO_INK if side == "left" else self.page_w - NO_INK - TEXT_H
        return Rect(x, NO_INK + CORNER, TEXT_H, self.band_length(side))

    @contextmanager
    def in_band(self, canvas: Canvas, side: Side) -> Iterator[float]:
        """Draw in the band of `side` (x along it, y across it from the foot of its line of
        text; up the page on the left and right): yields the band's length."""
        band = self.band(side)
        canvas.saveState()
        try:
            if side in ("bottom", "top"):
                canvas.translate(band.x, band.y)
                yield band.w
            else:
                canvas.translate(band.x + TEXT_H, band.y)
                canvas.rotate(90)
                yield band.h
        finally:
            canvas.restoreState()


def _halo_line(canvas: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    canvas.setStrokeGray(1)
    canvas.setLineWidth(HALO_WIDTH)
    canvas.line(x0, y0, x1, y1)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(MARK_WIDTH)
    canvas.line(x0, y0, x1, y1)


def crop_marks(canvas: Canvas, xs: Sequence[float], ys: Sequence[float], margins: Margins) -> None:
    """A mark on each x above and below the cards and on each y left and right of them,
    black on a white halo, from where to where `margins` lets each side's marks go (none
    when its style says so)."""
    if not margins.style.drawn:
        return
    area = margins.area
    canvas.saveState()
    top, bottom = margins.start("top"), margins.start("bottom")
    left, right = margins.start("left"), margins.start("right")
    top_end, bottom_end = margins.reach("top"), margins.reach("bottom")
    left_end, right_end = margins.reach("left"), margins.reach("right")
    for x in xs:
        _halo_line(canvas, x, area.top + top, x, area.top + top_end)
        _halo_line(canvas, x, area.y - bottom, x, area.y - bottom_end)
    for y in ys:
        _halo_line(canvas, area.x - left, y, area.x - left_end, y)
        _halo_line(canvas, area.right + right, y, area.right + right_end, y)
    canvas.restoreState()


def _open_spans(
    start: float, end: float, covered: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    """The parts of start..end that no (a, b) of `covered` covers."""
    spans = []
    at = start
    for a, b in sorted(covered):
        if a > at:
            spans.append((at, min(a, end)))
        at = max(at, b)
    if at < end:
        spans.append((at, end))
    return [(a, b) for a, b in spans if b - a > 0.01]


def draw_cut_lines(
    canvas: Canvas,
    xs: Sequence[float],
    ys: Sequence[float],
    cards: Sequence[Rect],
    margins: Margins,
) -> None:
    """Dashed guides along every cut, over the bleed but off every card: from the end of
    one side's marks to the other's, through the gaps and the empty slots between."""
    area = margins.area
    canvas.saveState()
    canvas.setDash(3, 2)
    low, high = area.y - margins.reach("bottom"), area.top + margins.reach("top")
    for x in xs:
        covered = [(c.y, c.top) for c in cards if c.x - 0.01 <= x <= c.right + 0.01]
        for a, b in _open_spans(low, high, covered):
            _guide(canvas, x, a, x, b)
    low, high = area.x - margins.reach("left"), area.right + margins.reach("right")
    for y in ys:
        covered = [(c.x, c.right) for c in cards if c.y - 0.01 <= y <= c.top + 0.01]
        for a, b in _open_spans(low, high, covered):
            _guide(canvas, a, y, b, y)
    canvas.restoreState()


def _guide(canvas: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    canvas.setStrokeGray(0.6)
    canvas.setLineWidth(0.3)
    canvas.line(x0, y0, x1, y1)


def caption(canvas: Canvas, text: str, margins: Margins) -> None:
    """A short line of text in a free band (below the cards when there is room, else up
    the right-hand side, else above, else up the left); made smaller if it is too long."""
    width = stringWidth(text, FONT, CAPTION_SIZE)
    side = margins.take(width, ("bottom", "right", "top", "left"))
    if side is None:
        return
    with margins.in_band(canvas, side) as length:
        size = CAPTION_SIZE * min(1.0, length / width) if width else CAPTION_SIZE
        canvas.setFillGray(0.25)
        canvas.setFont(FONT, size)
        canvas.drawCentredString(length / 2, BASELINE, text)


def ruler(canvas: Canvas, margins: Margins) -> None:
    """A 50 mm scale bar with ticks every 5 mm in a free band (above the cards when there
    is room, else up the left-hand side), and how to print."""
    label = stringWidth(RULER_LABEL, FONT, RULER_SIZE)
    side = margins.take(51.5 * mm + label, ("top", "left", "bottom", "right"))
    if side is None:
        return
    with margins.in_band(canvas, side) as length:
        size = RULER_SIZE * min(1.0, max(0.0, length - 51.5 * mm) / label)
        x0 = (length - 51.5 * mm - label * size / RULER_SIZE) / 2
        bar = TEXT_H - 0.3 * mm
        canvas.setStrokeGray(0)
        canvas.setFillGray(0)
        canvas.setLineWidth(0.5)
        canvas.line(x0, bar, x0 + 50 * mm, bar)
        for i in range(0, 51, 5):
            tick = 2 * mm if i % 10 == 0 else 1 * mm
            canvas.line(x0 + i * mm, bar, x0 + i * mm, bar - tick)
        if size > 0:
            canvas.setFont(FONT, size)
            canvas.drawString(x0 + 51.5 * mm, BASELINE, RULER_LABEL)
