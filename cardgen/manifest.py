"""What cardgen wrote under `output/<game>/`: the list in `.cardgen-files.json`.

The list has three parts. `files` is every file a command wrote there (a build, and
`render`, `pnp`, `tts` and `report --format pdf` writing to their default places): `cardgen
clean` removes exactly those. `build` is what the last build of the game made: the next
build removes what it made before and no longer makes (a deleted or renamed card's image,
the sheet of a deleted type), and every listed card image or back no card has any more
(`cards/`, `backs/` hold one image per card of the pool, whichever command drew it).
`folders` is the folders cardgen created or wrote its files into there (`.` for the game's
folder itself): only those are ever removed, and only when empty. A file on neither list (a
designer's own file in `output/`) is never removed, and a listed path that leads out of the
folder (`../x`, through a symlinked folder) is ignored.

A list that is not what cardgen writes (not an object of lists of paths: a `[...]`, a
`{"files": 5}`, a NUL in a path, a name longer than a file name can be, nested past reason)
is damaged: nothing in it is believed (see `cardgen.clean` for what is removed then), and
the next command that records a file writes a whole one again. A path that leads out of
the folder (`../x`, `/x`) is left out of the list. A list without `folders` (written before
there was one) counts the folders that hold its files as cardgen's.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from cardgen.write import atomic_write, holds, made_folders, relative_inside

MANIFEST = ".cardgen-files.json"
CACHE = ".cache"
"""The game's cache folder: cardgen's by name, never listed."""
MAX_MANIFEST_BYTES = 50_000_000
"""A list bigger than this is damaged (100,000 files take some 5 MB)."""
PER_CARD = ("cards/", "backs/")
"""Folders of one image per card (or back) of the pool: a listed image no card has is stale."""


@dataclass(frozen=True, slots=True)
class Listing:
    """The list as read: `built` is None in a list written before there was one (every
    file in it came from a build); `whole` is False for a damaged list (nothing in it)."""

    files: list[str]
    built: list[str] | None
    folders: list[str]
    whole: bool = True


def well_formed(text: object) -> bool:
    """A path any system could have written: text without NUL or lone surrogates, at most
    4,096 characters, each part a possible file name (255 bytes)."""
    if not isinstance(text, str) or not 0 < len(text) <= 4096 or "\0" in text:
        return False
    try:
        return all(len(part.encode("utf-8")) <= 255 for part in text.split("/"))
    except UnicodeEncodeError:
        return False


def relative_path(text: str) -> bool:
    """A path as cardgen records one: relative, POSIX, no `.`, `..` or empty part."""
    if text.startswith("/") or (len(text) > 1 and text[1] == ":"):  # a drive: C:x
        return False
    return all(part not in ("", ".", "..") for part in text.split("/"))


def read(out: Path) -> Listing:
    """The list of the game folder `out` (empty when there is none). A path leading out of
    the folder (`../x`, `/x`) is left out of it; anything else not as cardgen writes it
    makes the list damaged."""
    damaged = Listing([], None, [], whole=False)
    path = out / MANIFEST
    try:
        if path.stat().st_size > MAX_MANIFEST_BYTES:
            return damaged
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        return Listing([], None, [])
    except (OSError, ValueError, RecursionError):
        return damaged
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        return damaged
    parts: list[Any] = [data["files"], data.get("build"), data.get("folders")]
    if not all(p is None or (isinstance(p, list) and all(map(well_formed, p))) for p in parts):
        return damaged
    files, built, folders = ([t for t in p if relative_path(t)] if p else p for p in parts)
    if folders is None:  # an older list: the folders that hold its files were cardgen's
        held = {str(p) for f in [*files, *(built or [])] for p in PurePosixPath(f).parents}
        folders = sorted(held | {"."})
    elif "." in parts[2]:
        folders.append(".")
    return Listing(files, built, folders)


def _write(out: Path, files: Iterable[str], built: Iterable[str], folders: Iterable[str]) -> None:
    """Write the list: `folders` are those cardgen made (less its cache, which `clean` knows
    by name) and every folder that holds a listed file, such as are there."""
    listed = set(files)
    held = {str(p) for f in listed for p in PurePosixPath(f).parents} | {
        f for f in folders if f.split("/")[0] != CACHE
    }
    record = {
        "files": sorted(listed),
        "build": sorted(set(built)),
        "folders": sorted(f for f in held if (out / f).is_dir()),
    }
    data = json.dumps(record, indent=1).encode("utf-8")
    if not holds(out / MANIFEST, data):  # the same list is left as it is
        atomic_write(out / MANIFEST, data)


def inside(out: Path, files: Iterable[Path]) -> list[str]:
    """The files that lie inside `out`, relative to it (POSIX); the others are left out."""
    base = out.resolve()
    return [r for r in (relative_inside(path, base) for path in files) if r is not None]


def listed(out: Path) -> list[str]:
    """Every file recorded as written under `out`, relative to it."""
    found = read(out)
    return sorted(set(found.files) | set(found.built or []))


def record(out: Path, files: Iterable[Path]) -> None:
    """Add the files that lie inside `out` to its list, with the folders this process made
    there (nothing is written for no file)."""
    new = inside(out, files)
    if not new:
        return
    found = read(out)
    made = made_folders(out.resolve())
    if not set(new) <= set(found.files) or not set(made) <= set(found.folders):
        built = found.built if found.built is not None else found.files
        _write(out, [*found.files, *new], built, [*found.folders, *made])


def forget(out: Path, relatives: Iterable[str]) -> None:
    """Take files (relative to `out`) that were removed off its list."""
    gone = set(relatives)
    found = read(out)
    if found.whole and gone & (set(found.files) | set(found.built or [])):
        built = found.built if found.built is not None else found.files
        _write(out, set(found.files) - gone, set(built) - gone, found.folders)


def record_for_game(project_root: Path, game: str, files: Iterable[Path]) -> None:
    """`record` the files that lie in the game's output folder, when that folder is one
    outputs may go to at all (`cardgen.outputs`; else none was written there)."""
    from cardgen.errors import CardgenError
    from cardgen.outputs import game_folder

    try:
        out = game_folder(project_root, game)
    except CardgenError:
        return
    record(out, files)


def record_build(out: Path, files: Iterable[Path]) -> list[Path]:
    """Record what a build of the game made, and remove what it made before and no longer
    makes (see the module's docstring). Returns the files removed."""
    current = set(inside(out, files))
    found = read(out)
    before = set(found.files if found.built is None else found.built)
    before |= {r for r in found.files if r.startswith(PER_CARD)}
    stale = before - current
    removed = remove_listed(out, sorted(stale), found.folders)
    folders = [*found.folders, *made_folders(out.resolve())]
    _write(out, (set(found.files) - stale) | current, current, folders)
    return removed


def remove_listed(out: Path, relatives: Iterable[str], folders: Iterable[str] = ()) -> list[Path]:
    """Delete the listed files inside `out` (a symlink itself, never what it points to),
    and the `folders` (cardgen's, relative to `out`) that this leaves empty. Returns the
    files removed."""
    base = out.resolve()
    ours = {base / f for f in folders if f != "."}
    removed: list[Path] = []
    for relative in relatives:
        candidate = base / relative
        if candidate.name in ("", ".", ".."):
            continue
        try:
            folder = candidate.parent.resolve()
            path = folder / candidate.name
            if not folder.is_relative_to(base) or not (path.is_symlink() or path.is_file()):
                continue
            path.unlink(missing_ok=True)
        except (OSError, ValueError):
            continue
        removed.append(path)
        while folder in ours:
            try:
                folder.rmdir()  # only an empty one
            except OSError:
                break
            folder = folder.parent
    return removed


def remove_folders(out: Path, folders: Iterable[str]) -> None:
    """Remove cardgen's `folders` under `out` (relative to it, not `.`) that are empty,
    the deepest first."""
    base = out.resolve()
    for relative in sorted((f for f in folders if f != "."), key=len, reverse=True):
        folder = (base / relative).resolve()
        if folder != base and folder.is_relative_to(base) and not (base / relative).is_symlink():
            try:
                folder.rmdir()
            except OSError:
                continue
