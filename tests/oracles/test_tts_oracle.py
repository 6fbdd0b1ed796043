"""Tabletop Simulator exports read back as TTS reads them: every Card of every export shows
its own face and its own back (the five example games, a deck export, generated games of
more than 70 cards with copies and backs of their own), and GUIDs and deck keys stay unique
when every hash collides."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardgen.tts.ids import Ids
from tests.conftest import ROOT, tts_objects
from tests.oracles.games import Row, example_copy, interleaved, ok, rendered, write_game
from tests.oracles.tts_cells import check_export

GAMES = ["shards", "splatterkins", "splatoon", "blublers", "yokai-sketch"]


def export(root: Path, game: str, out: Path, *args: str | Path) -> Path:
    ok("tts", game, "--project", root, "--out", out, *args)
    stem = Path(str(args[args.index("--deck") + 1])).stem if "--deck" in args else game
    return out / f"{stem}.json"


@pytest.fixture(scope="module")
def examples(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example games copied, their caches seeded with the run's one drawing of them:
    `render` and `tts` on their own draw into a game's folder with its cache."""
    return example_copy(tmp_path_factory.mktemp("examples"))


Renders = Callable[[str], dict[str, Any]]


@pytest.fixture(scope="module")
def example(examples: Path) -> Renders:
    """`cardgen render GAME --format json` of an example game (into the game's folder, its
    cards from the seeded cache), once for the module."""
    done: dict[str, dict[str, Any]] = {}

    def get(game: str) -> dict[str, Any]:
        if game not in done:
            done[game] = json.loads(
                ok("render", game, "--project", examples, "--format", "json").stdout
            )
        return done[game]

    return get


@pytest.mark.parametrize("game", GAMES)
def test_every_example_card_shows_its_own_face_and_back(
    game: str, tmp_path: Path, example: Renders, examples: Path
) -> None:
    drawn = example(game)
    cards, faces, backs = check_export(export(examples, game, tmp_path / "tts"), drawn)
    pool = json.loads(ok("cards", game, "--project", ROOT, "--format", "json").stdout)["cards"]
    assert faces >= len({c["name"] for c in pool if c["copies"]})  # every card of the box
    assert cards >= faces and backs >= 1


def test_a_deck_export_shows_its_own_cards(
    tmp_path: Path, example: Renders, examples: Path
) -> None:
    deck = ROOT / "decks/shards/decks/ember-aggro.txt"
    drawn = example("shards")
    saved = export(examples, "shards", tmp_path / "tts", "--deck", deck)
    cards, faces, _ = check_export(saved, drawn)
    listed = [line for line in deck.read_text().splitlines() if line[:1].isdigit()]
    assert cards == 52 and faces == len(listed)  # each of the deck's 52 cards checked


def generated(tmp_path: Path, rows: list[Row], types: int) -> tuple[Path, dict[str, Any]]:
    root = write_game(tmp_path / "project", rows, types=types)
    return root, rendered(root, "gen", tmp_path / "render")


@pytest.mark.parametrize(("count", "types"), [(71, 1), (150, 1), (75, 3), (23, 4)])
def test_generated_games_of_other_sizes(tmp_path: Path, count: int, types: int) -> None:
    """Past 70 distinct cards a deck takes several sheets; copies share a cell; types with
    backs of their own make a back sheet (UniqueBack)."""
    rows = interleaved(count, types, copies=lambda i: 1 + i % 3)
    root, drawn = generated(tmp_path, rows, types)
    path = export(root, "gen", tmp_path / "tts")
    cards, faces, backs = check_export(path, drawn)
    assert cards == sum(r.copies for r in rows) and faces == backs == count
    save = json.loads(path.read_text())
    objects = tts_objects(save["ObjectStates"])
    entries = [e for o in objects for e in (o.get("CustomDeck") or {}).values()]
    sheets = {e["FaceURL"] for e in entries}
    assert len(sheets) == -(-count // 70)
    assert all(e["UniqueBack"] is (types > 1) for e in entries)


def colliding(self: Ids, identity: str, attempt: int) -> str:
    """Every identity's first candidate is the same, and so is every second one: only
    de-duplication keeps GUIDs and keys apart."""
    return hashlib.sha256(f"collide|{attempt}".encode()).hexdigest()


@pytest.mark.parametrize("game", ["gen", "splatoon"])
def test_ids_unique_when_every_hash_collides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, example: Renders, examples: Path
) -> None:
    if game == "gen":
        root, drawn = generated(tmp_path, interleaved(80, 2, copies=lambda i: 1 + i % 2), 2)
    else:
        root, drawn = examples, example(game)
    monkeypatch.setattr(Ids, "_digest", colliding)
    path = export(root, game, tmp_path / "tts")
    save = json.loads(path.read_text())
    objects = tts_objects(save["ObjectStates"])
    guids = Counter(o["GUID"] for o in objects)
    assert len(objects) > 70 and guids.most_common(1)[0][1] == 1
    keys = Counter(key for o in objects if o["Name"] == "Deck" for key in o["CustomDeck"])
    assert keys and keys.most_common(1)[0][1] == 1  # one key per sheet, none shared
    sheet_of = {}
    for obj in objects:
        for key, entry in (obj.get("CustomDeck") or {}).items():
            assert sheet_of.setdefault(key, entry["FaceURL"]) == entry["FaceURL"]
    check_export(path, drawn)  # and every card still shows its own face and back
