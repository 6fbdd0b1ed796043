"""The change feed: the current state of the served build, and a wait for the next one.

Each build the server makes is published as a `BuildState` with the next generation number;
`/api/state` shows the latest, and each `/api/events` stream waits for a newer one and sends
it. A build that fails keeps the images (and cards) of the last good one: the page keeps
showing them under the error banner. A build publishes twice: once its card images are
drawn (`follows`: the check, the PDFs, the TTS export and the gallery are still to come),
and once it is done.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field, replace
from typing import Any

from cardgen.errors import CardgenError
from cardgen.serve.changes import Changes, Hashes

_PLACE = re.compile(r"(?P<file>.+?):(?P<line>\d+)(?::(?P<col>\d+))?")


@dataclass(frozen=True, slots=True)
class Problem:
    """A problem that stopped a build: its file, line and message, its column when it has
    one, and `where`: its place as `cardgen build` prints it before the message."""

    file: str | None
    line: int | None
    message: str
    col: int | None = None
    where: str = ""

    @classmethod
    def parse(cls, text: str, place: str = "") -> Problem:
        """A problem from its line (`place: message`) and its place (`file:line:col`,
        `file:line`, a cell `cards.xlsx:Cards!C14`, a file)."""
        found = _PLACE.fullmatch(place)
        file, line, col = (place or None, None, None)
        if found:
            file, line = found["file"], int(found["line"])
            col = int(found["col"]) if found["col"] else None
        message = text.removeprefix(f"{place}: ") if place else text
        return cls(file, line, message, col, place)

    @classmethod
    def of(cls, error: CardgenError) -> Problem:
        """The problem a library error tells (one of an `InputErrors`' own)."""
        where = error.location
        if where is None:
            return cls(None, None, error.problem)
        return cls(where.path, where.line, error.problem, where.col, str(where))

    def place(self) -> str | None:
        """`where`, or when none was given, its file, line and column (None: no file)."""
        if self.where or self.file is None:
            return self.where or None
        parts = [self.file, *(str(n) for n in (self.line, self.col) if n is not None)]
        return ":".join(parts if self.line is not None else parts[:1])

    def as_json(self) -> dict[str, Any]:
        """The problem as the API shows it."""
        return {
            "file": self.file,
            "line": self.line,
            "col": self.col,
            "where": self.place(),
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class BuildState:
    """What the latest build left: whether it built, its problems, the cards shown."""

    generation: int = 0
    ok: bool = False
    status: str = "starting"
    problems: tuple[Problem, ...] = ()
    images: Hashes = field(default_factory=dict)
    cards: tuple[dict[str, Any], ...] = ()
    changes: Changes = field(default_factory=Changes)
    seconds: float = 0.0
    follows: bool = False
    """Only the card images are drawn yet: the rest of the build follows, then its state."""

    def event(self) -> dict[str, Any]:
        """What the change feed sends after this build: its status, problems and changes."""
        return {
            "generation": self.generation,
            "ok": self.ok,
            "status": self.status,
            "problems": [p.as_json() for p in self.problems],
            "seconds": round(self.seconds, 3),
            "follows": self.follows,
            **self.changes.as_json(self.images),
        }

    def as_json(self, game: str) -> dict[str, Any]:
        """The whole state, as `GET /api/state` shows it."""
        return {
            "game": game,
            **self.event(),
            "cards": list(self.cards),
            "images": [
                {"path": path, "url": f"/{path}?v={digest}", "hash": digest}
                for path, digest in sorted(self.images.items())
            ],
        }


class Feed:
    """The latest build state, and the streams waiting for the next one."""

    def __init__(self) -> None:
        """An empty feed (generation 0: nothing built yet)."""
        self._state = BuildState()
        self._changed = threading.Condition()
        self._closed = False

    @property
    def state(self) -> BuildState:
        """The latest state."""
        with self._changed:
            return self._state

    @property
    def closed(self) -> bool:
        """The server is stopping: streams end."""
        return self._closed

    def publish(self, state: BuildState) -> BuildState:
        """Make `state` the latest, with the next generation number, and wake the streams."""
        with self._changed:
            self._state = replace(state, generation=self._state.generation + 1)
            self._changed.notify_all()
            return self._state

    def wait_newer(self, generation: int, timeout: float) -> BuildState | None:
        """The latest state once it is newer than `generation`; None after `timeout`
        seconds with nothing newer, or when the feed is closed."""
        with self._changed:
            self._changed.wait_for(
                lambda: self._closed or self._state.generation > generation, timeout
            )
            if self._closed or self._state.generation <= generation:
                return None
            return self._state

    def close(self) -> None:
        """End every stream."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()
