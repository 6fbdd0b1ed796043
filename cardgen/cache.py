"""The content-hash cache: outputs stored under the hash of everything that made them.

An entry is `<key>.<ext>` plus `<key>.json` (what else is known about it: warnings,
pages), each written atomically, the data last: an entry whose data file exists is whole,
and a half-written entry is never seen (a temporary file is never read). Keys change
whenever an input does (the card's data, its layout with everything it extends, its art,
the fonts, cardgen's version and its own files, Pillow's version), so a stale entry is
never asked for again.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import PIL

from cardgen import __version__
from cardgen.write import atomic_write

_ENTRY_KEY = re.compile(r"[0-9a-f]{16,64}")
"""What an entry's key looks like (a hex digest): no other file in the folder is pruned."""
OUTPUTS = "outputs.json"
"""Which output file holds which entry's data, with its size and modification time."""
TOOL_VERSION = f"cardgen {__version__} / Pillow {PIL.__version__}"


@functools.lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of cardgen's own files (code, built-in layouts, gallery assets): an image
    made by other code is never taken from the cache, even at the same version number."""
    package = Path(__file__).resolve().parent
    hasher = hashlib.sha256()
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            hasher.update(path.relative_to(package).as_posix().encode("utf-8") + b"\0")
            hasher.update(path.read_bytes())
    return hasher.hexdigest()[:16]


def digest(*parts: Any) -> str:
    """A stable hex key for JSON-able parts (and the tool that makes what they key)."""
    blob = json.dumps(
        [TOOL_VERSION, code_digest(), *parts], sort_keys=True, default=str, ensure_ascii=False
    )
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]


_file_hashes: dict[tuple[str, int, int], str] = {}


def file_digest(path: Path) -> str:
    """The content hash of a file (remembered while its size and mtime stay the same)."""
    info = path.stat()
    marker = (str(path.absolute()), info.st_size, info.st_mtime_ns)
    if marker not in _file_hashes:
        _file_hashes[marker] = hashlib.sha256(path.read_bytes()).hexdigest()[:32]
    return _file_hashes[marker]


class Cache:
    """A folder of cache entries."""

    def __init__(self, folder: Path, *, read: bool = True) -> None:
        """`read=False` (`--no-cache`): every entry is made again, and stored afresh."""
        self.folder = folder
        self.read = read
        self._fresh: set[Path] = set()  # stored by this run: readable even when not `read`
        self._outputs: dict[str, list[Any]] | None = None  # see `note_output`
        self._outputs_changed = False
        self._used: set[str] = set()  # every key this run asked about or stored: see `prune`

    def _paths(self, key: str, ext: str) -> tuple[Path, Path]:
        self._used.add(key)
        return self.folder / f"{key}.{ext}", self.folder / f"{key}.json"

    def get(self, key: str, ext: str = "png") -> tuple[bytes, dict[str, Any]] | None:
        data_path, meta_path = self._paths(key, ext)
        if not (self.read or data_path in self._fresh):
            return None
        if not data_path.is_file() or not meta_path.is_file():
            return None
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
            return data_path.read_bytes(), dict(meta)
        except (OSError, ValueError):
            return None

    def meta(self, key: str, ext: str = "png") -> dict[str, Any] | None:
        """The facts stored with an entry, without reading its data."""
        if not self.has(key, ext):
            return None
        try:
            meta = json.loads(self._paths(key, ext)[1].read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return dict(meta) if isinstance(meta, dict) else None

    def _recorded_outputs(self) -> dict[str, list[Any]]:
        if self._outputs is None:
            try:
                loaded = json.loads((self.folder / OUTPUTS).read_text(encoding="utf-8"))
                self._outputs = loaded if isinstance(loaded, dict) else {}
            except (OSError, ValueError):
                self._outputs = {}
        return self._outputs

    def note_output(self, key: str, target: Path, meta: dict[str, Any] | None = None) -> None:
        """Record that `target`, as it is now, holds the data of entry `key` (and the facts
        stored with it, so that a file still as written needs no entry read at all)."""
        found = target.stat()
        record = [key, found.st_size, found.st_mtime_ns, meta or {}]
        self._recorded_outputs()[str(target)] = record
        self._outputs_changed = True

    def current(self, key: str, target: Path) -> dict[str, Any] | None:
        """The facts recorded with `target` if it is still the file written for `key`."""
        if not self.is_current(key, target):
            return None
        record = self._recorded_outputs()[str(target)]
        return dict(record[3]) if len(record) > 3 and isinstance(record[3], dict) else None

    def prune(self) -> int:
        """Remove the entries this run did not use, but for the newest of them, as many as
        it used (an edit undone soon is still a hit); the cache then holds at most about
        twice what the game needs instead of every image ever drawn. Only entry files
        (`<hex key>.<ext>`) are touched. Returns how many files were removed."""
        unused: dict[str, list[tuple[int, Path]]] = {}
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return 0
        for entry in entries:
            key, dot, _ = entry.name.partition(".")
            if not dot or key in self._used or not _ENTRY_KEY.fullmatch(key):
                continue
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                unused.setdefault(key, []).append((info.st_mtime_ns, Path(entry.path)))
        newest = sorted(unused, key=lambda k: max(t for t, _ in unused[k]), reverse=True)
        removed = 0
        for key in newest[len(self._used) :]:
            for _, path in unused[key]:
                path.unlink(missing_ok=True)
                removed += 1
        return removed

    def is_current(self, key: str, target: Path) -> bool:
        """`target` is still the file recorded for `key` (same size and modification time),
        so it holds that entry's data without being read."""
        self._used.add(key)
        if not self.read:
            return False
        try:
            found = target.stat()
        except OSError:
            return False
        record = self._recorded_outputs().get(str(target))
        return record is not None and record[:3] == [key, found.st_size, found.st_mtime_ns]

    def save_outputs(self) -> None:
        if self._outputs is not None and self._outputs_changed:
            atomic_write(self.folder / OUTPUTS, json.dumps(self._outputs).encode("utf-8"))
            self._outputs_changed = False

    def has(self, key: str, ext: str = "png") -> bool:
        data_path, meta_path = self._paths(key, ext)
        usable = self.read or data_path in self._fresh
        return usable and data_path.is_file() and meta_path.is_file()

    def path(self, key: str, ext: str = "png") -> Path:
        return self._paths(key, ext)[0]

    def put(
        self, key: str, data: bytes, meta: dict[str, Any] | None = None, ext: str = "png"
    ) -> Path:
        """Store an entry: its facts first, its data last (the data file marks it whole)."""
        data_path, meta_path = self._paths(key, ext)
        atomic_write(meta_path, json.dumps(meta or {}).encode("utf-8"))
        atomic_write(data_path, data)
        self._fresh.add(data_path)
        return data_path

    def stamp(self, key: str) -> dict[str, Any] | None:
        """What was recorded with `put_stamp` for `key` (with the file's resolved "path"),
        if that file is still the one written then (same size and modification time)."""
        self._used.add(key)
        if not self.read:
            return None
        try:
            meta = json.loads((self.folder / f"{key}.stamp").read_text(encoding="utf-8"))
            found = Path(meta["path"]).stat()
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if (
            not isinstance(meta, dict)
            or meta.get("size") != found.st_size
            or meta.get("mtime_ns") != found.st_mtime_ns
        ):
            return None
        return dict(meta)

    def put_stamp(self, key: str, target: Path, meta: dict[str, Any]) -> None:
        """Record that `target`, as it is now on disk, was made from `key` (with `meta`)."""
        self._used.add(key)
        found = target.stat()
        record = {
            **meta,
            "path": str(target.resolve()),
            "size": found.st_size,
            "mtime_ns": found.st_mtime_ns,
        }
        atomic_write(self.folder / f"{key}.stamp", json.dumps(record).encode("utf-8"))
