"""Running the lint rules over texts: a game's cards, or rules documents.

`lint_game` lints every card of a pool (its text, and its name for the rules that read
names); `lint_documents` lints rules documents (Markdown or plain text) against a game's
glossary. A `LintRun` runs the chosen rules, applies suppressions and turns their hits into
`LintFinding`s with a file, line and column and a stable fingerprint.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from cardgen.check.lint.finding import LintFinding
from cardgen.check.lint.rules import RULES, Hit, Rule, Severity, rule_sort_key
from cardgen.check.lint.selection import check_code, resolve_rules, suppressed
from cardgen.check.lint.text import TextUnit
from cardgen.check.lint.vocab import Analysis, Vocabulary
from cardgen.errors import Location, display_path
from cardgen.load.game import GamePack
from cardgen.load.text import read_text

MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown")


@dataclass
class LintRun:
    """One game's rules over a set of texts, collecting findings."""

    vocab: Vocabulary
    enabled: dict[str, Severity]
    findings: list[LintFinding] = field(default_factory=list)
    reported: set[tuple[int, int]] = field(default_factory=set)

    def run(self, units: list[TextUnit]) -> list[LintFinding]:
        """Every enabled rule over the units; the findings, sorted and fingerprinted."""
        analyses = [self.vocab.analyse(unit) for unit in units]
        rules = [RULES[code] for code in self.enabled]
        by_part = {
            part: [r for r in rules if r.check is not None and part in r.fields]
            for part in ("text", "name", "document")
        }
        for analysis in analyses:
            for rule in by_part[analysis.unit.part]:
                assert rule.check is not None
                for hit in rule.check(self.vocab, analysis):
                    self._add(rule, analysis, hit)
        for rule in rules:
            if rule.set_check is not None:
                chosen = [a for a in analyses if a.unit.part in rule.fields]
                for analysis, hit in rule.set_check(self.vocab, chosen, self.reported):
                    self._add(rule, analysis, hit)
        return self._finish()

    def _add(self, rule: Rule, analysis: Analysis, hit: Hit) -> None:
        unit = analysis.unit
        line, col = unit.position(hit.start)
        if unit.card is not None and suppressed(unit.card.lint_ignore, rule.code):
            return
        if unit.kind == "document" and (
            suppressed(unit.file_suppressed, rule.code)
            or suppressed(unit.suppressed.get(line, ()), rule.code)
        ):
            return
        if rule.code in ("TX101", "TX102"):
            self.reported.add((id(analysis), hit.start))
        end_line, end_col = unit.position(max(hit.start, hit.end - 1))
        context = unit.card.name if unit.card is not None else unit.line_text(hit.start)
        cell = self._cell(unit)
        key = "|".join((rule.code, unit.path, unit.part, context, unit.text[hit.start : hit.end]))
        self.findings.append(
            LintFinding(
                path=unit.path,
                line=line,
                col=col,
                end_col=(end_col + 1) if end_line == line else col,
                code=rule.code,
                name=rule.name,
                severity=self.enabled[rule.code],
                message=hit.message,
                card=unit.card.name if unit.card is not None else None,
                suggestion=hit.suggestion,
                fingerprint=key,
                game=self.vocab.pack.id,
                sheet=cell.sheet if cell is not None else None,
                cell=cell.cell if cell is not None else None,
            )
        )

    def _cell(self, unit: TextUnit) -> Location | None:
        """The spreadsheet cell of a card's text or name (None outside spreadsheets)."""
        card = unit.card
        source = self.vocab.pack.source
        if card is None or card.source_sheet is None or source is None:
            return None
        return source.at(card.location, unit.part)

    def _finish(self) -> list[LintFinding]:
        """Sort, and turn each finding's key into a stable fingerprint (the Nth finding with
        the same rule, file, card or line text and matched text)."""
        ordered = sorted(
            self.findings, key=lambda f: (f.path, f.line, f.col, rule_sort_key(f.code))
        )
        seen: Counter[str] = Counter()
        result = []
        for finding in ordered:
            seen[finding.fingerprint] += 1
            digest = hashlib.sha256(
                f"{finding.fingerprint}|{seen[finding.fingerprint]}".encode()
            ).hexdigest()[:16]
            result.append(replace(finding, fingerprint=digest))
        return result


def card_units(pack: GamePack) -> list[TextUnit]:
    """Every card's text (when it has one) and name."""
    units = []
    for card in pack.cards:
        if card.text.strip():
            units.append(TextUnit.for_card(card, "text"))
        units.append(TextUnit.for_card(card, "name"))
    return units


def lint_game(
    pack: GamePack,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    *,
    project_root: Path | None = None,
) -> list[LintFinding]:
    """Lint the text and names of every card of a game's pool (`project_root` is needed by
    TX1001 only, to find the game's layouts)."""
    enabled = resolve_rules(pack, select, ignore)
    return LintRun(Vocabulary.build(pack, project_root), enabled).run(card_units(pack))


def document_unit(path: Path) -> TextUnit:
    """A rules document read from disk (Markdown by its suffix, else plain text)."""
    raw = read_text(path, allow_empty=True)
    shown = display_path(path)
    unit = TextUnit.for_document(shown, raw, path.suffix.lower() in MARKDOWN_SUFFIXES)
    for line, code in unit.suppression_codes():
        check_code(code, Location(shown, line))
    return unit


def lint_documents(
    pack: GamePack,
    paths: Sequence[Path],
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    *,
    project_root: Path | None = None,
) -> list[LintFinding]:
    """Lint rules documents against a game's glossary (each document counts on its own for
    the quote style; term consistency counts over all the documents given)."""
    enabled = resolve_rules(pack, select, ignore)
    units = [document_unit(path) for path in paths]
    return LintRun(Vocabulary.build(pack, project_root), enabled).run(units)
