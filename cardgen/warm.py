"""What a long-running process keeps from one build of a game to the next (`cardgen serve`).

A build reads a game's `game.yaml`, its layouts (with every file they name: parents, fonts,
icon files, fixed art) and its card pool, and works out a cache key for every card. Between
two builds under `cardgen serve` most often only the pool changed, one cell of it. A `Warm`
keeps what was made from the game's other files, and each pool row's validated card, while
those files are as they were:

- the stages ask for a slot (`slot(name)`, a dict) and keep in it what they made; a slot
  holds only what is a function of the game's files other than its pool and its deck
  lists (the volatile files, named by the stage that reads them: what is made of them is
  made again each build, or keyed by their content) and of what its own key names;
- `begin` starts a build: every slot is emptied unless every file of the project that a
  build reads (the same files as the build stamp's fingerprint, `cardgen.stamp`, symlinked
  folders followed) is as it was by size, modification and change time and inode, the
  volatile files aside; and unless none of the files the caller saw saved (the watcher's
  events) is other than a volatile file, so an edit that keeps a file's size within one
  tick of a coarse clock still empties them.

Nothing is kept unless a `Warm` is active (`active()`, a context variable: only the thread
that builds sees it). A command run once (`cardgen build`) has none, and reads everything.
"""

from __future__ import annotations

import contextvars
import os
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

SKIPPED_DIRS = frozenset({"__pycache__", "node_modules"})

_CURRENT: contextvars.ContextVar[Warm | None] = contextvars.ContextVar("warm", default=None)


def current() -> Warm | None:
    """The `Warm` of the build running in this thread, if any."""
    return _CURRENT.get()


def kept(name: str, owner: object, make: Callable[[], T]) -> T:
    """`make()`; while a `Warm` is active, what it made for this same `owner` (the same
    object, kept alive with it) in the slot `name` the last time, if anything."""
    warm = current()
    if warm is None:
        return make()
    slot = warm.slot(name)
    held = slot.get(id(owner))
    if held is None or held[0] is not owner:
        held = slot[id(owner)] = (owner, make())
    made: T = held[1]
    return made


def ordinary(name: str) -> bool:
    """Whether a folder named `name` may hold what a build reads: not hidden, not one of
    `SKIPPED_DIRS`."""
    return not name.startswith(".") and name not in SKIPPED_DIRS


def walked(relative: str, name: str, game: str) -> bool:
    """Whether a build of `game` reads the folder `name` inside the project's folder
    `relative` ("" for the project itself): an `ordinary` one, not `output/`, nor the
    other games' folders under `decks/`."""
    if not ordinary(name):
        return False
    return not ((relative == "" and name == "output") or (relative == "decks" and name != game))


def _walk(root: Path, game: str) -> Iterator[tuple[str, int, int, int, int]]:
    """(real path, size, mtime_ns, ctime_ns, inode) of every file a build of `game` may
    read: the project's files but `output/` and the other games' folders under `decks/`,
    hidden files and `SKIPPED_DIRS` left out, symlinked folders followed (once each)."""
    seen: set[tuple[int, int]] = set()
    stack = [(str(root), "")]  # a folder, and its path inside the project ("": the project)
    while stack:
        folder, relative = stack.pop()
        try:
            info = os.stat(folder)
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        if (info.st_dev, info.st_ino) in seen:
            continue  # a folder linked twice, or a link to a folder above it
        seen.add((info.st_dev, info.st_ino))
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            try:
                is_dir = entry.is_dir()  # links followed
                found = entry.stat()
            except OSError:
                continue
            if is_dir:
                if walked(relative, name, game):
                    stack.append((entry.path, f"{relative}/{name}" if relative else name))
                continue
            yield (
                os.path.realpath(entry.path),
                found.st_size,
                found.st_mtime_ns,
                found.st_ctime_ns,
                found.st_ino,
            )


class Warm:
    """Slots of what one build made that the next build of the same game may take again."""

    def __init__(self) -> None:
        """Nothing kept yet."""
        self._rows: list[tuple[str, int, int, int, int]] | None = None
        self._game: tuple[Path, str] | None = None
        self._slots: dict[str, dict[Any, Any]] = {}
        self.volatile: set[str] = set()
        """The real paths of the files whose changes do not empty the slots (the pool):
        what is kept of them is keyed by their content."""
        self.volatile_folders: set[str] = set()
        """Real paths of folders whose files are volatile too (the game's deck lists: read
        afresh by every build, nothing kept is made of them)."""
        self.kept = 0
        """How many builds began with the slots kept (for tests and the benchmark)."""

    def slot(self, name: str) -> dict[Any, Any]:
        """The slot `name` (made empty when first asked for)."""
        return self._slots.setdefault(name, {})

    def clear(self) -> None:
        """Empty every slot."""
        self._slots.clear()
        self.volatile.clear()
        self.volatile_folders.clear()

    def is_volatile(self, real: str) -> bool:
        """Whether the file at the real path `real` is volatile."""
        return real in self.volatile or any(
            real.startswith(folder + os.sep) for folder in self.volatile_folders
        )

    def _stable(self, rows: list[tuple[str, int, int, int, int]]) -> list[Any]:
        return [row for row in rows if not self.is_volatile(row[0])]

    def begin(self, root: Path, game: str, saved: Collection[Path] = ()) -> bool:
        """Start a build of `game` of the project at `root`, `saved` the files seen saved
        since the last one: the slots emptied unless the game's other files are as they
        were (the module's docstring). Whether they were kept."""
        rows = list(_walk(root, game))
        same = (
            self._rows is not None
            and self._game == (root, game)
            and self._stable(rows) == self._stable(self._rows)
            and all(self.is_volatile(os.path.realpath(p)) for p in saved)
        )
        if not same:
            self.clear()
        self._rows, self._game = rows, (root, game)
        self.kept += same
        return same

    @contextmanager
    def active(self) -> Iterator[Warm]:
        """This `Warm` as the one the stages use in this thread, while the block runs."""
        token = _CURRENT.set(self)
        try:
            yield self
        finally:
            _CURRENT.reset(token)
