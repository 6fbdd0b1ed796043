"""`cardgen serve` publishes a build's card images before the rest of it: after an edit of
cards.csv the first event names the changed card (`follows`: the build goes on), the build's
own event comes after it; a check that fails is found after the cards are drawn, and its
finding (file and line) still reaches the page in the final event."""

from __future__ import annotations

import queue
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import DAMAGE_CHECK, TINY_GAME
from tests.serve.live_process import LiveProcess


def _next(feed: queue.Queue[dict[str, Any]], live: LiveProcess) -> dict[str, Any]:
    try:
        return feed.get(timeout=60)
    except queue.Empty:
        raise AssertionError("\n".join(live.lines)) from None


def _edit(pool: Path, old: str, new: str) -> None:
    text = pool.read_text(encoding="utf-8")
    assert old in text
    pool.write_text(text.replace(old, new), encoding="utf-8")


def test_the_changed_card_comes_first_then_the_build(make_project: Callable[..., Path]) -> None:
    root = make_project(TINY_GAME + DAMAGE_CHECK)
    live = LiveProcess(root)
    try:
        first = live.get("/api/state")
        assert first["ok"] and not first["follows"] and first["problems"] == []
        fronts = {c["name"]: c["front_hash"] for c in first["cards"]}
        feed = live.events()
        pool = root / "decks" / "tiny" / "cards.csv"

        _edit(pool, "Leads the party.", "Leads all.")
        early = _next(feed, live)
        assert early["follows"] and early["ok"] and early["status"] == "rendered"
        assert early["changed"] == ["cards/aria.png"] and early["problems"] == []
        assert early["hashes"]["cards/aria.png"] != fronts["Aria"]
        done = _next(feed, live)
        assert done["generation"] == early["generation"] + 1
        assert not done["follows"] and done["ok"] and done["status"] == "built"
        assert done["changed"] == ["cards/aria.png"]  # what the build changed, told again
        assert done["hashes"] == early["hashes"]
        state = live.get("/api/state")
        aria = next(c for c in state["cards"] if c["name"] == "Aria")
        assert aria["front_hash"] == early["hashes"]["cards/aria.png"]
        borin = next(c for c in state["cards"] if c["name"] == "Borin")
        assert borin["front_hash"] == fronts["Borin"]
        assert [c["name"] for c in state["cards"]] == [c["name"] for c in first["cards"]]

        # the text now says 3 damage for a level-2 spell: drawn first, then the check fails
        _edit(pool, "Deal 2 damage.", "Deal 3 damage.")
        early = _next(feed, live)
        assert early["follows"] and early["changed"] == ["cards/fireball.png"]
        failed = _next(feed, live)
        assert not failed["follows"] and not failed["ok"] and failed["status"] == "error"
        [problem] = failed["problems"]
        assert problem["file"].endswith("decks/tiny/cards.csv") and problem["line"] == 4
        assert "damage-is-level" in problem["message"] and "level is 2" in problem["message"]
        broken = live.get("/api/state")
        assert not broken["ok"] and broken["problems"] == failed["problems"]
        # the card as drawn stays shown under the banner
        fireball = next(c for c in broken["cards"] if c["name"] == "Fireball")
        assert fireball["front_hash"] == early["hashes"]["cards/fireball.png"]
    finally:
        code, err = live.stop()
    assert code == 0, err
    assert "Traceback" not in err
