"""The pages `cardgen serve` sends, for everyone (issue 37): axe-core finds no serious or
critical violation on the served gallery, the close-up and the deck builder (a deck opened,
its verdict and report shown), at desktop width and at 390 px; the close-up keeps focus
inside while open (Tab and Shift+Tab go round, Escape closes) and gives it back to the
card's "Up close" button, walked by keyboard only; the "Up close" button covers no chip of
any card; at 390 px the first card is on the first screen.

One served copy of Shards for the module (its cards drawn once for the run: the example
builds' cache); the browser is the gallery tests' headless Chromium.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.axe_check import assert_no_violations
from tests.browser.keyboard import Keyboard
from tests.browser.test_gallery_browser import (
    ARTIFACTS,
    browser,  # noqa: F401  (the fixture)
)
from tests.oracles.games import example_copy
from tests.serve.live_process import LiveProcess

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:  # pragma: no cover - the fixture skips without selenium
    pass

WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
"""The window sizes the pages are checked at: a desktop, and a phone 390 px wide."""
WAIT = 60
SERVED_ONLY = "header.top, .closeup-open, #live-status"
"""What the server adds to the static gallery: the header's builder link, each card's Up
close button, the live badge."""
"""Seconds a condition may take on a busy machine."""


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveProcess]:
    """`cardgen serve shards` over a copy of the example game."""
    project = example_copy(tmp_path_factory.mktemp("a11y-served"), "shards")
    served = LiveProcess(project, "shards")
    try:
        yield served
    finally:
        code, err = served.stop()
        assert code == 0, err


def _gallery(driver: Any, live: LiveProcess, size: tuple[int, int]) -> Any:
    """The served gallery loaded at `size`, its live script and close-up buttons in place;
    the wait used."""
    driver.set_window_size(*size)
    driver.get(live.url)
    wait = WebDriverWait(driver, WAIT, poll_frequency=0.1)
    wait.until(lambda d: d.execute_script("return !!(window.cardgenLive && cardgenLive.state)"))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#grid > .card > .closeup-open"))
    return wait


@pytest.fixture(params=sorted(WIDTHS))
def gallery_at(
    request: pytest.FixtureRequest,
    browser: Any,  # noqa: F811  (the fixture)
    live: LiveProcess,
) -> tuple[Any, str, Any]:
    """The served gallery at each width: (the driver, the width's name, the wait)."""
    return browser, request.param, _gallery(browser, live, WIDTHS[request.param])


def test_the_served_gallery_and_a_card_up_close_pass_axe(
    gallery_at: tuple[Any, str, Any],
) -> None:
    driver, width, wait = gallery_at
    # every rule but contrast on the whole page; contrast (most of axe's time on a big
    # gallery) on what the server adds to the static gallery, at desktop width: the
    # static page's colours are checked by test_a11y_static, and colours are the same at
    # any width
    where = f"the served gallery at {width} width"
    assert_no_violations(driver, where, skip=("color-contrast",))
    if width == "desktop":
        assert_no_violations(driver, where, within=SERVED_ONLY, rules=("color-contrast",))
    driver.execute_script("document.querySelector('#grid > .card > .closeup-open').click()")
    wait.until(
        lambda d: d.execute_script(
            "var i = document.querySelector('#closeup .front img');"
            " return !!i && i.complete && i.naturalWidth > 0"
        )
    )
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#closeup .closeup-fields tbody tr"))
    # the page behind was checked above: the close-up itself, every rule
    assert_no_violations(driver, f"the close-up at {width} width", within="#closeup")


def test_up_close_covers_no_chip_and_the_first_card_is_on_the_first_screen(
    gallery_at: tuple[Any, str, Any], live: LiveProcess
) -> None:
    driver, width, _wait = gallery_at
    top, height = driver.execute_script(
        "return [document.querySelector('#grid > .card').getBoundingClientRect().top,"
        " window.innerHeight]"
    )
    if width == "phone":
        assert 0 <= top < height, f"the first card starts at {top} px, the screen is {height} px"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)  # for a person to look at (CI keeps output/)
    assert driver.save_screenshot(str(ARTIFACTS / f"a11y-served-gallery-{width}.png"))
    # every card's button against every chip and note of its card, as laid out
    boxes = driver.execute_script(
        "function box(e) { var r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; }"
        "return Array.from(document.querySelectorAll('#grid > .card')).map(function (card) {"
        "  return [card.id, box(card.querySelector(':scope > .closeup-open')),"
        "    Array.from(card.querySelectorAll('.chips li, .findings li, .meta h3')).map(box)];"
        "});"
    )
    assert len(boxes) == len(live.get("/api/state")["cards"])  # every card of the game
    covered = []
    for card, button, others in boxes:
        assert button[2] - button[0] > 0 and button[3] - button[1] > 0, card
        for other in others:
            overlap_x = min(button[2], other[2]) - max(button[0], other[0])
            overlap_y = min(button[3], other[3]) - max(button[1], other[1])
            if overlap_x > 0 and overlap_y > 0:
                covered.append((card, button, other))
    assert covered == [], covered[:5]


def test_the_close_up_by_keyboard_keeps_focus_inside_and_gives_it_back(
    browser: Any,  # noqa: F811  (the fixture)
    live: LiveProcess,
) -> None:
    wait = _gallery(browser, live, WIDTHS["desktop"])
    keys = Keyboard(browser)
    keys.tab_to("button.closeup-open", 60)  # the first card's "Up close", by Tab alone
    card = browser.execute_script("return document.activeElement.closest('.card').id")
    keys.press(Keys.ENTER)
    closeup = browser.find_element(By.ID, "closeup")
    wait.until(lambda _d: closeup.is_displayed())
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#closeup .closeup-fields tbody tr"))
    assert keys.focused() == "closeup-close"
    assert browser.execute_script("return document.querySelector('main').inert") is True
    stops = ["closeup-zoom", "closeup-guides", "closeup-close"]  # the view's controls
    seen = []
    for _ in range(2 * len(stops)):
        keys.press(Keys.TAB)
        seen.append(keys.focused())
    assert seen == stops * 2, seen
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(ARTIFACTS / "a11y-closeup-focus.png"))  # on Close
    seen = []
    for _ in range(2 * len(stops)):
        keys.press(Keys.TAB, hold=Keys.SHIFT)
        seen.append(keys.focused())
    assert seen == ["closeup-guides", "closeup-zoom", "closeup-close"] * 2, seen
    keys.press(Keys.ESCAPE)
    wait.until(lambda _d: not closeup.is_displayed())
    assert keys.focused() == "button.closeup-open"  # given back to the card's button
    assert browser.execute_script("return document.activeElement.closest('.card').id") == card
    assert browser.execute_script("return document.querySelector('main').inert") is False


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_the_deck_builder_with_a_deck_and_its_verdict_passes_axe(
    browser: Any,  # noqa: F811  (the fixture)
    live: LiveProcess,
    width: str,
) -> None:
    browser.set_window_size(*WIDTHS[width])
    browser.get(live.url + "decks")
    wait = WebDriverWait(browser, WAIT, poll_frequency=0.1)
    wait.until(
        lambda d: d.execute_script("return !!(window.cardgenBuilder && cardgenBuilder.ready)")
    )
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#open option")) > 1)
    for deck, verdict in (("illegal-oversize", "illegal"), ("ember-aggro", "legal")):
        Select(browser.find_element(By.ID, "open")).select_by_value(deck)
        wait.until(
            lambda d, v=verdict: d.find_element(By.ID, "verdict").get_attribute("class") == v
        )
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#report .chart"))
        assert browser.find_elements(By.CSS_SELECTOR, "#deck-list li")
        assert_no_violations(browser, f"the deck builder with {deck} at {width} width")


def test_the_live_status_badge_lies_in_a_region_and_reads_in_every_state(
    browser: Any,  # noqa: F811  (the fixture)
    live: LiveProcess,
) -> None:
    """The served page's own badge (`live`, a failed build, the server gone) is inside a
    landmark and its text reads on its colour: axe finds nothing at any impact on it."""
    from tests.browser.axe_check import axe_violations, describe

    _gallery(browser, live, WIDTHS["desktop"])
    every_impact = ("minor", "moderate", "serious", "critical")
    for state in ("", "error", "off"):
        browser.execute_script(
            "var b = document.getElementById('live-status'); b.className = arguments[0];"
            " b.textContent = arguments[0] || 'live';",
            state,
        )
        found = axe_violations(browser, every_impact, within="#live-status")
        if not state:  # where it lies is the same in every state
            found += axe_violations(browser, every_impact, rules=("region",))
        on_badge = [
            {**v, "nodes": hits}
            for v in found
            if (
                hits := [n for n in v["nodes"] if "#live-status" in " ".join(map(str, n["target"]))]
            )
        ]
        assert not on_badge, describe(on_badge, f"the live badge ({state or 'live'})")
