"""The placeholder's "ART" tag read off the pixels: in the top-left corner of every
placeholder (of any name, at any size it is drawn with a tag) sits a dark plate holding
three light glyphs side by side, and a rendered card without art shows it in its art box
while a card with art does not."""

from __future__ import annotations

import itertools
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from PIL import Image

from cardgen.render.placeholder import placeholder
from tests.oracles.games import Row, rendered, rgb, write_game

LIGHT = 228
"""A glyph pixel: every channel at least this light (the tag's letters are near white)."""


def glyphs(corner: Image.Image) -> list[tuple[int, int, int, int]]:
    """Bounding boxes (left, top, right, bottom) of the light blobs in `corner` that stand
    on a dark ground, left to right: the tag's letters."""
    width, height = corner.size
    pixels = corner.load()
    light = {
        (x, y)
        for y in range(height)
        for x in range(width)
        if min(pixels[x, y]) >= LIGHT  # type: ignore[index]
    }
    boxes = []
    while light:
        stack = [light.pop()]
        members = []
        while stack:
            x, y = stack.pop()
            members.append((x, y))
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if (x + dx, y + dy) in light:
                        light.remove((x + dx, y + dy))
                        stack.append((x + dx, y + dy))
        xs, ys = [m[0] for m in members], [m[1] for m in members]
        box = (min(xs), min(ys), max(xs) + 1, max(ys) + 1)
        if box[0] == 0 or box[1] == 0 or box[2] == width or box[3] == height:
            continue  # runs off the corner: not a letter of the tag
        if len(members) < 4:
            continue  # a speck
        around = [
            sum(pixels[x, y][:3]) / 3  # type: ignore[index]
            for x in range(max(0, box[0] - 2), min(width, box[2] + 2))
            for y in range(max(0, box[1] - 2), min(height, box[3] + 2))
            if (x, y) not in set(members)
        ]
        if sorted(around)[len(around) // 2] < 170:  # mostly dark around it: on the plate
            boxes.append(box)
    return sorted(boxes)


def check_tag(image: Image.Image) -> None:
    side = min(image.size)
    corner = image.crop((0, 0, round(side * 0.25), round(side * 0.15)))
    found = glyphs(corner)
    # A, R and T; at 191 to 209 px (the tag's size as Pillow's FreeType draws it there) the R
    # and the T touch and read as one blob, at every other size they stand apart
    assert len(found) == (2 if 191 <= side <= 209 else 3), (image.size, found)
    heights = [b[3] - b[1] for b in found]
    assert max(heights) <= 1.3 * min(heights) and min(heights) >= side * 0.025, heights
    assert max(b[1] for b in found) - min(b[1] for b in found) <= 2  # one line of text
    for a, b in itertools.pairwise(found):  # side by side (a glyph may reach 1 px over)
        assert a[2] <= b[0] + 1 and a[0] < b[0]
    width = found[-1][2] - found[0][0]
    assert 2.0 <= width / max(heights) <= 3.6  # the shape of the word ART


@settings(max_examples=40, deadline=None)
@given(
    name=st.text(min_size=0, max_size=30),
    width=st.integers(150, 1200),
    height=st.integers(150, 1200),
)
@example(name="Edge", width=190, height=400)  # the sizes either side of the R and T touching
@example(name="Edge", width=500, height=191)
@example(name="Edge", width=209, height=209)
@example(name="Edge", width=210, height=300)
def test_every_placeholder_carries_the_art_tag(name: str, width: int, height: int) -> None:
    check_tag(placeholder(name, (width, height)))


def test_a_card_without_art_shows_the_tag_and_one_with_art_does_not(tmp_path: Path) -> None:
    root = write_game(
        tmp_path,
        [Row("Stand In", "t0"), Row("Painted", "t0", art="art/painted.png")],
        layout="extends: builtin:card\n",
    )
    (root / "decks/gen/art").mkdir()
    Image.new("RGB", (400, 300), (90, 120, 200)).save(root / "decks/gen/art/painted.png")
    drawn = {
        c["name"]: rgb(Path(c["file"])) for c in rendered(root, "gen", tmp_path / "r")["cards"]
    }
    # the built-in layout's art box: 0.2 in from the trim's left, 0.6 in from its top, at
    # 300 dpi with 1/8 in of bleed; 1.35 in high and the trim's width less 0.4 in wide
    left, top = round((0.125 + 0.2) * 300), round((0.125 + 0.6) * 300)
    box = (left, top, left + round(2.1 * 300), top + round(1.35 * 300))
    check_tag(drawn["Stand In"].crop(box))
    corner = drawn["Painted"].crop(box)
    side = min(corner.size)
    assert glyphs(corner.crop((0, 0, round(side * 0.25), round(side * 0.15)))) == []
