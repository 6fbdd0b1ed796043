"""What `cardgen serve` may send: a file of the game's output folder, nothing else.

A request's path is decoded once, then refused (None, a 404) when it holds anything a
cardgen output's path never does: a NUL or control character, a backslash, a `%` left after
the decoding (a double-encoded `%252e`), a drive colon, an empty, `.` or `..` part, a hidden
part (the cache, the list of files, temporary files), a part longer than a file name, or
more than `MAX_PATH` characters. What is left is resolved (symlinks followed) and served
only when it is a file still inside the resolved folder.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

MAX_PATH = 1024
"""The longest request path considered, in characters (longer: refused, never resolved)."""
MAX_PART = 255
"""The longest part of a path: a file name's limit in bytes."""
_REFUSED = frozenset("\\%:")


def request_parts(raw: str) -> list[str] | None:
    """The parts of a request's path (`/cards/a.png` -> [`cards`, `a.png`]), query and
    fragment left off; None when the path is one no output of cardgen has."""
    path = raw.split("?", 1)[0].split("#", 1)[0]
    if not path.startswith("/") or len(path) > MAX_PATH:
        return None
    try:
        text = unquote(path, errors="strict")
    except UnicodeDecodeError:
        return None
    if any(ch in _REFUSED or ord(ch) < 0x20 or ord(ch) == 0x7F for ch in text):
        return None
    parts = text[1:].split("/")
    if parts == [""]:
        return []
    for part in parts:
        if part in ("", ".", "..") or part.startswith(".") or len(part.encode()) > MAX_PART:
            return None
    return parts


def served_file(root: Path, parts: list[str]) -> Path | None:
    """The file `parts` names inside the resolved folder `root`, resolved; None when it is
    not a file there (missing, a folder, or a symlink that leads out of `root`)."""
    if not parts:
        return None
    try:
        found = root.joinpath(*parts).resolve(strict=True)
    except (OSError, RuntimeError, ValueError):
        return None
    if not found.is_relative_to(root) or not found.is_file():
        return None
    return found


def resolve_request(root: Path, raw: str) -> Path | None:
    """The file of the resolved folder `root` a request path names, or None (a 404)."""
    parts = request_parts(raw)
    return None if parts is None else served_file(root, parts)
