"""`cardgen watch GAME`: rebuild whenever a file of the game changes.

Polls the modification times of the game's folder and layouts (no extra dependency), and
on each change says which files changed and what was rebuilt.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from cardgen.build import Rendered, build_game
from cardgen.errors import CardgenError, visible
from cardgen.project import Project
from cardgen.verdict import GameBuild, problem_lines

Snapshot = dict[Path, int]


def game_folders(project: Project, game: str) -> tuple[Path, Path]:
    """The folders of the game's files: `decks/<game>/` and `layouts/<game>/`."""
    return project.root / "decks" / game, project.root / "layouts" / game


def snapshot(project: Project, game: str) -> Snapshot:
    """Modification time of every file of the game (data, decks, layouts, art)."""
    found: Snapshot = {}
    for folder in game_folders(project, game):
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


def build_and_report(
    project: Project,
    game: str,
    report: Callable[[str], None],
    *,
    jobs: int | None = None,
    on_rendered: Rendered | None = None,
) -> GameBuild | CardgenError:
    """Build the game with its files read afresh (on `jobs` processes; `on_rendered` as
    `build_game` takes it) and report what it found and did, one line each; the build's
    result, or the error that stopped it."""
    started = time.perf_counter()
    try:
        result = build_game(Project(project.root), game, jobs=jobs, on_rendered=on_rendered)
    except CardgenError as exc:
        report(f"error: {visible(exc.format_message())}")
        return exc
    for line in problem_lines([result]):
        report(visible(line))
    if result.note:
        report(visible(result.note))
    if result.built:
        report(
            f"rebuilt {game}: {result.drawn} card{'' if result.drawn == 1 else 's'} drawn,"
            f" {result.reused} reused,"
            f" {len(result.files)} files, {time.perf_counter() - started:.1f}s"
        )
    return result


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
        build_and_report(project, game, report)

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
