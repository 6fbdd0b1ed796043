"""Lint: 5,000 cards (the Shards and Splatterkins pools repeated under new names), one core.

cardgen's `lint_game` with every default rule (glossary index, term matching, typos,
keywords, references, bounds, labels, typography, consistency) against a plain loop that
only splits the same texts into words with a regular expression, in the same run.
Each side runs three times and keeps its best time. Target: 5,000 cards under 1 second.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardgen.check.lint import lint_game
from cardgen.load.game import GamePack
from cardgen.project import Project

ROOT = Path(__file__).resolve().parent.parent
CARDS = 5_000
GAMES = ("shards", "splatterkins")
WORD = re.compile(r"\w+")
REPEATS = 3


def grown(pack: GamePack, count: int) -> GamePack:
    """The game with its pool repeated under new names until it holds `count` cards."""
    cards = [
        card.model_copy(update={"name": f"{card.name} {index // len(pack.cards) + 1}"})
        for index, card in enumerate(pack.cards[i % len(pack.cards)] for i in range(count))
    ]
    return GamePack(pack.game, pack.folder, pack.doc, cards, pack.pool_path)


def baseline(packs: list[GamePack]) -> int:
    """Only split every card's text and name into words."""
    words = 0
    for pack in packs:
        for card in pack.cards:
            words += len(WORD.findall(card.text)) + len(WORD.findall(card.name))
    return words


def best(work: Callable[[], int]) -> tuple[float, int]:
    """The best time of REPEATS runs (as timeit does: the others waited for the machine)."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return min(times), result


def run() -> dict[str, Any]:
    project = Project(ROOT)
    per_game = CARDS // len(GAMES)
    packs = [grown(project.game(game), per_game) for game in GAMES]
    base, words = best(lambda: baseline(packs))
    seconds, findings = best(lambda: sum(len(lint_game(pack)) for pack in packs))
    return {
        "name": "lint",
        "what": f"{CARDS:,} cards ({', '.join(GAMES)} pools repeated; {words:,} words,"
        f" {findings} findings), every default rule, vs a plain regex word split (best of"
        f" {REPEATS})",
        "seconds": round(seconds, 3),
        "baseline_seconds": round(base, 4),
        "ratio": round(seconds / base, 1) if base else None,
        "target": "5,000 cards under 1 s",
        "met": seconds < 1.0,
    }


if __name__ == "__main__":
    print(run())
