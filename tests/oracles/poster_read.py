"""A poster PDF read from its pages' drawing operators (pypdf): on each page, where the
board image is drawn, the clipping rectangle it is drawn through, the window of the board
the page therefore shows, and the registration crosses (pdfplumber's lines)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from pypdf import PdfReader
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]
"""(left, bottom, right, top) in points."""
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's row-vector convention: `cm` pre-multiplies the current matrix)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def intersect(a: Box, b: Box) -> Box:
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


@dataclass(frozen=True, slots=True)
class PosterPage:
    """One page: its name and neighbours as its text states them, the image's placement,
    the part of the page it shows, and the crosses (centres, page points)."""

    name: str
    text: str
    media: Box
    image: Box
    clip: Box
    """The printable area the image is drawn through."""
    shown: Box
    """Where the board is printed: the image within the clip."""
    crosses: list[tuple[float, float]]

    def to_poster(self, x: float, y: float) -> tuple[float, float]:
        """A page point in poster points: from the board's top-left corner, y downwards."""
        return (x - self.image[0], self.image[3] - y)

    @property
    def window(self) -> Box:
        """What of the board the page shows, in poster points (left, top, right, bottom)."""
        left, top = self.to_poster(self.shown[0], self.shown[3])
        right, bottom = self.to_poster(self.shown[2], self.shown[1])
        return (left, top, right, bottom)


def _image_and_clip(reader: PdfReader, number: int) -> tuple[Box, Box]:
    """The one image's box and the clip it is drawn through, by following the operators."""
    page = reader.pages[number]
    ctm, clip = IDENTITY, tuple(float(v) for v in page.mediabox)
    stack: list[tuple[Matrix, tuple[float, ...]]] = []
    pending: tuple[float, ...] | None = None
    found = []
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"q":
            stack.append((ctm, clip))
        elif operator == b"Q":
            ctm, clip = stack.pop()
        elif operator == b"cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif operator == b"re":
            x, y, w, h = (float(v) for v in operands)
            (x0, y0), (x1, y1) = apply(ctm, x, y), apply(ctm, x + w, y + h)
            pending = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        elif operator in (b"W", b"W*") and pending is not None:
            clip = intersect(clip, pending)  # type: ignore[arg-type]
        elif operator == b"Do":
            (x0, y0), (x1, y1) = apply(ctm, 0, 0), apply(ctm, 1, 1)
            found.append(((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), clip))
    assert len(found) == 1, found  # one image a page: the board
    image, clip = found[0]
    return image, clip  # type: ignore[return-value]


def _crosses(page: pdfplumber.page.Page, arm: float) -> list[tuple[float, float]]:
    """Centres of the + marks: a horizontal and a vertical line of length `arm`, crossing
    at their middles."""
    flat = [ln for ln in page.lines if abs(float(ln["y0"]) - float(ln["y1"])) < 0.01]
    upright = [ln for ln in page.lines if abs(float(ln["x0"]) - float(ln["x1"])) < 0.01]
    centres = []
    for h in flat:
        if abs(float(h["x1"]) - float(h["x0"]) - arm) > 0.05:
            continue
        cx, cy = (float(h["x0"]) + float(h["x1"])) / 2, float(h["y0"])
        matched = [
            v
            for v in upright
            if abs(float(v["x0"]) - cx) < 0.01
            and abs((float(v["y0"]) + float(v["y1"])) / 2 - cy) < 0.01
            and abs(float(v["y1"]) - float(v["y0"]) - arm) < 0.05
        ]
        assert len(matched) == 1, (h, matched)
        centres.append((cx, cy))
    return sorted(centres)


NAME = re.compile(r"page ([A-Z])(\d+) of")


def read_poster(pdf: Path, arm: float) -> list[PosterPage]:
    reader = PdfReader(pdf)
    pages = []
    with pdfplumber.open(pdf) as document:
        for number, page in enumerate(document.pages):
            text = page.extract_text() or ""
            found = NAME.search(text)
            assert found, text
            image, clip = _image_and_clip(reader, number)
            media = tuple(float(v) for v in reader.pages[number].mediabox)
            shown = intersect(intersect(image, clip), media)  # type: ignore[arg-type]
            pages.append(
                PosterPage(
                    found[1] + found[2],
                    text,
                    media,  # type: ignore[arg-type]
                    image,
                    clip,
                    shown,
                    _crosses(page, arm),
                )
            )
    return pages
