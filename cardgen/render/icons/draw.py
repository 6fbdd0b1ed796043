"""Drawing the built-in icons: each one's SVG file read once, drawn fitted into a box by the
SVG renderer, its coverage coloured, the result cached (`render_icon`).

An icon's file draws its shape in one colour (a mask over a `currentColor` rectangle) and
its `viewBox` is the shape's extent. `render_icon` keeps an empty margin of `_PAD` of the
box's smaller side and scales the shape so its larger side spans the rest of that smaller
side, centred: a wide icon in a tall box is as large as in a square one.
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from pathlib import Path

from PIL import Image, ImageColor

from cardgen.load.svg import SVG_NS, SvgDocument, ViewBox, read_svg
from cardgen.model.icon_names import ALIASES, unknown_icon
from cardgen.render.vector import fit_view_box, render_svg

ICON_DIR = Path(__file__).resolve().parent.parent.parent / "icons"
"""The folder of the built-in icons' SVG files, one per English name."""

ICONS: dict[str, Path] = {path.stem: path for path in sorted(ICON_DIR.glob("*.svg"))}
"""Every built-in icon's English name -> its SVG file."""

_PAINTS = frozenset({"white", "black", "none", "#fff", "#ffffff", "#000", "#000000"})
_ABOUT = frozenset({f"{{{SVG_NS}}}{tag}" for tag in ("title", "desc", "metadata")})

#: Empty margin `render_icon` leaves around the icon, as a fraction of the smaller side,
#: so anti-aliased edges are never clipped by the image border.
_PAD = 0.06


@functools.cache
def _document(path: Path) -> SvgDocument:
    """An icon's file, read and checked once."""
    return read_svg(path, ICON_DIR, f"built-in icon {path.name}")


def mask_drawing(doc: SvgDocument) -> SvgDocument | None:
    """For a file that is one black-and-white mask over one shape (as every built-in is),
    the mask's shapes drawn on black: their brightness is the icon's coverage as the mask
    gives it (within a level, but where two edges cross inside one pixel), drawn in a third
    of the time; None for any other file."""
    drawn = [e for e in doc.root if e.tag not in _ABOUT]
    if len(drawn) != 2 or drawn[0].tag != f"{{{SVG_NS}}}mask":
        return None
    mask, shape = drawn
    region = {k: mask.get(k) for k in ("x", "y", "width", "height")}
    if mask.get("maskUnits") != "userSpaceOnUse" or None in region.values():
        return None
    if shape.get("mask") != f"url(#{mask.get('id')})":
        return None
    for element in mask.iter():
        if set(element.attrib) & {"style", "class", "opacity", "fill-opacity", "stroke-opacity"}:
            return None
        if not {element.get("fill", "none"), element.get("stroke", "none")} <= _PAINTS:
            return None
    root = ET.Element(doc.root.tag, dict(doc.root.attrib))
    ET.SubElement(
        root, f"{{{SVG_NS}}}rect", {k: str(v) for k, v in region.items()} | {"fill": "black"}
    )
    root.extend(list(mask))
    return SvgDocument(root, doc.view_box, doc.path, doc.resources)


@functools.cache
def _mask_drawing(path: Path) -> SvgDocument | None:
    """An icon file's `mask_drawing`, made once."""
    return mask_drawing(_document(path))


def icon_view_box(view_box: ViewBox, size: tuple[int, int]) -> ViewBox:
    """What of the drawing an icon image of `size` shows: the drawing's larger side onto
    the box's smaller side less the pad, centred."""
    x, y, w, h = view_box
    side = max(w, h)
    square = (x + w / 2 - side / 2, y + h / 2 - side / 2, side, side)
    return fit_view_box(square, size, "contain", _PAD * min(size))


def _rgb(color: tuple[int, int, int] | str) -> tuple[int, int, int]:
    """A colour as (r, g, b): a string Pillow reads or three components 0..255."""
    if isinstance(color, str):
        parsed = ImageColor.getrgb(color)
        return (parsed[0], parsed[1], parsed[2])
    r, g, b = color
    for v in (r, g, b):
        if not 0 <= int(v) <= 255:
            raise ValueError(f"colour components must be 0..255, got {color!r}")
    return (int(r), int(g), int(b))


@functools.lru_cache(maxsize=256)
def _coverage(name: str, size: tuple[int, int], supersample: int) -> Image.Image:
    """How much of each pixel icon `name` covers at `size` (an "L" image; cached, so an icon
    in several colours is drawn once)."""
    doc = _document(ICONS[name])
    view_box = icon_view_box(doc.view_box, size)
    fast = _mask_drawing(ICONS[name])
    if fast is not None:
        return render_svg(fast, size, view_box, supersample=supersample).getchannel("R")
    return render_svg(doc, size, view_box, supersample=supersample).getchannel("A")


@functools.lru_cache(maxsize=512)
def _render(
    name: str, size: tuple[int, int], rgb: tuple[int, int, int], supersample: int
) -> Image.Image:
    """Icon `name` drawn at `size`, its coverage the alpha of `rgb` (cached)."""
    out = Image.new("RGBA", size, (*rgb, 0))
    out.putalpha(_coverage(name, size, supersample))
    return out


def render_icon(
    name: str,
    size: tuple[int, int],
    color: tuple[int, int, int] | str,
    *,
    supersample: int = 1,
) -> Image.Image:
    """Render icon `name` as an RGBA image of `size`: alpha is the anti-aliased mask, RGB `color`.

    `name` is an English name or an alias (`lune` draws `moon`). resvg anti-aliases every
    edge itself (four rows of samples a pixel, as the old sketches' 4 x 4 supersampling had);
    `supersample` draws that many times larger and averages each block on top (4 matched the
    sketches no better, at 7 to 16 times the cost). Results are cached; each call returns a
    fresh copy. Unknown names raise `KeyError`.
    """
    name = ALIASES.get(name, name)
    if name not in ICONS:
        raise KeyError(unknown_icon(name))
    w, h = int(size[0]), int(size[1])
    if w <= 0 or h <= 0:
        raise ValueError(f"icon size must be positive, got {size!r}")
    if supersample < 1:
        raise ValueError(f"supersample must be at least 1, got {supersample!r}")
    return _render(name, (w, h), _rgb(color), int(supersample)).copy()
