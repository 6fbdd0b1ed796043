"""How the rules-number linter (TX602) does on the held-back set (issue 35): recall on the
wrong numbers and false alarms on the right ones and the fillers, per game and per kind of
claim (deck size, caps, hand, deal, players, piles, box, fields), then every miss and every
false alarm with where the claim is written and what the data says.

    .venv/bin/python tools/heldback_report.py

The set is tests/data/lint_heldback/ (see its README); it is never used while tuning the
linter. tests/check/test_lint_heldback.py holds the same figures to the issue's targets.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.check.heldback import (  # noqa: E402  (the repository's root first)
    KINDS,
    Outcome,
    false_alarms,
    misses,
    run_all,
    score,
)

HEADER = (
    f"{'':<18}{'wrong':>7}{'caught':>8}{'recall':>8}{'right':>7}{'fillers':>9}{'false alarms':>14}"
)


def _row(label: str, outcomes: Sequence[Outcome]) -> str:
    """One line of the table: the score of these outcomes."""
    s = score(outcomes)
    recall = f"{s.recall:.2f}" if s.wrong else "-"
    return (
        f"{label:<18}{s.wrong:>7}{s.caught:>8}{recall:>8}{s.right:>7}{s.fillers:>9}"
        f"{s.false_alarms:>14}"
    )


def _table(title: str, outcomes: Sequence[Outcome], key: Callable[[Outcome], str]) -> list[str]:
    """A table of the outcomes grouped by `key`, in first-seen order, with a total."""
    groups: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        groups.setdefault(key(outcome), []).append(outcome)
    order = sorted(groups, key=lambda g: KINDS.index(g) if g in KINDS else -1)
    return [title, HEADER, *(_row(g, groups[g]) for g in order), _row("all", outcomes), ""]


def _listing(title: str, outcomes: Sequence[Outcome]) -> list[str]:
    """Each outcome's claim with its source, its kind, its note and the findings on it."""
    lines = [f"{title} ({len(outcomes)}):"]
    for o in outcomes:
        c = o.claim
        text = c.text.replace("\n", " / ")
        lines.append(f"  {c.source} [{c.kind}] {text!r} -- {c.note}")
        lines += [f"      {f.code} line {f.line}: {f.message}" for f in o.findings]
    return [*lines, ""]


def report(outcomes: Sequence[Outcome]) -> str:
    """The whole report: per game, per kind, the misses and the false alarms."""
    lines = [
        f"TX602 on the held-back set (tests/data/lint_heldback): {len(outcomes)} claims",
        "",
        *_table("per game", outcomes, lambda o: o.claim.game),
        *_table("per kind", outcomes, lambda o: o.claim.kind),
        *_listing("misses", misses(outcomes)),
        *_listing("false alarms", false_alarms(outcomes)),
    ]
    return "\n".join(lines).rstrip() + "\n"


def main() -> int:
    """Run the set and print the report; exit 0 (the test holds the targets)."""
    with tempfile.TemporaryDirectory() as folder:
        outcomes = run_all(Path(folder))
    sys.stdout.write(report(outcomes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
