"""Tabletop Simulator export: ids, keys and sheets consistent; decks of 1, 69, 70, 71 and 150
cards; determinism; URLs; the Splatoon board's tiles and states; the real TTS files."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from PIL import Image

from cardgen.tts.model import SavedObject
from tests.conftest import ROOT, TINY_GAME
from tests.skips import require_path

Run = Callable[..., Result]
REFERENCE = ROOT.parent / "shared" / "reference" / "tts"
SMALL = "extends: builtin:card\ndpi: 50\n"  # small cards keep the tests fast


def walk(objects: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for obj in objects:
        yield obj
        yield from walk(obj.get("ContainedObjects") or [])
        yield from walk(list((obj.get("States") or {}).values()))


def key_order(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return list(a) == list(b) and all(key_order(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return all(key_order(x, y) for x, y in zip(a, b, strict=True))
    return True


@pytest.mark.parametrize(
    "name", ["swlegion_blitz_deck_in_infinite_bag.json", "swlegion_counter_die_states.json"]
)
def test_reference_files_load_into_our_models(name: str) -> None:
    folder = require_path(REFERENCE, "the TTS reference files beside the project")
    data = json.loads((folder / name).read_text())
    dumped = SavedObject.model_validate(data).model_dump(exclude_none=True, mode="json")
    assert dumped == data and key_order(dumped, data)


def export(
    make_project: Callable[..., Path],
    run: Run,
    tmp_path: Path,
    cards: str,
    *args: str,
    game: str = TINY_GAME,
) -> tuple[dict[str, Any], Path, Result]:
    root = make_project(
        game,
        cards,
        extra={"../../layouts/tiny/hero.yaml": SMALL, "../../layouts/tiny/spell.yaml": SMALL},
    )
    out = tmp_path / "tts"
    result = run("tts", "tiny", "--project", root, "--out", out, "--jobs", "1", *args)
    assert result.exit_code == 0, result.output
    return json.loads((out / "tiny.json").read_text()), out, result


def spells(n: int) -> str:
    rows = "".join(f"Spell {i:03d},spell,1,,fire,1,Text {i}.\n" for i in range(n))
    return "name,type,copies,power,school,level,text\n" + rows


def check_consistent(data: dict[str, Any], out: Path) -> None:
    SavedObject.model_validate(data)
    guids = [obj["GUID"] for obj in walk(data["ObjectStates"])]
    assert all(re.fullmatch(r"[0-9a-f]{6}", g) for g in guids)
    assert len(guids) == len(set(guids))
    keys: dict[str, dict[str, Any]] = {}
    for obj in walk(data["ObjectStates"]):
        if obj["Name"] == "Deck":
            assert obj["DeckIDs"] == [c["CardID"] for c in obj["ContainedObjects"]]
            assert len(obj["ContainedObjects"]) >= 2
        if obj["Name"] == "Card":
            ((key, entry),) = obj["CustomDeck"].items()
            assert obj["CardID"] // 100 == int(key) and int(key) >= 1000
            assert obj["CardID"] % 100 < entry["NumWidth"] * entry["NumHeight"]
            assert entry["BackIsHidden"] is True
            if key in keys:
                assert keys[key] == entry  # one key, one sheet
            keys[key] = entry
    for entry in keys.values():
        sheet = Path(entry["FaceURL"].removeprefix("file://"))
        with Image.open(sheet) as image:
            assert image.mode == "RGB" and max(image.size) <= 4096
            assert image.width % entry["NumWidth"] == 0 and image.height % entry["NumHeight"] == 0
        assert sheet.is_relative_to(out)


CELL = (126, 176)
"""A sheet cell: the card's trim cut from its image. At the test layouts' 50 dpi a poker card
with its 1/8 in bleed (2.75 x 3.75 in) is 138 x 188 px (137.5 and 187.5 rounded), the bleed
6 px (6.25), which leaves 126 x 176; ten across and seven down stay far under 4096 px."""


@pytest.mark.parametrize(
    ("count", "grids"),
    [
        (1, [(1, 1)]),
        (69, [(10, 7)]),  # ten across, as few rows as hold them
        (70, [(10, 7)]),  # 70 slots, all cards (BackIsHidden: true)
        (71, [(10, 7), (1, 1)]),
        (150, [(10, 7), (10, 7), (10, 1)]),  # 70 + 70 + 10
    ],
)
def test_deck_sizes(
    make_project: Callable[..., Path],
    run: Run,
    tmp_path: Path,
    count: int,
    grids: list[tuple[int, int]],
) -> None:
    data, out, _ = export(make_project, run, tmp_path, spells(count))
    check_consistent(data, out)
    (top,) = data["ObjectStates"]
    if count == 1:
        assert top["Name"] == "Card"
        sheets = list(top["CustomDeck"].values())
    else:
        assert top["Name"] == "Deck" and len(top["ContainedObjects"]) == count
        # The sheets in the order the deck's cards reach them (their keys are hashes).
        keys = dict.fromkeys(str(card["CardID"] // 100) for card in top["ContainedObjects"])
        assert set(keys) == set(top["CustomDeck"])
        sheets = [top["CustomDeck"][key] for key in keys]
    assert [(e["NumWidth"], e["NumHeight"]) for e in sheets] == grids
    for entry, (columns, rows) in zip(sheets, grids, strict=True):
        with Image.open(entry["FaceURL"].removeprefix("file://")) as image:
            assert image.size == (CELL[0] * columns, CELL[1] * rows)


def test_cards_carry_name_text_fields_and_tags(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    game = TINY_GAME + "glossary:\n  entries:\n    - {term: Fireball, kind: keyword}\n"
    data, out, result = export(
        make_project,
        run,
        tmp_path,
        "name,type,copies,power,school,level,text\n"
        "Aria,hero,1,5,,,Casts a Fireball.\n"
        'Bolt,spell,3,,ice,2,"Deal 2 [damage], ""cold""."\n',
        game=game,
    )
    check_consistent(data, out)
    cards = [o for o in walk(data["ObjectStates"]) if o["Name"] == "Card"]
    aria = next(c for c in cards if c["Nickname"] == "Aria")
    assert aria["Description"] == "Casts a [b]Fireball[/b]."
    assert json.loads(aria["GMNotes"]) == {"power": 5, "type": "hero"}
    assert aria["Tags"] == ["Hero"]
    bolts = [c for c in cards if c["Nickname"] == "Bolt"]
    assert len(bolts) == 3 and len({c["GUID"] for c in bolts}) == 3
    assert len({c["CardID"] for c in bolts}) == 1  # copies share their slot
    assert "[damage]" not in bolts[0]["Description"]  # user brackets never become BBCode
    assert all(o["LuaScript"] == "" for o in walk(data["ObjectStates"]))
    assert "only the host sees them" in result.stderr
    scale = aria["Transform"]["scaleX"]
    assert scale == pytest.approx(63.5 / 56, abs=0.01)  # a poker card's physical size


def test_different_backs_make_a_back_sheet(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    game = TINY_GAME.replace(
        "  spell:\n    label: Spell\n", "  spell:\n    label: Spell\n    back: arcane\n"
    )
    game = game.replace(
        "deck_rules:", "backs:\n  arcane: {label: Arcane, color: '#223366'}\ndeck_rules:"
    )
    data, out, _ = export(
        make_project,
        run,
        tmp_path,
        spells(3).replace("Spell 000,spell,1,,fire,1", "Hero 000,hero,1,4,,"),
        game=game,
    )
    check_consistent(data, out)
    (deck,) = data["ObjectStates"]
    (entry,) = deck["CustomDeck"].values()
    assert entry["UniqueBack"] is True
    assert re.search(r"-1-backs-[0-9a-f]{8}\.jpg$", entry["BackURL"])
    with (
        Image.open(entry["BackURL"].removeprefix("file://")) as backs,
        Image.open(entry["FaceURL"].removeprefix("file://")) as faces,
    ):
        assert backs.size == faces.size


def test_same_input_same_bytes(make_project: Callable[..., Path], run: Run, tmp_path: Path) -> None:
    _, first, _ = export(make_project, run, tmp_path / "a", spells(12))
    _, second, _ = export(make_project, run, tmp_path / "b", spells(12))
    one = json.loads((first / "tiny.json").read_text())
    two = json.loads((second / "tiny.json").read_text())
    strip = lambda text: text.replace(str(first), "OUT").replace(str(second), "OUT")  # noqa: E731
    assert strip(json.dumps(one)) == strip(json.dumps(two))
    for sheet in (first / "sheets").iterdir():
        assert sheet.read_bytes() == (second / "sheets" / sheet.name).read_bytes()


def test_base_url_and_install(
    make_project: Callable[..., Path], run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    data, _, result = export(
        make_project,
        run,
        tmp_path,
        spells(3),
        "--base-url",
        "https://example.org/game/",
        "--install",
    )
    urls = [
        e["FaceURL"]
        for o in walk(data["ObjectStates"])
        for e in (o.get("CustomDeck") or {}).values()
    ]
    assert urls and all(u.startswith("https://example.org/game/sheets/") for u in urls)
    assert "only the host" not in result.stderr
    saved = tmp_path / "home/.local/share/Tabletop Simulator/Saves/Saved Objects"
    assert (saved / "tiny.json").is_file() and (saved / "tiny.png").is_file()


@pytest.mark.parametrize(
    "url", ["ftp://x.org/a", "javascript:alert(1)", "example.org", "file:///x"]
)
def test_base_url_must_be_http(make_project: Callable[..., Path], run: Run, url: str) -> None:
    result = run("tts", "tiny", "--project", make_project(), "--base-url", url)
    assert result.exit_code == 2 and "http:// or https://" in result.stderr


def test_splatoon_board_tiles_and_states(run: Run, tmp_path: Path, example_project: Path) -> None:
    result = run("tts", "splatoon", "--project", example_project, "--out", tmp_path / "s")
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "s" / "splatoon.json").read_text())
    check_consistent(data, tmp_path / "s")
    from cardgen.check.game_checks import load_board
    from cardgen.project import Project

    pack = Project(ROOT).game("splatoon")
    board, _ = load_board(pack, pack.game.boards[0])
    cells = board.cells()
    tiles = [o for o in data["ObjectStates"] if o["Name"] == "Custom_Tile"]
    assert len(tiles) == len(cells)
    claimable = [t for t in tiles if t.get("States")]
    assert len(claimable) == sum(1 for k in cells.values() if k in ("ground", "medium", "tall"))
    for tile in claimable:
        assert set(tile["States"]) == {"2", "3"}
        assert tile["CustomImage"]["CustomTile"]["Type"] == 1
        urls = {tile["CustomImage"]["ImageURL"]} | {
            s["CustomImage"]["ImageURL"] for s in tile["States"].values()
        }
        assert len(urls) == 3
    thickness = {
        t["Nickname"].split(" ")[0]: t["CustomImage"]["CustomTile"]["Thickness"] for t in claimable
    }
    assert thickness["ground"] < thickness["medium"] < thickness["tall"]
    spawns = [t for t in tiles if t["Nickname"].startswith("spawn")]
    assert len(spawns) == 4 and not any(t.get("States") for t in spawns)
    counters = [o for o in data["ObjectStates"] if o["Name"] == "Counter"]
    assert len(counters) == 3
    pieces = [o for o in data["ObjectStates"] if o["Name"] == "PlayerPawn"]
    assert len(pieces) == 4
    decks = [o for o in data["ObjectStates"] if o["Name"] == "Deck"]
    assert len(decks) == 3 and all(len(d["ContainedObjects"]) == 12 for d in decks)


def test_each_game_table_follows_its_setup(run: Run, tmp_path: Path, example_project: Path) -> None:
    result = run("tts", "shards", "--project", example_project, "--out", tmp_path / "sh")
    assert result.exit_code == 0, result.output
    objects = json.loads((tmp_path / "sh" / "shards.json").read_text())["ObjectStates"]
    top = [o for o in objects if o["Name"] == "Deck"]
    assert len(top) == 10  # five starter decks: Personas apart, and the Shard Deck
    assert [o["Name"] for o in objects if o not in top] == ["Custom_Dice"] * 2  # the duel dice
    for personas, deck in zip(top[::2], top[1::2], strict=True):
        assert personas["Transform"]["rotZ"] == 0 and deck["Transform"]["rotZ"] == 180
        assert {json.loads(c["GMNotes"])["type"] for c in personas["ContainedObjects"]} == {
            "persona"
        }
        assert "persona" not in {json.loads(c["GMNotes"])["type"] for c in deck["ContainedObjects"]}
        assert len(personas["ContainedObjects"]) + len(deck["ContainedObjects"]) == 54
    result = run("tts", "yokai-sketch", "--project", example_project, "--out", tmp_path / "yk")
    top = json.loads((tmp_path / "yk" / "yokai-sketch.json").read_text())["ObjectStates"]
    yokai = [o for o in top if o["Transform"]["rotZ"] == 0]
    assert len(yokai) == 4 and all(len(o["ContainedObjects"]) == 5 for o in yokai)
    result = run("tts", "blublers", "--project", example_project, "--out", tmp_path / "bl")
    top = json.loads((tmp_path / "bl" / "blublers.json").read_text())["ObjectStates"]
    sizes = sorted((len(o.get("ContainedObjects") or []), o["Transform"]["rotZ"]) for o in top)
    assert sizes == [(7, 0.0), (7, 180.0), (48, 180.0)]
    result = run("tts", "splatterkins", "--project", example_project, "--out", tmp_path / "sk")
    top = json.loads((tmp_path / "sk" / "splatterkins.json").read_text())["ObjectStates"]
    assert top[0]["Transform"]["rotZ"] == 0
    assert {json.loads(c["GMNotes"])["type"] for c in top[0]["ContainedObjects"]} == {"visionary"}


def test_deck_keys_follow_the_images_not_cardgens_code(
    make_project: Callable[..., Path], run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A designer's saved table does not change because cardgen did: after an upgrade that
    draws every card again to the same pixels, the JSON is the same bytes; a card whose
    image changes gives its sheet a new deck key (TTS then loads the sheet again)."""
    import cardgen.cache

    cards = spells(12)
    root = make_project(
        cards=cards,
        extra={"../../layouts/tiny/hero.yaml": SMALL, "../../layouts/tiny/spell.yaml": SMALL},
    )
    saved = root / "output" / "tiny" / "tts" / "tiny.json"

    def build() -> tuple[bytes, set[str]]:
        notes = root / "decks" / "tiny" / "notes.txt"
        notes.write_text(f"{notes.is_file()}")  # touched: the build looks at the game again
        result = run("build", "--project", root, "--format", "json", "--jobs", "1")
        assert result.exit_code in (0, 1), result.output
        assert json.loads(result.stdout)["games"][0]["drawn"] == 12
        data = json.loads(saved.read_text(encoding="utf-8"))
        return saved.read_bytes(), set(data["ObjectStates"][0]["CustomDeck"])

    first, keys = build()
    monkeypatch.setattr(cardgen.cache, "code_digest", lambda: "another cardgen")
    again, same_keys = build()  # every card drawn again (asserted), to the same pixels
    assert again == first and same_keys == keys
    (root / "decks" / "tiny" / "cards.csv").write_text(
        cards.replace("Text 3.", "Text three."), encoding="utf-8"
    )
    monkeypatch.setattr(cardgen.cache, "code_digest", lambda: "a third cardgen")
    built, new_keys = build()
    assert len(keys) == len(new_keys) == 1 and new_keys != keys
    # `cardgen tts` alone hashes the files; the build took the hashes its cache holds
    assert run("tts", "tiny", "--project", root, "--jobs", "1").exit_code == 0
    assert saved.read_bytes() == built


def test_the_library_result_is_what_the_command_prints(tmp_path: Path) -> None:
    """`cardgen tts --format json` is the library's `TtsResult.as_json()`, and `cardgen pnp
    --format json` lists each `PnpResult.as_json()` (issue 33: the JSON is the library's,
    not assembled by the command)."""
    import json as json_module
    import shutil

    from click.testing import CliRunner

    from cardgen.cli import main
    from cardgen.printing.pnp import pnp
    from cardgen.project import Project
    from cardgen.tts.export import tts
    from tests.fsgame import write_game

    root = write_game(tmp_path / "p")
    runner = CliRunner()
    printed = runner.invoke(main, ["tts", "tiny", "--project", str(root), "--format", "json"])
    assert printed.exit_code == 0, printed.output
    shutil.rmtree(root / "output")  # the library's export from nothing too: as new
    again = tts(Project(root), "tiny")
    assert json_module.loads(printed.stdout) == json_module.loads(
        json_module.dumps(again.as_json())
    )
    printed = runner.invoke(main, ["pnp", "tiny", "--project", str(root), "--format", "json"])
    assert printed.exit_code == 0, printed.output
    shutil.rmtree(root / "output")
    result = pnp(Project(root), "tiny")
    assert json_module.loads(printed.stdout)["pdfs"] == [result.as_json()]
