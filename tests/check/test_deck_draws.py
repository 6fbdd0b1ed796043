"""`cardgen report`'s draw odds: exact hypergeometric odds checked against a brute-force
count of every hand of small generated decks, the draw pile taken from the game's setup
(the Persona and the Visionary set apart first), the draws a turn from the data, and
sample hands that are the same on every run."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Any

from click.testing import Result
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from cardgen.check.deck_draws import at_least_one, draw_table, each_of
from cardgen.check.deck_report import deck_cards, report_deck
from cardgen.load.decklist import load_deck
from cardgen.project import Project
from cardgen.reports.html import report_section
from tests.conftest import ROOT

Run = Callable[..., Result]
SHARDS_DECK = ROOT / "decks/shards/decks/ember-aggro.txt"
VIBRANT = ROOT / "decks/splatterkins/decks/vibrant-rush.txt"


def draws_json(run: Run, *args: str | Path) -> dict[str, Any]:
    result = run("report", *args, "--project", ROOT, "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def brute(groups: list[int], seen: int) -> tuple[Fraction, Fraction]:
    """By enumerating every hand of `seen` positions of a pile made of the groups: the
    chance the first group shows, and the chance every group shows."""
    pile = [g for g, size in enumerate(groups) for _ in range(size)]
    seen = min(seen, len(pile))
    hands = list(combinations(range(len(pile)), seen))
    first = sum(1 for hand in hands if any(pile[i] == 0 for i in hand))
    every = sum(1 for hand in hands if {pile[i] for i in hand} == set(range(len(groups))))
    return Fraction(first, len(hands)), Fraction(every, len(hands))


@given(
    groups=st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=4),
    seen=st.integers(min_value=0, max_value=12),
)
def test_exact_odds_match_a_count_of_every_hand(groups: list[int], seen: int) -> None:
    pile = sum(groups)
    first, every = brute(groups, seen) if pile else (Fraction(0), Fraction(0))
    assert at_least_one(pile, groups[0], seen) == first
    assert each_of(pile, groups, seen) == every


def test_shards_draws_from_the_shard_deck_with_the_persona_apart(run: Run) -> None:
    data = draws_json(run, SHARDS_DECK)
    draws = data["draws"]
    personas = next(v for v in data["counts"][0]["values"] if v["value"] == "persona")["copies"]
    assert draws["pile"] == "Shard Deck"
    assert draws["set_apart"] == [{"pile": "Persona", "cards": personas}]
    assert draws["pile_cards"] == data["cards"] - personas
    assert (draws["hand"], draws["draws_per_turn"]) == (5, 1)
    assert draws["turns"] == [0, 1, 2, 3, 4, 5]
    assert draws["seen"] == [5, 6, 7, 8, 9, 10]
    rows = {row["label"]: row for row in draws["rows"]}
    assert set(rows) == {"Characters", "Allies", "Traits", "one of each type"}
    total = draws["pile_cards"]
    for row in draws["rows"][:3]:
        k = row["copies"]
        assert row["at_least_one"][0] == str(1 - Fraction(comb(total - k, 5), comb(total, 5)))
        assert row["expected"][0] == round(5 * k / total, 3)
        assert row["at_least_one_pct"] == sorted(row["at_least_one_pct"])
    each = rows["one of each type"]
    assert all(
        e < min(r["at_least_one_pct"][i] for r in draws["rows"][:3]) + 1e-9
        for i, e in enumerate(each["at_least_one_pct"])
    )
    deck = {
        line.split(" ", 1)[1].strip()
        for line in SHARDS_DECK.read_text().splitlines()
        if line[:1].isdigit()
    }
    assert len(draws["sample_hands"]) == 3
    for hand in draws["sample_hands"]:
        assert len(hand) == 5 and set(hand) <= deck
    assert draws_json(run, SHARDS_DECK)["draws"] == draws  # same input, same hands


def test_splatterkins_visionary_apart_and_an_odds_selector(run: Run) -> None:
    data = draws_json(
        run, VIBRANT, "--odds", "type=technique,kind=instant|interrupt", "--turns", "2"
    )
    draws = data["draws"]
    assert draws["pile"] == "Sketchbook" and draws["set_apart"][0]["pile"] == "Visionary"
    assert draws["seen"] == [5, 6, 7]
    row = draws["rows"][-1]
    assert row["selector"] == {"type": "technique", "kind": ["instant", "interrupt"]}
    assert row["label"] == "type=technique, kind=instant/interrupt"
    assert 0 < row["copies"] < draws["pile_cards"]


def test_games_without_a_hand_or_a_face_down_pile_have_no_draws(run: Run) -> None:
    assert draws_json(run, "blublers")["draws"] is None  # dealt, no hand
    assert draws_json(run, "splatoon")["draws"] is None  # weapons picked from face-up piles


def test_one_type_pile_gets_a_row_per_choice(run: Run) -> None:
    draws = draws_json(run, "yokai-sketch")["draws"]
    assert draws["pile"] == "Sketch deck" and draws["set_apart"][0]["cards"] == 20
    labels = [row["label"] for row in draws["rows"]]
    assert labels[0] == "Sketch cards" and "Ability Call" in labels


def test_draws_a_turn_come_from_the_data(run: Run, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "decks/shards", tmp_path / "decks/shards")
    game = tmp_path / "decks/shards/game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "\n  hand: 5\n" in text
    game.write_text(text.replace("\n  hand: 5\n", "\n  hand: 5\n  draw: 2\n"), encoding="utf-8")
    deck = tmp_path / "decks/shards/decks/ember-aggro.txt"
    result = run("report", deck, "--project", tmp_path, "--format", "json", "--turns", "3")
    assert result.exit_code == 0, result.output
    draws = json.loads(result.stdout)["draws"]
    assert draws["seen"] == [5, 7, 9, 11] and draws["draws_per_turn"] == 2
    assert "then 2 cards a turn" in draws["method"]
    pack = Project(tmp_path).game("shards")
    cards, _ = deck_cards(pack, load_deck(deck))
    table = draw_table(pack, cards, title="t", turns=1)
    assert table is not None and table.seen == [5, 7]


def test_text_report_shows_the_table(run: Run) -> None:
    result = run("report", SHARDS_DECK, "--project", ROOT)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert "Draw odds: % chance of at least one (expected count) by turn" in lines
    assert any(line.startswith("  Traits") and "turn" not in line for line in lines)
    assert "Sample opening hands (fixed seed):" in lines


def test_bad_odds_selector_exits_2(run: Run) -> None:
    result = run("report", SHARDS_DECK, "--project", ROOT, "--odds", "typ=ally")
    assert result.exit_code == 2
    assert 'no card field "typ"; did you mean "type"?' in result.output
    result = run("report", SHARDS_DECK, "--project", ROOT, "--odds", "ally")
    assert result.exit_code == 2 and "give field=value" in result.output


def test_pdf_and_gallery_section_show_the_draws(run: Run, tmp_path: Path) -> None:
    pdfs = []
    for name in ("a.pdf", "b.pdf"):
        args = ("report", SHARDS_DECK, "--project", ROOT, "--format", "pdf")
        result = run(*args, "--turns", "20", "--out", tmp_path / name)
        assert result.exit_code == 0, result.output
        pdfs.append((tmp_path / name).read_bytes())
    assert pdfs[0] == pdfs[1]
    reader = PdfReader(tmp_path / "a.pdf")
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Draw odds: chance of at least one by turn" in text
    assert "turn 10 (15)" in text and "turn 11 (16)" not in text  # the page shows 11 columns
    assert "Sample opening hand 3:" in text
    pack = Project(ROOT).game("shards")
    section = report_section(report_deck(pack, load_deck(SHARDS_DECK)))  # as the gallery
    assert (
        '<div class="wide draws" tabindex="0"' in section
        and 'data-odds="one of each type"' in section
    )
    assert section.count("<li>") >= 3


def test_draw_pile_names_the_pile_drawn_from(run: Run, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "decks/shards", tmp_path / "decks/shards")
    game = tmp_path / "decks/shards/game.yaml"
    text = game.read_text(encoding="utf-8")
    bad = text.replace("\n  hand: 5\n", "\n  hand: 5\n  draw_pile: shard-dek\n")
    game.write_text(bad, encoding="utf-8")
    result = run("report", "shards", "--project", tmp_path)
    assert result.exit_code == 2
    setup = text.splitlines().index("setup:") + 1  # the error names the setup's mapping
    assert f"game.yaml:{setup + 1}:3: setup:" in result.output
    assert "`draw_pile` 'shard-dek' is not a pile id (piles: persona, shard-deck)" in result.output
    assert "game.yaml:" in result.output and "Traceback" not in result.output
    good = text.replace("\n  hand: 5\n", "\n  hand: 5\n  draw_pile: persona\n")
    game.write_text(good, encoding="utf-8")
    result = run("report", "shards", "--project", tmp_path, "--format", "json")
    draws = json.loads(result.stdout)["draws"]
    assert draws["pile"] == "Persona" and draws["set_apart"] == []
    assert [row["label"] for row in draws["rows"]] == ["Personas"]
