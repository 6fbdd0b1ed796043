"""Where a layout's elements lie on the card: inside the canvas, cut by its edge, or off it.

The canvas is the trim plus its bleed on every side; the safe zone is the trim less its
`safe` margin. Boxes are in pixels from the canvas's top-left corner (as drawn); messages
give millimetres from the trim's top-left corner, as layouts measure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from cardgen.model.layout import (
    HelperElement,
    IconElement,
    ImageElement,
    LineElement,
    PolygonElement,
    RectElement,
    TextElement,
)
from cardgen.render.card import Canvas

Box = tuple[float, float, float, float]
Placement = Literal["inside", "partly", "outside"]
TOLERANCE = 0.5
"""Pixels an edge may pass a limit by (rounding of lengths such as `100% + 0.125in`)."""


def extent(element: Any, canvas: Canvas) -> Box | None:
    """The box an element draws in, in canvas pixels; None for a rectangle that covers the
    whole canvas (`bleed: true`). Lines and polygons with points: the points' box (and a
    line's width); an icon: the square it is drawn in, centred in its box."""
    x0, y0, x1, y1 = canvas.box(element)
    if isinstance(element, RectElement) and element.bleed:
        return None
    points = getattr(element, "points", None)
    if isinstance(element, LineElement | PolygonElement) and points:
        xs = [x0 + canvas.x(px) for px, _ in points]
        ys = [y0 + canvas.y(py) for _, py in points]
        half = canvas.x(element.stroke_width) / 2 if isinstance(element, LineElement) else 0.0
        return (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)
    if isinstance(element, IconElement):
        side = min(x1 - x0, y1 - y0)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        return (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2)
    return (x0, y0, x1, y1)


def placement(box: Box, limits: Box) -> Placement:
    """Whether `box` lies inside `limits`, partly outside them, or wholly outside."""
    x0, y0, x1, y1 = box
    left, top, right, bottom = limits
    t = TOLERANCE
    if x0 >= left - t and y0 >= top - t and x1 <= right + t and y1 <= bottom + t:
        return "inside"
    if x0 < right - t and x1 > left + t and y0 < bottom - t and y1 > top + t:
        return "partly"
    return "outside"


def overhang(box: Box, limits: Box) -> dict[str, float]:
    """How far `box` reaches past each side of `limits`, in pixels (sides it passes only)."""
    over = {
        "left": limits[0] - box[0],
        "top": limits[1] - box[1],
        "right": box[2] - limits[2],
        "bottom": box[3] - limits[3],
    }
    return {side: px for side, px in over.items() if px > TOLERANCE}


def canvas_box(canvas: Canvas) -> Box:
    """The trim and its bleed (the image is this, rounded to whole pixels)."""
    return (0.0, 0.0, canvas.trim_w + 2 * canvas.bleed, canvas.trim_h + 2 * canvas.bleed)


def safe_box(canvas: Canvas) -> Box:
    """The trim less its safe margin."""
    inset = canvas.bleed + canvas.safe
    right = canvas.bleed + canvas.trim_w - canvas.safe
    return (inset, inset, right, canvas.bleed + canvas.trim_h - canvas.safe)


@dataclass(frozen=True, slots=True)
class Misplaced:
    """An element that does not keep to where it should: its code, severity and message."""

    code: str
    check: str
    severity: Literal["error", "warning"]
    message: str


_CUT: dict[type[Any], str] = {
    TextElement: "its text is cut off there",
    ImageElement: "the picture is cut off there",
    IconElement: "the icon is cut off there",
    HelperElement: "its drawing is cut off there",
}
"""Elements whose content a designer means to see whole; cut text is an error, the rest a
warning. Shapes and lines often run off the card on purpose (bands, corners, splashes)."""


def _mm(px: float, canvas: Canvas) -> str:
    return f"{px * 25.4 / canvas.dpi:.1f}"


def describe(canvas: Canvas) -> str:
    """The card's size as a designer wrote it, in millimetres."""
    shape = " (landscape)" if canvas.trim_w > canvas.trim_h else ""
    return (
        f"the card is {_mm(canvas.trim_w, canvas)} x {_mm(canvas.trim_h, canvas)} mm{shape}"
        f" with {_mm(canvas.bleed, canvas)} mm bleed"
    )


def _reaches(over: dict[str, float], canvas: Canvas) -> str:
    return " and ".join(f"{_mm(px, canvas)} mm past the {side}" for side, px in over.items())


def misplaced(name: str, element: Any, canvas: Canvas) -> Misplaced | None:
    """What is wrong with where an element lies on the canvas, if anything: off the canvas
    (SC504), cut by its edge (SC505), text outside the safe zone (SC506)."""
    box = extent(element, canvas)
    if box is None:
        return None
    label = f"element {name} ({element.kind})"
    where = placement(box, canvas_box(canvas))
    if where == "outside":
        shift = canvas.bleed
        across = f"{_mm(box[0] - shift, canvas)} to {_mm(box[2] - shift, canvas)} mm across"
        down = f"{_mm(box[1] - shift, canvas)} to {_mm(box[3] - shift, canvas)} mm down"
        return Misplaced(
            "SC504",
            "layout-outside",
            "error",
            f"{label} lies wholly outside the canvas ({across}, {down} from the trim's top-left"
            f" corner; {describe(canvas)}): nothing of it is drawn",
        )
    if where == "partly":
        cut = next((text for kind, text in _CUT.items() if isinstance(element, kind)), None)
        if cut is None:
            return None
        over = overhang(box, canvas_box(canvas))
        return Misplaced(
            "SC505",
            "layout-cut-off",
            "error" if isinstance(element, TextElement) else "warning",
            f"{label} reaches {_reaches(over, canvas)} edge of the canvas"
            f" ({describe(canvas)}): {cut}",
        )
    if isinstance(element, TextElement) and placement(box, safe_box(canvas)) != "inside":
        over = overhang(box, safe_box(canvas))
        return Misplaced(
            "SC506",
            "layout-safe-zone",
            "warning",
            f"{label} reaches {_reaches(over, canvas)} edge of the safe zone"
            f" ({_mm(canvas.safe, canvas)} mm inside the trim): a cut a little off may trim it",
        )
    return None
