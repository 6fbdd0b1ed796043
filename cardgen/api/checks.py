"""The API's judgements: deck lists validated, a game checked and linted, a deck reported.

Each returns a frozen result whose `as_json()` is what the command's `--format json`
prints and whose `text()` is what it prints for people.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.api.projects import PathLike, ProjectLike, load_json, opened_for, project_of

if TYPE_CHECKING:
    from cardgen.check.assumptions import PlacedAssumption
    from cardgen.check.deck_report import DeckStats
    from cardgen.check.findings import DeckReport, Finding
    from cardgen.check.lint.targets import LintReport
    from cardgen.load.game import GamePack
    from cardgen.project import Project


@dataclass(frozen=True)
class Validation:
    """Deck lists judged against their game's construction rules."""

    reports: tuple[DeckReport, ...]

    @property
    def legal(self) -> bool:
        """Every list is legal (the command's exit code 0)."""
        return all(report.legal for report in self.reports)

    def as_json(self) -> dict[str, Any]:
        """`cardgen validate --format json`."""
        return {"decks": [report.as_json() for report in self.reports]}

    def text(self) -> str:
        """Each list's verdict and its first violations, as `cardgen validate` prints them."""
        from cardgen.report import deck_reports_text

        return deck_reports_text(list(self.reports))


def validate(
    project: ProjectLike,
    decks: Sequence[PathLike],
    *,
    game: str | None = None,
    building: bool = False,
) -> Validation:
    """Judge deck list files (or folders of them) against their game's rules; `building`:
    a deck still being built, short of cards, is only warned about. Lists that do not load
    raise, all together."""
    from cardgen.validate import validate_decks

    paths = [Path(deck) for deck in decks]
    reports = validate_decks(project_of(project), paths, game=game, building=building)
    return Validation(tuple(reports))


@dataclass(frozen=True)
class CheckResult:
    """A game's own data and its layouts checked, as `cardgen check` does."""

    pack: GamePack
    """The game as loaded (its pool's source and loading's notes with it)."""
    findings: tuple[Finding, ...]
    assumptions: tuple[PlacedAssumption, ...]
    """What a layout takes for granted about where it is drawn (said with --verbose)."""

    @property
    def ok(self) -> bool:
        """No finding is an error (the command's exit code 0)."""
        return not any(finding.severity == "error" for finding in self.findings)

    def as_json(self) -> dict[str, Any]:
        """`cardgen check --format json`."""
        pack = self.pack
        return {
            "game": pack.id,
            "ok": self.ok,
            "cards": len(pack.cards),
            "findings": [f.as_json() for f in self.findings],
            "assumptions": [a.as_json() for a in self.assumptions],
            "art": [{"card": n, **origin.as_json()} for n, origin in pack.art.items()],
            **load_json(pack),
        }

    def text(self) -> str:
        """The findings as `cardgen check` prints them."""
        from cardgen.report import findings_text

        return findings_text(self.pack, list(self.findings))

    def art_lines(self) -> list[str]:
        """Where each card's art was found (`cardgen check --verbose`)."""
        from cardgen.load.art_convention import art_lines

        return art_lines(self.pack.cards, self.pack.art)


def check(project: ProjectLike, game: str) -> CheckResult:
    """Check a game's own data (pool against box, bounds, pairs, chains, boards) and its
    layouts as they will be drawn."""
    from cardgen.check.assumptions import placed_assumptions
    from cardgen.check.game_checks import check_game

    pack = project_of(project).game(game)
    return CheckResult(pack, tuple(check_game(pack)), tuple(placed_assumptions(pack)))


@dataclass(frozen=True)
class LintResult:
    """Card text and rules documents linted against each game's glossary."""

    report: LintReport
    root: Path
    """The project's folder (SARIF names files from it)."""

    @property
    def exit_code(self) -> int:
        """`cardgen lint`'s exit code: 1 when a finding is an error, else 0."""
        return self.report.exit_code

    def as_json(self) -> dict[str, Any]:
        """`cardgen lint --format json`."""
        from cardgen.check.lint.output import as_json

        return as_json(self.report)

    def text(self) -> str:
        """The findings as `cardgen lint` prints them."""
        from cardgen.check.lint.output import as_text

        return as_text(self.report)

    def trace(self) -> str:
        """`--verbose`: each number of the documents, read as a claim (with the fact it was
        held against) or left unread (with why), one line each."""
        return "\n".join(self.report.trace)

    def sarif(self) -> dict[str, Any]:
        """A SARIF 2.1.0 log (`--format sarif`)."""
        from cardgen.check.lint.output import as_sarif

        return as_sarif(self.report, self.root)

    def github(self) -> str:
        """GitHub Actions annotations (`--format github`), one line a finding."""
        from cardgen.check.lint.output import as_github

        return as_github(self.report) if self.report.findings else ""


def lint(
    project: ProjectLike,
    targets: Sequence[str] = (),
    *,
    game: str | None = None,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    verbose: bool = False,
) -> LintResult:
    """Lint games' card pools (`targets` naming games, or all) and rules documents (paths,
    against `game` or the game whose folder holds them); `select` and `ignore` take rule
    codes and prefixes; `verbose` also traces the numbers of each document (`trace`)."""
    from cardgen.check.lint import lint_targets

    opened = project_of(project)
    report = lint_targets(opened, targets, game=game, select=select, ignore=ignore, verbose=verbose)
    return LintResult(report, opened.root)


def explain_rule(code: str) -> str:
    """A lint rule's documentation (by code or name), as `cardgen lint --explain` prints it."""
    from cardgen.check.lint.explain import explain

    return explain(code)


@dataclass(frozen=True)
class Report:
    """A deck list's (or a game's whole box's) shape, odds and matchups."""

    stats: DeckStats
    project: Project

    def as_json(self) -> dict[str, Any]:
        """`cardgen report --format json`."""
        return self.stats.as_json()

    def text(self) -> str:
        """The report as `cardgen report` prints it."""
        from cardgen.check.deck_report_text import as_text

        return as_text(self.stats)

    def html(self) -> str:
        """A page of its own with inline SVG charts (`--format html`)."""
        from cardgen.reports.html import report_page

        return report_page(self.stats)

    def write_pdf(self, out: PathLike | None = None) -> Path:
        """Write the one-page PDF (default: `output/GAME/reports/DECK.pdf`); its path."""
        from cardgen.reports.pdf import write_report_pdf

        target = Path(out) if out is not None else None
        opened_for(self.project, target, file=True)
        return write_report_pdf(self.project.root, self.stats, target)


def report(
    project: ProjectLike,
    deck: str,
    *,
    game: str | None = None,
    against: PathLike | None = None,
    odds: Sequence[str] = (),
    turns: int = 5,
) -> Report:
    """Report a deck list file, or a game id (its whole box): counts, curves, draw odds for
    `turns` turns (with a row more for each `odds` selector) and duels `against` another
    list (default: the whole pool)."""
    from cardgen.check.deck_report import report as deck_report

    opened = project_of(project)
    vs = Path(against) if against is not None else None
    stats = deck_report(opened, deck, game=game, against=vs, odds=odds, turns=turns)
    return Report(stats, opened)
