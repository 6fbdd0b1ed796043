"""What a PDF shows, read with pdfplumber and pypdf: each image placed on each page, named
by the PNG whose pixels it holds (the decoded image stream compared with the PNG's
pixels), never by asking cardgen where it put it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from pypdf import PdfReader

from tests.oracles.games import rgb


@dataclass(frozen=True, slots=True)
class Placed:
    """An image drawn on a page, in PDF points (origin bottom left)."""

    page: int
    x0: float
    y0: float
    x1: float
    y1: float
    shows: str
    """The name of the PNG whose pixels the image holds."""
    pixels: tuple[int, int]

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    @property
    def size(self) -> tuple[float, float]:
        return (self.x1 - self.x0, self.y1 - self.y0)


def pixel_names(pngs: Mapping[str, Path]) -> dict[bytes, str]:
    """name -> PNG, as RGB pixels -> name (each distinct look once)."""
    return {rgb(path).tobytes(): name for name, path in pngs.items()}


def placements(pdf: Path, names: Mapping[bytes, str]) -> list[list[Placed]]:
    """Per page, every image drawn on it and which PNG it is (an image that is none of
    them fails the test)."""
    reader = PdfReader(pdf)
    shown: dict[int, tuple[str, tuple[int, int]]] = {}
    pages: list[list[Placed]] = []
    with pdfplumber.open(pdf) as document:
        for number, page in enumerate(document.pages):
            found = []
            for image in page.images:
                objid = image["stream"].objid
                if objid not in shown:
                    xobject = reader.get_object(objid)
                    data = xobject.get_data()  # decoded: the image's exact pixels
                    assert data in names, f"page {number + 1}: an image that is no card PNG"
                    shown[objid] = (names[data], (int(xobject["/Width"]), int(xobject["/Height"])))
                what, size = shown[objid]
                found.append(
                    Placed(
                        number,
                        float(image["x0"]),
                        float(image["y0"]),
                        float(image["x1"]),
                        float(image["y1"]),
                        what,
                        size,
                    )
                )
            pages.append(found)
    return pages


def at(images: list[Placed], point: tuple[float, float], tolerance: float = 0.05) -> Placed:
    """The one image centred on `point`."""
    here = [
        i
        for i in images
        if abs(i.centre[0] - point[0]) <= tolerance and abs(i.centre[1] - point[1]) <= tolerance
    ]
    assert len(here) == 1, (point, [i.centre for i in images])
    return here[0]
