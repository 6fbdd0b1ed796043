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

    def show(self, file: IO[Any] | None = None) -> None:
        message = visible(self.format_message())
        click.echo(f"error: {message}", file=file if file is not None else sys.stderr)


class InputErrors(CardgenError):
    """Several bad-input problems, collected and reported together."""

    def __init__(self, errors: Iterable[CardgenError]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(e.format_message() for e in self.errors))

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

    def raise_if_any(self) -> None:
        unique: dict[str, CardgenError] = {}
        for error in self.errors:
            unique.setdefault(error.format_message(), error)
        self.errors = list(unique.values())
        if len(self.errors) == 1:
            raise self.errors[0]
        if self.errors:
            raise InputErrors(self.errors)
