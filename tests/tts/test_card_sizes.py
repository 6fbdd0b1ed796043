"""Every card size right in TTS (issue 34, part 4): a game of three sizes (poker portrait,
tarot 70 x 120 mm, landscape 88 x 63 mm) exported as a Saved Object and as a full table.

The oracle is written here from the mm sizes of `tests.sized_game`, never from cardgen's
constants: a TTS card at scale 1 is 56 x 80 mm (tts-format.md 3.7, tts-deckconverter's
measure), so a portrait card W x H mm is scaled (W / 56, H / 80); a landscape card is
written `SidewaysCard: true` (deck and every card), and a sideways card at scale 1 is that
card turned, 80 x 56 mm, so W x H mm is scaled (W / 80, H / 56) (docs/tts.md, "Card
sizes"). A table unit is an inch; piles in a row must not overlap.
"""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from cardgen.tts.objects import common, transform
from cardgen.tts.overview import BACKGROUND, draw_overview
from tests.oracles.games import ok
from tests.sized_game import ROWS, SIZES_MM, write_sized_game

DEFAULT_MM = (56.0, 80.0)
MM_PER_UNIT = 25.4
TYPE_OF = {row.name: row.type for row in ROWS}


def expected_scale(size: tuple[float, float]) -> tuple[float, float]:
    """(scaleX, scaleZ) for a card of `size` mm: the default card, turned when landscape."""
    width, height = size
    if width > height:
        return (width / DEFAULT_MM[1], height / DEFAULT_MM[0])
    return (width / DEFAULT_MM[0], height / DEFAULT_MM[1])


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The game exported once, with its full table for 2 players: (project, the two saves)."""
    root = write_sized_game(tmp_path_factory.mktemp("sized"))
    out = root / "tts-out"
    ok("tts", "gen", "--project", root, "--out", out, "--table", "--players", "2")
    saves = {
        "saved object": json.loads((out / "gen.json").read_text(encoding="utf-8")),
        "table": json.loads((out / "gen-table.json").read_text(encoding="utf-8")),
    }
    return root, saves


def piles(save: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in save["ObjectStates"] if o["Name"] in ("Deck", "Card")]


def cards_of(pile: dict[str, Any]) -> list[dict[str, Any]]:
    return list(pile.get("ContainedObjects") or [pile])


@pytest.mark.parametrize("which", ["saved object", "table"])
def test_each_pile_is_scaled_from_its_own_cards(
    exported: tuple[Path, dict[str, Any]], which: str
) -> None:
    found = piles(exported[1][which])
    types_seen = set()
    for pile in found:
        types = {TYPE_OF[card["Nickname"]] for card in cards_of(pile)}
        assert len(types) == 1, f"{pile['Nickname']} mixes sizes: {types}"  # one size a pile
        (type_id,) = types
        types_seen.add(type_id)
        size = SIZES_MM[type_id]
        scale_x, scale_z = expected_scale(size)
        t = pile["Transform"]
        assert (t["scaleX"], t["scaleZ"]) == (
            pytest.approx(scale_x, abs=1e-4),
            pytest.approx(scale_z, abs=1e-4),
        ), pile["Nickname"]
        landscape = size[0] > size[1]
        assert pile["SidewaysCard"] is landscape
        assert all(card["SidewaysCard"] is landscape for card in cards_of(pile))
    assert types_seen == set(SIZES_MM)


def test_the_box_deck_is_split_one_pile_per_size(exported: tuple[Path, dict[str, Any]]) -> None:
    names = sorted(pile["Nickname"] for pile in piles(exported[1]["saved object"]))
    assert names == [
        "Deck (63.5 x 88.9 mm)",
        "Deck (70 x 120 mm)",
        "Deck (88 x 63 mm landscape)",
    ]
    copies = sum(len(cards_of(p)) for p in piles(exported[1]["saved object"]))
    assert copies == sum(row.copies for row in ROWS)  # no copy lost to the split


def footprint(pile: dict[str, Any]) -> tuple[float, float]:
    """The pile's width and depth on the table in units, from the test's own mm sizes."""
    (type_id,) = {TYPE_OF[card["Nickname"]] for card in cards_of(pile)}
    width, height = SIZES_MM[type_id]
    return width / MM_PER_UNIT, height / MM_PER_UNIT


def test_piles_in_a_row_stand_apart_by_their_own_widths(
    exported: tuple[Path, dict[str, Any]],
) -> None:
    row = sorted(piles(exported[1]["saved object"]), key=lambda p: p["Transform"]["posX"])
    for left, right in pairwise(row):
        gap = right["Transform"]["posX"] - left["Transform"]["posX"]
        assert gap > (footprint(left)[0] + footprint(right)[0]) / 2 + 0.5


def test_the_tables_piles_do_not_overlap(exported: tuple[Path, dict[str, Any]]) -> None:
    found = piles(exported[1]["table"])
    for index, one in enumerate(found):
        for other in found[index + 1 :]:
            dx = abs(one["Transform"]["posX"] - other["Transform"]["posX"])
            dz = abs(one["Transform"]["posZ"] - other["Transform"]["posZ"])
            reach = max(footprint(one)) / 2 + max(footprint(other)) / 2
            assert dx >= reach or dz >= reach, (one["Nickname"], other["Nickname"])


def test_the_overview_draws_a_sideways_pile_landscape() -> None:
    """A sideways card of scale (1.1, 1.125) is 88 x 63 mm: drawn wider than deep, in that
    ratio (the plain picture of a card whose sheet is not on this machine)."""
    card = common("a1b2c3", "Card", transform(0.0, 0.0, scale_x=1.1, scale_z=1.125), "Land")
    card.update({"CardID": 100, "SidewaysCard": True, "CustomDeck": {}})
    picture = draw_overview([card], lambda url: None, px=400, labels=False)
    ground = Image.new("RGB", picture.size, BACKGROUND)
    box = ImageChops.difference(picture, ground).getbbox()  # what is drawn, the ground aside
    assert box is not None
    width, depth = box[2] - box[0], box[3] - box[1]
    assert width / depth == pytest.approx(88 / 63, rel=0.03)
