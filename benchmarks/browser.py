"""Headless Chromium for the benchmarks, and the page's own clocks read through it.

Shared by the benchmarks that drive a browser (`bench_serve`, `bench_gallery`): what the
machine lacks to run them (`missing`), a browser started as the browser tests start it
(`start_browser`), `cardgen serve` started and stopped (`serve`, `stop`), a served page
waited on until it shows a finished build (`settled`), and timings taken in the page with
`performance.now()` and the browser's paint entries:

- `load_timings(driver, url)` opens `url` with the browser's cache emptied and returns, in
  milliseconds from the navigation's start: first paint and first contentful paint (the
  `paint` entries), the end of `DOMContentLoaded` (the page parsed and its scripts run),
  the script ready (the gallery's mark `READY`, set once its filters work; where there is
  none, the end of `DOMContentLoaded`), the first image of `selector` shown (its `load`
  event, then the frame after it painted) and the page usable (the later of the last two);
- `change_ms(driver, script, *args)` runs `script` in the page (a change to the DOM or an
  event dispatched) and returns the milliseconds from just before it to the frame after it
  painted, and to the next frame painted.

"The frame after it painted" is a `requestAnimationFrame` callback, then a message posted
to the page from it: the callback runs before the frame's style, layout and paint, the
message after them. Nothing here waits on a clock: selenium polls for a result with
`WebDriverWait`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

CARDGEN = str(Path(sys.executable).with_name("cardgen"))
WAIT = 120
"""Seconds a page is given to show what is waited for (the machine is shared and busy)."""

READY = "cardgen-gallery-ready"
"""The mark (`performance.mark`) the gallery's script sets once its filters work."""

AFTER_PAINT = """
function cardgenAfterPaint(done) {
  requestAnimationFrame(function () {
    var channel = new MessageChannel();
    channel.port1.onmessage = function () { done(performance.now()); };
    channel.port2.postMessage(null);
  });
}
"""
"""`cardgenAfterPaint(done)`: calls `done(now)` once the next frame has painted."""

_WATCH_LOAD = (
    AFTER_PAINT
    + """
window.cardgenBench = {first: null, selector: %s};
document.addEventListener('load', function (event) {
  var bench = window.cardgenBench, img = event.target;
  if (bench.first !== null || img.tagName !== 'IMG' || !img.matches(bench.selector)) { return; }
  bench.first = -1;
  cardgenAfterPaint(function (now) { bench.first = now; });
}, true);
"""
)
"""Installed before the page's own scripts: the first image of the selector shown."""

_LOAD_RESULT = """
var bench = window.cardgenBench, nav = performance.getEntriesByType('navigation')[0];
if (!bench || bench.first === null || bench.first < 0 || !nav || !nav.domContentLoadedEventEnd) {
  return null;
}
var paints = {}, mark = performance.getEntriesByName(arguments[0], 'mark')[0];
performance.getEntriesByType('paint').forEach(function (e) { paints[e.name] = e.startTime; });
if (!('first-contentful-paint' in paints)) { return null; }
var ready = mark ? mark.startTime : nav.domContentLoadedEventEnd;
return {first_paint: paints['first-paint'] || paints['first-contentful-paint'],
        first_contentful_paint: paints['first-contentful-paint'],
        dom_content_loaded: nav.domContentLoadedEventEnd, script_ready: ready,
        first_card: bench.first, usable: Math.max(bench.first, ready)};
"""

_CHANGE = (
    AFTER_PAINT
    + """
var done = arguments[arguments.length - 1], args = Array.prototype.slice.call(arguments, 1, -1);
var start = performance.now();
(new Function(arguments[0])).apply(null, args);
cardgenAfterPaint(function (first) {
  cardgenAfterPaint(function (second) { done([first - start, second - start]); });
});
"""
)


def missing() -> str | None:
    """What this machine lacks to drive a browser (and how to get it), or None."""
    from tests.skips import INSTALL

    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    for names in (("chromium", "chromium-browser"), ("chromedriver",)):
        if not any(shutil.which(name) for name in names):
            return f"{names[0]} is not installed ({INSTALL[names[0]]})"
    return None


def each_size(
    name: str, sizes: Iterable[int], measure: Callable[[int, Path], dict[str, Any]]
) -> list[dict[str, Any]]:
    """`measure(n, scratch)` for each size `n`, in a scratch folder (named after the
    benchmark `name`) removed afterwards."""
    scratch = Path(tempfile.mkdtemp(prefix=f"cardgen-bench-{name}-"))
    try:
        return [measure(n, scratch) for n in sizes]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def start_browser(profile: Path) -> Any:
    """Headless Chromium with the browser tests' flags (a 1280 x 1400 window), its profile in
    `profile`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from tests.browser.test_gallery_browser import FLAGS

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def serve(
    root: Path, game: str, env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[str], str, list[str]]:
    """`cardgen serve GAME` on one core, without a browser (`env`: variables to add to its
    environment): the process, the page's URL and the lines it prints (read as they come,
    so that it never waits on a full pipe)."""
    process = subprocess.Popen(
        [CARDGEN, "serve", game, "--no-open", "--port", "0", "--jobs", "1", "--project", root],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
        cwd=root,  # not a checkout of cardgen: its package would come first on the path
    )
    assert process.stdout is not None
    lines: list[str] = []
    for line in process.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("http://"):
            threading.Thread(target=lines.extend, args=(process.stdout,), daemon=True).start()
            return process, line.strip(), lines
    raise RuntimeError("cardgen serve ended before it served the page:\n" + "\n".join(lines))


def stop(process: subprocess.Popen[str]) -> None:
    """Ctrl-C to the server, as a user stops it."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGINT)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def settled(driver: Any, since: int = 0, seconds: float = WAIT) -> int:
    """Wait until the served page shows a finished build newer than generation `since` (not
    one whose card images alone are drawn); its generation."""
    from selenium.webdriver.support.ui import WebDriverWait

    found: int = WebDriverWait(driver, seconds, poll_frequency=0.05).until(
        lambda d: d.execute_script(
            "var live = window.cardgenLive, s = live && live.state;"
            " return s && s.ok && !s.follows && s.generation > arguments[0]"
            " && live.generation >= s.generation ? s.generation : null",
            since,
        )
    )
    return found


def load_timings(driver: Any, url: str, selector: str) -> dict[str, float]:
    """Open `url` afresh (the browser's cache emptied) and time its first paints, its
    scripts and its first image of `selector` shown: milliseconds from the navigation's
    start, as the module says."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.get("about:blank")
    script = driver.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {"source": _WATCH_LOAD % _js_string(selector)},
    )
    try:
        driver.get(url)
        found: dict[str, float] = WebDriverWait(driver, WAIT, poll_frequency=0.05).until(
            lambda d: d.execute_script(_LOAD_RESULT, READY)
        )
    finally:
        driver.execute_cdp_cmd(
            "Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]}
        )
    return {key: round(value, 1) for key, value in found.items()}


def change_ms(driver: Any, script: str, *args: Any) -> tuple[float, float]:
    """Milliseconds from just before `script` runs in the page (a function body, given
    `args`) to the frame after it painted, and to the frame after that (where work the
    browser put off lands, such as drawing what `content-visibility: auto` brought into
    view)."""
    driver.set_script_timeout(WAIT)
    first, second = driver.execute_async_script(_CHANGE, script, *args)
    return round(first, 1), round(second, 1)


def _js_string(text: str) -> str:
    """`text` as a JavaScript string literal."""
    import json

    return json.dumps(text)
