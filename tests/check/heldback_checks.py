"""The checks every held-back claim set of the rules-number linter must pass (issue 35,
deliverable 3), for any set's folder: its size and French share, each claim's mark where
the document puts it, its games clean and their deck lists legal, no run of words borrowed
from a published rule text, and the issue's targets for TX602 on it. The tests of each set
(tests/check/test_lint_heldback*.py) call them on their own folder."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from cardgen import api
from tests.check.heldback import (
    HEADING,
    Claim,
    Outcome,
    document,
    false_alarms,
    game_ids,
    misses,
    read_claims,
    run_all,
    score,
)
from tests.conftest import ROOT
from tests.skips import require_path

PUBLISHED = ROOT.parent / "shared" / "rules"
RUN = 6
"""Words in a row that a claim may not share with a published rule text."""
STATED = frozenset({"deck", "caps", "hand", "deal", "players", "piles", "box", "fields"})
"""The kinds of claim that state a number of the data."""


def claims_of(held: Path) -> list[Claim]:
    """Every claim of the set in `held`, each placed from line 1 of its own game's document."""
    return [c for game in game_ids(held) for c in read_claims(held / "claims" / f"{game}.yaml")]


def assert_size_and_french(held: Path, each: int, fillers: int, french: float) -> None:
    """Three to five games, at least `each` right and `each` wrong claims and `fillers`
    fillers, and at least the share `french` of the claims written for French games."""
    claims = claims_of(held)
    kinds = Counter(c.wrong for c in claims)
    assert 3 <= len(game_ids(held)) <= 5
    assert kinds[False] >= each and kinds[True] >= each and kinds[None] >= fillers, kinds
    project = api.open_project(held)
    in_french = {g for g in game_ids(held) if project.game(g).game.language == "fr"}
    share = sum(c.game in in_french for c in claims) / len(claims)
    assert share >= french, share


def assert_marks_in_place(held: Path) -> None:
    """Each claim's marked number stands at the line and column its record gives, in the
    document the harness writes, and the document holds no mark."""
    for game in game_ids(held):
        path = held / "claims" / f"{game}.yaml"
        claims = read_claims(path, first_line=HEADING.count("\n") + 1)
        lines = document(claims).splitlines()
        for claim in claims:
            at = lines[claim.line - 1][claim.col - 1 :]
            assert at.startswith(claim.marked), claim.source
            held_text = "\n".join(lines[claim.first_line - 1 : claim.last_line])
            assert held_text == claim.text, claim.source
            assert "[[" not in held_text


def assert_games_clean(held: Path, decks: int) -> None:
    """`cardgen check` finds nothing in the set's games and its (at least `decks`) deck
    lists are legal."""
    project = api.open_project(held)
    for game in game_ids(held):
        checked = api.check(project, game)
        assert checked.ok and not checked.findings, (game, checked.findings)
    lists = sorted(held.glob("decks/*/decks/*.txt"))
    assert len(lists) >= decks
    assert api.validate(project, lists).legal


def borrowed_runs(held: Path) -> list[str]:
    """The claims (by source) that share RUN words in a row with a published rule text."""
    folder = require_path(PUBLISHED, "the shared rule texts")

    def words(text: str) -> list[str]:
        return re.findall(r"[\w']+", text.lower())

    runs = set()
    for text in sorted(folder.glob("*.txt")):
        found = words(text.read_text(encoding="utf-8"))
        runs |= {tuple(found[i : i + RUN]) for i in range(len(found) - RUN + 1)}
    return [
        c.source
        for c in claims_of(held)
        for w in [words(c.text)]
        if any(tuple(w[i : i + RUN]) in runs for i in range(len(w) - RUN + 1))
    ]


def _listing(outcomes: list[Outcome]) -> str:
    """Each outcome's claim with where it is written."""
    return "\n".join(f"{o.claim.source}: {o.claim.text!r}" for o in outcomes)


def assert_floor(held: Path, folder: Path, wrong: int, caught: int, alarms: int = 0) -> None:
    """TX602 and TX604 still catch at least `caught` of the set's `wrong` wrong numbers,
    with no more than `alarms` false alarms (none, once a set is development data)."""
    outcomes = run_all(folder, held)
    total = score(outcomes)
    assert total.wrong == wrong
    assert total.caught >= caught, total
    assert len(false_alarms(outcomes)) <= alarms, _listing(false_alarms(outcomes))


def assert_targets(held: Path, folder: Path, wrong: int) -> None:
    """TX602 on the set in `held` (documents written into `folder`): at least `wrong`
    wrong claims, no false alarm, recall 0.95 or more."""
    outcomes = run_all(folder, held)
    total = score(outcomes)
    assert total.wrong >= wrong
    assert not false_alarms(outcomes), "false alarms:\n" + _listing(false_alarms(outcomes))
    assert total.recall >= 0.95, f"recall {total.recall:.3f}; missed:\n" + _listing(
        misses(outcomes)
    )


def word_runs(text: str) -> set[tuple[str, ...]]:
    """Every run of RUN words in a row of `text`, lower-cased."""
    words = re.findall(r"[\w']+", text.lower())
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


def assert_apart_from(held: Path, earlier: Sequence[Path]) -> None:
    """The set in `held` shares no game and no run of RUN words with the sets in `earlier`."""
    games = {game for folder in earlier for game in game_ids(folder)}
    assert not games & set(game_ids(held)), games & set(game_ids(held))
    seen = {run for folder in earlier for c in claims_of(folder) for run in word_runs(c.text)}
    assert [c.source for c in claims_of(held) if word_runs(c.text) & seen] == []


def assert_every_kind_both_ways(held: Path) -> None:
    """The set in `held` states every kind of number of the data, each rightly and wrongly."""
    claims = claims_of(held)
    assert {c.kind for c in claims if c.wrong is not None} == STATED
    for kind in sorted(STATED):
        assert {c.wrong for c in claims if c.kind == kind} == {False, True}, kind


def assert_no_borrowed_runs(held: Path) -> None:
    """No claim of the set in `held` shares RUN words in a row with a published rule text."""
    assert borrowed_runs(held) == []


def set_checks(
    each: int, fillers: int, french: float, decks: int
) -> dict[str, Callable[[Path], None]]:
    """The checks of every held-back set by name, with one set's sizes: `each` right and
    wrong claims, `fillers` fillers, the share `french` in French and `decks` deck lists."""
    return {
        "as-large-and-as-french-as-the-issue-asks": partial(
            assert_size_and_french, each=each, fillers=fillers, french=french
        ),
        "each-mark-where-the-document-puts-it": assert_marks_in_place,
        "games-clean-and-decks-legal": partial(assert_games_clean, decks=decks),
        "no-run-of-words-from-a-published-text": assert_no_borrowed_runs,
    }
