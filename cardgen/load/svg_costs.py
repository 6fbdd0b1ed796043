"""What drawing an SVG will cost, bounded before anything draws it.

An SVG of a few hundred bytes can ask a renderer for more than the art limits allow: a
picture inside it (`<image href="data:image/png;base64,...">`, or a file next to it) of
20,000 x 20,000 pixels; a filter whose work grows with a number it gives (the octaves of
`feTurbulence`, the radius of `feMorphology`, the size of a convolution's kernel, a filter
region far larger than the drawing); nesting thousands of levels deep. Each is checked here
against a limit, at the SVG's line, from the numbers the file writes (a picture's size from
its header, without decoding it).
"""

from __future__ import annotations

import base64
import binascii
import io
import re
import sys
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import IO

from cardgen.errors import CardgenError

MAX_SVG_DEPTH = 100
"""Elements nested in one another (an icon nests a few; an exported drawing some 20)."""
MAX_PICTURE_PIXELS = 40_000_000
"""A picture inside SVG art, as the art limit (`render/art.py` `MAX_ART_PIXELS`); an icon's
SVG is given the icon limit."""
MAX_OCTAVES = 10
"""`feTurbulence`'s `numOctaves`: each octave halves the noise's amplitude, so past 10 an
octave changes no 8-bit colour, but costs as much to draw as the first."""
MAX_MORPHOLOGY_SHARE = 0.0025
"""`feMorphology`'s radius, as a share of the drawing's larger side: its cost grows with
the square of the radius in pixels (at 2,000 px across, 5 px: 121 pixels read a pixel)."""
MAX_BLUR_SHARE = 1.0
"""`feGaussianBlur`'s `stdDeviation`, as a share of the drawing's larger side (a blur wider
than the drawing leaves one colour)."""
MAX_KERNEL = 7
"""`feConvolveMatrix`'s `order` (the kernel's columns and rows; 3 and 5 are usual)."""
MAX_FILTER_REGION = 4.0
"""A filter region's width and height, as times the drawing's (user space) or the
element's box (the default region is 1.2 times)."""

SVG_NS = "{http://www.w3.org/2000/svg}"
_XLINK = "{http://www.w3.org/1999/xlink}href"
_NUMBER = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")

Refuse = Callable[[ET.Element, str], CardgenError]
"""Makes the error for an element: the problem at the element's line."""


def _numbers(value: str | None) -> list[float]:
    return [float(n) for n in _NUMBER.findall(value or "")]


def _fraction(value: str | None, default: float) -> float:
    """A region's width or height: a number, or a percentage as a fraction."""
    if value is None:
        return default
    numbers = _numbers(value)
    if not numbers:
        return default
    return numbers[0] / 100 if value.strip().endswith("%") else numbers[0]


def check_costs(
    root: ET.Element,
    side: float,
    resources: Path,
    refuse: Refuse,
    nested: Callable[[bytes], None],
    max_pixels: int = MAX_PICTURE_PIXELS,
) -> None:
    """Refuse (at the element) any picture, filter or number that would cost more to draw
    than the limits allow; `side` is the drawing's larger side in user units, `resources`
    the folder its relative references are read from (already checked to lie inside the
    project); `nested` checks an SVG the SVG draws as a picture."""
    for element in root.iter():
        tag = element.tag.removeprefix(SVG_NS)
        if tag == "filter":
            _check_region(element, side, refuse)
        elif tag == "feTurbulence":
            octaves = _numbers(element.get("numOctaves"))
            if octaves and octaves[0] > MAX_OCTAVES:
                raise refuse(
                    element,
                    f'feTurbulence numOctaves="{element.get("numOctaves")}": at most'
                    f" {MAX_OCTAVES} (past that an octave changes no colour, but costs as much)",
                )
        elif tag == "feMorphology":
            _at_most(element, "radius", side * MAX_MORPHOLOGY_SHARE, side, refuse)
        elif tag == "feGaussianBlur":
            _at_most(element, "stdDeviation", side * MAX_BLUR_SHARE, side, refuse)
        elif tag == "feConvolveMatrix":
            order = _numbers(element.get("order"))
            if any(n > MAX_KERNEL for n in order):
                raise refuse(
                    element,
                    f'feConvolveMatrix order="{element.get("order")}": a kernel of at most'
                    f" {MAX_KERNEL} x {MAX_KERNEL}",
                )
        if tag in ("image", "feImage"):
            href = element.get("href") or element.get(_XLINK)
            if href:
                _check_picture(element, href.strip(), resources, refuse, max_pixels, nested)


def _at_most(element: ET.Element, name: str, limit: float, side: float, refuse: Refuse) -> None:
    values = _numbers(element.get(name))
    if any(abs(v) > limit for v in values):
        share = limit / side if side else 0
        raise refuse(
            element,
            f'{element.tag.removeprefix(SVG_NS)} {name}="{element.get(name)}": at most'
            f" {limit:g} in this drawing ({share:.2%} of its larger side, {side:g})",
        )


def _check_region(element: ET.Element, side: float, refuse: Refuse) -> None:
    user = element.get("filterUnits") == "userSpaceOnUse"
    for name in ("width", "height"):
        value = element.get(name)
        if value is None:
            continue
        size = _fraction(value, 1.2)
        limit = MAX_FILTER_REGION * (side if user and not value.strip().endswith("%") else 1)
        if abs(size) > limit:
            raise refuse(
                element,
                f'filter {name}="{value}": a filter region of at most {MAX_FILTER_REGION:g}'
                " times the drawing (or the element it filters)",
            )


def _check_picture(
    element: ET.Element,
    href: str,
    resources: Path,
    refuse: Refuse,
    max_pixels: int,
    nested: Callable[[bytes], None],
) -> None:
    """A picture the SVG draws: its size from its header, within `max_pixels`; an SVG
    drawn inside it is checked as an SVG (`nested`)."""
    if href.startswith("#"):
        return
    if href.lower().startswith("data:"):
        header, _, payload = href.partition(",")
        if header.lower().endswith(";base64"):
            try:
                data = base64.b64decode("".join(payload.split()), validate=False)
            except (binascii.Error, ValueError):
                return  # no picture resvg could decode either
        else:
            from urllib.parse import unquote_to_bytes

            data = unquote_to_bytes(payload)
    else:
        path = resources / href.split("#", 1)[0].replace("\\", "/")
        try:
            with path.open("rb") as stream:
                data = stream.read(MAX_PICTURE_BYTES + 1)
        except OSError:
            return  # a missing file draws nothing
        if len(data) > MAX_PICTURE_BYTES and not _is_svg(data):
            found = _picture_size(path.open("rb"))  # sized from its header, never read whole
            _within(element, found, refuse, max_pixels)
            return
        if len(data) > MAX_PICTURE_BYTES:
            raise refuse(
                element,
                f"the SVG draws an SVG of more than {MAX_PICTURE_BYTES:,} bytes, the most an"
                " SVG may have",
            )
    if _is_svg(data):
        nested(data)
        return
    _within(element, _picture_size(io.BytesIO(data)), refuse, max_pixels)


MAX_PICTURE_BYTES = 8_000_000
"""A picture file an SVG refers to is read whole up to this size, as large as an SVG may be
(`load/svg.py` `MAX_SVG_BYTES`); a larger raster is sized from its header only, and a larger
SVG refused."""


def _is_svg(data: bytes) -> bool:
    """Whether a picture's bytes are an SVG (XML) rather than a raster."""
    return data.lstrip()[:1] == b"<" or b"<svg" in data[:4096]


def _within(
    element: ET.Element, found: tuple[int, str] | None, refuse: Refuse, max_pixels: int
) -> None:
    """Refuse a picture of more than `max_pixels` (`found`: its pixels and how to say
    its size; None: not a picture Pillow reads)."""
    if found is not None and found[0] > max_pixels:
        raise refuse(
            element,
            f"the SVG draws a picture of {found[1]}; a picture may have at most {max_pixels:,}",
        )


def _picture_size(stream: IO[bytes]) -> tuple[int, str] | None:
    """A raster picture's pixels and its size as a message says it, from its header
    (nothing decoded); None for what Pillow does not read."""
    from PIL import Image, UnidentifiedImageError

    with stream, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with Image.open(stream) as image:
                width, height = image.size
                return width * height, f"{width:,} x {height:,} pixels ({width * height:,})"
        except Image.DecompressionBombError as exc:  # past Pillow's own bound: it says
            found = re.search(r"\((\d+) pixels\)", str(exc))  # only how many pixels
            if found is None:
                return sys.maxsize, "more pixels than Pillow opens"
            return int(found.group(1)), f"{int(found.group(1)):,} pixels"
        except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
            return None
