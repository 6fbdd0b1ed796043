"""The page `cardgen serve` serves, in headless Chromium: an edit of cards.csv changes the
edited card's image in place and shows its new warning on it (no reload: a variable set on
load survives, and the scroll position and the filters stay), and a broken game.yaml shows
the error banner with its file and line over the last good cards; fixed, with a card
added, the banner goes and the card list is replaced with the filters kept. No console
error (a script or request the page's policy refused would be one).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser.test_gallery_browser import browser  # noqa: F401  (the fixture)
from tests.serve.live_process import LiveProcess

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:  # pragma: no cover - the fixture skips without selenium
    pass


def _src(driver: Any, card: str) -> str:
    return str(
        driver.find_element(By.CSS_SELECTOR, f"#card-{card} .front img").get_attribute("src")
    )


def test_the_page_follows_the_files(
    browser: Any,  # noqa: F811  (the fixture)
    make_project: Callable[..., Path],
) -> None:
    root = make_project()
    live = LiveProcess(root)
    try:
        browser.set_window_size(900, 560)
        browser.get(live.url)
        wait = WebDriverWait(browser, 15, poll_frequency=0.05)
        wait.until(
            lambda d: d.execute_script("return window.cardgenLive && window.cardgenLive.state")
        )
        Select(browser.find_element(By.ID, "filter-type")).select_by_value("hero")
        browser.execute_script(
            "window.loadedOnce = 'yes'; window.scrollTo({top: 120, behavior: 'instant'});"
        )
        scrolled = browser.execute_script("return window.scrollY")
        assert scrolled > 0
        aria, borin = _src(browser, "aria"), _src(browser, "borin")
        assert "?v=" in aria
        assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []

        pool = root / "decks" / "tiny" / "cards.csv"
        assert browser.find_elements(By.CSS_SELECTOR, "#card-aria .findings li") == []
        long_text = " ".join(["Leads the party through the long night."] * 40)
        pool.write_text(
            pool.read_text(encoding="utf-8").replace("Leads the party.", long_text),
            encoding="utf-8",
        )
        wait.until(lambda d: _src(d, "aria") != aria)
        # its warning on the card, as the gallery shows it: the text overflows its box
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#card-aria .findings li"))
        note = browser.find_element(By.CSS_SELECTOR, "#card-aria .findings li").text
        assert "overflows" in note, note
        assert "has-warning" in str(browser.find_element(By.ID, "card-aria").get_attribute("class"))
        assert _src(browser, "borin") == borin  # only the changed card's image
        assert browser.execute_script("return window.loadedOnce") == "yes"  # no reload
        assert browser.execute_script("return window.scrollY") == scrolled
        assert Select(
            browser.find_element(By.ID, "filter-type")
        ).first_selected_option.text.startswith("Hero")
        assert browser.find_element(By.ID, "count").text == "2 of 5 cards"
        assert browser.execute_script(
            "var i = document.querySelector('#card-aria .front img');"
            " return i.complete && i.naturalWidth > 0"
        )
        edited = _src(browser, "aria")

        game = root / "decks" / "tiny" / "game.yaml"
        good = game.read_text(encoding="utf-8")
        game.write_text(good.replace("name: Tiny Game", "name: [Tiny Game"), encoding="utf-8")
        banner = browser.find_element(By.ID, "live-banner")
        wait.until(lambda _d: banner.is_displayed())
        problem = browser.find_element(By.CSS_SELECTOR, "#live-banner .problem").text
        assert "decks/tiny/game.yaml:" in problem and "YAML" in problem
        assert _src(browser, "aria") == edited  # the last good cards stay
        assert browser.execute_script("return window.loadedOnce") == "yes"

        # fixed, and a card added: the cards section is replaced, the filter kept
        game.write_text(good, encoding="utf-8")
        with pool.open("a", encoding="utf-8") as rows:
            rows.write("Zed,hero,1,3,,,Arrives late.\n")
        wait.until(lambda d: d.find_elements(By.ID, "card-zed") and not banner.is_displayed())
        assert browser.execute_script("return window.loadedOnce") == "yes"
        assert browser.find_element(By.ID, "count").text == "3 of 6 cards"
        assert "Cards (6)" in browser.find_element(By.CSS_SELECTOR, "nav.sections").text
        assert browser.find_element(By.ID, "filter-type").get_attribute("value") == "hero"
        errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
        assert errors == []
    finally:
        code, err = live.stop()
    assert code == 0, err
