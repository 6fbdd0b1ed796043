"""A text colour chosen from its background by WCAG contrast (`cardgen.reports.contrast`),
against an oracle written here from WCAG 2.x's own definitions (relative luminance from
sRGB, the (L1 + 0.05) / (L2 + 0.05) ratio): for any background the ink chosen reads at
4.5:1 at least, and it is the first of the inks asked for that does. Then the pages the
build wrote: every card type's chip and every shaded draw-odds cell of the five example
galleries has text at 4.5:1 or more, by the same oracle.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.reports.contrast import contrast, readable_ink, shade
from tests.example_builds import GAMES, built

WCAG_AA = 4.5
DARK_INK = "#1f2430"


def _oracle_luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of #rrggbb (the spec's formula, written out)."""
    values = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in values]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def oracle_ratio(a: str, b: str) -> float:
    """WCAG 2.x contrast ratio of two #rrggbb colours."""
    la, lb = _oracle_luminance(a.lower()), _oracle_luminance(b.lower())
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


colours = st.integers(0, 0xFFFFFF).map(lambda v: f"#{v:06x}")


def test_known_pairs() -> None:
    """Figures WCAG's own examples and every contrast checker give."""
    assert oracle_ratio("#ffffff", "#000000") == pytest.approx(21.0)
    assert oracle_ratio("#e08a2c", "#ffffff") == pytest.approx(2.67, abs=0.01)  # the issue's
    assert contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert readable_ink("#e08a2c") != "#ffffff"  # the orange chip: dark text
    assert readable_ink("#3b6fb6") == "#ffffff"  # the blue one keeps its white


@given(colours, colours)
def test_contrast_is_the_wcag_ratio(a: str, b: str) -> None:
    assert contrast(a, b) == pytest.approx(oracle_ratio(a, b), rel=1e-9)


@given(colours)
def test_every_background_gets_an_ink_that_reads(background: str) -> None:
    ink = readable_ink(background)
    assert oracle_ratio(ink, background) >= WCAG_AA
    preferred = ["#ffffff", DARK_INK, "#000000"]
    first = next(c for c in preferred if oracle_ratio(c, background) >= WCAG_AA)
    assert ink.lower() == first


@given(colours, st.lists(colours, min_size=1, max_size=4))
def test_given_inks_the_first_that_reads_or_else_the_most(background: str, inks: list[str]) -> None:
    ink = readable_ink(background, inks)
    reading = [c for c in inks if oracle_ratio(c, background) >= WCAG_AA]
    if reading:
        assert ink == reading[0]
    else:
        assert oracle_ratio(ink, background) == max(oracle_ratio(c, background) for c in inks)


@given(colours, colours, st.floats(0, 1))
def test_shade_is_the_colour_over_its_background(top: str, bottom: str, alpha: float) -> None:
    mixed = shade(top, alpha, bottom)
    for i in (1, 3, 5):
        a, b = int(top[i : i + 2], 16), int(bottom[i : i + 2], 16)
        assert abs(int(mixed[i : i + 2], 16) - (a * alpha + b * (1 - alpha))) <= 0.5 + 1e-9


CHIP = re.compile(r'<li class="type" style="--type:(#[0-9a-f]{6});--type-ink:(#[0-9a-f]{6})">')
CELL = re.compile(
    r'<td style="background:(#[0-9a-f]{6})"[^>]*>[^<]*<small style="color:(#[0-9a-f]{6})">'
)


def test_the_built_galleries_chips_and_odds_cells_read() -> None:
    project = built()
    chips = cells = 0
    for game in GAMES:
        page = (project / "output" / game / "index.html").read_text(encoding="utf-8")
        assert 'class="type" style="--type:#' in page
        for background, ink in CHIP.findall(page):
            chips += 1
            assert oracle_ratio(ink, background) >= WCAG_AA, (game, background, ink)
        for background, small in CELL.findall(page):
            cells += 1
            assert oracle_ratio(small, background) >= WCAG_AA, (game, background, small)
            assert oracle_ratio(DARK_INK, background) >= WCAG_AA, (game, background)
        assert page.count('<li class="type"') == len(CHIP.findall(page))
    assert chips > 200 and cells > 100, (chips, cells)  # 249 and 546 at this writing
