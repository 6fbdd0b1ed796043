"""What a build found and says: each game's result (`GameBuild`), the summary table, a line
for each problem, the closing line of each game that was stopped or built despite problems
(what stopped it, where, and what to do), and the exit code."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError, InputErrors


@dataclass
class GameBuild:
    """What building one game did: filled in as the build goes (`add`, `add_error`), and
    handed on in a frozen `cardgen.api.BuildResult`."""

    game: str
    cards: int = 0
    drawn: int = 0
    reused: int = 0
    errors: list[str] = field(default_factory=list)
    """Errors in the game's data (a cell that did not load, a failed check): they stop it."""
    lint: list[str] = field(default_factory=list)
    """Card-text lint findings: reported; they stop the game only under `strict`."""
    warnings: list[str] = field(default_factory=list)
    """Check and render warnings: they fail the game only under `strict`."""
    notes: list[str] = field(default_factory=list)
    """What loading the game noticed that is no problem (a pool column ignored)."""
    files: list[Path] = field(default_factory=list)
    removed: list[Path] = field(default_factory=list)
    """Outputs of an earlier build that no card needs any more, deleted by this one."""
    seconds: float = 0.0
    built: bool = False
    unchanged: bool = False
    """Nothing changed since the last build: its recorded result, nothing loaded or made."""
    strict: bool = False
    bad_input: bool = False
    """Some of the game's data did not load (the command then exits 2)."""
    note: str = ""
    """One line: what stopped or failed the game, and what to do; empty when all is well."""
    steps: dict[str, float] = field(default_factory=dict)
    """Seconds per step of this build, in order: check (loading, checks and lint), render,
    pdf, sheets (TTS sprite sheets made), tts (the rest of the TTS export), gallery."""
    places: dict[str, list[str]] = field(default_factory=dict, repr=False)
    """Where each error, lint finding and warning is (by kind), for the closing line."""

    @property
    def ok(self) -> bool:
        """No error, and under `strict` no lint finding or warning either."""
        return not self.errors and not (self.strict and (self.lint or self.warnings))

    @property
    def status(self) -> str:
        """The summary table's word for the game: built, unchanged, STOPPED, ..."""
        if not self.built:
            return "STOPPED"
        if not self.ok:
            return "built with errors" if self.errors else "failed --strict"
        return "unchanged" if self.unchanged else "built"

    def add(self, kind: str, line: str, place: str) -> None:
        """Record an error, lint finding or warning (`kind` names the list) and its place."""
        getattr(self, kind).append(line)
        self.places.setdefault(kind, []).append(place)

    def add_error(self, error: CardgenError, suffix: str = "") -> None:
        """Record every problem of a library error as a data error."""
        for one in error.errors if isinstance(error, InputErrors) else [error]:
            self.add("errors", one.format_message() + suffix, str(one.location or ""))
        self.bad_input = True

    def as_json(self) -> dict[str, Any]:
        """The game's result as `cardgen build --format json` shows it."""
        return {
            "game": self.game,
            "ok": self.ok,
            "status": self.status,
            "note": self.note,
            "cards": self.cards,
            "drawn": self.drawn,
            "reused": self.reused,
            "unchanged": self.unchanged,
            "errors": self.errors,
            "lint": self.lint,
            "warnings": self.warnings,
            "notes": self.notes,
            "files": [str(p) for p in self.files],
            "removed": [str(p) for p in self.removed],
            "seconds": round(self.seconds, 3),
            "steps": {k: round(v, 3) for k, v in self.steps.items()},
        }

    def record(self) -> dict[str, Any]:
        """What the stamp keeps, for a build replayed unchanged."""
        return {
            "cards": self.cards,
            "errors": self.errors,
            "lint": self.lint,
            "warnings": self.warnings,
            "notes": self.notes,
            "note": self.note,
            "bad_input": self.bad_input,
        }


SHOWN_PLACES = 3
"""Places named in a game's closing line; the rest are counted."""


def _counted(count: int, what: str) -> str:
    return f"{count} {what}{'' if count == 1 else 's'}"


def _places(result: GameBuild, kinds: Iterable[str]) -> str:
    """The first few places of the problems of those kinds, `(a, b, c and 4 more)`."""
    seen = list(dict.fromkeys(p for kind in kinds for p in result.places.get(kind, []) if p))
    if not seen:
        return ""
    shown = ", ".join(seen[:SHOWN_PLACES])
    more = len(seen) - SHOWN_PLACES
    return f" ({shown}{f' and {more} more' if more > 0 else ''})"


def _strict_part(result: GameBuild) -> str:
    """`2 lint findings and 1 warning`: what fails the game under `strict` (else empty)."""
    if not result.strict:
        return ""
    parts = [
        _counted(len(items), what)
        for items, what in ((result.lint, "lint finding"), (result.warnings, "warning"))
        if items
    ]
    return " and ".join(parts)


def stopped_note(result: GameBuild, keep_going: bool) -> str:
    """The line saying what stopped a game before its outputs, and what to do."""
    causes = [_counted(len(result.errors), "data error")] if result.errors else []
    kinds = ["errors"]
    if _strict_part(result):
        causes.append(f"{_strict_part(result)} under --strict")
        kinds += ["lint", "warnings"]
    problems = len(result.errors) + (len(result.lint) + len(result.warnings)) * result.strict
    them = "it" if problems == 1 else "them"
    if keep_going:
        advice = f"no card could be built; fix {them}"
    elif result.errors:
        advice = f"fix {them} or run with --keep-going"
    else:
        advice = f"fix {them} or run without --strict"
    why = " and ".join(causes)
    return f"{result.game}: STOPPED by {why}{_places(result, kinds)}; {advice}"


def built_note(result: GameBuild, *, left_out: bool) -> str:
    """The line for a game built despite problems (`--keep-going`, or failing `--strict`)."""
    if result.errors:
        them = "it" if len(result.errors) == 1 else "them"
        skipped = ", leaving out the cards that did not load" if left_out else ""
        errors = _counted(len(result.errors), "data error")
        return (
            f"{result.game}: built with --keep-going despite {errors}"
            f"{_places(result, ['errors'])}{skipped}; fix {them}"
        )
    failing = _strict_part(result)
    if failing:
        where = _places(result, ["lint", "warnings"])
        them = "it" if len(result.lint) + len(result.warnings) == 1 else "them"
        return (
            f"{result.game}: built, but it fails --strict with {failing}{where};"
            f" fix {them} or run without --strict"
        )
    return ""


def summary_table(results: list[GameBuild]) -> str:
    """The summary after a build: a row per game, then the line of each game that was
    stopped or built despite problems."""
    wide = max([14, *(len(r.game) for r in results)])  # a long game id keeps the columns
    header = (
        f"{'game':<{wide}} {'cards':>5} {'drawn':>5} {'reused':>6} {'errors':>6} {'lint':>4}"
        f" {'warnings':>8} {'files':>5} {'time':>7}  status"
    )
    lines = [header, "-" * len(header)]
    for r in results:
        lines.append(
            f"{r.game:<{wide}} {r.cards:>5} {r.drawn:>5} {r.reused:>6} {len(r.errors):>6}"
            f" {len(r.lint):>4} {len(r.warnings):>8} {len(r.files):>5} {r.seconds:>6.1f}s"
            f"  {r.status}"
        )
    lines.extend(r.note for r in results if r.note)
    return "\n".join(lines)


def problem_lines(results: list[GameBuild]) -> Iterator[str]:
    """Each game's errors, lint findings and warnings, one line each for stderr."""
    for result in results:
        yield from (f"error: {line}" for line in result.errors)
        yield from (f"lint: {line}" for line in result.lint)
        yield from (f"warning: {line}" for line in result.warnings)


def exit_code(results: list[GameBuild]) -> int:
    """2 when some game's data did not load, 1 when a game failed, else 0."""
    if any(r.bad_input for r in results):
        return 2
    return 0 if all(r.ok for r in results) else 1
