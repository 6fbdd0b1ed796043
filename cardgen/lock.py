"""One cardgen at a time in a game's output folder: the lock `output/<game>/.cache/cardgen.lock`.

A build (and `cardgen clean`) holds the lock of the game's folder while it works. Another
one started meanwhile says once, on stderr, that it is waiting, and waits; after
`WAIT_LIMIT` seconds it gives up with one line (exit 2). It never breaks the first one's
lock. The lock is the operating system's on that file (`flock` on Linux and macOS,
`msvcrt.locking` on Windows), so it goes with its process however that ends (`kill -9`
included): a lock file left behind locks nothing. The file holds the holder's process id,
for the message. Asking again for a lock the process holds is free; a worker it forks does
not hold it.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from cardgen.errors import CardgenError, Location, display_path
from cardgen.failures import translate
from cardgen.outputs import kept_inside
from cardgen.write import make_folder

LOCK = Path(".cache", "cardgen.lock")
"""The lock file, in the game's cache folder (cardgen's own, never an output)."""
WAIT_LIMIT = 600.0
"""Seconds a second cardgen waits for the first to finish with a folder."""
POLL = 0.1
_OPEN = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
_WINDOWS_BYTE = 1 << 30
"""Windows locks a byte range, and a locked byte cannot be read: the lock is on a byte far
past the process id written at the start."""
_held: dict[Path, int] = {}
"""Folder -> its open lock file, for each lock this process holds."""


def _forget_in_child() -> None:
    """A forked worker does not hold its parent's locks (nor keeps them alive)."""
    for fd in _held.values():
        with contextlib.suppress(OSError):
            os.close(fd)
    _held.clear()


os.register_at_fork(after_in_child=_forget_in_child)


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


@contextlib.contextmanager
def output_lock(
    folder: Path,
    *,
    wait: float = WAIT_LIMIT,
    waiting: Callable[[str], None] = _say,
    remove: bool = False,
) -> Iterator[None]:
    """Hold the lock of the resolved output `folder` inside the block (its lock file made,
    with the folders it needs, if missing; already held by this process: nothing to do).
    `waiting(line)` is told once if another process holds it. `remove`: delete the lock
    file at the end (`clean`, which removes the folder when that leaves it empty)."""
    if folder in _held:
        yield
        return
    try:
        fd = _acquire(folder, wait, waiting)
    except OSError as exc:  # a file in the way, a read-only disk: one line, at the path
        raise translate(exc, "locking the output folder") from exc
    _held[folder] = fd
    try:
        yield
    finally:
        del _held[folder]
        if remove and os.name != "nt":  # unlinked while held: a waiter sees it is gone
            with contextlib.suppress(OSError):
                os.unlink(folder / LOCK)
        _unlock(fd)
        os.close(fd)
        if remove and os.name == "nt":  # an open file cannot be removed there
            with contextlib.suppress(OSError):
                os.unlink(folder / LOCK)


def _acquire(folder: Path, wait: float, waiting: Callable[[str], None]) -> int:
    path = folder / LOCK
    started = time.monotonic()
    told = False
    while True:
        kept_inside(path.parent, folder)  # a symlinked cache folder is not followed
        make_folder(path.parent)
        fd = os.open(path, _OPEN, 0o666)
        try:
            while not _try_lock(fd):
                owner = _owner(fd)
                spent = time.monotonic() - started
                if spent >= wait:
                    raise CardgenError(
                        f"another cardgen{owner} has been writing here for {spent:.0f} s;"
                        " let it finish (or stop it), then run this again",
                        Location(display_path(folder)),
                    )
                if not told:
                    waiting(f"waiting for another cardgen{owner} writing {display_path(folder)}")
                    told = True
                time.sleep(POLL)
            if _same_file(fd, path):  # else: removed (by clean) while this one waited
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)
                os.write(fd, f"{os.getpid()}\n".encode("ascii"))
                return fd
        except BaseException:
            os.close(fd)
            raise
        _unlock(fd)
        os.close(fd)


def _owner(fd: int) -> str:
    """` (process 1234)`: who holds the lock, as its file says; empty when unknown."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return f" (process {text})" if text.isdigit() else ""


def _same_file(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path, follow_symlinks=False))
    except OSError:
        return False


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, _WINDOWS_BYTE, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, _WINDOWS_BYTE, os.SEEK_SET)
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)
