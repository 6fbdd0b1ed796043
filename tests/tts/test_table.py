"""`cardgen tts GAME --table --players N`: the full save (the mod) of each card game, for 2
players and for its largest player count, holds what its rules set up, in the envelope and
key order of a save TTS v13.1.1 wrote (`tests/data/tts/v13-save-shape.json`: key names,
order and types only, taken from argonui/TTSModManager `testdata/reversing/input.json`)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cardgen.cli.group import main
from cardgen.tts.save_model import TtsSave
from tests.conftest import ROOT, tts_objects
from tests.example_builds import seed
from tests.oracles.games import example_copy

Run = Callable[..., Result]
SHAPE = json.loads((ROOT / "tests" / "data" / "tts" / "v13-save-shape.json").read_text())
TABLES = [("shards", 2), ("splatterkins", 2), ("yokai-sketch", 2), ("blublers", 2), ("blublers", 8)]
TYPES = {bool: "bool", int: "int", float: "float", str: "str", list: "list", dict: "dict"}
pytestmark = pytest.mark.xdist_group("tts-test-table")  # one worker makes `project` once


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the example games with each table of TABLES exported."""
    root = example_copy(tmp_path_factory.mktemp("tables"))
    for game, players in TABLES:
        out = root / "out" / f"{game}-{players}"
        seed(out, game)  # its cards and sheets drawn once a run: this test reads the tables
        args = ["tts", game, "--table", "--players", str(players), "--out", str(out)]
        done = CliRunner().invoke(main, [*args, "--project", str(root), "--jobs", "2"])
        assert done.exit_code == 0, done.output
    return root


def table(project: Path, game: str, players: int) -> tuple[dict[str, Any], bytes]:
    """The full save of a game for a player count, parsed, and its bytes."""
    data = (project / "out" / f"{game}-{players}" / f"{game}-table.json").read_bytes()
    return json.loads(data), data


def piles(save: dict[str, Any], prefix: str = "") -> dict[str, dict[str, Any]]:
    """The card piles at the top level (decks and lone cards) by nickname."""
    found = {}
    for obj in save["ObjectStates"]:
        if obj["Name"] in ("Deck", "Card") and obj["Nickname"].startswith(prefix):
            found[obj["Nickname"].removeprefix(prefix)] = obj
    return found


def size(pile: dict[str, Any]) -> int:
    """How many cards a pile holds."""
    return len(pile.get("ContainedObjects") or [pile])


def face_up(pile: dict[str, Any]) -> bool:
    """Whether a pile lies face up."""
    return bool(pile["Transform"]["rotZ"] == 0.0)


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_each_seat_has_a_hand_zone_facing_the_middle(
    project: Path, game: str, players: int
) -> None:
    save, _ = table(project, game, players)
    hands = [o for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]
    colours = ["White", "Red", "Blue", "Green", "Yellow", "Orange", "Purple", "Pink"]
    assert [h["FogColor"] for h in hands] == colours[:players]
    for hand in hands:  # on an edge, facing straight across the table towards the middle
        import math

        t = hand["Transform"]
        assert t["rotY"] in (0.0, 90.0, 180.0, 270.0)
        angle = math.radians(t["rotY"])
        forward = (math.sin(angle), math.cos(angle))
        assert forward[0] * -t["posX"] + forward[1] * -t["posZ"] > 0
    assert save["PlayerCounts"] == [save_range(game)[0], save_range(game)[1]]
    assert sorted(save["Turns"]["TurnOrder"]) == sorted(colours[:players])
    assert save["Hands"]["Enable"]


def save_range(game: str) -> tuple[int, int]:
    """The game's players: range from its game.yaml."""
    from cardgen.load.game import load_game

    players = load_game(ROOT / "decks" / game, ROOT).game.players
    return players.min, players.max


def test_shards_seats_each_have_their_personas_apart_and_a_shard_deck(project: Path) -> None:
    save, _ = table(project, "shards", 2)
    for colour in ("White", "Red"):
        mine = piles(save, f"{colour} - ")
        assert set(mine) == {"Persona", "Shard Deck"}
        assert (size(mine["Persona"]), face_up(mine["Persona"])) == (3, True)
        assert (size(mine["Shard Deck"]), face_up(mine["Shard Deck"])) == (51, False)
        types = {json.loads(c["GMNotes"])["type"] for c in mine["Persona"]["ContainedObjects"]}
        assert types == {"persona"}
    rules = save["TabStates"]["1"]["body"]  # decks/shards/rulebook.md, resolved, as text
    assert rules.startswith("SHARDS OF THE ARTISAN: RULEBOOK\n")
    assert "A Shard Deck has at most 52 cards" in rules and "{" not in rules
    assert save["TabStates"]["1"]["title"] == "Rules"


def test_splatterkins_visionary_beside_the_sketchbook_and_paint_drops(project: Path) -> None:
    save, _ = table(project, "splatterkins", 2)
    for colour in ("White", "Red"):
        (sketchbook,) = [p for n, p in piles(save, f"{colour} - ").items() if n == "Sketchbook"]
        assert not face_up(sketchbook) and size(sketchbook) > 30
        counter = [o for o in save["ObjectStates"] if o["Nickname"] == f"{colour} - Paint Drops"]
        assert [c["Counter"] for c in counter] == [{"value": 0}]
    inspiration = {  # each seat's counter starts at its own Visionary's Inspiration
        o["Nickname"]: o["Counter"]["value"]
        for o in save["ObjectStates"]
        if o["Nickname"].endswith(" - Visionary Inspiration")
    }
    assert inspiration == {  # Mirella Quickstroke leads Vibrant Rush, Nib Inkwright the other
        "White - Visionary Inspiration": 16,
        "Red - Visionary Inspiration": 14,
    }
    assert (
        "Visionary Inspiration (each player, starts at the inspiration of the player's"
        in (save["TabStates"]["0"]["body"])
    )
    visionaries = [
        o for o in save["ObjectStates"] if o["Name"] == "Card" and "visionary" in o["GMNotes"]
    ]
    assert len(visionaries) == 2 and all(face_up(v) for v in visionaries)


def test_yokai_decks_by_colour_face_up_and_the_sketch_deck_in_the_middle(project: Path) -> None:
    save, _ = table(project, "yokai-sketch", 2)
    found = piles(save)
    yokai = {n: p for n, p in found.items() if n.startswith("Yokai deck: ")}
    assert len(yokai) == 4 and all(face_up(p) and size(p) == 5 for p in yokai.values())
    assert size(found["Sketch deck"]) == 36 and not face_up(found["Sketch deck"])
    assert all(abs(p["Transform"]["posZ"]) < 1 for p in found.values())  # between the seats


@pytest.mark.parametrize(("players", "each", "boxes"), [(2, 20, 1), (8, 10, 2)])
def test_blublers_deal(project: Path, players: int, each: int, boxes: int) -> None:
    save, _ = table(project, "blublers", players)
    found = piles(save)
    dealt = [p for n, p in found.items() if n.endswith(" - Paquet")]
    assert len(dealt) == players and all(size(p) == each and not face_up(p) for p in dealt)
    specials = [found["Pioche Special face cachée"], found["Pioche Special face visible"]]
    assert [size(p) for p in specials] == [7, 7] and [face_up(p) for p in specials] == [
        False,
        True,
    ]
    cards = [c for p in found.values() for c in p["ContainedObjects"]]
    kinds = Counter(json.loads(c["GMNotes"])["type"] for c in cards)
    assert kinds == {"classic": 48 * boxes, "special": 14 * boxes}
    rest = found["Reste de la boîte"]  # in the game's language
    assert size(rest) == 48 * boxes - each * players + 14 * (boxes - 1)
    setup = save["TabStates"]["0"]["body"]
    assert f"Distribution pour {players} joueurs : {each} cartes chacun" in setup
    rules = save["TabStates"]["1"]["body"]  # decks/blublers/rulebook.md, resolved, as text
    assert rules.startswith("BLUBLER'S : LA RÈGLE\n")
    assert "à deux, chacun en reçoit vingt" in rules and "Joueurs · Cartes par joueur" in rules


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_the_save_has_the_shape_of_a_save_tts_wrote(project: Path, game: str, players: int) -> None:
    save, _ = table(project, game, players)
    assert [[k, TYPES[type(v)]] for k, v in save.items()] == SHAPE["envelope"]
    for key, order in SHAPE["nested"].items():
        name, _, part = key.partition(".")
        values = save[name.removesuffix("[]")]
        if name.endswith("[]"):
            values = list(values.values()) if isinstance(values, dict) else values
        elif part:
            values = values[part.removesuffix("[]")]
        for value in values if isinstance(values, list) else [values]:
            assert list(value) == order, key
    for key, types in SHAPE["nested_types"].items():
        value = save[key.removesuffix("[]")]
        value = next(iter(value.values())) if key == "TabStates[]" else value
        value = value[0] if isinstance(value, list) else value
        assert {k: TYPES[type(v)] for k, v in value.items()} == types, key
    objects = tts_objects(save["ObjectStates"])
    guids = [o["GUID"] for o in objects]
    assert len(set(guids)) == len(guids) and all(len(g) == 6 for g in guids)
    for obj in objects:  # keys both have in the order TTS writes them
        reference = SHAPE["objects"].get(obj["Name"])
        if reference is not None:
            assert [k for k in obj if k in reference] == [k for k in reference if k in obj]
    tags = {t for o in objects for t in o.get("Tags", [])}
    assert {t["displayed"] for t in save["ComponentTags"]["labels"]} == tags
    top = [o for o in save["ObjectStates"] if o["Name"] in ("Deck", "Card")]
    spots = {(s["Position"]["x"], s["Position"]["z"]) for s in save["SnapPoints"]}
    assert spots == {(o["Transform"]["posX"], o["Transform"]["posZ"]) for o in top}
    dumped = TtsSave.model_validate(save).model_dump(exclude_none=True, mode="json")
    assert dumped == save
    titles = ["Mise en place", "Règles"] if game == "blublers" else ["Setup", "Rules"]
    assert [t["title"] for t in save["TabStates"].values()] == titles


def test_the_same_table_twice_is_the_same_bytes(project: Path) -> None:
    _, before = table(project, "blublers", 8)
    out = project / "out" / "blublers-8"
    args = ["tts", "blublers", "--table", "--players", "8", "--out", str(out), "--jobs", "1"]
    again = CliRunner().invoke(main, [*args, "--project", str(project), "--format", "json"])
    assert again.exit_code == 0, again.output
    assert table(project, "blublers", 8)[1] == before
    document = json.loads(again.stdout)
    assert document["table"]["json"] == str(out / "blublers-table.json")
    assert document["table"]["thumbnail"] == str(out / "blublers-table.png")
    assert document["table"]["players"] == 8 and (out / "blublers-table.png").is_file()


@pytest.mark.parametrize(
    ("game", "players", "message"),
    [
        ("blublers", "9", "--players 9: Blubler's is played by 2 to 8 players"),
        ("blublers", "1", "--players 1: Blubler's is played by 2 to 8 players"),
        ("splatterkins", "3", "--players 3: Splatterkins is played by 2 players"),
        ("shards", "5", "--players 5: Shards of the Artisan is played by 2 to 4 players"),
    ],
)
def test_players_outside_the_range_are_refused(
    tmp_path: Path, run: Run, game: str, players: str, message: str
) -> None:
    done = run("tts", game, "--table", "--players", players, "--project", ROOT, "--out", tmp_path)
    assert done.exit_code == 2
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith(f"error: decks/{game}/game.yaml:") and line.endswith(message)
    assert list(tmp_path.iterdir()) == []


def test_players_without_table_is_a_usage_error(run: Run, tmp_path: Path) -> None:
    done = run("tts", "blublers", "--players", "3", "--project", ROOT, "--out", tmp_path)
    assert done.exit_code == 2 and "--table" in done.stderr


def test_each_deck_given_seats_a_player_the_others_take_the_games_decks(
    tmp_path: Path, run: Run
) -> None:
    project = example_copy(tmp_path, "shards")
    seed(tmp_path / "out", "shards")
    deck = project / "decks" / "shards" / "decks" / "ember-aggro.txt"
    args = ["tts", "shards", "--table", "--deck", deck, "--out", tmp_path / "out"]
    done = run(*args, "--project", project, "--jobs", "2")
    assert done.exit_code == 0, done.output
    save = json.loads((tmp_path / "out" / "ember-aggro-table.json").read_text())
    setup = save["TabStates"]["0"]["body"]
    assert "White (deck: ember-aggro)" in setup and "Red (deck: starter-ember)" in setup
    assert "White (deck: ember-aggro): Persona (1 card, face up); Shard Deck (51 cards" in setup
    assert size(piles(save, "White - ")["Shard Deck"]) == 51
    lone = [o for o in save["ObjectStates"] if o["Name"] == "Card"]  # the one Persona
    assert [json.loads(o["GMNotes"])["type"] for o in lone] == ["persona"]
    assert face_up(lone[0]) and lone[0]["Transform"]["posZ"] < 0  # on White's side


def test_more_decks_than_seats_are_refused(tmp_path: Path, run: Run) -> None:
    deck = ROOT / "decks" / "shards" / "decks" / "ember-aggro.txt"
    args = ["tts", "shards", "--table", *["--deck", str(deck)] * 3, "--out", tmp_path]
    done = run(*args, "--project", ROOT)
    assert done.exit_code == 2 and "--deck given 3 times for 2 players" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_rules_document_that_is_missing_is_refused_before_anything_is_written(
    make_project: Callable[..., Path], run: Run
) -> None:
    from tests.conftest import TINY_GAME

    root = make_project(TINY_GAME + "rules_document: missing.md\n")
    done = run("tts", "tiny", "--table", "--project", root, "--jobs", "1")
    assert done.exit_code == 2
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("error: ") and "decks/tiny/game.yaml:19:" in line
    assert line.endswith("rules document missing.md: No such file or directory")
    assert not (root / "output").exists()


def test_a_rules_document_in_markdown_fills_the_rules_tab(
    make_project: Callable[..., Path], run: Run
) -> None:
    from tests.conftest import TINY_GAME

    rules = "# Tiny rules\n\nDraw **two**\ncards.\n\n- Win by [scoring](https://example.org).\n"
    root = make_project(TINY_GAME + "rules_document: rules.md\n", extra={"rules.md": rules})
    done = run("tts", "tiny", "--table", "--project", root, "--jobs", "1")
    assert done.exit_code == 0, done.output
    save = json.loads((root / "output" / "tiny" / "tts" / "tiny-table.json").read_text())
    body = save["TabStates"]["1"]["body"]
    assert body == "TINY RULES\n\nDraw two cards.\n\n• Win by scoring (https://example.org).\n"
    names = [o["Nickname"] for o in save["ObjectStates"] if o["Name"] in ("Deck", "Card")]
    assert names == ["Heros & Spells"]  # no setup piles: the box as one deck in the middle


def test_install_puts_the_full_save_into_saves_and_leaves_the_saved_object_as_it_was(
    make_project: Callable[..., Path], run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    root = make_project()
    done = run("tts", "tiny", "--table", "--install", "--project", root, "--jobs", "1")
    assert done.exit_code == 0, done.output
    saves = tmp_path / "home/.local/share/Tabletop Simulator/Saves"
    out = root / "output" / "tiny" / "tts"
    for name in ("tiny-table.json", "tiny-table.png"):
        assert (saves / name).read_bytes() == (out / name).read_bytes()
    for name in ("tiny.json", "tiny.png"):
        assert (saves / "Saved Objects" / name).read_bytes() == (out / name).read_bytes()
    assert sorted(p.name for p in saves.iterdir()) == [
        "Saved Objects",
        "tiny-table.json",
        "tiny-table.png",
    ]
    assert f"installed: {saves / 'tiny-table.json'}" in done.stdout


def test_two_piles_of_one_label_get_sheets_of_their_own_names(
    make_project: Callable[..., Path], run: Run
) -> None:
    from tests.conftest import TINY_GAME

    piles_yaml = (
        "setup:\n  piles:\n"
        "    - {id: a, label: Fire, where: {name: Fireball}, count: 2, face_up: true}\n"
        "    - {id: b, label: Fire, where: {name: Fireball}, count: 2, face_up: true}\n"
    )
    root = make_project(TINY_GAME + piles_yaml)
    done = run("tts", "tiny", "--table", "--project", root, "--jobs", "1")
    assert done.exit_code == 0, done.output
    out = root / "output" / "tiny" / "tts"
    save = json.loads((out / "tiny-table.json").read_text())
    fire = [o for o in save["ObjectStates"] if o["Nickname"] == "Fire"]
    assert [size(o) for o in fire] == [2, 2]
    urls = [next(iter(o["CustomDeck"].values()))["FaceURL"] for o in fire]
    assert "/sheets/table-fire-1-" in urls[0] and "/sheets/table-fire-2-1-" in urls[1]
    chest = json.loads((out / "tiny.json").read_text())  # the Saved Object's piles alike
    assert [o["Nickname"] for o in chest["ObjectStates"]].count("Fire") == 2
