"""The `cardgen` command's entry point, and what Ctrl-C gets: one line, `interrupted`, and
exit code 130 (128 + SIGINT, as shells report a command a signal ended), never a traceback.

This module imports nothing of cardgen's nor of click, so that a Ctrl-C while Python is
still loading them is answered the same way. Once a command runs, the `cardgen` group
answers it (`cardgen.failures.Interrupted`), and `cardgen.cli.run` whatever lands after.
"""

from __future__ import annotations

import os
import sys

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


def main() -> None:
    """The `cardgen` command (`cardgen.cli.run`), with Ctrl-C answered while it loads."""
    try:
        from cardgen.cli import run
    except KeyboardInterrupt:
        os._exit(say_interrupted())
    run()
