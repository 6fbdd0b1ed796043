"""The build's cache against what each change must redraw: a card's art rewritten in place
(same name, new colour), a layout's fixed image and a font file. Exactly the cards that use
the changed file are drawn again (the build's `drawn` count, and which files changed), their
pixels changed, and every card of the build is what a fresh render draws."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
import reportlab
from PIL import Image

from tests.oracles.games import Row, mean_difference, ok, rendered, rgb, write_game

FONTS = Path(reportlab.__file__).parent / "fonts"  # Vera, as ReportLab ships it
FRAME = """\
extends: builtin:card
dpi: 50
elements:
  band:
    kind: image
    src: frame.png
    x: 0.2in
    y: 3.05in
    width: 100% - 0.4in
    height: 0.3in
"""
HAND = """\
extends: builtin:card
dpi: 50
fonts:
  hand: {regular: fonts/hand.ttf}
elements:
  title: {font: hand, bold: false}
  rules: {font: hand}
"""
ROWS = [
    Row("Ash", "t0", text="Burns.", art="art/ash.png"),
    Row("Birch", "t0", text="Grows.", art="art/birch.png"),
    Row("Cedar", "t0", text="Stands."),
    Row("Dune", "t1", text="Shifts."),
    Row("Elm", "t1", text="Shades."),
    Row("Fern", "t2", text="Unfurls."),
    Row("Gorse", "t2", text="Pricks."),
    Row("Heath", "t2", text="Spreads."),
]


def solid(path: Path, colour: tuple[int, int, int], size: tuple[int, int] = (60, 40)) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = write_game(tmp_path, ROWS, types=3, layouts={"t1.yaml": FRAME, "t2.yaml": HAND})
    game = root / "decks" / "gen"
    solid(game / "art" / "ash.png", (200, 30, 30))
    solid(game / "art" / "birch.png", (30, 160, 40))
    solid(game / "frame.png", (20, 40, 200), (100, 20))
    (root / "fonts").mkdir()
    (root / "fonts" / "hand.ttf").write_bytes((FONTS / "Vera.ttf").read_bytes())
    return root


def build(root: Path) -> dict[str, object]:
    data = json.loads(
        ok("build", "gen", "--project", root, "--jobs", "1", "--format", "json").stdout
    )
    (game,) = data["games"]
    return dict(game)


def card_images(root: Path) -> dict[str, bytes]:
    cards = root / "output" / "gen" / "cards"
    return {p.name: p.read_bytes() for p in sorted(cards.glob("*.png"))}


def repaint_ash(root: Path) -> None:
    solid(root / "decks" / "gen" / "art" / "ash.png", (240, 200, 20))  # same file, same size


def repaint_frame(root: Path) -> None:
    solid(root / "decks" / "gen" / "frame.png", (230, 90, 10), (100, 20))


def change_font(root: Path) -> None:
    (root / "fonts" / "hand.ttf").write_bytes((FONTS / "VeraBd.ttf").read_bytes())


@pytest.mark.parametrize(
    ("change", "redrawn"),
    [
        (repaint_ash, {"ash.png"}),
        (repaint_frame, {"dune.png", "elm.png"}),
        (change_font, {"fern.png", "gorse.png", "heath.png"}),
    ],
)
def test_exactly_the_cards_using_a_changed_file_are_drawn_again(
    project: Path, tmp_path: Path, change: Callable[[Path], None], redrawn: set[str]
) -> None:
    first = build(project)
    assert (first["drawn"], first["reused"]) == (len(ROWS), 0)
    before = card_images(project)
    again = build(project)  # nothing changed: nothing drawn
    assert again["drawn"] == 0 and card_images(project) == before
    change(project)
    after_build = build(project)
    after = card_images(project)
    assert (after_build["drawn"], after_build["reused"]) == (
        len(redrawn),
        len(ROWS) - len(redrawn),
    )
    assert {name for name in before if before[name] != after[name]} == redrawn
    cards = project / "output" / "gen" / "cards"
    for name in redrawn:
        old = tmp_path / f"old-{name}"
        old.write_bytes(before[name])
        assert mean_difference(rgb(old), rgb(cards / name)) > 0.5, name  # new pixels
    fresh = rendered(project, "gen", tmp_path / "fresh")  # no cache: everything drawn anew
    for card in fresh["cards"]:
        drawn = Path(card["file"])
        assert rgb(drawn).tobytes() == rgb(cards / drawn.name).tobytes(), drawn.name
