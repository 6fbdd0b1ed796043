"""The proof gallery in headless Chromium, opened from file:// as a designer would: every
card shown, filters, search and flipping work, no console error, no network request, no
script from card text runs. A screenshot is kept in output/test-artifacts/.

Needs Debian's `chromium` and `chromium-driver` and the `selenium` package (`.ci/run`
installs them); without them the tests are skipped with the reason (on CI they fail).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from tests.arena import write_arena
from tests.conftest import ROOT
from tests.skips import missing, require_tool

ARTIFACTS = ROOT / "output" / "test-artifacts"
COIN = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle cx="5" cy="5" r="5" fill="#d4a017"/><circle cx="5" cy="5" r="2" fill="#7a5c00"/>'
    "</svg>"
)
"""A two-colour coin: drawn as it is, in the gallery as on the cards."""

try:
    from selenium import webdriver
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
except ImportError:  # pragma: no cover - depends on the machine
    webdriver = None

FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,1400",
)


@pytest.fixture(scope="module")
def gallery(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The arena game built into a temporary project; the page's path."""
    root = write_arena(tmp_path_factory.mktemp("arena"))
    icons = root / "decks" / "arena" / "icons"
    icons.mkdir()
    (icons / "Coin.svg").write_text(COIN, encoding="utf-8")  # the game's own icon
    result = CliRunner().invoke(main, ["build", "--project", str(root), "--jobs", "1"])
    assert result.exit_code == 0, result.output  # its lint error is reported, it stops nothing
    page = root / "output" / "arena" / "index.html"
    assert page.is_file()
    return page


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    if webdriver is None:
        missing("selenium is not installed (pip install -e '.[test]')")
    chromium = require_tool("chromium", "chromium-browser")
    chromedriver = require_tool("chromedriver")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def page(browser: Any, gallery: Path) -> Any:
    browser.get(gallery.as_uri())
    browser.get_log("browser")  # start each test with an empty log
    browser.get(gallery.as_uri())
    return browser


def visible_cards(driver: Any) -> list[str]:
    cards = driver.find_elements(By.CSS_SELECTOR, "#grid .card")
    return [str(c.get_attribute("id")) for c in cards if c.is_displayed()]


def count_text(driver: Any) -> str:
    return str(driver.find_element(By.ID, "count").text)


def test_every_card_shown_and_loaded(page: Any) -> None:
    assert len(visible_cards(page)) == 6
    assert count_text(page) == "6 of 6 cards"
    fronts = page.execute_script(
        "return Array.from(document.querySelectorAll('#grid .front img'))"
        ".map(i => [i.complete, i.naturalWidth])"
    )
    assert len(fronts) == 6 and all(done and width > 0 for done, width in fronts)
    assert page.find_element(By.CSS_SELECTOR, "#report-first").is_displayed()
    assert page.find_elements(By.CSS_SELECTOR, "#report-first svg")


def test_filter_by_type_and_field(page: Any) -> None:
    Select(page.find_element(By.ID, "filter-type")).select_by_value("spell")
    assert sorted(visible_cards(page)) == ["card-fireball", "card-frost-bolt", "card-wall-of-words"]
    assert count_text(page) == "3 of 6 cards"
    Select(page.find_element(By.ID, "filter-school")).select_by_value("shadow")
    assert visible_cards(page) == ["card-frost-bolt"]
    page.find_element(By.ID, "reset").click()
    Select(page.find_element(By.ID, "filter-element")).select_by_value("water")
    assert visible_cards(page) == ["card-borin"]
    Select(page.find_element(By.ID, "filter-type")).select_by_value("spell")
    assert visible_cards(page) == []
    assert page.find_element(By.ID, "empty").is_displayed()


def test_search_names_and_text(page: Any) -> None:
    search = page.find_element(By.ID, "search")
    search.send_keys("frost")
    assert visible_cards(page) == ["card-frost-bolt"]
    search.clear()
    search.send_keys("DAMAGE")  # text, any case
    assert visible_cards(page) == ["card-fireball"]
    search.clear()
    search.send_keys("<script>")  # the name is text, searchable as written
    assert len(visible_cards(page)) == 1
    search.clear()
    search.send_keys("walls words")  # every word, anywhere
    assert visible_cards(page) == ["card-wall-of-words"]
    search.clear()
    search.send_keys("zzz")
    assert visible_cards(page) == [] and count_text(page) == "0 of 6 cards"


def test_findings_filter_and_flip(page: Any) -> None:
    page.find_element(By.ID, "only-findings").click()
    assert sorted(visible_cards(page)) == ["card-frost-bolt", "card-wall-of-words"]
    page.find_element(By.ID, "reset").click()
    aria = page.find_element(By.ID, "card-aria")
    aria.find_element(By.CSS_SELECTOR, ".face").click()
    assert "flipped" in aria.get_attribute("class")
    assert page.find_element(By.CSS_SELECTOR, "#card-borin").get_attribute("class") == "card"
    flip_all = page.find_element(By.ID, "flip-all")
    flip_all.click()
    classes = [c.get_attribute("class") for c in page.find_elements(By.CSS_SELECTOR, ".card")]
    assert all("flipped" in c for c in classes) and flip_all.text == "Show fronts"
    flip_all.click()
    assert not page.find_elements(By.CSS_SELECTOR, ".card.flipped")


def test_the_icons_section_shows_the_game_own_icon(page: Any) -> None:
    page.find_element(By.CSS_SELECTOR, 'nav.sections a[href="#icons"]').click()
    coin = page.find_element(By.ID, "icon-coin")
    assert coin.is_displayed()
    assert coin.find_element(By.CSS_SELECTOR, ".name").text == "{coin}"
    assert "icons/Coin.svg (as drawn)" in coin.text
    image = coin.find_element(By.TAG_NAME, "img")
    loaded = page.execute_script(
        "const i = arguments[0]; return [i.complete, i.naturalWidth, i.naturalHeight];", image
    )
    assert loaded == [True, 48, 48]
    # the picture as drawn: its gold rim and dark centre, read back from a canvas
    colours = page.execute_script(
        "const i = arguments[0], c = document.createElement('canvas');"
        "c.width = i.naturalWidth; c.height = i.naturalHeight;"
        "const g = c.getContext('2d'); g.drawImage(i, 0, 0);"
        "return [Array.from(g.getImageData(24, 24, 1, 1).data),"
        " Array.from(g.getImageData(24, 6, 1, 1).data),"
        " Array.from(g.getImageData(1, 1, 1, 1).data)];",
        image,
    )
    assert colours == [[122, 92, 0, 255], [212, 160, 23, 255], [0, 0, 0, 0]]
    names = [e.text for e in page.find_elements(By.CSS_SELECTOR, "#icons .built-in .name")]
    assert "{star}" in names and "{coin}" not in names  # the built-in ones beside it


def test_no_console_error_no_script_from_text_no_network(page: Any) -> None:
    page.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    errors = [e for e in page.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert errors == []
    with pytest.raises(NoAlertPresentException):
        page.switch_to.alert.text  # noqa: B018 - the card text's onerror=alert never ran
    requested = []
    for entry in page.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            requested.append(message["params"]["request"]["url"])
    assert any(url.startswith("file:") for url in requested)  # the log does see the page
    remote = [u for u in requested if u.split(":", 1)[0] in ("http", "https", "ws", "wss", "ftp")]
    assert remote == []


def test_screenshot_artifact(page: Any) -> None:
    """The viewport and the whole page, for a person to look at (CI keeps output/)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "gallery-arena.png"
    assert page.save_screenshot(str(shot))
    assert shot.stat().st_size > 10_000
    size = page.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    clip = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
    whole = page.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip}
    )
    full = ARTIFACTS / "gallery-arena-full.png"
    full.write_bytes(base64.b64decode(whole["data"]))
    assert full.read_bytes().startswith(b"\x89PNG")
