"""The `cardgen` command: one thin click command per verb over the library.

Each verb has its module here (`cardgen.cli.build` for `cardgen build`, ...): it parses its
options, calls one library function and reports, with the library imported inside the
command so that `--help` loads click alone. The group is `cardgen.cli.group`, the options
they share `cardgen.cli.options`. Library errors are click exceptions (exit 2, one line
each), so no command needs a try/except; anything else a command lets escape ends in one
line too, at the group (`cardgen.failures`).
Exit codes: 0 success, 1 findings (an illegal deck, a failed check), 2 bad input.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys

# Each verb's module adds its command to the group as it is imported.
from cardgen.cli import (  # noqa: F401
    build,
    check,
    clean,
    diff,
    games,
    icons,
    lint,
    new,
    pnp,
    render,
    report,
    rules,
    schema,
    serve,
    tts,
    validate,
    watch,
)
from cardgen.cli.group import main
from cardgen.failures import last_resort
from cardgen.interrupt import Stopped, outside_commands, say_interrupted, stopped

__all__ = ["main", "run"]


def run(args: list[str] | None = None) -> None:
    """The `cardgen` command: `main`, then the process ends as soon as the command is done
    and its output flushed, without the interpreter's teardown (freeing every module,
    object, image and cache one by one: 70-90 ms after a build, about 3 % of a 100-card
    one). mypy ends the same way. Nothing is lost: every file is written, closed and renamed
    into place by the time a command returns (`cardgen.write`), and process pools are shut
    down and joined by their `with` blocks (or, after Ctrl-C, not waited for: workers end
    with their parent, `cardgen.parallel`)."""
    code = 0
    try:
        try:
            outside_commands()  # a Ctrl-C outside the command: `Stopped`, past click's answer
            main(args)  # click's standalone mode ends in SystemExit
        except SystemExit as exc:
            code = _exit_code(exc.code)
        except Exception as exc:  # escaped click itself: still one line, exit 2
            code = last_resort(exc, args)
        if stopped():  # a Ctrl-C outside the command that something swallowed
            raise Stopped
    except (KeyboardInterrupt, Stopped):  # outside a command (the group answers inside one)
        code = say_interrupted()
    with contextlib.suppress(ValueError):  # done: a Ctrl-C now changes nothing
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):  # a reader that went away, or a closed stream
        code = code or 1
    with contextlib.suppress(BrokenPipeError, ValueError):
        sys.stderr.flush()
    os._exit(code)


def _exit_code(code: object) -> int:
    """What a normal exit would give for `sys.exit(code)`: 0 for None, the number, or 1
    after printing any other value on stderr."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1
