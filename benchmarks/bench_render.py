"""Rendering: every Shards card drawn and saved as PNG, against a plain Pillow script.

cardgen on one core (`--jobs 1`) and on all cores, and the plain-Pillow baseline
(`plain_pillow.py`) drawing the same number of same-size cards with the same text, in the
same run. Target: cardgen on one core costs at most 1.5x the baseline per card.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.plain_pillow import render_plain
from cardgen.project import Project
from cardgen.render.game import render_game

ROOT = Path(__file__).resolve().parent.parent
GAME = "shards"
REPEATS = 2


def _best(func: Any) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


def run() -> dict[str, Any]:
    project = Project(ROOT)
    pack = project.game(GAME)
    cards = [(c.name, pack.game.types[c.type].label, c.text) for c in pack.cards]
    scratch = Path(tempfile.mkdtemp(prefix="cardgen-bench-"))
    try:
        base = _best(lambda: render_plain(cards, scratch / "plain"))
        serial = _best(lambda: render_game(project, GAME, scratch / "serial", jobs=1))
        parallel = _best(lambda: render_game(project, GAME, scratch / "parallel"))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    count = len(cards)
    return {
        "name": "render",
        "what": f"{count} {GAME} cards to PNG (825x1125), cardgen 1 core vs plain Pillow;"
                f" all {os.cpu_count()} cores: {parallel / count * 1000:.1f} ms a card",
        "seconds": round(serial, 3),
        "per_card_ms": round(serial / count * 1000, 1),
        "parallel_seconds": round(parallel, 3),
        "baseline_seconds": round(base, 3),
        "baseline_per_card_ms": round(base / count * 1000, 1),
        "ratio": round(serial / base, 2),
        "target": "ratio <= 1.5",
        "met": serial / base <= 1.5,
    }
