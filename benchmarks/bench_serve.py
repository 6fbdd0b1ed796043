"""Edit to screen: `cardgen serve` on synthetic games of 100 and 500 cards, in headless
Chromium driven by selenium.

For each size: `cardgen serve synth --no-open --port 0 --jobs 1` (one process drawing) is
started and its page opened; then, `EDITS` times, one card's text cell of `cards.csv` is
changed (a text never used before, so the card is drawn again; the file replaced
atomically) and the time is taken from the save to the moment that card's new image has
loaded in the page. It is measured in the page: a timestamp (`performance.now()`) is set
by a script call that returns just before the file is replaced, and a load listener on the
page records `performance.now()` when the card's `<img>`, its `src` changed, has loaded
(`complete`, with a width). Chromium's `performance.now()` has a resolution of 0.1 ms; the
figure includes the return of the script call before the save (a millisecond or two), so it
errs long. Selenium polls for the result every 50 ms; that delay is not in the figure.
Before each save the card is scrolled into view and the page left until every image in view
has loaded, and `QUIET` seconds more: scrolling 37 cards on brings some 50 images into view,
and a save made while the browser still decodes them measured the browser, not cardgen.

The baseline, in the same run: drawing that one card with the library, the game loaded
afresh (`render_game(..., names={card})` on a fresh `Project`, no cache), i.e. what an edit
fundamentally costs. Target: a median under 0.5 s at 500 cards. Without Chromium,
chromedriver or selenium the benchmark is skipped, saying what is missing.
"""

from __future__ import annotations

import csv
import io
import os
import statistics
import time
from pathlib import Path
from typing import Any

from benchmarks.browser import each_size, missing
from benchmarks.browser import serve as _serve
from benchmarks.browser import settled as _settled
from benchmarks.browser import start_browser as _browser
from benchmarks.browser import stop as _stop
from benchmarks.synthetic import make_game
from cardgen.project import Project
from cardgen.render.game import render_game
from cardgen.write import slug

SIZES = tuple(int(n) for n in os.environ.get("CARDGEN_BENCH_SERVE_SIZES", "100,500").split(","))
EDITS = int(os.environ.get("CARDGEN_BENCH_SERVE_EDITS", "7"))
TARGET = 0.5
GAME = "synth"

WATCH = """
window.__bench = {done: null, swapped: null, before: arguments[1], selector: arguments[0]};
if (window.__benchSeen) { window.__benchSeen.disconnect(); }
window.__benchSeen = new MutationObserver(function () {
  var bench = window.__bench;
  if (bench.swapped === null) { bench.swapped = performance.now(); }
});
window.__benchSeen.observe(document.querySelector(arguments[0]), {attributeFilter: ['src']});
if (!window.__benchListening) {
  window.__benchListening = true;
  document.addEventListener('load', function (event) {
    var bench = window.__bench, img = event.target;
    if (!bench || bench.done !== null || img.tagName !== 'IMG') { return; }
    if (!img.matches(bench.selector)) { return; }
    if (img.getAttribute('src') !== bench.before && img.complete && img.naturalWidth > 0) {
      bench.done = performance.now();
    }
  }, true);
}
window.__bench.t0 = performance.now();
"""
"""Set just before a save: the time it starts from, and the listener for the card's image."""
_SHOWN = """
var img = document.querySelector(arguments[0]);
img.scrollIntoView({block: 'center', behavior: 'instant'});
var high = window.innerHeight, pending = Array.prototype.some.call(
  document.querySelectorAll('img'), function (other) {
    var box = other.getBoundingClientRect();
    return box.bottom > 0 && box.top < high && box.width > 0 && !other.complete;
  });
return !pending && img.complete && img.naturalWidth > 0 ? img.getAttribute('src') : null;
"""
"""The card's image brought into view (the gallery's images load lazily), once it and every
other image in view has loaded: its address."""
QUIET = 0.3
"""Seconds the page is left after that before the save: the images the scroll brought into
view decoded and drawn, as a page is when its user looks at it and edits."""


def _edit(pool: Path, index: int, text: str) -> str:
    """Give the card at `index` of the pool the text `text`, replacing the file atomically;
    the card's name."""
    rows = list(csv.DictReader(io.StringIO(pool.read_text(encoding="utf-8"))))
    rows[index]["text"] = text
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    temporary = pool.with_name(".cards.csv.bench")
    temporary.write_text(out.getvalue(), encoding="utf-8")
    os.replace(temporary, pool)
    return rows[index]["name"]


def _baseline(root: Path, index: int, text: str, out: Path) -> float:
    """Seconds to draw that card with the library, its game loaded afresh (no cache)."""
    name = _edit(root / "decks" / GAME / "cards.csv", index, text)
    start = time.perf_counter()
    render_game(Project(root), GAME, out, names={name}, jobs=1)
    return time.perf_counter() - start


def edit_times(
    driver: Any, root: Path, printed: list[str], since: int
) -> tuple[list[int], list[float], list[float]]:
    """`EDITS` edits of cards spread over the pool of the served game at `root`, its page
    open in `driver` and showing generation `since`: the pool indexes edited, the seconds
    from each save to the card's new image loaded, and to the page told of it (its `src`
    set). `printed` is what the server printed (shown when an image never comes)."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    pool = root / "decks" / GAME / "cards.csv"
    rows = list(csv.DictReader(io.StringIO(pool.read_text(encoding="utf-8"))))
    names = [row["name"] for row in rows]
    # cards spread over the pool whose layout shows their text (a Character's shows none)
    texted = [i for i, row in enumerate(rows) if row["type"] != "character"]
    chosen = [texted[(1 + 37 * k) % len(texted)] for k in range(EDITS)]
    times: list[float] = []
    told: list[float] = []  # from the save to the page told of the new image (its src set)
    shown = since
    for k, index in enumerate(chosen):
        selector = f"#card-{slug(names[index])} .front img"
        before = WebDriverWait(driver, 30, poll_frequency=0.05).until(
            lambda d, selector=selector: d.execute_script(_SHOWN, selector)
        )
        time.sleep(QUIET)
        driver.execute_script(WATCH, selector, before)  # t0: the last thing before the save
        _edit(pool, index, f"Edited for the benchmark, round {k} of {len(rows)} cards.")
        try:
            elapsed, swapped = WebDriverWait(driver, 60, poll_frequency=0.05).until(
                lambda d: d.execute_script(
                    "var b = window.__bench;"
                    " return b.done === null ? null : [b.done - b.t0, b.swapped - b.t0]"
                )
            )
        except TimeoutException:
            raise RuntimeError(
                f"the new image of {names[index]} was not seen in 60 s; the server said:\n"
                + "\n".join(printed[-20:])
            ) from None
        times.append(elapsed / 1000)
        told.append(swapped / 1000)
        shown = _settled(driver, shown)
        time.sleep(0.3)  # the server's last writes (the build's stamp) done
    return chosen, times, told


def measure(n: int, scratch: Path) -> dict[str, Any]:
    """Edit-to-screen times (seconds) of `EDITS` edits on an `n`-card game, and the baseline."""
    root = make_game(scratch / f"p{n}", n)
    process, url, printed = _serve(root, GAME)
    driver = _browser(scratch / f"chromium-{n}")
    try:
        driver.get(url)
        chosen, times, told = edit_times(driver, root, printed, _settled(driver))
    finally:
        driver.quit()
        _stop(process)
    baseline = [
        _baseline(root, index, f"The baseline's text, round {k}.", scratch / "base")
        for k, index in enumerate(chosen)
    ]
    return {
        "cards": n,
        "median": round(statistics.median(times), 3),
        "min": round(min(times), 3),
        "max": round(max(times), 3),
        "times": [round(t, 3) for t in times],
        "told_median": round(statistics.median(told), 3),
        "told": [round(t, 3) for t in told],
        "baseline_median": round(statistics.median(baseline), 3),
    }


def run() -> dict[str, Any]:
    """The benchmark's row: the largest game's median against its baseline."""
    lacking = missing()
    if lacking is not None:
        return {"name": "serve", "what": "edit to screen", "skipped": lacking}
    sizes = each_size("serve", SIZES, measure)
    last = sizes[-1]
    shown = "; ".join(
        f"{s['cards']} cards: median {s['median']:.3f} s ({s['min']:.3f}-{s['max']:.3f})"
        for s in sizes
    )
    return {
        "name": "serve",
        "what": f"edit one cell of cards.csv to the card's new image loaded in Chromium,"
        f" server on 1 core, {EDITS} edits; {shown}; baseline: drawing the card",
        "seconds": last["median"],
        "baseline_seconds": last["baseline_median"],
        "ratio": round(last["median"] / last["baseline_median"], 2),
        "target": f"< {TARGET} s",
        "met": last["median"] < TARGET,
        "sizes": sizes,
    }
