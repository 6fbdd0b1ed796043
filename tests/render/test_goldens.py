"""Golden images: a few cards of each game, compared region by region with a tolerance.

Goldens are stored at a third of the size (275 x 375 for a poker card) to keep the
repository small. The comparison (`differs`) looks at every 32 x 32 px window of them (96 px
of the card), windows overlapping by half: in none may more than 3 pixels lie over 40
levels outside the range of the other image's pixels around them (3 x 3, both ways), nor
may the window differ by more than 8 levels on average; over the whole card, by more than
1.5. Antialiasing drawn otherwise (another FreeType, edges softened by half a pixel) stays
within that; a missing mark of a few pixels (the placeholder's ART tag), a wrong icon, a
moved element or a wrong colour do not (nor does the whole card drawn a pixel aside: thin
lines change by a third of their contrast at this size). The comparison of the
whole card it replaced (0.5 % of its pixels off by more than 48 levels) let the first two
through. On failure the actual, expected and difference images are saved under
`output/golden-failures/`. Regenerate after a reviewed change with `make goldens`
(CARDGEN_UPDATE_GOLDENS=1), then look at the diff before committing.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat

from cardgen.render.renderer import GameRenderer
from tests.conftest import ROOT

GOLDENS = Path(__file__).parent / "goldens"
FAILURES = ROOT / "output" / "golden-failures"
SCALE = 3
UPDATE = os.environ.get("CARDGEN_UPDATE_GOLDENS") == "1"

CASES = {
    "shards": ["Abyssal Tidewarden", "Cinder Duelist", "Luck Ally +2", "Gust Fencer"],
    "splatterkins": ["Prisma", "Baubbles (Doodle)", "Glue Trap"],
    "splatoon": [],
    "blublers": ["Goutte rose", "Étoile bleue"],
    "yokai-sketch": [],
}


def _cases() -> list[tuple[str, str]]:
    found = []
    for game, names in CASES.items():
        renderer = GameRenderer.open(ROOT, game)
        chosen = names or [card.name for card in renderer.pack.cards[:2]]
        found.extend((game, name) for name in chosen)
        found.append((game, f"back:{renderer.pack.game.types[renderer.pack.cards[0].type].back}"))
    return found


_renderers: dict[str, GameRenderer] = {}


def _render(game: str, name: str) -> Image.Image:
    renderer = _renderers.get(game) or _renderers.setdefault(game, GameRenderer.open(ROOT, game))
    if name.startswith("back:"):
        data, _ = renderer.back(name.removeprefix("back:"))
    else:
        card = renderer.pack.find(name)
        assert card is not None, name
        data, _ = renderer.card(card)
    with Image.open(io.BytesIO(data)) as image:
        return image.convert("RGB")


def _small(image: Image.Image) -> Image.Image:
    return image.resize((image.width // SCALE, image.height // SCALE), Image.Resampling.BOX)


WINDOW, STEP = 32, 16
"""The side of the windows compared, and how far apart they start (px of the small image)."""
OFF = 40
"""A pixel is off when it lies this many levels outside the range around it in the other
image, in any channel."""
MOST_OFF = 3
"""Pixels off allowed in a window: a stray pixel or two where strokes meet (edges softened
by a blur of 0.8 px at full size leave at most 2)."""
WINDOW_MEAN, MEAN = 8.0, 1.5
"""The mean difference (in levels, the largest channel's) allowed in a window, and over
the whole image."""


def _largest_channel(image: Image.Image) -> Image.Image:
    red, green, blue = image.split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue)


def _outside(image: Image.Image, other: Image.Image) -> Image.Image:
    """How far each pixel of `image` lies outside the range of `other`'s 3 x 3 pixels around
    it, in its furthest channel: 0 for an edge that `other` antialiases or places a little
    otherwise, the whole difference for a mark that `other` has nowhere near."""
    low, high = other.filter(ImageFilter.MinFilter(3)), other.filter(ImageFilter.MaxFilter(3))
    below, above = ImageChops.subtract(low, image), ImageChops.subtract(image, high)
    return _largest_channel(ImageChops.lighter(below, above))


def _starts(length: int) -> list[int]:
    """Where the windows start along a side: every STEP px, and one flush with the end."""
    last = max(0, length - WINDOW)
    return sorted({*range(0, last + 1, STEP), last})


def differs(actual: Image.Image, expected: Image.Image) -> str | None:
    """Why two images differ beyond the tolerance (the first window that does, or the
    whole image), or None: see the module's docstring."""
    difference = _largest_channel(ImageChops.difference(actual, expected))
    off = ImageChops.lighter(_outside(actual, expected), _outside(expected, actual))
    off = off.point(lambda v: 255 if v > OFF else 0)
    for y in _starts(actual.height):
        for x in _starts(actual.width):
            box = (x, y, min(actual.width, x + WINDOW), min(actual.height, y + WINDOW))
            count = off.crop(box).histogram()[255]
            mean = ImageStat.Stat(difference.crop(box)).mean[0]
            if count > MOST_OFF or mean > WINDOW_MEAN:
                return (
                    f"{count} pixels off by more than {OFF} levels, a mean difference of"
                    f" {mean:.1f}, in the window {box}"
                )
    mean = ImageStat.Stat(difference).mean[0]
    return f"a mean difference of {mean:.2f} over the image" if mean > MEAN else None


def test_the_comparison_catches_a_moved_element() -> None:
    golden = Image.open(GOLDENS / "shards" / "cinder-duelist.png").convert("RGB")
    assert differs(golden, golden.copy()) is None
    moved = golden.copy()
    moved.paste(golden.crop((20, 20, 120, 120)), (26, 20))
    assert differs(moved, golden) is not None
    tinted = Image.eval(golden, lambda v: min(255, v + 1))
    assert differs(tinted, golden) is None  # a level lighter everywhere passes
    recoloured = Image.eval(golden, lambda v: min(255, v + 3))
    assert differs(recoloured, golden) == "a mean difference of 2.99 over the image"


def test_antialiasing_drawn_otherwise_passes() -> None:
    """Every edge of the card softened by half a pixel (at full size), as a rasterizer that
    antialiases otherwise would draw it: each golden still passes."""
    for game, name in (("shards", "Cinder Duelist"), ("splatterkins", "Glue Trap")):
        softer = _small(_render(game, name).filter(ImageFilter.GaussianBlur(0.5)))
        assert differs(softer, _golden(game, name)) is None, name


def _whole_card_tolerance(actual: Image.Image, expected: Image.Image) -> bool:
    """The comparison these goldens had: within 1.5 levels on average over the card, and
    no more than 0.5 % of its pixels off by more than 48 (grey levels)."""
    histogram = ImageChops.difference(actual, expected).convert("L").histogram()
    total = actual.width * actual.height
    mean = sum(i * n for i, n in enumerate(histogram)) / total
    return mean <= 1.5 and sum(histogram[48:]) / total <= 0.005


def test_a_card_without_its_placeholders_art_tag_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cinder Duelist has no art: its placeholder's ART tag (some 20 x 12 px here) left out
    fails in the art box's top-left corner; the whole-card tolerance let it through."""
    import cardgen.render.placeholder

    monkeypatch.setattr(cardgen.render.placeholder, "_art_tag", lambda draw, side: None)
    renderer = GameRenderer.open(ROOT, "shards")
    card = renderer.pack.find("Cinder Duelist")
    assert card is not None
    data, _ = renderer.card(card)
    with Image.open(io.BytesIO(data)) as image:
        untagged = _small(image.convert("RGB"))
    golden = _golden("shards", "Cinder Duelist")
    assert _whole_card_tolerance(untagged, golden)
    problem = differs(untagged, golden)
    # The tag spans about (37, 77) to (60, 90) of the small card: the first window over it.
    assert problem is not None and problem.endswith("in the window (16, 48, 48, 80)"), problem


def test_a_card_with_a_wrong_icon_fails() -> None:
    """Glue Trap's {{bell}} drawn as a star (in a fresh process: icons and the plates they
    are drawn on are kept between cards) fails where the bell is; the whole-card tolerance
    let it through."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from cardgen.render import icons\n"
        "icons.ICONS['bell'] = icons.ICONS['star']\n"
        "from cardgen.render.renderer import GameRenderer\n"
        f"renderer = GameRenderer.open(Path({str(ROOT)!r}), 'splatterkins')\n"
        "data, _ = renderer.card(renderer.pack.find('Glue Trap'))\n"
        "sys.stdout.buffer.write(data)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True)
    with Image.open(io.BytesIO(done.stdout)) as image:
        starred = _small(image.convert("RGB"))
    golden = _golden("splatterkins", "Glue Trap")
    assert _whole_card_tolerance(starred, golden)
    problem = differs(starred, golden)
    # The bell sits at about (95, 210) of the small card, in the INTERRUPT banner.
    assert problem == (
        "4 pixels off by more than 40 levels, a mean difference of 4.7,"
        " in the window (80, 208, 112, 240)"
    )


def _golden(game: str, name: str) -> Image.Image:
    from cardgen.write import slug

    with Image.open(GOLDENS / game / f"{slug(name.replace(':', '-'))}.png") as stored:
        return stored.convert("RGB")


@pytest.mark.parametrize(("game", "name"), _cases())
def test_golden(game: str, name: str) -> None:
    from cardgen.write import slug

    actual = _small(_render(game, name))
    path = GOLDENS / game / f"{slug(name.replace(':', '-'))}.png"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"no golden for {game}/{name}: run `make goldens` and review it")
        path.parent.mkdir(parents=True, exist_ok=True)
        actual.save(path, "PNG", optimize=True)
        return
    with Image.open(path) as stored:
        expected = stored.convert("RGB")
    assert expected.size == actual.size, f"size {actual.size} != golden {expected.size}"
    problem = differs(actual, expected)
    if problem:
        diff = ImageChops.difference(actual, expected).convert("L")
        out = FAILURES / game
        out.mkdir(parents=True, exist_ok=True)
        stem = slug(name.replace(":", "-"))
        actual.save(out / f"{stem}.actual.png")
        expected.save(out / f"{stem}.expected.png")
        diff.point(lambda v: min(255, v * 4)).save(out / f"{stem}.diff.png")
        pytest.fail(f"{game}/{name} differs from its golden: {problem}; see {out}")
