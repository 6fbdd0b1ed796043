"""The `cardgen` command's entry point: Ctrl-C while Python is still loading the command
gets what it gets later, one line, `interrupted`, and exit code 130 (`cardgen.interrupt`),
never a traceback.

This module imports nothing of cardgen's nor of click before the command (and
`cardgen.interrupt`, the standard library alone, only once Ctrl-C came), so that a Ctrl-C
while they load is answered the same way. Once a
command runs, the `cardgen` group answers it (`cardgen.failures.Interrupted`), and
`cardgen.cli.run` whatever lands after.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # `typing` is not imported at run time: a Ctrl-C while it loads would
    from typing import Any  # land before the hook below is in place


def _interrupted_at_the_top(kind: type[BaseException], exc: BaseException, trace: Any) -> None:
    """The last answer to a Ctrl-C: one that lands in the installed script's own lines
    around `main` (after this module is loaded, before `main`'s first line runs) reaches
    the top of the program; it gets the same line and exit code as anywhere else."""
    if issubclass(kind, KeyboardInterrupt) or _stopped(exc):
        from cardgen.interrupt import say_interrupted  # the standard library alone

        os._exit(say_interrupted())
    _excepthook(kind, exc, trace)


_excepthook = sys.excepthook
sys.excepthook = _interrupted_at_the_top  # this module is the command's, loaded by it alone


def main() -> None:
    """The `cardgen` command (`cardgen.cli.run`), with Ctrl-C answered while it loads.

    A Ctrl-C can land inside a callback Python runs for itself (a weak reference's, as the
    import system keeps its module locks): raised there, it cannot stop the program, and
    Python would print `Exception ignored in ...` with a traceback and go on. Such a one is
    kept quiet and noted: while the command loads, it is answered as any other Ctrl-C (one
    line, exit 130); once the command runs, it goes on as if the Ctrl-C came after it."""
    try:  # from the first line: a Ctrl-C anywhere in here is answered below
        landed: list[BaseException] = []
        unraisable = sys.unraisablehook

        def quiet_interrupt(found: Any) -> None:
            if isinstance(found.exc_value, KeyboardInterrupt) or _stopped(found.exc_value):
                landed.append(found.exc_value)
                return
            unraisable(found)

        sys.unraisablehook = quiet_interrupt
        from cardgen.cli import run

        if landed:  # a Ctrl-C a callback swallowed while the command loaded
            raise KeyboardInterrupt
        run()  # never returns (it ends the process) nor raises
    except KeyboardInterrupt:  # before `run` took Ctrl-C over
        from cardgen.interrupt import say_interrupted  # the standard library alone

        os._exit(say_interrupted())


def _stopped(exc: BaseException | None) -> bool:
    """`exc` is `cardgen.interrupt.Stopped`, a Ctrl-C outside a command (`cardgen.cli.run`
    answers it, having noted it: `cardgen.interrupt.stopped`), known without importing it."""
    kind = type(exc)
    return (kind.__module__, kind.__qualname__) == ("cardgen.interrupt", "Stopped")
