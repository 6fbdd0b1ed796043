"""The uploads list of a save: the images a host must have for it, as paths in the export
folder (`sheets/visionary-1-9f992b88.jpg`), the ones the save did not name before marked new.

Beside `<name>.json` goes `<name>.uploads.txt`, one path a line, sorted (the same save gives
the same bytes), ready for `rsync --files-from` or a host's upload dialog. Which images are
new is told on the command line and in `--format json`, not in the file: the save written
before this one (and its list) says what the host had.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import display_path

SUFFIX = ".uploads.txt"
"""The uploads list's file name after the save's `<name>`."""


@dataclass(frozen=True)
class Upload:
    """One image a host must have: its path in the export folder, and whether the save
    written before this one named it (`new` when it did not)."""

    path: str
    new: bool

    def as_json(self) -> dict[str, object]:
        """The image as `--format json` lists it."""
        return {"path": self.path, "new": self.new}


def uploads_path(save: Path) -> Path:
    """The uploads list beside a save `<name>.json`."""
    return save.with_name(save.stem + SUFFIX)


def uploads_text(names: list[str]) -> bytes:
    """The uploads list's bytes: each image path once, sorted, one a line."""
    return "".join(f"{name}\n" for name in sorted(set(names))).encode("utf-8")


def read_uploads(path: Path) -> set[str]:
    """The image paths an uploads list names (none when it is not there or unreadable)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return set()
    return {line.strip() for line in text.splitlines() if line.strip()}


def uploads(names: list[str], before: set[str] | None) -> list[Upload]:
    """The save's images, the new ones first (each group in the save's order): new are
    those the save written before did not name (all of them when there was none)."""
    unique = list(dict.fromkeys(names))
    known = before or set()
    fresh = [Upload(name, True) for name in unique if name not in known]
    return [*fresh, *(Upload(name, False) for name in unique if name in known)]


def uploads_lines(images: Sequence[Upload], listed: Path | None) -> list[str]:
    """The uploads list for people: a count line, then each image, the new ones marked."""
    fresh = sum(image.new for image in images)
    where = f" (listed in {display_path(listed)})" if listed is not None else ""
    lines = [f"uploads: {len(images)} images, {fresh} new since the last export{where}"]
    lines.extend(f"  {'new ' if image.new else '    '} {image.path}" for image in images)
    return lines
