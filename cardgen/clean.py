"""`cardgen clean [GAME...]`: delete what cardgen wrote under `output/`, and nothing else.

For each game, the files listed in `output/<game>/.cardgen-files.json` (see
`cardgen.manifest`: what builds, `render`, `pnp`, `tts` and `report --format pdf` wrote
there), the game's cache, the list itself, and the folders this leaves empty. The parsed
YAML the games share (`output/.cache/`) goes with everything, or with the last game built.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from cardgen.manifest import MANIFEST, listed, remove_listed
from cardgen.project import Project

CACHE = ".cache"


def clean(project: Project, games: list[str] | None = None) -> list[Path]:
    """Delete what cardgen recorded writing for the games, and their caches; nothing else.
    Returns what was removed."""
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
        removed.extend(remove_listed(out, listed(out)))
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
