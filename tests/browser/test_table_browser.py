"""The playtest table in headless Chromium: a scripted opening of a Blubler's game for four
on the table `cardgen serve` sends (`/table?players=4`), and a Shards duel on the page the
build writes, opened from disk (file://). The setups are checked against the published
rules (/work/shared/rules): four paquets of ten face down, the two Special piles of seven
at the ends; each Persona face up beside a face-down Shard Deck, five cards drawn each.
Played by keyboard and pointer: hot-seat turns that hide the other hands, a card played
and undone, dice rolled, a shuffle and a roll replayed from their seed, a reload that
restores the table; axe-core finds no serious or critical violation; no console error.

Every wait is for a condition (WebDriverWait), never for a time.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.axe_check import axe_violations
from tests.browser.test_gallery_browser import (
    ARTIFACTS,
    browser,  # noqa: F401  (the fixture)
)
from tests.example_builds import built
from tests.oracles.games import example_copy
from tests.serve.live_process import LiveProcess

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover - the fixture skips without selenium
    pass

WAIT = 60


def serve_copy(factory: pytest.TempPathFactory, game: str) -> Iterator[LiveProcess]:
    """`cardgen serve GAME` on a copy of the example game, for a fixture to yield from; it
    must stop cleanly at the end."""
    live = LiveProcess(example_copy(factory.mktemp("table"), game), game)
    try:
        yield live
    finally:
        code, err = live.stop()
        assert code == 0, err


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveProcess]:
    """`cardgen serve blublers` on a copy of the example games."""
    yield from serve_copy(tmp_path_factory, "blublers")


def _open(driver: Any, url: str) -> WebDriverWait:
    driver.get(url)
    wait = WebDriverWait(driver, WAIT, poll_frequency=0.05)
    wait.until(lambda d: d.execute_script("return !!(window.cardgenTable && cardgenTable.ready)"))
    return wait


def _fresh(driver: Any, url: str) -> WebDriverWait:
    """The page at `url` with nothing kept from an earlier test."""
    _open(driver, url)
    driver.execute_script("localStorage.clear()")
    driver.get_log("browser")
    return _open(driver, url)


def _state(driver: Any) -> Any:
    return driver.execute_script("return JSON.stringify(window.cardgenTable.state)")


def _pile(driver: Any, pile: str) -> Any:
    return driver.find_element(By.CSS_SELECTOR, f'[data-pile="{pile}"]')


def _count(driver: Any, pile: str) -> str:
    return str(_pile(driver, pile).find_element(By.CSS_SELECTOR, ".count").text)


def _button(driver: Any, key: str) -> Any:
    return driver.find_element(By.CSS_SELECTOR, f'[data-k="{key}"]')


def _said(driver: Any) -> str:
    return str(driver.find_element(By.ID, "announce").get_attribute("textContent"))


def _play(driver: Any) -> list[str]:
    return [
        str(b.get_attribute("aria-label"))
        for b in driver.find_elements(By.CSS_SELECTOR, ".play button.card")
    ]


def _seat(driver: Any, wait: WebDriverWait, number: int) -> None:
    """Hand the table to seat `number` (0 first) with its shortcut key."""
    driver.find_element(By.TAG_NAME, "body").send_keys(str(number + 1))
    wait.until(lambda d: d.find_element(By.ID, "seat").get_attribute("value") == str(number))


def _hidden_hands(driver: Any, playing: int) -> None:
    """Only the player's own hand shows faces: the others a back and a count."""
    for hand in driver.find_elements(By.CSS_SELECTOR, "section.hand"):
        number = int(str(hand.get_attribute("data-hand")))
        faces = hand.find_elements(By.CSS_SELECTOR, "button.card")
        if number != playing:
            assert faces == []
            for image in hand.find_elements(By.TAG_NAME, "img"):
                assert "/backs/" in str(image.get_attribute("src"))


def _clean(driver: Any, shot: str) -> None:
    """No serious or critical axe finding and no console error; a screenshot kept in
    output/test-artifacts/ as `shot`."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / shot))
    assert axe_violations(driver) == []
    assert [e for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []


def test_a_blublers_opening_for_four(browser: Any, served: LiveProcess) -> None:  # noqa: F811
    url = served.url + "table?players=4&seed=splash"
    wait = _fresh(browser, url)
    setup = browser.execute_script("return window.cardgenTable.setup")
    assert setup["players"] == 4 and setup["game"] == "blublers"
    # the rules' setup: ten Classic cards each, face down; two Special piles of seven at
    # the two ends of the play area, one face down, one face up
    paquets = [f"seat-{n}-paquet" for n in range(1, 5)]
    assert [_count(browser, p) for p in paquets] == ["10 cards, face down"] * 4
    row = browser.find_elements(By.CSS_SELECTOR, ".shared > .piles:not(.in-box) > .pile")
    ends = [row[0], row[-1]]
    assert [e.find_element(By.TAG_NAME, "h3").text for e in ends] == [
        "Pioche Special face cachée",
        "Pioche Special face visible",
    ]
    assert [e.find_element(By.CSS_SELECTOR, ".count").text for e in ends] == [
        "7 cards, face down",
        "7 cards, face up",
    ]
    assert browser.find_element(By.ID, "seed-shown").text == "splash"
    # each player in turn turns the top card of their paquet onto the centre pile: the
    # first by pointer, the others by keyboard (the top card focused, then `t`)
    played: list[str] = []
    for number, paquet in enumerate(paquets):
        _seat(browser, wait, number)
        assert "(playing)" in browser.find_element(By.ID, f"seat-name-{number}").text
        top = _button(browser, f"top:{paquet}")
        if number == 0:
            _button(browser, f"playtop:{paquet}").click()
        else:
            top.send_keys("t")
        wait.until(lambda d, n=number: len(_play(d)) == n + 1)
        played.append(_play(browser)[-1].removesuffix(", on the table"))
        assert _said(browser).startswith(f"Player {number + 1} turned {played[-1]} from")
        assert _count(browser, paquet) == "9 cards, face down"
    assert len(set(played)) >= 2  # four cards off four shuffled paquets
    # a card drawn into Player 4's hand is hidden from the others
    _button(browser, "top:seat-4-paquet").send_keys("d")
    wait.until(lambda d: _count(d, "seat-4-paquet") == "8 cards, face down")
    assert _said(browser) == "Player 4 drew a card from Player 4's Paquet"
    assert len(browser.find_elements(By.CSS_SELECTOR, '[data-hand="3"] button.card')) == 1
    _seat(browser, wait, 0)
    _hidden_hands(browser, 0)
    assert "1 card" in browser.find_element(By.CSS_SELECTOR, '[data-hand="3"] h3').text
    # undone: the draw, then the last card played goes back on top of Player 4's paquet
    browser.find_element(By.ID, "undo").click()
    wait.until(lambda d: _count(d, "seat-4-paquet") == "9 cards, face down")
    browser.find_element(By.TAG_NAME, "body").send_keys("u")
    wait.until(lambda d: len(_play(d)) == 3)
    assert _count(browser, "seat-4-paquet") == "10 cards, face down"
    # dealt: one card of the box to each player; a pile turned over; a card on the table
    # turned face down; each undone
    box = "box-reste-de-la-boite"
    count = browser.find_element(By.ID, "deal-count")
    count.clear()
    count.send_keys("1")
    _button(browser, f"deal:{box}").click()
    wait.until(lambda d: _count(d, box) == "4 cards, face down")
    heads = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "section.hand h3")]
    assert [h.split(": ")[1] for h in heads] == ["1 card"] * 4
    assert _said(browser) == "Dealt 4 cards from Reste de la boîte, 1 to each player"
    _hidden_hands(browser, 0)
    visible = "shared-pioche-special-face-visible"
    _button(browser, f"flip:{visible}").click()
    wait.until(lambda d: _count(d, visible) == "7 cards, face down")
    _button(browser, f"play:{browser.execute_script('return cardgenTable.state.play[0]')}").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-k="flipcard"]'))
    _button(browser, "flipcard").click()
    wait.until(lambda d: _play(d)[0] == "A face-down card, on the table")
    for _ in range(3):
        browser.find_element(By.ID, "undo").click()
    wait.until(lambda d: _count(d, box) == "8 cards, face down")
    assert _count(browser, visible) == "7 cards, face up"
    assert _play(browser)[0] == f"{played[0]}, on the table"
    # a shuffle replayed from its seed: the same order; another seed: another order
    _button(browser, f"shuffle:{box}").click()
    wait.until(lambda d: _said(d).startswith("Shuffled Reste de la boîte (seed splash"))
    first = browser.execute_script(f"return cardgenTable.order('{box}')")
    browser.find_element(By.ID, "new-game").click()
    wait.until(lambda d: len(_play(d)) == 0)
    before = browser.execute_script(f"return cardgenTable.order('{box}')")
    _button(browser, f"shuffle:{box}").click()
    wait.until(lambda d: d.execute_script(f"return cardgenTable.order('{box}')") != before)
    assert browser.execute_script(f"return cardgenTable.order('{box}')") == first
    seed = browser.find_element(By.ID, "seed")
    seed.clear()
    seed.send_keys("another", Keys.ENTER)
    wait.until(lambda d: d.find_element(By.ID, "seed-shown").text == "another")
    _button(browser, f"shuffle:{box}").click()
    wait.until(lambda d: d.execute_script(f"return cardgenTable.order('{box}')") != before)
    assert browser.execute_script(f"return cardgenTable.order('{box}')") != first
    # a reload restores the table exactly, the seed with it
    _button(browser, "playtop:seat-2-paquet").click()
    wait.until(lambda d: len(_play(d)) == 1)
    kept = _state(browser)
    _open(browser, browser.current_url)
    assert _state(browser) == kept
    assert browser.find_element(By.ID, "seed-shown").text == "another"
    assert len(_play(browser)) == 1
    _clean(browser, "table-blublers-4.png")


def test_the_gallery_link_and_a_refused_count(browser: Any, served: LiveProcess) -> None:  # noqa: F811
    # the served gallery links `table.html`: the served table, its script allowed to run
    _open(browser, served.url + "table.html?players=3")
    assert browser.execute_script("return cardgenTable.setup.players") == 3
    browser.get(served.url + "table?players=9")
    alert = browser.find_element(By.CSS_SELECTOR, "[role=alert]").text
    assert "9" in alert and "2 to 8 players" in alert


def test_a_shards_duel_from_disk(browser: Any) -> None:  # noqa: F811
    page = built() / "output" / "shards" / "table.html"
    gallery = (page.parent / "index.html").read_text(encoding="utf-8")
    assert '<a href="table.html">playtest table</a>' in gallery  # the gallery links it
    url = page.as_uri() + "?players=2&seed=duel"
    wait = _fresh(browser, url)
    # each Persona face up, each Shard Deck face down
    for seat in (1, 2):
        assert _count(browser, f"seat-{seat}-persona").endswith("face up")
        top = _button(browser, f"top:seat-{seat}-persona").find_element(By.TAG_NAME, "img")
        assert "/cards/" in str(top.get_attribute("src"))
        assert _count(browser, f"seat-{seat}-shard-deck").endswith("face down")
    decks = [int(_count(browser, f"seat-{s}-shard-deck").split()[0]) for s in (1, 2)]
    # the opening hands: five each, drawn from the Shard Decks
    opening = browser.find_element(By.ID, "opening")
    assert opening.text == "Draw opening hands (5 each)"
    opening.click()
    wait.until(lambda d: "5 cards" in d.find_element(By.CSS_SELECTOR, '[data-hand="0"] h3').text)
    assert [int(_count(browser, f"seat-{s}-shard-deck").split()[0]) for s in (1, 2)] == [
        n - 5 for n in decks
    ]
    assert len(browser.find_elements(By.CSS_SELECTOR, '[data-hand="0"] button.card')) == 5
    _hidden_hands(browser, 0)
    images = browser.execute_script(
        "return Array.from(document.querySelectorAll('img')).map(i => [i.complete, i.naturalWidth])"
    )
    wait.until(
        lambda d: all(
            d.execute_script(
                "return Array.from(document.querySelectorAll('img')).map(i => i.complete"
                " && i.naturalWidth > 0)"
            )
        )
    )
    assert images  # the card images load from disk beside the page
    # a card played from the hand (chosen by keyboard: Enter, then `p`), then undone
    card = browser.find_elements(By.CSS_SELECTOR, '[data-hand="0"] button.card')[0]
    name = str(card.get_attribute("aria-label")).removesuffix(", in your hand")
    card.send_keys(Keys.ENTER)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-k="play"]'))
    _button(browser, "play").click()
    wait.until(lambda d: _play(d) == [f"{name}, on the table"])
    assert _said(browser) == f"Player 1 played {name}"
    assert len(browser.find_elements(By.CSS_SELECTOR, '[data-hand="0"] button.card')) == 4
    browser.find_element(By.ID, "undo").click()
    wait.until(lambda d: _play(d) == [])
    assert len(browser.find_elements(By.CSS_SELECTOR, '[data-hand="0"] button.card')) == 5
    # Player 2's turn: their hand shows, Player 1's is hidden; their dice rolled (`r`)
    _seat(browser, wait, 1)
    _hidden_hands(browser, 1)
    browser.find_element(By.TAG_NAME, "body").send_keys("r")
    wait.until(lambda d: _said(d).startswith("Player 2 rolled "))
    rolled = [e.text for e in browser.find_elements(By.CSS_SELECTOR, '[data-die^="seat-2-"]')]
    assert len(rolled) == 2 and all(face in "123456" and face for face in rolled)
    assert _said(browser) == f"Player 2 rolled {rolled[0]} and {rolled[1]}"
    # a reload restores it all; then the same seed and the same actions, the same table
    kept = _state(browser)
    _open(browser, url)
    assert _state(browser) == kept
    browser.find_element(By.ID, "new-game").click()
    wait.until(lambda d: "0 cards" in d.find_element(By.CSS_SELECTOR, '[data-hand="0"] h3').text)
    browser.find_element(By.ID, "opening").click()
    _seat(browser, wait, 1)
    browser.find_element(By.TAG_NAME, "body").send_keys("r")
    wait.until(lambda d: _said(d).startswith("Player 2 rolled "))
    replay = json.loads(_state(browser))
    assert replay["dice"] == json.loads(kept)["dice"]
    assert replay["hands"] == json.loads(kept)["hands"]
    _clean(browser, "table-shards-duel.png")


def _value(driver: Any, counter: str) -> str:
    plus = _button(driver, f"plus:{counter}")
    return str(plus.find_element(By.XPATH, "..").find_element(By.TAG_NAME, "output").text)


def test_counters_and_moves_on_a_splatterkins_table(browser: Any) -> None:  # noqa: F811
    page = built() / "output" / "splatterkins" / "table.html"
    wait = _fresh(browser, page.as_uri() + "?seed=canvas")
    # Player 1's Inspiration starts at their Visionary's (16 for Mirella Quickstroke, from
    # the pool) and stops at the rules' 20; Paint Drops never go below 0
    inspiration = "seat-1-inspiration"
    assert _value(browser, inspiration) == "16"
    for expected in ("17", "18", "19", "20"):
        _button(browser, f"plus:{inspiration}").click()
        wait.until(lambda d, e=expected: _value(d, inspiration) == e)
    undo_before = browser.execute_script("return cardgenTable.undo()")
    _button(browser, f"plus:{inspiration}").click()  # refused: nothing to undo added
    assert _value(browser, inspiration) == "20"
    assert browser.execute_script("return cardgenTable.undo()") == undo_before
    assert _said(browser) == "Player 1's Visionary Inspiration: 20"
    _button(browser, "minus:seat-1-paint-drops").click()
    assert _value(browser, "seat-1-paint-drops") == "0"
    _button(browser, "plus:seat-1-paint-drops").send_keys(Keys.ENTER)
    wait.until(lambda d: _value(d, "seat-1-paint-drops") == "1")
    # a card moved by pointer: the top of Player 1's Sketchbook chosen, put into Player 2's
    # hand (hidden from Player 1), then from there back on top of the Sketchbook
    deck = "seat-1-sketchbook"
    count = int(_count(browser, deck).split()[0])
    _button(browser, f"top:{deck}").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-k="puthand:1"]'))
    _button(browser, "puthand:1").click()
    wait.until(lambda d: int(_count(d, deck).split()[0]) == count - 1)
    assert _said(browser) == "Moved a card from Player 1's Sketchbook to Player 2's hand"
    _hidden_hands(browser, 0)
    _seat(browser, wait, 1)
    moved = browser.find_element(By.CSS_SELECTOR, '[data-hand="1"] button.card')
    moved.send_keys(Keys.ENTER)  # chosen by keyboard, put back by keyboard
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f'[data-k="put:{deck}"]'))
    _button(browser, f"put:{deck}").send_keys(Keys.ENTER)
    wait.until(lambda d: int(_count(d, deck).split()[0]) == count)
    assert browser.find_elements(By.CSS_SELECTOR, '[data-hand="1"] button.card') == []
    _clean(browser, "table-splatterkins.png")
