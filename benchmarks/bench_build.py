"""`cardgen build` on synthetic games of 100, 500 and 2,000 cards.

For each size, in subprocesses (so that peak memory is measured per build): a cold build,
a warm build with nothing changed, and a rebuild after editing one card; beside them, the
plain-Pillow baseline drawing and saving the same number of cards, per card, in the same
run. Targets: warm <= 5 % of cold; one edited card of 500 rebuilt in under a second plus
its sheet and pages (the edit build's own step times, `--format json`, tell the sheet and the
PDFs from the rest); cold per card within 1.5x of the baseline on one core; memory flat.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.plain_pillow import render_plain
from benchmarks.synthetic import make_game
from cardgen.project import Project

SIZES = tuple(int(n) for n in os.environ.get("CARDGEN_BENCH_SIZES", "100,500,2000").split(","))
CARDGEN = str(Path(sys.executable).with_name("cardgen"))


def _timed(args: list[str], report: Path | None = None) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (the command and the workers it waited for) and peak
    resident memory (MB, the largest of those processes) of one command; its standard
    output goes to `report` when given."""
    start = time.perf_counter()
    with open(report or os.devnull, "wb") as stdout:
        process = subprocess.Popen(args, stdout=stdout, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(args)} failed")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def measure(n: int, scratch: Path) -> dict[str, Any]:
    root = make_game(scratch / f"p{n}", n)
    command = [CARDGEN, "build", "synth", "--project", str(root)]
    cold, cold_cpu, cold_mb = _timed(command)
    warm, _, warm_mb = _timed(command)
    cards = root / "decks" / "synth" / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    first = text.splitlines()[1]
    cards.write_text(text.replace(first, first.replace(".", "!", 1), 1), encoding="utf-8")
    edit, _, _ = _timed([*command, "--format", "json"], scratch / "edit.json")
    steps = json.loads((scratch / "edit.json").read_text(encoding="utf-8"))["games"][0]["steps"]
    sheet_and_pages = steps["sheets"] + steps["pdf"]  # the edited card's sheet, both PDFs
    # cold again, on one core: from nothing, as the first build was (rewriting the files of a
    # build already there would time the disk freeing their blocks, not the build)
    _timed([CARDGEN, "clean", "synth", "--project", str(root)])
    one_core, one_core_cpu, one_core_mb = _timed([*command, "--jobs", "1"])
    pack = Project(root).game("synth")
    plain = [(c.name, pack.game.types[c.type].label, c.text) for c in pack.cards]
    start, cpu = time.perf_counter(), time.process_time()
    render_plain(plain, scratch / f"plain{n}")
    base, base_cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "cards": n,
        "cold_s": round(cold, 2),
        "cold_ms_per_card": round(cold / n * 1000, 1),
        "one_core_s": round(one_core, 3),
        "one_core_ms_per_card": round(one_core / n * 1000, 1),
        "cpu_ms_per_card": round(cold_cpu / n * 1000, 1),
        "one_core_cpu_ms_per_card": round(one_core_cpu / n * 1000, 1),
        "baseline_cpu_ms_per_card": round(base_cpu / n * 1000, 1),
        "warm_s": round(warm, 2),
        "warm_percent_of_cold": round(warm / cold * 100, 1),
        "edit_one_s": round(edit, 2),
        "edit_sheet_and_pages_s": round(sheet_and_pages, 2),
        "edit_rest_s": round(edit - sheet_and_pages, 2),
        "baseline_ms_per_card": round(base / n * 1000, 1),
        "cold_vs_baseline": round(cold / base, 2),
        "one_core_vs_baseline": round(one_core / base, 2),
        "speedup_all_cores": round(one_core / cold, 2),
        "peak_mb": round(max(cold_mb, one_core_mb), 1),
        "warm_peak_mb": round(warm_mb, 1),
    }


def run() -> dict[str, Any]:
    scratch = Path(tempfile.mkdtemp(prefix="cardgen-bench-build-"))
    try:
        rows = [measure(n, scratch) for n in SIZES]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for row in rows:
        print(
            f"  build {row['cards']:>5} cards: cold {row['cold_s']}s"
            f" ({row['cold_ms_per_card']} ms/card, 1 core {row['one_core_ms_per_card']} ms,"
            f" baseline {row['baseline_ms_per_card']} ms; {row['cold_vs_baseline']}x the"
            f" baseline, 1 core {row['one_core_vs_baseline']}x, all cores"
            f" {row['speedup_all_cores']}x faster than 1; CPU a card: cold"
            f" {row['cpu_ms_per_card']} ms, 1 core {row['one_core_cpu_ms_per_card']} ms,"
            f" baseline {row['baseline_cpu_ms_per_card']} ms), warm {row['warm_s']}s"
            f" ({row['warm_percent_of_cold']} %), one card edited {row['edit_one_s']}s"
            f" ({row['edit_sheet_and_pages_s']}s its sheet and the PDFs, {row['edit_rest_s']}s"
            " the rest),"
            f" peak {row['peak_mb']} MB"
        )
    biggest = rows[-1]
    extra: dict[str, Any] = {}
    if len(rows) > 1:  # what one more card costs, without the fixed costs of a build
        small, large = rows[-2], rows[-1]
        marginal = (large["one_core_s"] - small["one_core_s"]) / (large["cards"] - small["cards"])
        base = large["baseline_ms_per_card"]
        extra = {
            "one_core_marginal_ms_per_card": round(marginal * 1000, 1),
            "one_core_marginal_vs_baseline": round(marginal * 1000 / base, 2),
        }
        print(
            f"  build, one core, each card beyond {small['cards']}:"
            f" {extra['one_core_marginal_ms_per_card']} ms"
            f" ({extra['one_core_marginal_vs_baseline']}x the baseline's"
            f" {base} ms; the rest is the build's fixed cost)"
        )
    return {
        "name": "build",
        "what": "cardgen build of synthetic games (render + 2 PDFs + TTS), see rows",
        "seconds": biggest["cold_s"],
        "baseline_seconds": round(biggest["baseline_ms_per_card"] * biggest["cards"] / 1000, 2),
        "ratio": round(biggest["warm_percent_of_cold"] / 100, 3),
        "target": "warm <= 5 % of cold (the other targets: see rows)",
        "met": all(r["warm_percent_of_cold"] <= 5 for r in rows),
        "rows": rows,
        **extra,
    }
