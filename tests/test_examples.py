"""The example games are the end-to-end tests: every deck's verdict, every game's check."""

import json
from collections.abc import Callable

import pytest
from click.testing import Result

from tests.conftest import ROOT

GAMES = ["shards", "splatterkins", "splatoon", "blublers", "yokai-sketch"]

# The rulebook's verdict on each example deck: the rule ids it breaks (empty: legal).
VERDICTS = {
    "shards/decks/ember-aggro.txt": [],
    "shards/decks/mixed-tournament.yaml": [],
    "shards/decks/illegal-oversize.txt": ["deck-size"],
    "shards/decks/illegal-two-personas.txt": ["one-persona"],
    "shards/decks/illegal-too-many-signed.txt": ["signed-limit"],
    "shards/decks/illegal-ally-bonus.txt": ["ally-bonus-limit"],
    "shards/decks/illegal-unknown-card.txt": ["unknown-card"],
    **{
        f"shards/decks/starter-{name}.txt": ["deck-size", "one-persona"]
        for name in ("ember", "tide", "grove", "gale", "dusk")
    },
    "splatterkins/decks/vibrant-rush.txt": [],
    "splatterkins/decks/pastel-control.yaml": [],
    "splatterkins/decks/ink-and-shadow.txt": [],
    "splatterkins/decks/illegal-two-visionaries.txt": ["one-visionary"],
    "splatterkins/decks/illegal-no-visionary.txt": ["one-visionary"],
    "splatterkins/decks/illegal-unknown-card.txt": ["unknown-card"],
}


def test_every_example_deck_has_a_verdict() -> None:
    found = {str(p.relative_to(ROOT / "decks")) for p in ROOT.glob("decks/*/decks/*")}
    assert found == set(VERDICTS)


@pytest.mark.parametrize("deck", sorted(VERDICTS))
def test_example_deck_verdict(run: Callable[..., Result], deck: str) -> None:
    result = run("validate", ROOT / "decks" / deck, "--project", ROOT, "--format", "json")
    (report,) = json.loads(result.stdout)["decks"]
    assert [v["rule"] for v in report["violations"]] == VERDICTS[deck]
    assert report["legal"] is (not VERDICTS[deck])
    assert result.exit_code == (0 if report["legal"] else 1)


def test_starter_deck_says_what_to_take_out(run: Callable[..., Result]) -> None:
    deck = ROOT / "decks/shards/decks/starter-ember.txt"
    (report,) = json.loads(run("validate", deck, "--project", ROOT, "--format", "json").stdout)[
        "decks"
    ]
    size, personas = report["violations"]
    assert (size["actual"], size["limit"], size["delta"]) == (54, 52, 2)
    assert (personas["actual"], personas["limit"], personas["delta"]) == (3, 1, 2)
    assert len(personas["cards"]) == 3 and personas["line"] is not None


@pytest.mark.parametrize("game", GAMES)
def test_check_passes_on_every_game(run: Callable[..., Result], game: str) -> None:
    result = run("check", game, "--project", ROOT, "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["findings"] == []


def test_games_lists_all_five(run: Callable[..., Result]) -> None:
    data = json.loads(run("games", "--project", ROOT, "--format", "json").stdout)
    assert [g["id"] for g in data["games"]] == sorted(GAMES)
    names = {g["id"]: g["name"] for g in data["games"]}
    assert names["shards"] == "Shards of the Artisan"


def _pool(run: Callable[..., Result], game: str) -> list[dict[str, object]]:
    cards: list[dict[str, object]] = json.loads(
        run("cards", game, "--project", ROOT, "--format", "json").stdout
    )["cards"]
    return cards


def _copies(cards: list[dict[str, object]], **where: object) -> int:
    return sum(int(str(c["copies"])) for c in cards if all(c.get(k) == v for k, v in where.items()))


def test_shards_box_is_five_starter_decks(run: Callable[..., Result]) -> None:
    cards = _pool(run, "shards")
    assert _copies(cards, type="persona") == 15
    assert _copies(cards, type="character", variant="signed") == 45
    assert _copies(cards, type="character", variant="twin") == 10
    assert _copies(cards, type="character", variant="standard") == 90
    for bonus in (1, 2, 3):
        assert _copies(cards, type="ally", bonus=bonus) == 25
    assert {c["stat"] for c in cards if c["type"] == "ally"} == {
        "agility",
        "vitality",
        "luck",
        "magic",
        "charisma",
    }


def test_splatterkins_pool_covers_stages_and_colorways(run: Callable[..., Result]) -> None:
    cards = _pool(run, "splatterkins")
    kins = [c for c in cards if c["type"] == "splatterkin"]
    assert {c["stage"] for c in kins} == {"doodle", "original", "revision"}
    assert {c["colorway"] for c in kins} == {
        "vibrant",
        "pastel",
        "dark",
        "monochrome",
        "metallic",
        "shimmerkin",
        "inkkin",
    }
    names = {c["name"] for c in cards}
    assert {"Prisma", "Kikz", "Baubbles"} <= names
    assert {c["kind"] for c in cards if c["type"] == "technique"} == {
        "instant",
        "constant",
        "interrupt",
    }
    assert all(int(str(c["inspiration"])) <= 20 for c in cards if c["type"] == "visionary")


def test_blublers_and_yokai_counts(run: Callable[..., Result]) -> None:
    blublers = _pool(run, "blublers")
    assert _copies(blublers, type="classic") == 48
    assert len({c["shape"] for c in blublers if c["type"] == "classic"}) == 12
    assert _copies(blublers, type="special") >= 14
    yokai = _pool(run, "yokai-sketch")
    assert _copies(yokai, type="yokai") == 20
    assert _copies(yokai, type="sketch") == 36
    assert _copies(yokai, type="sketch", ability="none") == 24
    points = sorted(int(str(c["points"])) for c in yokai if c["type"] == "yokai")
    assert points == sorted([3, 4, 5, 6, 7] * 4)


def test_splatoon_weapons_and_board(run: Callable[..., Result]) -> None:
    cards = _pool(run, "splatoon")
    for weapon in ("splattershot", "splat-roller", "splat-charger"):
        assert _copies(cards, type="weapon", weapon=weapon) == 12  # 3 per player, 4 players
    assert all(c["pattern"] for c in cards)
    assert (ROOT / "decks/splatoon/board.yaml").is_file()
