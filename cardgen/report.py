"""Text reports of deck verdicts and check findings, for the terminal."""

from __future__ import annotations

from cardgen.check.findings import DeckReport, Finding, Violation
from cardgen.errors import visible, visible_lines
from cardgen.load.game import GamePack

MAX_SHOWN = 50


def violation_line(path: str, violation: Violation) -> str:
    """A deck's violation as `cardgen validate` prints it (without its indent): the deck
    list's file, line and column, the code, the rule, the message and the rule's section
    (`decks/x.txt:7:3: DK103 one-persona: ... [How to build a deck]`)."""
    where = path
    if violation.line is not None:
        where += f":{violation.line}"
        if violation.col is not None:
            where += f":{violation.col}"
    level = "" if violation.severity == "error" else " [warning]"
    cite = f" [{violation.cite}]" if violation.cite else ""
    return visible(f"{where}: {violation.code}{level} {violation.rule}: {violation.message}{cite}")


def deck_reports_text(reports: list[DeckReport]) -> str:
    """Each deck list's verdict and its first violations, as text lines."""
    lines: list[str] = []
    for report in reports:
        verdict = "legal" if report.legal else "ILLEGAL"
        lines.append(
            f"{report.path}: {verdict} ({report.game}, {report.card_count}"
            f" card{'' if report.card_count == 1 else 's'})"
        )
        for violation in report.violations[:MAX_SHOWN]:
            lines.append("  " + violation_line(report.path, violation))
        if len(report.violations) > MAX_SHOWN:
            lines.append(f"  ... and {len(report.violations) - MAX_SHOWN} more")
    errors = sum(1 for r in reports for v in r.violations if v.severity == "error")
    warnings = sum(1 for r in reports for v in r.violations if v.severity == "warning")
    illegal = sum(1 for r in reports if not r.legal)
    lines.append(
        f"{len(reports)} deck{'s' if len(reports) != 1 else ''}: {illegal} illegal,"
        f" {errors} error{'s' if errors != 1 else ''},"
        f" {warnings} warning{'s' if warnings != 1 else ''}"
    )
    return visible_lines(lines)


def findings_text(pack: GamePack, findings: list[Finding]) -> str:
    """A game's check findings (the first of them) and a summary line, as text."""
    lines = [str(f) for f in findings[:MAX_SHOWN]]
    if len(findings) > MAX_SHOWN:
        lines.append(f"... and {len(findings) - MAX_SHOWN} more")
    copies = sum(c.copies for c in pack.cards)
    if findings:
        warnings = sum(1 for f in findings if f.severity == "warning")
        counted = f" ({warnings} warning{'s' if warnings != 1 else ''})" if warnings else ""
        lines.append(
            f"{pack.game.name}: {len(findings)} finding{'s' if len(findings) != 1 else ''}"
            + counted
        )
    else:
        lines.append(f"{pack.game.name}: ok ({len(pack.cards)} cards, {copies} copies in the box)")
    return visible_lines(lines)
