"""The build stamp: what a build of a game read and wrote, so that a build that would change
nothing is skipped whole.

After a game is built, `output/<game>/.cache/build-stamp.json` records the fingerprint of
its inputs (the size and modification time of every file in the project but the outputs
and other games' folders, and of cardgen's own code, with the versions of cardgen, Pillow
and ReportLab, and the build's options) and the size and modification time of each output,
with the build's result. When both are as recorded, the next build reports that result
without loading the game.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cardgen
from cardgen.cache import TOOL_VERSION
from cardgen.manifest import CACHE, inside
from cardgen.warm import ordinary, walked
from cardgen.write import atomic_write

STAMP = "build-stamp.json"


def path(out: Path) -> Path:
    """Where the stamp of the game built into `out` lives."""
    return out / CACHE / STAMP


def _stat_walk(top: Path, keep: Callable[[str, str], bool]) -> list[tuple[str, int, int]]:
    """(path, size, mtime_ns) of every file under `top` but hidden ones, in the folders
    `keep` takes (given the folder's path relative to `top`, "" for `top`, and its name)."""
    found = []
    for folder, dirs, files in os.walk(top):
        relative = os.path.relpath(folder, top)
        inside = "" if relative == "." else relative.replace(os.sep, "/")
        dirs[:] = sorted(d for d in dirs if keep(inside, d))
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

    package = Path(cardgen.__file__).parent
    blob = json.dumps(
        [
            TOOL_VERSION,
            reportlab.Version,
            sys.version,
            options,
            _stat_walk(root, lambda relative, name: walked(relative, name, game)),
            _stat_walk(package, lambda _relative, name: ordinary(name)),
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


def save(out: Path, inputs: str, result: dict[str, Any], files: list[Path]) -> None:
    """Record the inputs, the build's `result` (JSON-able) and its output `files` as they
    are now on disk."""
    outputs = _outputs(out, inside(out, files))
    if outputs is None:
        return
    record = {"inputs": inputs, "result": result, "outputs": outputs}
    atomic_write(path(out), json.dumps(record).encode("utf-8"))


def recorded(out: Path, inputs: str) -> tuple[dict[str, Any], list[Path]] | None:
    """The result and output files of the last build, if its inputs and outputs are as
    they were; None otherwise (or for a stamp that cannot be read)."""
    try:
        record = json.loads(path(out).read_text(encoding="utf-8"))
        if record["inputs"] != inputs or not isinstance(record["result"], dict):
            return None
        outputs = [tuple(row) for row in record["outputs"]]
        if _outputs(out, [str(row[0]) for row in outputs]) != outputs:
            return None
        return record["result"], [out / str(row[0]) for row in outputs]
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None
