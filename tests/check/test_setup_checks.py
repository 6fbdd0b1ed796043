"""`cardgen check` on the table setup: each check of the players, the deal table, the deal
and the piles finds its planted error, at its line and with its numbers; the five example
games stay clean; the command prints it on one line and exits 1."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from cardgen.check.setup_checks import check_setup
from cardgen.project import Project
from tests.check.setup_games import (
    DRAW_CARDS,
    DRAW_GAME,
    GAME,
    broken_copy,
    line_col,
    only,
    planted,
    setup_findings,
)
from tests.conftest import ROOT

Run = Callable[..., Result]


def test_the_mini_game_is_clean(make_project: Callable[..., Path]) -> None:
    assert setup_findings(make_project, GAME) == []
    assert setup_findings(make_project, DRAW_GAME, DRAW_CARDS) == []


@pytest.mark.parametrize("game", ["blublers", "shards", "splatoon", "splatterkins", "yokai-sketch"])
def test_the_example_games_set_up_clean(game: str) -> None:
    assert list(check_setup(Project(ROOT).game(game))) == []


def test_a_deal_larger_than_the_box(make_project: Callable[..., Path]) -> None:
    game = GAME.replace("players_max: 2, cards_each: 20}", "players_max: 2, cards_each: 25}")
    found = planted(make_project, game, "SC403", "cards_each: 25")
    assert found.message == (
        "the deal for 2 players gives 2 x 25 = 50 Classic cards, but the box has 48"
        " (deal_from: type=classic)"
    )
    assert str(found).endswith(
        f"game.yaml:{found.line}:7: SC403 setup-deal: the deal for 2 players gives"
        " 2 x 25 = 50 Classic cards, but the box has 48 (deal_from: type=classic)"
    )


def test_a_deal_counts_its_boxes(make_project: Callable[..., Path]) -> None:
    game = GAME.replace("max: 8, cards_each: 10, boxes: 2}", "max: 8, cards_each: 13, boxes: 2}")
    found = only(setup_findings(make_project, game), "SC403")
    assert found.line == line_col(game, "boxes: 2")[0]
    assert "gives 8 x 13 = 104 Classic cards, but 2 boxes have 2 x 48 = 96" in found.message
    one_box = GAME.replace("cards_each: 10, boxes: 2}", "cards_each: 10}")
    found = only(setup_findings(make_project, one_box), "SC403")
    assert "the deal for 8 players gives 8 x 10 = 80 Classic cards, but the box has 48" in (
        found.message
    )


def test_a_deal_with_the_piles_that_take_the_same_cards(
    make_project: Callable[..., Path],
) -> None:
    game = GAME + "    - {id: reserve, label: Reserve, where: {type: classic}, count: 9}\n"
    found = setup_findings(make_project, game)
    # 2 x 20 and 4 x 10 each leave 8 of the 48 Classic cards; 8 x 10 takes 80 of 2 x 48.
    assert [(f.code, f.line) for f in found] == [
        ("SC404", line_col(game, "cards_each: 20")[0]),
        ("SC404", line_col(game, "players_max: 4")[0]),
    ]
    assert found[0].message == (
        'the deal for 2 players gives 2 x 20 = 40 Classic cards and pile "reserve" takes 9:'
        " 49 cards, but the box has 48 that these take from (deal_from: type=classic;"
        ' pile "reserve": type=classic)'
    )
    assert found[1].message.startswith("the deal for 4 players gives 4 x 10 = 40 Classic")
    assert setup_findings(make_project, game.replace("count: 9}", "count: 8}")) == []


def test_piles_together_take_more_than_there_are(make_project: Callable[..., Path]) -> None:
    game = GAME.replace("count: 7, face_up: true}", "count: 8, face_up: true}")
    assert planted(make_project, game, "SC402", "id: shown").message == (
        'piles "hidden" and "shown" take 7 + 8 = 15 cards together; only 14 match type=special'
    )


def test_one_pile_larger_than_its_cards(make_project: Callable[..., Path]) -> None:
    game = GAME.replace("where: {type: special}, count: 7}", "where: {type: special}, count: 15}")
    found = only(setup_findings(make_project, game), "SC401")
    assert found.line == line_col(game, "id: hidden")[0]
    assert found.message == 'pile "hidden" takes 15 cards; only 14 match type=special'
    # The smaller pair that already fails is reported, not every set holding it.
    assert [f.code for f in setup_findings(make_project, game)] == ["SC401"]


def test_a_pile_no_card_matches(make_project: Callable[..., Path]) -> None:
    game = GAME.replace(
        "where: {type: special}, count: 7}", "where: {type: special, copies: 3}, count: 7}"
    )
    found = setup_findings(make_project, game)
    assert [(f.code, f.line, f.message) for f in found] == [
        (
            "SC401",
            line_col(game, "id: hidden")[0],
            'pile "hidden": no card matches type=special, copies=3',
        )
    ]


def test_a_grouped_pile_counts_each_group(make_project: Callable[..., Path]) -> None:
    game = DRAW_GAME.replace("group_by: color}", "group_by: color, count: 6}")
    cards = DRAW_CARDS.replace("Kappa,yokai,5", "Kappa,yokai,6")
    found = only(setup_findings(make_project, game, cards), "SC401")
    assert found.line == line_col(game, "id: yokai")[0]
    assert found.message.startswith('pile "yokai" (color red) takes 6 cards; only 5 match')
    assert found.message.endswith("type=yokai, color=red")


def test_player_counts_no_row_covers(make_project: Callable[..., Path]) -> None:
    game = GAME.replace("players_min: 3, players_max: 4", "players_min: 4, players_max: 4")
    game = game.replace("players_min: 5, players_max: 8", "players_min: 5, players_max: 6")
    found = only(setup_findings(make_project, game), "SC405")
    assert (found.line, found.col) == line_col(game, "  deal:")
    assert found.message == "no deal row covers 3 players, 7 to 8 players (players: 2 to 8)"


@pytest.mark.parametrize(
    ("row", "code", "message"),
    [
        (
            "players_min: 5, players_max: 10",
            "SC406",
            "the deal row for 5 to 10 players goes outside players: 2 to 8 (9 to 10 players)",
        ),
        (
            "players_min: 4, players_max: 8",
            "SC407",
            "the deal rows 2 (3 to 4 players) and 3 (4 to 8 players) both cover 4 players",
        ),
    ],
)
def test_a_row_outside_the_players_or_over_another(
    make_project: Callable[..., Path], row: str, code: str, message: str
) -> None:
    game = GAME.replace("players_min: 5, players_max: 8", row)
    assert planted(make_project, game, code, row).message == message


def test_an_inverted_row(make_project: Callable[..., Path]) -> None:
    game = GAME.replace("players_min: 3, players_max: 4", "players_min: 4, players_max: 3")
    found = setup_findings(make_project, game)
    inverted = only(found, "SC408")
    assert inverted.line == line_col(game, "players_min: 4, players_max: 3")[0]
    assert inverted.message == (
        "the deal row for 4 to 3 players is inverted: players_min 4 is greater than players_max 3"
    )
    # An inverted row covers nothing: 3 and 4 players are left without a deal.
    assert only(found, "SC405").message == "no deal row covers 3 to 4 players (players: 2 to 8)"


def test_inverted_players(make_project: Callable[..., Path]) -> None:
    game = GAME.replace("players: {min: 2, max: 8}", "players: {min: 9, max: 8}")
    found = setup_findings(make_project, game)
    assert [f.code for f in found] == ["SC409"]
    assert (found[0].line, found[0].col) == line_col(game, "players:")
    assert found[0].message == "players: min 9 is greater than max 8"


def test_large_tables_are_checked_in_time(make_project: Callable[..., Path]) -> None:
    # A billion players and 200 piles of one Special each: counted, not enumerated.
    piles = "".join(
        f"    - {{id: p{i}, label: P{i}, where: {{type: special}}, count: 1}}\n" for i in range(200)
    )
    game = GAME.replace("max: 8}", "max: 1000000000}").split("  piles:")[0]
    game = game.replace("max: 8, cards_each: 10", "max: 999999999, cards_each: 0")
    game += "  piles:\n" + piles
    started = time.process_time()
    found = setup_findings(make_project, game)
    assert time.process_time() - started < 5
    assert [f.code for f in found] == ["SC405", "SC402"]
    assert found[0].message == ("no deal row covers 1000000000 players (players: 2 to 1000000000)")
    assert found[1].line == line_col(game, "id: p14,")[0]
    assert found[1].message.endswith(
        '"p13" and "p14" take 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1'
        " = 15 cards together; only 14 match type=special"
    )


def test_every_setup_code_is_documented() -> None:
    source = "".join(
        (ROOT / "cardgen" / "check" / f"setup_{part}.py").read_text(encoding="utf-8")
        for part in ("checks", "hand", "supply")
    )
    codes = sorted(set(re.findall(r'"(SC4\d\d)"', source)))
    assert codes == [f"SC4{n:02}" for n in range(1, 11)]
    docs = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert all(f"| {code} |" in docs for code in codes), codes


def test_cli_on_a_broken_copy_of_blublers(
    tmp_path: Path, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = broken_copy(
        tmp_path,
        "blublers",
        "players_max: 2, cards_each: 20}",
        "players_max: 2, cards_each: 25}",
    )
    line, col = line_col(broken, "cards_each: 25")
    monkeypatch.chdir(tmp_path)
    result = run("check", "blublers")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"decks/blublers/game.yaml:{line}:{col}: SC403 setup-deal: the deal for 2 players"
        " gives 2 x 25 = 50 Classic cards, but the box has 48 (deal_from: type=classic)",
        "Blubler's: 1 finding",
    ]
    assert result.stderr == ""
