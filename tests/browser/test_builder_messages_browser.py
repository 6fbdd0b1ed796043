"""What the served pages say, in headless Chromium, as the command line says it: the deck
builder's verdict shows each violation as `cardgen validate` prints it for the saved deck
(its line and column, the rule's section); saving over a deck asks on the page, keeps the
file when told to keep it, with a sentence naming it, and replaces it when told to, with
no console error (no 409 met); Download gives the file the name Save gives it; the live
banner says a problem's place once, its column kept, and a misspelt kind's did-you-mean.
Screenshots of the question and the banner are kept in output/test-artifacts/.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from cardgen.cli import main
from tests.browser.test_gallery_browser import ARTIFACTS, browser  # noqa: F401  (the fixture)
from tests.conftest import TINY_GAME
from tests.serve.live_process import LiveProcess

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:  # pragma: no cover - the fixture skips without selenium
    pass

CITED = TINY_GAME.replace("4 to 8 cards.}", "4 to 8 cards., cite: Building a deck}").replace(
    "Exactly one Hero.}", "Exactly one Hero., cite: Heroes}"
)
"""The tiny game, its two deck rules citing the rulebook's sections."""


HERO = "elements:\n  badge:\n    kind: {kind}\n    text: hi\n"
"""A hero layout whose element is of `kind`."""


def _shot(driver: Any, name: str) -> None:
    """The page as it is now, kept in output/test-artifacts/ for the record."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(ARTIFACTS / name))


def _severe(driver: Any) -> list[dict[str, Any]]:
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def _validate(root: Path, deck: str) -> list[str]:
    """The violation lines `cardgen validate` prints for `deck` (a path in the project)."""
    result = CliRunner().invoke(main, ["validate", deck, "--project", str(root)])
    assert result.exit_code == 1, result.output
    return [line[2:] for line in result.stdout.splitlines() if line.startswith("  ")]


def test_the_builder_says_what_validate_says_and_asks_before_replacing(
    browser: Any,  # noqa: F811  (the fixture)
    make_project: Callable[..., Path],
    tmp_path: Path,
    monkeypatch: Any,
) -> None:
    root = make_project(CITED)
    monkeypatch.chdir(root)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    live = LiveProcess(root)
    try:
        browser.set_window_size(1100, 800)
        browser.execute_cdp_cmd(
            "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
        )
        browser.get(live.url + "decks")
        wait = WebDriverWait(browser, 60, poll_frequency=0.05)
        wait.until(
            lambda d: d.execute_script("return window.cardgenBuilder && cardgenBuilder.ready")
        )
        browser.get_log("browser")  # from here on, no console error at all

        def plus(name: str) -> None:
            browser.find_element(By.CSS_SELECTOR, f'#pool li[data-name="{name}"] .plus').click()

        verdict = browser.find_element(By.ID, "verdict")
        saved_line = browser.find_element(By.ID, "saved")
        plus("Aria")
        wait.until(lambda _d: "Illegal: 1 card" in verdict.text)
        plus("Borin")
        wait.until(lambda _d: "Illegal: 2 cards" in verdict.text)
        browser.find_element(By.ID, "save").click()
        wait.until(lambda _d: saved_line.text.startswith("Saved as"))
        deck = root / "decks" / "tiny" / "decks" / "my-deck.txt"
        first = deck.read_text(encoding="utf-8")
        printed = _validate(root, "decks/tiny/decks/my-deck.txt")
        assert len(printed) == 2 and printed[0].endswith("[Building a deck]"), printed
        assert printed[1].startswith("decks/tiny/decks/my-deck.txt:2:"), printed
        shown = [p.text for p in verdict.find_elements(By.CSS_SELECTOR, ".violation")]
        assert shown == printed

        # saved again: the page asks; kept, then replaced
        plus("Fireball")
        wait.until(lambda _d: "Illegal: 3 cards" in verdict.text)
        browser.find_element(By.ID, "save").click()
        question = browser.find_element(By.ID, "save-question")
        wait.until(lambda _d: question.is_displayed())
        assert saved_line.text == (
            "decks/tiny/decks/my-deck.txt already exists: replace it, or keep it and choose"
            " another name."
        )
        _shot(browser, "builder-save-question.png")
        question.find_element(By.CSS_SELECTOR, "button.keep").click()
        wait.until(lambda _d: saved_line.text.startswith("Not saved"))
        assert saved_line.text == (
            "Not saved: decks/tiny/decks/my-deck.txt already exists and was kept;"
            " choose another name."
        )
        assert not question.is_displayed()
        assert deck.read_text(encoding="utf-8") == first
        browser.find_element(By.ID, "save").click()
        wait.until(lambda _d: question.is_displayed())
        question.find_element(By.CSS_SELECTOR, "button.replace").click()
        wait.until(lambda _d: saved_line.text.startswith("Saved as"))
        assert deck.read_text(encoding="utf-8") == first + "1 Fireball\n"

        # downloaded under the name Save gives it
        name = browser.find_element(By.ID, "deck-name")
        name.clear()
        name.send_keys("Señor Búho's Deck: ¡Fiesta!")
        browser.find_element(By.ID, "download").click()
        wait.until(lambda _d: [p for p in downloads.iterdir() if p.suffix == ".txt"])
        before = browser.execute_script("return cardgenBuilder.saved")
        browser.find_element(By.ID, "save").click()
        wait.until(lambda d: d.execute_script("return cardgenBuilder.saved") != before)
        target = saved_line.text.removeprefix("Saved as ")
        assert target == "decks/tiny/decks/senor-buho-s-deck-fiesta.txt"
        [got] = downloads.iterdir()
        assert got.name == Path(target).name
        assert browser.execute_script("return cardgenBuilder.downloaded") == got.name
        assert got.read_text(encoding="utf-8") == (root / target).read_text(encoding="utf-8")

        # opened again: said as the file it is, the question gone
        browser.find_element(By.ID, "save").click()
        wait.until(lambda _d: question.is_displayed())
        Select(browser.find_element(By.ID, "open")).select_by_value("my-deck")
        wait.until(lambda _d: saved_line.text == "Opened decks/tiny/decks/my-deck.txt")
        assert not question.is_displayed()
        assert [p.text for p in verdict.find_elements(By.CSS_SELECTOR, ".violation")] == _validate(
            root, "decks/tiny/decks/my-deck.txt"
        )
        assert _severe(browser) == []
    finally:
        code, err = live.stop()
    assert code == 0, err


def test_the_banner_says_each_place_once_with_its_column(
    browser: Any,  # noqa: F811  (the fixture)
    make_project: Callable[..., Path],
) -> None:
    root = make_project(extra={"../../layouts/tiny/hero.yaml": HERO.format(kind="text")})
    live = LiveProcess(root)
    try:
        browser.get(live.url)
        wait = WebDriverWait(browser, 60, poll_frequency=0.05)
        wait.until(lambda d: d.execute_script("return window.cardgenLive && cardgenLive.state"))
        banner = browser.find_element(By.ID, "live-banner")
        game = root / "decks" / "tiny" / "game.yaml"
        good = game.read_text(encoding="utf-8")
        game.write_text(good.replace("{min: 2, max: 2}", "{min: 3, max: 2}"), encoding="utf-8")
        wait.until(lambda _d: banner.is_displayed())
        rows = [p.text for p in banner.find_elements(By.CSS_SELECTOR, ".problem")]
        assert rows == [  # the project's files named from the server's folder (the suite's)
            f"{game}:3:10: SC409 setup-players: players: min 3 is greater than max 2"
        ]
        assert f"error: {rows[0]}" in live.lines  # as `cardgen serve` prints it

        game.write_text(good, encoding="utf-8")
        wait.until(lambda _d: not banner.is_displayed())
        layout = root / "layouts" / "tiny" / "hero.yaml"
        layout.write_text(HERO.format(kind="txet"), encoding="utf-8")
        wait.until(lambda _d: banner.is_displayed())
        rows = [p.text for p in banner.find_elements(By.CSS_SELECTOR, ".problem")]
        assert rows == [f'{layout}:3:5: element badge: unknown kind "txet"; did you mean "text"?']
        _shot(browser, "serve-banner-kind.png")
        assert f"error: {rows[0]}" in live.lines
        assert _severe(browser) == []
    finally:
        code, err = live.stop()
    assert code == 0, err
