"""`cardgen check` on the starting hand (SC410): the pile it is drawn from, shared or each
player's own, filled after the piles set apart before it; silent when the data does not
say which pile that is."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.check.setup_checks import check_setup
from cardgen.project import Project
from tests.check.setup_games import (
    DRAW_CARDS,
    DRAW_GAME,
    broken_copy,
    line_col,
    only,
    setup_findings,
)
from tests.conftest import ROOT


def test_a_hand_a_shared_deck_cannot_deal(make_project: Callable[..., Path]) -> None:
    game = DRAW_GAME.replace("hand: 3", "hand: 4")
    found = only(setup_findings(make_project, game, DRAW_CARDS), "SC410")
    assert (found.line, found.col) == line_col(game, "hand: 4")
    assert found.message == (
        "the starting hand of 4 cards for 4 players needs 4 x 4 = 16 cards, but the Sketch"
        ' deck (pile "sketch-deck") holds 12'
    )


def test_a_hand_counts_the_piles_set_apart_first(make_project: Callable[..., Path]) -> None:
    # The first 4 sketches go face up to a pile of their own: 8 are left to draw from.
    game = DRAW_GAME.replace(
        "    - {id: sketch-deck",
        "    - {id: market, label: Market, where: {type: sketch}, count: 4, face_up: true}\n"
        "    - {id: sketch-deck",
    )
    found = only(setup_findings(make_project, game, DRAW_CARDS), "SC410")
    assert "needs 4 x 3 = 12 cards, but the Sketch deck" in found.message
    assert found.message.endswith("holds 8")


def test_a_hand_larger_than_the_smallest_box_deck(
    make_project: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    game = (
        DRAW_GAME.replace("hand: 3", "hand: 5").replace(", group_by: color", "")
        + "box:\n  decks: [decks/red.txt, decks/blue.txt]\n"
    )
    found = setup_findings(
        make_project,
        game,
        DRAW_CARDS.replace("Line,sketch,12", "Line,sketch,10"),
        **{"decks/red.txt": "5 Oni\n6 Line\n", "decks/blue.txt": "5 Kappa\n4 Line\n"},
    )
    hand = only(found, "SC410")
    assert hand.line == line_col(game, "hand: 5")[0]
    # The red deck leaves 6 sketches after its Yokai, the blue one 4.
    assert hand.message == (
        'the starting hand of 5 cards is larger than the Sketch deck (pile "sketch-deck") of'
        " box deck decks/mini/decks/blue.txt: 4 cards after the piles set apart before it"
    )


def test_a_constructed_hand_fits_one_deck(make_project: Callable[..., Path]) -> None:
    # Each player brings their own deck: 4 x 4 = 16 > 12 is no problem, 13 > 12 is.
    game = DRAW_GAME.replace("hand: 3", "hand: 4").replace(
        "players:", "constructed: true\nplayers:"
    )
    assert setup_findings(make_project, game, DRAW_CARDS) == []
    larger = game.replace("hand: 4", "hand: 13")
    found = only(setup_findings(make_project, larger, DRAW_CARDS), "SC410")
    assert found.message == (
        'the starting hand of 13 cards is larger than the Sketch deck (pile "sketch-deck"),'
        " which the pool fills with 12 cards"
    )


@pytest.mark.parametrize(
    "change",
    [
        # every pile face up (Splatoon's weapons): which is drawn from is a choice
        (
            "    - {id: sketch-deck, label: Sketch deck, where: {type: sketch}}",
            "    - {id: sketch-deck, label: Sketch deck, where: {type: sketch}, face_up: true}",
        ),
        # two face-down piles: either may be drawn from
        ("face_up: true, group_by: color}", "group_by: color}"),
        # a deal table: each player's dealt cards are a face-down pile too
        ("setup:\n", "setup:\n  deal: [{players_min: 2, players_max: 4, cards_each: 1}]\n"),
    ],
)
def test_no_hand_check_when_the_draw_pile_is_unclear(
    make_project: Callable[..., Path], change: tuple[str, str]
) -> None:
    game = DRAW_GAME.replace("hand: 3", "hand: 40").replace(*change)
    assert change[0] in DRAW_GAME
    assert [f.code for f in setup_findings(make_project, game, DRAW_CARDS)] == []


@pytest.mark.parametrize(
    ("game", "hand", "message"),
    [
        (
            "shards",
            52,
            'the starting hand of 52 cards is larger than the Shard Deck (pile "shard-deck") of'
            " box deck decks/shards/decks/starter-ember.txt: 51 cards after the piles set apart"
            " before it",
        ),
        (
            "splatterkins",
            120,
            'the starting hand of 120 cards is larger than the Sketchbook (pile "sketchbook"),'
            " which the pool fills with 119 cards",
        ),
        (
            "yokai-sketch",
            19,
            "the starting hand of 19 cards for 2 players needs 2 x 19 = 38 cards, but the"
            ' Sketch deck (pile "sketch-deck") holds 36',
        ),
    ],
)
def test_the_example_games_hands_are_drawn_from_their_decks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, hand: int, message: str
) -> None:
    start = Project(ROOT).game(game).game.setup.hand
    text = broken_copy(tmp_path, game, f"  hand: {start}\n", f"  hand: {hand}\n")
    monkeypatch.chdir(tmp_path)
    found = only(list(check_setup(Project(tmp_path).game(game))), "SC410")
    assert (found.line, found.col) == line_col(text, f"hand: {hand}")
    assert found.message == message
    # One card fewer fits.
    fewer = text.replace(f"  hand: {hand}\n", f"  hand: {hand - 1}\n")
    (tmp_path / "decks" / game / "game.yaml").write_text(fewer, encoding="utf-8")
    assert list(check_setup(Project(tmp_path).game(game))) == []
