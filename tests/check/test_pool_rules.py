"""Card-pool checks the rules imply (issue 20 item 3): each finds its planted error in a copy
of an example game, at the file and line of the card (or the deck line), and the example
games give none of them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from cardgen.check.deck_rules import DeckValidator
from cardgen.check.findings import Finding
from cardgen.check.game_checks import check_game
from cardgen.load.decklist import load_deck
from cardgen.project import open_project
from tests.check.example_copies import copy_pack, line_of, planted_copy, pool_findings
from tests.conftest import ROOT

Run = Callable[..., Result]
NEW_CODES = ("SC101", "SC601", "SC603", "SC604", "SC605", "SC402")
GAMES = ("shards", "splatterkins", "splatoon", "blublers", "yokai-sketch")


@pytest.mark.parametrize("game", GAMES)
def test_example_games_are_clean(game: str) -> None:
    pack = open_project(ROOT).game(game)
    assert [str(f) for f in check_game(pack, fit_text=False) if f.code in NEW_CODES] == []


def _one(found: list[Finding]) -> Finding:
    assert len(found) == 1, [str(f) for f in found]
    return found[0]


@pytest.mark.parametrize(
    ("new_text", "said"),
    [("Add +3 to Luck during a Duel.", '"+3"'), ("Add +2 to Magic during a Duel.", '"Magic"')],
)
def test_sc601_an_ally_whose_text_gives_another_bonus_or_stat(
    tmp_path: Path, new_text: str, said: str
) -> None:
    row = "Luck Ally +2,ally,5,,,,,,,,,,luck,2,,"
    pack = copy_pack(
        tmp_path, "shards", {"cards.csv": (row + "Add +2 to Luck during a Duel.", row + new_text)}
    )
    found = _one(pool_findings(pack, "SC601"))
    assert (Path(found.path).name, found.line, found.card) == (
        "cards.csv",
        line_of(tmp_path, "shards", "cards.csv", row),
        "Luck Ally +2",
    )
    assert said in found.message and found.check == "ally-text-matches"


@pytest.mark.parametrize(
    ("planted", "field"),
    [
        ("Spark Acolyte,character,3,standard,2,3,2,6,3,1,,,,,,", "signed_bonus"),
        ("Spark Acolyte,character,3,standard,2,3,2,6,3,,Soot Runner,,,,,", "twin"),
    ],
)
def test_sc101_a_standard_character_with_a_signed_bonus_or_a_twin(
    tmp_path: Path, planted: str, field: str
) -> None:
    original = "Spark Acolyte,character,3,standard,2,3,2,6,3,,,,,,,"
    pack = copy_pack(tmp_path, "shards", {"cards.csv": (original, planted)})
    found = [f for f in pool_findings(pack, "SC101") if f.check == "standard-has-no-bonus"]
    assert len(found) == 1 and found[0].card == "Spark Acolyte"
    assert found[0].line == line_of(tmp_path, "shards", "cards.csv", "Spark Acolyte,")
    assert f"{field} is" in found[0].message and "must be left empty" in found[0].message


def test_sc603_the_twins_of_a_starter_deck_from_different_pairs(tmp_path: Path) -> None:
    pack = copy_pack(
        tmp_path,
        "shards",
        {
            "decks/starter-ember.txt": ("1 Sorel of the Twin Flame", "1 Lorel of the Twin Current"),
            "decks/starter-tide.txt": ("1 Lorel of the Twin Current", "1 Sorel of the Twin Flame"),
        },
    )
    found = {(Path(f.path).name, f.line, f.card) for f in pool_findings(pack, "SC603")}
    at = {
        name: line_of(tmp_path, "shards", f"decks/{deck}", name)
        for deck, names in (
            ("starter-ember.txt", ("Kindra of", "Lorel of")),
            ("starter-tide.txt", ("Maren of", "Sorel of")),
        )
        for name in names
    }
    assert found == {
        ("starter-ember.txt", at["Kindra of"], "Kindra of the Twin Flame"),
        ("starter-ember.txt", at["Lorel of"], "Lorel of the Twin Current"),
        ("starter-tide.txt", at["Maren of"], "Maren of the Twin Current"),
        ("starter-tide.txt", at["Sorel of"], "Sorel of the Twin Flame"),
    }


def test_sc604_a_twin_drawing_the_same_crystal_half_as_its_partner(tmp_path: Path) -> None:
    row = "Sorel of the Twin Flame,character,1,twin,3,2,2,5,2,,Kindra of the Twin Flame,"
    pack = copy_pack(tmp_path, "shards", {"cards.csv": (row + "right", row + "left")})
    found = _one(pool_findings(pack, "SC604"))
    assert found.card == "Sorel of the Twin Flame"
    assert found.line == line_of(tmp_path, "shards", "cards.csv", row)
    assert "'left'" in found.message


def test_the_twins_draw_the_two_halves() -> None:
    """The layout draws each Twin's own half: the pair shows left and right."""
    layout = (ROOT / "layouts" / "shards" / "character.yaml").read_text(encoding="utf-8")
    assert 'name: "crystal-half-{half}"' in layout
    pack = open_project(ROOT).game("shards")
    halves = sorted(str(c.get("half")) for c in pack.cards if c.get("variant") == "twin")
    assert halves == ["left"] * 5 + ["right"] * 5


def test_sc605_a_weapon_whose_range_differs_from_its_pattern(tmp_path: Path) -> None:
    pack = copy_pack(
        tmp_path,
        "splatoon",
        {"cards.yaml": ("    range: 6\n", "    range: 5\n")},
    )
    found = _one(pool_findings(pack, "SC605"))
    assert found.card == "Splat Charger"
    assert "range is 5 but its pattern reaches 6" in found.message
    assert found.line == line_of(tmp_path, "splatoon", "cards.yaml", "name: Splat Charger")


def test_sc402_the_two_special_piles_need_more_than_the_box(tmp_path: Path) -> None:
    """SC402 (piles together) already covers Blubler's two Special piles: 7 + 8 > 14."""
    old = "count: 7, face_up: true, owner: shared, place: ends}"
    new = "count: 8, face_up: true, owner: shared, place: ends}"
    pack = copy_pack(tmp_path, "blublers", {"game.yaml": (old, new)})
    found = _one(pool_findings(pack, "SC402"))
    assert found.line == line_of(tmp_path, "blublers", "game.yaml", "id: special-visible")
    assert "15" in found.message and "14" in found.message


def test_dk107_a_revision_without_its_original_is_a_warning(tmp_path: Path) -> None:
    pack = copy_pack(tmp_path, "splatterkins")
    deck_file = tmp_path / "decks" / "splatterkins" / "decks" / "no-original.txt"
    deck_file.write_text(
        "# game: splatterkins\n1 Mirella Quickstroke\n2 Prisma (Doodle)\n2 Prisma (Revision)\n"
        "2 Kikz\n2 Kikz (Revision)\n",
        encoding="utf-8",
    )
    report = DeckValidator(pack).validate(load_deck(deck_file, tmp_path))
    linked = [v for v in report.violations if v.code == "DK107"]
    assert [(v.line, v.cards, v.severity) for v in linked] == [
        (4, ("Prisma (Revision)",), "warning")
    ]
    assert "original" in linked[0].message


def test_sc601_a_sketch_card_with_another_cards_ability(tmp_path: Path) -> None:
    old = """    ability: distract
    text: >-
      Distract the Yokai: you may take away the sketch card your opponent played last
      beside this Yokai and set it beside the Yokai deck of its other colour, ignoring its
      ability.
  - {name: Red-Green Sketch"""
    new = old.replace("Distract the Yokai: you may take away", "Call the Yokai: you may take away")
    pack = copy_pack(tmp_path, "yokai-sketch", {"cards.yaml": (old, new)})
    found = _one(pool_findings(pack, "SC601"))
    assert found.card == "Red-Blue Distract"
    assert found.line == line_of(tmp_path, "yokai-sketch", "cards.yaml", "name: Red-Blue Distract")
    assert '"Call the Yokai"' in found.message and "'distract'" in found.message


def test_a_text_fields_pattern_re2_cannot_run_is_bad_input(tmp_path: Path, run: Run) -> None:
    old = "pattern: '(?i)add (?P<bonus>[+]\\d+) to (?P<stat>[a-z]+)'"
    planted_copy(tmp_path, "shards", {"game.yaml": (old, "pattern: '(?<=x)(?P<bonus>y)'")})
    result = run("check", "shards", "--project", tmp_path)
    assert result.exit_code == 2
    (message,) = [line for line in result.stderr.splitlines() if line.strip()]
    assert "game.yaml:" in message and "lookbehind" in message and "Traceback" not in message
