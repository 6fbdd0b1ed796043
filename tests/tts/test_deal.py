"""Who gets which cards on a table for N players (`cardgen.tts.deal`): the deal
table applied, every card of the box(es) on the table exactly once, the same plan for the
same input, player counts outside the game's range refused."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.load.game import GamePack, load_game
from cardgen.tts.deal import TablePlan, plan_table
from cardgen.tts.notebook import plain_text
from cardgen.tts.sheets import Face
from cardgen.tts.sizes import CardSize
from cardgen.tts.table import Copy
from tests.conftest import ROOT

BLUBLERS = load_game(ROOT / "decks" / "blublers", ROOT)
YOKAI = load_game(ROOT / "decks" / "yokai-sketch", ROOT)


def copies_of(pack: GamePack) -> dict[str, Copy]:
    """Each card with stand-in images (the plan never opens them)."""
    face = Face(Path("face.png"), 0)
    poker = CardSize(63.5, 88.9)
    return {card.name: Copy(card, face, face, "back", poker) for card in pack.cards}


def names(plan: TablePlan) -> Counter[str]:
    """Every card on the table, by name."""
    piles = [p for seat in plan.seats for p in seat.piles] + plan.shared
    piles += plan.rest
    return Counter(c.card.name for pile in piles for c in pile.copies)


@given(st.integers(min_value=2, max_value=8))
def test_blublers_deal_for_any_player_count(players: int) -> None:
    plan = plan_table(BLUBLERS, players, [], copies_of(BLUBLERS))
    each, boxes = (20, 1) if players == 2 else (10, 1 if players <= 4 else 2)
    assert (plan.cards_each, plan.boxes) == (each, boxes)
    assert len(plan.seats) == players
    for seat in plan.seats:
        (pile,) = seat.piles
        assert pile.label == "Paquet" and not pile.face_up and len(pile.copies) == each
        assert {c.card.type for c in pile.copies} == {"classic"}
    down, up = plan.shared
    assert (len(down.copies), down.face_up, len(up.copies), up.face_up) == (7, False, 7, True)
    assert {c.card.type for c in down.copies + up.copies} == {"special"}
    box = Counter({c.name: c.copies * boxes for c in BLUBLERS.cards if c.copies})
    assert names(plan) == box  # every card of the box(es) once: dealt, in a pile or the rest
    assert [rest.label for rest in plan.rest] == ["Reste de la boîte"]  # its language
    assert len(plan.rest[0].copies) == 48 * boxes - each * players + 14 * (boxes - 1)
    again = plan_table(BLUBLERS, players, [], copies_of(BLUBLERS))
    order = [[c.card.name for c in p.copies] for s in plan.seats for p in s.piles]
    assert order == [[c.card.name for c in p.copies] for s in again.seats for p in s.piles]


def test_the_deal_is_shuffled_and_differs_by_player_count() -> None:
    three = plan_table(BLUBLERS, 3, [], copies_of(BLUBLERS))
    four = plan_table(BLUBLERS, 4, [], copies_of(BLUBLERS))
    first = [c.card.name for c in three.seats[0].piles[0].copies]
    pool = [c.name for c in BLUBLERS.cards if c.type == "classic"]
    assert first != pool[:10] and first != [c.card.name for c in four.seats[0].piles[0].copies]


@pytest.mark.parametrize("players", [0, 1, 9, 40])
def test_player_counts_outside_the_range_are_refused(players: int) -> None:
    with pytest.raises(CardgenError) as caught:
        plan_table(BLUBLERS, players, [], copies_of(BLUBLERS))
    message = caught.value.format_message()
    assert f"--players {players}" in message and "2 to 8 players" in message
    assert "game.yaml:" in message


def test_yokai_piles_are_shared_and_seats_hold_none() -> None:
    plan = plan_table(YOKAI, 2, [], copies_of(YOKAI))
    assert [s.piles for s in plan.seats] == [[], []] and plan.rest == []
    yokai = [p for p in plan.shared if p.face_up]
    assert len(yokai) == 4 and all(len(p.copies) == 5 for p in yokai)
    assert {len({c.card.get("color") for c in p.copies}) for p in yokai} == {1}
    (sketch,) = [p for p in plan.shared if not p.face_up]
    assert sketch.label == "Sketch deck" and len(sketch.copies) == 36


def test_markdown_becomes_the_notebooks_plain_text() -> None:
    text = plain_text(
        "# Title\n<!-- a note\nover lines -->\n## Part *one*\n\nA **wrapped**\nline with"
        " `code` and [a link](https://example.org).\n\n- first\n  goes on\n- second\n"
    )
    assert text == (
        "TITLE\n\nPart one\n\nA wrapped line with code and a link (https://example.org).\n\n"
        "• first goes on\n• second\n"
    )


@given(st.text(alphabet=st.sampled_from("ab cé\n\t.,;:!?'"), max_size=200))
def test_text_without_markdown_keeps_its_words_in_order(text: str) -> None:
    assert plain_text(text).split() == text.split()
