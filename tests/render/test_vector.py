"""SVGs read safely and drawn by resvg: pixels of generated drawings against an exact oracle,
fitting modes, supersampling, colour detection, and every hostile input refused with its line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from cardgen.errors import CardgenError
from cardgen.load.svg import parse_svg, read_svg
from cardgen.render.vector import fit_view_box, render_svg, single_colour

HERE = Path(__file__).parent
"""A project folder for drawings that refer to no file (nothing is written there)."""
NS = 'xmlns="http://www.w3.org/2000/svg"'


def _doc(tmp_path: Path, body: str, root_attrs: str = 'viewBox="0 0 100 100"') -> bytes:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<svg {NS} {root_attrs}>\n{body}\n</svg>'.encode()
    )


def _parse(tmp_path: Path, data: bytes, name: str = "icon.svg"):  # type: ignore[no-untyped-def]
    return parse_svg(data, tmp_path / name, tmp_path, name)


rects = st.lists(
    st.tuples(
        st.integers(0, 9),
        st.integers(0, 9),
        st.integers(1, 5),
        st.integers(1, 5),
        st.sampled_from(["#ff0000", "#00ff00", "#0000ff", "#000000", "#ffff00"]),
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=40, deadline=None)
@given(
    rects=rects, scale=st.integers(1, 6), origin=st.tuples(st.integers(-5, 5), st.integers(-5, 5))
)
def test_rects_on_whole_pixels_are_drawn_exactly(
    rects: list[tuple[int, int, int, int, str]], scale: int, origin: tuple[int, int]
) -> None:
    """Rectangles on a grid of whole output pixels: every pixel is the colour of the last
    rectangle covering it, or transparent, whatever the view box's origin and scale."""
    ox, oy = origin
    body = "\n".join(
        f'<rect x="{x + ox}" y="{y + oy}" width="{w}" height="{h}" fill="{c}"/>'
        for x, y, w, h, c in rects
    )
    data = _doc(HERE, body, f'viewBox="{ox} {oy} 10 10"')
    image = render_svg(_parse(HERE, data), (10 * scale, 10 * scale))
    expected = Image.new("RGBA", (10, 10), (0, 0, 0, 0))
    for x, y, w, h, c in rects:
        expected.paste(Image.new("RGBA", (w, h), c), (x, y))
    expected = expected.resize((10 * scale, 10 * scale), Image.Resampling.NEAREST)
    assert image.tobytes() == expected.tobytes()


@pytest.mark.parametrize(
    ("mode", "size", "bbox"),
    [
        ("contain", (40, 20), (10, 0, 30, 20)),  # a square drawing in a wide box: centred
        ("contain", (20, 40), (0, 10, 20, 30)),
        ("cover", (40, 20), (0, 0, 40, 20)),
        ("stretch", (40, 20), (0, 0, 40, 20)),
    ],
)
def test_fit_modes_place_the_drawing(
    tmp_path: Path, mode: str, size: tuple[int, int], bbox: tuple[int, int, int, int]
) -> None:
    """A square drawing shown whole, covering the box, or stretched to it."""
    doc = _parse(tmp_path, _doc(tmp_path, '<rect width="100" height="100" fill="#123456"/>'))
    image = render_svg(doc, size, fit_view_box(doc.view_box, size, mode))
    assert image.size == size
    assert image.getbbox() == bbox
    assert image.getpixel((size[0] // 2, size[1] // 2)) == (0x12, 0x34, 0x56, 255)


def test_cover_cuts_the_long_side_evenly(tmp_path: Path) -> None:
    """A wide drawing covering a square box loses equal strips left and right."""
    body = (
        '<rect width="50" height="100" fill="#ff0000"/>'
        '<rect x="50" width="50" height="100" fill="#00ff00"/>'
        '<rect x="200" width="50" height="100" fill="#0000ff"/>'
        '<rect x="250" width="50" height="100" fill="#ffff00"/>'
    )
    doc = _parse(tmp_path, _doc(tmp_path, body, 'viewBox="0 0 300 100"'))
    image = render_svg(doc, (30, 30), fit_view_box(doc.view_box, (30, 30), "cover"))
    assert image.getpixel((0, 15))[:3] == (0, 0, 0)  # x 100..130 of the drawing: empty
    assert image.getbbox() is None


def test_padding_and_supersampling_keep_edges(tmp_path: Path) -> None:
    """A disc with padding: nothing in the pad, the centre solid, edges anti-aliased the way
    a block mean of a 4x drawing is (premultiplied: no dark fringe)."""
    doc = _parse(tmp_path, _doc(tmp_path, '<circle cx="50" cy="50" r="50" fill="#ffffff"/>'))
    plain = render_svg(doc, (50, 50), fit_view_box(doc.view_box, (50, 50), "contain", pad=5))
    fine = render_svg(
        doc, (50, 50), fit_view_box(doc.view_box, (50, 50), "contain", pad=5), supersample=4
    )
    for image in (plain, fine):
        assert image.getbbox() == (5, 5, 45, 45)
        assert image.getpixel((25, 25)) == (255, 255, 255, 255)
    pixels = [fine.getpixel((x, y)) for x in range(50) for y in range(50)]
    edge = [p for p in pixels if 0 < p[3] < 255]
    assert edge and all(p[:3] == (255, 255, 255) for p in edge)


def test_text_is_set_in_the_shipped_font_only(tmp_path: Path) -> None:
    """Text draws (in Vera, never a system font) and the same bytes twice."""
    doc = _parse(
        tmp_path,
        _doc(tmp_path, '<text x="5" y="60" font-size="40" font-family="serif">Ab</text>'),
    )
    named = _parse(
        tmp_path,
        _doc(tmp_path, '<text x="5" y="60" font-size="40" font-family="Arial">Ab</text>'),
    )
    assert render_svg(named, (100, 100)).tobytes() == render_svg(doc, (100, 100)).tobytes()
    first, second = render_svg(doc, (100, 100)), render_svg(doc, (100, 100))
    assert first.getbbox() is not None
    assert first.tobytes() == second.tobytes()


def test_single_colour_tells_shapes_from_pictures(tmp_path: Path) -> None:
    """One fill (with anti-aliased edges) is a shape; two fills are a picture."""
    one = _parse(tmp_path, _doc(tmp_path, '<circle cx="50" cy="50" r="40" fill="#b0303a"/>'))
    two = _parse(
        tmp_path,
        _doc(
            tmp_path,
            '<circle cx="30" cy="50" r="20" fill="#b0303a"/>'
            '<rect width="9" height="9" fill="#ffcc00"/>',
        ),
    )
    assert single_colour(render_svg(one, (64, 64), supersample=4))
    assert not single_colour(render_svg(two, (64, 64), supersample=4))
    assert single_colour(Image.new("RGBA", (4, 4), (0, 0, 0, 0)))


def test_a_relative_image_inside_the_project_is_drawn(tmp_path: Path) -> None:
    """An <image> next to the SVG (inside the project) is read and drawn."""
    Image.new("RGB", (4, 4), (0, 200, 0)).save(tmp_path / "dot.png")
    doc = _parse(tmp_path, _doc(tmp_path, '<image href="dot.png" width="100" height="100"/>'))
    assert render_svg(doc, (10, 10)).getpixel((5, 5)) == (0, 200, 0, 255)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '<image href="/etc/passwd" width="9" height="9"/>',
            "icon.svg:3: the SVG refers to '/etc/passwd'",
        ),
        (
            '<image href="../../outside.png"/>',
            "icon.svg:3: the SVG refers to '../../outside.png', outside",
        ),
        (
            '<image href="file:///etc/hostname"/>',
            "icon.svg:3: the SVG refers to 'file:///etc/hostname'",
        ),
        ('<image href="C:\\\\x.png"/>', "icon.svg:3: the SVG refers to"),
        ('<image href="https://example.com/a.png"/>', "icon.svg:3: the SVG refers to 'https://"),
        (
            '<g>\n<rect style="fill:url(http://x/y#a)"/></g>',
            "icon.svg:4: the SVG refers to 'http://x/y#a'",
        ),
        ('<style>@import "http://x/y.css";</style>', "icon.svg:3: the SVG refers to '@import'"),
        ('<rect width="1"', "icon.svg:4: not a readable SVG"),
    ],
)
def test_hostile_references_are_refused_at_their_line(
    tmp_path: Path, body: str, message: str
) -> None:
    """References out of the SVG and broken XML are one-line errors at their line."""
    with pytest.raises(CardgenError) as raised:
        _parse(tmp_path, _doc(tmp_path, body))
    assert str(raised.value.format_message()).startswith(message)


def test_a_symlink_out_of_the_project_is_refused(tmp_path: Path) -> None:
    """A relative reference through a link that leads out of the project is refused."""
    project, outside = tmp_path / "project", tmp_path / "outside"
    project.mkdir()
    outside.mkdir()
    Image.new("RGB", (2, 2)).save(outside / "secret.png")
    (project / "link").symlink_to(outside)
    data = _doc(project, '<image href="link/secret.png"/>')
    with pytest.raises(CardgenError, match="outside the project"):
        parse_svg(data, project / "a.svg", project, "a.svg")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            b'<!DOCTYPE svg [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>\n<svg/>',
            "declares an entity",
        ),
        (b'<svg width="10" height="10"/>', "the root element has no SVG namespace"),
        (b'<html xmlns="http://www.w3.org/2000/svg"/>', "the root element is <html>"),
        (f'<svg {NS} width="50%" height="3"/>'.encode(), "no viewBox and no width and height"),
        (f'<svg {NS} viewBox="0 0 0 10"/>'.encode(), "needs a positive width and height"),
        (f'<svg {NS} viewBox="a b c d"/>'.encode(), "is not four numbers"),
        (b"\xff\xfe\x00garbage", "not a readable SVG"),
        (b"", "not a readable SVG"),
    ],
)
def test_bad_documents_are_one_line_errors(tmp_path: Path, data: bytes, message: str) -> None:
    """Entities (billion laughs), a missing namespace, no size, bad view boxes, not XML."""
    with pytest.raises(CardgenError, match=message) as raised:
        _parse(tmp_path, data)
    assert "\n" not in raised.value.format_message()


def test_sizes_from_width_and_height_in_units(tmp_path: Path) -> None:
    """Without a viewBox, width and height in mm, in, pt or px give the drawing's box."""
    doc = _parse(tmp_path, f'<svg {NS} width="25.4mm" height="0.5in"/>'.encode())
    assert doc.view_box == pytest.approx((0, 0, 96, 48))


def test_read_svg_refuses_a_huge_file_before_parsing(tmp_path: Path) -> None:
    """A file over the size limit is refused by its size, naming the file."""
    path = tmp_path / "huge.svg"
    with path.open("wb") as f:
        f.truncate(9_000_000)
    with pytest.raises(CardgenError, match=r"huge\.svg: SVG of 9,000,000 bytes"):
        read_svg(path, tmp_path, "huge.svg")


def test_a_raster_too_large_is_refused(tmp_path: Path) -> None:
    """Drawing an SVG beyond the pixel limit is an error, not a memory blow-up."""
    doc = _parse(tmp_path, _doc(tmp_path, '<rect width="9" height="9"/>'))
    with pytest.raises(CardgenError, match="pixels allowed"):
        render_svg(doc, (4000, 4000), supersample=4)
