"""`cardgen build`: check, lint, render, PDFs and TTS for each game, incremental.

Each game builds into `output/<game>/`: card images (through the content-hash cache in
`output/<game>/.cache/`, so only changed cards are drawn again), an A4 and a Letter duplex
PDF of the box, board posters, and the Tabletop Simulator saved object. A game whose data
has errors stops there; `keep_going` builds its outputs anyway. Every file cardgen writes
is listed in `output/<game>/.cardgen-files.json`, and `clean` removes exactly those.

A build that changes nothing is skipped whole: after a game is built, its stamp records
the fingerprint of its inputs (the size and modification time of every file in the
project but the outputs and other games' folders, and of cardgen's own code, with the
versions of cardgen, Pillow and ReportLab) and the size and modification time of each
output. When both are as recorded, the next build reports the recorded result without
loading the game. Anything else (a touched file, a deleted or edited output, `--no-cache`)
takes the incremental path, where the content hashes decide what is made again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cardgen
from cardgen.cache import TOOL_VERSION, Cache
from cardgen.errors import CardgenError
from cardgen.project import Project
from cardgen.write import atomic_write, relative_inside, remove_stale_temps

MANIFEST = ".cardgen-files.json"
CACHE = ".cache"
STAMP = "build-stamp.json"
SKIPPED_DIRS = frozenset({"__pycache__", "node_modules"})
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
    notes: list[str] = field(default_factory=list)
    """What loading the game noticed that is no problem (a pool column ignored)."""
    files: list[Path] = field(default_factory=list)
    seconds: float = 0.0
    built: bool = False
    unchanged: bool = False
    """Nothing changed since the last build: its recorded result, nothing loaded or made."""
    steps: dict[str, float] = field(default_factory=dict)
    """Seconds per step of this build, in order: check (loading, checks and lint), render,
    pdf, sheets (TTS sprite sheets made), tts (the rest of the TTS export), gallery."""

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
    started = time.perf_counter()
    if game not in project.game_ids():
        project.game(game)  # an unknown game: the error, with a suggestion
    options = {"keep_going": keep_going}
    inputs = fingerprint(project.root, game, options)
    if use_cache:
        replayed = replay(project.root / "output" / game, inputs)
        if replayed is not None:
            replayed.seconds = time.perf_counter() - started
            return replayed
    from cardgen.load.yaml import parse_cache, prune_parse_cache

    (project.root / "output" / game / CACHE / STAMP).unlink(missing_ok=True)  # until built
    shared = project.root / "output" / CACHE
    remove_stale_temps(shared)  # what a build killed while caching parsed YAML left
    with parse_cache(shared / "yaml"):
        result = _build(project, game, keep_going, use_cache, jobs, progress)
    prune_parse_cache(shared / "yaml")  # the files read last, not every version ever read
    if result.built:
        _stamp(project.root / "output" / game, inputs, result)
    result.seconds = time.perf_counter() - started
    return result


def _build(
    project: Project,
    game: str,
    keep_going: bool,
    use_cache: bool,
    jobs: int | None,
    progress: Progress | None,
) -> GameBuild:
    from cardgen.check.game_checks import check_game
    from cardgen.check.lint import lint_game
    from cardgen.package.gallery import collect_notes, write_gallery
    from cardgen.package.pnp import pnp, pnp_boards
    from cardgen.package.tts import tts
    from cardgen.render.game import render_game

    result = GameBuild(game)
    lap = _Lap(result.steps)
    pack = project.game(game)
    result.cards = len(pack.cards)
    result.notes = [str(note) for note in pack.notes]
    checks = check_game(pack, fit_text=False)  # overflowing text: the renderer warns
    lints = lint_game(pack, project_root=project.root)
    for check in checks:  # a check's warnings (a layout's) are shown, as lint's are
        (result.errors if check.severity == "error" else result.warnings).append(str(check))
    for finding in lints:
        (result.errors if finding.severity == "error" else result.warnings).append(str(finding))
    lap("check")
    if result.errors and not keep_going:
        return result
    out = project.root / "output" / pack.id
    remove_stale_temps(out)  # what a build killed part-way left behind
    cache = Cache(out / CACHE, read=use_cache)  # without the cache: all made again, stored
    advance = progress(f"{game}: cards", len(pack.cards)) if progress else None
    rendered = render_game(project, pack.id, out, jobs=jobs, cache=cache, progress=advance)
    result.drawn, result.reused = rendered.drawn, rendered.reused
    result.warnings.extend(str(w) for w in rendered.warnings)
    result.files.extend(Path(c["file"]) for c in [*rendered.cards, *rendered.backs])
    lap("render")
    for paper in PAPERS:
        printed = pnp(project, pack.id, paper=paper, duplex="long", rendered=rendered, cache=cache)
        result.files.append(printed.path)
    if pack.game.boards:
        for paper in PAPERS:
            for poster in pnp_boards(project, pack.id, paper=paper):
                result.files.append(poster.path)
        result.files.extend(sorted(out.glob("board-*.png")))
    lap("pdf")
    exported = tts(project, pack.id, rendered=rendered, cache=cache, jobs=jobs)
    result.files.extend([exported.json_path, exported.thumbnail, *exported.sheets])
    lap("tts")
    whole = result.steps.pop("tts")
    result.steps["sheets"] = exported.sheet_seconds
    result.steps["tts"] = whole - exported.sheet_seconds
    notes = collect_notes(project, pack, rendered, checks=checks, lints=lints)
    result.files.extend(
        write_gallery(project, pack, rendered, out, files=result.files, notes=notes, cache=cache)
    )
    _record(out, result.files)
    lap("gallery")
    cache.prune()  # what this build no longer needs, beyond a margin of recent entries
    result.built = True
    return result


class _Lap:
    """Records the seconds since the last lap under a step's name."""

    def __init__(self, steps: dict[str, float]) -> None:
        self.steps = steps
        self.last = time.perf_counter()

    def __call__(self, step: str) -> None:
        now = time.perf_counter()
        self.steps[step] = self.steps.get(step, 0.0) + now - self.last
        self.last = now


def _stat_walk(top: Path, skip: Callable[[str, str], bool]) -> list[tuple[str, int, int]]:
    """(path, size, mtime_ns) of every file under `top`, hidden ones and `skip`ped folders
    (given the folder's path relative to `top` and its name) left out."""
    found = []
    for folder, dirs, files in os.walk(top):
        relative = os.path.relpath(folder, top)
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".") and d not in SKIPPED_DIRS and not skip(relative, d)
        )
        for name in sorted(files):
            if name.startswith("."):
                continue
            try:
                info = os.stat(os.path.join(folder, name))
            except OSError:
                continue
            found.append((os.path.join(relative, name), info.st_size, info.st_mtime_ns))
    return found


def fingerprint(root: Path, game: str, options: dict[str, Any]) -> str:
    """What a build of `game` reads, by size and modification time: every file of the
    project except `output/` and the other games' folders under `decks/`, and cardgen's
    code; with the tools' versions and the build options."""
    import reportlab

    def skip(relative: str, name: str) -> bool:
        return (relative == "." and name == "output") or (relative == "decks" and name != game)

    package = Path(cardgen.__file__).parent
    blob = json.dumps(
        [
            TOOL_VERSION,
            reportlab.Version,
            sys.version,
            options,
            _stat_walk(root, skip),
            _stat_walk(package, lambda _r, _n: False),
        ]
    )
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def _outputs(out: Path, files: list[str]) -> list[tuple[str, int, int]] | None:
    found = []
    for relative in files:
        try:
            info = (out / relative).stat()
        except OSError:
            return None
        found.append((relative, info.st_size, info.st_mtime_ns))
    return found


def _stamp(out: Path, inputs: str, result: GameBuild) -> None:
    """Record what the build read and wrote, to skip the next build if nothing changed."""
    outputs = _outputs(out, _inside(out, result.files))
    if outputs is None:
        return
    record = {
        "inputs": inputs,
        "cards": result.cards,
        "errors": result.errors,
        "warnings": result.warnings,
        "notes": result.notes,
        "outputs": outputs,
    }
    atomic_write(out / CACHE / STAMP, json.dumps(record).encode("utf-8"))


def replay(out: Path, inputs: str) -> GameBuild | None:
    """The recorded result of the last build, if its inputs and outputs are as they were."""
    try:
        record = json.loads((out / CACHE / STAMP).read_text(encoding="utf-8"))
        if record["inputs"] != inputs:
            return None
        outputs = [tuple(row) for row in record["outputs"]]
        if _outputs(out, [str(row[0]) for row in outputs]) != outputs:
            return None
        game = out.name
        return GameBuild(
            game,
            cards=int(record["cards"]),
            reused=int(record["cards"]),
            errors=[str(e) for e in record["errors"]],
            warnings=[str(w) for w in record["warnings"]],
            notes=[str(n) for n in record.get("notes", [])],
            files=[out / str(row[0]) for row in outputs],
            built=True,
            unchanged=True,
        )
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None


def summary_table(results: list[GameBuild]) -> str:
    """The summary after a build: a row per game."""
    header = (
        f"{'game':<14} {'cards':>5} {'drawn':>5} {'reused':>6} {'errors':>6} {'warnings':>8}"
        f" {'files':>5} {'time':>7}  status"
    )
    lines = [header, "-" * len(header)]
    for r in results:
        status = (
            "unchanged"
            if r.unchanged and r.ok
            else "built"
            if r.built and r.ok
            else "built with errors"
            if r.built
            else "STOPPED"
        )
        lines.append(
            f"{r.game:<14} {r.cards:>5} {r.drawn:>5} {r.reused:>6} {len(r.errors):>6}"
            f" {len(r.warnings):>8} {len(r.files):>5} {r.seconds:>6.1f}s  {status}"
        )
    return "\n".join(lines)


def _record(out: Path, files: list[Path]) -> None:
    """Add the files to the game's list of what cardgen wrote."""
    listed = set(_listed(out)) | set(_inside(out, files))
    atomic_write(out / MANIFEST, json.dumps({"files": sorted(listed)}, indent=1).encode())


def _inside(out: Path, files: list[Path]) -> list[str]:
    """The files that lie inside `out`, relative to it (POSIX); the others are left out."""
    base = out.resolve()
    return [r for r in (relative_inside(path, base) for path in files) if r is not None]


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
    """Delete what cardgen recorded writing for the games, and their caches; nothing else.
    The parsed YAML the games share goes with everything, or with the last game built."""
    removed: list[Path] = []
    output = (project.root / "output").resolve()
    everything = not games
    found = [p.name for p in output.iterdir() if p.is_dir()] if output.is_dir() else []
    chosen = games or [name for name in found if not name.startswith(".")]
    shared = output / CACHE  # parsed YAML, shared by the games
    if everything and shared.is_dir() and not shared.is_symlink():
        shutil.rmtree(shared)
        removed.append(shared)
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
    if not everything and shared.is_dir() and not shared.is_symlink() and not _any_built(output):
        shutil.rmtree(shared)  # the last game's output is gone: nothing reads it any more
        removed.append(shared)
    return removed


def _any_built(output: Path) -> bool:
    """Whether a game folder under `output/` still holds a build (its list of written files)."""
    return any(p.is_dir() and (p / MANIFEST).is_file() for p in output.iterdir())
