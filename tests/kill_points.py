"""Kill points: every moment a build writes to its output folder, numbered, so that a test
can stop the build at each of them in turn, or check at each of them what a kill would leave.

`python -c "from tests.kill_points import main; main()" build ...` runs `cardgen` as
installed, with the writes under the output folder watched. Every moment that matters is a
point, in order:

- `open`: a file was just opened for writing (created or emptied);
- `write`: its first bytes are about to be written (a kill here tears them in half);
- `rename`: a file is about to be renamed (or linked) into place; `renamed`: it just was.

What happens at the points is set by environment variables:

- `KILL_POINTS_LOG=FILE`: each point is logged as `point<TAB>N<TAB>KIND<TAB>PATH` (PATH
  relative to the output folder);
- `KILL_POINTS_CHECK=1`: at each point, every output is checked as a kill then would leave
  it (a file written in place would be half written); each broken one is logged as
  `broken<TAB>N<TAB>KIND<TAB>PATH<TAB>FILE: REASON`;
- `KILL_POINTS_KILL=KIND PART`: at the first point of that kind in that part of the output
  (see `part`: `tiny/cards/*.png`), the process kills itself with SIGKILL (at a `write`,
  after writing the first half of the bytes).

A temporary file is named in points as `.NAME.tmp`, without its process id and random part.

Only Python's own ways to open, write and rename files are watched (`open`, `io.open`,
`os.open`, `os.fdopen`, `os.replace`, `os.rename`, `os.link`): cardgen writes through
these, one process (`--jobs 1`).
"""

from __future__ import annotations

import builtins
import io
import json
import os
import re
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

TEMP = re.compile(r"^\..+\.cardgen-\d+-[0-9a-f]+\.tmp$")
"""How cardgen names its temporary files: hidden, `.name.cardgen-pid-random.tmp` (the
name cut to 60 characters)."""
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def broken(path: Path) -> str | None:
    """Why the output `path` is not whole (a PNG or JPEG that does not decode, a PDF without
    its end, JSON that does not parse, an empty file), or None. Temporary files may be half
    written: they are not outputs; nor is the lock file (`.cache/cardgen.lock`: its
    process id is only for a message, and the operating system's lock goes with the
    process)."""
    if TEMP.match(path.name) or path.name == "cardgen.lock":
        return None
    try:
        data = path.read_bytes()
        suffix = path.suffix.lower()
        if not data:
            return "empty"
        if suffix in (".png", ".jpg"):
            with Image.open(io.BytesIO(data)) as image:
                image.verify()
            with Image.open(io.BytesIO(data)) as image:
                image.load()
        elif suffix == ".pdf":
            if not data.startswith(b"%PDF") or not data.rstrip().endswith(b"%%EOF"):
                return "a PDF cut short"
        elif suffix == ".json":
            json.loads(data.decode("utf-8"))
        elif suffix == ".html" and not data.rstrip().endswith(b"</html>"):
            return "an HTML page cut short"
    except Exception as exc:  # what a reader of the half-written file would meet
        return f"{type(exc).__name__}: {exc}"
    return None


def part(where: str) -> str:
    """The part of the output a path belongs to: its folder and the kind of file, a
    temporary file as the file it becomes (`tiny/cards/*.png`, `tiny/.cache/*.json`)."""
    folder, _, name = where.rpartition("/")
    name = name.removeprefix(".").removesuffix(".tmp")
    return f"{folder}/*.{name.rpartition('.')[2]}"


def _named(where: str) -> str:
    """A temporary file's path without its process id and random part."""
    folder, _, name = where.rpartition("/")
    if TEMP.match(name):
        name = name.rsplit(".", 2)[0] + ".tmp"
    return f"{folder}/{name}"


class Points:
    """Numbers the points of writes under `out` and does what the environment asks."""

    def __init__(self, out: Path, log: str | None, check: bool, kill: str | None) -> None:
        self.out = out
        self.log = open(log, "a", encoding="utf-8") if log else None  # noqa: SIM115
        self.check = check
        self.kill = kill
        self.number = 0
        self.seen: dict[Path, tuple[int, int, int]] = {}

    def inside(self, path: Any) -> str | None:
        """`path` relative to the output folder, or None when it lies elsewhere."""
        if isinstance(path, int) or path is None:
            return None
        full = Path(os.path.abspath(os.fsdecode(path)))
        return full.relative_to(self.out).as_posix() if full.is_relative_to(self.out) else None

    def point(self, kind: str, where: str, tear: Callable[[], None] | None = None) -> None:
        self.number += 1
        temporary = TEMP.match(Path(where).name) is not None
        where = _named(where)
        self._write(f"point\t{self.number}\t{kind}\t{where}")
        if self.check:
            if kind == "write" and not temporary:
                self._broken(kind, where, f"{where}: written in place: a kill here tears it")
            for problem in self._whole_now():
                self._broken(kind, where, problem)
        if self.kill == f"{kind} {part(where)}":
            if tear is not None:
                tear()
            os.kill(os.getpid(), signal.SIGKILL)

    def _whole_now(self) -> list[str]:
        """Every output changed since the last point that a kill now would leave broken."""
        problems = []
        for path in sorted(p for p in self.out.rglob("*") if p.is_file()):
            try:
                stat = path.stat()
            except FileNotFoundError:  # renamed away meanwhile
                continue
            state = (stat.st_size, stat.st_mtime_ns, stat.st_ino)
            if self.seen.get(path) == state:
                continue
            self.seen[path] = state
            reason = broken(path)
            if reason is not None:
                problems.append(f"{path.relative_to(self.out).as_posix()}: {reason}")
        return problems

    def _broken(self, kind: str, where: str, problem: str) -> None:
        self._write(f"broken\t{self.number}\t{kind}\t{where}\t{problem}")

    def _write(self, line: str) -> None:
        if self.log is not None:
            self.log.write(line + "\n")
            self.log.flush()


class Watched:
    """A file opened for writing under the output folder: its first write is a point."""

    def __init__(self, stream: Any, where: str, points: Points) -> None:
        self._stream = stream
        self._where = where
        self._points = points
        self._written = False

    def write(self, data: Any) -> int:
        if not self._written:
            self._written = True

            def tear() -> None:
                self._stream.write(data[: len(data) // 2])
                self._stream.flush()

            self._points.point("write", self._where, tear)
        written: int = self._stream.write(data)
        return written

    def __enter__(self) -> Watched:
        return self

    def __exit__(self, *exc: object) -> None:
        self._stream.__exit__(*exc)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def install(points: Points) -> None:
    """Watch Python's ways to open, write and rename files."""
    real_open, real_os_open = io.open, os.open
    real_replace, real_rename, real_link = os.replace, os.rename, os.link
    descriptors: dict[int, str] = {}

    def opened(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        stream = real_open(file, mode, *args, **kwargs)
        where = descriptors.pop(file, None) if isinstance(file, int) else points.inside(file)
        if where is None or not set(mode) & set("wax+"):
            return stream
        if not isinstance(file, int):
            points.point("open", where)
        return Watched(stream, where, points)

    def os_opened(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        fd = real_os_open(path, flags, *args, **kwargs)
        where = points.inside(path)
        if where is not None and flags & WRITE_FLAGS:
            descriptors[fd] = where
            points.point("open", where)
        return fd

    def moving(real: Callable[..., Any]) -> Callable[..., Any]:
        def move(source: Any, target: Any, *args: Any, **kwargs: Any) -> Any:
            where = points.inside(target)
            if where is None:
                return real(source, target, *args, **kwargs)
            points.point("rename", where)
            done = real(source, target, *args, **kwargs)
            points.point("renamed", where)
            return done

        return move

    builtins.open = io.open = opened  # type: ignore[assignment]
    os.open = os_opened  # type: ignore[assignment]
    os.replace, os.rename, os.link = moving(real_replace), moving(real_rename), moving(real_link)


def main() -> None:
    """`cardgen` as installed, its writes under `--project`'s output/ watched."""
    args = sys.argv[1:]
    root = Path(args[args.index("--project") + 1]).resolve()
    points = Points(
        root / "output",
        os.environ.get("KILL_POINTS_LOG"),
        os.environ.get("KILL_POINTS_CHECK") == "1",
        os.environ.get("KILL_POINTS_KILL"),
    )
    install(points)
    from cardgen.cli import run

    run(args)
