"""The deck builder by keyboard only (issue 37): with a pool of hundreds of cards the deck's
name, Save, Download and Open are a few Tab presses away (a skip link, and a pool that is
one tab stop whose cards the arrow keys move through), a card is added with Enter and +,
and the deck is saved, without a click.

The pool is a generated game of `POOL` cards drawn at 50 dpi; the browser is the gallery
tests' headless Chromium.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser.keyboard import Keyboard
from tests.browser.test_gallery_browser import (
    ARTIFACTS,
    browser,  # noqa: F401  (the fixture)
)
from tests.oracles.games import interleaved, write_game
from tests.serve.live_process import LiveProcess

try:
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover - the fixture skips without selenium
    pass

POOL = 200
"""Cards in the pool: a keyboard user once tabbed past each one's two buttons."""
MOST_TABS = 6
"""Tab presses allowed from the top of the page to the deck's name."""


def _counts(driver: Any) -> dict[str, int]:
    return dict(driver.execute_script("return cardgenBuilder.counts"))


def _load(driver: Any, live: LiveProcess) -> Any:
    driver.set_window_size(1280, 900)
    driver.get(live.url + "decks")
    wait = WebDriverWait(driver, 60, poll_frequency=0.1)
    wait.until(
        lambda d: d.execute_script("return !!(window.cardgenBuilder && cardgenBuilder.ready)")
    )
    assert len(driver.find_elements("css selector", "#pool > li")) == POOL
    return wait


def test_the_builder_by_keyboard_only(
    browser: Any,  # noqa: F811  (the fixture)
    tmp_path: Path,
) -> None:
    root = write_game(tmp_path, interleaved(POOL, 2), types=2)
    live = LiveProcess(root, "gen")
    try:
        wait = _load(browser, live)
        keys = Keyboard(browser)
        # straight down the page: the pool is one stop, the deck's name soon after it
        assert keys.tab_to("deck-name", MOST_TABS) <= MOST_TABS
        for control in ("save", "download", "open"):
            keys.press(Keys.TAB)
            assert keys.focused() == control

        browser.refresh()
        wait = _load(browser, live)
        keys = Keyboard(browser)
        keys.press(Keys.TAB)
        assert keys.focused() == "a.skip"  # the first stop: "Skip to the deck"
        keys.press(Keys.ENTER)
        assert keys.focused() == "deck-name"
        keys.press("a", hold=Keys.CONTROL)
        keys.press("Keyboard Deck")
        # back to the pool: one stop, on its first card; the arrows move, Enter and + add
        keys.press(Keys.TAB, hold=Keys.SHIFT)
        assert keys.focused() == "pool:Card 000"
        keys.press(Keys.ARROW_RIGHT)
        assert keys.focused() == "pool:Card 001"
        keys.press(Keys.ENTER, "+")
        wait.until(lambda d: _counts(d) == {"Card 001": 2})
        keys.press(Keys.END)
        assert keys.focused() == f"pool:Card {POOL - 1:03d}"
        keys.press(Keys.ENTER)
        keys.press(Keys.HOME, Keys.ARROW_DOWN)
        below = keys.focused()
        assert below.startswith("pool:Card ") and below != "pool:Card 000"  # the next row
        keys.press(Keys.ENTER, "-")  # added and taken out again
        wait.until(lambda d: _counts(d) == {"Card 001": 2, f"Card {POOL - 1:03d}": 1})
        keys.press(Keys.TAB)
        assert keys.focused() == "deck-name"
        keys.press(Keys.TAB)
        assert keys.focused() == "save"
        keys.press(Keys.ENTER)
        wait.until(lambda d: "Saved as" in d.find_element("id", "saved").text)
        assert browser.find_element("id", "deck-name").get_attribute("value") == "Keyboard Deck"
        saved = root / "decks" / "gen" / "decks" / "keyboard-deck.txt"
        assert saved.read_text(encoding="utf-8") == (
            f"# game: gen\n2 Card 001\n1 Card {POOL - 1:03d}\n"
        )
        assert keys.tabs <= MOST_TABS, keys.tabs
        ARTIFACTS.mkdir(parents=True, exist_ok=True)  # the saved deck, Save in focus
        assert browser.save_screenshot(str(ARTIFACTS / "a11y-builder-keyboard.png"))
    finally:
        code, err = live.stop()
    assert code == 0, err
