"""The rules-number linter (TX602) on held-back set one (issue 35, deliverable 3): four
games and their rules sentences written by hand, apart from the linter and its generated
texts. Measured once against round one (recall 0.51, 10 false alarms), it was then used as
development data in round two; set two (tests/data/lint_heldback2) is the test split. The
issue's targets: recall 0.95 or more on the wrong
numbers, no false alarm on the right ones and the fillers. `tools/heldback_report.py`
prints the same figures per game and per kind, with every miss and false alarm."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from cardgen import api
from tests.check.heldback import (
    CLAIMS,
    HEADING,
    HELDBACK,
    Claim,
    ClaimFileError,
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


def _claims() -> list[Claim]:
    """Every claim of the set, each placed from line 1 of its own game's document."""
    return [c for game in game_ids() for c in read_claims(CLAIMS / f"{game}.yaml")]


def test_the_set_is_as_large_and_as_french_as_the_issue_asks() -> None:
    claims = _claims()
    kinds = Counter(c.wrong for c in claims)
    assert 3 <= len(game_ids()) <= 5
    assert kinds[False] >= 120 and kinds[True] >= 120 and kinds[None] >= 60, kinds
    project = api.open_project(HELDBACK)
    french = {g for g in game_ids() if project.game(g).game.language == "fr"}
    assert 4 * sum(c.game in french for c in claims) >= len(claims)


def test_each_claim_sits_in_its_document_where_its_mark_says() -> None:
    for game in game_ids():
        claims = read_claims(CLAIMS / f"{game}.yaml", first_line=HEADING.count("\n") + 1)
        lines = document(claims).splitlines()
        for claim in claims:
            at = lines[claim.line - 1][claim.col - 1 :]
            assert at.startswith(claim.marked), claim.source
            held = "\n".join(lines[claim.first_line - 1 : claim.last_line])
            assert held == claim.text, claim.source
            assert "[[" not in held


def test_a_claim_with_two_marks_or_none_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "starfreight.yaml"
    entry = "  - {kind: hand, wrong: false, text: %s, note: n}\n"
    path.write_text("game: starfreight\nclaims:\n" + entry % '"Draw [[5]] or [[6]]."')
    with pytest.raises(ClaimFileError, match="2 marked numbers"):
        read_claims(path)
    path.write_text("game: starfreight\nclaims:\n" + entry % '"Draw 5."')
    with pytest.raises(ClaimFileError, match="0 marked numbers"):
        read_claims(path)


def test_the_held_back_games_check_clean_and_their_decks_are_legal() -> None:
    project = api.open_project(HELDBACK)
    for game in game_ids():
        checked = api.check(project, game)
        assert checked.ok and not checked.findings, (game, checked.findings)
    decks = sorted(HELDBACK.glob("decks/*/decks/*.txt"))
    assert len(decks) >= 4
    assert api.validate(project, decks).legal


def test_no_claim_borrows_a_run_of_words_from_a_published_text() -> None:
    folder = require_path(PUBLISHED, "the shared rule texts")

    def words(text: str) -> list[str]:
        return re.findall(r"[\w']+", text.lower())

    runs = set()
    for text in sorted(folder.glob("*.txt")):
        found = words(text.read_text(encoding="utf-8"))
        runs |= {tuple(found[i : i + RUN]) for i in range(len(found) - RUN + 1)}
    borrowed = [
        c.source
        for c in _claims()
        for w in [words(c.text)]
        if any(tuple(w[i : i + RUN]) in runs for i in range(len(w) - RUN + 1))
    ]
    assert borrowed == []


def _listing(outcomes: list[Outcome]) -> str:
    return "\n".join(f"{o.claim.source}: {o.claim.text!r}" for o in outcomes)


def test_tx602_meets_the_issue_targets_on_the_held_back_set(tmp_path: Path) -> None:
    """Set one: measured once at 0.51 and 10 false alarms, then used as development data
    (round two); set two (tests/data/lint_heldback2) is the test split."""
    outcomes = run_all(tmp_path)
    total = score(outcomes)
    assert total.wrong >= 120
    assert not false_alarms(outcomes), "false alarms:\n" + _listing(false_alarms(outcomes))
    assert total.recall >= 0.95, f"recall {total.recall:.3f}; missed:\n" + _listing(
        misses(outcomes)
    )
