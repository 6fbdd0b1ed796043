"""What a build says: the summary table, a line for each problem, the closing line of each
game that was stopped or built despite problems (what stopped it, where, and what to do),
and the exit code."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardgen.build import GameBuild

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
