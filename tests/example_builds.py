"""The five example games built once per test run, their caches shared by every test that
reads them.

Drawing every card of the example games at 300 dpi takes most of a minute on two cores, and
a dozen tests (the docs' commands, the TTS oracles and tables, the print shop files) each
drew them again into an output folder of their own. Now the first test that asks builds
them all once (`cardgen build`, as `make demo` does, in a copy of `decks/` and `layouts/`)
in a folder every pytest worker of the run shares, under a lock: the others wait for it and
then use it. A test then fills the cache of its own output folder with hard links to those
entries (`seed`), and its own `cardgen` command finds every card already drawn: what it
writes is written as before (cards, sheets, PDFs, saves), only the drawing is skipped.

The entries are shared, never written: cardgen replaces a file by renaming a new one onto
its name (`cardgen.write`), which leaves the other names of the old file as they were. So
a seeded folder is copy-on-write, as long as only cardgen writes in it: a test that damages
a cache entry on purpose must draw its own. A test that counts what a build drew, or that
tests the cache itself, does not seed.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from tests import forked

GAMES = ("shards", "splatterkins", "splatoon", "blublers", "yokai-sketch")
ROOT = Path(__file__).resolve().parent.parent
_home: list[Path] = []
_NOT_SHARED = ("cardgen.lock", "*.stamp", "build-stamp.json", "outputs.json")
"""What a build keeps of its own output folder (its lock, the files it wrote and when): not
entries, and not another folder's."""


def set_home(basetemp: Path) -> None:
    """Where this run keeps the shared build: beside every worker's own temporary folder
    (pytest-xdist gives each worker `RUN/popen-gwN`; `RUN` is the run's)."""
    shared = basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp
    _home[:] = [shared / "example-builds"]


def built() -> Path:
    """The project whose `output/` holds the five example games built (built now if no
    worker of this run has yet; waits while another builds)."""
    assert _home, "tests.example_builds.set_home was not called (tests/conftest.py does)"
    home = _home[0]
    home.mkdir(parents=True, exist_ok=True)
    project = home / "project"
    with (home / "lock").open("w") as lock:
        _lock(lock.fileno())
        if not (home / "done").exists():
            shutil.rmtree(project, ignore_errors=True)
            for folder in ("decks", "layouts"):
                shutil.copytree(ROOT / folder, project / folder)
            done = forked.run(  # a process of its own, forked with cardgen imported
                "import sys; from cardgen.cli import run; run(sys.argv[1:])",
                ["build", *GAMES, "--project", project],
                cwd=project,
                timeout=900,
            )
            assert done.returncode == 0, done.stdout + done.stderr
            (home / "done").write_text("built\n")
    return project


def _lock(fd: int) -> None:
    """Hold the lock of the shared build (held until the file closes)."""
    if sys.platform == "win32":  # pragma: no cover - the suite runs on POSIX
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX)


def seed(out: Path, *games: str) -> None:
    """Fill the cache of output folder `out` (as `cardgen ... --out OUT` uses it) with hard
    links to the built cache entries of `games` (all five when none is named)."""
    for game in games or GAMES:
        source = built() / "output" / game / ".cache"
        shutil.copytree(
            source,
            out / ".cache",
            copy_function=os.link,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns(*_NOT_SHARED),
        )


def seed_project(project: Path, *games: str) -> None:
    """Fill the caches of `project/output/` for `games` (all five when none is named), as a
    build or an export without `--out` uses them, and the shared parsed YAML."""
    for game in games or GAMES:
        seed(project / "output" / game, game)
