"""The components on the TTS table (issue 34, part 3), held against a generated box
(`tests/oracles/box_game.py`) in the test's own numbers: each object at its physical size,
the token bag holding the designs' counts, the d6's faces and rotations, each seat's
components in front of it, GUIDs unique at every depth; and the Shards table's dice.

The sizes follow docs/tts.md, stated here, never imported: 1 table unit is 25.4 mm; a
`Custom_Tile` spans 2 units at scale 1 (a hex 2 from flat side to flat side), a
`Custom_Token` 2 units along its picture's longer side, a `Custom_Dice` 1 unit an edge.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.tts.model import ObjectState
from cardgen.tts.save_model import TtsSave
from tests.conftest import ROOT
from tests.oracles.box_game import BoxSpec, box_game
from tests.oracles.games import example_alone
from tests.skips import require_path

MM_PER_UNIT = 25.4
TILE_UNITS = 2.0
TOKEN_UNITS = 2.0
DIE_UNITS = 1.0
PLAYERS = 3
REFERENCE = ROOT.parent / "shared" / "reference" / "tts"
Obj = dict[str, Any]


def walk(objects: list[Obj]) -> Iterator[Obj]:
    for obj in objects:
        yield obj
        yield from walk(obj.get("ContainedObjects") or [])
        yield from walk(list((obj.get("States") or {}).values()))


def tts(root: Path, game: str, out: Path, *args: str) -> tuple[Obj, Obj]:
    """Run `cardgen tts --table`: (the Saved Object, the full save)."""
    done = CliRunner().invoke(
        main,
        ["tts", game, "--project", str(root), "--out", str(out), "--jobs", "1", "--table", *args],
        catch_exceptions=False,
    )
    assert done.exit_code == 0, done.output
    saved = json.loads((out / f"{game}.json").read_text(encoding="utf-8"))
    table = json.loads((out / f"{game}-table.json").read_text(encoding="utf-8"))
    return saved, table


@pytest.fixture(scope="module")
def boxed(tmp_path_factory: pytest.TempPathFactory) -> tuple[BoxSpec, Obj, Obj, Path]:
    root = tmp_path_factory.mktemp("boxed")
    spec = box_game(root, seed=3)
    saved, table = tts(root, "boxed", root / "out", "--players", str(PLAYERS))
    return spec, saved, table, root / "out"


def scale(obj: Obj) -> tuple[float, float]:
    return obj["Transform"]["scaleX"], obj["Transform"]["scaleZ"]


def where(obj: Obj) -> tuple[float, float]:
    return obj["Transform"]["posX"], obj["Transform"]["posZ"]


def test_both_saves_validate_with_unique_guids_at_every_depth(
    boxed: tuple[BoxSpec, Obj, Obj, Path],
) -> None:
    _, saved, table, _ = boxed
    TtsSave.model_validate(table)
    for save in (saved, table):
        guids = [o["GUID"] for o in walk(save["ObjectStates"])]
        assert len(guids) == len(set(guids))
        for obj in walk(save["ObjectStates"]):
            ObjectState.model_validate(obj)


def test_every_component_at_its_physical_size(boxed: tuple[BoxSpec, Obj, Obj, Path]) -> None:
    spec, saved, table, _ = boxed
    for save in (saved, table):
        objects = list(walk(save["ObjectStates"]))
        coins = [o for o in objects if o["Nickname"] in spec.round_designs]
        assert coins
        for coin in coins:  # two faces: a round Custom_Tile, `round_token` across
            assert coin["Name"] == "Custom_Tile"
            assert coin["CustomImage"]["CustomTile"]["Type"] == 2
            assert coin["CustomImage"]["ImageSecondaryURL"]
            side = spec.round_token / MM_PER_UNIT / TILE_UNITS
            assert scale(coin) == pytest.approx((side, side), abs=1e-4)
        wards = [o for o in objects if o["Nickname"] == "Ward"]
        assert wards
        for ward in wards:  # one face: a Custom_Token, its picture a pointy-top hexagon
            assert ward["Name"] == "Custom_Token"
            tall = spec.hex_token * 2 / math.sqrt(3)  # point to point
            side = tall / MM_PER_UNIT / TOKEN_UNITS
            assert scale(ward) == pytest.approx((side, side), abs=1e-4)
        mats = [o for o in objects if o["Nickname"].endswith("Camp")]
        assert mats
        for mat in mats:
            assert mat["Name"] == "Custom_Tile" and mat["CustomImage"]["CustomTile"]["Type"] == 0
            expected = (spec.mat[0] / MM_PER_UNIT / 2, spec.mat[1] / MM_PER_UNIT / 2)
            assert scale(mat) == pytest.approx(expected, abs=1e-4)
        dice = [o for o in objects if o["Name"] == "Custom_Dice"]
        assert dice
        for die in dice:
            edge = spec.die_edge / MM_PER_UNIT / DIE_UNITS
            assert (*scale(die), die["Transform"]["scaleY"]) == pytest.approx((edge,) * 3, abs=1e-4)
        cells = [o for o in save["ObjectStates"] if "Board tile" in (o.get("Tags") or [])]
        assert len(cells) == sum(len(r.split()) for r in spec.board_rows)
        cell = spec.cell / MM_PER_UNIT
        for tile in cells:  # a square grid: box tiles `cell` across, `cell` apart
            assert tile["CustomImage"]["CustomTile"]["Type"] == 0
            assert scale(tile) == pytest.approx((cell / TILE_UNITS,) * 2, abs=1e-4)
        spots = [where(t) for t in cells]
        nearest = [min(math.dist(a, b) for b in spots if b != a) for a in spots]
        assert nearest == pytest.approx([cell] * len(spots), abs=1e-3)


def test_the_token_bag_holds_each_designs_count(boxed: tuple[BoxSpec, Obj, Obj, Path]) -> None:
    spec, saved, table, _ = boxed
    for save in (saved, table):
        bags = [o for o in save["ObjectStates"] if o["Name"] == "Bag"]
        assert len(bags) == 1  # the coins are shared: one set
        held = Counter(o["Nickname"] for o in bags[0]["ContainedObjects"])
        assert held == Counter(spec.round_designs)
        keys = list(bags[0])
        assert keys.index("Number") < keys.index("XmlUI") < keys.index("ContainedObjects")


def test_the_die_rolls_each_faces_value(boxed: tuple[BoxSpec, Obj, Obj, Path]) -> None:
    spec, saved, table, _ = boxed
    folder = require_path(REFERENCE, "the TTS reference files beside the project")
    real = json.loads((folder / "swlegion_counter_die_states.json").read_text())
    real_die = next(o for o in real["ObjectStates"] if o["Name"] == "Custom_Dice")
    dice = [o for o in walk(table["ObjectStates"]) if o["Name"] == "Custom_Dice"]
    assert len(dice) == PLAYERS  # the Omen die is each player's
    for die in [*dice, *(o for o in saved["ObjectStates"] if o["Name"] == "Custom_Dice")]:
        values = die["RotationValues"]
        assert [v["Value"] for v in values] == list(range(1, len(spec.die_faces) + 1))
        turns = [v["Rotation"] for v in real_die["RotationValues"]]
        assert [v["Rotation"] for v in values] == turns
        assert die["CustomImage"]["CustomDice"] == {"Type": 1}
        assert list(die) == list(real_die)  # TTS's keys, in its order (RotationValues last)


def test_new_objects_write_tts_keys_in_its_order(boxed: tuple[BoxSpec, Obj, Obj, Path]) -> None:
    _, _, table, _ = boxed
    folder = require_path(REFERENCE, "the TTS reference files beside the project")
    real = json.loads((folder / "swlegion_counter_die_states.json").read_text())
    kinds = {o["Name"]: list(o) for o in real["ObjectStates"]}
    ours = {o["Name"]: list(o) for o in walk(table["ObjectStates"])}
    for name in ("Counter", "Custom_Dice"):  # the kinds a real file has: the same keys
        assert ours[name] == kinds[name], name
    common = kinds["Counter"][: kinds["Counter"].index("Counter")]
    for name in ("Bag", "Custom_Tile", "Custom_Token"):  # the common keys as TTS orders them
        keys = [k for k in ours[name] if k in common]
        assert keys == [k for k in common if k in ours[name]], name


def test_each_players_components_lie_in_front_of_their_seat(
    boxed: tuple[BoxSpec, Obj, Obj, Path],
) -> None:
    _, _, table, _ = boxed
    objects = table["ObjectStates"]
    zones = {o["FogColor"]: where(o) for o in objects if o["Name"] == "HandTrigger"}
    assert len(zones) == PLAYERS
    owned = [
        o
        for o in objects
        if o["Name"] in ("Custom_Dice", "Custom_Token", "Custom_Tile", "Counter")
        and o["Nickname"].split(" - ")[0] in zones
    ]
    kinds = Counter(o["Nickname"].split(" - ")[0] for o in owned)
    assert kinds == Counter({colour: len(owned) // PLAYERS for colour in zones})
    for obj in owned:
        colour = obj["Nickname"].split(" - ")[0]
        own = math.dist(where(obj), zones[colour])
        assert all(own < math.dist(where(obj), z) for c, z in zones.items() if c != colour), obj
    board = [where(o) for o in objects if "Board tile" in (o.get("Tags") or [])]
    for obj in owned:  # clear of the board in the middle
        assert min(math.dist(where(obj), spot) for spot in board) > 2.0


def test_the_overview_draws_the_components(boxed: tuple[BoxSpec, Obj, Obj, Path]) -> None:
    from PIL import Image

    _, _, _, out = boxed
    with Image.open(out / "boxed-table.png") as picture:
        colours = {c for _, c in picture.convert("RGB").getcolors(1 << 20) or []}
    assert (216, 232, 208) in colours  # the mat's own background, drawn from its picture


def test_the_shards_table_has_two_dice_for_each_player(tmp_path: Path) -> None:
    shards = example_alone(tmp_path, "shards")  # its cards at 50 dpi: only sizes matter
    _, table = tts(shards, "shards", tmp_path / "out", "--players", "2")
    objects = table["ObjectStates"]
    zones = {o["FogColor"]: where(o) for o in objects if o["Name"] == "HandTrigger"}
    dice = [o for o in objects if o["Name"] == "Custom_Dice"]
    by_seat = Counter(o["Nickname"].split(" - ")[0] for o in dice)
    assert by_seat == {"White": 2, "Red": 2}
    for die in dice:
        colour = die["Nickname"].split(" - ")[0]
        nearest = min(zones, key=lambda c: math.dist(zones[c], where(die)))
        assert nearest == colour
        assert [v["Value"] for v in die["RotationValues"]] == [1, 2, 3, 4, 5, 6]
