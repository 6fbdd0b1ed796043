"""Interrupt points: a Ctrl-C delivered at a chosen line of the `cardgen` command's own
dispatch (its entry point, `cardgen.cli.run`, the group, the command's module and click), so
that a test can land one at every such line in turn, with no clock.

`python -m tests.interrupt_points OUT` loads cardgen once, then for each run listed in
`OUT/runs.json` (`[[N, [ARGS...]], ...]`) forks a child that runs `cardgen ARGS` as
installed (`cardgen.entry.main`) and sends itself SIGINT at the N-th line executed in those
files (0: never), as a terminal's Ctrl-C would; the signal's handler runs at the next line,
as it would for a real key press. Run I's stdout and stderr go to `OUT/I.out` and `OUT/I.err`,
its exit status to `OUT/I.code` (130 for exit code 130; -2 for a process SIGINT itself
ended), and the number of lines it counted (all of them where N = 0: the points there are)
to `OUT/I.lines`.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import Any

WATCHED = ("/cardgen/entry.py", "/cardgen/interrupt.py", "/cardgen/failures.py", "/cardgen/cli/")
"""The files whose lines are counted: the command's own dispatch, around the library call."""


def _watched(path: str) -> bool:
    path = path.replace(os.sep, "/")
    return any(part in path for part in WATCHED) or "/click/" in path


def _child(out: Path, run: int, point: int, args: list[str]) -> None:
    for fd, suffix in ((1, "out"), (2, "err")):
        target = os.open(out / f"{run}.{suffix}", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(target, fd)
        os.close(target)
    counted = [0]
    real_exit = os._exit

    def lines(_frame: FrameType, event: str, _arg: Any) -> Any:
        if event != "line":
            return lines
        counted[0] += 1
        if counted[0] != point:
            return lines
        sys.settrace(None)  # the point is reached: the rest runs untraced, at full speed
        os.kill(os.getpid(), signal.SIGINT)
        return None

    def trace(frame: FrameType, _event: str, _arg: Any) -> Any:  # a call: its lines or none
        return lines if _watched(frame.f_code.co_filename) else None

    def exit_counting(code: int) -> None:
        sys.settrace(None)
        (out / f"{run}.lines").write_text(str(counted[0]))
        real_exit(code)

    os._exit = exit_counting  # type: ignore[assignment]
    sys.argv = ["cardgen", *args]
    sys.modules["__main__"].__spec__ = None  # click names the program `cardgen`, as installed
    from cardgen.entry import main

    sys.settrace(trace)
    try:
        main()
    except BaseException as escaped:  # what the installed script lets reach the top
        sys.settrace(None)
        sys.excepthook(type(escaped), escaped, escaped.__traceback__)
        real_exit(1)  # as Python ends after its hook
    real_exit(99)  # never reached: the entry point ends the process


def main() -> None:
    folder = Path(sys.argv[1])
    import cardgen

    for module in pkgutil.walk_packages(cardgen.__path__, "cardgen."):
        # every module loaded once (the command imports the library inside itself): each
        # child forks with them, and traces the command's dispatch, not imports
        importlib.import_module(module.name)
    runs = json.loads((folder / "runs.json").read_text())
    for run, (point, args) in enumerate(runs):
        child = os.fork()
        if child == 0:
            try:
                _child(folder, run, point, args)
            finally:
                os._exit(98)
        _pid, status = os.waitpid(child, 0)
        (folder / f"{run}.code").write_text(str(os.waitstatus_to_exitcode(status)))


if __name__ == "__main__":
    main()
