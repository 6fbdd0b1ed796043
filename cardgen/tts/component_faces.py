"""The pictures of a game's components on a Tabletop Simulator table: a token's faces, drawn
as the printed ones (`render.component`), cut to its shape with the outside transparent,
a mat's or a board's picture from its layout, a d6's six faces on one image in the order
of a cube's net, and a standee's picture.

Drawing returns images; `TableImages` names and writes them.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

from cardgen.load.game import GamePack
from cardgen.load.layouts import load_layouts
from cardgen.model.components import BoardComponent, Die, Token, TokenItem
from cardgen.render import paint
from cardgen.render.component import Drawing, board_face, die_faces, token_faces

DIE_FACE_PX = 128
"""A die face's side on the die's picture, in pixels."""
DIE_NET = ((1, 0), (1, 1), (0, 1), (2, 1), (3, 1), (1, 2))
"""Where each of a d6's faces 1..6 sits on its picture, as (column, row) of a 4 x 3 grid:
a cube's net with face 2 (up at rotation 0, `RotationValues`) in the middle, 1 and 6 (a
quarter turn about X either way) above and below it, 3 and 4 (a quarter turn about Z) on
its left and right, and 5 (half a turn) beyond 4."""


class ComponentPictures:
    """The pictures of one game's components, each face drawn as the printed one is
    (`render.component`: its layout, or its label, text, icon or image on its colour) and
    cut to its trim; the game's layouts loaded once."""

    def __init__(self, pack: GamePack) -> None:
        self.pack = pack
        self.root = pack.root if pack.root is not None else pack.folder.parent.parent
        self._drawing: Drawing | None = None

    @property
    def drawing(self) -> Drawing:
        """What the faces are drawn with (the game's layouts), made on first use."""
        if self._drawing is None:
            layouts = load_layouts(self.root, self.pack.game)
            game = self.pack.game
            self._drawing = Drawing(layouts, game.name, self.root, self.pack.folder, game.language)
        return self._drawing

    def token_faces(self, token: Token, item: TokenItem) -> tuple[Image.Image, Image.Image]:
        """A token design's front and back, each cut to the token's shape (outside
        transparent)."""
        mask = self.mask(token)
        front, back = token_faces(token, item, self.drawing)
        return cut(front.trimmed(), token.shape, mask), cut(back.trimmed(), token.shape, mask)

    def mask(self, token: Token) -> Image.Image | None:
        """A `mask` token's outline: the alpha of its mask image."""
        if token.mask is None:
            return None
        path: Path = self.pack.folder / token.mask
        with Image.open(path) as opened:
            return opened.convert("RGBA").getchannel("A")

    def board_face(self, board: BoardComponent) -> Image.Image:
        """A board's or a mat's picture from its layout."""
        return board_face(board, self.drawing).trimmed()

    def die_picture(self, die: Die) -> Image.Image:
        """A d6's six faces on one picture, each where `DIE_NET` puts it."""
        side = DIE_FACE_PX
        picture = Image.new("RGB", (4 * side, 3 * side), paint.rgb(die.color))
        for face, (column, row) in zip(die_faces(die, self.drawing), DIE_NET, strict=False):
            shown = face.trimmed().resize((side, side), Image.Resampling.LANCZOS)
            picture.paste(shown, (column * side, row * side))
        return picture

    def standee(self, image: str) -> Image.Image:
        """A standee's picture, as it is in the game folder."""
        with Image.open(self.pack.folder / image) as opened:
            return opened.convert("RGBA")


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
    back = Image.new("RGB", face.size, paint.rgb(color))
    back.paste(face, (0, 0), face if face.mode == "RGBA" else None)
    return back
