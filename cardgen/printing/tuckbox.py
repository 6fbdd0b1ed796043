"""A tuck box as a flat template to cut, fold and glue around a deck: the geometry (a pure
function of the deck's size, returning typed panels) and its drawing with ReportLab.

Left to right the body is a glue tab, the front, a side, the back and the other side; the
back carries the bottom below it and the lid with its tuck tab above it; each side has a
dust flap at the top and the bottom, and the front a glue flap below it (glued under the
bottom) and a thumb notch in its top edge. Cut lines are solid black, fold lines dashed
grey, glue areas grey with "glue" written on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.printing.pdf import FONT, FONT_BOLD, draw_card_image
from cardgen.printing.sheets import Rect

Role = Literal["face", "flap", "glue"]
Edge = Literal["left", "right", "bottom", "top"]
GLUE_TAB: float = 10 * mm
"""How wide the glue tab along the front's left edge is (at most the front's width)."""
TUCK_MAX: float = 15 * mm
FLAP_SHARE = 0.8
"""A dust flap's or the front's glue flap's height, as a share of the box's depth."""
CUT_WIDTH = 0.5
FOLD_WIDTH = 0.5
FOLD_GREY = 0.45
FOLD_DASH = (3, 2)


@dataclass(frozen=True, slots=True)
class Panel:
    """One part of the template: its name, where it lies (pt, from the template's lower
    left corner), whether it is a face of the box, a flap or a glue area, and the edges
    it folds along (the others are cut)."""

    name: str
    rect: Rect
    role: Role
    folds: tuple[Edge, ...]


@dataclass(frozen=True, slots=True)
class TuckTemplate:
    """A tuck box's flat template: the box's inside (width, height, depth) and its panels."""

    width: float
    """The inside width: the cards' width and a clearance on each side (pt)."""
    height: float
    depth: float
    panels: tuple[Panel, ...]
    notch: float
    """The thumb notch's radius, cut into the middle of the front's top edge."""

    @property
    def size(self) -> tuple[float, float]:
        """The template's whole width and height (pt)."""
        right = max(p.rect.right for p in self.panels)
        top = max(p.rect.top for p in self.panels)
        return right, top

    def panel(self, name: str) -> Panel:
        """The panel called `name`."""
        return next(p for p in self.panels if p.name == name)


def tuck_template(width: float, height: float, depth: float) -> TuckTemplate:
    """The template of a box whose inside is `width` x `height` x `depth` (pt)."""
    glue = min(GLUE_TAB, width)
    tuck = min(TUCK_MAX, height / 4)
    flap = FLAP_SHARE * depth
    front_x = glue
    side1_x = front_x + width
    back_x = side1_x + depth
    side2_x = back_x + width
    body_y = depth
    top_y = body_y + height
    panels = (
        Panel("glue tab", Rect(0, body_y, glue, height), "glue", ("right",)),
        Panel("front", Rect(front_x, body_y, width, height), "face", ("left", "right", "bottom")),
        Panel(
            "side", Rect(side1_x, body_y, depth, height), "face", ("left", "right", "bottom", "top")
        ),
        Panel(
            "back", Rect(back_x, body_y, width, height), "face", ("left", "right", "bottom", "top")
        ),
        Panel("side 2", Rect(side2_x, body_y, depth, height), "face", ("left", "bottom", "top")),
        Panel("bottom", Rect(back_x, 0, width, depth), "face", ("top",)),
        Panel("lid", Rect(back_x, top_y, width, depth), "face", ("bottom", "top")),
        Panel("tuck tab", Rect(back_x, top_y + depth, width, tuck), "flap", ("bottom",)),
        Panel("bottom glue flap", Rect(front_x, body_y - flap, width, flap), "glue", ("top",)),
        Panel("dust flap", Rect(side1_x, body_y - flap, depth, flap), "flap", ("top",)),
        Panel("dust flap 2", Rect(side2_x, body_y - flap, depth, flap), "flap", ("top",)),
        Panel("top dust flap", Rect(side1_x, top_y, depth, flap), "flap", ("bottom",)),
        Panel("top dust flap 2", Rect(side2_x, top_y, depth, flap), "flap", ("bottom",)),
    )
    return TuckTemplate(width, height, depth, panels, min(8 * mm, width / 6, height / 6))


def _edge(rect: Rect, edge: Edge) -> tuple[float, float, float, float]:
    return {
        "left": (rect.x, rect.y, rect.x, rect.top),
        "right": (rect.right, rect.y, rect.right, rect.top),
        "bottom": (rect.x, rect.y, rect.right, rect.y),
        "top": (rect.x, rect.top, rect.right, rect.top),
    }[edge]


def _fills(canvas: Canvas, template: TuckTemplate, color: str, x: float, y: float) -> None:
    """Each panel filled: faces and flaps in the box's colour, glue areas grey."""
    for panel in template.panels:
        r = panel.rect.shifted(x, y)
        canvas.saveState()
        if panel.role == "glue":
            canvas.setFillGray(0.82)
        else:
            canvas.setFillColor(color)
        canvas.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)
        if panel.role == "glue":
            canvas.setFillGray(0.3)
            canvas.setFont(FONT, min(7.0, r.h * 0.5, r.w * 0.25))
            canvas.drawCentredString(r.x + r.w / 2, r.y + r.h / 2 - 2, "glue")
        canvas.restoreState()


def _texts(canvas: Canvas, template: TuckTemplate, texts: BoxTexts, x: float, y: float) -> None:
    """The label up both sides, and the back's lines."""
    canvas.saveState()
    canvas.setFillColor(texts.ink)
    for name in ("side", "side 2"):
        r = template.panel(name).rect.shifted(x, y)
        size = min(10.0, r.w * 0.5)
        canvas.saveState()
        canvas.translate(r.x + r.w / 2 + size * 0.35, r.y + r.h / 2)
        canvas.rotate(90)
        canvas.setFont(FONT_BOLD, size)
        canvas.drawCentredString(0, 0, texts.label)
        canvas.restoreState()
    back = template.panel("back").rect.shifted(x, y)
    canvas.setFont(FONT_BOLD, 11)
    canvas.drawCentredString(back.x + back.w / 2, back.y + back.h * 0.6, texts.game)
    canvas.setFont(FONT, 8)
    for n, line in enumerate(texts.back_lines):
        canvas.drawCentredString(back.x + back.w / 2, back.y + back.h * 0.6 - 14 - 10 * n, line)
    canvas.restoreState()


@dataclass(frozen=True, slots=True)
class BoxTexts:
    """What a box's faces say and in which colours: its colour and ink, the label (up the
    sides), the game's name and lines on the back, and the front's image (trim + bleed)."""

    color: str
    ink: str
    label: str
    game: str
    back_lines: tuple[str, ...]
    front: Path
    front_bleed: float
    """The front image's bleed on each side (pt, at the front's size)."""


def draw_template(
    canvas: Canvas, template: TuckTemplate, texts: BoxTexts, x: float, y: float
) -> None:
    """The template with its lower left corner at (x, y): filled panels, the front's
    image, the texts, then the fold lines (dashed) and the cut lines (solid)."""
    _fills(canvas, template, texts.color, x, y)
    front = template.panel("front").rect.shifted(x, y)
    draw_card_image(canvas, texts.front, front.x, front.y, front.w, front.h, texts.front_bleed)
    _texts(canvas, template, texts, x, y)
    folds = {_edge(p.rect.shifted(x, y), e) for p in template.panels for e in p.folds}
    canvas.saveState()
    canvas.setStrokeGray(FOLD_GREY)
    canvas.setLineWidth(FOLD_WIDTH)
    canvas.setDash(*FOLD_DASH)
    for x0, y0, x1, y1 in sorted(folds):
        canvas.line(x0, y0, x1, y1)
    canvas.restoreState()
    _cuts(canvas, template, folds, x, y)


def _cuts(
    canvas: Canvas,
    template: TuckTemplate,
    folds: set[tuple[float, float, float, float]],
    x: float,
    y: float,
) -> None:
    """Every panel edge that is no fold, solid; the front's top edge with its notch."""
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setLineWidth(CUT_WIDTH)
    front = template.panel("front").rect.shifted(x, y)
    notched = _edge(front, "top")
    for panel in template.panels:
        rect = panel.rect.shifted(x, y)
        for edge in ("left", "right", "bottom", "top"):
            line = _edge(rect, edge)
            if line not in folds and line != notched:
                canvas.line(*line)
    middle, r = front.x + front.w / 2, template.notch
    path = canvas.beginPath()
    path.moveTo(front.x, front.top)
    path.lineTo(middle - r, front.top)
    path.arcTo(middle - r, front.top - r, middle + r, front.top + r, startAng=180, extent=180)
    path.lineTo(front.right, front.top)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()
