"""A Tabletop Simulator table seen from above, drawn from a save's objects: each card or
pile at its position and turn, face-up piles showing their top card cut from its sheet,
face-down ones their back, tiles in their shape and their picture's colour (a mat or a
board its picture), tokens and dice their pictures at their size, bags, counters with
their value, pieces, hand zones in their seat's colour and snap points.

It shows where the save puts things (the full save's thumbnail and the docs' pictures);
it is not a 3D render: heights, lighting and the table's own model are left out.
TTS units are taken as inches (1 unit = 25.4 mm), as TTS's own measuring tool shows them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont, ImageStat

from cardgen.render.placeholder import PLACEHOLDER_FONT
from cardgen.tts.tables import footprint_size

BACKGROUND = (46, 52, 58)
MARGIN_UNITS = 1.5

ImageOf = Callable[[str], Path | None]
"""The local file of an image URL of the save, or None when it is not on this machine."""


@dataclass(frozen=True)
class View:
    """Table units to pixels: the left and far edges seen, and pixels per unit."""

    min_x: float
    max_z: float
    scale: float

    def point(self, x: float, z: float) -> tuple[float, float]:
        """The pixel of a table position (x to the right, z away from the first seat)."""
        return (x - self.min_x) * self.scale, (self.max_z - z) * self.scale


def _where(obj: dict[str, Any]) -> tuple[float, float]:
    t = obj["Transform"]
    return float(t["posX"]), float(t["posZ"])


def _bounds(objects: list[dict[str, Any]], points: list[tuple[float, float]]) -> tuple[float, ...]:
    xs: list[float] = [x for x, _ in points]
    zs: list[float] = [z for _, z in points]
    for obj in objects:
        x, z = _where(obj)
        half = max(footprint_size(obj)) / 2
        xs += [x - half, x + half]
        zs += [z - half, z + half]
    if not xs:
        return (-10.0, 10.0, -10.0, 10.0)
    return min(xs), max(xs), min(zs), max(zs)


class _Pictures:
    """Sheets opened once, cells cut from them, a tile picture's mean colour."""

    def __init__(self, image_of: ImageOf) -> None:
        self.image_of = image_of
        self._open: dict[str, Image.Image | None] = {}

    def image(self, url: str) -> Image.Image | None:
        """The picture at a URL of the save, when it is a file on this machine."""
        if url not in self._open:
            path = self.image_of(url)
            self._open[url] = _opened(path) if path is not None else None
        return self._open[url]

    def cell(self, entry: dict[str, Any], slot: int, field: str) -> Image.Image | None:
        """Slot `slot` of a sheet (the whole image for a back shared by every card)."""
        sheet = self.image(entry[field])
        if sheet is None:
            return None
        if field == "BackURL" and not entry.get("UniqueBack"):
            return sheet
        cols, rows = entry["NumWidth"], entry["NumHeight"]
        w, h = sheet.width // cols, sheet.height // rows
        col, row = slot % cols, slot // cols
        return sheet.crop((col * w, row * h, col * w + w, row * h + h))

    def colour(self, url: str, fallback: tuple[int, int, int]) -> tuple[int, int, int]:
        """The mean colour of a picture (for tiles drawn as flat hexes)."""
        picture = self.image(url)
        if picture is None:
            return fallback
        mean = ImageStat.Stat(picture).mean
        return round(mean[0]), round(mean[1]), round(mean[2])


def _opened(path: Path) -> Image.Image:
    """A picture of the save as RGB, or RGBA when it has alpha (a token's outline)."""
    with Image.open(path) as picture:
        return picture.convert("RGBA" if "A" in picture.getbands() else "RGB")


def _tint(obj: dict[str, Any]) -> tuple[int, int, int]:
    c = obj.get("ColorDiffuse") or {"r": 0.7, "g": 0.7, "b": 0.7}
    return round(c["r"] * 255), round(c["g"] * 255), round(c["b"] * 255)


def _top_card(obj: dict[str, Any]) -> dict[str, Any]:
    """The card a pile shows: a lone card itself, or the first card of a deck."""
    if obj["Name"] == "Deck" and obj.get("ContainedObjects"):
        return dict(obj["ContainedObjects"][0])
    return obj


def _card_picture(obj: dict[str, Any], pictures: _Pictures, size: tuple[int, int]) -> Image.Image:
    card = _top_card(obj)
    face_down = round(obj["Transform"]["rotZ"]) % 360 == 180
    key, slot = divmod(int(card.get("CardID", 0)), 100)
    entry = (card.get("CustomDeck") or {}).get(str(key))
    picture = None
    if entry is not None:
        picture = pictures.cell(entry, slot, "BackURL" if face_down else "FaceURL")
    if picture is None:
        picture = Image.new("RGB", size, (120, 120, 130) if face_down else (235, 235, 225))
    picture = picture.resize(size, Image.Resampling.BOX)
    ImageDraw.Draw(picture).rectangle((0, 0, size[0] - 1, size[1] - 1), outline=(20, 20, 20))
    if obj["Name"] == "Deck":  # a pile: a darker edge on two sides
        ImageDraw.Draw(picture).rectangle(
            (0, 0, size[0] - 1, size[1] - 1), outline=(0, 0, 0), width=3
        )
    return picture


def _paste_turned(
    canvas: Image.Image, picture: Image.Image, centre: tuple[float, float], turn: float
) -> None:
    """Paste a picture centred on a pixel, turned by the object's rotation about Y."""
    # rotY 180 faces the first seat: drawn upright; TTS turns clockwise seen from above,
    # Pillow counter-clockwise
    angle = -(turn - 180.0) % 360
    turned = picture.convert("RGBA").rotate(angle, expand=True, resample=Image.Resampling.BICUBIC)
    canvas.paste(
        turned,
        (round(centre[0] - turned.width / 2), round(centre[1] - turned.height / 2)),
        turned,
    )


def _hexagon(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """A pointy-top hexagon's corners, as the board lays its tiles."""
    return [
        (
            centre[0] + radius * math.cos(math.radians(30 + 60 * i)),
            centre[1] + radius * math.sin(math.radians(30 + 60 * i)),
        )
        for i in range(6)
    ]


def _rectangle(
    centre: tuple[float, float], size: tuple[float, float], turn: float
) -> list[tuple[float, float]]:
    """The corners, in pixels, of a `size` rectangle turned `turn` degrees about Y (as TTS
    turns objects: clockwise seen from above) around a pixel."""
    angle = math.radians(turn)
    cos, sin = math.cos(angle), math.sin(angle)
    half_x, half_z = size[0] / 2, size[1] / 2
    corners = [(-half_x, -half_z), (half_x, -half_z), (half_x, half_z), (-half_x, half_z)]
    # local (x, z) to world: clockwise by `turn`; world z grows up the picture
    return [(centre[0] + x * cos + z * sin, centre[1] - (-x * sin + z * cos)) for x, z in corners]


def table_view(
    objects: list[dict[str, Any]], points: list[tuple[float, float]], px: int
) -> tuple[View, tuple[int, int]]:
    """How the overview maps the table to pixels, and the picture's size: every object
    and snap point with a margin around them, `px` pixels on the longer side."""
    min_x, max_x, min_z, max_z = _bounds(objects, points)
    min_x, max_x = min_x - MARGIN_UNITS, max_x + MARGIN_UNITS
    min_z, max_z = min_z - MARGIN_UNITS, max_z + MARGIN_UNITS
    scale = px / max(max_x - min_x, max_z - min_z)
    size = (max(1, round((max_x - min_x) * scale)), max(1, round((max_z - min_z) * scale)))
    return View(min_x, max_z, scale), size


def draw_overview(
    objects: Iterable[dict[str, Any]],
    image_of: ImageOf,
    *,
    snap_points: Iterable[dict[str, Any]] = (),
    px: int = 1024,
    labels: bool = True,
) -> Image.Image:
    """The table from above, `px` pixels on its longer side."""
    items = list(objects)
    points = [(float(p["Position"]["x"]), float(p["Position"]["z"])) for p in snap_points]
    view, size = table_view(items, points, px)
    scale = view.scale
    canvas = Image.new("RGB", size, BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    font = ImageFont.truetype(PLACEHOLDER_FONT, max(9, round(scale * 0.45)))
    pictures = _Pictures(image_of)
    order = {"HandTrigger": 0, "Custom_Tile": 1}  # mats and boards under what lies on them
    captions: list[tuple[tuple[float, float], str, float]] = []
    for obj in sorted(items, key=lambda o: order.get(o["Name"], 2)):  # zones, tiles, the rest
        centre = view.point(*_where(obj))
        width, depth = footprint_size(obj)
        turn = float(obj["Transform"]["rotY"])
        name = obj["Name"]
        if name == "HandTrigger":
            draw.polygon(
                _rectangle(centre, (width * scale, depth * scale), turn),
                outline=_tint(obj),
                width=max(2, round(scale * 0.12)),
            )
            captions.append(((centre[0], centre[1]), f"{obj['Nickname'] or 'Hand'}", width * scale))
        elif name in ("Custom_Tile", "Custom_Token", "Custom_Dice"):
            _draw_image_object(canvas, obj, pictures, centre, (width * scale, depth * scale))
        elif name == "Bag":
            r = width * scale / 2
            draw.ellipse(
                (centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r),
                fill=_tint(obj),
                outline=(40, 30, 20),
                width=max(1, round(scale * 0.08)),
            )
            count = len(obj.get("ContainedObjects") or [])
            draw.text(centre, str(count), fill=(20, 20, 20), font=font, anchor="mm")
            captions.append(((centre[0], centre[1] + r), obj["Nickname"], 4 * r))
        elif name in ("Card", "Deck"):
            size = (max(4, round(width * scale)), max(4, round(depth * scale)))
            _paste_turned(canvas, _card_picture(obj, pictures, size), centre, turn)
            count = len(obj.get("ContainedObjects") or []) or 1
            captions.append(
                (
                    (centre[0], centre[1] + depth * scale / 2 + 2),
                    f"{obj['Nickname']} ({count})",
                    width * scale * 1.25,
                )
            )
        elif name == "Counter":
            r = 0.6 * scale
            draw.rounded_rectangle(
                (centre[0] - r, centre[1] - r * 0.7, centre[0] + r, centre[1] + r * 0.7),
                radius=r / 3,
                fill=(30, 30, 30),
                outline=_tint(obj),
                width=max(2, round(scale * 0.1)),
            )
            value = str((obj.get("Counter") or {}).get("value", 0))
            draw.text(centre, value, fill=(240, 240, 240), font=font, anchor="mm")
            captions.append(((centre[0], centre[1] + r), obj["Nickname"], 4 * r))
        else:  # pieces, dice, anything else: a disc in its colour
            r = 0.4 * scale
            draw.ellipse(
                (centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r),
                fill=_tint(obj),
                outline=(255, 255, 255),
                width=max(1, round(scale * 0.06)),
            )
    for x, z in points:
        cx, cy = view.point(x, z)
        arm = max(3.0, scale * 0.2)
        draw.line((cx - arm, cy, cx + arm, cy), fill=(255, 210, 90), width=2)
        draw.line((cx, cy - arm, cx, cy + arm), fill=(255, 210, 90), width=2)
    if labels:
        small = ImageFont.truetype(PLACEHOLDER_FONT, max(8, round(scale * 0.3)))
        for (x, y), text, room in captions:
            draw.multiline_text(
                (x, y),
                _wrap(text, small, room),
                align="center",
                spacing=1,
                fill=(250, 250, 250),
                font=small,
                anchor="ma",
                stroke_width=2,
                stroke_fill=(0, 0, 0),
            )
    return canvas


def _draw_image_object(
    canvas: Image.Image,
    obj: dict[str, Any],
    pictures: _Pictures,
    centre: tuple[float, float],
    size: tuple[float, float],
) -> None:
    """A tile, token or die at its size: a hex or round tile in its picture's colour,
    anything else its picture (a die the middle face of its net), turned as it lies."""
    draw = ImageDraw.Draw(canvas)
    image = obj.get("CustomImage") or {}
    url = image.get("ImageURL", "")
    kind = (image.get("CustomTile") or {}).get("Type", 0)
    if obj["Name"] == "Custom_Tile" and kind in (1, 2):
        fill = pictures.colour(url, _tint(obj))
        if kind == 1:
            draw.polygon(_hexagon(centre, size[0] / math.sqrt(3)), fill=fill, outline=(25, 25, 25))
        else:
            left, top = centre[0] - size[0] / 2, centre[1] - size[1] / 2
            corners = (left, top, left + size[0], top + size[1])
            draw.ellipse(corners, fill=fill, outline=(25, 25, 25))
        return
    picture = pictures.image(url)
    pixels = (max(2, round(size[0])), max(2, round(size[1])))
    if picture is None:
        picture = Image.new("RGB", pixels, _tint(obj))
    elif obj["Name"] == "Custom_Dice":  # the net's middle face: 4 x 3 squares
        side = picture.width // 4
        picture = picture.crop((side, side, 2 * side, 2 * side))
    elif obj["Name"] == "Custom_Token":  # the longer side spans the token's size
        longer = max(picture.size)
        pixels = (
            max(2, round(size[0] * picture.width / longer)),
            max(2, round(size[1] * picture.height / longer)),
        )
    shown = picture.resize(pixels, Image.Resampling.BOX)
    _paste_turned(canvas, shown, centre, float(obj["Transform"]["rotY"]))


def _wrap(text: str, font: ImageFont.FreeTypeFont, room: float) -> str:
    """The text broken into lines no wider than `room` pixels (a long word stays whole)."""
    lines: list[str] = []
    for word in text.split():
        if lines and font.getlength(f"{lines[-1]} {word}") <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return "\n".join(lines)


def square(picture: Image.Image, side: int) -> Image.Image:
    """The picture fitted into a square of `side` pixels on the table's colour."""
    fitted = picture.copy()
    fitted.thumbnail((side, side), Image.Resampling.LANCZOS)
    out = Image.new("RGB", (side, side), BACKGROUND)
    out.paste(fitted, ((side - fitted.width) // 2, (side - fitted.height) // 2))
    return out
