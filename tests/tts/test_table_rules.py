"""The five example games' TTS tables, for every player count their game.yaml allows, held
to their rules and to the table they name, from outside: every object's footprint on the
table's surface, one hand zone a seat, the turn order and the piles as the rules set them
(Splatoon's teams take turns, Blubler's Special piles lie at the two ends of the play area),
Blubler's labels in French; and each Saved Object on the RPG table.

Nothing is imported from cardgen's layout code: the table sizes and footprints are written
here with their sources (docs/tts.md, "Tables").
"""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardgen.cli.group import main

SURFACES = {"Table_RPG": (58.0, 40.0), "Table_Custom": (88.0, 52.0)}
"""Width (x) by depth (z) of each table's surface, in units: the RPG table as the HexNexus
project's table preview measures it, the Custom Rectangle's felt 7'4" x 4'4" (a measure
the 4400 x 2600 image TTS's knowledge base asks for has in proportion)."""
CARD = (56.0 / 25.4, 80.0 / 25.4)  # a card at scale 1: 56 x 80 mm (tts-format.md 3.7)
SIZES = {"Counter": (2.0, 1.2), "PlayerPawn": (1.0, 1.0), "Custom_Tile": (2.0, 4 / math.sqrt(3))}
SIZES["Custom_Dice"] = (1.0, 1.0)
SIZES["Custom_PDF"] = (2.0, 2.0 * 297 / 210)
"""Footprints at scale 1 (a hex tile 2 units across its flats, 2.31 point to point; a d6
1 unit a side, docs/tts.md's "Components on the table"; the rulebook's PDF a tile's width
with an A4 page's proportions, as docs/tts.md assumes)."""
COLOURS = ["White", "Red", "Blue", "Green", "Yellow", "Orange", "Purple", "Pink"]
FRENCH = ["Blanc", "Rouge", "Bleu", "Vert", "Jaune", "Orange", "Violet", "Rose"]
GAMES = {"shards": (2, 4), "splatterkins": (2, 2), "splatoon": (2, 4), "blublers": (2, 8)}
GAMES["yokai-sketch"] = (2, 2)
CASES = [(g, n) for g, (low, high) in GAMES.items() for n in range(low, high + 1)]
pytestmark = pytest.mark.xdist_group("tts-table-rules")  # each table exported by one worker


class Saves:
    """The example tables, each exported when a test first asks for it (a worker exports
    only those its tests read): `saves[game, players]` the full save, `saves[game, 0]` the
    game's Saved Object. Each goes into the game's own output folder of the module's copy,
    so that its sheet cache (seeded with the run's drawing of every card) serves the sheets
    a player count shares with another."""

    def __init__(self, project: Path) -> None:
        self.project = project
        self.found: dict[tuple[str, int], dict[str, Any]] = {}

    def __getitem__(self, case: tuple[str, int]) -> dict[str, Any]:
        game, players = case
        if case not in self.found:
            low = GAMES[game][0]
            args = ["tts", game, "--table", "--players", str(players or low), "--jobs", "1"]
            done = CliRunner().invoke(main, [*args, "--project", str(self.project)])
            assert done.exit_code == 0, done.output
            out = self.project / "output" / game / "tts"
            table = json.loads((out / f"{game}-table.json").read_text("utf-8"))
            self.found[(game, players or low)] = table
            self.found.setdefault((game, 0), json.loads((out / f"{game}.json").read_text()))
        return self.found[case]


@pytest.fixture(scope="module")
def saves(example_project: Path) -> Saves:
    """The example tables, exported as the tests ask for them."""
    return Saves(example_project)


def box(obj: dict[str, Any]) -> tuple[float, float, float, float]:
    """What an object covers: min x, max x, min z, max z (its footprint turned by rotY)."""
    t = obj["Transform"]
    if obj["Name"] == "HandTrigger":
        w, d = t["scaleX"], t["scaleZ"]
    else:
        unit = CARD if obj["Name"] in ("Deck", "Card") else SIZES[obj["Name"]]
        w, d = unit[0] * t["scaleX"], unit[1] * t["scaleZ"]
    a = math.radians(t["rotY"])
    hx = (w * abs(math.cos(a)) + d * abs(math.sin(a))) / 2
    hz = (w * abs(math.sin(a)) + d * abs(math.cos(a))) / 2
    return t["posX"] - hx, t["posX"] + hx, t["posZ"] - hz, t["posZ"] + hz


def on_surface(save: dict[str, Any], table: str) -> None:
    """Every top-level object lies on the table's surface."""
    width, depth = SURFACES[table]
    for obj in save["ObjectStates"]:
        x0, x1, z0, z1 = box(obj)
        where = (
            obj["Name"],
            obj["Nickname"],
            (round(x0, 2), round(x1, 2), round(z0, 2), round(z1, 2)),
        )
        assert -width / 2 <= x0 and x1 <= width / 2, where
        assert -depth / 2 <= z0 and z1 <= depth / 2, where


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_object_lies_on_the_table_one_hand_zone_a_seat(
    saves: Saves, game: str, players: int
) -> None:
    save = saves[(game, players)]
    assert save["Table"] in SURFACES
    on_surface(save, save["Table"])
    zones = [o for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]
    assert [z["FogColor"] for z in zones] == COLOURS[:players]
    boxes = [box(z) for z in zones]
    for i, a in enumerate(boxes):  # no two zones overlap
        for b in boxes[i + 1 :]:
            assert not (a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3])
    assert sorted(save["Turns"]["TurnOrder"]) == sorted(COLOURS[:players])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_saved_object_lies_on_the_rpg_table(saves: Saves, game: str) -> None:
    on_surface(saves[(game, 0)], "Table_RPG")  # the table TTS starts with


@pytest.mark.parametrize("players", [2, 3, 4])
def test_splatoon_teams_take_turns(saves: Saves, players: int) -> None:
    save = saves[("splatoon", players)]
    team = {}
    for pawn in (o for o in save["ObjectStates"] if o["Name"] == "PlayerPawn"):
        side, colour = pawn["Nickname"].removesuffix("'s piece").split(" team, ")
        team[colour] = side
    assert sorted(team) == sorted(COLOURS[:players])
    sizes = sorted(list(team.values()).count(side) for side in set(team.values()))
    assert sizes == ([1, 1] if players == 2 else [1, 2] if players == 3 else [2, 2])
    order = [team[colour] for colour in save["Turns"]["TurnOrder"]]
    # "Play continues to alternate between the two teams" (the rule text, Turn Order)
    assert all(a != b for a, b in itertools.pairwise(order)), order
    if players % 2 == 0:  # round the table too: the last player's team is not the first's
        assert order[-1] != order[0]
    body = save["TabStates"]["0"]["body"]
    assert f"Turn order: {', '.join(save['Turns']['TurnOrder'])}." in body


@pytest.mark.parametrize("players", range(2, 9))
def test_blublers_special_piles_lie_at_the_two_ends_in_french(saves: Saves, players: int) -> None:
    save = saves[("blublers", players)]
    piles = {o["Nickname"]: o for o in save["ObjectStates"] if o["Name"] in ("Deck", "Card")}
    hidden = piles["Pioche Special face cachée"]["Transform"]
    shown = piles["Pioche Special face visible"]["Transform"]
    # "deux pioches de 7 cartes ... de chaque côté de l'espace de jeu": one each side of the
    # middle, where the flipped cards go, on one line through it, far from it
    assert hidden["posX"] < -10 and shown["posX"] > 10
    assert hidden["posZ"] == shown["posZ"] == 0.0 and hidden["posX"] == -shown["posX"]
    zones = [o for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]
    assert [z["Nickname"] for z in zones] == [f"Main de {c}" for c in FRENCH[:players]]
    assert sorted(piles) == sorted(
        [f"{c} - Paquet" for c in FRENCH[:players]]
        + ["Pioche Special face cachée", "Pioche Special face visible", "Reste de la boîte"]
    )
    assert save["Note"].startswith(f"Blubler's pour {players} joueurs : ")
    assert [t["title"] for t in save["TabStates"].values()] == ["Mise en place", "Règles"]
    body = save["TabStates"]["0"]["body"]
    assert "Aux deux bouts de l'espace de jeu : Pioche Special face cachée" in body


def centroid(points: list[tuple[float, float]]) -> tuple[float, float]:
    return (sum(x for x, _ in points) / len(points), sum(z for _, z in points) / len(points))


HEX_WIDTH = 25 / 25.4
"""Splatoon's hex tiles at their size: board.yaml's `cell_size: 25mm`, an inch a unit."""


@pytest.mark.parametrize("players", [2, 4])
def test_the_table_seats_each_player_on_the_side_of_their_team(saves: Saves, players: int) -> None:
    """Moved from test_board.py: the same tables as the rest of this module, exported once."""
    objects = saves[("splatoon", players)]["ObjectStates"]
    zones = {
        o["Nickname"].removesuffix("'s hand"): (o["Transform"]["posX"], o["Transform"]["posZ"])
        for o in objects
        if o["Name"] == "HandTrigger"
    }
    assert len(zones) == players
    tiles = [
        ((o["Transform"]["posX"], o["Transform"]["posZ"]), o["Nickname"])
        for o in objects
        if o["Name"] == "Custom_Tile"
    ]
    spawn = {
        team: centroid([spot for spot, name in tiles if name == f"spawn {team}"])
        for team in ("green", "purple")
    }
    pieces = [o for o in objects if o["Name"] == "PlayerPawn"]
    teams: dict[str, list[str]] = {"green": [], "purple": []}
    for piece in pieces:
        team, seat = piece["Nickname"].removesuffix("'s piece").split(" team, ")
        teams[team.lower()].append(seat)
        where = (piece["Transform"]["posX"], piece["Transform"]["posZ"])
        assert (where, f"spawn {team.lower()}") in tiles  # on a spawn tile of its team
    assert sorted(teams["green"] + teams["purple"]) == sorted(zones)  # one piece per seat
    assert len(teams["green"]) == len(teams["purple"]) == players // 2
    for team, other in (("green", "purple"), ("purple", "green")):
        for seat in teams[team]:  # never nearer the other team's spawn than its own
            assert math.dist(zones[seat], spawn[team]) <= math.dist(zones[seat], spawn[other])
    reach = max(math.hypot(*spot) for spot, _ in tiles)
    for zone in zones.values():  # the board in the middle, clear of every seat
        assert math.hypot(*zone) > reach + HEX_WIDTH
    decks = [o for o in objects if o["Name"] == "Deck"]
    for deck in decks:  # the weapon piles off the board
        place = (deck["Transform"]["posX"], deck["Transform"]["posZ"])
        assert min(math.dist(place, spot) for spot, _ in tiles) > HEX_WIDTH


def test_a_refused_player_count_writes_nothing(example_project: Path, tmp_path: Path) -> None:
    """`--players` outside the game's count is refused (exit 2, one line) before anything
    is written: not the table, not the rulebook it carries (made in a scratch folder)."""
    before = sorted(p for p in example_project.rglob("*") if "output" in p.parts)
    out = tmp_path / "tts"
    args = ["tts", "shards", "--project", str(example_project), "--table", "--players", "9"]
    result = CliRunner().invoke(main, [*args, "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert not out.exists() or not any(out.iterdir())
    after = sorted(p for p in example_project.rglob("*") if "output" in p.parts)
    assert after == before
