"""`cardgen lint`: its targets (game ids and rules documents) linted, in one report."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from cardgen.check.lint.claim_trace import trace_documents
from cardgen.check.lint.finding import LintFinding
from cardgen.check.lint.rules import Severity
from cardgen.check.lint.run import lint_documents, lint_game
from cardgen.check.lint.selection import resolve_rules
from cardgen.errors import CardgenError, Location, display_path
from cardgen.fuzzy import did_you_mean
from cardgen.project import Project


@dataclass(frozen=True)
class LintReport:
    """What one `cardgen lint` run looked at and found."""

    findings: list[LintFinding] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    documents: list[str] = field(default_factory=list)
    cards: int = 0
    rules: dict[str, Severity] = field(default_factory=dict)
    trace: list[str] = field(default_factory=list)
    """With `verbose`: what the claims lint read in each document, and what it left unread."""

    @property
    def errors(self) -> int:
        """How many findings are errors."""
        return sum(1 for f in self.findings if f.severity == "error")

    @property
    def exit_code(self) -> int:
        """0 clean (no error-severity finding), 1 errors found."""
        return 1 if self.errors else 0

    def counts(self) -> dict[str, int]:
        """How many findings of each severity, error first."""
        counted = Counter(f.severity for f in self.findings)
        return {level: counted.get(level, 0) for level in ("error", "warning", "info")}


def lint_targets(
    project: Project,
    targets: Sequence[str],
    game: str | None = None,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    *,
    verbose: bool = False,
) -> LintReport:
    """What `cardgen lint` does: each target is a game id (its pool is linted) or a file (a
    rules document, linted against `--game`, or the game whose folder holds it). No target
    and no `--game`: every game of the project. `verbose`: the report's `trace` says which
    claims of each document were read and which numbers were not."""
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
    root, cards = project.root, 0
    for game_id in pools:
        pack = project.game(game_id)
        report.findings.extend(lint_game(pack, select, ignore, project_root=root))
        report.rules.update(resolve_rules(pack, select, ignore))
        report.games.append(game_id)
        cards += len(pack.cards)
    for game_id, paths in documents.items():
        pack = project.game(game_id)
        report.findings.extend(lint_documents(pack, paths, select, ignore, project_root=root))
        report.rules.update(resolve_rules(pack, select, ignore))
        report.documents.extend(display_path(p) for p in paths)
        if verbose:
            report.trace.extend(trace_documents(pack, paths))
    return replace(report, cards=cards)
