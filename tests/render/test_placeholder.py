"""Placeholders: deterministic stand-in pictures made from a card's name, any size."""

from __future__ import annotations

import time

import pytest
from PIL import ImageChops, ImageStat

from cardgen.render.placeholder import initials, placeholder


def test_placeholder_is_deterministic() -> None:
    first = placeholder("Cinder Duelist", (600, 500))
    second = placeholder("Cinder Duelist", (600, 500))
    assert first.tobytes() == second.tobytes()


def test_placeholder_size_and_mode() -> None:
    image = placeholder("Prisma", (600, 500))
    assert image.size == (600, 500)
    assert image.mode == "RGB"


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
    placeholder("warm-up", (600, 500))  # font loading happens once
    best = min(_timed(f"Card {n}") for n in range(3))
    assert best < 0.050


def _timed(name: str) -> float:
    start = time.perf_counter()
    placeholder(name, (600, 500))
    return time.perf_counter() - start


@pytest.mark.parametrize("size", [(1, 1), (5, 3), (20, 20), (300, 40), (40, 300), (1500, 2100)])
def test_placeholder_any_size(size: tuple[int, int]) -> None:
    assert placeholder("Odd Sizes", size).size == size


def test_placeholder_refuses_an_empty_size() -> None:
    with pytest.raises(ValueError, match="positive"):
        placeholder("x", (0, 10))


@pytest.mark.parametrize("name", ["", "火の鳥", "Élan vital", "!!!", "a" * 500])
def test_placeholder_handles_awkward_names(name: str) -> None:
    assert placeholder(name, (90, 80)).size == (90, 80)


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
