"""`cardgen lint` output: text lines, JSON, SARIF 2.1.0 and GitHub annotations.

- text: `path:line:col: CODE message`, `CODE [warning]` for a non-error, then a summary;
- json: `{"version", "findings": [...], "summary"}` (design.md section 4, plus more keys);
- sarif: one run whose driver lists the rules that ran, results with repo-relative paths
  and a stable `partialFingerprints.primaryLocationLineHash`;
- github: `::error file=...,line=...,col=...,title=...::message` workflow commands.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.check.lint import JSON_VERSION, LintFinding, LintReport, all_rules
from cardgen.check.lint_rules import RULES, Rule
from cardgen.errors import visible_lines

DOCS_PAGE = "docs/lint.md"
"""The rule pages, in the repository; each rule's section is `docs/lint.md#<code>`."""
DOCS_URL_VARIABLE = "CARDGEN_DOCS_URL"
"""Where the rule pages are published, when they are: set this to get absolute help links
in SARIF (`helpUri`, `informationUri`). cardgen has no public address of its own."""

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_LEVELS = {"error": "error", "warning": "warning", "info": "note"}
GITHUB_LEVELS = {"error": "error", "warning": "warning", "info": "notice"}
MAX_SHOWN = 200


def docs_url() -> str | None:
    """The published address of the rule pages, if one is configured."""
    return os.environ.get(DOCS_URL_VARIABLE) or None


def rule_url(code: str) -> str:
    """The documentation of a rule: its published page when configured, else its section
    of docs/lint.md in the repository."""
    base = docs_url()
    return f"{base.rstrip('/')}#{code.lower()}" if base else f"{DOCS_PAGE}#{code.lower()}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary_line(report: LintReport) -> str:
    """`3 errors, 1 warning in 2 games (124 cards) and 1 document`, or `clean: ...`."""
    counts = report.counts()
    scope = []
    if report.games:
        scope.append(f"{_plural(len(report.games), 'game')} ({_plural(report.cards, 'card')})")
    if report.documents:
        scope.append(_plural(len(report.documents), "document"))
    where = " and ".join(scope) or "nothing"
    if not report.findings:
        return f"clean: {where}"
    parts = [_plural(counts["error"], "error"), _plural(counts["warning"], "warning")]
    if counts["info"]:
        parts.append(f"{counts['info']} info")
    return f"{', '.join(parts)} in {where}"


def as_text(report: LintReport) -> str:
    """One line per finding (at most MAX_SHOWN), then the summary."""
    lines = [str(f) for f in report.findings[:MAX_SHOWN]]
    if len(report.findings) > MAX_SHOWN:
        lines.append(f"... and {len(report.findings) - MAX_SHOWN} more")
    lines.append(summary_line(report))
    return visible_lines(lines)


def as_json(report: LintReport) -> dict[str, Any]:
    """The JSON document: version, findings and counts."""
    return {
        "version": JSON_VERSION,
        "findings": [f.as_json() | {"url": rule_url(f.code)} for f in report.findings],
        "games": report.games,
        "documents": report.documents,
        "summary": report.counts(),
    }


def _uri(path: str, root: Path) -> str:
    """A finding's path relative to the project root, with forward slashes."""
    absolute = Path(path).resolve()
    try:
        relative = absolute.relative_to(root.resolve())
    except ValueError:
        relative = Path(os.path.relpath(absolute, root.resolve()))
    return relative.as_posix()


def _sarif_rule(rule: Rule, severity: str) -> dict[str, Any]:
    doc = (rule.check or rule.set_check).__doc__ if (rule.check or rule.set_check) else None
    full = " ".join((doc or rule.summary).split())
    data: dict[str, Any] = {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": full},
        "help": {"text": f"See {DOCS_PAGE}#{rule.code.lower()} in the cardgen repository."},
        "defaultConfiguration": {"level": SARIF_LEVELS[severity]},
        "properties": {"tags": ["cardgen", rule.code.rstrip("0123456789").lower()]},
    }
    if docs_url():
        data["helpUri"] = rule_url(rule.code)
    return data


def _sarif_result(finding: LintFinding, index: int, root: Path) -> dict[str, Any]:
    region: dict[str, int] = {
        "startLine": finding.line,
        "startColumn": finding.col,
        "endLine": finding.line,
        "endColumn": max(finding.end_col, finding.col),
    }
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "ruleIndex": index,
        "level": SARIF_LEVELS[finding.severity],
        "message": {"text": (f'card "{finding.card}": ' if finding.card else "") + finding.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": _uri(finding.path, root)},
                    "region": region,
                }
            }
        ],
        "partialFingerprints": {"primaryLocationLineHash": finding.fingerprint},
    }
    properties: dict[str, Any] = {}
    if finding.suggestion is not None:
        properties["suggestion"] = finding.suggestion
    if finding.sheet is not None:  # a spreadsheet pool: the region's line is the row
        properties |= {"sheet": finding.sheet, "cell": finding.cell}
    if properties:
        result["properties"] = properties
    return result


def as_sarif(report: LintReport, root: Path) -> dict[str, Any]:
    """A SARIF 2.1.0 log: one run, the rules that ran in the driver, one result a finding."""
    used = set(report.rules) | {f.code for f in report.findings}
    rules = [r for r in all_rules() if r.code in used]
    index = {rule.code: position for position, rule in enumerate(rules)}
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "cardgen",
                        "version": __version__,
                        **({"informationUri": docs_url()} if docs_url() else {}),
                        "rules": [
                            _sarif_rule(r, report.rules.get(r.code, r.severity)) for r in rules
                        ],
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": [_sarif_result(f, index[f.code], root) for f in report.findings],
            }
        ],
    }


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def as_github(report: LintReport) -> str:
    """GitHub Actions workflow commands, one annotation per finding."""
    lines = []
    for f in report.findings:
        level = GITHUB_LEVELS[f.severity]
        title = _escape_property(f"{f.code} {RULES[f.code].name}")
        properties = (
            f"file={_escape_property(f.path)},line={f.line},endLine={f.line},col={f.col},"
            f"endColumn={max(f.end_col, f.col)},title={title}"
        )
        card = f'card "{f.card}": ' if f.card else ""
        lines.append(f"::{level} {properties}::{_escape_data(card + f.message)}")
    return "\n".join(lines)
