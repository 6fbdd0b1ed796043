"""Deck validation: 10,000 deck lists of 52 cards against the loaded Shards pool.

Measured: parsing the text lists and judging them with `DeckValidator`, on one core.
Baseline in the same run: a bare Python loop that splits the same lines and counts
deck size and Personas with dict look-ups (no positions, no messages, two rules).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardgen.check.deck_rules import DeckValidator
from cardgen.load.decklist import parse_text_deck
from cardgen.load.game import GamePack
from cardgen.project import Project

ROOT = Path(__file__).resolve().parent.parent
DECKS = 10_000
REPEATS = 3
SIZE = 52


def make_decks(pack: GamePack, count: int, seed: int = 7) -> list[str]:
    """Plausible decks from the box: one Persona, then 51 cards drawn from the other copies.

    About half break a rule (too many Signed Characters or Allies of one bonus), so both the
    legal path and the message-writing path are measured.
    """
    rng = random.Random(seed)
    personas = [c.name for c in pack.cards if c.type == "persona"]
    others = [c.name for c in pack.cards if c.type != "persona" for _ in range(c.copies)]
    decks = []
    for _ in range(count):
        picks: dict[str, int] = {rng.choice(personas): 1}
        for name in rng.sample(others, SIZE - 1):
            picks[name] = picks.get(name, 0) + 1
        decks.append("# game: shards\n" + "\n".join(f"{n} {name}" for name, n in picks.items()))
    return decks


def baseline(decks: list[str], types: dict[str, str]) -> int:
    illegal = 0
    for text in decks:
        total = personas = 0
        for line in text.split("\n"):
            if not line or line.startswith("#"):
                continue
            count, _, name = line.partition(" ")
            n = int(count)
            total += n
            if types.get(name.casefold()) == "persona":
                personas += n
        illegal += total > 52 or personas != 1
    return illegal


def best_of(repeats: int, func: Callable[[], int]) -> tuple[float, int]:
    """The fastest of `repeats` runs (the least disturbed by other work) and its result."""
    best = float("inf")
    result = 0
    for _ in range(repeats):
        start = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - start)
    return best, result


def run() -> dict[str, Any]:
    pack = Project(ROOT).game("shards")
    validator = DeckValidator(pack)
    decks = make_decks(pack, DECKS)
    types = {c.name.casefold(): c.type for c in pack.cards}

    def ours() -> int:
        illegal = 0
        for index, text in enumerate(decks):
            report = validator.validate(parse_text_deck(text, f"deck{index}.txt"))
            illegal += not report.legal
        return illegal

    base_seconds, base_illegal = best_of(REPEATS, lambda: baseline(decks, types))
    seconds, illegal = best_of(REPEATS, ours)
    assert illegal >= base_illegal  # cardgen checks more rules than the baseline
    return {
        "name": "validate",
        "what": f"{DECKS:,} text deck lists of {SIZE} cards (Shards), parse + validate,"
        f" 1 core, best of {REPEATS}",
        "seconds": round(seconds, 3),
        "per_deck_us": round(seconds / DECKS * 1e6, 1),
        "baseline_seconds": round(base_seconds, 3),
        "ratio": round(seconds / base_seconds, 1),
        "illegal": illegal,
        "target": "under 2 s",
        "met": seconds < 2.0,
    }
