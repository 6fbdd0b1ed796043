"""The gallery of a game whose names, texts and choice values carry `onmouseover=` payloads,
in headless Chromium: hovering every card and image fires no alert, the DOM holds no event
handler but the page's own, and the search still finds each card by its text as written.

Needs what test_gallery_browser.py needs (its browser fixture is used: it requires the tools).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from tests.browser.test_gallery_browser import browser, visible_cards
from tests.oracles.payload import CARDS, PAYLOAD_TEXT, write_payload_game

__all__ = ["browser"]  # the browser fixture (it requires chromium and chromedriver), shared

HANDLERS = """
return Array.from(document.querySelectorAll('*')).flatMap(
  e => Array.from(e.attributes).filter(a => a.name.toLowerCase().startsWith('on'))
    .map(a => [e.tagName.toLowerCase(), a.name, a.value]));
"""


@pytest.fixture(scope="module")
def payload_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = write_payload_game(tmp_path_factory.mktemp("xss"))
    result = CliRunner().invoke(main, ["build", "--project", str(root), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return root / "output" / "xss" / "index.html"


@pytest.fixture
def page(browser: Any, payload_page: Path) -> Any:
    browser.get(payload_page.as_uri())
    return browser


def no_alert(driver: Any) -> None:
    from selenium.common.exceptions import NoAlertPresentException

    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text  # noqa: B018 - no payload's alert() ever ran


def test_hovering_every_card_runs_no_payload(page: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    assert len(visible_cards(page)) == len(CARDS)
    for element in page.find_elements(
        By.CSS_SELECTOR, "#grid .card, #grid .card img, #grid .card h3"
    ):
        if element.is_displayed():
            ActionChains(page).move_to_element(element).perform()
    no_alert(page)
    assert page.execute_script(HANDLERS) == []


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        (PAYLOAD_TEXT, ["card-aria-the-bold"]),
        ('" onmouseover="alert(5)', ["card-echo-onmouseover-alert-5"]),
        ("<sons> & <1>", ["card-o-brien-sons"]),
        ("'quoted' \"double\"", ["card-echo-onmouseover-alert-5"]),
    ],
    ids=["payload-text", "payload-name", "angle-brackets", "quotes"],
)
def test_search_finds_each_card_by_its_text_as_written(
    page: Any, typed: str, expected: list[str]
) -> None:
    from selenium.webdriver.common.by import By

    page.find_element(By.ID, "search").send_keys(typed)
    assert visible_cards(page) == expected
    no_alert(page)
    for card, (name, _, text) in zip(
        page.find_elements(By.CSS_SELECTOR, "#grid .card"), CARDS, strict=True
    ):
        assert card.get_attribute("data-search") == f"{name} {text}".lower()
