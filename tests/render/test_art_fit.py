"""Art of any size, mode and format loads and fits into any box with every fit.

Property tests draw hundreds of (art size and aspect, mode, file format, box size, fit)
combinations: the art is written as a real file, read by `load_art` and fitted by `fit_art`;
nothing may raise, the result is exactly the box's size, and the art's own pixels are where
the fit puts them (the whole box for cover and stretch; a centred rectangle of the art's
aspect for contain, the margins the background). EXIF-rotated files must come out upright.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from PIL import Image

from cardgen.load.layouts import load_layouts
from cardgen.model.layout import Layout, element_adapter
from cardgen.project import Project
from cardgen.render.art import MAX_ART_PIXELS, load_art
from cardgen.render.canvas import Canvas
from cardgen.render.card import render_face
from cardgen.render.fit import fit_art
from tests.render.artfiles import (
    EXTENSIONS,
    LOSSY,
    NATIVE,
    QUADRANTS,
    RGBA,
    Art,
    encode,
    png16,
    quadrants,
    solid_art,
    wide_art,
)

FITS = ("cover", "contain", "stretch")
PAIRS = [(fmt, mode) for fmt, modes in NATIVE.items() for mode in modes]
BACKGROUND: RGBA = (250, 246, 236, 255)

side = st.integers(1, 48)
thin = st.tuples(st.integers(1, 3), st.integers(60, 400))
sizes = st.one_of(st.tuples(side, side), thin, thin.map(lambda s: (s[1], s[0])))
box_side = st.integers(1, 160)
thin_box = st.tuples(st.integers(1, 3), st.integers(60, 300))
boxes = st.one_of(st.tuples(box_side, box_side), thin_box, thin_box.map(lambda s: (s[1], s[0])))
colours = st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))
alphas = st.one_of(st.sampled_from([0, 255]), st.integers(128, 254))


def examples(count: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Hypothesis settings: `count` examples, no deadline (files are written and read)."""
    return settings(
        max_examples=count,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


def written(tmp_path: Path, art: Art, fmt: str, exif: Image.Exif | None = None) -> Path:
    path = tmp_path / f"art{EXTENSIONS[fmt]}"
    path.write_bytes(encode(art, fmt, exif))
    return path


def solid(region: Image.Image, colour: RGBA, tolerance: int) -> bool:
    """Every pixel of an RGBA region is `colour` within `tolerance` (only alpha counts
    where the colour is fully transparent)."""
    extrema = region.getextrema()
    bands = range(4) if colour[3] else (3,)
    return all(
        colour[i] - tolerance <= extrema[i][0] and extrema[i][1] <= colour[i] + tolerance
        for i in bands
    )


def over(colour: RGBA, background: RGBA) -> RGBA:
    """`colour` composited over an opaque background."""
    a = colour[3] / 255
    r, g, b = (round(colour[i] * a + background[i] * (1 - a)) for i in range(3))
    return (r, g, b, 255)


def check_contain_placement(fitted: Image.Image, art: tuple[int, int]) -> tuple[int, ...]:
    """The art's rectangle in a contain fit: centred, touching two sides, the art's aspect."""
    bbox = fitted.getchannel("A").getbbox()
    assert bbox is not None, "the art is missing from the box"
    left, top, right, bottom = bbox
    (width, height), (art_w, art_h) = fitted.size, art
    w, h = right - left, bottom - top
    assert abs(left - (width - right)) <= 1 and abs(top - (height - bottom)) <= 1, bbox
    scale = min(width / art_w, height / art_h)  # the art as large as fits, its aspect kept
    assert abs(w - max(1.0, art_w * scale)) <= 0.5 + 1e-9, (bbox, art)
    assert abs(h - max(1.0, art_h * scale)) <= 0.5 + 1e-9, (bbox, art)
    return bbox


@examples(300)
@given(
    pair=st.sampled_from(PAIRS),
    size=sizes,
    box=boxes,
    fit=st.sampled_from(FITS),
    rgb=colours,
    alpha=alphas,
)
def test_any_solid_art_fills_exactly_what_its_fit_says(
    tmp_path: Path,
    pair: tuple[str, str],
    size: tuple[int, int],
    box: tuple[int, int],
    fit: str,
    rgb: tuple[int, int, int],
    alpha: int,
) -> None:
    fmt, mode = pair
    make = wide_art if fmt.endswith("16") else solid_art
    art = make(mode, size, rgb, alpha)
    loaded = load_art(written(tmp_path, art, fmt))
    assert loaded.mode == "RGBA" and loaded.size == size
    tolerance = (10 if fmt in LOSSY else 1) + (2 if 0 < art.expected[3] < 255 else 0)
    expected = art.expected
    clear = fit_art(loaded, box, fit)
    backed = fit_art(loaded, box, fit, BACKGROUND)
    assert clear.size == box and backed.size == box
    assert clear.mode == "RGBA" and backed.mode == "RGBA"
    if fit != "contain":
        inner: tuple[int, ...] = (0, 0, *box)
    elif expected[3] == 0:  # fully transparent art: nothing but the background anywhere
        assert solid(clear, (0, 0, 0, 0), 0)
        assert solid(backed, BACKGROUND, 0)
        return
    else:
        inner = check_contain_placement(clear, size)
    assert solid(clear.crop(inner), expected, tolerance)
    assert solid(backed.crop(inner), over(expected, BACKGROUND), tolerance + 1)
    if fit == "contain":  # the margins are the background, exactly
        for strip in margins(box, inner):
            assert solid(clear.crop(strip), (0, 0, 0, 0), 0), strip
            assert solid(backed.crop(strip), BACKGROUND, 0), strip


def margins(box: tuple[int, int], inner: tuple[int, ...]) -> list[tuple[int, int, int, int]]:
    """The strips of a box around its inner rectangle (none of them empty)."""
    (width, height), (left, top, right, bottom) = box, inner
    strips = [(0, 0, left, height), (right, 0, width, height)]
    strips += [(left, 0, right, top), (left, bottom, right, height)]
    return [s for s in strips if s[2] > s[0] and s[3] > s[1]]


# --------------------------------------------------------------------------- orientation

UPRIGHT: dict[int, Callable[[Image.Image], Image.Image]] = {
    # What a camera stores for each EXIF orientation, given the upright picture: the
    # inverse of the turn the orientation asks a viewer to make (EXIF 2.3, tag 0x0112).
    1: lambda im: im,
    2: lambda im: im.transpose(Image.Transpose.FLIP_LEFT_RIGHT),
    3: lambda im: im.transpose(Image.Transpose.ROTATE_180),
    4: lambda im: im.transpose(Image.Transpose.FLIP_TOP_BOTTOM),
    5: lambda im: im.transpose(Image.Transpose.TRANSPOSE),
    6: lambda im: im.transpose(Image.Transpose.ROTATE_90),  # viewer turns it 90 deg clockwise
    7: lambda im: im.transpose(Image.Transpose.TRANSVERSE),
    8: lambda im: im.transpose(Image.Transpose.ROTATE_270),
}


def cover_crop(art: tuple[int, int], box: tuple[int, int]) -> tuple[float, float]:
    """How much of the art (in art pixels) a cover fit shows."""
    (art_w, art_h), (width, height) = art, box
    scale = max(width / art_w, height / art_h)
    return (width / scale, height / scale)


def quadrant_colours(
    image: Image.Image, region: tuple[int, int, int, int]
) -> list[tuple[int, ...]]:
    left, top, right, bottom = region
    w, h = right - left, bottom - top
    points = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]
    colours = []
    for fx, fy in points:
        value = image.getpixel((math.floor(left + fx * w), math.floor(top + fy * h)))
        assert isinstance(value, tuple)
        colours.append(value[:3])
    return colours


def assert_quadrants(image: Image.Image, region: tuple[int, int, int, int], lossy: bool) -> None:
    """Each quarter of the region shows its quarter's colour: within 3 levels, or (lossy
    files, whose small blocks smear colour) nearer to it than to any other quarter's."""
    for got, want in zip(quadrant_colours(image, region), QUADRANTS, strict=True):
        if lossy:
            nearest = min(QUADRANTS, key=lambda q: math.dist(got, q))
            assert nearest == want, (got, want)
        else:
            assert all(abs(g - w) <= 3 for g, w in zip(got, want, strict=True)), (got, want)


@examples(200)
@given(
    fmt=st.sampled_from(["PNG", "JPEG", "WEBP", "TIFF"]),
    orientation=st.integers(1, 8),
    size=st.tuples(st.integers(20, 90), st.integers(20, 90)),
    box=st.tuples(st.integers(24, 160), st.integers(24, 160)),
    fit=st.sampled_from(FITS),
)
def test_exif_turned_art_is_upright_and_placed_by_its_fit(
    tmp_path: Path,
    fmt: str,
    orientation: int,
    size: tuple[int, int],
    box: tuple[int, int],
    fit: str,
) -> None:
    if fit == "cover":
        crop = cover_crop(size, box)
        assume(min(crop) >= 20)  # enough of each quarter shows to tell them apart
    stored = UPRIGHT[orientation](quadrants(size))
    exif = Image.Exif()
    exif[0x0112] = orientation
    loaded = load_art(written(tmp_path, Art(stored, (0, 0, 0, 255)), fmt, exif))
    assert loaded.size == size  # upright again
    fitted = fit_art(loaded, box, fit)
    assert fitted.size == box
    region = (0, 0, *box)
    if fit == "contain":
        region = check_contain_placement(fitted, size)
        assume(min(region[2] - region[0], region[3] - region[1]) >= 24)
    assert_quadrants(fitted, region, fmt in LOSSY)


# --------------------------------------------------------------------------- the reported case


@pytest.fixture
def builtin_art_box(make_project: Callable[..., Path]) -> tuple[int, int]:
    """The built-in card layout's art box in pixels, as the renderer rounds it."""
    root = make_project()
    layout = load_layouts(root, Project(root).game("tiny").game).for_type("hero")
    x0, y0, x1, y1 = (round(v) for v in Canvas.of(layout).box(layout.elements["art"]))
    return (x1 - x0, y1 - y0)


@pytest.mark.parametrize("width", [450, 900, 950, 1800, 1900])
@pytest.mark.parametrize("fit", FITS)
def test_the_reported_jpeg_widths_fit_the_builtin_art_box(
    tmp_path: Path, builtin_art_box: tuple[int, int], width: int, fit: str
) -> None:
    assert builtin_art_box == (630, 404)  # 2.1 x 1.35 in at 300 dpi, edges rounded
    art = Art(quadrants((width, width * 2 // 3)), (0, 0, 0, 255))
    loaded = load_art(written(tmp_path, art, "JPEG"))
    fitted = fit_art(loaded, builtin_art_box, fit)
    assert fitted.size == builtin_art_box
    region = (0, 0, *builtin_art_box)
    if fit == "contain":
        region = check_contain_placement(fitted, loaded.size)
    assert_quadrants(fitted, region, lossy=True)


@pytest.mark.parametrize("size", [(MAX_ART_PIXELS, 1), (8000, 5000)])
def test_art_at_the_pixel_guard_fits_every_way_in_seconds(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """As large as cardgen takes (a 40-megapixel strip, a 40-megapixel photo): Lanczos over
    the whole span took 6 s and 2 GB a fit of the strip."""
    path = tmp_path / "big.png"
    Image.new("1", size, 1).save(path)  # a few kB on disk
    started = time.process_time()
    loaded = load_art(path)
    for fit in FITS:
        fitted = fit_art(loaded, (630, 404), fit)
        assert fitted.size == (630, 404)
        bbox = fitted.getchannel("A").getbbox()
        assert bbox is not None
        assert solid(fitted.crop(bbox), (255, 255, 255, 255), 0)
    assert time.process_time() - started < 8  # 19 s before, 1.3 s now


# --------------------------------------------------------------------------- on a card


@examples(150)
@given(
    size=sizes,
    fit=st.sampled_from(FITS),
    at=st.tuples(st.integers(0, 120), st.integers(0, 170)),
    box=st.tuples(st.integers(1, 140), st.integers(1, 190)),
    radius=st.integers(0, 12),
    opacity=st.sampled_from([1.0, 0.5]),
)
def test_art_drawn_into_any_box_of_a_card_shows_in_it(
    tmp_path: Path,
    size: tuple[int, int],
    fit: str,
    at: tuple[int, int],
    box: tuple[int, int],
    radius: int,
    opacity: float,
) -> None:
    """The image element as a layout draws it (rounded corners, opacity, any box on or off
    the canvas): never an exception, and the art's colour at the middle of its box."""
    folder = tmp_path / "decks" / "g"
    folder.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, (200, 20, 60)).save(folder / "a.png")
    element = element_adapter().validate_python(
        {
            "kind": "image",
            "src": "{art}",
            "fit": fit,
            "x": f"{at[0]}px",
            "y": f"{at[1]}px",
            "width": f"{box[0]}px",
            "height": f"{box[1]}px",
            "radius": f"{radius}px",
            "opacity": opacity,
        }
    )
    layout = Layout(name="t", dpi=50, bleed="0", background="#ffffff", elements={"art": element})
    face, warnings = render_face(
        layout,
        {"name": "A", "art": "a.png"},
        subject=None,
        project_root=tmp_path,
        game_folder=folder,
        label="A",
    )
    assert warnings == []
    inner = box  # where the art lies in its box: all of it, or (contain) a centred part
    if fit == "contain":
        scale = min(box[0] / size[0], box[1] / size[1])
        inner = (max(1, round(size[0] * scale)), max(1, round(size[1] * scale)))
    middle = tuple(a + (b - i) // 2 + i // 2 for a, b, i in zip(at, box, inner, strict=True))
    inside = middle[0] < face.width and middle[1] < face.height
    if inside and min(box) >= 4 and radius <= min(box) // 4:
        want = (200, 20, 60) if opacity == 1 else (228, 138, 158)
        got = face.getpixel(middle)
        assert isinstance(got, tuple) and math.dist(got, want) <= 3, (got, want)


@pytest.mark.parametrize("channels", [(40000,), (40000, 20000, 1000)])
def test_a_16_bit_pngs_transparent_colour_is_transparent(
    tmp_path: Path, channels: tuple[int, ...]
) -> None:
    """Grey or RGB: the tRNS colour is see-through, every other colour opaque."""
    path = tmp_path / "key.png"
    path.write_bytes(png16((3, 2), channels, transparent=(1000,) * len(channels)))
    loaded = load_art(path)
    assert [loaded.getchannel("A").getpixel((x, 0)) for x in range(3)] == [0, 255, 255]
