"""The table `cardgen serve` sends follows the game's files: a card edited mid-game shows
on the table with its new face, the table's state (the deal, the cards in the hands, the
undo stack) untouched, and the page's elements too (the face's address changed in place:
a table drawn again under a test, or a screen reader, leaves it holding a stale element).
Played in headless Chromium on a served copy of Blubler's for four; the card edited is the
one face up on top of the visible Special pile, its text changed in cards.yaml.
Every wait is for a condition, never for a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_gallery_browser import browser  # noqa: F401  (the fixture)
from tests.oracles.games import example_copy
from tests.serve.live_process import LiveProcess

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover - the fixture skips without selenium
    pass

WAIT = 90
VISIBLE = "Pioche Special face visible"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveProcess, Path]]:
    """`cardgen serve blublers` on a copy of the example game, and the copy's folder."""
    project = example_copy(tmp_path_factory.mktemp("table-live"), "blublers")
    live = LiveProcess(project, "blublers")
    try:
        yield live, project
    finally:
        code, err = live.stop()
        assert code == 0, err


def _edit_text(cards: Path, name: str) -> None:
    """Put a word before the rules text of the card `name` in cards.yaml."""
    lines = cards.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index(f"  - name: {name}\n")
    at = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("    text:"))
    if lines[at].rstrip().endswith(">-"):
        at += 1
        lines[at] = lines[at].replace("      ", "      Nouveau ! ", 1)
    else:
        lines[at] = lines[at].replace("    text: ", "    text: Nouveau ! ", 1)
    cards.write_text("".join(lines), encoding="utf-8")


def _top_face(driver: Any) -> str:
    """The address of the face shown on top of the visible Special pile."""
    return str(
        driver.execute_script(
            "var label = arguments[0];"
            " var pile = cardgenTable.setup.piles.find(function (p) { return p.label === label; });"
            " var shown = document.querySelector('[data-pile=\"' + pile.id + '\"] img');"
            " var ready = shown && shown.complete && shown.naturalWidth;"
            " return ready ? shown.getAttribute('src') : '';",
            VISIBLE,
        )
    )


def test_a_card_edited_mid_game_shows_on_the_table_its_state_kept(
    browser: Any,  # noqa: F811  (the fixture)
    served: tuple[LiveProcess, Path],
) -> None:
    live, project = served
    browser.get(live.url.rstrip("/") + "/table?players=4&seed=live")
    wait = WebDriverWait(browser, WAIT, poll_frequency=0.1)
    wait.until(lambda d: d.execute_script("return !!(window.cardgenTable && cardgenTable.ready)"))
    browser.execute_script("localStorage.clear()")
    browser.refresh()
    wait.until(
        lambda d: d.execute_script("return !!(cardgenTable.ready && cardgenTable.imagesSeen)")
    )
    before = _top_face(browser)
    assert before.startswith("cards/") and "?v=" in before, before  # as the last build made it
    # mid-game: a card of the box dealt to each player
    box = browser.execute_script(
        "return cardgenTable.setup.piles.filter(function (p) { return p.place === 'box'; })[0].id"
    )
    browser.find_element(By.CSS_SELECTOR, f'[data-k="deal:{box}"]').click()
    wait.until(lambda d: d.execute_script("return cardgenTable.undo()") == 1)
    state = browser.execute_script("return JSON.stringify(cardgenTable.state)")
    pile = browser.execute_script(
        "var label = arguments[0];"
        " return cardgenTable.setup.piles.find(function (p) { return p.label === label; }).id",
        VISIBLE,
    )
    top = browser.execute_script(f"return cardgenTable.order('{pile}')[0]")
    held = browser.find_element(By.CSS_SELECTOR, f'[data-pile="{pile}"]')  # as a reader holds it

    _edit_text(project / "decks" / "blublers" / "cards.yaml", top)

    wait.until(lambda d: _top_face(d) not in ("", before))
    after = _top_face(browser)
    assert after.split("?")[0] == before.split("?")[0], (before, after)  # the same card's face
    assert browser.execute_script("return JSON.stringify(cardgenTable.state)") == state
    # the new face was put in place: the table was not drawn again under the reader
    assert held.find_element(By.TAG_NAME, "img").get_attribute("src").endswith(after)
    assert browser.execute_script("return cardgenTable.undo()") == 1
    errors = [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"]
    assert not errors, errors
