"""Paper for print-and-play sheets: the named sizes (ISO A4 and A3, ANSI Letter, Legal and
Tabloid, exact in points) and custom sizes written `WxH` with a unit (`210x297mm`,
`8.5x11in`, `612x792pt`, `21x29.7cm`), read into one canonical name.

A paper is a sheet, not a way round: `297x210mm` is the A4-sized sheet `210x297mm`, held
portrait (its short side across) until `--orientation` turns it. A name that is neither
is refused with the names it may have meant (`leter`: did you mean "letter"?).
"""

from __future__ import annotations

import re
from typing import Literal

from reportlab.lib.pagesizes import A3, A4, LEGAL, TABLOID, letter

from cardgen.errors import CardgenError
from cardgen.fuzzy import did_you_mean

NAMED: dict[str, tuple[float, float]] = {
    "a4": A4,
    "a3": A3,
    "letter": letter,
    "legal": LEGAL,
    "tabloid": TABLOID,
}
"""The named papers, portrait, in points: A4 210 x 297 mm, A3 297 x 420 mm, Letter
8.5 x 11 in, Legal 8.5 x 14 in, Tabloid 11 x 17 in."""
UNITS: dict[str, float] = {"mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72.0, "pt": 1.0}
"""Points per unit of a custom paper's size."""
SMALLEST_MM = 25.0
LARGEST_MM = 1500.0
"""A custom paper's sides, from 25 mm (less leaves nothing inside the 6 mm margins) to
1.5 m (wider than the largest roll a plotter takes; A0 is 841 x 1189 mm)."""
CUSTOM = re.compile(r"(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)(mm|cm|in|pt)")
Orientation = Literal["auto", "portrait", "landscape"]


def _custom(width: str, height: str, unit: str) -> str:
    """The canonical name of a custom size: short side first, numbers as short as they go."""
    low, high = sorted((float(width), float(height)))
    return f"{low:g}x{high:g}{unit}"


def paper_name(text: str) -> str:
    """The canonical name of the paper `text` names (`A4` -> `a4`, `297 x 210 mm` ->
    `210x297mm`); a name that is none, or a size out of bounds, is a one-line error."""
    key = re.sub(r"\s+", "", text.casefold())
    if key in NAMED:
        return key
    found = CUSTOM.fullmatch(key)
    choices = f"{', '.join(NAMED)}, or a size such as 210x297mm, 8.5x11in or 612x792pt"
    if found is None:
        if re.fullmatch(r"\d+(\.\d+)?x\d+(\.\d+)?", key):
            raise CardgenError(
                f'--paper "{text}": a size needs its unit (mm, cm, in or pt);'
                f' did you mean "{key}mm"?'
            )
        hint = did_you_mean(key, NAMED)
        raise CardgenError(f'--paper "{text}": not a paper{hint} (papers: {choices})')
    name = _custom(*found.groups())
    width, height = paper_size(name)
    if width < SMALLEST_MM * UNITS["mm"] - 1e-9 or height > LARGEST_MM * UNITS["mm"] + 1e-9:
        raise CardgenError(
            f'--paper "{text}": a side of {width / UNITS["mm"]:g} x {height / UNITS["mm"]:g} mm'
            f" is out of bounds (each side {SMALLEST_MM:g} to {LARGEST_MM:g} mm)"
        )
    return name


def paper_size(paper: str) -> tuple[float, float]:
    """The portrait size in points of a paper by its canonical name (see `paper_name`)."""
    if paper in NAMED:
        return NAMED[paper]
    found = CUSTOM.fullmatch(paper)
    if found is None:
        raise CardgenError(f'--paper "{paper}": not a paper{did_you_mean(paper, NAMED)}')
    width, height, unit = found.groups()
    low, high = sorted((float(width), float(height)))
    return (low * UNITS[unit], high * UNITS[unit])


def turned(
    size: tuple[float, float], orientation: Literal["portrait", "landscape"]
) -> tuple[float, float]:
    """A portrait paper's page size held `orientation`: landscape puts its long side across."""
    width, height = size
    return (height, width) if orientation == "landscape" else (width, height)


def paper_label(paper: str) -> str:
    """How a PDF's subject names the paper: `A4`, `LETTER`, `210x297mm`."""
    return paper.upper() if paper in NAMED else paper
