"""A deterministic stand-in picture for a card without art, made from its name."""

from __future__ import annotations

import colorsys
import functools
import hashlib
import importlib
import os
import re
import unicodedata
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

from cardgen.render.fonts import missing_glyphs
from cardgen.render.paint import paste_through
from cardgen.render.shapes import EllipseShape, fill_core

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# ReportLab ships no type hints: import it dynamically so mypy needs no stubs or overrides.
_REPORTLAB_DIR = os.path.dirname(importlib.import_module("reportlab").__file__ or "")
PLACEHOLDER_FONT = os.path.join(_REPORTLAB_DIR, "fonts", "VeraBd.ttf")
"""Vera Bold, shipped with ReportLab: the only font placeholders use."""

_SUPERSAMPLE = 3
"""Placeholder shapes are drawn this many times larger as masks, then scaled down."""


def placeholder(name: str, size: tuple[int, int]) -> Image.Image:
    """A deterministic RGB stand-in picture for a card without art, made from its name.

    Colours and a geometric pattern come from the SHA-256 of the name; the name's initials
    (at most two, "?" for a name without letters) sit in the middle, and a small "ART" tag
    in the top-left corner marks the picture as a placeholder. Same name, same pixels.
    """
    width, height = size
    if width <= 0 or height <= 0:
        raise ValueError(f"placeholder size must be positive, got {width} x {height}")
    digest = hashlib.sha256(name.encode("utf-8")).digest()
    side = min(width, height)

    hue = int.from_bytes(digest[0:2], "big") / 65536
    # Analogous colours, or (one name in three) a wider, triadic-like spread.
    spread = 0.26 if digest[3] % 3 == 0 else 0.07
    shift = (spread + digest[2] / 255 * 0.12) * (1 if digest[3] & 2 else -1)
    light = _hsv(hue, 0.30 + digest[4] / 255 * 0.12, 0.93)
    middle = _hsv(hue + shift / 2, 0.48 + digest[5] / 255 * 0.12, 0.80)
    deep = _hsv(hue + shift, 0.60 + digest[6] / 255 * 0.12, 0.58)

    image = _gradient(size, (light, middle, deep), corner=digest[7] % 4)
    _pattern(image, digest)
    draw = ImageDraw.Draw(image, "RGBA")

    # The initials on a translucent dark disc: readable whatever the gradient does.
    if side >= 16:
        radius = side * 0.30
        centre = (width / 2, height / 2)
        _disc(
            image,
            centre,
            radius,
            fill=(*_hsv(hue + shift, 0.75, 0.22), 150),
            outline=(255, 255, 255, 110),
            line=side / 160,
        )
        text = initials(name)
        font_px = round(radius * (0.95 if len(text) == 1 else 0.78))
        _centred_text(draw, text, _font(font_px), centre, _hsv(hue, 0.10, 1.0))
    if side >= 60:
        _art_tag(draw, side)
    return image


def initials(name: str) -> str:
    """Up to two upper-case initials from a name's first words ("?" when it has none).

    Accented letters are kept when the placeholder font has them and lose their accent
    otherwise; letters the font cannot draw at all are skipped.
    """
    font = Path(PLACEHOLDER_FONT)

    def drawable(char: str) -> bool:
        return not missing_glyphs(font, char)

    letters: list[str] = []
    for word in re.split(r"[\s\-_/–—]+", unicodedata.normalize("NFC", name)):
        first = next((c for c in word if c.isalnum()), None)
        if first is None:
            continue
        upper = first.upper()[0]
        if not drawable(upper):
            base = unicodedata.normalize("NFKD", upper)[0]
            if not base.isalnum() or not drawable(base):
                continue
            upper = base
        letters.append(upper)
        if len(letters) == 2:
            break
    return "".join(letters) or "?"


def _hsv(hue: float, saturation: float, value: float) -> RGB:
    """An HSV colour (hue wraps around) as 8-bit RGB."""
    r, g, b = colorsys.hsv_to_rgb(hue % 1.0, saturation, value)
    return (round(r * 255), round(g * 255), round(b * 255))


def _level(level: int) -> tuple[bool, float, float]:
    """Where a palette level sits: in the second half, how far along its half, and its band."""
    t = level / 255
    band = 1.0 + (0.035 if (level // 32) % 2 else 0.0)  # faint diagonal bands
    return (False, t * 2, band) if t < 0.5 else (True, t * 2 - 1, band)


_LEVELS = tuple(_level(level) for level in range(256))


@functools.lru_cache(maxsize=16)
def _diagonal(size: tuple[int, int], corner: int) -> Image.Image:
    """The gradient's levels (0 in `corner`, 0 top left, then clockwise) at `size`: made
    once per art box size, as every placeholder of a layout has the same."""
    vertical = Image.linear_gradient("L")
    horizontal = vertical.transpose(Image.Transpose.ROTATE_90)  # 0 on the left
    if corner in (1, 2):  # light on the right
        horizontal = horizontal.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    if corner in (2, 3):  # light at the bottom
        vertical = vertical.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    return ImageChops.add(vertical, horizontal, scale=2.0).resize(size, Image.Resampling.BILINEAR)


def _gradient(size: tuple[int, int], stops: tuple[RGB, RGB, RGB], corner: int) -> Image.Image:
    """A diagonal three-colour gradient with soft bands, built at 256 px and scaled up.

    The first colour sits in one corner (0 top left, then clockwise), the last opposite.
    """
    diagonal = _diagonal(size, corner).copy()
    palette: list[int] = []
    for second, u, band in _LEVELS:
        a, b = (stops[1], stops[2]) if second else (stops[0], stops[1])
        for i in (0, 1, 2):
            value = round((a[i] + (b[i] - a[i]) * u) * band)
            palette.append(0 if value < 0 else 255 if value > 255 else value)
    diagonal.putpalette(palette)
    return diagonal.convert("RGB")


def _pattern(image: Image.Image, digest: bytes) -> None:
    """A light geometric pattern chosen and placed from the hash: rings, triangles or discs.

    Soft fills and the white lines of rings and discs are blended straight onto the image;
    the triangles' lines meet at the grid's corners, so they go through an "L" mask (blended
    straight, a corner where four lines meet would come out brighter).
    """
    width, height = image.size
    side = min(width, height)
    draw = ImageDraw.Draw(image, "RGBA")
    line = max(1, round(side / 150))

    def circle(cx: float, cy: float, r: float) -> tuple[float, float, float, float]:
        return (cx - r, cy - r, cx + r, cy + r)

    kind = digest[8] % 3
    if kind == 0:  # concentric rings around an off-centre point
        cx = width * (0.15 + digest[9] / 255 * 0.7)
        cy = height * (0.15 + digest[10] / 255 * 0.7)
        step = side * (0.07 + digest[11] / 255 * 0.05)
        reach = (max(cx, width - cx) ** 2 + max(cy, height - cy) ** 2) ** 0.5
        for ring in range(1, min(60, int(reach / step) + 1) + 1):
            alpha = 80 if ring % 3 == 0 else 45
            draw.ellipse(circle(cx, cy, ring * step), outline=(255, 255, 255, alpha), width=line)
    elif kind == 1:  # a grid of squares, each split along a diagonal into two triangles
        mask = Image.new("L", (width, height), 0)
        lines = ImageDraw.Draw(mask)
        columns = 4 + digest[9] % 3
        cell = width / columns
        rows = int(height / cell) + 1
        bits = int.from_bytes(digest[10:32], "big")
        for row in range(rows):
            for col in range(columns):
                x0, y0 = col * cell, row * cell
                x1, y1 = x0 + cell, y0 + cell
                choice = (bits >> ((row * columns + col) * 2 % 170)) & 3
                if (row + col) % 2:
                    shaded = [(x0, y0), (x1, y0), (x0, y1)]
                    edge = [(x1, y0), (x0, y1)]
                else:
                    shaded = [(x0, y0), (x1, y0), (x1, y1)]
                    edge = [(x0, y0), (x1, y1)]
                shade = ((255, 255, 255, 34), (0, 0, 0, 22), (255, 255, 255, 14), None)[choice]
                if shade is not None:
                    draw.polygon(shaded, fill=shade)
                lines.line(edge, fill=48, width=line)
                lines.line([(x0, y1), (x1, y1), (x1, y0)], fill=48, width=line)
        image.paste((255, 255, 255), (0, 0, width, height), mask)
    else:  # overlapping discs of several sizes
        for i in range(7):
            cx = width * digest[9 + i * 3] / 255
            cy = height * digest[10 + i * 3] / 255
            r = side * (0.08 + digest[11 + i * 3] / 255 * 0.22)
            draw.ellipse(circle(cx, cy, r), fill=(255, 255, 255, 30) if i % 2 else (0, 0, 0, 18))
            draw.ellipse(circle(cx, cy, r), outline=(255, 255, 255, 70), width=line)


def _disc(
    image: Image.Image,
    centre: tuple[float, float],
    radius: float,
    fill: RGBA,
    outline: RGBA,
    line: float,
) -> None:
    """A smooth translucent disc with a ring, blended onto an RGB image. The ring leaves
    the square inside it alone (checked on its mask), so only the bands around that square
    go through the ring's mask."""
    left, top = int(centre[0] - radius) - 1, int(centre[1] - radius) - 1
    disc, ring = _disc_masks(centre[0] - left, centre[1] - top, radius, line, fill[3], outline[3])
    box = (left, top, left + disc.width, top + disc.height)
    image.paste(fill[:3], box, disc)
    inner = radius - max(1.0, line)  # what the ring leaves: the disc inside its line
    within = EllipseShape(
        (centre[0] - inner, centre[1] - inner, centre[0] + inner, centre[1] + inner)
    )
    paste_through(image, outline[:3], box, ring, hole=fill_core(within))


@functools.lru_cache(maxsize=16)
def _disc_masks(
    x: float, y: float, radius: float, line: float, fill: int, outline: int
) -> tuple[Image.Image, Image.Image]:
    """The masks of a disc and its ring centred on (x, y): drawn supersampled and scaled
    down (smooth edges), once per size, since every placeholder of a layout has the same."""
    size = (int(x + radius) + 2, int(y + radius) + 2)
    k = _SUPERSAMPLE
    x, y = x * k, y * k
    outer, inner = radius * k, (radius - max(1.0, line)) * k
    disc = Image.new("L", (size[0] * k, size[1] * k), 0)
    ImageDraw.Draw(disc).ellipse((x - outer, y - outer, x + outer, y + outer), fill=fill)
    ring = Image.new("L", disc.size, 0)
    ring_draw = ImageDraw.Draw(ring)
    ring_draw.ellipse((x - outer, y - outer, x + outer, y + outer), fill=outline)
    ring_draw.ellipse((x - inner, y - inner, x + inner, y + inner), fill=0)
    return disc.reduce(k), ring.reduce(k)


@functools.lru_cache(maxsize=64)
def _font(size_px: int) -> ImageFont.FreeTypeFont:
    """Vera Bold from ReportLab's fonts at a pixel size (never a system font)."""
    return ImageFont.truetype(PLACEHOLDER_FONT, max(1, size_px))


def _centred_text(
    draw: ImageDraw.ImageDraw,
    text: str,
    font: ImageFont.FreeTypeFont,
    centre: tuple[float, float],
    fill: RGB,
) -> None:
    """Text whose ink (not its line box) is centred on `centre`."""
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font, anchor="ls")
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    draw.text((round(x), round(y)), text, font=font, anchor="ls", fill=fill)


def _art_tag(draw: ImageDraw.ImageDraw, side: int) -> None:
    """A small "ART" tag in the top-left corner: this picture is a placeholder."""
    font = _font(max(8, round(side * 0.055)))
    left, top, right, bottom = draw.textbbox((0, 0), "ART", font=font, anchor="ls")
    pad = max(3, round(side * 0.018))
    margin = max(4, round(side * 0.03))
    box = (margin, margin, margin + (right - left) + 2 * pad, margin + (bottom - top) + 2 * pad)
    draw.rounded_rectangle(
        box, radius=pad, fill=(0, 0, 0, 120), outline=(255, 255, 255, 150), width=1
    )
    draw.text(
        (margin + pad - left, margin + pad - top),
        "ART",
        font=font,
        anchor="ls",
        fill=(255, 255, 255, 235),
    )
