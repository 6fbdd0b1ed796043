"""Art files as designers' tools write them, made in the tests (no committed binaries).

`solid_art` draws a one-colour picture in any Pillow mode and says what RGBA colour it
stands for; `encode` saves it in a format (Pillow's own writers, plus hand-written 16-bit
PNG and TIFF files such as GIMP, Photoshop and ImageMagick export, whose 16-bit colour
Pillow reads as 8-bit). `NATIVE` lists which formats store which modes as they are.
"""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass

from PIL import Image

RGBA = tuple[int, int, int, int]

MODES = ("1", "L", "LA", "P", "P+t", "P+a", "RGB", "RGBA", "CMYK", "I;16", "I", "F")
"""Pillow's modes as art arrives in them; `P+t` is a palette with a transparent index,
`P+a` a palette whose entries carry alpha (a PNG tRNS chunk)."""

EXTENSIONS = {
    "PNG": ".png",
    "PNG16": ".png",
    "JPEG": ".jpg",
    "WEBP": ".webp",
    "GIF": ".gif",
    "TIFF": ".tif",
    "TIFF16": ".tif",
    "BMP": ".bmp",
    "PPM": ".ppm",
    "TGA": ".tga",
}
LOSSY = frozenset({"JPEG", "WEBP"})

NATIVE: dict[str, tuple[str, ...]] = {
    "PNG": ("1", "L", "LA", "P", "P+t", "P+a", "RGB", "RGBA", "I;16"),
    "PNG16": ("L", "LA", "RGB", "RGBA"),  # 16 bits a channel, written by hand below
    "JPEG": ("L", "RGB", "CMYK"),
    "WEBP": ("RGB", "RGBA"),
    "GIF": ("P", "P+t", "RGB"),  # RGB: Pillow's writer makes it a palette
    "TIFF": ("1", "L", "LA", "P", "RGB", "RGBA", "CMYK", "I;16", "I", "F"),
    "TIFF16": ("L", "RGB", "RGBA"),  # 16 bits a channel, written by hand below
    "BMP": ("1", "L", "RGB"),
    "PPM": ("1", "L", "RGB", "I", "F"),
    "TGA": ("1", "L", "LA", "P", "RGB", "RGBA"),
}
"""Which modes each format stores as drawn (so the colour read back is the colour drawn)."""


@dataclass(frozen=True)
class Art:
    """A picture in some mode and the 8-bit RGBA colour every pixel of it means."""

    image: Image.Image
    expected: RGBA
    wide: tuple[int, ...] | None = None  # a 16-bit file's channels (PNG16, TIFF16)


def solid_art(mode: str, size: tuple[int, int], rgb: tuple[int, int, int], alpha: int) -> Art:
    """A one-colour picture of `size` in `mode` near `rgb` (a grey for grey modes), with
    `alpha` where the mode has transparency, and the RGBA it stands for."""
    r, g, b = rgb
    grey = r
    if mode == "1":
        level = 255 if grey >= 128 else 0
        return Art(Image.new("1", size, 1 if level else 0), (level, level, level, 255))
    if mode == "L":
        return Art(Image.new("L", size, grey), (grey, grey, grey, 255))
    if mode == "LA":
        return Art(Image.new("LA", size, (grey, alpha)), (grey, grey, grey, alpha))
    if mode in ("P", "P+t", "P+a"):
        image = Image.new("P", size, 0)
        image.putpalette([r, g, b, 255 - r, 255 - g, 255 - b])
        if mode == "P+t":
            image.info["transparency"] = 0
            return Art(image, (r, g, b, 0))
        if mode == "P+a":
            image.info["transparency"] = bytes([alpha, 255])
            return Art(image, (r, g, b, alpha))
        return Art(image, (r, g, b, 255))
    if mode == "RGB":
        return Art(Image.new("RGB", size, rgb), (r, g, b, 255))
    if mode == "RGBA":
        return Art(Image.new("RGBA", size, (r, g, b, alpha)), (r, g, b, alpha))
    if mode == "CMYK":  # no black: every CMYK to RGB formula agrees then
        return Art(Image.new("CMYK", size, (255 - r, 255 - g, 255 - b, 0)), (r, g, b, 255))
    if mode in ("I;16", "I"):
        wide = grey * 257 + (b % 257 if grey < 255 else 0)  # a 16-bit level near grey's
        level = (wide * 255 + 32767) // 65535
        return Art(Image.new(mode, size, wide), (level, level, level, 255))
    if mode == "F":
        value = grey / 255 + (b - 128) / 255 / 600  # a float within half a level of grey
        value = min(1.0, max(0.0, value))
        level = round(value * 255)
        return Art(Image.new("F", size, value), (level, level, level, 255))
    raise ValueError(mode)


def wide_art(mode: str, size: tuple[int, int], rgb: tuple[int, int, int], alpha: int) -> Art:
    """A 16-bit-a-channel picture (PNG16, TIFF16): `mode` says the channels."""
    levels = {"L": (rgb[0],), "LA": (rgb[0], alpha), "RGB": rgb, "RGBA": (*rgb, alpha)}[mode]
    # 16-bit values whose high byte is the 8-bit level (what Pillow keeps), low byte noise
    wide = tuple(v * 256 + (37 * i + 11) % 256 for i, v in enumerate(levels))
    grey = rgb[0]
    level = (wide[0] * 255 + 32767) // 65535  # a 16-bit grey is scaled, not cut to its byte
    expected: RGBA = {
        "L": (level, level, level, 255),
        "LA": (grey, grey, grey, alpha),
        "RGB": (*rgb, 255),
        "RGBA": (*rgb, alpha),
    }[mode]
    return Art(Image.new("RGB", size), expected, wide)


def encode(art: Art, fmt: str, exif: Image.Exif | None = None) -> bytes:
    """The picture as a file of `fmt` (an extension from EXTENSIONS), as bytes."""
    if fmt == "PNG16":
        assert art.wide is not None
        return png16(art.image.size, art.wide)
    if fmt == "TIFF16":
        assert art.wide is not None
        return tiff16(art.image.size, art.wide)
    buffer = io.BytesIO()
    image = art.image
    options: dict[str, object] = {}
    if exif is not None:
        options["exif"] = exif
    if "transparency" in image.info:
        options["transparency"] = image.info["transparency"]
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png16(
    size: tuple[int, int], channels: tuple[int, ...], transparent: tuple[int, ...] | None = None
) -> bytes:
    """A 16-bit PNG of one colour: grey, grey + alpha, RGB or RGBA by the channel count;
    with `transparent`, a tRNS chunk naming that grey or RGB colour see-through (the first
    pixel of each row is then that colour, as ImageMagick writes binary transparency)."""
    colour_type = {1: 0, 2: 4, 3: 2, 4: 6}[len(channels)]
    width, height = size
    pixel = struct.pack(f">{len(channels)}H", *channels)
    first = pixel if transparent is None else struct.pack(f">{len(channels)}H", *transparent)
    row = b"\0" + first + pixel * (width - 1)
    header = struct.pack(">IIBBBBB", width, height, 16, colour_type, 0, 0, 0)
    key = (
        b""
        if transparent is None
        else _chunk(b"tRNS", struct.pack(f">{len(transparent)}H", *transparent))
    )
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + key
        + _chunk(b"IDAT", zlib.compress(row * height))
        + _chunk(b"IEND", b"")
    )


def tiff16(size: tuple[int, int], channels: tuple[int, ...]) -> bytes:
    """A 16-bit uncompressed little-endian TIFF of one colour (grey, RGB or RGBA)."""
    width, height = size
    count = len(channels)
    pixels = struct.pack(f"<{count}H", *channels) * (width * height)
    entries: list[tuple[int, int, int, int]] = []  # tag, type (3 short, 4 long), count, value
    tags = 11 if count == 4 else 10
    bits_at = 8 + 2 + tags * 12 + 4
    data_at = bits_at + (2 * count if count > 1 else 0)
    entries += [(256, 4, 1, width), (257, 4, 1, height)]
    entries.append((258, 3, count, 16 if count == 1 else bits_at))
    entries += [(259, 3, 1, 1), (262, 3, 1, 1 if count == 1 else 2), (273, 4, 1, data_at)]
    entries += [(277, 3, 1, count), (278, 4, 1, height), (279, 4, 1, len(pixels))]
    entries.append((284, 3, 1, 1))
    if count == 4:
        entries.append((338, 3, 1, 2))  # extra sample: unassociated alpha
    out = b"II*\0" + struct.pack("<IH", 8, len(entries))
    for tag, kind, number, value in sorted(entries):
        packed = (
            struct.pack("<HH", value, 0) if kind == 3 and number == 1 else struct.pack("<I", value)
        )
        out += struct.pack("<HHI", tag, kind, number) + packed
    out += b"\0\0\0\0"
    if count > 1:
        out += struct.pack(f"<{count}H", *([16] * count))
    return out + pixels


def quadrants(size: tuple[int, int]) -> Image.Image:
    """An RGB picture in four colours, one a quarter: where each lands shows orientation."""
    width, height = size
    image = Image.new("RGB", size, QUADRANTS[3])
    image.paste(QUADRANTS[0], (0, 0, width // 2, height // 2))
    image.paste(QUADRANTS[1], (width // 2, 0, width, height // 2))
    image.paste(QUADRANTS[2], (0, height // 2, width // 2, height))
    return image


QUADRANTS = ((220, 30, 30), (30, 200, 40), (40, 60, 230), (240, 220, 40))
"""Top left, top right, bottom left, bottom right."""
