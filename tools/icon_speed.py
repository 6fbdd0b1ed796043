"""Render time per card, a revision before (default `SKETCHES`) against the working tree.

For each game, every card is drawn once by `GameRenderer` in a fresh Python (so every icon's
first draw is counted: the Python sketch before, resvg now) on one core; the figure is CPU
time per card, the best of interleaved runs of both sides.

    .venv/bin/python tools/icon_speed.py            # shards and blublers, 5 runs each
    .venv/bin/python tools/icon_speed.py splatoon --runs 3
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from revision import ROOT, arguments, extracted, run_old


def time_game(game: str) -> None:
    """Print the CPU seconds per card of drawing every card of `game` once."""
    from cardgen.render.renderer import GameRenderer

    renderer = GameRenderer.open(ROOT, game)
    cards = list(renderer.pack.cards)
    start = time.process_time()
    for card in cards:
        renderer.card(card)
    print((time.process_time() - start) / len(cards))


def main() -> int:
    """Time both sides and print a line per game."""
    parser = arguments(__doc__, "--time")
    parser.add_argument("games", nargs="*", default=["shards", "blublers"])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if args.time:
        time_game(args.time)
        return 0
    script = Path(__file__)
    with extracted(args.before) as tree:
        for game in args.games:
            before = after = float("inf")
            for _ in range(args.runs):
                old = run_old(tree, script, ["--time", game])
                new = subprocess.run(
                    [sys.executable, str(script), "--time", game],
                    capture_output=True,
                    check=True,
                ).stdout
                before, after = min(before, float(old)), min(after, float(new))
            change = (after / before - 1) * 100
            print(
                f"{game}: {before * 1000:.1f} ms a card before, {after * 1000:.1f} ms now"
                f" ({change:+.1f} %), best of {args.runs}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
