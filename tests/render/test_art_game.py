"""A designer's own game end to end: art cells naming files of every kind, one build.

The pool's `art` column names generated files of several formats, modes and sizes (the
900 x 600 JPEG and the widths that broke the built-in art box, a 1 px GIF, a 1 x 300 strip,
16-bit TIFF, CMYK JPEG, a camera's EXIF-turned JPEG, translucent WebP, a 1-bit BMP written
with Windows separators). `cardgen build` exits 0 with no warning, and each card's PNG shows
its art in the art box.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from click.testing import Result
from PIL import Image

from tests.render.artfiles import QUADRANTS, Art, encode, quadrants, solid_art

FRAME = (255, 253, 248)  # the built-in layout's frame, behind the art


def over(colour: tuple[int, int, int], alpha: int) -> tuple[int, int, int]:
    """A translucent colour as it shows on the frame."""
    r, g, b = (
        round((c * alpha + f * (255 - alpha)) / 255) for c, f in zip(colour, FRAME, strict=True)
    )
    return (r, g, b)


def quarters(size: tuple[int, int]) -> bytes:
    """A JPEG of the four-colour picture."""
    return encode(Art(quadrants(size), (0, 0, 0, 255)), "JPEG")


def turned() -> bytes:
    """What a camera held sideways writes: pixels stored turned, EXIF orientation 6."""
    exif = Image.Exif()
    exif[0x0112] = 6
    stored = quadrants((600, 400)).transpose(Image.Transpose.ROTATE_90)
    return encode(Art(stored, (0, 0, 0, 255)), "JPEG", exif)


def solid(mode: str, size: tuple[int, int], rgb: tuple[int, int, int], fmt: str) -> bytes:
    """A one-colour file (translucent, alpha 128, in RGBA)."""
    return encode(solid_art(mode, size, rgb, 128 if mode == "RGBA" else 255), fmt)


class Case(NamedTuple):
    name: str
    cell: str  # the pool's art cell
    data: bytes
    colour: tuple[int, int, int] | None = None  # the art box's colour; None: four quarters


REPORTED = (450, 950, 1800, 1900)
"""Art widths that broke the built-in art box (3:2 like the 900 x 600 JPEG)."""


def cases() -> list[Case]:
    return [
        Case("Wide", "art/wide.jpg", quarters((900, 600))),
        *[Case(f"Width {w}", f"art/w{w}.jpg", quarters((w, w * 2 // 3))) for w in REPORTED],
        Case("Turned", "art/turned.jpg", turned()),
        Case("Dot", "art/dot.gif", solid("P", (1, 1), (200, 30, 90), "GIF"), (200, 30, 90)),
        Case("Strip", "art/strip.png", solid("L", (1, 300), (90, 0, 0), "PNG"), (90, 90, 90)),
        Case("Grey", "art/grey.tif", solid("I;16", (40, 30), (128, 0, 0), "TIFF"), (128,) * 3),
        Case("Float", "art/float.tif", solid("F", (5, 90), (64, 0, 0), "TIFF"), (64,) * 3),
        Case("Ink", "art/ink.jpg", solid("CMYK", (80, 50), (40, 160, 90), "JPEG"), (40, 160, 90)),
        Case("Glass", "art/glass.webp", solid("RGBA", (64, 64), (0, 0, 255), "WEBP"), GLASS),
        Case("Bits", "art\\old\\bits.bmp", solid("1", (33, 21), (0, 0, 0), "BMP"), (0, 0, 0)),
    ]


GLASS = over((0, 0, 255), 128)


def write_game(make_project: Callable[..., Path], all_cases: list[Case]) -> Path:
    rows = "".join(f'{case.name},hero,1,3,,,A card.,"{case.cell}"\n' for case in all_cases)
    root = make_project(cards="name,type,copies,power,school,level,text,art\n" + rows)
    for case in all_cases:
        target = root / "decks" / "tiny" / case.cell.replace("\\", "/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(case.data)
    return root


ART_BOX = (98, 218, 728, 622)
"""The built-in card's art box at 300 dpi, worked out from cardgen/layouts/card.yaml: 0.2 in
from the trim's left and 0.6 in from its top, behind the 1/8 in bleed (97.5 and 217.5 px),
2.1 x 1.35 in (630 x 405 px), each edge rounded to the nearest whole pixel (half to even)."""


def test_every_kind_of_art_builds_and_shows_in_the_art_box(
    make_project: Callable[..., Path], run: Callable[..., Result]
) -> None:
    all_cases = cases()
    root = write_game(make_project, all_cases)
    result = run("build", "tiny", "--project", root)
    assert result.exit_code == 0, result.output + result.stderr
    assert "RN1" not in result.output + result.stderr  # no art missing, nothing warned
    x0, y0, x1, y1 = ART_BOX
    inset = 16  # past the art's rounded corners (1 mm at 300 dpi) and its edge
    inner = (x0 + inset, y0 + inset, x1 - inset, y1 - inset)
    for case in all_cases:
        slug = case.name.lower().replace(" ", "-")
        with Image.open(root / "output" / "tiny" / "cards" / f"{slug}.png") as card:
            image = card.convert("RGB")
        assert image.size == (825, 1125)
        assert image.getpixel((x0 - 3, (y0 + y1) // 2)) == FRAME, case.name  # art keeps to its box
        if case.colour is None:
            check_quarters(image, ART_BOX, case.name)
            continue
        extrema = image.crop(inner).getextrema()
        for band, (low, high) in enumerate(extrema):
            want = case.colour[band]
            assert want - 6 <= low and high <= want + 6, (case.name, extrema)


def check_quarters(image: Image.Image, box: tuple[int, int, int, int], name: str) -> None:
    """Each quarter of the art box shows the art's quarter of that colour (upright)."""
    x0, y0, x1, y1 = box
    points = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]
    for (fx, fy), want in zip(points, QUADRANTS, strict=True):
        got = image.getpixel((math.floor(x0 + fx * (x1 - x0)), math.floor(y0 + fy * (y1 - y0))))
        assert isinstance(got, tuple)
        nearest = min(QUADRANTS, key=lambda q: math.dist(got, q))
        assert nearest == want and math.dist(got, want) < 30, (name, got, want)
