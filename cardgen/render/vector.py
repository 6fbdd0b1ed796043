"""Drawing SVGs: a checked `SvgDocument` rasterized at any size by resvg, no bitmap between.

resvg (Rust, through resvg-py: wheels for Linux, macOS and Windows, no system library) draws
the document with only the fonts cardgen ships (ReportLab's Vera family): no system font is
looked at, so an SVG with text draws the same everywhere. The document's root is given the
output size and the view box to show (`fit_view_box`: the whole drawing centred, the box
covered, or stretched), so the drawing is scaled by the renderer itself. With `supersample`
it is drawn that many times larger and each pixel is the mean of its block (premultiplied),
as the built-in icons always were, so edges match theirs.
"""

from __future__ import annotations

import functools
import io
import xml.etree.ElementTree as ET
from pathlib import Path

import resvg_py
from PIL import Image

from cardgen.errors import CardgenError, display_path
from cardgen.load.svg import SvgDocument, ViewBox

MAX_SVG_PIXELS = 60_000_000
"""The largest raster an SVG is drawn at (supersampling included)."""

VERA = "Bitstream Vera Sans"
"""The family every SVG text is set in, whatever family it names (generic ones included)."""


@functools.cache
def _font_files() -> list[str]:
    """The Vera family ReportLab ships: the only fonts an SVG's text is set in."""
    import reportlab

    folder = Path(reportlab.__file__).parent / "fonts"
    return [str(folder / n) for n in ("Vera.ttf", "VeraBd.ttf", "VeraIt.ttf", "VeraBI.ttf")]


def fit_view_box(
    view_box: ViewBox, size: tuple[float, float], mode: str, pad: float = 0
) -> ViewBox:
    """The view box that maps onto an output of `size` pixels (less `pad` on every side) so
    the drawing is shown whole and centred (`contain`), fills it, cut at the sides or top and
    bottom (`cover`), or is stretched to it (`stretch`)."""
    x, y, w, h = view_box
    out_w, out_h = size
    if mode == "stretch":
        inner_w, inner_h = max(out_w - 2 * pad, 1e-9), max(out_h - 2 * pad, 1e-9)
        kx, ky = inner_w / w, inner_h / h
        return (x - pad / kx, y - pad / ky, out_w / kx, out_h / ky)
    inner = (max(out_w - 2 * pad, 1e-9), max(out_h - 2 * pad, 1e-9))
    scales = (inner[0] / w, inner[1] / h)
    k = min(scales) if mode == "contain" else max(scales)
    cx, cy = x + w / 2, y + h / 2
    return (cx - out_w / (2 * k), cy - out_h / (2 * k), out_w / k, out_h / k)


def render_svg(
    doc: SvgDocument,
    size: tuple[int, int],
    view_box: ViewBox | None = None,
    *,
    supersample: int = 1,
) -> Image.Image:
    """The SVG drawn as an RGBA image of `size`, showing `view_box` (the document's own box
    when None) stretched onto the whole image; a renderer failure is a `CardgenError`."""
    w, h = int(size[0]), int(size[1])
    if w <= 0 or h <= 0:
        raise ValueError(f"an SVG is drawn at a positive size, got {size!r}")
    ss = max(1, int(supersample))
    big = (w * ss, h * ss)
    if big[0] * big[1] > MAX_SVG_PIXELS:
        raise CardgenError(
            f"{display_path(doc.path)}: drawing it at {big[0]} x {big[1]} px is more than"
            f" the {MAX_SVG_PIXELS:,} pixels allowed"
        )
    vx, vy, vw, vh = view_box or doc.view_box
    attrib = dict(doc.root.attrib)
    attrib.update(
        width=str(big[0]),
        height=str(big[1]),
        viewBox=f"{vx!r} {vy!r} {vw!r} {vh!r}",
        preserveAspectRatio="none",
    )
    root = ET.Element(doc.root.tag, attrib)
    root.text = doc.root.text
    root.extend(list(doc.root))
    text = ET.tostring(root, encoding="unicode")
    try:
        png = resvg_py.svg_to_bytes(
            svg_string=text,
            skip_system_fonts=True,
            font_files=_font_files(),
            font_family=VERA,
            serif_family=VERA,
            sans_serif_family=VERA,
            cursive_family=VERA,
            fantasy_family=VERA,
            monospace_family=VERA,
            resources_dir=str(doc.resources),
        )
    except ValueError as exc:
        raise CardgenError(f"{display_path(doc.path)}: the SVG cannot be drawn: {exc}") from None
    with Image.open(io.BytesIO(png)) as opened:
        image = opened.convert("RGBA")
    if image.size != big:  # resvg rounds its size; never a pixel off what was asked
        canvas = Image.new("RGBA", big, (0, 0, 0, 0))
        canvas.paste(image.crop((0, 0, *big)), (0, 0))
        image = canvas
    if ss > 1:
        image = image.convert("RGBa").reduce(ss).convert("RGBA")
    return image


def single_colour(image: Image.Image, tolerance: int = 24) -> bool:
    """Whether every opaque pixel of a drawing has one colour (within `tolerance` on each
    channel; edge pixels are left out): such an SVG is a shape to recolour, one of more
    colours is kept as drawn. An empty drawing counts as one colour."""
    alpha = image.getchannel("A")
    solid = alpha.point(lambda a: 255 if a >= 250 else 0)
    if solid.getbbox() is None:
        solid = alpha.point(lambda a: 255 if a > 0 else 0)
        if solid.getbbox() is None:
            return True
    black = Image.new("L", image.size, 0)
    for band in image.convert("RGB").split():
        high = _highest(Image.composite(band, black, solid))
        low = 255 - _highest(Image.composite(band.point(lambda v: 255 - v), black, solid))
        if high - low > tolerance:
            return False
    return True


def _highest(band: Image.Image) -> int:
    """The largest value of a one-band image."""
    extrema = band.getextrema()
    assert isinstance(extrema[1], int)
    return extrema[1]
