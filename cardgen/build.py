"""`cardgen build`: check, lint, render, PDFs and TTS for each game, incremental.

Each game builds into `output/<game>/`: card images (through the content-hash cache in
`output/<game>/.cache/`, so only changed cards are drawn again), an A4 and a Letter duplex
PDF of the box, board posters, and the Tabletop Simulator saved object. A game whose data
has errors stops there; `keep_going` builds its outputs anyway. Every file cardgen writes
is listed in `output/<game>/.cardgen-files.json`, and `clean` removes exactly those.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.cache import Cache
from cardgen.errors import CardgenError
from cardgen.project import Project
from cardgen.write import atomic_write, remove_stale_temps

MANIFEST = ".cardgen-files.json"
CACHE = ".cache"
PAPERS = ("a4", "letter")

Progress = Callable[[str, int], Callable[[int], None]]
"""Makes a progress callback for a step: (label, total) -> advance(n)."""


@dataclass
class GameBuild:
    """What building one game did."""

    game: str
    cards: int = 0
    drawn: int = 0
    reused: int = 0
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    seconds: float = 0.0
    built: bool = False

    @property
    def ok(self) -> bool:
        return not self.errors


def build_game(
    project: Project,
    game: str,
    *,
    keep_going: bool = False,
    use_cache: bool = True,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> GameBuild:
    """Build one game; errors in its data are recorded, not raised (bad input still raises)."""
    from cardgen.check.game_checks import check_game
    from cardgen.check.lint import lint_game
    from cardgen.package.gallery import collect_notes, write_gallery
    from cardgen.package.pnp import pnp, pnp_boards
    from cardgen.package.tts import tts
    from cardgen.render.game import render_game

    started = time.perf_counter()
    result = GameBuild(game)
    pack = project.game(game)
    result.cards = len(pack.cards)
    checks = check_game(pack)
    lints = lint_game(pack, project_root=project.root)
    result.errors.extend(str(f) for f in checks if f.severity == "error")
    for finding in lints:
        (result.errors if finding.severity == "error" else result.warnings).append(str(finding))
    if result.errors and not keep_going:
        result.seconds = time.perf_counter() - started
        return result
    out = project.root / "output" / pack.id
    remove_stale_temps(out)  # what a build killed part-way left behind
    cache = Cache(out / CACHE, read=use_cache)  # without the cache: all made again, stored
    advance = progress(f"{game}: cards", len(pack.cards)) if progress else None
    rendered = render_game(project, pack.id, out, jobs=jobs, cache=cache, progress=advance)
    result.drawn, result.reused = rendered.drawn, rendered.reused
    result.warnings.extend(str(w) for w in rendered.warnings)
    result.files.extend(Path(c["file"]) for c in [*rendered.cards, *rendered.backs])
    for paper in PAPERS:
        printed = pnp(project, pack.id, paper=paper, duplex="long", rendered=rendered, cache=cache)
        result.files.append(printed.path)
    if pack.game.boards:
        for paper in PAPERS:
            for poster in pnp_boards(project, pack.id, paper=paper):
                result.files.append(poster.path)
        result.files.extend(sorted(out.glob("board-*.png")))
    exported = tts(project, pack.id, rendered=rendered, cache=cache)
    result.files.extend([exported.json_path, exported.thumbnail, *exported.sheets])
    notes = collect_notes(project, pack, rendered, checks=checks, lints=lints)
    result.files.extend(
        write_gallery(project, pack, rendered, out, files=result.files, notes=notes)
    )
    _record(out, result.files)
    result.built = True
    result.seconds = time.perf_counter() - started
    return result


def _record(out: Path, files: list[Path]) -> None:
    """Add the files to the game's list of what cardgen wrote."""
    listed = set(_listed(out))
    for path in files:
        try:
            listed.add(path.resolve().relative_to(out.resolve()).as_posix())
        except ValueError:
            continue
    atomic_write(out / MANIFEST, json.dumps({"files": sorted(listed)}, indent=1).encode())


def _listed(out: Path) -> list[str]:
    try:
        data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        return [str(p) for p in data.get("files", [])]
    except (OSError, ValueError):
        return []


def build(
    project: Project,
    games: list[str] | None = None,
    *,
    keep_going: bool = False,
    use_cache: bool = True,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> list[GameBuild]:
    """Build the games (default: every game); stops after a game with errors unless
    `keep_going`."""
    chosen = games or project.game_ids()
    if not chosen:
        raise CardgenError("no games to build: add decks/<game>/game.yaml (or `cardgen new`)")
    results = []
    for game in chosen:
        result = build_game(
            project, game, keep_going=keep_going, use_cache=use_cache, jobs=jobs, progress=progress
        )
        results.append(result)
        if result.errors and not keep_going:
            break
    return results


def clean(project: Project, games: list[str] | None = None) -> list[Path]:
    """Delete what cardgen recorded writing for the games, and their caches; nothing else."""
    removed: list[Path] = []
    output = (project.root / "output").resolve()
    chosen = games or ([p.name for p in output.iterdir() if p.is_dir()] if output.is_dir() else [])
    for game in chosen:
        out = (output / game).resolve()
        if not out.is_relative_to(output) or not out.is_dir():
            continue
        for relative in _listed(out):
            path = (out / relative).resolve()
            if path.is_relative_to(out) and path.is_file():
                path.unlink()
                removed.append(path)
        if (out / CACHE).is_dir() and not (out / CACHE).is_symlink():
            shutil.rmtree(out / CACHE)
            removed.append(out / CACHE)
        if (out / MANIFEST).is_file():
            (out / MANIFEST).unlink()
        for folder in sorted(
            (p for p in out.rglob("*") if p.is_dir() and not p.is_symlink()), reverse=True
        ):
            if not any(folder.iterdir()):
                folder.rmdir()
        if not any(out.iterdir()):
            out.rmdir()
    return removed
