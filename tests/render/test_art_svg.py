"""SVG card art: drawn at the box's size for every fit mode (pixels against an oracle of
where a bordered drawing must land), never upscaled from a bitmap, its errors at the card's
row and the SVG's own line, and its cache key following the files it refers to."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from cardgen.errors import CardgenError
from cardgen.render.art_svg import art_digest, svg_art
from cardgen.render.fit import FitMode
from tests.render.artgame import Run, art_pixel, image_layout, refused, render

FILL = (30, 90, 200)
BORDER = (230, 40, 20)
NS = 'xmlns="http://www.w3.org/2000/svg"'


def bordered(view_box: tuple[float, float, float, float], border: float) -> bytes:
    """A drawing filling its whole view box in FILL, with a BORDER band `border` wide
    inside each edge."""
    x, y, w, h = view_box
    return (
        f'<svg {NS} viewBox="{x} {y} {w} {h}">\n'
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="rgb{BORDER}"/>\n'
        f'<rect x="{x + border}" y="{y + border}" width="{w - 2 * border}"'
        f' height="{h - 2 * border}" fill="rgb{FILL}"/>\n'
        # ink outside the view box: a raster's margins never show it, nor may an SVG's
        f'<rect x="{x - 5 * w}" y="{y - 5 * h}" width="{11 * w}" height="{h * 4.9}"'
        ' fill="#00ff00"/>\n</svg>\n'
    ).encode()


def placement(
    view_box: tuple[float, float, float, float], size: tuple[int, int], mode: str
) -> tuple[float, float, float, float]:
    """Where the view box lands in the output: left, top, and pixels per user unit across
    and down (the oracle, from the fit modes' definitions)."""
    _, _, w, h = view_box
    width, height = size
    if mode == "stretch":
        return 0.0, 0.0, width / w, height / h
    k = min(width / w, height / h) if mode == "contain" else max(width / w, height / h)
    return (width - w * k) / 2, (height - h * k) / 2, k, k


def expected(
    u: float, v: float, view_box: tuple[float, float, float, float], border: float
) -> tuple[int, int, int] | None:
    """The colour of the drawing at user point (u, v); None outside its view box."""
    x, y, w, h = view_box
    if not (x <= u <= x + w and y <= v <= y + h):
        return None
    inner = x + border <= u <= x + w - border and y + border <= v <= y + h - border
    return FILL if inner else BORDER


@settings(max_examples=40, deadline=None)
@given(
    aspect=st.floats(0.2, 5),
    origin=st.tuples(st.integers(-50, 50), st.integers(-50, 50)),
    size=st.tuples(st.integers(8, 120), st.integers(8, 120)),
    mode=st.sampled_from(["contain", "cover", "stretch"]),
    band=st.floats(0.08, 0.3),
)
def test_svg_art_lands_where_its_fit_says_in_any_box(
    tmp_path_factory: pytest.TempPathFactory,
    aspect: float,
    origin: tuple[int, int],
    size: tuple[int, int],
    mode: FitMode,
    band: float,
) -> None:
    """Every pixel whose centre is more than a pixel from an edge of the oracle's picture
    has its colour: the border where the view box's border lands, the fill inside it, and
    (contain) nothing outside the drawing, though it draws there."""
    root = tmp_path_factory.mktemp("svg")
    view_box = (float(origin[0]), float(origin[1]), 100.0 * aspect, 100.0)
    border = band * min(view_box[2], view_box[3])
    (root / "art.svg").write_bytes(bordered(view_box, border))
    image = svg_art(root / "art.svg", root, size, mode)
    assert image.size == size and image.mode == "RGBA"
    left, top, kx, ky = placement(view_box, size, mode)
    checked = 0
    for py in range(size[1]):
        for px in range(size[0]):
            u = view_box[0] + (px + 0.5 - left) / kx
            v = view_box[1] + (py + 0.5 - top) / ky
            here = expected(u, v, view_box, border)
            near = {
                expected(u + du / kx, v + dv / ky, view_box, border)
                for du in (-1.01, 0, 1.01)
                for dv in (-1.01, 0, 1.01)
            }
            if len(near) > 1:  # within a pixel of an edge: anti-aliased
                continue
            pixel = image.getpixel((px, py))
            assert isinstance(pixel, tuple)
            if here is None:
                assert pixel[3] == 0, (px, py, pixel)
            else:
                assert pixel[3] == 255 and max(map(abs, map(int.__sub__, pixel[:3], here))) <= 2, (
                    px,
                    py,
                    pixel,
                    here,
                )
            checked += 1
    assert checked > 0


def test_svg_art_is_drawn_at_the_box_size_never_scaled_from_a_bitmap(tmp_path: Path) -> None:
    """Two halves of a 2 x 1 drawing stretched over 600 px: the colours meet within one
    pixel (a bitmap scaled up blurs the edge over many)."""
    (tmp_path / "a.svg").write_bytes(
        f'<svg {NS} viewBox="0 0 2 1"><rect width="1" height="1" fill="#ff0000"/>'
        '<rect x="1" width="1" height="1" fill="#0000ff"/></svg>'.encode()
    )
    image = svg_art(tmp_path / "a.svg", tmp_path, (600, 300), "stretch")
    row = [image.getpixel((x, 150)) for x in range(600)]
    mixed = [x for x, p in enumerate(row) if p not in ((255, 0, 0, 255), (0, 0, 255, 255))]
    assert len(mixed) <= 1 and all(abs(x - 300) <= 1 for x in mixed), mixed


# --------------------------------------------------------------------------- through cardgen


def svg(colour: str = "#1040c0", body: str = "") -> bytes:
    """A 3:2 SVG filling its view box with `colour` (and `body` on top)."""
    return (
        f'<svg {NS} viewBox="0 0 300 200">\n<rect width="300" height="200" fill="{colour}"/>\n'
        f"{body}</svg>\n"
    ).encode()


def test_an_art_cell_naming_an_svg_draws_it_on_the_card(
    game: Callable[..., Path], run: Run
) -> None:
    game("art/aria.svg", {"art/aria.svg": svg("#1040c0")})
    result = render(run)
    assert (result.exit_code, result.stderr) == (0, "")
    assert art_pixel() == (0x10, 0x40, 0xC0)


def test_a_layouts_fixed_svg_is_drawn_and_its_errors_are_at_the_layouts_line(
    game: Callable[..., Path], run: Run
) -> None:
    game(
        "",
        {"frame.svg": svg("#20a040")},
        extra=image_layout("frame.svg", "contain"),
    )
    result = render(run)
    assert (result.exit_code, result.stderr) == (0, "")
    with Image.open("output/tiny/cards/aria.png") as image:
        assert image.convert("RGB").getpixel((412, 562)) == (0x20, 0xA0, 0x40)
    Path("decks/tiny/frame.svg").write_bytes(b"<svg>\n<g>\n</svg>\n")
    result = render(run)
    assert (result.exit_code, result.stderr.splitlines()) == (
        2,
        [
            'error: layouts/tiny/hero.yaml:5: element frame: art "frame.svg"'
            " (decks/tiny/frame.svg:3): not a readable SVG: mismatched tag"
        ],
    )


HOSTILE = [
    ("broken", "<g>\n<rect/>\n", 4, "not a readable SVG: mismatched tag"),
    (
        "outside",
        '<image href="../../../../x.png" width="9" height="9"/>\n',
        2,
        "outside the project",
    ),
    (
        "network",
        '<image href="https://example.org/x.png" width="9" height="9"/>\n',
        2,
        "only files inside the project",
    ),
    (
        "absolute",
        '<image href="/etc/hosts" width="9" height="9"/>\n',
        2,
        "only files inside the project",
    ),
]


@settings(max_examples=12, deadline=None)
@given(case=st.sampled_from(HOSTILE), blank=st.integers(0, 30))
def test_a_broken_or_hostile_svg_is_an_error_at_its_own_line(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[str, str, int, str], blank: int
) -> None:
    """Whatever line the bad part is on, the error names it (after `blank` blank lines)."""
    root = tmp_path_factory.mktemp("bad")
    _, body, line, problem = case
    data = f'<svg {NS} viewBox="0 0 9 9">' + "\n" * (blank + 1) + body + "</svg>\n"
    (root / "art.svg").write_text(data, encoding="utf-8")
    with pytest.raises(CardgenError) as caught:
        svg_art(root / "art.svg", root, (30, 30), "cover")
    assert caught.value.location is not None
    assert caught.value.location.line == line + blank, data
    assert problem in caught.value.problem


@pytest.mark.parametrize(
    ("data", "line", "problem"),
    [
        (b'<svg xmlns="http://www.w3.org/2000/svg"/>', 1, "the SVG has no viewBox"),
        (
            b'<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY big "x">\n]>\n<svg/>',
            3,
            "the SVG declares an entity",
        ),
        (svg(body='<image href="../../../../../../etc/passwd"/>\n'), 3, "outside the project"),
    ],
    ids=["no-size", "entity", "outside"],
)
def test_svg_art_that_cannot_be_drawn_is_one_line_at_the_cards_row_then_the_svgs(
    game: Callable[..., Path], run: Run, data: bytes, line: int, problem: str
) -> None:
    said = refused(game, run, "art/aria.svg", data)
    prefix = (
        'error: decks/tiny/cards.csv:2: card "Aria": art "art/aria.svg"'
        f" (decks/tiny/art/aria.svg:{line}): "
    )
    assert said.startswith(prefix) and problem in said, said


def test_an_svg_in_a_file_named_png_says_to_rename_it(game: Callable[..., Path], run: Run) -> None:
    game("art/aria.png", {"art/aria.png": svg()})
    result = render(run)
    assert result.exit_code == 2
    assert "an SVG drawing in a file not named .svg; rename it aria.svg to draw it" in result.stderr


# --------------------------------------------------------------------------- the cache


def texture(colour: tuple[int, int, int]) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), colour).save(buffer, "PNG")
    return buffer.getvalue()


def test_a_changed_svg_or_a_file_it_refers_to_redraws_the_card(
    game: Callable[..., Path], run: Run
) -> None:
    """`cardgen render` reuses what its cache holds: a new colour in the SVG, and then in
    the PNG the SVG places over its whole view box, each show on the card."""
    body = '<image href="tex.png" width="300" height="200" preserveAspectRatio="none"/>\n'
    game("art/aria.svg", {"art/aria.svg": svg(body=body), "art/tex.png": texture((200, 30, 30))})
    assert render(run).exit_code == 0
    assert art_pixel() == (200, 30, 30)
    Path("decks/tiny/art/tex.png").write_bytes(texture((30, 200, 30)))
    assert render(run).exit_code == 0
    assert art_pixel() == (30, 200, 30)
    Path("decks/tiny/art/aria.svg").write_bytes(svg("#5050f0"))
    assert render(run).exit_code == 0
    assert art_pixel() == (0x50, 0x50, 0xF0)


def test_art_digest_follows_the_files_an_svg_refers_to(tmp_path: Path) -> None:
    (tmp_path / "a.svg").write_bytes(svg(body='<image href="t.png" width="9" height="9"/>\n'))
    (tmp_path / "t.png").write_bytes(texture((1, 2, 3)))
    first = art_digest(tmp_path / "a.svg", tmp_path)
    (tmp_path / "other.png").write_bytes(texture((9, 9, 9)))
    assert art_digest(tmp_path / "a.svg", tmp_path) == first
    (tmp_path / "t.png").write_bytes(texture((3, 2, 1)))
    changed = art_digest(tmp_path / "a.svg", tmp_path)
    assert changed != first
    (tmp_path / "t.png").unlink()
    assert art_digest(tmp_path / "a.svg", tmp_path) not in (first, changed)
