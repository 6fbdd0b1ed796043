"""The HTML deck report in headless Chromium: the draw odds table is shown, a row per card
type with a column per turn, and the sample opening hands under it.

Needs Debian's `chromium` and `chromium-driver` and the `selenium` package, as the gallery's
browser tests (their `browser` fixture); without them the tests are skipped with the reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from click.testing import CliRunner

from cardgen.cli import main
from tests.browser.test_gallery_browser import browser  # noqa: F401  (the fixture)
from tests.conftest import ROOT


def test_html_report_shows_the_draw_odds(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    from selenium.webdriver.common.by import By

    page = tmp_path / "report.html"
    deck = ROOT / "decks/shards/decks/ember-aggro.txt"
    args = ["report", str(deck), "--project", str(ROOT), "--format", "html", "--out", str(page)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    browser.get(page.as_uri())
    table = browser.find_element(By.CSS_SELECTOR, ".report .draws table")
    assert table.is_displayed()
    heads = [th.text.split("\n")[0] for th in table.find_elements(By.CSS_SELECTOR, "thead th")]
    # the first column's header is named for a screen reader (hidden from the eye)
    assert heads == ["cards looked for", "cards", *(f"turn {t}" for t in range(6))]
    rows = table.find_elements(By.CSS_SELECTOR, "tbody tr")
    labels = [row.get_attribute("data-odds") for row in rows]
    assert labels == ["Characters", "Allies", "Traits", "one of each type"]
    first = rows[2].find_elements(By.TAG_NAME, "td")[1]
    assert first.is_displayed() and first.text.split("\n")[0].endswith("%")
    hands = browser.find_elements(By.CSS_SELECTOR, ".report .draws ol.hands li")
    assert len(hands) == 3 and all(h.is_displayed() and h.text.count(",") == 4 for h in hands)
