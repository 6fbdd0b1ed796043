"""Held-back set six of the rules-number linter TX602 (issue 35, deliverable 3): the test
split that replaced sets one to five once they had served as development data. Three new
games, Cairnfall, La Ferme des Saules and Feu de Garrigue, with 255 rules sentences written
by hand without the linter's code, its generated texts or the earlier sets' claims in view,
and never used while tuning. Here: the set's own shape (at least 100 right and 100 wrong
claims and 50 fillers, 45 % or more French, each mark in place, clean games and legal clan
decks, no six-word run from a published text or an earlier set, every kind both right and
wrong), and the issue's targets, left to the lead's single measurement."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.check.heldback import set_folder
from tests.check.heldback_checks import (
    assert_apart_from,
    assert_every_kind_both_ways,
    assert_floor,
    assert_targets,
    set_checks,
)

SET_SIX = set_folder("lint_heldback6")
EARLIER = [set_folder(f"lint_heldback{n}") for n in ("", "2", "3", "4", "5")]
"""The sets written before set six, now development data."""
CHECKS = set_checks(each=100, fillers=50, french=0.45, decks=4)
"""Set six's sizes: about half of it French, and Cairnfall's four clan decks."""


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_set_six_passes_the_checks_of_every_held_back_set(name: str) -> None:
    CHECKS[name](SET_SIX)


def test_set_six_shares_no_game_and_no_run_of_words_with_the_earlier_sets() -> None:
    assert_apart_from(SET_SIX, EARLIER)


def test_set_six_states_every_kind_of_number_rightly_and_wrongly() -> None:
    assert_every_kind_both_ways(SET_SIX)


def test_tx602_and_tx604_keep_what_they_read_of_held_back_set_six(tmp_path: Path) -> None:
    """The floor: measured once, at the end of round four, never tuned on: 67 of 102
    wrong numbers caught with 10 false alarms (TX602 alone: 35 and 1; the linter before
    round four: 33 and 1; docs/lint.md). A change that reads less, or alarms more, fails."""
    assert_floor(SET_SIX, tmp_path, wrong=102, caught=67, alarms=10)


@pytest.mark.xfail(
    strict=True,
    reason="issue 35's targets on set six: recall 0.66, 10 false alarms (round four, unseen)",
)
def test_tx602_meets_the_issue_targets_on_held_back_set_six(tmp_path: Path) -> None:
    assert_targets(SET_SIX, tmp_path, wrong=100)
