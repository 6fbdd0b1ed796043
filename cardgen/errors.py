"""The error family: every library error is a click exception, so the CLI needs no try/except.

Bad input exits with code 2 and a one-line message that names the file and the line.
Several problems found at once are reported together, one line each.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import click

_PLAIN_SHEET = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")


def column_letters(col: int) -> str:
    """A spreadsheet column's letters: 1 -> `A`, 27 -> `AA`."""
    letters = ""
    while col > 0:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def sheet_ref(sheet: str) -> str:
    """A sheet name as a cell reference writes it: `Cards`, or `'My cards'` quoted."""
    if _PLAIN_SHEET.fullmatch(sheet) and not re.fullmatch(r"[A-Za-z]{1,3}[0-9]+", sheet):
        return sheet
    return "'" + sheet.replace("'", "''") + "'"


@dataclass(frozen=True, slots=True)
class Location:
    """Where a value came from: a file, and a 1-based line and column when known.

    In a spreadsheet (`sheet` set) `line` is the row and `col` the column, and the
    location reads as the spreadsheet names a cell: `cards.xlsx:Cards!C14`."""

    path: str
    line: int | None = None
    col: int | None = None
    sheet: str | None = None

    def __str__(self) -> str:
        text = self.path
        if self.sheet is not None:
            if self.line is None:
                return f"{text}:{sheet_ref(self.sheet)}"
            if self.col is None:
                return f"{text}:{sheet_ref(self.sheet)} row {self.line}"
            return f"{text}:{sheet_ref(self.sheet)}!{self.cell}"
        if self.line is not None:
            text += f":{self.line}"
            if self.col is not None:
                text += f":{self.col}"
        return text

    @property
    def cell(self) -> str | None:
        """The spreadsheet cell (`C14`), when this is a spreadsheet location with a column."""
        if self.sheet is None or self.line is None or self.col is None:
            return None
        return f"{column_letters(self.col)}{self.line}"


@dataclass(frozen=True, slots=True)
class Note:
    """Something a loader did that the user should know but that is not an error (a column
    the game does not define, ignored; an encoding guessed): printed as `note: ...`."""

    message: str
    location: Location | None = None

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location else self.message

    def as_json(self) -> dict[str, object]:
        """The note as JSON: its message, path and line (and sheet and cell in a workbook)."""
        where = self.location
        data: dict[str, object] = {
            "message": self.message,
            "path": where.path if where else None,
            "line": where.line if where else None,
        }
        if where is not None and where.sheet is not None:
            data["sheet"] = where.sheet
            data["cell"] = where.cell
        return data


SHOWN_NAME = 60
"""Characters of a name a message shows (a longer one is cut, `...` after it)."""


def short(text: str, limit: int = SHOWN_NAME) -> str:
    """`text` for a message: cut after `limit` characters, `...` after it (a 1 MB card
    name in a deck list is shown as its first 60 characters)."""
    return text if len(text) <= limit else text[:limit] + "..."


def visible(text: str) -> str:
    """Text safe to print on one terminal line: control characters (a newline, an escape
    sequence from a hostile file) shown as escapes such as `\\x1b` instead of acting."""
    if text.isprintable():
        return text
    return "".join(
        c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii")
        for c in text
    )


def visible_lines(lines: Iterable[str]) -> str:
    """Lines for the terminal (stdout as well as stderr), each made `visible`: a line break
    or an escape sequence in a file or card name stays on its line as an escape."""
    return "\n".join(visible(line) for line in lines)


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
        """Print the error as one `error:` line (to stderr unless `file` is given)."""
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
        """Print each error on its own `error:` line, and their count when more than one."""
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
        """Collect an error with its message and place."""
        self.errors.append(CardgenError(message, location))

    def extend(self, errors: Iterable[CardgenError]) -> None:
        """Collect several errors (an `InputErrors` is taken apart into its own)."""
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

    def raise_if_any(self, limit: int | None = None, where: Location | None = None) -> None:
        """Raise the problems collected (each once); with `limit`, the first `limit` of
        them and one line `... and N more problems` at `where`."""
        self.unique()
        if limit is not None and len(self.errors) > limit:
            rest = len(self.errors) - limit
            more = CardgenError(f"... and {rest:,} more problem{'s' if rest > 1 else ''}", where)
            self.errors = [*self.errors[:limit], more]
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
