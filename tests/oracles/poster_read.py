"""A poster PDF read back from its pages without asking cardgen: on each page, the board
image's placement (its matrix, from the content stream: `tests/printing/pdf_geometry.py`)
and the clip it is drawn through, the + marks (a white line on a wider black one, each
way), the dashed cut lines, the scale bars, the text and its characters' boxes (pdfplumber)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from pypdf import PdfReader

from tests.printing.pdf_geometry import Box, Drawn, Stroke, drawn_images, grey_of, intersect

Point = tuple[float, float]
NAME = re.compile(r"sheet ([A-Z]\d+) of ([A-Z]\d+)")


@dataclass(frozen=True)
class Line(Stroke):
    """A stroked straight line (`Stroke`: ends in page points, grey, width), and whether
    it is dashed."""

    dashed: bool

    @property
    def length(self) -> float:
        """How long the line is."""
        return float(abs(self.x1 - self.x0) + abs(self.y1 - self.y0))

    @property
    def flat(self) -> bool:
        """Whether the line is horizontal."""
        return abs(self.y1 - self.y0) < 1e-3


@dataclass(frozen=True)
class PosterPage:
    """One page: its text, its name (a sheet's, None on the key page), the board image as
    drawn (None on the key page) and every line."""

    number: int
    text: str
    media: Box
    drawn: Drawn | None
    lines: list[Line]
    chars: list[Box]
    """Each printed character's box (page points from the bottom left)."""

    @property
    def name(self) -> str | None:
        """The sheet's name, as its text states it."""
        found = NAME.search(self.text)
        return found[1] if found else None

    @property
    def shown(self) -> Box:
        """Where on the page the board is printed: the image within its clip."""
        assert self.drawn is not None and self.drawn.clip is not None
        return intersect(intersect(self.drawn.box, self.drawn.clip), self.media)

    def to_board(self, x: float, y: float, size: Point) -> Point:
        """A page point as a board point: through the inverse of the image's matrix, in
        the board's `size` units from its top-left corner, y downwards."""
        assert self.drawn is not None
        a, b, c, d, e, f = self.drawn.matrix
        det = a * d - b * c
        u = (d * (x - e) - c * (y - f)) / det
        v = (a * (y - f) - b * (x - e)) / det
        return (u * size[0], (1 - v) * size[1])

    def window(self, size: Point) -> Box:
        """What of the board the page shows (left, top, right, bottom), in `size` units."""
        left, top = self.to_board(self.shown[0], self.shown[3], size)
        right, bottom = self.to_board(self.shown[2], self.shown[1], size)
        return (left, top, right, bottom)

    def crosses(self, arm: float) -> list[Point]:
        """Centres of the + marks (page points): a white horizontal and a white vertical
        line of length `arm` crossing at their middles, each on a wider black line."""
        white = [ln for ln in self.lines if ln.grey == 1 and not ln.dashed]
        black = {(ln.x0, ln.y0, ln.x1, ln.y1, ln.width) for ln in self.lines if ln.grey == 0}
        centres = []
        for h in white:
            if not h.flat or abs(h.length - arm) > 0.05:
                continue
            cx, cy = (h.x0 + h.x1) / 2, h.y0
            upright = [
                v
                for v in white
                if not v.flat
                and abs(v.x0 - cx) < 0.01
                and abs((v.y0 + v.y1) / 2 - cy) < 0.01
                and abs(v.length - arm) < 0.05
            ]
            assert len(upright) == 1, (h, upright)
            for line in (h, upright[0]):  # each arm on a black line at least twice as wide
                assert any(
                    (x0, y0, x1, y1) == (line.x0, line.y0, line.x1, line.y1) and w >= 2 * line.width
                    for x0, y0, x1, y1, w in black
                ), line
            centres.append((cx, cy))
        return sorted(centres)

    def cut_lines(self) -> list[Line]:
        """The dashed white lines (each on a dashed black one)."""
        return [ln for ln in self.lines if ln.dashed and ln.grey == 1]

    def bars(self) -> list[Line]:
        """The black lines drawn outside the board image: scale bars and their ticks."""
        box = self.shown if self.drawn is not None else None
        return [
            ln
            for ln in self.lines
            if ln.grey == 0
            and not ln.dashed
            and (
                box is None
                or not (box[0] < max(ln.x0, ln.x1) and min(ln.x0, ln.x1) < box[2])
                or not (box[1] < max(ln.y0, ln.y1) and min(ln.y0, ln.y1) < box[3])
            )
        ]


def read_poster(pdf: Path) -> list[PosterPage]:
    """Every page of a poster PDF."""
    reader = PdfReader(pdf)
    pages = []
    with pdfplumber.open(pdf) as document:
        for number, page in enumerate(document.pages):
            drawn = drawn_images(reader, number)
            assert len(drawn) <= 1, drawn  # the board, or nothing (the key page)
            lines = [
                Line(
                    float(ln["x0"]),
                    float(ln["y0"]),
                    float(ln["x1"]),
                    float(ln["y1"]),
                    grey_of(ln.get("stroking_color")),
                    float(ln["linewidth"]),
                    bool(ln.get("dash") and ln["dash"][0]),
                )
                for ln in page.lines
            ]
            media = tuple(float(v) for v in reader.pages[number].mediabox)
            h = float(page.height)
            chars = [
                (float(c["x0"]), h - float(c["bottom"]), float(c["x1"]), h - float(c["top"]))
                for c in page.chars
                if c["text"].strip()
            ]
            pages.append(
                PosterPage(
                    number,
                    page.extract_text() or "",
                    media,  # type: ignore[arg-type]
                    drawn[0] if drawn else None,
                    lines,
                    chars,
                )
            )
    return pages
