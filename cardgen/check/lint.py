"""`cardgen lint`: card text and rules documents checked against each game's glossary.

`lint_game` lints every card of a pool (its text, and its name for the rules that read
names); `lint_documents` lints rules documents (Markdown or plain text) against a game's
glossary; `lint_targets` is what the command runs. The rules live in `lint_rules` (and
`lint_icons`), one function each; this module selects them, runs them, applies
suppressions and turns their hits into `LintFinding`s with a file, line and column.

Selection: `--select` / `--ignore` take full codes, prefixes (`TX1`: TX101 to TX199, not
TX1101, whose family is 11) or `ALL`. Without `--select`, the game's `lint.select`
applies, else every rule that is on by default; the game's `lint.ignore` and `--ignore`
take rules away (a `--select` on the command line sets the game's `lint.ignore` aside).
Opt-in rules (TX1001, which renders every card) run only when selected by their full code
or by `ALL`.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardgen.check import lint_icons as _lint_icons  # noqa: F401 - registers TX1101
from cardgen.check.lint_rules import RULES, Hit, Rule, Severity
from cardgen.check.lint_text import TextUnit
from cardgen.check.lint_vocab import Analysis, Vocabulary
from cardgen.errors import CardgenError, Location, display_path, sheet_ref
from cardgen.load.game import GamePack
from cardgen.load.text import read_text
from cardgen.load.validation import did_you_mean
from cardgen.project import Project

JSON_VERSION = 1
"""Version of the `--format json` document; raised when a key changes meaning."""

MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown")


def rule_sort_key(code: str) -> tuple[str, int]:
    """TX101 < TX201 < TX1001: by family, then by number."""
    letters = code.rstrip("0123456789")
    return (letters, int(code[len(letters) :] or 0))


def all_rules() -> list[Rule]:
    """Every rule, in code order."""
    return sorted(RULES.values(), key=lambda r: rule_sort_key(r.code))


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


# --- selection --------------------------------------------------------------------------------


def split_codes(values: Iterable[str] | None) -> list[str]:
    """`["TX1,RF101", "TX9"]` -> `["TX1", "RF101", "TX9"]`, upper case."""
    codes: list[str] = []
    for value in values or ():
        codes.extend(part.strip().upper() for part in value.replace(";", ",").split(",") if part)
    return [c for c in codes if c]


def covers(selector: str, code: str) -> bool:
    """Whether a selector (a code, or a prefix of codes) names a rule code. The digits of a
    prefix never stop inside a code's family (its number but the last two digits): `TX1`
    names TX101 to TX199, not TX1101 (family 11), which `TX11` names."""
    if not code.startswith(selector):
        return False
    letters = len(code.rstrip("0123456789"))
    digits = max(0, len(selector) - letters)
    return digits == 0 or digits >= len(code) - letters - 2


def check_code(code: str, location: Location | None = None) -> None:
    """A selector must be `ALL`, a rule code or the prefix of one."""
    if code == "ALL" or any(covers(code, r) for r in RULES):
        return
    raise CardgenError(
        f'unknown lint rule "{code}"{did_you_mean(code, list(RULES))}'
        " (a code such as TX101, a prefix such as TX1, or ALL)",
        location,
    )


def _selects(selector: str, rule: Rule) -> bool:
    if selector == "ALL":
        return True
    return rule.code == selector if rule.opt_in else covers(selector, rule.code)


def resolve_rules(
    pack: GamePack | None, select: Sequence[str] | None, ignore: Sequence[str] | None
) -> dict[str, Severity]:
    """The rules to run for a game, code -> severity (the game's `lint.severity` applied)."""
    cli_select, cli_ignore = split_codes(select), split_codes(ignore)
    for code in cli_select + cli_ignore:
        check_code(code)
    config = pack.game.lint if pack is not None else None
    if pack is not None and config is not None:
        for key in ("select", "ignore"):
            for index, code in enumerate(getattr(config, key)):
                check_code(code.upper(), pack.doc.location(["lint", key, index]))
        for code in config.severity:
            if code.upper() not in RULES:
                raise CardgenError(
                    f'unknown lint rule "{code}"{did_you_mean(code, list(RULES))}',
                    pack.doc.key_location(["lint", "severity", code]),
                )
    game_select = [c.upper() for c in config.select] if config else []
    chosen = cli_select or game_select
    ignored = list(cli_ignore)
    if config is not None and not cli_select:
        ignored += [c.upper() for c in config.ignore]
    enabled: dict[str, Severity] = {}
    for rule in all_rules():
        on = any(_selects(s, rule) for s in chosen) if chosen else not rule.opt_in
        if on and not any(s == "ALL" or covers(s, rule.code) for s in ignored):
            severity = rule.severity
            if config is not None:
                severity = config.severity.get(rule.code, severity)
            enabled[rule.code] = severity
    return enabled


def suppressed(codes: Iterable[str], code: str) -> bool:
    """Whether a list of suppressions (codes, prefixes, `ALL`) covers a rule code."""
    return any(c == "ALL" or covers(c, code) for c in codes)


# --- running ------------------------------------------------------------------------------------


@dataclass
class _Run:
    """One game's rules over a set of texts, collecting findings."""

    vocab: Vocabulary
    enabled: dict[str, Severity]
    findings: list[LintFinding] = field(default_factory=list)
    reported: set[tuple[int, int]] = field(default_factory=set)

    def run(self, units: list[TextUnit]) -> list[LintFinding]:
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
    return _Run(Vocabulary.build(pack, project_root), enabled).run(card_units(pack))


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
    return _Run(Vocabulary.build(pack, project_root), enabled).run(units)


# --- the command ----------------------------------------------------------------------------


@dataclass
class LintReport:
    """What one `cardgen lint` run looked at and found."""

    findings: list[LintFinding] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    documents: list[str] = field(default_factory=list)
    cards: int = 0
    rules: dict[str, Severity] = field(default_factory=dict)

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity == "error")

    @property
    def exit_code(self) -> int:
        """0 clean (no error-severity finding), 1 errors found."""
        return 1 if self.errors else 0

    def counts(self) -> dict[str, int]:
        counted = Counter(f.severity for f in self.findings)
        return {level: counted.get(level, 0) for level in ("error", "warning", "info")}


def lint_targets(
    project: Project,
    targets: Sequence[str],
    game: str | None = None,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
) -> LintReport:
    """What `cardgen lint` does: each target is a game id (its pool is linted) or a file (a
    rules document, linted against `--game`, or the game whose folder holds it). No target
    and no `--game`: every game of the project."""
    report = LintReport()
    pools: list[str] = []
    documents: dict[str, list[Path]] = {}
    ids = project.game_ids()
    if game is not None and not targets:
        pools.append(game)
    elif not targets:
        pools.extend(ids)
    for target in targets:
        path = Path(target)
        if game is None and target in ids and not path.is_file():
            pools.append(target)
            continue
        if not path.exists():
            hint = did_you_mean(target, ids)
            raise CardgenError(f"no such game or file{hint}", Location(display_path(path)))
        owner = game or project.game_for_path(path)
        if owner is None:
            raise CardgenError(
                "which game's glossary? name it with --game", Location(display_path(path))
            )
        documents.setdefault(owner, []).append(path)
    root = project.root
    for game_id in pools:
        pack = project.game(game_id)
        report.findings.extend(lint_game(pack, select, ignore, project_root=root))
        report.rules.update(resolve_rules(pack, select, ignore))
        report.games.append(game_id)
        report.cards += len(pack.cards)
    for game_id, paths in documents.items():
        pack = project.game(game_id)
        report.findings.extend(lint_documents(pack, paths, select, ignore, project_root=root))
        report.rules.update(resolve_rules(pack, select, ignore))
        report.documents.extend(display_path(p) for p in paths)
    return report
