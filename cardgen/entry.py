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


def main() -> None:
    """The `cardgen` command (`cardgen.cli.run`), with Ctrl-C answered while it loads."""
    try:
        from cardgen.cli import run
    except KeyboardInterrupt:
        from cardgen.interrupt import say_interrupted  # the standard library alone

        os._exit(say_interrupted())
    run()
