"""The rules-number linter (TX602) on held-back set two (issue 35, deliverable 3): four
games (Gavel, Le Duel des Arcanes, Lantern Road, Charivari) and their rules sentences,
written by hand apart from the linter, its generated texts and set one's sentences. It was
the test split of round two (measured once: 52 of 133, 2 false alarms) and is development
data since round three, which fixed what it showed by class (set three is the test split).
The checks are those of every held-back set (tests/check/heldback_checks.py) with the
issue's sizes for set two: 130 right, 130 wrong, 60 fillers, 40 % French.
`tools/heldback_report.py --set lint_heldback2` prints the figures per game and per kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.check.heldback import ClaimFileError, set_folder
from tests.check.heldback_checks import (
    assert_floor,
    assert_targets,
    set_checks,
)

SET_TWO = set_folder("lint_heldback2")


CHECKS = set_checks(each=130, fillers=60, french=0.40, decks=2)
"""The checks of every held-back set, with set two's sizes."""


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_set_two_passes_the_checks_of_every_held_back_set(name: str) -> None:
    CHECKS[name](SET_TWO)


def test_a_set_is_found_by_name_or_folder_and_an_unknown_one_is_refused(
    tmp_path: Path,
) -> None:
    assert set_folder(str(SET_TWO)) == SET_TWO
    assert (set_folder("lint_heldback") / "claims").is_dir()
    with pytest.raises(ClaimFileError, match=r"lint_heldback9: no held-back set there \(sets: "):
        set_folder("lint_heldback9")
    with pytest.raises(ClaimFileError, match="no held-back set there"):
        set_folder(tmp_path)


def test_tx602_keeps_what_it_reads_of_held_back_set_two(tmp_path: Path) -> None:
    """The floor measured at the end of round four (docs/lint.md): 116 of 133 wrong
    numbers caught, no false alarm (round two, unseen: 52 and 2; round three: 101). A
    change that reads less, or alarms at all, fails."""
    assert_floor(SET_TWO, tmp_path, wrong=133, caught=116)


@pytest.mark.xfail(
    strict=True,
    reason="issue 35's targets on set two: recall 0.87, no false alarm (round four)",
)
def test_tx602_meets_the_issue_targets_on_held_back_set_two(tmp_path: Path) -> None:
    assert_targets(SET_TWO, tmp_path, wrong=130)
