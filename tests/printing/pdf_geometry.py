"""What a print-and-play page holds, read back from the PDF without asking cardgen: each
image's placement matrix and clipping box (from the content stream, with pypdf), the
stroked lines by colour and width, the characters' boxes and the ruler (with pdfplumber).
The print-and-play sheets' tests and the board posters' (`tests/oracles/poster_read.py`)
read images through the same `drawn_images`."""

from __future__ import annotations

from dataclasses import dataclass

import pdfplumber
from pypdf import PdfReader
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in points from the bottom left."""


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF order: a point goes through m first)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (
        a * p + b * r,
        a * q + b * s,
        c * p + d * r,
        c * q + d * s,
        e * p + f * r + t,
        e * q + f * s + u,
    )


def apply(m: Matrix, u: float, v: float) -> tuple[float, float]:
    """Where (u, v) of an image's unit square lands on the page."""
    a, b, c, d, e, f = m
    return (a * u + c * v + e, b * u + d * v + f)


def intersect(a: Box, b: Box) -> Box:
    """The part two boxes share (x0 > x1 or y0 > y1 when they share none)."""
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


@dataclass(frozen=True)
class Drawn:
    """An image drawn on a page: its XObject name, matrix and the clipping box in force."""

    name: str
    matrix: Matrix
    clip: Box | None

    @property
    def box(self) -> Box:
        """The image's bounding box on the page."""
        corners = [apply(self.matrix, u, v) for u in (0, 1) for v in (0, 1)]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        return (min(xs), min(ys), max(xs), max(ys))


def drawn_images(reader: PdfReader, number: int) -> list[Drawn]:
    """Every image of page `number`, as the content stream places and clips it (nested
    clips intersect, `Q` restores the clip of its `q`)."""
    page = reader.pages[number]
    content = ContentStream(page.get_contents(), reader)
    ctm: Matrix = (1, 0, 0, 1, 0, 0)
    clip: Box | None = None
    stack: list[tuple[Matrix, Box | None]] = []
    pending: Box | None = None
    found = []
    for operands, operator in content.operations:
        if operator == b"q":
            stack.append((ctm, clip))
        elif operator == b"Q":
            ctm, clip = stack.pop()
        elif operator == b"cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif operator == b"re":
            x, y, w, h = (float(v) for v in operands)
            corners = [apply(ctm, x + i * w, y + j * h) for i in (0, 1) for j in (0, 1)]
            pending = (
                min(p[0] for p in corners),
                min(p[1] for p in corners),
                max(p[0] for p in corners),
                max(p[1] for p in corners),
            )
        elif operator in (b"W", b"W*") and pending is not None:
            clip = pending if clip is None else intersect(clip, pending)
        elif operator == b"Do":
            found.append(Drawn(str(operands[0]), ctm, clip))
    return found


@dataclass(frozen=True)
class Stroke:
    """A straight stroked line: ends, grey, width (points from the bottom left)."""

    x0: float
    y0: float
    x1: float
    y1: float
    grey: float
    width: float

    @property
    def box(self) -> Box:
        """The ink the line lays down, its width included."""
        half = self.width / 2
        return (
            min(self.x0, self.x1) - half * (self.x0 == self.x1),
            min(self.y0, self.y1) - half * (self.y0 == self.y1),
            max(self.x0, self.x1) + half * (self.x0 == self.x1),
            max(self.y0, self.y1) + half * (self.y0 == self.y1),
        )


def grey_of(colour: object) -> float:
    """A stroking colour as one grey value (pdfplumber gives a number or a tuple)."""
    if isinstance(colour, (tuple, list)):
        return float(colour[0]) if len(colour) == 1 else -1.0
    return float(colour) if colour is not None else 0.0


def page_ink(pdf: pdfplumber.PDF, number: int) -> tuple[list[Stroke], list[Box]]:
    """The lines of a page and the boxes of its characters."""
    page = pdf.pages[number]
    h = float(page.height)
    lines = [
        Stroke(
            float(line["x0"]),
            h - float(line["top"]),
            float(line["x1"]),
            h - float(line["bottom"]),
            grey_of(line.get("stroking_color")),
            float(line["linewidth"]),
        )
        for line in page.lines
    ]
    chars = [
        (float(c["x0"]), h - float(c["bottom"]), float(c["x1"]), h - float(c["top"]))
        for c in page.chars
        if c["text"].strip()
    ]
    return lines, chars


def overlaps(a: Box, b: Box, tolerance: float = 0.01) -> bool:
    """Whether two boxes share more than a hair of area."""
    return (
        min(a[2], b[2]) - max(a[0], b[0]) > tolerance
        and min(a[3], b[3]) - max(a[1], b[1]) > tolerance
    )
