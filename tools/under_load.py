"""The whole test suite run several times in a row while every core is kept busy: what a
CI machine shared with other work does to the tests (`make test-under-load`).

One busy loop per core (a process spinning in pure Python, at normal priority) is started
before the first run and ended after the last, whatever happens; each run is the suite as
`make test` runs it (pytest, a worker per core, at most four), with its own temporary folder.
Each run's line (passed, failed, seconds) is printed as it ends, and a summary last. Exit 0
when every run passed, 1 when one failed.

    .venv/bin/python tools/under_load.py             # three runs, a busy loop per core
    .venv/bin/python tools/under_load.py --runs 1 --loops 4 -- tests/oracles
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUMMARY = re.compile(r"^=*\s*(\d+ (?:passed|failed).*?) in ([\d.]+)s", re.MULTILINE)


def spin() -> None:
    """Keep one core busy until ended."""
    n = 0
    while True:
        n = (n * 1103515245 + 12345) & 0x7FFFFFFF


def suite(args: list[str], basetemp: Path) -> tuple[int, str, float]:
    """One run of the suite: its exit code, its closing line and its wall time."""
    start = time.monotonic()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-n",
            "auto",
            "--maxprocesses=4",
            "-p",
            "no:cacheprovider",
            f"--basetemp={basetemp}",
            *args,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    found = SUMMARY.findall(done.stdout)
    line = found[-1][0] if found else (done.stdout.strip().splitlines() or ["no output"])[-1]
    if done.returncode != 0:
        failed = [row for row in done.stdout.splitlines() if row.startswith(("FAILED", "ERROR"))]
        line += "".join(f"\n    {row}" for row in failed)
    return done.returncode, line, time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of the suite (default 3)")
    parser.add_argument(
        "--loops", type=int, default=os.cpu_count() or 2, help="busy loops (default: a core each)"
    )
    parser.add_argument("pytest_args", nargs="*", help="passed on to pytest (after --)")
    options = parser.parse_args()
    loops = [multiprocessing.Process(target=spin, daemon=True) for _ in range(options.loops)]
    for loop in loops:
        loop.start()
    print(f"{options.loops} busy loops started (one per core); {options.runs} runs of the suite")
    results = []
    try:
        for run in range(1, options.runs + 1):
            with tempfile.TemporaryDirectory(prefix="cardgen-under-load-") as temporary:
                code, line, seconds = suite(options.pytest_args, Path(temporary) / "t")
            results.append(code)
            verdict = "passed" if code == 0 else "FAILED"
            print(f"run {run}: {verdict}: {line} ({seconds:.0f} s wall)")
            sys.stdout.flush()
    finally:
        for loop in loops:
            loop.terminate()
            loop.join()
    bad = sum(1 for code in results if code != 0)
    print(f"under load: {len(results) - bad} of {len(results)} runs passed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
