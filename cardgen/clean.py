"""`cardgen clean [GAME...]`: delete what cardgen wrote under `output/`, and nothing else.

For each game, the files listed in `output/<game>/.cardgen-files.json` (see
`cardgen.manifest`: what builds, `render`, `pnp`, `tts` and `report --format pdf` wrote
there), what cardgen keeps in the game's cache, the list itself, and the folders cardgen
created there that this leaves empty. The parsed YAML the games share (`output/.cache/`)
goes with everything, or with the last game built. Each game's folder is cleaned under its
lock (`cardgen.lock`): a build in progress there is waited for.

A damaged list is not believed: the files removed are then those cardgen's own records in
the cache describe exactly (same size and modification time as when written: the build
stamp's outputs, the cache's record of card images, the stamps of PDFs); no folder but the
game's own is removed. A game folder that is a symlink leading out of `output/` is left
alone.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from pathlib import Path
from typing import Any

from cardgen import manifest
from cardgen.cache import OUTPUTS, clear
from cardgen.errors import CardgenError, ErrorCollector
from cardgen.load.yaml_cache import prune_parse_cache
from cardgen.lock import LOCK, output_lock
from cardgen.manifest import CACHE
from cardgen.outputs import game_folder, output_folder
from cardgen.project import Project
from cardgen.stamp import STAMP
from cardgen.write import relative_inside, remove_stale_temps


def clean(project: Project, games: list[str] | None = None) -> list[Path]:
    """Delete what cardgen recorded writing for the games, and their caches; nothing else.
    Returns what was removed."""
    output = output_folder(project.root)
    if not output.is_dir():
        return []
    everything = not games
    found = sorted(p.name for p in output.iterdir() if p.is_dir() and not p.name.startswith("."))
    removed: list[Path] = []
    if everything:
        removed.extend(_clear_shared(output))
    errors = ErrorCollector()
    for game in games or found:
        try:
            out = game_folder(project.root, game)
            if out.is_relative_to(output) and out != output and _holds_cardgen(out):
                removed.extend(_clean_game(out))
        except CardgenError as exc:  # a folder cardgen may not write: the others are cleaned
            errors.extend([exc])
    if not everything and not _any_built(output):
        removed.extend(_clear_shared(output))  # the last game's output is gone
    errors.raise_if_any()
    return removed


def _holds_cardgen(out: Path) -> bool:
    """A folder cardgen wrote into: its list or its cache is there."""
    return (out / manifest.MANIFEST).exists() or (out / CACHE).is_dir()


def _clean_game(out: Path) -> list[Path]:
    removed: list[Path] = []
    with output_lock(out, remove=True):
        listing = manifest.read(out)
        files = [*listing.files, *(listing.built or [])] if listing.whole else _proven(out)
        removed.extend(manifest.remove_listed(out, sorted(set(files)), listing.folders))
        if clear(out / CACHE, STAMP, *_stamps(out / CACHE)):
            removed.append(out / CACHE)  # counted once, as one cache
        listed = out / manifest.MANIFEST
        if listed.is_symlink() or listed.is_file():
            listed.unlink()
    with contextlib.suppress(OSError):
        (out / LOCK).parent.rmdir()  # the cache folder, once its lock is gone
    manifest.remove_folders(out, listing.folders)
    if "." in listing.folders or not listing.whole:
        with contextlib.suppress(OSError):
            out.rmdir()  # only an empty one
    return removed


def _clear_shared(output: Path) -> list[Path]:
    """The parsed-YAML cache the games share: its entries, then its folders if empty."""
    shared = output / CACHE
    if shared.is_symlink() or not shared.is_dir() or (shared / "yaml").is_symlink():
        return []
    entries = prune_parse_cache(shared / "yaml", keep=0)
    remove_stale_temps(shared)
    for folder in (shared / "yaml", shared):
        with contextlib.suppress(OSError):
            folder.rmdir()
    return [shared] if entries or not shared.exists() else []


def _any_built(output: Path) -> bool:
    """Whether a game folder under `output/` still holds a build (its list of written files)."""
    return any(p.is_dir() and (p / manifest.MANIFEST).is_file() for p in output.iterdir())


def _json(path: Path) -> Any:
    """A JSON file of cardgen's cache, or None when it cannot be read as one."""
    try:
        if path.stat().st_size > manifest.MAX_MANIFEST_BYTES:
            return None
        return json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None


def _stamps(cache: Path) -> list[str]:
    try:
        return [e.name for e in os.scandir(cache) if e.name.endswith(".stamp")]
    except OSError:
        return []


Claim = tuple[object, object, object]
"""A file cardgen's cache records writing: its path, size and modification time (ns)."""


def _proven(out: Path) -> list[str]:
    """With a damaged list, the files cardgen's records in the cache still describe exactly
    (see the module's docstring), relative to `out`."""
    base, cache = out.resolve(), out / CACHE
    claims = [*_build_claims(cache, base), *_card_claims(cache), *_stamp_claims(cache)]
    proven = {_unchanged(base, *claim) for claim in claims}
    return sorted(p for p in proven if p is not None)


def _build_claims(cache: Path, base: Path) -> list[Claim]:
    """The outputs the build stamp records, as rows relative to the game's folder."""
    built = _json(cache / STAMP)
    if not isinstance(built, dict) or not isinstance(built.get("outputs"), list):
        return []
    rows = [r for r in built["outputs"] if isinstance(r, list) and len(r) >= 3]
    return [(os.path.join(base, str(r[0])), r[1], r[2]) for r in rows]


def _card_claims(cache: Path) -> list[Claim]:
    """The card images the cache's record of outputs lists, by path."""
    cards = _json(cache / OUTPUTS)
    if not isinstance(cards, dict):
        return []
    return [(p, r[1], r[2]) for p, r in cards.items() if isinstance(r, list) and len(r) >= 3]


def _stamp_claims(cache: Path) -> list[Claim]:
    """The PDFs the cache's stamps record, one a stamp."""
    claims: list[Claim] = []
    for name in _stamps(cache):
        made = _json(cache / name)
        if isinstance(made, dict):
            claims.append((made.get("path"), made.get("size"), made.get("mtime_ns")))
    return claims


def _unchanged(base: Path, path: object, size: object, mtime: object) -> str | None:
    """The claimed file relative to `base` when it is a regular file inside it with the size
    and modification time recorded; None otherwise."""
    if not isinstance(path, str) or type(size) is not int or type(mtime) is not int:
        return None
    try:
        relative = relative_inside(path, base)
        info = os.lstat(path)
    except (OSError, ValueError):
        return None
    same = stat.S_ISREG(info.st_mode) and (info.st_size, info.st_mtime_ns) == (size, mtime)
    if same and relative is not None and manifest.relative_path(relative):
        return relative
    return None
