"""A lint finding: where it is, which rule found it, how bad it is and what to write instead.

Its own module so that code that shows findings (the proof gallery) needs nothing of the
code that finds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgen.check.lint.rules import Severity
from cardgen.errors import sheet_ref


@dataclass(frozen=True, slots=True)
class LintFinding:
    """One lint finding: where, which rule, how bad, what, and what to write instead."""

    path: str
    line: int
    col: int
    end_col: int
    code: str
    name: str
    severity: Severity
    message: str
    card: str | None = None
    suggestion: str | None = None
    fingerprint: str = ""
    game: str = ""
    sheet: str | None = None
    """A card of a spreadsheet pool: its sheet (`line` is the row)."""
    cell: str | None = None
    """A card of a spreadsheet pool: the cell holding the text (`C14`)."""

    def as_json(self) -> dict[str, Any]:
        """The finding in `cardgen lint --format json`."""
        place = {"sheet": self.sheet, "cell": self.cell} if self.sheet is not None else {}
        return place | {
            "path": self.path,
            "line": self.line,
            "col": self.col,
            "end_col": self.end_col,
            "code": self.code,
            "name": self.name,
            "severity": self.severity,
            "message": self.message,
            "card": self.card,
            "suggestion": self.suggestion,
            "fingerprint": self.fingerprint,
            "game": self.game,
        }

    def __str__(self) -> str:
        level = "" if self.severity == "error" else f" [{self.severity}]"
        card = f'card "{self.card}": ' if self.card else ""
        where = f"{self.path}:{self.line}:{self.col}"
        if self.sheet is not None and self.cell is not None:
            where = f"{self.path}:{sheet_ref(self.sheet)}!{self.cell}"
        return f"{where}: {self.code}{level} {card}{self.message}"
