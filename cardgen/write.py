"""Writers: the only code that touches the disk. Atomic, confined, and never twice.

A `Writer` writes files under one output folder: each through a temporary file in the same
folder, flushed and renamed over the target, so a reader (or a build killed part-way) sees
the old file or the new one, never half of one. A path outside the folder, or the same path
twice in one build, is refused.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterable
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
    text, prefix = os.fspath(path), os.fspath(base) + os.sep
    if text.startswith(prefix) and ".." not in text.split(os.sep):
        return text[len(prefix) :].replace(os.sep, "/")
    try:
        return Path(path).resolve().relative_to(base).as_posix()
    except ValueError:
        return None


def _temporary_prefix(path: Path) -> str:
    """How a temporary file for `path` is named, up to its random part: hidden, with this
    process's id (see `remove_stale_temps`, which reads it back)."""
    return f".{path.name}.{os.getpid()}."


def atomic_write(path: Path, data: bytes | Iterable[bytes]) -> None:
    """Write `data` (bytes, or pieces of bytes written one after another) to `path` through
    a temporary file and a rename.

    A process killed part-way leaves the old file or the new one, never a half-written one
    (the rename is atomic). The data is not forced to disk with fsync: that guards against a
    power cut, not a killed build, and costs more than drawing a card.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            prefix=_temporary_prefix(path), suffix=TEMP_SUFFIX, dir=path.parent
        )
    except OSError as exc:
        _name_the_target(exc, path)
        raise
    try:
        with os.fdopen(handle, "wb") as stream:
            if isinstance(data, bytes):
                stream.write(data)
            else:
                for piece in data:
                    stream.write(piece)
        os.chmod(temporary, FILE_MODE)  # mkstemp makes files private (0600): outputs are not
        os.replace(temporary, path)
    except BaseException as exc:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            _name_the_target(exc, path)
        raise


def _name_the_target(exc: OSError, path: Path) -> None:
    """Make the error of a write name the file written, not its temporary file (a full
    disk is then told as `PATH: <strerror>`); a folder on the way (mkdir) stays named."""
    named = exc.filename
    if named is None or os.fsdecode(named).endswith(TEMP_SUFFIX):
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
    temporary = path.with_name(f"{_temporary_prefix(path)}{secrets.token_hex(4)}{TEMP_SUFFIX}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.link(source, temporary)
    except OSError:
        return False
    try:
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)
        return False
    return True


def _file_mode() -> int:
    """The mode a plain `open()` would give a new file: 0666 less the process's umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


FILE_MODE = _file_mode()
TEMP_SUFFIX = ".tmp"
"""Temporary files are `.<name>.<pid>.<random>.tmp`: hidden, and never an output's name."""
STALE_AFTER = 3600.0
"""A temporary file this many seconds old is left over whatever its process."""


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
    """Delete the temporary files a killed cardgen left under `folder`: those of a process
    that is gone, or older than an hour. A live build's files are left alone."""
    removed: list[Path] = []
    if not folder.is_dir():
        return removed
    now = time.time()
    for path in folder.rglob(f".*{TEMP_SUFFIX}"):
        parts = path.name[1 : -len(TEMP_SUFFIX)].rsplit(".", 2)
        pid = int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else None
        try:
            old = now - path.lstat().st_mtime > STALE_AFTER
            if path.is_file() and (pid is None or old or not _alive(pid)):
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def check_out(path: Path, project_root: Path, *, file: bool = False, option: str = "--out") -> Path:
    """Refuse an `--out` (or another `option`) that would write among the project's sources
    (decks/, layouts/), into cardgen's own package, the home folder itself or a filesystem
    root. `file`: the option names a file (a PDF), so its folder is what is checked (a file
    directly in the home folder is fine; a folder of outputs spilled into it is not)."""
    import cardgen

    if file and path.is_dir():
        raise CardgenError(
            f"{option} names a folder; give the file to write, e.g. box.pdf",
            Location(display_path(path)),
        )
    folder = (path.parent if file else path).resolve()
    home = Path.home().resolve()
    project = project_root.resolve()
    package = Path(cardgen.__file__).resolve().parent
    where = Location(display_path(path))
    if folder == Path(folder.anchor):
        raise CardgenError(f"{option} must not be a filesystem root", where)
    if folder == home and not file:  # a file such as ~/box.pdf is fine
        raise CardgenError(
            f"{option} must not be your home folder itself: name a folder in it", where
        )
    for source, what in (
        (project / "decks", "the project's decks/ (its game data)"),
        (project / "layouts", "the project's layouts/"),
        (package, "cardgen's own package"),
    ):
        if folder.is_relative_to(source):
            raise CardgenError(f"{option} must not point into {what}: outputs go elsewhere", where)
    return path


class Writer:
    """Writes files under `root`, atomically, each path at most once."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.written: list[Path] = []
        self.kept: list[Path] = []
        self._seen: set[Path] = set()
        self._folders: dict[Path, Path] = {}

    def path(self, relative: str | Path) -> Path:
        """Where `relative` lands once symlinks are followed; refused outside the root."""
        joined = self.root / relative
        parent = self._folders.get(joined.parent)
        if parent is None:
            parent = self._folders[joined.parent] = joined.parent.resolve()
        # the folder resolved once (a card file's folder holds thousands); the file itself
        # followed only when it is a link
        target = parent / joined.name
        if joined.name in ("", ".", "..") or target.is_symlink():
            target = joined.resolve()
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
        if not holds(target, data):
            return self.write(relative, data)
        self._claim(target)
        self.kept.append(target)
        return target

    def keep(self, relative: str | Path) -> Path:
        """Count a file already in place, known to be current, as this build's output."""
        target = self.path(relative)
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
