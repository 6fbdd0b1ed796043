"""Findings: what a check or a deck rule found, with numbers and a position."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from cardgen.errors import Location
from cardgen.model.card import Card

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Violation:
    """A deck that breaks a rule: the rule, the numbers, the cards and the line."""

    rule: str
    code: str
    kind: str
    message: str
    severity: Severity = "error"
    actual: int | None = None
    limit: int | None = None
    delta: int | None = None
    cards: tuple[str, ...] = ()
    line: int | None = None
    col: int | None = None
    cite: str = ""
    rule_message: str = ""
    suggestion: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The violation in `cardgen validate --format json`."""
        return {
            "rule": self.rule,
            "code": self.code,
            "kind": self.kind,
            "severity": self.severity,
            "message": self.message,
            "actual": self.actual,
            "limit": self.limit,
            "delta": self.delta,
            "cards": list(self.cards),
            "line": self.line,
            "col": self.col,
            "cite": self.cite,
            "rule_message": self.rule_message,
            "suggestion": self.suggestion,
        }


@dataclass(frozen=True, slots=True)
class Finding:
    """A problem in a game's own data, found by `cardgen check`."""

    check: str
    code: str
    message: str
    path: str
    line: int | None = None
    card: str | None = None
    severity: Severity = "error"
    cite: str = ""
    sheet: str | None = None
    """In a spreadsheet pool: the sheet (`line` is then the row)."""
    col: int | None = None
    """The column: of the cell in a spreadsheet pool, of the value in a YAML file."""

    def as_json(self) -> dict[str, Any]:
        """The finding in `cardgen check --format json`."""
        data = {
            "check": self.check,
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "path": self.path,
            "line": self.line,
            "card": self.card,
            "cite": self.cite,
        }
        if self.sheet is not None:
            data["sheet"] = self.sheet
            data["cell"] = Location(self.path, self.line, self.col, self.sheet).cell
        elif self.col is not None:
            data["col"] = self.col
        return data

    @property
    def where(self) -> str:
        """Where the finding is, as its line begins: `file:line`, `file:line:col`, a cell."""
        if self.sheet is not None or (self.line and self.col):
            return str(Location(self.path, self.line, self.col, self.sheet))
        return self.path + (f":{self.line}" if self.line else "")

    def __str__(self) -> str:
        level = "" if self.severity == "error" else " [warning]"
        return f"{self.where}: {self.code}{level} {self.check}: {self.message}"


@dataclass(frozen=True)
class DeckReport:
    """The verdict on one deck list."""

    path: str
    game: str
    name: str
    card_count: int
    violations: list[Violation] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        """Whether no violation is an error (warnings keep a deck legal)."""
        return not any(v.severity == "error" for v in self.violations)

    def as_json(self) -> dict[str, Any]:
        """The verdict in `cardgen validate --format json`."""
        return {
            "path": self.path,
            "game": self.game,
            "name": self.name,
            "legal": self.legal,
            "card_count": self.card_count,
            "violations": [v.as_json() for v in self.violations],
        }


def card_finding(check: str, code: str, message: str, card: Card, cite: str = "") -> Finding:
    """A finding about a card, at its place in the pool (its line, or its sheet and cell)."""
    return Finding(
        check,
        code,
        message,
        card.source_path,
        card.source_line,
        card.name,
        cite=cite,
        sheet=card.source_sheet,
        col=card.source_col,
    )
