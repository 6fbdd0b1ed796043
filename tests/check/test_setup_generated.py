"""The setup checks on generated deal tables and piles, against simple oracles written here:
which player counts no row covers, which rows overlap, and whether the piles and each
row's deal can all be given their cards (a transport problem, decided over sets of card
types rather than the sets of piles the checks try)."""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.check.findings import Finding
from cardgen.check.setup_checks import check_setup
from cardgen.project import Project

TYPES = ("a", "b", "c")
SELECTORS: dict[str, frozenset[str]] = {
    "{type: a}": frozenset("a"),
    "{type: b}": frozenset("b"),
    "{type: c}": frozenset("c"),
    "{type: [a, b]}": frozenset("ab"),
    "{type: [b, c]}": frozenset("bc"),
    "{}": frozenset(TYPES),
}


@dataclass(frozen=True)
class Row:
    """A generated row of the deal table."""

    low: int
    high: int
    each: int
    boxes: int


@dataclass(frozen=True)
class Table:
    """A generated game: its player range, deal table, piles and the copies of each type."""

    players: tuple[int, int]
    rows: tuple[Row, ...]
    deal_from: str
    piles: tuple[tuple[str, int | None], ...]
    copies: dict[str, tuple[int, ...]]

    def yaml(self) -> str:
        """The game.yaml of the table, one deal row and one pile a line."""
        lines = [
            "id: gen",
            "name: Generated",
            f"players: {{min: {self.players[0]}, max: {self.players[1]}}}",
            "types:",
            *(f"  {t}: {{label: {t.upper()}}}" for t in TYPES),
            "setup:",
            f"  deal_from: {self.deal_from}",
        ]
        if self.rows:
            lines.append("  deal:")
            lines += [
                f"    - {{players_min: {r.low}, players_max: {r.high}, cards_each: {r.each},"
                f" boxes: {r.boxes}}}"
                for r in self.rows
            ]
        if self.piles:
            lines.append("  piles:")
            for i, (where, count) in enumerate(self.piles):
                counted = "" if count is None else f", count: {count}"
                lines.append(f"    - {{id: p{i}, label: P{i}, where: {where}{counted}}}")
        return "\n".join(lines) + "\n"

    def csv(self) -> str:
        """The pool: each type's cards with their copies."""
        rows = ["name,type,copies"]
        for t in TYPES:
            rows += [f"{t}{i},{t},{n}" for i, n in enumerate(self.copies[t])]
        return "\n".join(rows) + "\n"


def line_of(text: str, needle: str) -> int:
    """The 1-based line of the first line holding `needle`."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def feasible(demands: list[tuple[frozenset[str], int]], supply: dict[str, int]) -> bool:
    """Whether every demand (the types it may take, how many) can be met from `supply`:
    for every set of types, the demands that can only take from it fit in it."""
    for size in range(1, len(TYPES) + 1):
        for chosen in combinations(TYPES, size):
            within = sum(n for types, n in demands if types <= set(chosen))
            if within > sum(supply[t] for t in chosen):
                return False
    return True


def covered_in(message: str) -> set[int]:
    """The player counts an SC405 message lists (`3 players, 7 to 8 players`)."""
    listed = message.removeprefix("no deal row covers ").split(" (players:")[0]
    numbers: set[int] = set()
    for low, high in re.findall(r"(\d+)(?: to (\d+))? players?", listed):
        numbers.update(range(int(low), int(high or low) + 1))
    return numbers


rows = st.builds(
    lambda low, span, each, boxes: Row(low, max(1, low + span), each, boxes),
    low=st.integers(1, 8),
    span=st.integers(-2, 4),
    each=st.integers(0, 8),
    boxes=st.integers(1, 3),
)
tables = st.builds(
    Table,
    players=st.tuples(st.integers(1, 6), st.integers(1, 8)),
    rows=st.lists(rows, max_size=4).map(tuple),
    deal_from=st.sampled_from(["{type: a}", "{type: [a, b]}", "{}"]),
    piles=st.lists(
        st.tuples(
            st.sampled_from(sorted(SELECTORS)),
            st.one_of(st.none(), st.integers(0, 20), st.integers(5, 25)),
        ),
        max_size=5,
    ).map(tuple),
    copies=st.fixed_dictionaries(
        {t: st.lists(st.integers(1, 15), min_size=1, max_size=2).map(tuple) for t in TYPES}
    ),
)


def run_checks(table: Table) -> list[Finding]:
    """The setup findings of the generated game, written to a folder of its own."""
    with tempfile.TemporaryDirectory() as folder:
        game = Path(folder) / "decks" / "gen"
        game.mkdir(parents=True)
        (game / "game.yaml").write_text(table.yaml(), encoding="utf-8")
        (game / "cards.csv").write_text(table.csv(), encoding="utf-8")
        return list(check_setup(Project(Path(folder)).game("gen")))


@settings(max_examples=120, deadline=None)
@given(tables)
def test_setup_findings_match_the_oracles(table: Table) -> None:
    text = table.yaml()
    found = run_checks(table)
    codes = [f.code for f in found]
    low, high = table.players
    assert ("SC409" in codes) == (low > high)
    first = line_of(text, "  deal:") + 1 if table.rows else 0
    row_lines = [first + i for i in range(len(table.rows))]
    at = {(f.code, f.line) for f in found}
    valid = [i for i, r in enumerate(table.rows) if r.low <= r.high]

    def meet(i: int, j: int) -> bool:
        one, two = table.rows[i], table.rows[j]
        return max(one.low, two.low) <= min(one.high, two.high)

    for i, row in enumerate(table.rows):
        assert (("SC408", row_lines[i]) in at) == (row.low > row.high)
        outside = row.low <= row.high and low <= high and (row.low < low or row.high > high)
        assert (("SC406", row_lines[i]) in at) == outside
        overlaps = sum(1 for j in valid if j < i and i in valid and meet(i, j))
        assert sum(1 for f in found if f.code == "SC407" and f.line == row_lines[i]) == overlaps
    covered = {n for i in valid for n in range(table.rows[i].low, table.rows[i].high + 1)}
    uncovered = set(range(low, high + 1)) - covered
    missing = [f for f in found if f.code == "SC405"]
    if table.rows and uncovered:
        assert len(missing) == 1 and covered_in(missing[0].message) == uncovered
    else:
        assert missing == []
    supply = {t: sum(table.copies[t]) for t in TYPES}
    piles = [(SELECTORS[where], n) for where, n in table.piles if n is not None]
    pile_codes = {"SC401", "SC402"}
    assert bool(pile_codes & set(codes)) == (not feasible(piles, supply))
    dealt = SELECTORS[table.deal_from]
    for i in valid:
        row = table.rows[i]
        boxes = {t: n * row.boxes for t, n in supply.items()}
        deal = (dealt, row.each * row.high)
        flagged = {f.code for f in found if f.line == row_lines[i]} & {"SC403", "SC404"}
        alone = row.each * row.high > sum(boxes[t] for t in dealt)
        assert ("SC403" in flagged) == alone
        if feasible([*piles, deal], boxes):
            assert flagged == set()
        elif feasible(piles, boxes):
            assert flagged
