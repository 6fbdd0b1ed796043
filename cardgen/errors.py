"""The error family: every library error is a click exception, so the CLI needs no try/except.

Bad input exits with code 2 and a one-line message that names the file and the line.
Several problems found at once are reported together, one line each.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import click


@dataclass(frozen=True, slots=True)
class Location:
    """Where a value came from: a file, and a 1-based line and column when known."""

    path: str
    line: int | None = None
    col: int | None = None

    def __str__(self) -> str:
        text = self.path
        if self.line is not None:
            text += f":{self.line}"
            if self.col is not None:
                text += f":{self.col}"
        return text


def visible(text: str) -> str:
    """Text safe to print on one terminal line: control characters (a newline, an escape
    sequence from a hostile file) shown as escapes such as `\\x1b` instead of acting."""
    if text.isprintable():
        return text
    return "".join(
        c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii")
        for c in text
    )


def display_path(path: str | Path) -> str:
    """A path as users should read it: relative to the working directory when inside it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(p)


class CardgenError(click.ClickException):
    """Bad input or usage: exit code 2, one line per problem, never a traceback."""

    exit_code = 2

    def __init__(self, message: str, location: Location | None = None) -> None:
        self.location = location
        self.problem = message
        super().__init__(f"{location}: {message}" if location else message)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole (a worker process's error reaches the main one with its place)."""
        return (type(self), (self.problem, self.location))

    def show(self, file: IO[Any] | None = None) -> None:
        message = visible(self.format_message())
        click.echo(f"error: {message}", file=file if file is not None else sys.stderr)


class InputErrors(CardgenError):
    """Several bad-input problems, collected and reported together."""

    def __init__(self, errors: Iterable[CardgenError]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(e.format_message() for e in self.errors))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.errors,))

    def show(self, file: IO[Any] | None = None) -> None:
        out = file if file is not None else sys.stderr
        for error in self.errors:
            click.echo(f"error: {visible(error.format_message())}", file=out)
        if len(self.errors) > 1:
            click.echo(f"{len(self.errors)} errors", file=out)


class ErrorCollector:
    """Collects problems while a loader goes on, then raises them all at once."""

    def __init__(self) -> None:
        self.errors: list[CardgenError] = []

    def add(self, message: str, location: Location | None = None) -> None:
        self.errors.append(CardgenError(message, location))

    def extend(self, errors: Iterable[CardgenError]) -> None:
        for error in errors:
            if isinstance(error, InputErrors):
                self.errors.extend(error.errors)
            else:
                self.errors.append(error)

    def __bool__(self) -> bool:
        return bool(self.errors)

    def unique(self) -> list[CardgenError]:
        """The problems, each message once, in the order found."""
        unique: dict[str, CardgenError] = {}
        for error in self.errors:
            unique.setdefault(error.format_message(), error)
        self.errors = list(unique.values())
        return list(self.errors)

    def raise_if_any(self) -> None:
        self.unique()
        if len(self.errors) == 1:
            raise self.errors[0]
        if self.errors:
            raise InputErrors(self.errors)


class InternalError(CardgenError):
    """An exception cardgen did not expect, told in one line: what it was doing and the
    exception (exit 2). Its cause keeps the traceback, which `--debug` shows. It survives
    a process pool: a worker's error reaches the main process with its message whole."""

    def __init__(self, doing: str, error: str) -> None:
        self.doing = doing
        self.error = error
        super().__init__(
            f"internal error while {doing}: {error}; run with --debug for the traceback"
        )

    def __reduce__(self) -> tuple[type[InternalError], tuple[str, str]]:
        return (type(self), (self.doing, self.error))
