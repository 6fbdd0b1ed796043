"""Rendering: a 300-card game (Shards layouts) drawn and saved as PNG, against plain Pillow.

cardgen on one core (`--jobs 1`) and on all cores, and the plain-Pillow baseline
(`plain_pillow.py`) drawing the same number of same-size cards with the same text, in the
same run. One-core figures are CPU time, best of interleaved runs; the all-cores figure is
wall time. Target: cardgen on one core costs at most 1.5x the baseline per card.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.plain_pillow import render_plain
from benchmarks.synthetic import make_game
from cardgen.project import Project
from cardgen.render.game import render_game

ROOT = Path(__file__).resolve().parent.parent
GAME = "synth"
CARDS = 300
REPEATS = 3


def _cpu(func: Any) -> float:
    """CPU seconds of one call: unlike wall time, not inflated by other work on the machine."""
    start = time.process_time()
    func()
    return time.process_time() - start


def run() -> dict[str, Any]:
    scratch = Path(tempfile.mkdtemp(prefix="cardgen-bench-"))
    try:
        project = Project(make_game(scratch / "project", CARDS))
        pack = project.game(GAME)
        cards = [(c.name, pack.game.types[c.type].label, c.text) for c in pack.cards]
        base = serial = float("inf")
        for _ in range(REPEATS):  # interleaved, best of each: both see the same machine
            base = min(base, _cpu(lambda: render_plain(cards, scratch / "plain")))
            serial = min(serial, _cpu(lambda: render_game(project, GAME, scratch / "s", jobs=1)))
        start = time.perf_counter()
        render_game(project, GAME, scratch / "parallel")
        parallel = time.perf_counter() - start
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    count = len(cards)
    return {
        "name": "render",
        "what": f"{count} cards (Shards layouts) to PNG (825x1125), cardgen 1 core vs plain Pillow;"
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
