"""Placeholders: deterministic stand-in pictures made from a card's name, any size.

What a placeholder shows is read off its pixels: the "ART" tag and the initials are the
only near-white ink on it (every channel 225 or more: the gradient's lightest colour keeps
a third of its saturation, and the pattern's white lines are translucent). The initials sit
on a disc in the middle (radius 0.3 of the short side), the tag in the top-left corner.
"""

from __future__ import annotations

import time

import pytest
from PIL import Image, ImageChops, ImageStat

from cardgen.render.placeholder import initials, placeholder

NEAR_WHITE = 225


def near_white(image: Image.Image) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """The near-white pixels within the middle disc (a little wider than the initials'
    disc), and those outside it."""
    width, height = image.size
    reach = (0.32 * min(width, height)) ** 2
    inside: set[tuple[int, int]] = set()
    outside: set[tuple[int, int]] = set()
    data = image.load()
    assert data is not None
    for y in range(height):
        for x in range(width):
            if min(data[x, y]) >= NEAR_WHITE:
                middle = (x + 0.5 - width / 2) ** 2 + (y + 0.5 - height / 2) ** 2 <= reach
                (inside if middle else outside).add((x, y))
    return inside, outside


def assert_tag(outside: set[tuple[int, int]], size: tuple[int, int], tagged: bool) -> None:
    """The ink outside the initials is the ART tag, in the top-left corner, or none."""
    if not tagged:
        assert outside == set(), size
        return
    assert len(outside) >= 20, size  # the three letters
    assert max(x for x, _ in outside) < size[0] / 2 and max(y for _, y in outside) < size[1] / 2


def test_placeholder_is_deterministic() -> None:
    first = placeholder("Cinder Duelist", (600, 500))
    second = placeholder("Cinder Duelist", (600, 500))
    assert first.tobytes() == second.tobytes()


def test_placeholder_shows_the_art_tag_and_the_initials() -> None:
    image = placeholder("Prisma", (600, 500))
    assert image.size == (600, 500)
    assert image.mode == "RGB"
    inside, outside = near_white(image)
    assert_tag(outside, image.size, tagged=True)
    assert all(x < 100 and y < 60 for x, y in outside)  # within 20 % and 12 % of the corner
    assert len(outside) >= 300  # three bold letters 28 px high (5.5 % of the short side)
    assert len(inside) >= 2000  # a "P" 142 px high (0.95 of the disc's radius, 150)


def test_the_initials_drawn_are_the_names_initials() -> None:
    """Same initials, same glyphs on any name's colours; other initials, other glyphs."""

    def glyphs(name: str) -> set[tuple[int, int]]:
        return near_white(placeholder(name, (300, 250)))[0]

    prisma = glyphs("Prisma")
    assert len(glyphs("Pluto") ^ prisma) <= len(prisma) // 50  # P and P: a few edge pixels
    assert len(glyphs("Cinder Duelist") ^ prisma) > len(prisma) // 2  # CD
    none = glyphs("")
    for name in ("!!!", "火の鳥"):  # no letter (Vera has no kanji): "?"
        assert len(glyphs(name) ^ none) <= len(none) // 50, name
    assert len(glyphs("Prisma") ^ none) > len(none) // 2


@pytest.mark.parametrize(
    ("first", "second"),
    [("Prisma", "Goutte rose"), ("Prisma", "Cinder Duelist"), ("Card 1", "Card 2")],
)
def test_placeholders_differ_between_names(first: str, second: str) -> None:
    a = placeholder(first, (120, 100))
    b = placeholder(second, (120, 100))
    mean_difference = sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3
    assert mean_difference > 8


def test_placeholder_is_fast() -> None:
    """Under 50 ms of CPU time for a card's art box (3 ms on the test machine): CPU time, so
    that other work on a busy machine does not count, the best of three."""
    placeholder("warm-up", (600, 500))  # font loading happens once
    best = min(_cpu_seconds(f"Card {n}") for n in range(3))
    assert best < 0.050


def _cpu_seconds(name: str) -> float:
    start = time.process_time()
    placeholder(name, (600, 500))
    return time.process_time() - start


@pytest.mark.parametrize(
    ("size", "tagged", "lettered"),
    [
        ((1, 1), False, None),  # one pixel: the gradient's lightest corner, near-white itself
        ((5, 3), False, False),
        ((20, 20), False, False),  # initials 5 px high: too small to reach near-white
        ((59, 80), False, True),  # the tag needs a short side of 60
        ((60, 80), True, True),
        ((300, 40), False, True),
        ((40, 300), False, True),
        ((1500, 2100), True, True),
    ],
)
def test_placeholder_any_size(size: tuple[int, int], tagged: bool, lettered: bool | None) -> None:
    image = placeholder("Odd Sizes", size)
    assert image.size == size
    inside, outside = near_white(image)
    assert_tag(outside, size, tagged)
    if lettered is not None:
        assert bool(inside) == lettered, size
    assert image.tobytes() != placeholder("Other Sizes", size).tobytes()  # made from the name


def test_placeholder_refuses_an_empty_size() -> None:
    with pytest.raises(ValueError, match="positive"):
        placeholder("x", (0, 10))


@pytest.mark.parametrize("name", ["", "火の鳥", "Élan vital", "!!!", "a" * 500])
def test_placeholder_handles_awkward_names(name: str) -> None:
    image = placeholder(name, (90, 80))
    assert image.size == (90, 80)
    inside, outside = near_white(image)
    assert_tag(outside, image.size, tagged=True)
    assert len(inside) >= 15, name  # its initials, or "?"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Prisma", "P"),
        ("Cinder Duelist", "CD"),
        ("goutte rose", "GR"),
        ("Sea Serpent of the Deep", "SS"),
        ("élan vital", "ÉV"),
        ("Őrség", "O"),  # Vera has no Ő: the accent goes
        ("straße", "S"),
        ("火の鳥", "?"),  # no glyphs in Vera at all
        ("", "?"),
        ("  “The” duke", "TD"),
        ("Half-Orc", "HO"),
        ("Unit 7", "U7"),
    ],
)
def test_initials(name: str, expected: str) -> None:
    assert initials(name) == expected
