"""`cardgen watch GAME`: rebuild whenever a file of the game changes.

Polls the modification times of the game's folder and layouts (no extra dependency), and
on each change says which files changed and what was rebuilt.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from cardgen.build import build_game
from cardgen.errors import CardgenError, visible
from cardgen.project import Project
from cardgen.verdict import GameBuild, problem_lines

Snapshot = dict[Path, int]


def snapshot(project: Project, game: str) -> Snapshot:
    """Modification time of every file of the game (data, decks, layouts, art)."""
    found: Snapshot = {}
    for folder in (project.root / "decks" / game, project.root / "layouts" / game):
        if folder.is_dir():
            for path in folder.rglob("*"):
                if path.is_file() and not path.name.startswith("."):
                    found[path] = path.stat().st_mtime_ns
    return found


def changes(before: Snapshot, after: Snapshot) -> list[str]:
    """What changed between two snapshots, as `+ path`, `- path`, `~ path`."""
    lines = [f"+ {p}" for p in sorted(after.keys() - before.keys())]
    lines += [f"- {p}" for p in sorted(before.keys() - after.keys())]
    lines += [
        f"~ {p}" for p in sorted(p for p in before.keys() & after.keys() if before[p] != after[p])
    ]
    return lines


def watch(
    project: Project,
    game: str,
    report: Callable[[str], None],
    *,
    interval: float = 0.5,
    max_builds: int | None = None,
) -> int:
    """Build, then rebuild on every change; returns the number of builds made."""
    builds = 0

    def run() -> None:
        nonlocal builds
        builds += 1
        started = time.perf_counter()
        try:
            fresh = Project(project.root)
            result: GameBuild = build_game(fresh, game)
        except CardgenError as exc:
            report(f"error: {visible(exc.format_message())}")
            return
        for line in problem_lines([result]):
            report(visible(line))
        if result.note:
            report(visible(result.note))
        if not result.built:
            return
        report(
            f"rebuilt {game}: {result.drawn} cards drawn, {result.reused} reused,"
            f" {len(result.files)} files, {time.perf_counter() - started:.1f}s"
        )

    before = snapshot(project, game)
    run()
    while max_builds is None or builds < max_builds:
        time.sleep(interval)
        after = snapshot(project, game)
        changed = changes(before, after)
        if changed:
            for line in changed:
                report(line)
            before = after
            run()
    return builds
