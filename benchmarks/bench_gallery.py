"""The gallery at scale: first paint, filters and an edit shown, at 500 and 2,000 cards, in
headless Chromium driven by selenium, each page beside a baseline in the same run.

For each size a synthetic game (`synthetic.make_game`) is built once (`cardgen build
--jobs 1`); the baseline is a page written beside the gallery, `bench-baseline.html`, that
lists the same card images as plain `<img>` tags (lazily loaded, their size set, no
script, no style beyond a wrapping row): what showing these images costs a browser at
least. Then, for the static gallery (opened from file://) and the served one (`cardgen
serve --jobs 1`, the same game, warm):

- loads (`LOADS` of each page, the browser's cache emptied each time, the pages taken in
  turn): first paint and first contentful paint (the browser's `paint` entries), the
  gallery's script ready (its `cardgen-gallery-ready` mark; the end of
  `DOMContentLoaded` where there is none), the first card shown (its image's `load`
  event, then the next frame painted) and the page usable (the later of those two), in
  milliseconds from the navigation's start (`benchmarks.browser.load_timings`);
- filters (`ROUNDS` rounds of four): a search for one card's number, the search cleared,
  the type filter set to one type, and set back to all, each timed from just before the
  event is dispatched to the frame after the filtered set is painted
  (`benchmarks.browser.change_ms`); after each, the page's count and the cards not hidden
  are checked against the counts taken from `cards.csv`. On the baseline page a minimal
  filter (each image's `hidden` set from its `alt` text and type) is timed the same way;
- on the served page, `bench_serve.EDITS` edits shown (`bench_serve.edit_times`: a text
  cell saved to the card's new image loaded).

With `CARDGEN_BENCH_GALLERY_BEFORE` naming a folder that holds an older `cardgen` package
(e.g. `git archive REV cardgen | tar -x -C DIR`), a copy of each game is built by that
code as well and its pages are measured in the same run, in turn with the current code's.
Without Chromium, chromedriver or selenium the benchmark is skipped, saying what is missing.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import http.server
import io
import os
import re
import shutil
import statistics
import subprocess
import threading
from collections.abc import Iterator
from html import escape, unescape
from pathlib import Path
from typing import Any

from benchmarks import bench_serve
from benchmarks.browser import (
    CARDGEN,
    change_ms,
    each_size,
    load_timings,
    missing,
    serve,
    settled,
    start_browser,
    stop,
)
from benchmarks.synthetic import make_game

SIZES = tuple(int(n) for n in os.environ.get("CARDGEN_BENCH_GALLERY_SIZES", "500,2000").split(","))
LOADS = int(os.environ.get("CARDGEN_BENCH_GALLERY_LOADS", "3"))
ROUNDS = int(os.environ.get("CARDGEN_BENCH_GALLERY_ROUNDS", "5"))
BEFORE = os.environ.get("CARDGEN_BENCH_GALLERY_BEFORE", "")
GAME = "synth"
BASELINE = "bench-baseline.html"
FRONT = "#grid .front img"
"""A card's front image in the gallery (the first one shown is the first card)."""
TARGET_FILTER_MS = 100
TARGET_USABLE_MS = 1000

_SEARCH = (
    "var box = document.getElementById('search'); box.value = arguments[0];"
    " box.dispatchEvent(new Event('input'));"
)
_TYPE = (
    "var select = document.getElementById('filter-type'); select.value = arguments[0];"
    " select.dispatchEvent(new Event('change'));"
)
_BASELINE_FILTER = """
window.benchFilter = function (word, type) {
  Array.prototype.forEach.call(document.querySelectorAll('img'), function (img) {
    img.hidden = !((img.alt.toLowerCase().indexOf(word) !== -1)
                   && (!type || img.getAttribute('data-type') === type));
  });
};
"""
_SHOWN = (
    "return [document.getElementById('count') && document.getElementById('count').textContent,"
    " Array.prototype.filter.call(document.querySelectorAll(arguments[0]),"
    " function (e) { return !e.hidden; }).length];"
)
_IMAGE = re.compile(r'<span class="side front"[^>]*><img src="([^"?]+)[^"]*" alt="([^"]*)"')


def _baseline_page(out: Path, types: dict[str, str]) -> None:
    """Write `out/bench-baseline.html`: the gallery's front images as plain `<img>` tags."""
    page = (out / "index.html").read_text(encoding="utf-8")
    tags = "\n".join(
        f'<img src="{src}" alt="{alt}" data-type="{escape(types[unescape(alt)])}"'
        ' width="190" height="266" loading="lazy" decoding="async">'
        for src, alt in _IMAGE.findall(page)
    )
    (out / BASELINE).write_text(
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        "<title>baseline</title>\n<style>body{margin:0;display:flex;flex-wrap:wrap;gap:8px}"
        "</style>\n</head>\n<body>\n" + tags + "\n</body>\n</html>\n",
        encoding="utf-8",
    )


def _build(root: Path, before: str = "") -> None:
    """`cardgen build` of the game on one core (with `before`, by the code in that folder)."""
    env = {**os.environ, "PYTHONPATH": before} if before else None
    done = subprocess.run(
        [CARDGEN, "build", GAME, "--project", str(root), "--jobs", "1"],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,  # not this checkout: its `cardgen` would come first on the path
    )
    if done.returncode != 0:
        raise RuntimeError(f"cardgen build failed:\n{done.stdout}\n{done.stderr}")


def _projects(n: int, scratch: Path) -> dict[str, Path]:
    """The game of `n` cards built by each code measured: {"after": root, "before": root}."""
    root = make_game(scratch / f"p{n}", n)
    _build(root)
    roots = {"after": root}
    if BEFORE:
        other = scratch / f"p{n}-before"
        shutil.copytree(root, other, symlinks=True)
        (other / "output" / GAME / "index.html").unlink()  # made again by the older code
        _build(other, BEFORE)
        roots["before"] = other
    rows = _rows(root)
    for folder in roots.values():
        _baseline_page(folder / "output" / GAME, {row["name"]: row["type"] for row in rows})
    return roots


def _rows(root: Path) -> list[dict[str, str]]:
    text = (root / "decks" / GAME / "cards.csv").read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def _actions(rows: list[dict[str, str]]) -> list[tuple[str, str, int]]:
    """The filters of the rounds: (kind, value, cards expected), counted from the pool."""
    types = sorted({row["type"] for row in rows})
    actions = []
    for k in range(ROUNDS):
        number = f"{(1 + 97 * k) % len(rows):05d}"
        kind = types[k % len(types)]
        actions += [
            ("search", number, sum(1 for r in rows if number in f"{r['name']} {r['text']}")),
            ("search", "", len(rows)),
            ("type", kind, sum(1 for r in rows if r["type"] == kind)),
            ("type", "", len(rows)),
        ]
    return actions


def _filters(driver: Any, rows: list[dict[str, str]], baseline: bool) -> dict[str, list[float]]:
    """Milliseconds of each filter of `_actions` on the open page, checked: {"narrow": the
    filters set (a search, a type), "all": those cleared (every card again), "narrow_next",
    "all_next": the same to the frame after}."""
    found: dict[str, list[float]] = {"narrow": [], "all": [], "narrow_next": [], "all_next": []}
    if baseline:
        driver.execute_script(_BASELINE_FILTER)
    word = type_ = ""
    for kind, value, expected in _actions(rows):
        if kind == "search":
            word = value
        else:
            type_ = value
        if baseline:
            elapsed = change_ms(driver, "benchFilter(arguments[0], arguments[1]);", word, type_)
            count, shown = driver.execute_script(_SHOWN, "img")
        else:
            elapsed = change_ms(driver, _SEARCH if kind == "search" else _TYPE, value)
            count, shown = driver.execute_script(_SHOWN, "#grid > .card")
            if count != f"{expected} of {len(rows)} cards":
                raise RuntimeError(f"{kind} {value!r}: the page says {count!r}, not {expected}")
        if shown != expected:
            raise RuntimeError(f"{kind} {value!r}: {shown} cards shown, not {expected}")
        key = "all" if value == "" else "narrow"
        found[key].append(elapsed[0])
        found[f"{key}_next"].append(elapsed[1])
    return found


@contextlib.contextmanager
def _plain_server(folder: Path) -> Iterator[str]:
    """The files of `folder` served by Python's own HTTP server, in a thread: its URL.
    (`cardgen serve` sends its other files sandboxed, where no script, the benchmark's
    own included, runs.)"""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A plain file server that prints nothing."""

    def log_message(self, format: str, *args: Any) -> None:
        """Nothing: the benchmark's output is its table."""


def _measure_pages(
    driver: Any, pages: dict[str, tuple[str, bool]], rows: list[dict[str, str]]
) -> dict[str, dict[str, Any]]:
    """Loads and filters of each page: {label: {"loads": [timings], "narrow": [ms], ...}}."""
    found: dict[str, dict[str, Any]] = {label: {"loads": []} for label in pages}
    for _ in range(LOADS):
        for label, (url, baseline) in pages.items():
            found[label]["loads"].append(load_timings(driver, url, "img" if baseline else FRONT))
    for label, (url, baseline) in pages.items():
        load_timings(driver, url, "img" if baseline else FRONT)
        found[label].update(_filters(driver, rows, baseline))
    return found


def _static(roots: dict[str, Path], rows: list[dict[str, str]], scratch: Path) -> dict[str, Any]:
    """The static galleries, opened from file://, and the baseline."""
    urls = {code: (root / "output" / GAME).as_uri() + "/" for code, root in roots.items()}
    pages = {code: (url + "index.html", False) for code, url in urls.items()}
    pages["baseline"] = (urls["after"] + BASELINE, True)
    driver = start_browser(scratch / "chromium-static")
    try:
        return _measure_pages(driver, pages, rows)
    finally:
        driver.quit()


def _served(roots: dict[str, Path], rows: list[dict[str, str]], scratch: Path) -> dict[str, Any]:
    """The served galleries (a server for each code) and the baseline, served by a plain
    file server; then the edits shown, each code's on its own game."""
    servers = {
        code: serve(root, GAME, {"PYTHONPATH": BEFORE} if code == "before" else None)
        for code, root in roots.items()
    }
    driver = start_browser(scratch / "chromium-served")
    try:
        with _plain_server(roots["after"] / "output" / GAME) as plain:
            pages = {code: (url, False) for code, (_, url, _) in servers.items()}
            pages["baseline"] = (plain + BASELINE, True)
            found = _measure_pages(driver, pages, rows)
        for code, (_, url, printed) in servers.items():
            driver.get(url)
            _, times, told = bench_serve.edit_times(driver, roots[code], printed, settled(driver))
            found[code]["edits"] = [round(t * 1000, 1) for t in times]
            found[code]["edits_told"] = [round(t * 1000, 1) for t in told]
    finally:
        driver.quit()
        for process, _, _ in servers.values():
            stop(process)
    return found


def measure(n: int, scratch: Path) -> dict[str, Any]:
    """Every figure of an `n`-card game: {"cards", "static": {...}, "served": {...}}."""
    roots = _projects(n, scratch / f"g{n}")
    rows = _rows(roots["after"])
    return {
        "cards": n,
        "static": _summary(_static(roots, rows, scratch / f"g{n}")),
        "served": _summary(_served(roots, rows, scratch / f"g{n}")),
    }


def _summary(pages: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Each page's medians and ranges, beside the measurements themselves."""
    for figures in pages.values():
        loads = figures["loads"]
        for key in loads[0]:
            figures[key] = _spread([load[key] for load in loads])
        for key in ("narrow", "all", "narrow_next", "all_next", "edits"):
            if key in figures:
                figures[f"{key}_spread"] = _spread(figures[key])
        figures["filter"] = _spread(figures["narrow"] + figures["all"])
        figures["filter_next"] = _spread(figures["narrow_next"] + figures["all_next"])
    return pages


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 1),
        "min": round(min(values), 1),
        "max": round(max(values), 1),
    }


def run() -> dict[str, Any]:
    """The benchmark's row: at the largest size, the worst filter median of the two
    galleries against the baseline's; the target also asks the pages usable within 1 s."""
    lacking = missing()
    if lacking is not None:
        return {"name": "gallery", "what": "first paint, filters, edits", "skipped": lacking}
    sizes = each_size("gallery", SIZES, measure)
    last = sizes[-1]
    galleries = [last[where]["after"] for where in ("static", "served")]
    worst = max(g["filter"]["median"] for g in galleries)
    usable = max(g["usable"]["median"] for g in galleries)
    base = max(last[where]["baseline"]["filter"]["median"] for where in ("static", "served"))
    shown = "; ".join(
        f"{s['cards']} cards {where}: usable {s[where]['after']['usable']['median']:.0f} ms,"
        f" filter {s[where]['after']['filter']['median']:.0f} ms"
        for s in sizes
        for where in ("static", "served")
    )
    return {
        "name": "gallery",
        "what": f"gallery in Chromium, medians; {shown}; edit shown at {last['cards']}:"
        f" {last['served']['after']['edits_spread']['median']:.0f} ms; baseline: plain <img> page",
        "seconds": round(worst / 1000, 3),
        "baseline_seconds": round(base / 1000, 3),
        "ratio": round(worst / base, 2) if base else 0,
        "target": f"filter < {TARGET_FILTER_MS} ms, usable < {TARGET_USABLE_MS} ms",
        "met": worst < TARGET_FILTER_MS and usable < TARGET_USABLE_MS,
        "sizes": sizes,
    }
