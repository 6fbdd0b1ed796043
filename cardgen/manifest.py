"""What cardgen wrote under `output/<game>/`: the list in `.cardgen-files.json`.

The list has two parts. `files` is every file a command wrote there (a build, and `render`,
`pnp`, `tts` and `report --format pdf` writing to their default places): `cardgen clean`
removes exactly those. `build` is what the last build of the game made: the next build
removes what it made before and no longer makes (a deleted or renamed card's image, the
sheet of a deleted type), and every listed card image or back no card has any more
(`cards/`, `backs/` hold one image per card of the pool, whichever command drew it). A file
on neither list (a designer's own file in `output/`) is never removed, and a listed path
that leads out of the folder (`../x`, through a symlinked folder) is ignored.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from cardgen.write import atomic_write, holds, relative_inside

MANIFEST = ".cardgen-files.json"
PER_CARD = ("cards/", "backs/")
"""Folders of one image per card (or back) of the pool: a listed image no card has is stale."""


def _read(out: Path) -> tuple[list[str], list[str] | None]:
    """The recorded files, and the last build's (None in a list written before there was
    one: every file in it came from a build)."""
    try:
        data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return [], None
    if not isinstance(data, dict):
        return [], None

    def strings(key: str) -> list[str] | None:
        value = data.get(key)
        return [str(p) for p in value] if isinstance(value, list) else None

    return strings("files") or [], strings("build")


def _write(out: Path, files: Iterable[str], built: Iterable[str]) -> None:
    record = {"files": sorted(set(files)), "build": sorted(set(built))}
    data = json.dumps(record, indent=1).encode("utf-8")
    if not holds(out / MANIFEST, data):  # the same list is left as it is
        atomic_write(out / MANIFEST, data)


def inside(out: Path, files: Iterable[Path]) -> list[str]:
    """The files that lie inside `out`, relative to it (POSIX); the others are left out."""
    base = out.resolve()
    return [r for r in (relative_inside(path, base) for path in files) if r is not None]


def listed(out: Path) -> list[str]:
    """Every file recorded as written under `out`, relative to it."""
    files, built = _read(out)
    return sorted(set(files) | set(built or []))


def record(out: Path, files: Iterable[Path]) -> None:
    """Add the files that lie inside `out` to its list (nothing is written for none)."""
    new = inside(out, files)
    if not new:
        return
    known, built = _read(out)
    if not set(new) <= set(known):
        _write(out, [*known, *new], built if built is not None else known)


def record_build(out: Path, files: Iterable[Path]) -> list[Path]:
    """Record what a build of the game made, and remove what it made before and no longer
    makes (see the module's docstring). Returns the files removed."""
    current = set(inside(out, files))
    known, built = _read(out)
    before = set(known if built is None else built)
    before |= {r for r in known if r.startswith(PER_CARD)}
    stale = before - current
    removed = remove_listed(out, sorted(stale))
    _write(out, (set(known) - stale) | current, current)
    return removed


def remove_listed(out: Path, relatives: Iterable[str]) -> list[Path]:
    """Delete the listed files inside `out` (a symlink itself, never what it points to),
    and the folders under `out` that this leaves empty. Returns the files removed."""
    base = out.resolve()
    removed: list[Path] = []
    for relative in relatives:
        candidate = base / relative
        if candidate.name in ("", ".", ".."):
            continue
        try:
            folder = candidate.parent.resolve()
        except OSError:
            continue
        path = folder / candidate.name
        if not folder.is_relative_to(base) or not (path.is_symlink() or path.is_file()):
            continue
        path.unlink(missing_ok=True)
        removed.append(path)
        while folder != base and folder.is_relative_to(base):
            try:
                folder.rmdir()  # only an empty one
            except OSError:
                break
            folder = folder.parent
    return removed
