"""Vector icons: every icon renders, fills and centres its box, is anti-aliased and stable."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from cardgen.render.icon_names import ALIASES, BUILT_IN, NAMES, canonical, known_names
from cardgen.render.icons import ICONS, icon, render_icon

REQUIRED = [
    # Shards of the Artisan
    "agility", "vitality", "luck", "magic", "charisma", "pen",
    "crystal-half-left", "crystal-half-right", "crystal", "shard",
    # Blubler
    "goutte", "etoile", "spirale", "nuage", "coeur", "lune",
    "eclair", "bulle", "flocon", "feuille", "coquille", "plume",
    # Yokai Sketch and generic
    "eye", "bell", "brush", "circle", "diamond", "hexagon", "triangle", "square",
    "drop", "paint-drop",
    # Splatoon
    "splattershot", "splat-roller", "splat-charger", "squid",
]  # fmt: skip

SIZES = [64, 300]


def _alpha(name: str, side: int) -> Image.Image:
    return render_icon(name, (side, side), "#123456").getchannel("A")


def test_required_icons_exist() -> None:
    missing = sorted(name for name in REQUIRED if canonical(name) is None)
    assert not missing
    assert set(ICONS) == NAMES  # every name has a drawing, every drawing a name
    assert len(BUILT_IN) == len(NAMES)  # no name twice
    assert all(name == name.lower() for name in known_names())
    assert not set(ALIASES) & NAMES  # an alias is never another icon's name
    assert sum(len(i.aliases) for i in BUILT_IN) == len(ALIASES)  # nor one alias twice


ENGLISH = {
    "drop": "goutte", "star": "etoile", "spiral": "spirale", "cloud": "nuage",
    "moon": "lune", "lightning": "eclair", "bubble": "bulle", "snowflake": "flocon",
    "leaf": "feuille", "shell": "coquille", "feather": "plume", "heart": "coeur",
}  # fmt: skip


@pytest.mark.parametrize("alias", sorted(ALIASES))
def test_an_alias_draws_its_icon_pixel_for_pixel(alias: str) -> None:
    name = ALIASES[alias]
    for size in ((37, 37), (120, 80)):
        assert render_icon(alias, size, "#345678").tobytes() == (
            render_icon(name, size, "#345678").tobytes()
        )


def test_every_french_name_is_an_alias_of_an_english_name() -> None:
    for english, french in ENGLISH.items():
        assert english in NAMES and ALIASES[french] == english
    assert ALIASES["vitality"] == "heart"


@pytest.mark.parametrize("side", SIZES)
@pytest.mark.parametrize("name", sorted(ICONS))
def test_icon_shape(name: str, side: int) -> None:
    image = render_icon(name, (side, side), (10, 20, 30))
    assert image.mode == "RGBA"
    assert image.size == (side, side)
    alpha = image.getchannel("A")

    histogram = alpha.histogram()
    solid = sum(histogram[129:]) / (side * side)
    assert 0.08 <= solid <= 0.80, f"{name}: {solid:.0%} of pixels are solid"
    assert sum(histogram[1:255]) > 0, f"{name}: no anti-aliased edge"

    bbox = alpha.point(lambda v: 255 if v > 64 else 0).getbbox()
    assert bbox is not None
    x0, y0, x1, y1 = bbox
    near = 0.10 * side
    touches_x = x0 <= near and x1 >= side - near
    touches_y = y0 <= near and y1 >= side - near
    assert touches_x or touches_y, f"{name}: bbox {bbox} does not fill the box"
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    assert abs(cx - side / 2) <= 0.12 * side, f"{name}: off-centre horizontally {bbox}"
    assert abs(cy - side / 2) <= 0.12 * side, f"{name}: off-centre vertically {bbox}"


@pytest.mark.parametrize("name", sorted(ICONS))
def test_render_is_deterministic_and_returns_copies(name: str) -> None:
    first = render_icon(name, (48, 48), "#ff8800")
    first.putpixel((0, 0), (1, 2, 3, 4))  # mutating a result must not reach the cache
    second = render_icon(name, (48, 48), "#ff8800")
    third = render_icon(name, (48, 48), (255, 136, 0))
    assert second.getpixel((0, 0)) != (1, 2, 3, 4)
    assert second.tobytes() == third.tobytes()
    masks = [Image.new("L", (90, 90)) for _ in range(2)]
    for mask in masks:
        ICONS[name](ImageDraw.Draw(mask), (5, 5, 85, 85))
    assert masks[0].tobytes() == masks[1].tobytes()
    assert masks[0].getbbox() is not None


def test_colour_is_applied() -> None:
    for color, rgb in (("#3a7bd5", (0x3A, 0x7B, 0xD5)), ((200, 10, 60), (200, 10, 60))):
        image = render_icon("circle", (40, 40), color)
        r, g, b, a = image.getpixel((20, 20))  # type: ignore[misc]
        assert (r, g, b) == rgb
        assert a == 255
        assert image.getchannel("R").getextrema() == (rgb[0], rgb[0])


def test_unknown_name_suggests_close_names() -> None:
    with pytest.raises(KeyError, match="crystal"):
        render_icon("crystl", (32, 32), "#000000")
    with pytest.raises(KeyError, match="unknown icon"):
        render_icon("no-such-thing-at-all", (32, 32), "#000000")


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        render_icon("circle", (0, 10), "#000000")
    with pytest.raises(ValueError):
        render_icon("circle", (10, 10), "#000000", supersample=0)
    with pytest.raises(ValueError):
        render_icon("circle", (10, 10), "not-a-colour")


def test_crystal_halves_mirror_each_other() -> None:
    left = _alpha("crystal-half-left", 100)
    right = _alpha("crystal-half-right", 100)
    mirrored = right.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    diff = ImageChops.difference(left, mirrored).histogram()
    mean = sum(v * n for v, n in enumerate(diff)) / (100 * 100)
    assert mean < 20


def test_non_square_box_keeps_aspect_and_centres() -> None:
    alpha = render_icon("circle", (200, 80), "#000000").getchannel("A")
    bbox = alpha.point(lambda v: 255 if v > 128 else 0).getbbox()
    assert bbox is not None
    x0, y0, x1, y1 = bbox
    assert abs((x1 - x0) - (y1 - y0)) <= 2  # still round
    assert abs((x0 + x1) / 2 - 100) <= 2
    assert y1 - y0 >= 0.8 * 80


def test_supersample_one_keeps_size() -> None:
    """Drawn once, not supersampled: hard edges, the same star in the same place."""
    image = render_icon("etoile", (33, 21), "#000000", supersample=1)
    assert image.size == (33, 21)
    alpha = image.getchannel("A")
    assert set(alpha.tobytes()) == {0, 255}  # no antialiasing
    # As tall as the 21 px box but a pixel of padding top and bottom, and centred across it.
    assert alpha.getbbox() == (7, 1, 26, 20)
    smooth = render_icon("etoile", (33, 21), "#000000").getchannel("A")
    assert smooth.getbbox() == alpha.getbbox()
    solid = [sum(1 for v in a.tobytes() if v > 127) for a in (alpha, smooth)]
    assert abs(solid[0] - solid[1]) <= solid[1] // 4, solid


def test_register_rejects_duplicates_and_upper_case() -> None:
    with pytest.raises(ValueError):
        icon("circle")(ICONS["circle"])
    with pytest.raises(ValueError):
        icon("Circle")
