"""SVG card art: an `.svg` file drawn straight into its box at the box's pixel size.

The drawing is never rasterized small and scaled up: `cardgen.render.vector` draws it at
exactly the box's size with the view box the element's `fit` asks for (`contain`: the
whole drawing, centred, what lies outside its own view box clipped away as a raster's
margins would be; `cover`: the box filled, the drawing's centre kept; `stretch`: its view
box stretched onto the box). A problem is a `CardgenError` located at the SVG file and
its own line, as `cardgen.render.card_art` reports art it cannot draw. `art_digest` is what
the build's cache keeps of an art file: its bytes, and for an SVG the bytes of every file
of the project it refers to (`<image href="hero.png">`).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from PIL import Image, ImageChops

from cardgen.cache import digest, file_digest
from cardgen.errors import CardgenError, Location, display_path
from cardgen.load.svg import ViewBox, is_svg, read_svg, referenced_files
from cardgen.render.fit import FitMode
from cardgen.render.vector import fit_view_box, render_svg

SUPERSAMPLE = 1
"""How many times larger SVG art is drawn before it is reduced to the box: 1, resvg's own
anti-aliasing. Measured against 4x on a disc, a rotated square, crossing hairlines and
text in boxes of 120 to 630 px: filled shapes differ by a mean of 0.01 to 0.1 levels of
255, hairlines and text by 0.15 to 0.75 (3.5 for the hairlines in 120 px), a few edge
pixels by up to 75; 2x alone takes four times as long (226 ms against 59 ms for a
741 x 555 px art box), for edges no print shows."""

_AT_LINE = re.compile(r"(\d+): (.*)", re.DOTALL)


def svg_art(path: Path, project_root: Path, size: tuple[int, int], mode: FitMode) -> Image.Image:
    """The SVG at `path` (inside `project_root`) drawn as an RGBA image of `size`, placed
    as `mode` says; a hostile or broken SVG raises a `CardgenError` at its file and line."""
    shown = display_path(path)
    try:
        doc = read_svg(path, project_root, shown)
        view_box = fit_view_box(doc.view_box, size, mode)
        image = render_svg(doc, size, view_box, supersample=SUPERSAMPLE)
    except CardgenError as exc:
        raise _located(exc, shown) from None
    if mode == "contain":
        image = _clipped(image, doc.view_box, view_box)
    return image


def _located(exc: CardgenError, shown: str) -> CardgenError:
    """The SVG reader's `file:line: problem` as an error located at that file and line."""
    if exc.location is not None or not exc.problem.startswith(shown + ":"):
        return exc
    rest = exc.problem[len(shown) + 1 :]
    found = _AT_LINE.fullmatch(rest)
    if found is not None:
        return CardgenError(found.group(2), Location(shown, int(found.group(1))))
    return CardgenError(rest.strip(), Location(shown))


def _clipped(image: Image.Image, own: ViewBox, shown: ViewBox) -> Image.Image:
    """`image` (drawn showing `shown`) with what lies outside the drawing's `own` view box
    made transparent, partly so for the pixels its edges cross."""
    width, height = image.size
    scale = width / shown[2]
    left, top = (own[0] - shown[0]) * scale, (own[1] - shown[1]) * scale
    right, bottom = left + own[2] * scale, top + own[3] * scale
    columns = _coverage(left, right, width)
    rows = _coverage(top, bottom, height)
    if min(columns) == 255 and min(rows) == 255:
        return image
    across = Image.new("L", (width, 1))
    across.putdata(columns)
    down = Image.new("L", (1, height))
    down.putdata(rows)
    inside = ImageChops.multiply(
        across.resize(image.size, Image.Resampling.NEAREST),
        down.resize(image.size, Image.Resampling.NEAREST),
    )
    image.putalpha(ImageChops.multiply(image.getchannel("A"), inside))
    return image


def _coverage(start: float, end: float, count: int) -> list[int]:
    """How much of each of `count` unit pixels lies between `start` and `end`, of 255."""
    return [round(255 * max(0.0, min(end, i + 1) - max(start, i))) for i in range(count)]


def art_digest(path: Path, project_root: Path) -> str:
    """What the cache keeps of an art file: its bytes' digest, and for an SVG also that of
    every project file it refers to, so that a changed `<image href>` redraws its cards
    (an SVG that cannot be read is kept by its bytes alone: drawing it reports why)."""
    own = file_digest(path)
    if not is_svg(path):
        return own
    refs = _references(str(path), own, str(project_root))
    if not refs:
        return own
    root = project_root.resolve()
    return digest(
        "svg-art",
        own,
        [
            [ref.relative_to(root).as_posix(), file_digest(ref) if ref.is_file() else "missing"]
            for ref in refs
        ],
    )


@functools.lru_cache(maxsize=256)
def _references(path: str, _digest: str, project_root: str) -> tuple[Path, ...]:
    """The project files the SVG at `path` (of that content digest) refers to; none when
    it cannot be read."""
    try:
        return tuple(referenced_files(read_svg(Path(path), Path(project_root))))
    except CardgenError:
        return ()
