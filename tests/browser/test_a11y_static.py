"""The static pages `cardgen build` writes, for everyone (issue 37): the proof gallery
(`output/GAME/index.html`: Shards has the orange Character chip and the draw-odds heat
maps), the rulebook page (`rulebook/rulebook.html`) and the playtest table (`table.html`) of
each of the five example games, and the deck report page `cardgen report --format html`
writes, each opened from disk at desktop width and at 390 px:
axe-core finds no serious or critical violation, and no table header without text and no
scrolling box a keyboard cannot reach (of any impact); at 390 px the gallery's first card is
on the first screen.

The games are the run's one build of the examples (`tests.example_builds`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.axe_check import IMPACTS, axe_violations, describe
from tests.browser.keyboard import Keyboard
from tests.browser.test_gallery_browser import browser  # noqa: F401  (the fixture)
from tests.conftest import ROOT
from tests.example_builds import built
from tests.oracles.games import ok

WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
"""The window sizes the pages are checked at: a desktop, and a phone 390 px wide."""
GALLERIES = ("shards", "splatterkins", "splatoon", "blublers", "yokai-sketch")
"""The five example games (Shards: the orange Character chip, duel and draw tables)."""
PAGES = {"gallery": "index.html", "rulebook": "rulebook/rulebook.html", "table": "table.html"}
"""Each game's static pages, by a name for the message."""
ANY_IMPACT = ("minor", "moderate", "serious", "critical")
ALWAYS = ("empty-table-header", "scrollable-region-focusable")
"""Rules that must find nothing whatever impact axe gives them (found at the issue's
opening: 26 empty headers, the odds tables unreachable by keyboard at 390 px)."""


def _pages(project: Path) -> dict[str, Path]:
    """Each static page to check, by a name for the message."""
    pages = {}
    for game in GALLERIES:
        for name, path in PAGES.items():
            pages[f"{game} {name}"] = project / "output" / game / path
    return pages


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The built galleries and rulebooks, and a deck report page written now."""
    found = _pages(built())
    report = tmp_path_factory.mktemp("a11y-report") / "ember-aggro.html"
    deck = ROOT / "decks" / "shards" / "decks" / "ember-aggro.txt"
    ok("report", deck, "--project", ROOT, "--format", "html", "--out", report)
    found["shards deck report"] = report
    assert all(page.is_file() for page in found.values()), found
    return found


NAMES = [f"{game} {name}" for game in GALLERIES for name in PAGES] + ["shards deck report"]


@pytest.mark.parametrize("width", sorted(WIDTHS))
@pytest.mark.parametrize("name", NAMES)
def test_the_static_pages_pass_axe(
    browser: Any,  # noqa: F811  (the fixture)
    pages: dict[str, Path],
    name: str,
    width: str,
) -> None:
    browser.set_window_size(*WIDTHS[width])
    browser.get(pages[name].as_uri())
    where = f"{name} at {width} width"
    # one run of axe, every impact: serious and critical findings of any rule fail, and
    # those of the ALWAYS rules at any impact; colours are the same at any width, so the
    # contrast rule (most of axe's time on a big gallery) runs at desktop width only
    skip = ("color-contrast",) if width == "phone" else ()
    found = axe_violations(browser, ANY_IMPACT, skip=skip)
    failing = [v for v in found if v["id"] in ALWAYS or v.get("impact") in IMPACTS]
    assert not failing, describe(failing, where)


@pytest.mark.parametrize("game", GALLERIES)
def test_the_first_card_is_on_the_first_screen_of_a_phone(
    browser: Any,  # noqa: F811  (the fixture)
    pages: dict[str, Path],
    game: str,
) -> None:
    browser.set_window_size(*WIDTHS["phone"])
    browser.get(pages[f"{game} gallery"].as_uri())
    top, height, wide = browser.execute_script(
        "return [document.querySelector('#grid > .card').getBoundingClientRect().top,"
        " window.innerHeight, document.documentElement.scrollWidth > window.innerWidth]"
    )
    assert 0 <= top < height, f"{game}: the first card starts at {top} px, the screen is {height}"
    assert not wide, f"{game}: the page is wider than the phone's screen"


def test_the_skip_link_leads_past_the_header_to_the_search(
    browser: Any,  # noqa: F811  (the fixture)
    pages: dict[str, Path],
) -> None:
    from selenium.webdriver.common.keys import Keys

    browser.set_window_size(*WIDTHS["desktop"])
    browser.get(pages["shards gallery"].as_uri())
    keys = Keyboard(browser)
    keys.press(Keys.TAB)
    assert keys.focused() == "a.skip"
    assert browser.switch_to.active_element.text == "Skip to the cards"  # shown when focused
    keys.press(Keys.ENTER, Keys.TAB)
    assert keys.focused() == "search"  # past every download link of the header
