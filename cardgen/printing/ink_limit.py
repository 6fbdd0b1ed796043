"""A shop's total-ink limit applied to a CMYK image, pixel by pixel.

After the profile's separation, a pixel whose four inks add up to more than the limit
(240 % is 612 in 8-bit terms, where 255 is 100 % of one ink) is brought within it in two
steps, both in whole numbers (Pillow's ImageMath on 32-bit planes, no numpy), so the same
image gives the same bytes:

1. grey component replacement: the grey that cyan, magenta and yellow share (the least of
   the three) moves into black, as much as the excess asks (each unit moved saves two:
   three of colour for one of black) and as black has room for;
2. undercolour removal: if the pixel is still over, cyan, magenta and yellow are scaled
   down together (black kept) until the four add up to the limit at most.

Black text stays black: its black only grows, and the colour under it is what gives way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageMath

FULL = 255
"""One ink at 100 %, in an 8-bit channel."""


def ink_units(percent: float) -> int:
    """A total-ink limit in percent as the most the four 8-bit channels may add up to."""
    return int(percent * FULL / 100)


def _limited(planes: Mapping[str, Any]) -> tuple[Any, Any, Any, Any]:
    """The four planes (Pillow's ImageMath operands, by name) within `limit`: grey moved
    into black, then colour scaled down."""
    c, m, y, k, limit = (planes[n] for n in ("c", "m", "y", "k", "limit"))
    smaller, larger = planes["min"], planes["max"]
    excess = larger(c + m + y + k - limit, 0)
    grey = smaller(smaller(smaller(c, m), y), FULL - k)
    moved = smaller(grey, (excess + 1) / 2)
    c, m, y, k = c - moved, m - moved, y - moved, k + moved
    colour = c + m + y
    room = limit - k
    kept = smaller(colour, room)
    divisor = larger(colour, 1)
    return c * kept / divisor, m * kept / divisor, y * kept / divisor, k


def limit_ink(image: Image.Image, percent: float | None) -> Image.Image:
    """`image` (CMYK) with every pixel's total ink at `percent` at most; as it is when the
    shop has no limit (None) or the limit is above what four inks can reach."""
    if percent is None or ink_units(percent) >= 4 * FULL:
        return image
    if image.mode != "CMYK":
        raise ValueError(f"an ink limit applies to a CMYK image, not {image.mode}")
    c, m, y, k = (band.convert("I") for band in image.split())
    results = ImageMath.lambda_eval(_limited, limit=ink_units(percent), c=c, m=m, y=y, k=k)
    eight_bit = [ImageMath.lambda_eval(lambda a: a["convert"](a["p"], "L"), p=r) for r in results]
    return Image.merge("CMYK", eight_bit)
