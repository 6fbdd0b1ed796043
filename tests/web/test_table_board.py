"""The playtest table's boards, pieces, teams and token pools (`cardgen.web.table_board`):
Splatoon for four checked against its rules text (/work/shared/rules) and its
game.yaml and board.yaml read here on their own; a generated box (a square grid, tokens
of two designs and a player's tokens) against the numbers the test chose."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from cardgen.project import Project
from cardgen.web.table_board import table_boards, table_pieces, table_teams, table_tokens
from tests.conftest import ROOT
from tests.oracles.box_game import GAME_ID, box_game
from tests.web.test_table_state import _names, _state

SPLATOON = ROOT / "decks" / "splatoon"


def _yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _hex_cells(board: Any) -> dict[str, str]:
    """`q,r` -> kind for every cell of a hex board file ("odd-r" rows to axial)."""
    found = {}
    for r, row in enumerate(board["rows"]):
        for col, token in enumerate(row.split()):
            if token != "-":
                found[f"{col - (r - (r & 1)) // 2},{r}"] = board["legend"][token]
    return found


def test_a_splatoon_table_for_four() -> None:
    game = _yaml(SPLATOON / "game.yaml")
    board = _yaml(SPLATOON / "board.yaml")
    kinds = board["kinds"]
    state = _state("splatoon", 4)
    # "If there are 4, there will be 2 on each team", the teams alternating in turn order
    assert [(t.id, t.label, t.color, t.seats) for t in state.teams] == [
        (team["id"], team["label"], team["color"], seats)
        for team, seats in zip(game["teams"], [[0, 2], [1, 3]], strict=True)
    ]
    # the arena: every cell of board.yaml with its kind's colour; the floor can be inked
    # by either team in the colours its tile takes; the spawn hexes "cannot be claimed"
    (arena,) = state.boards
    assert (arena.id, arena.grid, arena.owner) == ("arena", "hex", None)
    cells = _hex_cells(board)
    assert {c.id: c.kind for c in arena.cells} == cells
    for cell in arena.cells:
        kind = kinds[cell.kind]
        assert (cell.fill, cell.height, cell.team) == (
            kind["fill"],
            kind["height"],
            kind.get("team"),
        )
        assert cell.claims == kind.get("states", {})
        if cell.team is not None:
            assert cell.claims == {}
    # a Character Piece per player in their team's colour, on a white hex of their
    # team's Spawn Point, the two of a team on its two hexes
    spawn = {
        team["id"]: {c for c, k in cells.items() if kinds[k].get("team") == team["id"]}
        for team in game["teams"]
    }
    colour = {team["id"]: team["color"] for team in game["teams"]}
    assert [(p.owner, p.team, p.label) for p in state.pieces] == [
        (0, "green", "Character Piece"),
        (1, "purple", "Character Piece"),
        (2, "green", "Character Piece"),
        (3, "purple", "Character Piece"),
    ]
    for team in ("green", "purple"):
        mine = [p for p in state.pieces if p.team == team]
        assert {p.cell for p in mine} == spawn[team] and len(spawn[team]) == 2
        assert {(p.board, p.color) for p in mine} == {("arena", colour[team])}
    # "Set both Tile Counters to 0 and the Round Counter to 1": one per team, beside it
    counters = [(c.team, c.label, c.start, c.owner) for c in state.counters]
    assert counters == [
        ("green", "Tile Counter", 0, None),
        ("purple", "Tile Counter", 0, None),
        (None, "Round Counter", 1, None),
    ]
    assert state.tokens == []
    # the three weapon piles, twelve cards each, face up
    piles = [p for p in state.piles if p.owner is None]
    assert [(p.label, p.face_up, len(p.cards)) for p in piles] == [
        (pile["label"], True, 12) for pile in game["setup"]["piles"]
    ]
    assert {name.split()[0] for name in _names(state, piles[0].id)} <= {"Splattershot"}


def test_a_generated_box_on_the_table(tmp_path: Path) -> None:
    spec = box_game(tmp_path, 3)
    pack = Project(tmp_path).game(GAME_ID)
    # a square grid: each token a cell at (column, row); water no piece enters, sand both
    # teams can claim, the home cell the sun team's spawn
    (board,) = table_boards(pack, 3)
    assert board.grid == "square"
    expected = {
        f"{c},{r}": token
        for r, row in enumerate(spec.board_rows)
        for c, token in enumerate(row.split())
    }
    assert {c.id: c.kind[0] for c in board.cells} == expected
    for cell in board.cells:
        assert (cell.height is None) == (cell.kind == "water")
        assert sorted(cell.claims) == (["moon", "sun"] if cell.kind == "sand" else [])
        assert cell.team == ("sun" if cell.kind == "home" else None)
    # no piece in the box; tokens: the shared coins by design, the wards for each player
    teams = table_teams(pack, 3)
    assert [t.seats for t in teams] == [[0, 2], [1]]
    assert table_pieces(pack, teams, [board], 3) == []
    pools = [(t.id, t.label, t.owner, t.holder, t.count) for t in table_tokens(pack, 3)]
    coins = [
        (f"table-coin-{n}", f"Coin: {name}", None, "Table", count)
        for n, (name, count) in enumerate(spec.round_designs.items(), start=1)
    ]
    wards = [(f"seat-{n}-ward", "Ward", n - 1, f"Player {n}", spec.hex_count) for n in (1, 2, 3)]
    assert pools == coins + wards
