"""Writers: the only code that touches the disk. Atomic, confined, and never twice.

A `Writer` writes files under one output folder: each through a temporary file in the same
folder, flushed and renamed over the target, so a reader (or a build killed part-way) sees
the old file or the new one, never half of one. A path outside the folder, or the same path
twice in one build, is refused.
"""

from __future__ import annotations

import os
import re
import tempfile
import unicodedata
from pathlib import Path

from cardgen.errors import CardgenError, Location, display_path

WINDOWS_RESERVED = frozenset(
    {
        "con",
        "prn",
        "aux",
        "nul",
        *(f"com{i}" for i in range(1, 10)),
        *(f"lpt{i}" for i in range(1, 10)),
    }
)
MAX_SLUG = 80
LIGATURES = {
    "œ": "oe",
    "Œ": "Oe",
    "æ": "ae",
    "Æ": "Ae",
    "ß": "ss",
    "ø": "o",
    "Ø": "O",
    "ł": "l",
    "Ł": "L",
    "đ": "d",
    "Đ": "D",
    "þ": "th",
    "Þ": "Th",
}
"""Letters that do not decompose into ASCII, spelled out."""


def slug(name: str) -> str:
    """A safe file name for a card name: ASCII, lower case, dashes; never empty or reserved."""
    for letter, spelled in LIGATURES.items():
        name = name.replace(letter, spelled)
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:MAX_SLUG].strip("-")
    if not text:
        text = "card"
    if text in WINDOWS_RESERVED:
        text += "-card"
    return text


def atomic_write(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file and a rename.

    A process killed part-way leaves the old file or the new one, never a half-written one
    (the rename is atomic). The data is not forced to disk with fsync: that guards against a
    power cut, not a killed build, and costs more than drawing a card.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class Writer:
    """Writes files under `root`, atomically, each path at most once."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.written: list[Path] = []
        self.kept: list[Path] = []
        self._seen: set[Path] = set()

    def path(self, relative: str | Path) -> Path:
        target = (self.root / relative).resolve()
        if not target.is_relative_to(self.root):
            raise CardgenError(
                f"refusing to write outside the output folder: {relative}",
                Location(display_path(self.root)),
            )
        return target

    def write_if_changed(self, relative: str | Path, data: bytes) -> Path:
        """Like `write`, but a file that already holds exactly `data` is left alone (its
        modification time too), so tools watching the output see only real changes."""
        target = self.path(relative)
        try:
            same = target.stat().st_size == len(data) and target.read_bytes() == data
        except OSError:
            same = False
        if not same:
            return self.write(relative, data)
        if target in self._seen:
            raise CardgenError(
                "two outputs would be written to the same file", Location(display_path(target))
            )
        self._seen.add(target)
        self.kept.append(target)
        return target

    def write(self, relative: str | Path, data: bytes) -> Path:
        target = self.path(relative)
        if target in self._seen:
            raise CardgenError(
                "two outputs would be written to the same file", Location(display_path(target))
            )
        self._seen.add(target)
        atomic_write(target, data)
        self.written.append(target)
        return target
