"""Run every benchmark (`make bench`): a table on stderr-free stdout, then one JSON line.

`run.py NAME...` runs only the benchmarks named (`gallery` is `bench_gallery.py`), e.g.
`.venv/bin/python benchmarks/run.py gallery`; `run.py --help` lists them.

Each `bench_*.py` module has `run() -> dict` returning at least `name`, `what`, `seconds`,
`baseline_seconds`, `ratio`, `target` and `met`. Baselines run in the same process and
the same run, so the ratio compares like with like on this machine.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def main() -> int:
    names = [path.stem.removeprefix("bench_") for path in sorted(HERE.glob("bench_*.py"))]
    chosen = sys.argv[1:]
    options = [name for name in chosen if name.startswith("-")]
    if options:
        print("usage: run.py [NAME...]; the benchmarks: " + " ".join(names))
        return 0 if set(options) <= {"--help", "-h", "--list"} else 2
    unknown = [name for name in chosen if name not in names]
    if unknown:
        print(f"no benchmark named {', '.join(unknown)}; the benchmarks: {' '.join(names)}")
        return 2
    results = []
    for name in chosen or names:
        path = HERE / f"bench_{name}.py"
        module = importlib.import_module(f"benchmarks.{path.stem}")
        result = module.run()
        results.append(result)
    print(f"{'benchmark':<12} {'seconds':>8} {'baseline':>9} {'ratio':>6}  target        met  what")
    for r in results:
        if "skipped" in r:  # what this machine lacks to run it
            print(f"{r['name']:<12} skipped: {r['skipped']}")
            continue
        print(
            f"{r['name']:<12} {r['seconds']:>8.3f} {r['baseline_seconds']:>9.3f} {r['ratio']:>6}"
            f"  {r['target']:<12}  {'yes' if r['met'] else 'NO':<3}  {r['what']}"
        )
    print(json.dumps({"benchmarks": results}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
