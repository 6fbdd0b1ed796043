"""A TTS deck over several sheets: each sheet named and shaped as its cards need, every card
pointing at its own cell, a back sheet only where a sheet's cards have different backs, and
GUIDs and deck keys that stay put until what they stand for changes."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from tests.conftest import TINY_GAME
from tests.tts.test_export import export, spells, walk

Run = Callable[..., Result]
ARCANE = TINY_GAME.replace(
    "  spell:\n    label: Spell\n", "  spell:\n    label: Spell\n    back: arcane\n"
).replace("deck_rules:", "backs:\n  arcane: {label: Arcane, color: '#223366'}\ndeck_rules:")


def test_a_deck_of_141_faces_takes_three_sheets_and_each_card_its_own_cell(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    # 140 spells (one back) and then a hero (the default back): 70 + 70 + 1 faces
    cards = spells(140) + "Hero 140,hero,1,4,,,\n"
    data, _, _ = export(make_project, run, tmp_path, cards, game=ARCANE)
    (deck,) = data["ObjectStates"]
    assert (deck["Name"], deck["Description"]) == ("Deck", "141 cards")
    flags = {k: deck[k] for k in ("HideWhenFaceDown", "Hands", "SidewaysCard")}
    assert flags == {"HideWhenFaceDown": True, "Hands": False, "SidewaysCard": False}
    entries = list(deck["CustomDeck"].items())
    faces = [Path(e["FaceURL"].removeprefix("file://")) for _, e in entries]
    assert (
        [f.name for f in faces]
        == [  # each named by its bytes
            f"heros-spells-{n}-{hashlib.sha256(f.read_bytes()).hexdigest()[:8]}.jpg"
            for n, f in enumerate(faces, 1)
        ]
    )
    shapes = [(e["NumWidth"], e["NumHeight"], e["UniqueBack"], e["Type"]) for _, e in entries]
    assert shapes == [(10, 7, False, 0), (10, 7, False, 0), (1, 1, False, 0)]
    names = [card["Nickname"] for card in deck["ContainedObjects"]]
    assert names == [f"Spell {i:03d}" for i in range(140)] + ["Hero 140"]
    keys = [int(key) for key, _ in entries]
    expected = [keys[i // 70] * 100 + i % 70 for i in range(141)]
    assert [card["CardID"] for card in deck["ContainedObjects"]] == expected
    assert deck["DeckIDs"] == expected
    for card in deck["ContainedObjects"]:
        assert card["Transform"]["scaleX"] == pytest.approx(63.5 / 56, abs=1e-4)
        assert card["Transform"]["scaleZ"] == pytest.approx(88.9 / 80, abs=1e-4)


def guids(data: dict[str, Any]) -> dict[str, str]:
    return {obj["Nickname"]: obj["GUID"] for obj in walk(data["ObjectStates"])}


def test_guids_and_keys_stay_until_what_they_stand_for_changes(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    data, _, _ = export(make_project, run, tmp_path / "a", spells(2))
    # the values `cardgen tts` has always written for these cards: a table's scripts and
    # a user's saved tables find objects by GUID
    assert guids(data) == {"Spell 000": "4167ea", "Spell 001": "f5666d", "Spells": "de57c5"}
    (key,) = data["ObjectStates"][0]["CustomDeck"]
    changed, _, _ = export(
        make_project, run, tmp_path / "b", spells(2).replace("Text 1.", "Text one.")
    )
    assert guids(changed) == guids(data)
    (new_key,) = changed["ObjectStates"][0]["CustomDeck"]
    assert new_key != key  # the sheet shows other text: TTS must load it again
    again, _, _ = export(make_project, run, tmp_path / "c", spells(2))
    assert json.dumps(again).replace(str(tmp_path / "c"), "") == json.dumps(data).replace(
        str(tmp_path / "a"), ""
    )


def test_a_pile_of_one_card_is_that_card_under_its_own_name(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    data, _, _ = export(make_project, run, tmp_path, spells(1))
    (card,) = data["ObjectStates"]
    assert (card["Name"], card["Nickname"], card["Description"]) == ("Card", "Spell 000", "Text 0.")
    flags = {k: card[k] for k in ("HideWhenFaceDown", "Hands", "SidewaysCard")}
    assert flags == {"HideWhenFaceDown": True, "Hands": True, "SidewaysCard": False}
