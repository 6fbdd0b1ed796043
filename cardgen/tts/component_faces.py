"""The pictures of a game's components on a Tabletop Simulator table: a token's faces (from
its layouts and an item's values, or its label on its colour) cut to its shape with the
outside transparent, a mat's or a board's picture from its layout, a d6's six faces on
one image in the order of a cube's net, and a standee's picture.

Drawing returns images; `TableImages` names and writes them.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from cardgen.load.game import GamePack
from cardgen.load.layouts import LayoutSet, load_layouts
from cardgen.model.components import Die, DieFace, Token, TokenItem
from cardgen.model.units import component_size
from cardgen.render.canvas import Canvas
from cardgen.render.placeholder import PLACEHOLDER_FONT

PLAIN_PX_PER_MM = 8
"""Pixels per mm of a face drawn without a layout (a plain token, a die's face)."""
DIE_FACE_PX = 128
"""A die face's side on the die's picture, in pixels."""
DIE_NET = ((1, 0), (1, 1), (0, 1), (2, 1), (3, 1), (1, 2))
"""Where each of a d6's faces 1..6 sits on its picture, as (column, row) of a 4 x 3 grid:
a cube's net with face 2 (up at rotation 0, `RotationValues`) in the middle, 1 and 6 (a
quarter turn about X either way) above and below it, 3 and 4 (a quarter turn about Z) on
its left and right, and 5 (half a turn) beyond 4."""


def _rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


class ComponentPictures:
    """Draws the pictures of one game's components (its layouts loaded once)."""

    def __init__(self, pack: GamePack) -> None:
        self.pack = pack
        self.root = pack.root if pack.root is not None else pack.folder.parent.parent
        self._layouts: LayoutSet | None = None

    @property
    def layouts(self) -> LayoutSet:
        """The game's layouts, loaded on first use."""
        if self._layouts is None:
            self._layouts = load_layouts(self.root, self.pack.game)
        return self._layouts

    def layout_face(self, name: str, values: dict[str, Any], label: str) -> Image.Image:
        """A layout drawn with `values`, cut to its trim (the bleed is for printers)."""
        from cardgen.render.card import render_face

        layout = self.layouts.layouts[name]
        image, _ = render_face(
            layout,
            values,
            subject=None,
            project_root=self.root,
            game_folder=self.pack.folder,
            label=label,
            language=self.pack.game.language,
        )
        canvas = Canvas.of(layout)
        left = round(canvas.bleed)
        width, height = round(canvas.trim_w), round(canvas.trim_h)
        return image.crop((left, left, left + width, left + height)).convert("RGB")

    def values(self, label: str, item: dict[str, Any]) -> dict[str, Any]:
        """The values a component's layout reads: the item's, its name, label and game."""
        return {"name": item.get("name", label), "label": label, "game": self.pack.game.name} | item

    def token_face(self, token: Token, item: TokenItem, back: bool) -> Image.Image:
        """One face of a token design, cut to the token's shape (outside transparent)."""
        width_mm, height_mm = component_size(token.size)
        layout = token.back if back else token.front
        values = self.values(token.label, dict(item.values))
        if layout is not None:
            face = self.layout_face(layout, values, f"token {token.id}")
        else:
            size = (round(width_mm * PLAIN_PX_PER_MM), round(height_mm * PLAIN_PX_PER_MM))
            text = "" if back else str(values["name"])
            face = plain_face(size, token.color, token.ink, text)
        return cut(face, token.shape, self.mask(token))

    def mask(self, token: Token) -> Image.Image | None:
        """A `mask` token's outline: the alpha of its mask image."""
        if token.mask is None:
            return None
        path: Path = self.pack.folder / token.mask
        with Image.open(path) as opened:
            return opened.convert("RGBA").getchannel("A")

    def board_face(self, name: str, label: str, values: dict[str, Any]) -> Image.Image:
        """A board's or a mat's picture from its layout."""
        return self.layout_face(name, self.values(label, values), f"board {label}")

    def die_picture(self, die: Die) -> Image.Image:
        """A d6's six faces on one picture, each where `DIE_NET` puts it."""
        side = DIE_FACE_PX
        picture = Image.new("RGB", (4 * side, 3 * side), _rgb(die.color))
        for face, (column, row) in zip(die.all_faces(), DIE_NET, strict=False):
            picture.paste(self.die_face(die, face, side), (column * side, row * side))
        return picture

    def die_face(self, die: Die, face: DieFace, side: int) -> Image.Image:
        """One face of a die: its image, its icon's name or its text, on the die's colour."""
        if face.image is not None:
            with Image.open(self.pack.folder / face.image) as opened:
                return opened.convert("RGB").resize((side, side), Image.Resampling.LANCZOS)
        return plain_face((side, side), die.color, die.ink, face.text or face.icon or "")

    def standee(self, image: str) -> Image.Image:
        """A standee's picture, as it is in the game folder."""
        with Image.open(self.pack.folder / image) as opened:
            return opened.convert("RGBA")


def plain_face(size: tuple[int, int], color: str, ink: str, text: str) -> Image.Image:
    """A face of one colour with `text` in the middle, as large as fits."""
    face = Image.new("RGB", size, _rgb(color))
    if text:
        draw = ImageDraw.Draw(face)
        points = max(8, round(min(size) * 0.5))
        font = ImageFont.truetype(PLACEHOLDER_FONT, points)
        while points > 8 and draw.textlength(text, font=font) > size[0] * 0.8:
            points = max(8, round(points * 0.85))
            font = ImageFont.truetype(PLACEHOLDER_FONT, points)
        middle = (size[0] / 2, size[1] / 2)
        draw.text(middle, text, fill=_rgb(ink), font=font, anchor="mm")
    return face


def cut(face: Image.Image, shape: str, mask: Image.Image | None = None) -> Image.Image:
    """The face with everything outside the shape transparent: a circle (an ellipse for a
    face that is not square), a pointy-top hexagon, a rectangle, or a mask's outline."""
    if shape == "hex":  # room for the points: as tall as the hexagon, its width the face's
        edge = face.convert("RGB").getpixel((0, 0))
        tall = Image.new("RGB", (face.width, round(face.width * 2 / math.sqrt(3))), edge)
        tall.paste(face, (0, (tall.height - face.height) // 2))
        face = tall
    width, height = face.size
    if shape == "mask" and mask is not None:
        alpha = mask.resize(face.size, Image.Resampling.LANCZOS)
    else:
        big = (width * 2, height * 2)  # drawn at twice the size and reduced: smooth edges
        alpha = Image.new("L", big, 0 if shape in ("circle", "hex") else 255)
        draw = ImageDraw.Draw(alpha)
        if shape == "circle":
            draw.ellipse((0, 0, big[0] - 1, big[1] - 1), fill=255)
        elif shape == "hex":
            draw.polygon(hexagon(big), fill=255)
        alpha = alpha.resize(face.size, Image.Resampling.LANCZOS)
    out = face.convert("RGBA")
    out.putalpha(alpha)
    return out


def hexagon(size: tuple[int, int]) -> list[tuple[float, float]]:
    """A pointy-top hexagon filling `size` from flat side to flat side (its width)."""
    cx, cy = size[0] / 2, size[1] / 2
    radius = size[0] / math.sqrt(3)
    return [
        (
            cx + radius * math.cos(math.radians(90 + 60 * i)),
            cy + radius * math.sin(math.radians(90 + 60 * i)),
        )
        for i in range(6)
    ]


def flat(face: Image.Image, color: str) -> Image.Image:
    """A cut face on the token's colour, without alpha (a tile's picture: TTS cuts it)."""
    back = Image.new("RGB", face.size, _rgb(color))
    back.paste(face, (0, 0), face if face.mode == "RGBA" else None)
    return back
