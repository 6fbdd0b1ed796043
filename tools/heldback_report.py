"""How the rules-number linter (TX602 and TX604) does on a held-back set (issue 35):
recall on the wrong numbers and false alarms on the right ones and the fillers, per game
and per kind of claim (deck size, caps, hand, deal, players, piles, box, fields), then every
miss and every false alarm with where the claim is written and what the data says.

    .venv/bin/python tools/heldback_report.py                         # set one
    .venv/bin/python tools/heldback_report.py --set lint_heldback6    # set six, the last test split
    .venv/bin/python tools/heldback_report.py path/to/set             # any set's folder

The sets are tests/data/lint_heldback/ (set one, the default) to lint_heldback6/; each was
measured once as the test split and then used as development data (set six, measured at the
end of round four, was not tuned on); their READMEs say how they were written.
tests/check/test_lint_heldback*.py hold the same figures as floors and the issue's targets.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.check.heldback import (  # noqa: E402  (the repository's root first)
    KINDS,
    ClaimFileError,
    Outcome,
    false_alarms,
    misses,
    run_all,
    score,
    set_folder,
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


def report(outcomes: Sequence[Outcome], where: str = "tests/data/lint_heldback") -> str:
    """The whole report on the set at `where`: per game, per kind, the misses and the false
    alarms."""
    lines = [
        f"TX602 on the held-back set ({where}): {len(outcomes)} claims",
        "",
        *_table("per game", outcomes, lambda o: o.claim.game),
        *_table("per kind", outcomes, lambda o: o.claim.kind),
        *_listing("misses", misses(outcomes)),
        *_listing("false alarms", false_alarms(outcomes)),
    ]
    return "\n".join(lines).rstrip() + "\n"


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line: a set by name (`--set`) or by folder, set one by default."""
    parser = argparse.ArgumentParser(description="TX602 on a held-back claim set.")
    parser.add_argument("folder", nargs="?", help="a held-back set's folder")
    parser.add_argument("--set", dest="name", help="a set under tests/data/ (lint_heldback6)")
    arguments = parser.parse_args(argv)
    if arguments.folder and arguments.name:
        parser.error("give a set's --set name or its folder, not both")
    return arguments


def main(argv: Sequence[str] | None = None) -> int:
    """Run the set and print the report; exit 0 (the test holds the targets), 2 when the
    set is not found."""
    arguments = _arguments(argv)
    try:
        held = set_folder(arguments.folder or arguments.name or "lint_heldback").resolve()
    except ClaimFileError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    with tempfile.TemporaryDirectory() as folder:
        outcomes = run_all(Path(folder), held)
    where = held.relative_to(ROOT) if held.is_relative_to(ROOT) else held
    sys.stdout.write(report(outcomes, where.as_posix()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
