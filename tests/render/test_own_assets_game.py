"""Emberwake (tests/projects/emberwake): a game of our own made of a designer's own assets.

Its faction marks are SVG files and its coin a PNG, all three from the game's `icons/`
folder; two cards find SVG art by their names in `art/`, the third has none; a duration
badge is drawn only on cards with a duration, with a plural (`{duration|turn|turns}`).
Each card is compared with its golden image (the tolerant window comparison of
test_goldens), and what each asset must draw is checked on the card's pixels.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cardgen.cli import main
from cardgen.render.renderer import GameRenderer
from tests.render.test_goldens import FAILURES, differs

PROJECT = Path(__file__).resolve().parent.parent / "projects" / "emberwake"
GOLDENS = Path(__file__).parent / "goldens" / "emberwake"
UPDATE = os.environ.get("CARDGEN_UPDATE_GOLDENS") == "1"
DPI, BLEED = 150, 0.125
"""The layout's resolution and bleed (in): element boxes are written from the trim."""
CARDS = ["Lantern Keeper", "Tide Caller", "Ashen Warden"]

RGB = tuple[int, int, int]


@pytest.fixture(scope="module")
def faces() -> dict[str, Image.Image]:
    """Every card of the game drawn in memory (nothing is written into tests/)."""
    renderer = GameRenderer.open(PROJECT, "emberwake")
    drawn = {}
    for name in CARDS:
        card = renderer.pack.find(name)
        assert card is not None, name
        data, warnings = renderer.card(card)
        assert warnings == [], (name, warnings)
        with Image.open(io.BytesIO(data)) as image:
            drawn[name] = image.convert("RGB")
    return drawn


def _box(x: float, y: float, width: float, height: float) -> tuple[int, int, int, int]:
    """An element's box (inches from the trim's top-left) in pixels of the card image."""
    return (
        round((x + BLEED) * DPI),
        round((y + BLEED) * DPI),
        round((x + width + BLEED) * DPI),
        round((y + height + BLEED) * DPI),
    )


def _colours(image: Image.Image, box: tuple[int, int, int, int]) -> list[tuple[int, RGB]]:
    """The colours of a region, each with its number of pixels."""
    region = image.crop(box)
    return region.getcolors(region.width * region.height) or []


def _near(colours: list[tuple[int, RGB]], target: RGB, within: int = 12) -> int:
    """How many pixels lie within `within` levels of `target` in every channel."""
    return sum(
        n for n, c in colours if max(abs(a - b) for a, b in zip(c, target, strict=True)) <= within
    )


BADGE = _box(1.3, 2.02, 1.0, 0.26)
RULES = _box(0.2, 2.35, 2.1, 0.95)
COST = _box(0.2, 2.02, 1.0, 0.26)
MARK = _box(1.95, 0.18, 0.36, 0.36)
ART = _box(0.2, 0.6, 2.1, 1.35)


@pytest.mark.parametrize("name", CARDS)
def test_each_card_matches_its_golden(faces: dict[str, Image.Image], name: str) -> None:
    """Every card looks as reviewed (goldens at half size; `make goldens` remakes them)."""
    small = faces[name].resize((faces[name].width // 2, faces[name].height // 2), Image.BOX)
    path = GOLDENS / f"{name.lower().replace(' ', '-')}.png"
    if UPDATE:
        GOLDENS.mkdir(parents=True, exist_ok=True)
        small.save(path, optimize=True)
    with Image.open(path) as golden:
        problem = differs(small, golden.convert("RGB"))
    if problem is not None:
        FAILURES.mkdir(parents=True, exist_ok=True)
        small.save(FAILURES / f"emberwake-{path.name}")
    assert problem is None, f"{name}: {problem}"


def test_the_duration_badge_shows_only_with_a_duration(faces: dict[str, Image.Image]) -> None:
    """`when: {duration: present}`: the dark plate and its light label on the two cards with
    a duration, the plain panel on Ashen Warden, which has none; "lasts 3 turns" is wider
    than "lasts 1 turn" (the plural), both set flush right."""
    plate = (0x3B, 0x30, 0x46)
    assert not _near(_colours(faces["Ashen Warden"], BADGE), plate, 8)
    widths = {}
    for name in ("Lantern Keeper", "Tide Caller"):
        badge = faces[name].crop(BADGE)
        assert _near(_colours(faces[name], BADGE), plate, 8) > badge.width * badge.height // 2
        inside = badge.crop((4, 4, badge.width - 4, badge.height - 4))  # off the round corners
        label = inside.convert("L").point(lambda v: 255 if v > 200 else 0).getbbox()
        assert label is not None, name
        widths[name] = label
    one, three = widths["Lantern Keeper"], widths["Tide Caller"]
    assert three[2] == pytest.approx(one[2], abs=2)
    assert three[2] - three[0] > one[2] - one[0] + 5


def test_the_png_coin_keeps_its_colours_inline(faces: dict[str, Image.Image]) -> None:
    """The coin PNG (gold rim #b07818 on a #f0be3c disc) is drawn as it is, in the rules text
    and after the cost, on every card: never recoloured in the text's black."""
    for name in CARDS:
        for box in (RULES, COST):
            colours = _colours(faces[name], box)
            assert _near(colours, (240, 190, 60), 20), (name, box)


def test_the_svg_marks_are_recoloured_by_faction(faces: dict[str, Image.Image]) -> None:
    """The single-colour SVG marks take the colour of the card's faction."""
    ember, tide = (184, 69, 31), (31, 111, 139)
    for name, colour, other in (
        ("Lantern Keeper", ember, tide),
        ("Tide Caller", tide, ember),
        ("Ashen Warden", ember, tide),
    ):
        colours = _colours(faces[name], MARK)
        assert _near(colours, colour, 2) > 50, name
        assert not _near(colours, other, 30), name


def test_svg_art_is_found_by_the_card_s_name(faces: dict[str, Image.Image]) -> None:
    """Lantern Keeper's and Tide Caller's art are the SVGs named after them (the night sky
    at the top, the pale moon); Ashen Warden, with no file, gets the placeholder."""
    keeper, caller = faces["Lantern Keeper"], faces["Tide Caller"]
    x0, y0, x1, y1 = ART
    assert _near([(1, keeper.getpixel((x0 + 20, y0 + 3)))], (0x2B, 0x2D, 0x6E), 16)
    moon = (x0 + round((x1 - x0) * 220 / 300), y0 + round((y1 - y0) * 56 / 200))
    assert _near([(1, caller.getpixel(moon))], (0xE9, 0xF1, 0xF4), 4)
    assert not _near(_colours(faces["Ashen Warden"], ART), (0x2B, 0x2D, 0x6E), 10)


def test_the_game_checks_clean_and_lists_its_icons() -> None:
    """`cardgen check` finds nothing to say; `cardgen icons` lists the folder's three."""
    runner = CliRunner()
    checked = runner.invoke(main, ["check", "emberwake", "--project", str(PROJECT)])
    assert checked.exit_code == 0, checked.output
    assert "warning" not in checked.output
    listed = runner.invoke(
        main, ["icons", "emberwake", "--project", str(PROJECT), "--format", "json"]
    )
    assert listed.exit_code == 0, listed.output
    own = {e["name"]: e for e in json.loads(listed.output)["icons"] if e.get("file")}
    assert {name: e["file"] for name, e in own.items()} == {
        "coin": "icons/coin.png",
        "ember": "icons/ember.svg",
        "tide": "icons/tide.svg",
    }
    assert own["coin"]["recolored"] is False and own["ember"]["recolored"] is True
