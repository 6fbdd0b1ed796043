"""The content-hash cache: outputs stored under the hash of everything that made them.

An entry is its data, `<key>.<ext>` (written atomically, or a hard link to the output file
that holds it), and what else is known about it (its facts: warnings), kept for all entries
in one index, `facts.json`, saved after the data files: an entry is whole when its data file
exists and the index has it, and a half-written entry is never seen (a temporary file is
never read; an entry whose facts were not saved is made again). Keys change
whenever an input does (the card's data, its layout with everything it extends, its art,
the fonts, cardgen's version and its own files, Pillow's version), so a stale entry is
never asked for again.
"""

from __future__ import annotations

import contextlib
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
from cardgen.write import atomic_link, atomic_write, holds, is_temporary

_ENTRY_KEY = re.compile(r"[0-9a-f]{16,64}")
"""What an entry's key looks like (a hex digest): no other file in the folder is pruned."""
FACTS = "facts.json"
"""Every entry's facts (see `Cache.put`), by key."""
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


SHARED = "shared_sha256"
"""In an entry's facts: the hash of its data, which is a hard link to an output file."""


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
        self._facts: dict[str, dict[str, Any]] | None = None  # see `_known_facts`
        self._facts_changed = False
        self._used: set[str] = set()  # every key this run asked about or stored: see `prune`

    def _path(self, key: str, ext: str) -> Path:
        self._used.add(key)
        return self.folder / f"{key}.{ext}"

    def _known_facts(self) -> dict[str, dict[str, Any]]:
        if self._facts is None:
            try:
                loaded = json.loads((self.folder / FACTS).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                loaded = {}
            self._facts = (
                {k: v for k, v in loaded.items() if isinstance(v, dict)}
                if isinstance(loaded, dict)
                else {}
            )
        return self._facts

    def get(self, key: str, ext: str = "png") -> tuple[bytes, dict[str, Any]] | None:
        if not self.has(key, ext):
            return None
        facts = dict(self._known_facts()[key])
        try:
            data = self._path(key, ext).read_bytes()
        except OSError:
            return None
        check = facts.pop(SHARED, None)
        if check is not None and hashlib.sha256(data).hexdigest() != check:
            return None  # the output file it shares was rewritten in place: not ours now
        return data, facts

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

    def forget_outputs(self, targets: list[Path]) -> None:
        """Drop the record of output files that were removed (a deleted card's image)."""
        recorded = self._recorded_outputs()
        for target in targets:
            if recorded.pop(str(target), None) is not None:
                self._outputs_changed = True
        self.save()

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
        known = self._known_facts()
        for key in newest[len(self._used) :]:
            for _, path in unused[key]:
                path.unlink(missing_ok=True)
                removed += 1
            if known.pop(key, None) is not None:
                self._facts_changed = True
        for key in [k for k in known if k not in self._used and k not in unused]:
            del known[key]  # its data file is gone
            self._facts_changed = True
        self.save()
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

    def save(self) -> None:
        """Save the index of facts and the record of outputs, where they changed (after
        the data files they speak of are written)."""
        if self._facts is not None and self._facts_changed:
            atomic_write(self.folder / FACTS, json.dumps(self._facts).encode("utf-8"))
            self._facts_changed = False
        if self._outputs is not None and self._outputs_changed:
            atomic_write(self.folder / OUTPUTS, json.dumps(self._outputs).encode("utf-8"))
            self._outputs_changed = False

    def has(self, key: str, ext: str = "png") -> bool:
        data_path = self._path(key, ext)
        return self._usable(data_path) and key in self._known_facts() and data_path.is_file()

    def put(
        self,
        key: str,
        data: bytes,
        meta: dict[str, Any] | None = None,
        ext: str = "png",
        *,
        source: Path | None = None,
    ) -> Path:
        """Store an entry: its data now, its facts in the index (see `save`).

        `source` is a file that holds exactly `data` (the output just written): the entry
        is then a hard link to it, where the disk allows, instead of a second copy. Its
        facts keep the data's hash, checked when the entry is read, since a program that
        rewrites that output in place (not through a rename) changes the entry too."""
        data_path = self._path(key, ext)
        facts = dict(meta or {})
        if source is not None:
            facts[SHARED] = hashlib.sha256(data).hexdigest()
        known = self._known_facts()
        if not holds(data_path, data):  # else: --no-cache drew it again, the same
            if known.pop(key, None) is not None:  # other data: not whole until saved again
                self._facts_changed = True
                self.save()
            if source is None or not atomic_link(source, data_path):
                atomic_write(data_path, data)
        if known.get(key) != facts:
            known[key] = facts
            self._facts_changed = True
        self._fresh.add(data_path)
        return data_path

    def put_data(self, key: str, data: bytes, ext: str) -> Path:
        """Store an entry that has no facts (a sheet cell): one file, written whole."""
        data_path = self._path(key, ext)
        if not holds(data_path, data):
            atomic_write(data_path, data)
        self._fresh.add(data_path)
        return data_path

    def data_path(self, key: str, ext: str) -> Path | None:
        """The file of an entry stored by `put_data`, if there is one to use."""
        data_path = self._path(key, ext)
        return data_path if self._usable(data_path) and data_path.is_file() else None

    def _usable(self, data_path: Path) -> bool:
        """An entry may be read: the cache is read, or this run stored it."""
        return self.read or data_path in self._fresh

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


def clear(folder: Path, *names: str) -> list[Path]:
    """Remove what cardgen keeps in the cache `folder` (entry files, the index, the record of
    outputs, the other `names`, temporary files), then the folder if that leaves it empty:
    a file of anyone else's stays, and a symlinked folder is left alone. The files removed."""
    if folder.is_symlink() or not folder.is_dir():
        return []
    removed: list[Path] = []
    for entry in list(os.scandir(folder)):
        key, dot, _ = entry.name.partition(".")
        ours = (
            entry.name in (FACTS, OUTPUTS, *names)
            or (dot and _ENTRY_KEY.fullmatch(key) is not None)
            or is_temporary(entry.name)
        )
        if ours and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    with contextlib.suppress(OSError):
        folder.rmdir()
    return removed
