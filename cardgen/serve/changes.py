"""Which card images a rebuild changed: each image's content hash, before and after.

The images are the files of `cards/` and `backs/` in the game's output folder (one per card
and per back, as the build leaves them). A file is hashed again only when its size,
modification time or inode changed since it was last hashed, so a rebuild that drew one
card of 500 reads one file.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

IMAGE_FOLDERS = ("cards", "backs")
HASH_LENGTH = 16
"""Hex digits of an image's hash kept: its version in the page's `?v=` query."""

Hashes = dict[str, str]
"""An image's path in the output folder (`cards/aria.png`) -> the hash of its bytes."""


@dataclass(frozen=True, slots=True)
class Changes:
    """What differs between two sets of image hashes, each list sorted."""

    changed: tuple[str, ...] = ()
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        """Something differs."""
        return bool(self.changed or self.added or self.removed)

    def as_json(self, after: Mapping[str, str]) -> dict[str, object]:
        """The changes as the change feed sends them, with the new hashes."""
        return {
            "changed": list(self.changed),
            "added": list(self.added),
            "removed": list(self.removed),
            "hashes": {path: after[path] for path in (*self.changed, *self.added)},
        }


def compare(before: Mapping[str, str], after: Mapping[str, str]) -> Changes:
    """The images whose hash changed, those added and those removed."""
    return Changes(
        changed=tuple(sorted(p for p in before.keys() & after.keys() if before[p] != after[p])),
        added=tuple(sorted(after.keys() - before.keys())),
        removed=tuple(sorted(before.keys() - after.keys())),
    )


class ImageHashes:
    """The hashes of a game's card images, each file read again only when it changed."""

    def __init__(self, out: Path) -> None:
        """Hash the images of the output folder `out`."""
        self.out = out
        self._known: dict[str, tuple[tuple[int, int, int], str]] = {}

    def scan(self) -> Hashes:
        """The hash of every image now in `cards/` and `backs/`, by path."""
        found: Hashes = {}
        for folder in IMAGE_FOLDERS:
            try:
                entries = sorted(os.scandir(self.out / folder), key=lambda e: e.name)
            except OSError:
                continue
            for entry in entries:
                if entry.name.startswith(".") or not entry.name.endswith(".png"):
                    continue
                relative = f"{folder}/{entry.name}"
                digest = self._hash(relative, entry)
                if digest is not None:
                    found[relative] = digest
        self._known = {p: v for p, v in self._known.items() if p in found}
        return found

    def _hash(self, relative: str, entry: os.DirEntry[str]) -> str | None:
        try:
            info = entry.stat(follow_symlinks=False)
            if not entry.is_file(follow_symlinks=False):
                return None
            key = (info.st_size, info.st_mtime_ns, info.st_ino)
            known = self._known.get(relative)
            if known is not None and known[0] == key:
                return known[1]
            digest = hashlib.sha256(Path(entry.path).read_bytes()).hexdigest()[:HASH_LENGTH]
        except OSError:
            return None
        self._known[relative] = (key, digest)
        return digest
