"""What Ctrl-C gets, wherever it lands: one line, `interrupted`, and exit code 130
(128 + SIGINT, as shells report a command a signal ended), never a traceback.

The standard library alone: the entry point imports this before anything else of cardgen's
(`cardgen.entry`), and the `cardgen` group answers with it once a command runs
(`cardgen.failures.Interrupted`).
"""

from __future__ import annotations

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
