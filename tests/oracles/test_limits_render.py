"""The rows of docs/limits.md about drawing, each at its limit (accepted) and one past it
(refused with its message): art pixels, the card's canvas, DPI, element reach, outlines,
font size, line spacing and polygon sides, hex rings, card file names and TTS sheets. The
numbers come from the table; canvases are worked out here from the physical card sizes."""

from __future__ import annotations

import json
import re
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from PIL import Image

from cardgen.errors import CardgenError
from cardgen.load.layouts import load_layouts
from cardgen.project import Project
from cardgen.render.art import load_art
from tests.oracles.games import Row, ok, write_game
from tests.oracles.limits_doc import documented, numbers, rows

Make = Callable[..., Path]
Run = Callable[..., Result]
ART = "an art image"
CANVAS = "a card's canvas (trim + bleed at the layout's DPI)"
DPI = "a layout's DPI"
REACH = (
    "an element's position and size (`x`, `y`, `width`, `height`, `radius`, `stroke_width`,"
    " `points`)"
)
OUTLINE = "an outline (`outline_width` of text and icons)"
TYPOGRAPHY = "font size, line spacing, polygon sides"
HEXES = "a hex offset (`hexes` fields)"
FILE_NAME = "a card's file name"
SHEETS = "TTS sprite sheets"
# A poker card (2.5 x 3.5 in) with 1/8 in of bleed at 50 dpi: the canvas in pixels.
CANVAS_50 = ((2.5 + 0.25) * 50, (3.5 + 0.25) * 50)


def problems(make_project: Make, layout: str) -> list[str]:
    """What loading the tiny game's hero layout says: [] when it loads."""
    root = make_project(extra={"../../layouts/tiny/hero.yaml": layout})
    try:
        load_layouts(root, Project(root).game("tiny").game)
    except CardgenError as exc:
        return str(exc).splitlines()
    return []


def png_header(path: Path, width: int, height: int) -> None:
    """A PNG whose header says `width` x `height` (with one row of pixels, not all)."""

    def chunk(tag: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))

    header = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    pixels = chunk(b"IDAT", zlib.compress(b"\0" + b"\0" * 3 * width))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + header + pixels + chunk(b"IEND", b""))


def test_art_of_the_limit_is_drawn_and_a_pixel_more_refused(tmp_path: Path) -> None:
    limit = documented(ART)
    Image.new("1", (8_000, limit // 8_000)).save(tmp_path / "at.png")  # cheap to decode
    assert load_art(tmp_path / "at.png").size == (8_000, limit // 8_000)
    assert (limit + 1) % 53 == 0  # 53 x 754,717: one pixel more, as a real image shape
    png_header(tmp_path / "past.png", 53, (limit + 1) // 53)
    with pytest.raises(CardgenError) as info:
        load_art(tmp_path / "past.png")
    assert f"({limit + 1:,} pixels); the limit is {limit:,}" in str(info.value)


def test_a_canvas_of_the_limit_loads_and_a_bigger_one_is_refused(make_project: Make) -> None:
    low, high = documented(CANVAS, 0), documented(CANVAS, 1)
    # 1000 dpi, no bleed: 8 x 5 in is 8,000 x 5,000 px; a 1 px wide card is 0.001 in
    assert problems(make_project, "size: 8in x 5in\ndpi: 1000\nbleed: 0in\n") == []
    assert high == 8_000 * 5_000
    (past,) = problems(make_project, "size: 8in x 5.000000125in\ndpi: 1000\nbleed: 0in\n")
    assert f"({high + 1:,} pixels with its bleed)" in past and f"at most {high:,}" in past
    assert problems(make_project, "size: 0.001in x 1in\ndpi: 1000\nbleed: 0in\n") == []
    assert low == 1
    (thin,) = problems(make_project, "size: 0.0009in x 1in\ndpi: 1000\nbleed: 0in\n")
    assert "a card must be at least 1 px a side" in thin


def test_dpi_within_its_bounds(make_project: Make) -> None:
    low, high = documented(DPI, 0), documented(DPI, 1)
    for dpi in (low, high):
        assert problems(make_project, f"extends: builtin:card\ndpi: {dpi}\n") == [], dpi
    for dpi, word in ((low - 1, "greater than or equal"), (high + 1, "less than or equal")):
        (problem,) = problems(make_project, f"extends: builtin:card\ndpi: {dpi}\n")
        assert f"dpi: Input should be {word} to" in problem


def element(**keys: str) -> str:
    body = "".join(f"    {k}: {v}\n" for k, v in keys.items())
    return f"extends: builtin:card\ndpi: 50\nelements:\n  box:\n    kind: rect\n{body}"


@pytest.mark.parametrize("key", ["x", "y", "width", "height"])
def test_element_reach_within_its_bounds(make_project: Make, key: str) -> None:
    times = numbers(REACH)[0]
    side = CANVAS_50[0] if key in ("x", "width") else CANVAS_50[1]
    reach = times * side
    assert problems(make_project, element(**{key: f"{reach}px"})) == []
    (past,) = problems(make_project, element(**{key: f"{reach + 1}px"}))
    assert f"element box: {key} {reach + 1}px is too large for the card" in past
    if key in ("x", "y"):
        assert problems(make_project, element(**{key: f"-{reach}px"})) == []
        assert problems(make_project, element(**{key: f"-{reach + 1}px"}))
    else:
        (negative,) = problems(make_project, element(**{key: "-1px"}))
        assert f"{key} -1px is negative" in negative


def test_an_outline_within_its_bound(make_project: Make) -> None:
    share = numbers(OUTLINE)[0] / 100
    widest = share * min(CANVAS_50)

    def text(width: float) -> str:
        return (
            "extends: builtin:card\ndpi: 50\nelements:\n  title:\n"
            f"    outline_width: {width}px\n    outline: '#000000'\n"
        )

    assert problems(make_project, text(widest)) == []
    (past,) = problems(make_project, text(widest + 0.01))
    assert "outline_width" in past and "is too large for the card" in past


@pytest.mark.parametrize(
    ("key", "index", "low"),
    [("size", 0, None), ("line_spacing", 1, None), ("sides", 3, 2)],
)
def test_typography_within_its_bounds(
    make_project: Make, key: str, index: int, low: int | None
) -> None:
    high = documented(TYPOGRAPHY, index)
    kind = "polygon" if key == "sides" else "text"

    def layout(value: float) -> str:
        extra = "    text: x\n" if kind == "text" else ""
        return (
            "extends: builtin:card\ndpi: 50\nelements:\n  thing:\n"
            f"    kind: {kind}\n    x: 0\n    y: 0\n    width: 50%\n    height: 50%\n"
            f"{extra}    {key}: {value}\n"
        )

    assert problems(make_project, layout(high)) == []
    step = 1 if key == "sides" else 0.01
    (past,) = problems(make_project, layout(high + step))
    assert f"{key}: Input should be less than or equal to {high}" in past
    if low is not None:
        assert documented(TYPOGRAPHY, 2) == low + 1
        assert problems(make_project, layout(low + 1)) == []
        (below,) = problems(make_project, layout(low))
        assert f"{key}: Input should be greater than or equal to {low + 1}" in below


def test_a_hex_grid_of_the_most_rings_is_drawn_and_one_more_refused(tmp_path: Path) -> None:
    rings = documented(HEXES, -1)  # the row's last number: the rings

    def render(ring: int) -> Result:
        helper = (
            "extends: builtin:card\ndpi: 50\nelements:\n  grid:\n    kind: helper\n"
            "    name: hex_pattern\n    x: 0\n    y: 0\n    width: 100%\n    height: 50%\n"
            f"    params: {{cells: [[1, 0]], ring: {ring}}}\n"
        )
        root = write_game(tmp_path / str(ring), [Row("Aria", "t0")], layout=helper)
        from tests.oracles.games import cli

        return cli("render", "gen", "--project", root, "--out", tmp_path / f"r{ring}")

    assert render(rings).exit_code == 0
    past = render(rings + 1)
    assert past.exit_code == 2
    assert f"a hex grid of {rings + 1} rings cannot be drawn (0 to {rings})" in past.stderr


def test_card_file_names_up_to_the_limit(tmp_path: Path) -> None:
    limit = documented(FILE_NAME)
    at, past, other = "a" * limit, "a" * (limit + 1), "a" * limit + "b"
    root = write_game(tmp_path, [Row(at, "t0"), Row(past, "t0"), Row(other, "t0")])
    data = json.loads(
        ok("render", "gen", "--project", root, "--out", tmp_path / "r", "--format", "json").stdout
    )
    stems = {c["name"]: Path(c["file"]).stem for c in data["cards"]}
    assert stems[at] == at  # at the limit: the name as it is
    assert len(stems[past]) <= limit and len(stems[other]) <= limit  # cut, and apart
    assert len({stems[at], stems[past], stems[other]}) == 3


def test_tts_sheets_up_to_their_limits(tmp_path: Path) -> None:
    cols, rows, side = (documented(SHEETS, i) for i in range(3))

    def sheets(count: int, width_px: int, name: str) -> list[tuple[int, int, int, int]]:
        dpi = 256
        layout = (
            f"size: {width_px / dpi}in x 1in\ndpi: {dpi}\nbleed: 0in\nelements:\n"
            "  title: {kind: text, text: '{name}', x: 0, y: 0, width: 100%, height: 50%}\n"
        )
        rows_ = [Row(f"Card {i:03d}", "t0") for i in range(count)]
        root = write_game(tmp_path / name, rows_, layout=layout)
        out = tmp_path / name / "tts"
        ok("tts", "gen", "--project", root, "--out", out)
        save = json.loads((out / "gen.json").read_text())
        found = []
        for entry in save["ObjectStates"][0]["CustomDeck"].values():
            with Image.open(entry["FaceURL"].removeprefix("file://")) as image:
                found.append((entry["NumWidth"], entry["NumHeight"], *image.size))
        return sorted(found)

    assert sheets(cols * rows, 40, "full") == [(cols, rows, cols * 40, rows * 256)]
    assert [s[:2] for s in sheets(cols * rows + 1, 40, "more")] == [(1, 1), (cols, rows)]
    # eight cards a row: 512 px cells make a sheet exactly 4,096 px wide; 513 px ones shrink
    assert side == 8 * 512
    assert sheets(8, 512, "wide") == [(8, 1, side, 256)]
    ((_, _, width, _),) = sheets(8, 513, "wider")
    assert width <= side


FORMATS = "art formats and modes"
COLOURS = "colours"
BASE_URL = "`--base-url`"
SAVED_AS = {
    "PNG": "png",
    "JPEG": "jpg",
    "WEBP": "webp",
    "GIF": "gif",
    "TIFF": "tif",
    "BMP": "bmp",
    "TGA": "tga",
    "PPM": "ppm",
}
MODES = {
    "PNG": ["1", "L", "LA", "P", "RGB", "RGBA", "I;16"],
    "JPEG": ["L", "RGB", "CMYK"],
    "WEBP": ["RGB", "RGBA"],
    "GIF": ["L", "P"],
    "TIFF": ["1", "L", "LA", "RGB", "RGBA", "CMYK", "I;16", "I", "F"],
    "BMP": ["1", "L", "P", "RGB"],
    "TGA": ["L", "LA", "P", "RGB", "RGBA"],
    "PPM": ["1", "L", "RGB"],
}
MODE_WORDS = {
    "1": "1",
    "L": "L",
    "LA": "LA",
    "P": "P with or without transparency",
    "RGB": "RGB",
    "RGBA": "RGBA",
    "CMYK": "CMYK",
    "I;16": "16-bit",
    "I": "32-bit",
    "F": "float greys",
}
"""Each Pillow mode as the row's list of modes names it (16-bit, 32-bit and float greys)."""


def listed_modes(limit: str) -> list[str]:
    """The modes the row lists, one entry each: `in every mode (1, L, ...)`."""
    found = re.search(r"in every mode \((.*?)\), drawn", limit)
    assert found is not None, limit
    return re.split(r", | and ", found.group(1))


def sample(mode: str) -> Image.Image:
    """A 7 x 5 image of `mode` with a gradient in it (not one flat value)."""
    grey = Image.linear_gradient("L").resize((7, 5))
    if mode in ("I;16", "I", "F"):
        return grey.convert("I").point(lambda v: v * 200).convert(mode)
    if mode == "P":
        return grey.convert("RGB").convert("P")
    return grey.convert("RGB").convert(mode) if mode != "1" else grey.convert("1")


@pytest.mark.parametrize(
    ("fmt", "mode"), [(f, m) for f, modes in MODES.items() for m in modes], ids=str
)
def test_every_listed_format_and_mode_is_drawn(tmp_path: Path, fmt: str, mode: str) -> None:
    listed = rows_limit(FORMATS)
    assert fmt.replace("WEBP", "WebP") in listed and MODE_WORDS[mode] in listed_modes(listed)
    path = tmp_path / f"art.{SAVED_AS[fmt]}"
    sample(mode).save(path, fmt)
    art = load_art(path)
    assert (art.mode, art.size) == ("RGBA", (7, 5))
    low, high = art.convert("L").getextrema()
    assert high > low  # the gradient came through, not a flat image


@pytest.mark.parametrize(
    ("name", "head", "kind"),
    [
        ("page.pdf", b"%PDF-1.4\n%...", "PDF"),
        ("art.eps", b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n", "EPS"),
        ("art.xcf", b"gimp xcf v011" + b"\0" * 64, "XCF"),
        ("art.kra", b"PK\x03\x04" + b"\0" * 64, "Krita"),
        ("photo.heic", b"\0\0\0\x18ftypheic" + b"\0" * 64, "HEIC"),
    ],
)
def test_drawings_and_documents_are_refused_with_the_fix(
    tmp_path: Path, name: str, head: bytes, kind: str
) -> None:
    assert kind in rows_limit(FORMATS)
    (tmp_path / name).write_bytes(head)
    with pytest.raises(CardgenError) as info:
        load_art(tmp_path / name)
    assert str(info.value).endswith("export the art as PNG or JPEG")


def test_an_svg_in_a_file_named_otherwise_is_told_to_be_renamed(tmp_path: Path) -> None:
    """SVG art is drawn (render/art_svg.py); one saved as `.png` gets the name to give it."""
    assert "SVG" in rows_limit(FORMATS)
    (tmp_path / "logo.png").write_bytes(
        b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'
    )
    with pytest.raises(CardgenError) as info:
        load_art(tmp_path / "logo.png")
    assert str(info.value).endswith("not named .svg; rename it logo.svg to draw it")


@pytest.mark.parametrize(
    ("colour", "fine"),
    [
        ("'#a1b2c3'", True),
        ("'#a1b2c3d4'", True),
        ("red", True),
        ("'#a1b2c'", False),
        ("'#xyz'", False),
        ("'#a1b2c3d4e5'", False),
        ("notacolour", False),
    ],
)
def test_colours_are_checked_when_the_layout_loads(
    make_project: Make, colour: str, fine: bool
) -> None:
    assert "`#rrggbb`, `#rrggbbaa` or a colour name" in rows_limit(COLOURS)
    found = problems(make_project, element(fill=colour))
    assert (found == []) is fine, found
    if not fine:
        assert "is not a colour: use #rrggbb, #rrggbbaa or a name" in found[0]


@pytest.mark.parametrize(
    ("url", "fine"),
    [
        ("https://example.org/x", True),
        ("http://localhost:8000/a/b", True),
        ("ftp://example.org", False),
        ("https://", False),
        ("https://ex ample.org", False),
        ("javascript:alert(1)", False),
        ("https://example.org/\x07", False),
    ],
)
def test_base_urls_are_http_urls_with_a_host(url: str, fine: bool) -> None:
    from cardgen.tts.images import check_base_url

    assert "`http://` or `https://` URL with a host" in rows_limit(BASE_URL)
    if fine:
        assert check_base_url(url) == url
    else:
        with pytest.raises(CardgenError, match="must be an http:// or https:// URL"):
            check_base_url(url)


def rows_limit(what: str) -> str:
    return rows()[what][0]
