"""SVGs obey the limits art obeys (issue 32 item 2): a picture inside an SVG (by a `data:`
URL, base64 or not, or a file beside it; in `<image>` or `<feImage>`; `href` or
`xlink:href`; PNG or BMP) is held to the pixel limit from its header before anything decodes
it; filter primitives whose cost grows with a number they give are bounded; nesting is
bounded before any recursion; an SVG drawn inside an SVG is checked as an SVG. Generated
members of each class are refused at the SVG's line; members at the limits are read; the
issue's files run through the real `cardgen` in a process capped at 1 GB."""

from __future__ import annotations

import base64
import struct
import zlib
from pathlib import Path
from urllib.parse import quote_from_bytes

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.load.svg import read_svg
from tests.conftest import TINY_GAME, bounded_cardgen

NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
ART, ICON = 40_000_000, 16_000_000
OCTAVES, KERNEL, DEPTH, REGION = 10, 7, 100, 4.0
"""The documented limits (docs/limits.md), written here, not imported."""


def png_header(width: int, height: int) -> bytes:
    """A PNG's signature, header and end: its size, no pixels (nothing to decode)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


def bmp_header(width: int, height: int) -> bytes:
    """A BMP's file and info headers: its size, no pixels."""
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, 0, 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + len(info), 0, 0, 14 + len(info)) + info


def svg(body: str, view_box: str = "0 0 100 100") -> bytes:
    return f'<svg {NS} viewBox="{view_box}">\n{body}\n</svg>\n'.encode()


def picture(data: bytes, how: str, attr: str, element: str) -> tuple[str, dict[str, bytes]]:
    """The SVG markup drawing `data`, and any file beside it that it names."""
    files: dict[str, bytes] = {}
    if how == "base64":
        href = "data:image/png;base64," + base64.b64encode(data).decode()
    elif how == "percent":
        href = "data:image/png," + quote_from_bytes(data)
    else:
        files["big.img"] = data
        href = "big.img"
    name = "href" if attr == "href" else "xlink:href"
    if element == "image":
        return f'<image {name}="{href}" width="10" height="10"/>', files
    return (
        f'<filter id="f"><feImage {name}="{href}"/></filter>'
        '<rect width="10" height="10" filter="url(#f)"/>'
    ), files


def read(tmp: Path, data: bytes, files: dict[str, bytes], max_pixels: int = ART) -> None:
    for name, content in files.items():
        (tmp / name).write_bytes(content)
    (tmp / "art.svg").write_bytes(data)
    read_svg(tmp / "art.svg", tmp, "art.svg", max_pixels)


def refused_at(
    tmp: Path, data: bytes, files: dict[str, bytes], line: int, text: str, max_pixels: int = ART
) -> None:
    with pytest.raises(CardgenError) as caught:
        read(tmp, data, files, max_pixels)
    message = caught.value.problem
    assert message.startswith(f"art.svg:{line}: ") and text in message, message


PICTURES = st.fixed_dictionaries(
    {
        "format": st.sampled_from([png_header, bmp_header]),
        "how": st.sampled_from(["base64", "percent", "file"]),
        "attr": st.sampled_from(["href", "xlink"]),
        "element": st.sampled_from(["image", "feImage"]),
        "limit": st.sampled_from([ART, ICON]),
    }
)


@settings(max_examples=60, deadline=None)
@given(p=PICTURES, extra=st.integers(1, 400_000_000), aspect=st.integers(1, 4))
def test_a_picture_past_the_limit_is_refused_however_it_is_put_in(
    tmp_path_factory: pytest.TempPathFactory, p: dict[str, object], extra: int, aspect: int
) -> None:
    limit = int(p["limit"])  # type: ignore[call-overload]
    height = int(((limit + extra) / aspect) ** 0.5) + 1
    width = height * aspect
    assert width * height > limit
    header = p["format"](width, height)  # type: ignore[operator]
    body, files = picture(header, str(p["how"]), str(p["attr"]), str(p["element"]))
    refused_at(
        tmp_path_factory.mktemp("svg"),
        svg(body),
        files,
        2,
        f"{width * height:,}",
        limit,
    )


@settings(max_examples=30, deadline=None)
@given(p=PICTURES, side=st.integers(1, 1000))
def test_a_picture_within_the_limit_is_read(
    tmp_path_factory: pytest.TempPathFactory, p: dict[str, object], side: int
) -> None:
    limit = int(p["limit"])  # type: ignore[call-overload]
    width, height = side, limit // side  # at the limit, or just under it
    header = p["format"](width, height)  # type: ignore[operator]
    body, files = picture(header, str(p["how"]), str(p["attr"]), str(p["element"]))
    read(tmp_path_factory.mktemp("svg"), svg(body), files, limit)


FILTERS = [
    # (markup at the limit, markup one step past it, what the message says)
    ('<feTurbulence numOctaves="10"/>', '<feTurbulence numOctaves="11"/>', "numOctaves"),
    ('<feConvolveMatrix order="7" kernelMatrix="1"/>', '<feConvolveMatrix order="3 8"/>', "order"),
    ('<feMorphology radius="0.25"/>', '<feMorphology radius="0.26"/>', "radius"),
    (
        '<feGaussianBlur stdDeviation="100"/>',
        '<feGaussianBlur stdDeviation="5 101"/>',
        "stdDeviation",
    ),
]


@pytest.mark.parametrize(("fits", "past", "said"), FILTERS)
@pytest.mark.parametrize("blank", [0, 7])
def test_a_filter_number_past_its_bound_is_refused_at_its_line(
    tmp_path: Path, fits: str, past: str, said: str, blank: int
) -> None:
    """The drawing is 100 user units across: morphology may reach 0.25 (0.25 %), a blur
    100 (its whole side)."""
    wrap = '<filter id="f">{}</filter><rect width="9" height="9" filter="url(#f)"/>'
    read(tmp_path, svg("\n" * blank + wrap.format(fits)), {})
    refused_at(tmp_path, svg("\n" * blank + wrap.format(past)), {}, 2 + blank, said)


@pytest.mark.parametrize(
    ("region", "units"),
    [
        ('width="400" height="10"', "userSpaceOnUse"),
        ('width="400%"', "objectBoundingBox"),
        ('height="4"', "objectBoundingBox"),
    ],
)
def test_a_filter_region_of_the_limit_is_read_and_past_it_refused(
    tmp_path: Path, region: str, units: str
) -> None:
    fits = f'<filter id="f" filterUnits="{units}" {region}><feFlood/></filter>'
    read(tmp_path, svg(fits), {})
    past = fits.replace('"400"', '"401"').replace('"400%"', '"401%"').replace('"4"', '"4.1"')
    refused_at(tmp_path, svg(past), {}, 2, "a filter region of at most 4 times")


@given(depth=st.integers(DEPTH + 1, 20_000))
@settings(max_examples=10, deadline=None)
def test_nesting_past_the_limit_is_refused_before_any_recursion(
    tmp_path_factory: pytest.TempPathFactory, depth: int
) -> None:
    tmp = tmp_path_factory.mktemp("deep")
    body = "<g>\n" * (depth - 1) + "</g>" * (depth - 1)
    refused_at(tmp, svg(body), {}, DEPTH + 1, f"nested more than {DEPTH} deep")


def test_nesting_at_the_limit_is_read(tmp_path: Path) -> None:
    read(tmp_path, svg("<g>" * (DEPTH - 1) + "</g>" * (DEPTH - 1)), {})


def test_an_svg_drawn_inside_an_svg_is_checked_as_an_svg(tmp_path: Path) -> None:
    inner = svg('<filter id="f"><feTurbulence numOctaves="1000"/></filter>')
    body = f'<image href="data:image/svg+xml;base64,{base64.b64encode(inner).decode()}"/>'
    with pytest.raises(CardgenError) as caught:
        read(tmp_path, svg(body), {})
    assert "an SVG it draws" in caught.value.problem and "numOctaves" in caught.value.problem


# The issue's files, as card art, through the real command under a 1 GB cap -----------------


def art_game(root: Path, files: dict[str, bytes]) -> Path:
    folder = root / "decks" / "tiny"
    (folder / "art").mkdir(parents=True)
    (folder / "game.yaml").write_text(TINY_GAME, encoding="utf-8")
    (folder / "cards.csv").write_text(
        "name,type,copies,power,school,level,text,art\nAria,hero,1,5,,,Leads.,art/a.svg\n",
        encoding="utf-8",
    )
    for name, data in files.items():
        (folder / "art" / name).write_bytes(data)
    layouts = root / "layouts" / "tiny"
    layouts.mkdir(parents=True)
    (layouts / "hero.yaml").write_text(
        "size: poker\ndpi: 100\nelements:\n  frame:\n    kind: image\n    src: '{art}'\n"
        "    x: 0\n    y: 0\n    width: 100%\n    height: 50%\n"
    )
    (layouts / "spell.yaml").write_text("extends: builtin:card\ndpi: 100\n")
    (layouts / "back.yaml").write_text("extends: builtin:back\ndpi: 100\n")
    return root


@pytest.mark.parametrize(
    ("files", "said"),
    [
        (
            {
                "a.svg": svg('<image href="big.png" width="9" height="9"/>'),
                "big.png": png_header(20_000, 20_000),
            },
            "a picture of 400,000,000 pixels",
        ),
        (
            {
                "a.svg": svg(
                    '<filter id="t"><feTurbulence numOctaves="1000"/></filter>'
                    '<rect width="100" height="100" filter="url(#t)"/>'
                )
            },
            "numOctaves",
        ),
        ({"a.svg": svg("<g>" * 5000 + "</g>" * 5000)}, "nested more than 100 deep"),
    ],
    ids=["picture", "octaves", "nesting"],
)
def test_the_issue_s_svgs_are_one_line_at_the_card_under_a_memory_cap(
    tmp_path: Path, files: dict[str, bytes], said: str
) -> None:
    root = art_game(tmp_path, files)
    done, seconds = bounded_cardgen("render", "tiny", "--project", root, timeout=60)
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert 'cards.csv:2: card "Aria": art "art/a.svg" (' in done.stderr, done.stderr
    assert "decks/tiny/art/a.svg:" in done.stderr, done.stderr
    assert said in done.stderr, done.stderr
    assert seconds < 20, seconds  # CPU seconds: the drawing never started
    assert not list((root / "output").rglob("*.png")) if (root / "output").exists() else True


def test_docs_limits_state_the_svg_limits_as_tested_here() -> None:
    limits = (Path(__file__).parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")
    rows = {line.split(" | ")[0].lstrip("| "): line for line in limits.splitlines()}
    picture = next(v for k, v in rows.items() if k.startswith("a picture inside an SVG"))
    assert f"{ART:,} pixels in art, {ICON:,} in an icon" in picture
    filters = rows["an SVG's filters"]
    assert f"numOctaves` at most {OCTAVES}" in filters and f"order` at most {KERNEL}" in filters
    assert f"at most {REGION:g} times" in filters
    assert f"{DEPTH} deep" in rows["elements nested in an SVG"]


@settings(max_examples=6, deadline=None)
@given(p=PICTURES, extra=st.integers(1, 100_000_000))
def test_generated_pictures_through_the_command_under_a_memory_cap(
    tmp_path_factory: pytest.TempPathFactory, p: dict[str, object], extra: int
) -> None:
    """A few members of the class as card art, end to end: refused by the installed
    command in a process capped at 1 GB, one line at the card's row and the SVG's line."""
    side = int((ART + extra) ** 0.5) + 1
    header = p["format"](side, side)  # type: ignore[operator]
    body, files = picture(header, str(p["how"]), str(p["attr"]), str(p["element"]))
    root = art_game(tmp_path_factory.mktemp("art"), {"a.svg": svg(body), **files})
    done, _ = bounded_cardgen("render", "tiny", "--project", root, timeout=60)
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert 'card "Aria": art "art/a.svg" (' in done.stderr and "a.svg:2): " in done.stderr
    assert f"{side * side:,}" in done.stderr, done.stderr
    assert not (root / "output").exists() or not list((root / "output").rglob("*.png"))


def test_an_svg_file_drawn_inside_an_svg_is_held_to_an_svgs_size(tmp_path: Path) -> None:
    """An SVG file an SVG draws is checked as an SVG when it is read whole; one larger
    than an SVG may be (8,000,000 bytes) is refused, not passed over as no picture."""
    inner = svg('<filter id="f"><feTurbulence numOctaves="1000"/></filter>')
    with pytest.raises(CardgenError) as caught:
        read(tmp_path, svg('<image href="inner.svg"/>'), {"inner.svg": inner})
    assert "(an SVG it draws)" in caught.value.problem and "numOctaves" in caught.value.problem
    padded = inner.replace(b"</svg>", b"<!--" + b"x" * 8_000_000 + b"--></svg>")
    refused_at(
        tmp_path,
        svg('<image href="inner.svg"/>'),
        {"inner.svg": padded},
        2,
        "the SVG draws an SVG of more than 8,000,000 bytes",
    )
