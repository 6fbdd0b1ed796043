"""Writers: the only code that touches the disk. Atomic, confined, and never twice.

A `Writer` writes files under one output folder: each through a temporary file in the same
folder, flushed and renamed over the target, so a reader (or a build killed part-way) sees
the old file or the new one, never half of one. A path outside the folder, or the same path
twice in one build, is refused. Temporary files carry cardgen's mark, so that only they are
ever swept away, and the folders a process creates are remembered (`made_folders`), for the
list of what cardgen wrote (`cardgen.manifest`). Where outputs may go at all:
`cardgen.outputs`.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import os
import re
import secrets
import stat
import threading
import time
import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

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


@functools.lru_cache(maxsize=65536)  # asked for each card more than once by a build
def slug(name: str) -> str:
    """A safe file name for a card name: ASCII, lower case, dashes; never empty or reserved.

    A name with no Latin letter or digit (`狐`, `Лиса`, `!!!`) is `card-` and a hash of the
    name, so that such names stay apart (`狐` and `狸` were both `card`); the hash is of the
    name in NFC, as names are compared (`load/pool.py` `name_key`)."""
    name = unicodedata.normalize("NFC", name)
    for letter, spelled in LIGATURES.items():
        name = name.replace(letter, spelled)
    mark = hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    if len(text) > MAX_SLUG:  # cut short, and kept apart from names that start the same
        text = text[: MAX_SLUG - 9].strip("-") + "-" + mark
    if not text:
        text = "card-" + mark
    if text in WINDOWS_RESERVED:
        text += "-card"
    return text


def relative_inside(path: str | Path, base: Path) -> str | None:
    """`path` relative to the resolved folder `base`, POSIX style, or None when it lies
    outside. Outputs are written to resolved paths, so most are told by their text alone
    (no system call); anything else is resolved first."""
    told = _told_by_text(path, base)
    return told if told is not None else _resolved_inside(Path(path).resolve(), base)


def _told_by_text(path: str | Path, base: Path) -> str | None:
    """`path` relative to `base` when its text alone says it lies inside, else None."""
    text, prefix = os.fspath(path), os.path.join(os.fspath(base), "")  # `/` stays `/`
    if text.startswith(prefix) and ".." not in text.split(os.sep):
        return text[len(prefix) :].replace(os.sep, "/")
    return None


def _resolved_inside(resolved: Path, base: Path) -> str | None:
    """The resolved path `resolved` relative to `base` (`.` for `base` itself), or None."""
    if resolved == base:
        return "."
    return _told_by_text(resolved, base)  # no `..` in a resolved path: its text tells


TEMP_SUFFIX = ".tmp"
TEMP_MARK = "cardgen"
_TEMP_NAME = re.compile(r"\..*\.cardgen-(\d{1,10})-[0-9a-f]{8}\.tmp", re.DOTALL)
"""A temporary file's name: `.NAME.cardgen-PID-RANDOM.tmp` (NAME cut to 60 characters, RANDOM
8 hex digits). Hidden, never an output's name, and marked: the stale-temporary sweep removes
files of exactly this form and nothing else (a designer's `.notes.tmp` stays)."""
STALE_AFTER = 3600.0
"""A temporary file this many seconds old is left over whatever its process."""
WRITING = threading.RLock()
"""Held from a temporary file's creation to its rename (or removal): a worker process told to
end (its parent is gone, `cardgen.parallel`) takes it first, so that it never leaves one."""
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
_made: dict[Path, Path] = {}
"""Each folder this process created (`make_folder`), and where it resolved to when made: a
long-lived process (a test worker, `cardgen serve`) makes thousands, and each build asks
which lie inside its output folder without resolving them all again."""


def _after_fork() -> None:
    global WRITING
    WRITING = threading.RLock()  # a lock held by a thread of the parent would never be freed


os.register_at_fork(after_in_child=_after_fork)


def temporary_name(path: Path) -> Path:
    """The temporary file to write `path` through: beside it, named by `_TEMP_NAME`."""
    stem = path.name[:60]
    return path.with_name(f".{stem}.{TEMP_MARK}-{os.getpid()}-{secrets.token_hex(4)}{TEMP_SUFFIX}")


def is_temporary(name: str) -> bool:
    """Whether a file name is one of cardgen's temporary files' (and nobody else's)."""
    return _TEMP_NAME.fullmatch(name) is not None


def make_folder(folder: Path) -> None:
    """Create `folder` and the folders missing above it, remembering each one made (see
    `made_folders`). A file in the way is `NotADirectoryError` (at `folder`, as mkdir -p
    says it)."""
    if folder.is_dir():
        return
    missing = [folder]
    while not missing[-1].parent.is_dir() and missing[-1].parent != missing[-1]:
        missing.append(missing[-1].parent)
    for one in reversed(missing):
        try:
            os.mkdir(one)
        except FileExistsError:
            if not one.is_dir():
                reason = os.strerror(errno.ENOTDIR)
                raise NotADirectoryError(errno.ENOTDIR, reason, os.fspath(folder)) from None
            continue  # made meanwhile by another process: not this one's
        _made[one] = one.resolve()


def made_folders(base: Path) -> list[str]:
    """The folders this process created inside the resolved folder `base` (`base` itself
    is `.`), relative to it, POSIX style."""
    found = set()
    for folder, resolved in _made.items():
        told = _told_by_text(folder, base)
        found.add(told if told is not None else _resolved_inside(resolved, base))
    return sorted(r for r in found if r is not None)


def atomic_write(path: Path, data: bytes | Iterable[bytes]) -> None:
    """Write `data` (bytes, or pieces of bytes written one after another) to `path` through
    a temporary file and a rename.

    A process killed part-way leaves the old file or the new one, never a half-written one
    (the rename is atomic); a failure (a full disk, Ctrl-C) removes the temporary file. The
    data is not forced to disk with fsync: that guards against a power cut, not a killed
    build, and costs more than drawing a card.
    """
    temporary = temporary_name(path)
    try:
        with WRITING:
            make_folder(path.parent)
            # 0666 less the umask, as a plain open() makes a file
            with open(os.open(temporary, _CREATE, 0o666), "wb") as stream:
                _fill(stream, data)
            os.replace(temporary, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            _name_the_target(exc, path)
        raise


def _fill(stream: BinaryIO, data: bytes | Iterable[bytes]) -> None:
    if isinstance(data, bytes):
        stream.write(data)
    else:
        for piece in data:
            stream.write(piece)


def _name_the_target(exc: OSError, path: Path) -> None:
    """Make the error of a write name the file written, not its temporary file (a full
    disk is then told as `PATH: <strerror>`); a folder on the way (mkdir) stays named."""
    named = exc.filename
    if named is None or is_temporary(os.path.basename(os.fsdecode(named))):
        exc.filename = os.fspath(path)


def holds(path: Path, data: bytes) -> bool:
    """`path` is a file of exactly `data` (read only when its size matches), so writing it
    again would change nothing. Comparing is also cheaper than writing: replacing a card's
    200 KB file by the same bytes took longer than reading it, on the test machine's disk."""
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def atomic_link(source: Path, path: Path) -> bool:
    """Make `path` a second name of the file `source` (a hard link: no data copied), put in
    place by a rename like `atomic_write`. False, and nothing changed, where the disk or the
    system has no hard links (or `source` is on another disk): write the data instead."""
    temporary = temporary_name(path)
    try:
        with WRITING:
            try:
                make_folder(path.parent)
                os.link(source, temporary)
                os.replace(temporary, path)
            except OSError:
                return False
            return True
    finally:
        # renaming a name onto another name of the same file does nothing (POSIX rename(2)):
        # when `path` already was a link to `source` (another build made it), the
        # temporary name is still there
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _alive(pid: int) -> bool:
    if os.name == "nt":  # os.kill would end the process there: trust the age alone
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process
        return True
    return True


def remove_stale_temps(folder: Path) -> list[Path]:
    """Delete the temporary files a killed cardgen left under `folder` (symlinked folders
    are not followed): files named as cardgen names them, of a process that is gone or
    older than an hour. A live build's files, and any other file, are left alone."""
    removed: list[Path] = []
    now = time.time()
    for top, _, names in os.walk(folder):
        for name in names:
            found = _TEMP_NAME.fullmatch(name)
            if found is None:
                continue
            path = Path(top, name)
            try:
                info = path.lstat()
                old = now - info.st_mtime > STALE_AFTER
                if stat.S_ISREG(info.st_mode) and (old or not _alive(int(found[1]))):
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue
    return removed


class Writer:
    """Writes files under `root`, atomically, each path at most once."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.written: list[Path] = []
        self.kept: list[Path] = []
        self._seen: set[Path] = set()
        self._folders: dict[Path, tuple[Path, bool]] = {}

    def path(self, relative: str | Path) -> Path:
        """Where `relative` lands once symlinks are followed; refused outside the root."""
        joined = self.root / relative
        folder = self._folders.get(joined.parent)
        if folder is None:
            resolved = joined.parent.resolve()
            folder = self._folders[joined.parent] = (resolved, resolved.is_relative_to(self.root))
        # the folder resolved and placed once (a card file's folder holds thousands); the
        # file itself followed only when it is a link
        parent, inside = folder
        target = parent / joined.name
        if joined.name in ("", ".", "..") or target.is_symlink():
            target = joined.resolve()
            inside = target.is_relative_to(self.root)
        if not inside:
            raise CardgenError(
                f"refusing to write outside the output folder: {relative}",
                Location(display_path(self.root)),
            )
        return target

    def write_if_changed(self, relative: str | Path, data: bytes) -> Path:
        """Like `write`, but a file that already holds exactly `data` is left alone (its
        modification time too), so tools watching the output see only real changes."""
        target = self.path(relative)
        if not holds(target, data):
            return self.write(relative, data)
        self._claim(target)
        self.kept.append(target)
        return target

    def keep(self, relative: str | Path, target: Path | None = None) -> Path:
        """Count a file already in place, known to be current, as this build's output
        (`target`: `path(relative)`, if this build asked for it already)."""
        target = self.path(relative) if target is None else target
        self._claim(target)
        self.kept.append(target)
        return target

    def write_pieces_if_changed(
        self, relative: str | Path, size: int, pieces: Callable[[], Iterable[bytes]]
    ) -> Path:
        """`write_if_changed` for a file made of pieces (a PDF whose images are read from
        their files as it is written): compared and written a piece at a time."""
        target = self.path(relative)
        try:
            same = target.stat().st_size == size and _same_pieces(target, pieces())
        except OSError:
            same = False
        if same:
            self._claim(target)
            self.kept.append(target)
            return target
        self._claim(target)
        if target.is_dir():
            raise CardgenError(
                "a folder is in the way of an output file", Location(display_path(target))
            )
        atomic_write(target, pieces())
        self.written.append(target)
        return target

    def _claim(self, target: Path) -> None:
        """Each path is an output of one build at most once."""
        if target in self._seen:
            raise CardgenError(
                "two outputs would be written to the same file", Location(display_path(target))
            )
        self._seen.add(target)

    def write(self, relative: str | Path, data: bytes) -> Path:
        """Write `data` at `relative` (atomically), once per build; the path written."""
        target = self.path(relative)
        self._claim(target)
        if target.is_dir():
            raise CardgenError(
                "a folder is in the way of an output file", Location(display_path(target))
            )
        atomic_write(target, data)
        self.written.append(target)
        return target


def _same_pieces(path: Path, pieces: Iterable[bytes]) -> bool:
    with path.open("rb") as stream:
        for piece in pieces:
            if stream.read(len(piece)) != piece:
                return False
        return stream.read(1) == b""
