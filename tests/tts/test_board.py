"""Where the Splatoon board's counters and pieces stand, worked out from the board's tiles:
each team's tile counter off the board beside its own spawn, the round counter off the
board's side, a piece on a spawn tile of its team for each player. Checked on the example
arena and on generated boards."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.model.board import Board
from cardgen.tts.board import counter_spots, team_spots
from tests.conftest import ROOT

Run = Callable[..., Result]
TILE_UNITS = 25 / 25.4
"""A Splatoon hex from flat side to flat side on the table, in units: its `cell_size`
(25 mm) at its physical size, 1 unit being 25.4 mm (docs/tts.md), stated here, not
imported."""
COUNTER_CLEARANCE = TILE_UNITS * 0.75 + 0.9
"""How far a counter stands from every tile's centre: three quarters of a tile width (past
the tile's own edge) and 0.9 units more (half a counter and a gap), as board.py says."""


def _centroid(points: list[tuple[float, float]]) -> tuple[float, float]:
    return (sum(x for x, _ in points) / len(points), sum(z for _, z in points) / len(points))


def test_splatoon_counters_follow_the_board(
    run: Run, tmp_path: Path, example_project: Path
) -> None:
    result = run("tts", "splatoon", "--project", example_project, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    objects = json.loads((tmp_path / "splatoon.json").read_text())["ObjectStates"]
    tiles = {
        (o["Transform"]["posX"], o["Transform"]["posZ"]): o
        for o in objects
        if o["Name"] == "Custom_Tile"
    }
    spawns = {
        team: [spot for spot, tile in tiles.items() if tile["Nickname"] == f"spawn {team}"]
        for team in ("green", "purple")
    }
    counters = {o["Nickname"]: o for o in objects if o["Name"] == "Counter"}
    assert set(counters) == {"Green Tile Counter", "Purple Tile Counter", "Round Counter"}
    spot = {name: (c["Transform"]["posX"], c["Transform"]["posZ"]) for name, c in counters.items()}
    for name, place in spot.items():  # every counter off the board, on no tile
        nearest = min(math.dist(place, tile) for tile in tiles)
        assert nearest >= TILE_UNITS, (name, nearest)
    for team, other in (("green", "purple"), ("purple", "green")):
        own = math.dist(spot[f"{team.title()} Tile Counter"], _centroid(spawns[team]))
        assert own < math.dist(spot[f"{team.title()} Tile Counter"], _centroid(spawns[other]))
        assert own < 3 * TILE_UNITS  # beside it, not across the board
    board_centre = _centroid(list(tiles))
    assert abs(spot["Round Counter"][1] - board_centre[1]) < TILE_UNITS  # at the side, midway
    assert counters["Round Counter"]["Counter"]["value"] == 1  # the rules start it at 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_piece_on_a_spawn_tile_of_its_team_for_each_player(players: int) -> None:
    from cardgen.project import Project
    from cardgen.tts.board import board_objects
    from cardgen.tts.table import TableBuilder

    pack = Project(ROOT).game("splatoon")

    class NoImages:
        def tile_url(self, name: str, picture: object) -> str:
            return f"file:///{name}.jpg"

    builder = TableBuilder(pack, NoImages(), keywords=[])  # type: ignore[arg-type]
    objects = board_objects(builder, pack, origin_z=0.0, players=players)
    tiles = {
        (o["Transform"]["posX"], o["Transform"]["posZ"]): o["Nickname"]
        for o in objects
        if o["Name"] == "Custom_Tile"
    }
    pieces = [o for o in objects if o["Name"] == "PlayerPawn"]
    assert len(pieces) == players
    teams = [p["Tags"][0].removeprefix("Team ") for p in pieces]
    assert teams.count("green") == (players + 1) // 2
    assert teams.count("purple") == players // 2
    places = set()
    for piece, team in zip(pieces, teams, strict=True):
        where = (piece["Transform"]["posX"], piece["Transform"]["posZ"])
        assert tiles[where] == f"spawn {team}"
        places.add(where)
    assert len(places) == players  # never two pieces on one tile


@st.composite
def boards(draw: st.DrawFn) -> dict[tuple[int, int], str]:
    """A random hex board: a filled rectangle of ground with some holes, blocked and raised
    cells, and one or two spawn tiles per team in distinct places."""
    width = draw(st.integers(3, 9))
    height = draw(st.integers(3, 9))
    kinds = st.sampled_from(["ground", "ground", "medium", "tall", "blocked", "hole"])
    cells: dict[tuple[int, int], str] = {}
    for r in range(height):
        for col in range(width):
            kind = draw(kinds)
            if kind != "hole":
                cells[(col - (r - (r & 1)) // 2, r)] = kind
    positions = sorted(cells)
    if len(positions) < 4:
        cells.update({(9, 9): "ground", (10, 9): "ground", (9, 10): "ground", (10, 10): "ground"})
        positions = sorted(cells)
    chosen = draw(st.lists(st.sampled_from(positions), min_size=2, max_size=4, unique=True))
    for index, pos in enumerate(chosen):
        cells[pos] = "spawn-green" if index % 2 == 0 else "spawn-purple"
    return cells


def _board(cells: dict[tuple[int, int], str]) -> Board:
    """The generated cells as a board file's rows, with the kinds they use."""
    rows = sorted({r for _, r in cells})
    offsets = {(q + (r - (r & 1)) // 2, r): kind for (q, r), kind in cells.items()}
    low = min(col for col, _ in offsets)
    if low < 0 or rows[0] < 0:
        raise AssertionError("the strategy draws from column 0 and row 0")
    tokens = {"ground": "g", "medium": "m", "tall": "t", "blocked": "x"}
    tokens.update({"spawn-green": "G", "spawn-purple": "P"})
    width = max(col for col, _ in offsets) + 1
    lines = [
        " ".join(tokens[offsets[(col, r)]] if (col, r) in offsets else "-" for col in range(width))
        for r in range(rows[-1] + 1)
    ]
    return Board.model_validate(
        {
            "name": "generated",
            "kinds": {
                "ground": {"fill": "#444444"},
                "medium": {"fill": "#888888", "height": 1},
                "tall": {"fill": "#cccccc", "height": 2},
                "blocked": {"fill": "#111111", "height": None},
                "spawn-green": {"fill": "#ffffff", "team": "green", "height": 1},
                "spawn-purple": {"fill": "#ffffff", "team": "purple", "height": 1},
            },
            "legend": {token: kind for kind, token in tokens.items()},
            "rows": lines,
        }
    )


def _spots(cells: dict[tuple[int, int], str]) -> dict[tuple[int, int], tuple[float, float]]:
    return {
        (q, r): ((q + r / 2) * TILE_UNITS, -r * TILE_UNITS * 0.75 / (3**0.5 / 2)) for q, r in cells
    }


@settings(max_examples=60, deadline=None)
@given(boards())
def test_counters_stand_clear_of_every_tile_on_any_board(
    cells: dict[tuple[int, int], str],
) -> None:
    spots = _spots(cells)
    board = _board(cells)
    assert board.cells() == cells
    teams, rounds = counter_spots(board, spots)
    every = list(spots.values())
    centre = _centroid(every)
    spawns = team_spots(board, spots)
    assert set(teams) == {"green", "purple"}
    for team, place in teams.items():
        assert min(math.dist(place, s) for s in every) >= COUNTER_CLEARANCE - 0.01
        own = _centroid(spawns[team])
        # on the ray from the board's centre through the team's spawn, beyond the spawn
        ray = (own[0] - centre[0], own[1] - centre[1])
        if math.hypot(*ray) > 1e-6:
            to = (place[0] - centre[0], place[1] - centre[1])
            cross = ray[0] * to[1] - ray[1] * to[0]
            assert abs(cross) / math.hypot(*ray) < 0.05
            assert math.dist(place, centre) >= math.dist(own, centre) - 1e-6
    assert min(math.dist(rounds, s) for s in every) >= COUNTER_CLEARANCE - 0.01
