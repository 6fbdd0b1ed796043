"""What the proof gallery shows on the cards: render warnings, check findings and lint
findings as one sorted list of notes. The build hands over the findings it already made;
the gallery never checks or lints a game itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardgen.check.findings import Finding
    from cardgen.check.lint import LintFinding
    from cardgen.render.game import RenderResult

SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True, slots=True)
class Note:
    """Something to look at on a card: a lint finding, a check finding, a render warning."""

    source: str
    code: str
    severity: str
    message: str
    card: str | None

    def sort_key(self) -> tuple[int, str, str, str]:
        """Errors first, then warnings, then the rest; by code, source and message."""
        rank = SEVERITIES.index(self.severity) if self.severity in SEVERITIES else 3
        return (rank, self.code, self.source, self.message)


def collect_notes(
    rendered: RenderResult, checks: Sequence[Finding], lints: Sequence[LintFinding]
) -> list[Note]:
    """Render warnings, check findings and lint findings, worst first."""
    notes = [Note("render", w.code, "warning", w.message, w.card) for w in rendered.warnings]
    notes += [Note("check", f.code, f.severity, f.message, f.card) for f in checks]
    for finding in lints:
        message = finding.message
        if finding.suggestion:
            message += f" (suggestion: {finding.suggestion})"
        notes.append(Note("lint", finding.code, str(finding.severity), message, finding.card))
    return sorted(notes, key=Note.sort_key)
