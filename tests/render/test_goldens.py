"""Golden images: a few cards of each game, compared with a tolerance.

Goldens are stored at a third of the size (275 x 375 for a poker card) to keep the
repository small; a difference of a few grey levels (another FreeType) passes, a moved
element or a wrong colour fails. On failure the actual, expected and difference images are
saved under `output/golden-failures/`. Regenerate after a reviewed change with
`make goldens` (CARDGEN_UPDATE_GOLDENS=1), then look at the diff before committing.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from cardgen.render.game import GameRenderer
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


def differs(actual: Image.Image, expected: Image.Image) -> str | None:
    """Why two images differ beyond the tolerance, or None: a mean difference over 1.5
    grey levels, or over 0.5 % of pixels off by more than 48."""
    histogram = ImageChops.difference(actual, expected).convert("L").histogram()
    total = actual.width * actual.height
    mean = sum(i * n for i, n in enumerate(histogram)) / total
    bad = sum(histogram[48:]) / total
    if mean > 1.5 or bad > 0.005:
        return f"mean {mean:.2f}, {bad:.2%} of pixels off by more than 48"
    return None


def test_the_comparison_catches_a_moved_element() -> None:
    golden = Image.open(GOLDENS / "shards" / "cinder-duelist.png").convert("RGB")
    assert differs(golden, golden.copy()) is None
    moved = golden.copy()
    moved.paste(golden.crop((20, 20, 120, 120)), (26, 20))
    assert differs(moved, golden) is not None
    tinted = Image.eval(golden, lambda v: min(255, v + 1))
    assert differs(tinted, golden) is None  # another FreeType's antialiasing passes


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
