"""Saves of a game's files, seen through the OS's own file events (watchfiles).

The game's folders are `cardgen watch`'s (`decks/<game>/`, `layouts/<game>/`); one that does
not exist yet is watched through the nearest folder above it inside the project (`layouts/`),
so a folder made later is seen too. Hidden files and folders (cardgen's temporary files among
them) and editors' backup, swap and test files are ignored; cardgen's own output is never
under these folders. Changes are grouped (debounced) before they are handed over, and
those made while a build runs are handed over together once it ends.
"""

from __future__ import annotations

import queue
import threading
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.project import Project
from cardgen.watch import game_folders

DEBOUNCE_MS = 400
"""The longest time changes are gathered before a rebuild starts."""
QUIET_MS = 20
"""A rebuild starts once no change came for this long: a save is one atomic replace or a
few writes within a millisecond or two, so 20 ms sees it whole (a slower writer's second
half only makes one more build); the watch looks every QUIET_MS, so a save waits 20-40 ms."""
READY_MS = 200
"""How often the watch looks up from waiting (the first time: it is set up)."""
EDITOR_LEFTOVERS = ("~", ".swp", ".swx", ".tmp", ".part", ".crdownload")
"""Endings of files editors and downloads keep beside the real one while they write."""
MARKS = {"added": "+", "modified": "~", "deleted": "-"}


def watched_roots(project: Project, game: str) -> tuple[list[Path], list[Path]]:
    """(the folders to watch, the game's folders whose files count): each game folder, or
    the nearest existing folder above it inside the project (never the project itself,
    which holds the output and perhaps a virtual environment)."""
    root = project.root.resolve()
    wanted = [folder.resolve() for folder in game_folders(project, game)]
    roots: list[Path] = []
    for folder in wanted:
        place = folder
        while not place.is_dir() and place != root and place.is_relative_to(root):
            place = place.parent
        if place != root and place.is_dir() and place not in roots:  # never all of the project
            roots.append(place)
    return [r for r in roots if not any(r.is_relative_to(o) and r != o for o in roots)], wanted


def counts(path: Path, wanted: list[Path]) -> bool:
    """A change of `path` is a save of one of the game's files (inside a game folder, not
    hidden, not an editor's leftover)."""
    for folder in wanted:
        if path == folder or path.is_relative_to(folder):
            parts = path.relative_to(folder).parts
            name = path.name
            return not any(p.startswith(".") for p in parts) and not (
                name.endswith(EDITOR_LEFTOVERS) or name == "4913"  # vim's test of the folder
            )
    return False


class Saves:
    """The saves to a game's files, watched from a thread of their own: `start` returns
    once the watch is set up (a save from then on is seen, during a build too); `next`
    waits for the next saves and hands over all those made until then as one group."""

    def __init__(self, project: Project, game: str, *, debounce_ms: int = DEBOUNCE_MS) -> None:
        """Watch the folders of `game` (not yet: `start`)."""
        self.root = project.root.resolve()
        self.roots, self.wanted = watched_roots(project, game)
        self.debounce_ms = debounce_ms
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._found: queue.Queue[set[tuple[str, Path]]] = queue.Queue()
        self.paths: list[Path] = []
        """The files of the group `next` handed over last."""
        self._failure: list[BaseException] = []
        self._thread = threading.Thread(target=self._watch, name="cardgen-saves", daemon=True)

    def _watch(self) -> None:
        from watchfiles import watch

        def keep(_change: object, path: str) -> bool:
            return counts(Path(path), self.wanted)

        try:
            for found in watch(
                *self.roots,
                watch_filter=keep,
                debounce=self.debounce_ms,
                step=QUIET_MS,
                stop_event=self._stop,
                rust_timeout=READY_MS,
                yield_on_timeout=True,  # the first yield says the watch is set up
                raise_interrupt=False,
            ):
                self._ready.set()
                saves = {(self._line(change.name, path), Path(path)) for change, path in found}
                if saves:
                    self._found.put(saves)
        except Exception as exc:
            self._failure.append(exc)
        finally:
            self._ready.set()
            self._found.put(set())

    def _line(self, change: str, path: str) -> str:
        shown = Path(path)
        shown = shown.relative_to(self.root) if shown.is_relative_to(self.root) else shown
        return f"{MARKS.get(change, '~')} {shown.as_posix()}"

    def start(self, timeout: float = 30.0) -> None:
        """Start watching; return once saves are seen (or after `timeout` seconds)."""
        if self.roots:
            self._thread.start()
            self._ready.wait(timeout)

    def next(self) -> list[str] | None:
        """The next group of saves as `~ path` lines (`+` added, `-` deleted), sorted,
        with every save made since (their files in `paths`); None once stopped. Ctrl-C
        raises KeyboardInterrupt."""
        saves: set[tuple[str, Path]] = set()
        while not saves:
            if self._stop.is_set() or (not self._thread.is_alive() and self._found.empty()):
                self._raise_failure()
                return None
            try:
                saves |= self._found.get(timeout=0.25)
            except queue.Empty:
                continue
        while not self._found.empty():
            saves |= self._found.get_nowait()
        self.paths = sorted({path for _line, path in saves})
        return sorted({line for line, _path in saves})

    def _raise_failure(self) -> None:
        if self._failure:
            problem = self._failure[0]
            raise CardgenError(f"watching the game's files stopped: {problem}") from problem

    def stop(self) -> None:
        """Stop watching."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
