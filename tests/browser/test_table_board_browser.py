"""The playtest table's board in headless Chromium: a scripted hot-seat opening of Splatoon
for four on the table `cardgen serve` sends (`/table?players=4`). The opening is checked
against the rules text (/work/shared/rules) and decks/splatoon/board.yaml read here: each
Character Piece on a white spawn hex of its team, both Tile Counters at 0 beside their
team. Played by keyboard and pointer: weapon cards taken from a pile, a piece moved to a
neighbouring hex, hexes inked green and the green Tile Counter raised, all undone; a
reload restores the board; axe-core finds no serious or critical violation. And each of
the five example games' built tables opens from disk, a board only where the game has one.

Every wait is for a condition (WebDriverWait), never for a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import yaml

from tests.browser.test_gallery_browser import browser  # noqa: F401  (the fixture)
from tests.browser.test_table_browser import (
    _button,
    _clean,
    _fresh,
    _open,
    _said,
    _state,
    serve_copy,
)
from tests.conftest import ROOT
from tests.example_builds import built
from tests.serve.live_process import LiveProcess

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:  # pragma: no cover - the fixture skips without selenium
    pass

HEX_STEPS = {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}
"""Axial steps to a pointy-top hex's six neighbours."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveProcess]:
    """`cardgen serve splatoon` on a copy of the example game."""
    yield from serve_copy(tmp_path_factory, "splatoon")


def _spawns() -> dict[str, set[tuple[int, int]]]:
    """Each team's spawn hexes, axial (q, r), read from board.yaml ("odd-r" rows)."""
    board = yaml.safe_load((ROOT / "decks/splatoon/board.yaml").read_text(encoding="utf-8"))
    found: dict[str, set[tuple[int, int]]] = {}
    for r, row in enumerate(board["rows"]):
        for col, token in enumerate(row.split()):
            team = board["kinds"].get(board["legend"].get(token, ""), {}).get("team")
            if team:
                found.setdefault(team, set()).add((col - (r - (r & 1)) // 2, r))
    return found


def _at(cell: str) -> tuple[int, int]:
    q, r = cell.split(",")
    return int(q), int(r)


def _piece(driver: Any, seat: int) -> str:
    return str(
        driver.execute_script(
            f"return cardgenTable.state.pieces['seat-{seat}-character-piece'].cell"
        )
    )


def _claims(driver: Any) -> Any:
    return driver.execute_script("return cardgenTable.state.claims.arena")


def _green(driver: Any) -> str:
    team = driver.find_element(By.CSS_SELECTOR, 'section.team[aria-labelledby="team-name-green"]')
    plus = team.find_element(By.CSS_SELECTOR, '[data-k="plus:team-green-tile-counter"]')
    return str(plus.find_element(By.XPATH, "..").find_element(By.TAG_NAME, "output").text)


def test_a_splatoon_opening_for_four(browser: Any, served: LiveProcess) -> None:  # noqa: F811
    wait = _fresh(browser, served.url + "table?players=4&seed=ink")
    spawns = _spawns()
    # two teams of two, players taking turns: 1 and 3 green, 2 and 4 purple, each piece on
    # its own white hex of its team's spawn point
    heads = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "section.team h2")]
    assert heads == ["Green team: Player 1, Player 3", "Purple team: Player 2, Player 4"]
    cells = {seat: _at(_piece(browser, seat)) for seat in (1, 2, 3, 4)}
    assert {cells[1], cells[3]} == spawns["green"]
    assert {cells[2], cells[4]} == spawns["purple"]
    assert _green(browser) == "0"
    # Player 1 picks the Splattershot and takes three of its cards from its pile
    pile = "shared-splattershot-cards"
    for _ in range(3):
        _button(browser, f"draw:{pile}").click()
    wait.until(lambda d: "3 cards" in d.find_element(By.CSS_SELECTOR, '[data-hand="0"] h3').text)
    assert _said(browser) == "Player 1 drew a card from Splattershot cards"
    # by keyboard: the board focused (the cursor on Player 1's piece), Enter picks it up,
    # an arrow moves to a neighbouring hex, Enter puts it down
    board = _button(browser, "board:arena")
    board.send_keys(Keys.ENTER)
    wait.until(lambda d: _said(d).startswith("Chose Player 1's Character Piece"))
    start = _piece(browser, 1)
    _button(browser, "board:arena").send_keys(Keys.ARROW_DOWN)
    _button(browser, "board:arena").send_keys(Keys.ENTER)
    wait.until(lambda d: _piece(d, 1) != start)
    moved = _at(_piece(browser, 1))
    assert (moved[0] - cells[1][0], moved[1] - cells[1][1]) in HEX_STEPS
    assert _said(browser).startswith("Player 1's Character Piece moved to row 3, cell ")
    # the hex under the piece inked green (`i`: the player's team), its neighbour to the
    # right inked by pointer; the green Tile Counter raised twice beside its team
    _button(browser, "board:arena").send_keys("i")
    wait.until(lambda d: _claims(d) == {_piece(d, 1): "green"})
    _button(browser, "board:arena").send_keys(Keys.ARROW_RIGHT)
    wait.until(lambda d: "ink:arena:green" in d.execute_script("return document.body.innerHTML"))
    _button(browser, "ink:arena:green").click()
    wait.until(lambda d: len(_claims(d)) == 2)
    assert _said(browser).endswith("Green (inked: Green 2, Purple 0)")
    for expected in ("1", "2"):
        _button(browser, "plus:team-green-tile-counter").click()
        wait.until(lambda d, e=expected: _green(d) == e)
    # hot-seat: Player 2 moves by pointer (their piece's hex, then a free hex beside it)
    browser.find_element(By.TAG_NAME, "body").send_keys("2")
    wait.until(lambda d: d.find_element(By.ID, "seat").get_attribute("value") == "1")
    here = _at(_piece(browser, 2))
    target = next(
        f"{here[0] + dq},{here[1] + dr}"
        for dq, dr in sorted(HEX_STEPS)
        if browser.find_elements(By.ID, f"cell-arena-{here[0] + dq},{here[1] + dr}")
        and (here[0] + dq, here[1] + dr) not in cells.values()
    )
    piece = f'[id="cell-arena-{_piece(browser, 2)}"] circle.piece'
    browser.find_element(By.CSS_SELECTOR, piece).click()
    wait.until(lambda d: _said(d).startswith("Chose Player 2's Character Piece"))
    browser.find_element(By.CSS_SELECTOR, f'[id="cell-arena-{target}"] polygon').click()
    wait.until(lambda d: _piece(d, 2) == target)
    # undo: the move, the counter twice, the second hex; the first stays inked
    for _ in range(4):
        browser.find_element(By.ID, "undo").click()
    wait.until(lambda d: len(_claims(d)) == 1)
    assert _green(browser) == "0" and _piece(browser, 2) != target
    cell = browser.find_element(By.ID, f"cell-arena-{_piece(browser, 1)}")
    assert "inked Green" in str(cell.get_attribute("aria-label"))
    # a reload restores the board: the inked hex, the moved piece, the counters
    kept = _state(browser)
    _open(browser, browser.current_url)
    assert _state(browser) == kept
    assert _claims(browser) == {_piece(browser, 1): "green"}
    _clean(browser, "table-splatoon-4.png")


@pytest.mark.parametrize("game", ["blublers", "shards", "splatoon", "splatterkins", "yokai-sketch"])
def test_every_example_table_opens_from_disk(browser: Any, game: str) -> None:  # noqa: F811
    """Each of the five games' built table opens with no console error, a board drawn
    only for the game whose game.yaml has one, a team panel for each of its teams."""
    spec = _yaml_game(game)
    page = built() / "output" / game / "table.html"
    _fresh(browser, page.as_uri())
    grids = [c for c in spec.get("components", []) if c["kind"] == "board" and c.get("grid")]
    assert len(browser.find_elements(By.CSS_SELECTOR, "section.board svg[role=grid]")) == len(grids)
    heads = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "section.team h2")]
    assert [h.split(" team: ")[0] for h in heads] == [t["label"] for t in spec.get("teams", [])]
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def _yaml_game(game: str) -> Any:
    return yaml.safe_load((ROOT / "decks" / game / "game.yaml").read_text(encoding="utf-8"))
