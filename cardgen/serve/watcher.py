"""Saves of a game's files, seen through the OS's own file events (watchfiles).

The game's folders are `cardgen watch`'s (`decks/<game>/`, `layouts/<game>/`); one that does
not exist yet is watched through the nearest folder above it inside the project (`layouts/`),
so a folder made later is seen too. Hidden files and folders (cardgen's temporary files among
them) and editors' backup, swap and test files are ignored; cardgen's own output is never
under these folders. Changes are grouped (debounced) before they are handed over, and
those made while a build runs are handed over together once it ends.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

from cardgen.project import Project
from cardgen.watch import game_folders

DEBOUNCE_MS = 400
"""The longest time changes are gathered before a rebuild starts."""
QUIET_MS = 50
"""A rebuild starts once no change came for this long."""
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


def saves(
    project: Project, game: str, stop: threading.Event, *, debounce_ms: int = DEBOUNCE_MS
) -> Iterator[list[str]]:
    """Each group of saves to the game's files, as `~ path` lines (`+` added, `-` deleted),
    sorted; ends when `stop` is set. A Ctrl-C raises KeyboardInterrupt."""
    from watchfiles import watch

    roots, wanted = watched_roots(project, game)
    root = project.root.resolve()

    def keep(_change: object, path: str) -> bool:
        return counts(Path(path), wanted)

    for found in watch(
        *roots,
        watch_filter=keep,
        debounce=debounce_ms,
        step=QUIET_MS,
        stop_event=stop,
        raise_interrupt=True,
        rust_timeout=500,
        yield_on_timeout=False,
    ):
        lines = set()
        for change, path in found:
            shown = Path(path)
            shown = shown.relative_to(root) if shown.is_relative_to(root) else shown
            lines.add(f"{MARKS.get(change.name, '~')} {shown.as_posix()}")
        if lines:
            yield sorted(lines)
