"""Recall and false alarms of the claims lint (TX602) on generated games and texts.

Two fixed samples, drawn apart: the development sample (`DEV_SEEDS`, the templates of
`claims_texts` without the reserved ones), which the linter was tuned on, and the
evaluation sample (`EVAL_SEEDS`, other seeds, with the reserved templates and qualifier
forms), only measured. Each game is written and loaded once, its document linted once.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.check.lint import lint_documents
from cardgen.project import open_project
from tests.check.claims_games import draw_game, write_game
from tests.check.claims_texts import Statement, document, render

DEV_SEEDS = range(100, 130)
EVAL_SEEDS = range(7000, 7030)


@dataclass
class Tally:
    """Counts over a sample: wrong statements and those caught, right statements and noise
    lines, and the findings on them (false alarms), by kind of statement."""

    wrong: Counter[str] = field(default_factory=Counter)
    caught: Counter[str] = field(default_factory=Counter)
    right: Counter[str] = field(default_factory=Counter)
    alarms: Counter[str] = field(default_factory=Counter)
    missed: list[str] = field(default_factory=list)
    false: list[str] = field(default_factory=list)

    def recall(self) -> float:
        """Wrong statements caught over wrong statements."""
        return sum(self.caught.values()) / max(1, sum(self.wrong.values()))

    def add(self, lines: list[Statement], flagged: set[int]) -> None:
        """Score one document: `flagged` holds the 1-based lines with a finding."""
        for number, statement in enumerate(lines, start=1):
            hit = number in flagged
            if statement.truth in ("number", "term"):
                key = f"{statement.kind} ({statement.truth})"
                self.wrong[key] += 1
                self.caught[key] += hit
                if not hit:
                    self.missed.append(statement.text)
            elif statement.text.strip():
                key = statement.kind if statement.truth == "right" else "no number stated"
                self.right[key] += 1
                self.alarms[key] += hit
                if hit:
                    self.false.append(statement.text)


def measure(seeds: range, evaluation: bool) -> Tally:
    """Lint a generated document for each seed's game; the sample's tally."""
    tally = Tally()
    with tempfile.TemporaryDirectory() as folder:
        for seed in seeds:
            root = Path(folder) / str(seed)
            game = draw_game(seed)
            pack = open_project(write_game(game, root)).game(game.id)
            lines = document(game, seed, evaluation)
            path = root / "rules.md"
            path.write_text(render(lines), encoding="utf-8")
            found = lint_documents(pack, [path], select=["TX602", "TX604"])
            tally.add(lines, {f.line for f in found})
    return tally


def report(name: str, tally: Tally) -> str:
    """The tally as a table: per kind, caught of wrong, and false alarms of right lines."""
    out = [
        f"{name}: recall {sum(tally.caught.values())}/{sum(tally.wrong.values())}"
        f" ({tally.recall():.3f}), false alarms {sum(tally.alarms.values())}"
        f"/{sum(tally.right.values())} right or numberless lines"
    ]
    for key in sorted(tally.wrong):
        out.append(f"  wrong {key:24} caught {tally.caught[key]:3}/{tally.wrong[key]}")
    for key in sorted(tally.right):
        out.append(f"  right {key:24} alarms {tally.alarms[key]:3}/{tally.right[key]}")
    return "\n".join(out)
