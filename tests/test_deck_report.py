"""`cardgen report`: counts, curves, exact duel odds and the overpower matrix, checked
against numbers computed here by other means (brute force over every roll of the dice)."""

from __future__ import annotations

import io
import itertools
import json
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from pypdf import PdfReader
from ruamel.yaml import YAML

from cardgen.check.dice import duel_odds, odds_against, roll_distribution
from tests.arena import EVIL_NAME, TYPES, write_arena
from tests.conftest import ROOT

Run = Callable[..., Result]
SHARDS_DECK = ROOT / "decks/shards/decks/ember-aggro.txt"
PASTEL = ROOT / "decks/splatterkins/decks/pastel-control.yaml"
STATS = ("agility", "vitality", "luck", "magic", "charisma")


def report_json(run: Run, *args: str | Path) -> dict[str, Any]:
    result = run("report", *args, "--project", ROOT, "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def brute_force(mine: int, theirs: Counter[int]) -> tuple[Fraction, Fraction, Fraction]:
    """P(win), P(tie), P(lose) of stat `mine` + 2D6 against an opponent drawn from `theirs`
    (stat -> copies) + 2D6: every one of the 6^4 rolls of the four dice, counted."""
    win = tie = lose = 0
    for stat, copies in theirs.items():
        for a, b, c, d in itertools.product(range(1, 7), repeat=4):
            mine_total, their_total = mine + a + b, stat + c + d
            if mine_total > their_total:
                win += copies
            elif mine_total == their_total:
                tie += copies
            else:
                lose += copies
    total = sum(theirs.values()) * 6**4
    return Fraction(win, total), Fraction(tie, total), Fraction(lose, total)


def test_dice_basics() -> None:
    assert roll_distribution(2, 6)[7] == Fraction(1, 6)
    assert sum(roll_distribution(3, 8).values()) == 1
    even = duel_odds(3, 3)
    assert even.tie == Fraction(146, 1296)  # 146 of the 1296 pairs of 2D6 rolls are equal
    assert even.win == even.lose == Fraction(575, 1296)
    edge = duel_odds(10, 0)  # 10 + 2 at worst against 0 + 12 at best: a tie, never a loss
    assert (edge.tie, edge.lose) == (Fraction(1, 1296), 0)
    assert odds_against(5, []) is None


def test_shards_duel_odds_match_brute_force(run: Run) -> None:
    data = report_json(run, SHARDS_DECK)
    duel = data["duel"]
    assert duel["dice"] == "2d6" and duel["stats"] == list(STATS)
    assert "weighted by copies" in duel["method"]
    pool = json.loads(run("cards", "shards", "--project", ROOT, "--format", "json").stdout)
    characters = [c for c in pool["cards"] if c["type"] == "character" and c["copies"]]
    assert duel["opponent_copies"] == sum(c["copies"] for c in characters)
    checked = 0
    for row in duel["cards"][:4]:
        for stat in STATS:
            theirs = Counter[int]()
            for card in characters:
                theirs[card[stat]] += card["copies"]
            win, tie, lose = brute_force(row["stats"][stat], theirs)
            odds = row["odds"][stat]
            assert (Fraction(odds["win"]), Fraction(odds["tie"]), Fraction(odds["lose"])) == (
                win,
                tie,
                lose,
            ), (row["name"], stat)
            assert odds["win_pct"] == round(float(win * 100), 2)
            checked += 1
    assert checked == 20


def test_shards_deck_counts(run: Run) -> None:
    data = report_json(run, SHARDS_DECK)
    assert data["cards"] == 52 and data["legal"] is True
    types = {v["value"]: v["copies"] for v in data["counts"][0]["values"]}
    assert types == {"persona": 1, "character": 29, "ally": 15, "trait": 7}
    variant = next(c for c in data["counts"] if c["field"] == "variant")
    assert {v["value"]: v["copies"] for v in variant["values"]} == {
        "standard": 18,
        "signed": 9,
        "twin": 2,
    }
    fields = [d["field"] for d in data["distributions"]]
    assert fields[:5] == list(STATS)
    agility = data["distributions"][0]
    assert [v["value"] for v in agility["values"]] == list(range(11))  # the field's bounds
    assert agility["copies"] == 30  # the Persona and the 29 Characters


def test_splatterkins_overpower_matrix_from_the_game_data(run: Run) -> None:
    game = YAML(typ="safe").load((ROOT / "decks/splatterkins/game.yaml").read_text())
    cycle = game["overpower"]["cycle"]
    assert cycle == ["vibrant", "pastel", "dark", "monochrome", "metallic", "shimmerkin", "inkkin"]
    data = report_json(run, PASTEL)
    matrix = data["overpower"]["matrix"]
    for i, stronger in enumerate(cycle):
        weaker = cycle[(i + 1) % len(cycle)]
        assert matrix[stronger][weaker] == 1 and matrix[weaker][stronger] == -1
    assert sum(abs(v) for row in matrix.values() for v in row.values()) == 2 * len(cycle)
    curve = data["distributions"][0]
    assert curve["field"] == "inspiration" and curve["title"] == "Inspiration curve"
    assert curve["copies"] == data["cards"] == 38
    # Share of the pool's Splatterkins (by copies) that a Vibrant one overpowers: the Pastels.
    pool = json.loads(run("cards", "splatterkins", "--project", ROOT, "--format", "json").stdout)
    kins = Counter[str]()
    for card in pool["cards"]:
        if card["type"] == "splatterkin":
            kins[card["colorway"]] += card["copies"]
    expected = Fraction(kins["pastel"], sum(kins.values()))
    assert data["overpower"]["overpowers_pct"]["vibrant"] == round(float(expected * 100), 2)
    assert data["overpower"]["pool"] == {c: kins[c] for c in cycle}


def test_box_report_of_a_game_and_other_formats(run: Run, tmp_path: Path) -> None:
    root = write_arena(tmp_path)
    data = json.loads(run("report", "arena", "--project", root, "--format", "json").stdout)
    assert data["kind"] == "box" and data["legal"] is None
    assert {v["value"]: v["copies"] for v in data["counts"][0]["values"]} == TYPES
    # The cost curve first (a cost field), then the other int fields in the game's order;
    # means weighted by copies: cost 2 x 3 + 1 x 2 + 5 x 1 over 6 spells, power 5 x 2 + 2 + 3
    # and speed 2 x 2 + 6 + 3 over 4 heroes.
    assert [(d["field"], d["title"], d["mean"]) for d in data["distributions"]] == [
        ("cost", "Cost curve", 2.167),
        ("power", "Power", 3.75),
        ("speed", "Speed", 3.25),
    ]
    text = run("report", "arena", "--project", root).stdout
    assert "Hero Duel" in text and "Overpower (element)" in text
    page = run("report", "arena", "--project", root, "--format", "html").stdout
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page
    assert EVIL_NAME not in page and "&lt;script&gt;" in page


def test_deck_with_unknown_card_is_reported_without_it(run: Run, tmp_path: Path) -> None:
    root = write_arena(tmp_path)
    deck = root / "decks/arena/decks/first.txt"
    data = json.loads(run("report", deck, "--project", root, "--format", "json").stdout)
    assert data["unknown"] == [{"name": "Nonexistent Card", "count": 1}]
    assert data["cards"] == 6 and data["legal"] is False
    aria = data["duel"]["cards"][0]
    # Aria (power 5) against the box's Heroes: Aria x2 (5), Borin (2), the Imp (3).
    win, tie, lose = brute_force(5, Counter({5: 2, 2: 1, 3: 1}))
    assert Fraction(aria["odds"]["power"]["win"]) == win
    assert Fraction(aria["odds"]["power"]["tie"]) == tie
    assert Fraction(aria["odds"]["power"]["lose"]) == lose


def test_against_another_deck(run: Run, tmp_path: Path) -> None:
    root = write_arena(tmp_path)
    other = root / "decks/arena/decks/borin.txt"
    other.write_text("# game: arena\n3 Borin\n")
    deck = root / "decks/arena/decks/first.txt"
    result = run("report", deck, "--against", other, "--project", root, "--format", "json")
    aria = json.loads(result.stdout)["duel"]["cards"][0]
    assert Fraction(aria["odds"]["speed"]["win"]) == brute_force(2, Counter({6: 3}))[0]
    assert "borin" in json.loads(result.stdout)["duel"]["against"]


def test_pdf_is_one_page_and_reproducible(run: Run, tmp_path: Path) -> None:
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for target in (first, second):
        result = run("report", SHARDS_DECK, "--project", ROOT, "--format", "pdf", "--out", target)
        assert result.exit_code == 0, result.output
    assert first.read_bytes() == second.read_bytes()
    reader = PdfReader(io.BytesIO(first.read_bytes()))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Character Duel" in text and "ember-aggro" in text
    # The box of Shards has some 70 Characters: still one page, drawn smaller.
    box = tmp_path / "box.pdf"
    run("report", "shards", "--project", ROOT, "--format", "pdf", "--out", box)
    assert len(PdfReader(io.BytesIO(box.read_bytes())).pages) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("nope.txt",), "no such deck list or game"),
        (("decks/arena/decks/first.txt", "--against", "missing.txt"), "missing.txt"),
    ],
)
def test_bad_input_exits_2(run: Run, tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    root = write_arena(tmp_path)
    fixed = [str(root / a) if a.endswith(".txt") else a for a in args]
    result = run("report", *fixed, "--project", root)
    assert result.exit_code == 2 and message in result.stderr
    assert "Traceback" not in result.output


def test_matchup_fields_must_exist(run: Run, tmp_path: Path) -> None:
    root = write_arena(tmp_path)
    game = root / "decks/arena/game.yaml"
    game.write_text(
        game.read_text()
        .replace("stats: [power, speed]", "stats: [power, element]")
        .replace("cycle: [fire, earth, water]", "cycle: [fire, earth, lava]")
    )
    result = run("report", "arena", "--project", root)
    assert result.exit_code == 2
    assert 'a duel is fought on int fields; "element" is not' in result.stderr
    assert '"lava" is not a value of element' in result.stderr
    assert "game.yaml:" in result.stderr
