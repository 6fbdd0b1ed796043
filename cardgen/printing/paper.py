"""Paper for print-and-play sheets: the named sizes (ISO A4 and A3, ANSI Letter, Legal and
Tabloid, exact in points) and custom sizes written `WxH` with a unit (`210x297mm`,
`8.5x11in`, `612x792pt`, `21x29.7cm`), read into one canonical name.

The named papers are data (`cardgen/print_presets/papers.yaml`), and a project adds its
own, one file a paper in its `papers/` folder (`printing.presets`): resolved by
`paper_name` with the project's folder, a project paper is known by its name to
`paper_size` and `paper_label` for the rest of the process.

A paper is a sheet, not a way round: `297x210mm` is the A4-sized sheet `210x297mm`, held
portrait (its short side across) until `--orientation` turns it. A name that is neither
is refused with the names it may have meant (`leter`: did you mean "letter"?).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from cardgen.errors import CardgenError
from cardgen.fuzzy import did_you_mean
from cardgen.printing.presets import builtin_papers, paper_points, project_papers

NAMED: dict[str, tuple[float, float]] = {
    name: paper_points(spec) for name, spec in builtin_papers().items()
}
"""The built-in papers, portrait, in points (`cardgen/print_presets/papers.yaml`): A4
210 x 297 mm, A3 297 x 420 mm, Letter 8.5 x 11 in, Legal 8.5 x 14 in, Tabloid 11 x 17 in."""
OWN: dict[str, tuple[tuple[float, float], str]] = {}
"""The project papers this process has resolved (`paper_name` with a project), by name:
their size in points and their label."""
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


def paper_name(text: str, project_root: Path | None = None) -> str:
    """The canonical name of the paper `text` names (`A4` -> `a4`, `297 x 210 mm` ->
    `210x297mm`, or a paper of the project's `papers/` folder); a name that is none, or a
    size out of bounds, is a one-line error."""
    key = re.sub(r"\s+", "", text.casefold())
    if key in NAMED:
        return key
    own = project_papers(project_root)
    if key in own:
        OWN[key] = (_in_bounds(text, paper_points(own[key])), own[key].label or key.upper())
        return key
    found = CUSTOM.fullmatch(key)
    named = ", ".join([*NAMED, *own])
    choices = f"{named}, or a size such as 210x297mm, 8.5x11in or 612x792pt"
    if found is None:
        if re.fullmatch(r"\d+(\.\d+)?x\d+(\.\d+)?", key):
            raise CardgenError(
                f'--paper "{text}": a size needs its unit (mm, cm, in or pt);'
                f' did you mean "{key}mm"?'
            )
        hint = did_you_mean(key, [*NAMED, *own])
        raise CardgenError(f'--paper "{text}": not a paper{hint} (papers: {choices})')
    name = _custom(*found.groups())
    _in_bounds(text, paper_size(name))
    return name


def _in_bounds(text: str, size: tuple[float, float]) -> tuple[float, float]:
    """A paper's portrait size in points, when each side is within the bounds."""
    width, height = size
    if width < SMALLEST_MM * UNITS["mm"] - 1e-9 or height > LARGEST_MM * UNITS["mm"] + 1e-9:
        raise CardgenError(
            f'--paper "{text}": a side of {width / UNITS["mm"]:g} x {height / UNITS["mm"]:g} mm'
            f" is out of bounds (each side {SMALLEST_MM:g} to {LARGEST_MM:g} mm)"
        )
    return size


def paper_size(paper: str) -> tuple[float, float]:
    """The portrait size in points of a paper by its canonical name (see `paper_name`)."""
    if paper in NAMED:
        return NAMED[paper]
    if paper in OWN:
        return OWN[paper][0]
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
    if paper in OWN:
        return OWN[paper][1]
    return paper.upper() if paper in NAMED else paper


def own_paper(paper: str) -> list[object]:
    """A project paper's numbers, for a key of what is printed on it (its file may change
    them under the same name); nothing for any other paper."""
    return [OWN[paper]] if paper in OWN else []
