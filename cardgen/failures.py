"""Failures cardgen did not foresee: one line saying what it was doing, exit 2, and the
traceback only with `--debug` (or `CARDGEN_DEBUG=1`).

A library error is a `CardgenError` already (file and line, exit 2). Anything else that
escapes a step (a bug, an image library's surprise) is turned into an `InternalError` at
the innermost place that knows what was being done: the element being drawn on a card
(`names_element`), a build step (`while_doing`), and last the command itself
(`CardgenGroup`, the `cardgen` group, which also prints the traceback under `--debug`).
An OS error that names a file (a full disk, a folder in the way) becomes
`PATH: <strerror>`. Keyboard interrupts are left alone on the way up, and end the command
at the group: `interrupted`, exit 130 (`Interrupted`, `cardgen.interrupt`).
"""

from __future__ import annotations

import functools
import os
import sys
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Any, TypeVar

import click

from cardgen.errors import CardgenError, InternalError, Location, display_path
from cardgen.interrupt import INTERRUPTED, MESSAGE, during_a_command, say_interrupted

_F = TypeVar("_F", bound=Callable[..., Any])

DEBUG_ENV = "CARDGEN_DEBUG"


def expected(exc: BaseException) -> bool:
    """A failure that already says what it is: cardgen's and click's own (and an exit)."""
    return isinstance(exc, click.ClickException | click.exceptions.Exit | click.Abort) or (
        not isinstance(exc, Exception)
    )


def described(exc: Exception) -> str:
    """`ValueError: box offset can't be negative`, on one line."""
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def translate(exc: Exception, doing: str) -> CardgenError:
    """The one-line error for an unexpected exception raised while `doing`."""
    if isinstance(exc, OSError) and exc.filename is not None:
        reason = exc.strerror or described(exc)
        where = Location(display_path(os.fsdecode(exc.filename)))
        return CardgenError(f"{reason} (while {doing})" if doing else reason, where)
    return InternalError(doing, described(exc))


@contextmanager
def while_doing(doing: str) -> Iterator[None]:
    """Turn an unexpected exception inside the block into one line naming `doing`."""
    try:
        yield
    except Exception as exc:
        if expected(exc):
            raise
        raise translate(exc, doing) from exc


def names_element(draw: _F) -> _F:
    """For the function that draws one layout element, `(ctx, image, name, element, ...)`:
    an unexpected exception names the card (or back), the element and the layout file
    and line it was set at. Costs one call per element."""

    @functools.wraps(draw)
    def guarded(ctx: Any, image: Any, name: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return draw(ctx, image, name, *args, **kwargs)
        except Exception as exc:
            if expected(exc):
                raise
            path, line = ctx.layout.sources.get(name, (f"layout {ctx.layout.name}", 0))
            subject = f'card "{ctx.label[:60]}"' if ctx.subject is not None else ctx.label
            where = f"{path}:{line}" if line else path
            raise translate(exc, f"drawing {subject} ({where}, element {name})") from exc

    return guarded  # type: ignore[return-value]


def debugging(ctx: click.Context | None = None) -> bool:
    """`--debug` was given to `cardgen`, or CARDGEN_DEBUG is set to a true value."""
    if ctx is not None and ctx.find_root().params.get("debug"):
        return True
    return os.environ.get(DEBUG_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def show_traceback(exc: BaseException) -> None:
    """The whole story of `exc` on stderr, causes included (a worker's traceback too)."""
    traceback.print_exception(exc, file=sys.stderr)
    sys.stderr.flush()


class Interrupted(click.ClickException):
    """Ctrl-C during a command: one line, `interrupted`, exit 130 (click's own answer is
    `Aborted!` and exit 1, the code of findings)."""

    exit_code = INTERRUPTED

    def __init__(self) -> None:
        super().__init__(MESSAGE)

    def show(self, file: IO[Any] | None = None) -> None:
        """Say that the run was interrupted (a Ctrl-C), on stderr."""
        say_interrupted()


class CardgenGroup(click.Group):
    """The `cardgen` group: whatever a command lets escape ends in one line and exit 2."""

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a Ctrl-C or an unforeseen exception becomes a one-line exit."""
        try:
            with during_a_command():
                return super().invoke(ctx)
        except KeyboardInterrupt:
            raise Interrupted() from None
        except Exception as exc:
            unforeseen = not expected(exc) or exc.__cause__ is not None
            if unforeseen and debugging(ctx):
                show_traceback(exc)
            if expected(exc):
                raise
            command = " ".join(["cardgen", *filter(None, [ctx.invoked_subcommand])])
            raise translate(exc, f'running "{command}"') from exc


def last_resort(exc: Exception, args: list[str] | None) -> int:
    """An exception that escaped the `cardgen` group itself: its line on stderr (with the
    traceback under --debug or CARDGEN_DEBUG), and the exit code 2."""
    argv = sys.argv[1:] if args is None else args
    if "--debug" in argv or debugging():
        show_traceback(exc)
    error = exc if isinstance(exc, CardgenError) else translate(exc, 'running "cardgen"')
    error.show()
    return 2
