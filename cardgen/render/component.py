"""The faces of a game's components as images: a token's faces (from its layouts and an
item's values, or its label in `ink` on `color`), a die's faces (text, an icon of the
game's layouts, or an image), a layout-drawn board or mat, and a tuck box's front (its
`art`, or its label and the game's name); and a mask token's outline, traced from the
alpha of its mask.

A face with no layout of its own is drawn through a layout made here, so its text is set,
shrunk to fit and drawn as a card's is. Rendering returns images; only writers touch the
disk.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from cardgen.load.art_paths import resolve_art
from cardgen.load.layouts import LayoutSet
from cardgen.model.components import BoardComponent, Die, DieFace, Token, TokenItem, TuckBox
from cardgen.model.layout import IconSpec, Layout
from cardgen.model.units import component_size, parse_length
from cardgen.render.art import load_art
from cardgen.render.card import render_face

PLAIN_DPI = 300
"""The resolution of a face drawn without a layout of its own (the cards' own)."""
PLAIN_BLEED_MM = 1.5
HEX_RATIO = 2 / math.sqrt(3)
"""A pointy-top hexagon's height (point to point) over its width (flat to flat)."""
OUTLINE_ROWS = 96
"""How many rows of a mask the traced outline follows."""


@dataclass(frozen=True, slots=True)
class Drawn:
    """One face as drawn: the image (trim + bleed), its resolution and its bleed (mm)."""

    image: Image.Image
    dpi: int
    bleed_mm: float

    def trimmed(self) -> Image.Image:
        """The face cut to its trim, in RGB (the bleed is for printers)."""
        edge = round(self.bleed_mm * self.dpi / 25.4)
        box = (edge, edge, self.image.width - edge, self.image.height - edge)
        return self.image.crop(box).convert("RGB")

    @property
    def trim_mm(self) -> tuple[float, float]:
        """The trim's width and height in mm."""
        per_mm = self.dpi / 25.4
        return (
            self.image.width / per_mm - 2 * self.bleed_mm,
            self.image.height / per_mm - 2 * self.bleed_mm,
        )


@dataclass(frozen=True, slots=True)
class Drawing:
    """What a face is drawn with: the game's layouts, its name and its folders."""

    layouts: LayoutSet
    game: str
    project_root: Path
    game_folder: Path
    language: str = "en"

    def face(self, layout: Layout, values: dict[str, Any], label: str) -> Drawn:
        """`layout` drawn with `values`."""
        image, _ = render_face(
            layout,
            values,
            subject=None,
            project_root=self.project_root,
            game_folder=self.game_folder,
            label=label,
            language=self.language,
        )
        return Drawn(image, layout.dpi, parse_length(layout.bleed).inches() * 25.4)

    def icons(self) -> dict[str, IconSpec]:
        """Every icon the game's own layouts name, for a die's faces."""
        found: dict[str, IconSpec] = {}
        for name, layout in sorted(self.layouts.layouts.items()):
            if not name.startswith("builtin:"):
                found.update(layout.icons)
        return found


def _text(text: str, color: str, top: str = "20%", height: str = "60%", size: float = 28) -> Any:
    return {
        "kind": "text",
        "x": "8%",
        "y": top,
        "width": "84%",
        "height": height,
        "text": text,
        "size": size,
        "min_size": 3,
        "align": "center",
        "valign": "middle",
        "bold": True,
        "color": color,
    }


def plain_layout(
    name: str,
    size_mm: tuple[float, float],
    background: str,
    elements: dict[str, Any],
    icons: dict[str, IconSpec] | None = None,
) -> Layout:
    """A layout made here for a face the game draws no layout for."""
    return Layout.model_validate(
        {
            "name": name,
            "size": f"{size_mm[0]:g}mm x {size_mm[1]:g}mm",
            "dpi": PLAIN_DPI,
            "bleed": f"{PLAIN_BLEED_MM}mm",
            "background": background,
            "icons": icons or {},
            "elements": elements,
        }
    )


def token_extent(token: Token) -> tuple[float, float]:
    """The width and height (mm) of a token's cut line: its size, a hexagon's height
    point to point (its size is flat side to flat side)."""
    width, height = component_size(token.size)
    return (width, width * HEX_RATIO) if token.shape == "hex" else (width, height)


def token_values(token: Token, item: TokenItem, game: str) -> dict[str, Any]:
    """The values a token's face layouts read: the item's, its `name` (default: the
    token's label), `label` and `game`."""
    return {"name": token.label, "label": token.label, "game": game, **item.values}


def token_faces(token: Token, item: TokenItem, drawing: Drawing) -> tuple[Drawn, Drawn]:
    """A design's front and back: each from its layout, else its name in `ink` on
    `color` (the front) or plain `color` (the back of a one-sided token)."""
    values = token_values(token, item, drawing.game)
    name = str(values["name"])
    extent = token_extent(token)
    found = []
    for side, layout_name in (("front", token.front), ("back", token.back)):
        if layout_name is not None:
            found.append(drawing.face(drawing.layouts.layouts[layout_name], values, name))
            continue
        shown = {"name": _text(name, token.ink)} if side == "front" else {}
        plain = plain_layout(f"{token.id}-{side}", extent, token.color, shown)
        found.append(drawing.face(plain, values, name))
    return found[0], found[1]


def die_faces(die: Die, drawing: Drawing) -> list[Drawn]:
    """Each face of a die, square at its size: its text, icon or image on its colour."""
    edge = parse_length(die.size).inches() * 25.4
    icons = drawing.icons()
    return [
        drawing.face(
            plain_layout(f"{die.id}-{n}", (edge, edge), die.color, _die_elements(face, die), icons),
            {"name": face.text, "label": die.label, "game": drawing.game},
            f"{die.label} face {n}",
        )
        for n, face in enumerate(die.all_faces(), start=1)
    ]


def _die_elements(face: DieFace, die: Die) -> dict[str, Any]:
    if face.image is not None:
        return {
            "image": {
                "kind": "image",
                "x": "10%",
                "y": "10%",
                "width": "80%",
                "height": "80%",
                "src": face.image,
                "fit": "contain",
            }
        }
    if face.icon is not None:
        return {"icon": _text("{" + face.icon + "}", die.ink, "15%", "70%", 40)}
    return {"text": _text(face.text.replace("{", "{{").replace("}", "}}"), die.ink)}


def board_face(board: BoardComponent, drawing: Drawing) -> Drawn:
    """A board or mat drawn from its layout with its values, at its size."""
    assert board.layout is not None
    values = {"name": board.label, "label": board.label, "game": drawing.game, **board.values}
    return drawing.face(drawing.layouts.layouts[board.layout], values, board.label)


def tuckbox_front(box: TuckBox, size_mm: tuple[float, float], drawing: Drawing) -> Drawn:
    """A tuck box's front at `size_mm`: its `art` (covering the face), else its label and
    the game's name in `ink` on `color`."""
    if box.art is not None:
        elements: dict[str, Any] = {
            "art": {
                "kind": "image",
                "x": 0,
                "y": 0,
                "width": "100%",
                "height": "100%",
                "src": box.art,
                "fit": "cover",
            }
        }
    else:
        elements = {
            "label": _text("{label}", box.ink, "30%", "20%", 18),
            "game": _text("{game}", box.ink, "55%", "12%", 10),
        }
    layout = plain_layout(f"{box.id}-front", size_mm, box.color, elements)
    return drawing.face(
        layout, {"name": box.label, "label": box.label, "game": drawing.game}, box.label
    )


def mask_outline(
    mask: str, game_folder: Path, project_root: Path
) -> tuple[tuple[float, float], ...]:
    """The outline of a mask's opaque pixels, as points from 0 to 1 of its width and
    height (y down): down the leftmost opaque pixel of each row, up the rightmost, so a
    shape with one run of pixels a row is followed exactly and any other by its outer
    edges; the whole box when no pixel is opaque."""
    picture = load_art(resolve_art(mask, game_folder, project_root))
    alpha = picture.getchannel("A")
    rows = min(OUTLINE_ROWS, alpha.height)
    small = alpha.resize((alpha.width, rows), Image.Resampling.BOX)
    width = small.width
    data = small.tobytes()
    left: list[tuple[float, float]] = []
    right: list[tuple[float, float]] = []
    for row in range(rows):
        line = data[row * width : (row + 1) * width]
        opaque = [x for x, value in enumerate(line) if value >= 128]
        if opaque:
            y = (row + 0.5) / rows
            left.append((opaque[0] / width, y))
            right.append(((opaque[-1] + 1) / width, y))
    if not left:
        return ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
    top, bottom = left[0][1] - 0.5 / rows, left[-1][1] + 0.5 / rows
    return (
        (left[0][0], top),
        *left,
        (left[-1][0], bottom),
        (right[-1][0], bottom),
        *reversed(right),
        (right[0][0], top),
    )
