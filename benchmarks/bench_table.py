"""The playtest table at 2,000 cards: `table.html` of a synthetic game (benchmarks/synthetic.py,
one pile of every card in the middle: the game has no setup piles) opened from disk in
headless Chromium, timed by the browser's own clock (`performance.now()`).

- first paint: from the navigation's start to the table drawn (`cardgenTable.ready`, the
  script's last line), and the browser's own first contentful paint;
- shuffle, draw and move: a click on the pile's Shuffle, on Draw, and the top card chosen
  then put into the player's hand, each from the click to the table drawn again and the
  state kept in localStorage (all synchronous in the click's handler); and a shuffle
  again after 100 more actions, the undo stack full (each action stores it whole).

Each figure is the median of `ROUNDS` page loads (a fresh profile's storage cleared each
time, so every load starts the same game). The card images are one small PNG copied to
every card's path (what is timed is the page, not drawing 2,000 cards).

The baseline, in the same run and the same browser: a plain static page holding the same
pile as the table shows it (one element and a count, written out as HTML), its first paint
and the same three changes made to a plain array with no drawing and no storage. Target:
first paint under 1 s and each action under 0.1 s at 2,000 cards. Without Chromium,
chromedriver or selenium the benchmark is skipped, saying what is missing.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.bench_serve import _browser, missing
from benchmarks.synthetic import make_game

CARDS = int(os.environ.get("CARDGEN_BENCH_TABLE_CARDS", "2000"))
ROUNDS = int(os.environ.get("CARDGEN_BENCH_TABLE_ROUNDS", "7"))
TARGET_PAINT = 1.0
TARGET_ACTION = 0.1
PIXEL = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5d1e0e60000000049454e44ae426082"
)
"""A one-pixel PNG: every card's image."""

ACTIONS = """
var pile = cardgenTable.setup.piles[0].id, times = {};
function timed(name, fn) { var t = performance.now(); fn(); times[name] = performance.now() - t; }
function click(key) { document.querySelector('[data-k="' + key + '"]').click(); }
timed('shuffle', function () { click('shuffle:' + pile); });
timed('draw', function () { click('draw:' + pile); });
timed('move', function () { click('top:' + pile); click('puthand:0'); });
for (var n = 0; n < 100; n++) { click('flip:' + pile); }  // the undo stack full, as late in a game
timed('late', function () { click('shuffle:' + pile); });
var paint = performance.getEntriesByType('paint').filter(function (e) {
  return e.name === 'first-contentful-paint'; })[0];
times.ready = window.__tableReady; times.fcp = paint ? paint.startTime : null;
return times;
"""

BASELINE = """
var cards = [], hand = [], times = {};
for (var i = 0; i < arguments[0]; i++) { cards.push(i); }
function timed(name, fn) { var t = performance.now(); fn(); times[name] = performance.now() - t; }
timed('shuffle', function () {
  for (var i = cards.length - 1; i > 0; i--) {
    var j = Math.floor(Math.random() * (i + 1)), k = cards[i]; cards[i] = cards[j]; cards[j] = k;
  }
});
timed('draw', function () { hand.push(cards.shift()); });
timed('move', function () { hand.push(cards.shift()); });
timed('late', function () { cards.reverse(); });
var paint = performance.getEntriesByType('paint').filter(function (e) {
  return e.name === 'first-contentful-paint'; })[0];
times.ready = window.__plainReady; times.fcp = paint ? paint.startTime : null;
return times;
"""


def _game(scratch: Path) -> Path:
    """The synthetic game's table page, written as the build writes it, its images dots."""
    from cardgen.project import Project
    from cardgen.render.game import card_files
    from cardgen.web.table_page import write_table
    from cardgen.write import slug

    root = make_game(scratch / "project", CARDS)
    pack = Project(root).game("synth")
    out = scratch / "out"
    for name in card_files(pack).values():
        (out / "cards").mkdir(parents=True, exist_ok=True)
        (out / "cards" / f"{name}.png").write_bytes(PIXEL)
    (out / "backs").mkdir(parents=True, exist_ok=True)
    for ctype in pack.game.types.values():
        (out / "backs" / f"{slug(ctype.back)}.png").write_bytes(PIXEL)
    page = write_table(root, pack, out)[0]
    # the moment the table is drawn, in the page's own clock, kept for the benchmark
    text = page.read_text(encoding="utf-8")
    page.write_text(
        text.replace(
            "window.cardgenTable.ready = true;",
            "window.cardgenTable.ready = true; window.__tableReady = performance.now();",
        ),
        encoding="utf-8",
    )
    return page


def _plain(table: Path) -> Path:
    """The baseline page: the same pile as static HTML, one image and a count."""
    page = table.parent / "plain.html"
    back = sorted((table.parent / "backs").iterdir())[0].name
    page.write_text(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>pile</title>"
        "</head><body><main><section><h3>Deck</h3>"
        f"<p>{CARDS} cards, face down</p><img alt=\"\" src=\"backs/{back}\"></section>"
        "</main><script>window.__plainReady = performance.now();</script></body></html>\n",
        encoding="utf-8",
    )
    return page


def _rounds(driver: Any, url: str, script: str, ready: str) -> list[dict[str, float]]:
    from selenium.webdriver.support.ui import WebDriverWait

    found = []
    for _ in range(ROUNDS):
        driver.get(url)
        driver.execute_script("localStorage.clear()")
        driver.get(url)
        WebDriverWait(driver, 120, poll_frequency=0.05).until(
            lambda d: d.execute_script(f"return window.{ready} !== undefined")
        )
        found.append(driver.execute_script(script, CARDS))
    return found


def _medians(rounds: list[dict[str, float]]) -> dict[str, float]:
    """Each figure's median in seconds (a load the browser reported no paint of left out
    of the paint's)."""
    keys = ("ready", "fcp", "shuffle", "draw", "move", "late")
    found = {}
    for key in keys:
        values = [r[key] for r in rounds if r[key] is not None]
        found[key] = round(statistics.median(values) / 1000, 4) if values else float("nan")
    return found


def run() -> dict[str, Any]:
    """The benchmark's row: the table's first paint against the plain page's, and each
    action against the same change to a plain array."""
    lacking = missing()
    if lacking is not None:
        return {"name": "table", "what": "playtest table at 2,000 cards", "skipped": lacking}
    scratch = Path(tempfile.mkdtemp(prefix="cardgen-bench-table-"))
    driver = None
    try:
        table = _game(scratch)
        plain = _plain(table)
        driver = _browser(scratch / "profile")
        mine = _medians(_rounds(driver, table.as_uri(), ACTIONS, "__tableReady"))
        base = _medians(_rounds(driver, plain.as_uri(), BASELINE, "__plainReady"))
    finally:
        if driver is not None:
            driver.quit()
        shutil.rmtree(scratch, ignore_errors=True)
    actions = max(mine["shuffle"], mine["draw"], mine["move"], mine["late"])
    shown = ", ".join(
        f"{k} {mine[k] * 1000:.1f} ms (plain {base[k] * 1000:.2f} ms)"
        for k in ("fcp", "shuffle", "draw", "move")
    )
    shown += f"; a shuffle after 100 actions (undo stack full) {mine['late'] * 1000:.1f} ms"
    return {
        "name": "table",
        "what": f"table.html at {CARDS} cards in Chromium, median of {ROUNDS}: table drawn"
        f" {mine['ready'] * 1000:.0f} ms (plain page {base['ready'] * 1000:.0f} ms); {shown}",
        "seconds": mine["ready"],
        "baseline_seconds": base["ready"],
        "ratio": round(mine["ready"] / base["ready"], 2) if base["ready"] else None,
        "target": f"< {TARGET_PAINT} s, actions < {TARGET_ACTION} s",
        "met": mine["ready"] < TARGET_PAINT and actions < TARGET_ACTION,
        "table": mine,
        "plain": base,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
