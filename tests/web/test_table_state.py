"""The playtest table's opening state (`cardgen.web.table_state`), for a Shards duel and a
Blubler's game for four, checked against the published rules (/work/shared/rules) and the
games' files read here on their own: every pile, seat, hand size and die where the rules
put them, no card lost, and the same input giving the same bytes."""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from cardgen.errors import CardgenError
from cardgen.project import Project
from cardgen.tts.export import seat_deck_lists
from cardgen.web.table_faces import table_faces
from cardgen.web.table_page import game_tables
from cardgen.web.table_state import TableState, table_state
from tests.conftest import ROOT

DECKS = ROOT / "decks"


def _state(game: str, players: int) -> TableState:
    pack = Project(ROOT).game(game)
    decks = seat_deck_lists(pack, players, [])
    return table_state(pack, players, decks, table_faces(ROOT, pack), rules="rules.html")


def _deck_counts(path: Path) -> Counter[str]:
    """A deck list's cards, read here: `N Name` lines, comments and headings skipped."""
    found: Counter[str] = Counter()
    for line in path.read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(r"(\d+)\s+(.+?)\s*", line)
        if match:
            found[match[2]] += int(match[1])
    return found


def _names(state: TableState, pile: str) -> list[str]:
    chosen = next(p for p in state.piles if p.id == pile)
    return [state.cards[i].name for i in chosen.cards]


def test_a_shards_duel() -> None:
    game = yaml.safe_load((DECKS / "shards" / "game.yaml").read_text(encoding="utf-8"))
    with (DECKS / "shards" / "cards.csv").open(encoding="utf-8") as rows:
        kind = {row["name"]: row["type"] for row in csv.DictReader(rows)}
    state = _state("shards", 2)
    assert state.players == 2 and [s.label for s in state.seats] == ["Player 1", "Player 2"]
    # the seats take the box's starter decks in turn: the first two for a duel
    starters = [DECKS / "shards" / path for path in game["box"]["decks"][:2]]
    for number, deck in enumerate(starters):
        mine = [p for p in state.piles if p.owner == number]
        assert [(p.label, p.face_up, p.place) for p in mine] == [
            ("Persona", True, "seat"),  # the rules: the Persona in its place, face up
            ("Shard Deck", False, "seat"),  # the Shard Deck face down, shuffled
        ]
        persona, shard = (_names(state, p.id) for p in mine)
        counts = _deck_counts(deck)
        assert Counter(persona + shard) == counts  # the whole deck list, nothing lost
        assert {kind[n] for n in persona} == {"persona"}
        assert "persona" not in {kind[n] for n in shard}
        assert sorted(shard) != shard  # shuffled
        seat = state.seats[number]
        assert seat.hand == 5  # "draw 5 cards into their hand"
        assert seat.draw_pile == mine[1].id
        assert seat.deck == deck.stem
        # "roll 2 six-sided dice": two d6 each
        dice = [d for d in state.dice if d.owner == number]
        assert [d.faces for d in dice] == [["1", "2", "3", "4", "5", "6"]] * 2
    assert not [p for p in state.piles if p.owner is None]  # no shared pile, no box pile
    assert state.rules == "rules.html"


def test_a_blublers_game_for_four() -> None:
    game = yaml.safe_load((DECKS / "blublers" / "game.yaml").read_text(encoding="utf-8"))
    pool = yaml.safe_load((DECKS / "blublers" / "cards.yaml").read_text(encoding="utf-8"))
    kind = {card["name"]: card["type"] for card in pool["cards"]}
    box = Counter({c["name"]: c.get("copies", 1) for c in pool["cards"]})
    state = _state("blublers", 4)
    paquets = [p for p in state.piles if p.owner is not None]
    label = game["setup"]["deal_label"]
    # the rules: for 3 to 8 players, ten Classic cards each, dealt face down
    assert [(p.owner, p.label, p.face_up, len(p.cards)) for p in paquets] == [
        (n, label, False, 10) for n in range(4)
    ]
    dealt = [name for p in paquets for name in _names(state, p.id)]
    assert {kind[n] for n in dealt} == {"classic"}
    # two piles of seven Special cards at the ends, one face down, one face up
    shared = [p for p in state.piles if p.owner is None and p.place != "box"]
    assert [(p.place, p.face_up, len(p.cards)) for p in shared] == [
        ("ends", False, 7),
        ("ends", True, 7),
    ]
    specials = [name for p in shared for name in _names(state, p.id)]
    assert Counter(specials) == Counter({n: c for n, c in box.items() if kind[n] == "special"})
    # the rest of the Classic cards back in the box: one box's 48, less the 40 dealt
    rest = [p for p in state.piles if p.place == "box"]
    assert [len(p.cards) for p in rest] == [48 - 40]
    assert Counter(dealt + specials + _names(state, rest[0].id)) == box  # nothing lost
    assert [s.hand for s in state.seats] == [0, 0, 0, 0]  # no hand: the paquet is played
    assert state.dice == [] and state.counters == []


def test_the_same_input_gives_the_same_bytes() -> None:
    first, second = _state("blublers", 4).as_json(), _state("blublers", 4).as_json()
    assert first == second
    assert "cardgen-table|blublers|4 players|" in first
    assert _state("blublers", 5).key != _state("blublers", 4).key


def test_a_player_count_outside_the_range_is_refused() -> None:
    with pytest.raises(CardgenError, match="played by 2 to 4 players"):
        _state("shards", 5)


def test_the_build_page_holds_every_player_count() -> None:
    pack = Project(ROOT).game("blublers")
    states = game_tables(pack, table_faces(ROOT, pack), None)
    assert [s.players for s in states] == list(range(2, 9))
    # five players and more: two boxes, still two Special piles of seven
    five = states[3]
    specials = [p for p in five.piles if p.owner is None and p.place != "box"]
    assert [len(p.cards) for p in specials] == [7, 7]
    assert [len(p.cards) for p in five.piles if p.owner is not None] == [10] * 5


def test_splatterkins_counters_start_at_each_visionary() -> None:
    """The rules: a Visionary's Inspiration starts at its own value, at most 20; Paint Drops
    from nothing. Each seat's counters read its own Visionary."""
    game = yaml.safe_load((DECKS / "splatterkins" / "game.yaml").read_text(encoding="utf-8"))
    with (DECKS / "splatterkins" / "cards.csv").open(encoding="utf-8") as rows:
        pool = {row["name"]: row for row in csv.DictReader(rows)}
    state = _state("splatterkins", 2)
    for number, path in enumerate(game["setup"]["seat_decks"][:2]):
        deck = _deck_counts(DECKS / "splatterkins" / path)
        visionary = [n for n in deck if pool[n]["type"] == "visionary"]
        assert len(visionary) == 1
        mine = {c.label: c for c in state.counters if c.owner == number}
        inspiration = mine["Visionary Inspiration"]
        assert inspiration.start == int(pool[visionary[0]]["inspiration"])
        assert (inspiration.min, inspiration.max) == (0, 20)
        assert (mine["Paint Drops"].start, mine["Paint Drops"].min) == (0, 0)
        assert inspiration.holder == f"Player {number + 1}"
