"""Print how the claims lint (TX602) does on generated games and texts, per kind of statement:
the development sample it was tuned on and the evaluation sample it is only measured on
(tests/check/claims_measure.py; docs/lint.md quotes the output).

    .venv/bin/python tools/claims_report.py            # both samples
    .venv/bin/python tools/claims_report.py --missed   # and the statements missed or flagged
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    """Measure both samples and print their tables. (The measuring module is imported by
    name: it belongs to the test suite, which mypy checks under its own settings.)"""
    claims = importlib.import_module("tests.check.claims_measure")
    for name, seeds, evaluation in (
        ("development", claims.DEV_SEEDS, False),
        ("evaluation", claims.EVAL_SEEDS, True),
    ):
        tally = claims.measure(seeds, evaluation)
        print(claims.report(f"{name} (seeds {seeds.start}-{seeds.stop - 1})", tally))
        if "--missed" in sys.argv:
            print("\n".join(f"  missed: {text}" for text in tally.missed))
            print("\n".join(f"  false alarm: {text}" for text in tally.false))


if __name__ == "__main__":
    main()
