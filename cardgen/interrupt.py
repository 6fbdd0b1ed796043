"""What Ctrl-C gets, wherever it lands: one line, `interrupted`, and exit code 130
(128 + SIGINT, as shells report a command a signal ended), never a traceback.

The standard library alone: the entry point imports this before anything else of cardgen's
(`cardgen.entry`), and the `cardgen` group answers with it once a command runs
(`cardgen.failures.Interrupted`).

Where a Ctrl-C lands decides who answers it, and each answers the same way:

- while Python loads the command: the entry point (`cardgen.entry`);
- once it is loaded, outside a command (click parsing the arguments, making or closing its
  context, unwinding after the command): `Stopped`, which `outside_commands` makes the
  signal raise instead of `KeyboardInterrupt`, so that click, which answers a
  `KeyboardInterrupt` itself with `Aborted!` and exit 1, lets it through to
  `cardgen.cli.run`;
- while a command runs (`during_a_command`): a `KeyboardInterrupt`, as the command's own
  code expects (pools shut down, `serve` says `stopped`), answered at the group;
- once the command is done: nothing (the signal is ignored: its answer stands).
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

INTERRUPTED = 130
"""The exit code after Ctrl-C."""
MESSAGE = "interrupted"


def say_interrupted() -> int:
    """Print the one line Ctrl-C gets on stderr (after a line break on a terminal, where
    the `^C` echoed is still on the line); the exit code to end with."""
    try:
        start = "\n" if sys.stderr.isatty() else ""
        sys.stderr.write(f"{start}{MESSAGE}\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # no stderr to tell
        pass
    return INTERRUPTED


class Stopped(BaseException):
    """Ctrl-C outside a command, once `outside_commands` is in force: not a
    `KeyboardInterrupt`, so that click's own answer to one never sees it."""


_stopped: list[bool] = []


def _stop(_signum: int, _frame: FrameType | None) -> None:
    if _stopped:  # raised once: a second Ctrl-C never cuts the first one's answer short
        return
    _stopped.append(True)
    raise Stopped


def stopped() -> bool:
    """A Ctrl-C came outside a command (raised as `Stopped`; true even where something
    swallowed it, as Python does in a callback it runs for itself)."""
    return bool(_stopped)


def outside_commands() -> None:
    """From now on, until a command runs, a Ctrl-C raises `Stopped` (the installed `cardgen`
    only: tests that call the group in-process keep Python's own handler)."""
    signal.signal(signal.SIGINT, _stop)


@contextmanager
def during_a_command() -> Iterator[None]:
    """While the block runs a command, a Ctrl-C is Python's `KeyboardInterrupt`; once it is
    done, however it ended, a Ctrl-C is ignored (its answer stands: a result, an error, or
    `interrupted`). Only where `outside_commands` is in force, and in the main thread."""
    if signal.getsignal(signal.SIGINT) is not _stop:
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
