"""`cardgen serve` end to end: a tiny game served from a subprocess; an edit of cards.csv
is a build event with the changed card's new hash, a broken game.yaml shows its file and
line in the state, fixing it builds again, and Ctrl-C stops it cleanly."""

from __future__ import annotations

import queue
import sys
from collections.abc import Callable
from pathlib import Path

from tests.serve.live_process import LiveProcess


def test_a_save_rebuilds_and_the_page_is_told(make_project: Callable[..., Path]) -> None:
    root = make_project()
    live = LiveProcess(root)
    try:
        assert live.url.startswith("http://127.0.0.1:") and live.url.endswith("/")
        first = live.get("/api/state")
        assert first["ok"] and first["status"] == "built" and first["problems"] == []
        fronts = {c["name"]: c["front_hash"] for c in first["cards"]}
        assert set(fronts) == {"Aria", "Borin", "Fireball", "Frost Bolt", "Ice Wall"}

        feed = live.events()
        pool = root / "decks" / "tiny" / "cards.csv"
        pool.write_text(
            pool.read_text(encoding="utf-8").replace("Leads the party.", "Leads all."),
            encoding="utf-8",
        )
        try:
            event = feed.get(timeout=60)
        except queue.Empty:
            raise AssertionError("\n".join(live.lines)) from None
        assert event["ok"] and event["changed"] == ["cards/aria.png"]
        assert event["added"] == [] and event["removed"] == []
        after = live.get("/api/state")
        new_hash = event["hashes"]["cards/aria.png"]
        assert new_hash != fronts["Aria"]
        aria = next(c for c in after["cards"] if c["name"] == "Aria")
        assert aria["front_hash"] == new_hash
        borin = next(c for c in after["cards"] if c["name"] == "Borin")
        assert borin["front_hash"] == fronts["Borin"]  # not drawn again, not changed

        game = root / "decks" / "tiny" / "game.yaml"
        good = game.read_text(encoding="utf-8")
        game.write_text(good.replace("name: Tiny Game", "name: [Tiny Game"), encoding="utf-8")
        broken = live.wait_for(lambda s: not s["ok"])
        assert broken["status"] == "error"
        problem = broken["problems"][0]
        assert problem["file"].endswith("decks/tiny/game.yaml") and isinstance(problem["line"], int)
        assert "YAML" in problem["message"]
        assert broken["images"] == after["images"]  # the last good cards stay

        game.write_text(good, encoding="utf-8")
        fixed = live.wait_for(lambda s: s["ok"] and s["generation"] > broken["generation"])
        assert fixed["problems"] == []
    finally:
        code, err = live.stop()
    assert code == 0, err
    assert "Traceback" not in err
    assert live.lines[0] == "serving tiny (Ctrl-C to stop)"
    if sys.platform.startswith("linux"):  # inotify: the file rewritten in place is modified
        assert "~ decks/tiny/cards.csv" in live.lines and "+ decks/tiny/cards.csv" not in live.lines
    else:  # FSEvents may still flag a file made moments before as created: either is right
        assert "+ decks/tiny/cards.csv" in live.lines or "~ decks/tiny/cards.csv" in live.lines
    assert any(
        line.startswith("error: ") and f"game.yaml:{problem['line']}" in line for line in live.lines
    )
