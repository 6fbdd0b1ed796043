"""The claims lint (TX602) on games and rules texts the tests generate (issue 35 item 3):
random games written as real game folders, rules texts from a phrase grammar with planted
wrong numbers and wrong terms (tests/check/claims_games.py, claims_texts.py). The
development sample is the one the linter was tuned on; the evaluation sample (other seeds,
reserved templates) is only measured, and its figures are the honest ones (docs/lint.md,
tools/claims_report.py)."""

from __future__ import annotations

import random
from pathlib import Path

from cardgen.project import open_project
from tests.check.claims_games import draw_game, write_game
from tests.check.claims_measure import DEV_SEEDS, EVAL_SEEDS, measure
from tests.check.claims_phrases import EVAL_ONLY
from tests.check.claims_texts import document, render


def test_development_sample_recall_and_no_false_alarm() -> None:
    tally = measure(DEV_SEEDS, evaluation=False)
    assert sum(tally.wrong.values()) >= 200
    assert tally.recall() >= 0.99, tally.missed
    assert tally.false == []


def test_evaluation_sample_no_false_alarm_and_recall_measured() -> None:
    """Measured, not tuned on: no false alarm, and recall no lower than the 0.99 it was
    measured at (round one: 0.92; round two: 0.971; round three, with its counters, deck
    names, teams, deal lists and reserved templates: 310 of 319, 0.972; round four, with
    the clause reader: 316 of 319, 0.991, where `No deck may be larger than` and `not less
    than` are still not read; docs/lint.md)."""
    tally = measure(EVAL_SEEDS, evaluation=True)
    assert sum(tally.wrong.values()) >= 200
    assert tally.false == []
    assert tally.recall() >= 0.99, tally.missed


def test_samples_cover_every_kind_and_both_languages() -> None:
    games = [draw_game(seed) for seed in DEV_SEEDS]
    assert {g.language for g in games} == {"en", "fr"}
    assert any(g.deal for g in games) and any(g.hand for g in games)
    kinds = {s.kind for seed in EVAL_SEEDS for s in document(draw_game(seed), seed, True)}
    assert {"deck", "cap", "cap_list", "copies", "field", "hand", "players", "pile"} <= kinds
    assert {"box", "box_list", "deal", "variant_cap", "noise"} <= kinds
    assert {"counter_start", "counter_range", "counter_cap", "field_range", "teams"} <= kinds
    assert any(g.deck_name and g.deck_named_by == "rule" for g in games)
    assert any(g.deck_name and g.deck_named_by == "glossary" for g in games)


def test_reserved_templates_only_in_the_evaluation_sample() -> None:
    reserved = {t.split("{")[0] for forms in EVAL_ONLY["en"].values() for t in forms}
    for seed in DEV_SEEDS:
        text = render(document(draw_game(seed), seed, evaluation=False))
        assert not any(r and r in text for r in reserved if len(r) > 6), seed


def test_generated_game_loads_with_its_numbers(tmp_path: Path) -> None:
    game = draw_game(random.Random(5).randint(0, 10_000))
    pack = open_project(write_game(game, tmp_path)).game(game.id)
    assert pack.game.players.min == game.players[0]
    assert pack.game.setup.hand == game.hand
    assert len(pack.cards) == sum(len(t.copies) for t in game.types)
