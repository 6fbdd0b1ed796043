"""Random deck lists never crash the parser or the validator, and every error has a place."""

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.check.deck_rules import DeckValidator
from cardgen.errors import CardgenError
from cardgen.load.decklist import parse_text_deck, parse_yaml_deck
from cardgen.model.deck import Deck
from cardgen.project import Project
from tests.conftest import ROOT
from tests.messages import assert_located_lines

NAMES = ["Aria", "Borin", "Fireball", "Frost Bolt", "Ice Wall"]

counts = st.one_of(
    st.integers(min_value=-5, max_value=12).map(str),
    st.sampled_from(["0", "3x", "2 x", "1e3", "2.5", "99999999999999", "x", ""]),
)
names = st.one_of(st.sampled_from(NAMES), st.text(max_size=20))
card_lines = st.builds(lambda c, n: f"{c} {n}", counts, names)
other_lines = st.sampled_from(["", "# comment", "Spells:", "[Side]", "// note", "# game: tiny"])
deck_texts = st.lists(st.one_of(card_lines, other_lines, st.text(max_size=30)), max_size=30).map(
    "\n".join
)


@pytest.fixture(scope="module")
def tiny_validator(tmp_path_factory: pytest.TempPathFactory) -> DeckValidator:
    from tests.conftest import TINY_CARDS, TINY_GAME

    root = tmp_path_factory.mktemp("fuzz")
    folder = root / "decks" / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(TINY_GAME)
    (folder / "cards.csv").write_text(TINY_CARDS)
    return DeckValidator(Project(root).game("tiny"))


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=deck_texts)
def test_random_text_lists_never_crash(tiny_validator: DeckValidator, text: str) -> None:
    try:
        deck = parse_text_deck(text, "d.txt")
    except CardgenError as exc:
        assert_located_lines(exc, "d.txt")
        return
    _assert_entries_from_lines(deck, text)
    report = tiny_validator.validate(deck)
    assert report.card_count == sum(e.count for e in deck.entries)
    for violation in report.violations:
        assert violation.message


def _assert_entries_from_lines(deck: Deck, text: str) -> None:
    """Each entry comes from its own line of `text`, which holds its name and its count (a
    tab read as a space)."""
    lines = text.replace("\t", " ").split("\n")
    numbers = [entry.line for entry in deck.entries]
    assert len(set(numbers)) == len(numbers), numbers
    for entry in deck.entries:
        assert entry.line is not None and 1 <= entry.line <= len(lines), entry
        written = lines[entry.line - 1]
        assert entry.name.strip() and entry.name in written, (entry, written)
        assert entry.count >= 1
        assert str(entry.count) in written or entry.count == 1, (entry, written)


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    cards=st.dictionaries(
        st.sampled_from(NAMES) | st.text(max_size=10),
        st.integers(min_value=-3, max_value=20) | st.floats(allow_nan=True) | st.text(max_size=5),
        max_size=8,
    )
)
def test_random_yaml_lists_never_crash(
    tiny_validator: DeckValidator, cards: dict[str, object]
) -> None:
    import json

    text = "game: tiny\ncards: " + json.dumps(cards) + "\n"
    try:
        deck = parse_yaml_deck(text, "d.txt")
    except CardgenError as exc:
        assert_located_lines(exc, "d.txt")
        return
    # Read as written: each name with its count, a whole number from 1 (1.0 and "1" are one).
    assert [e.name for e in deck.entries] == list(cards)
    for entry, count in zip(deck.entries, cards.values(), strict=True):
        assert not isinstance(count, bool) and float(count) == entry.count >= 1, (entry, count)
    report = tiny_validator.validate(deck)
    assert report.card_count == sum(e.count for e in deck.entries)


@settings(max_examples=100, deadline=None)
@given(
    picks=st.lists(
        st.tuples(st.integers(min_value=1, max_value=9), st.integers(min_value=0, max_value=91)),
        max_size=40,
    )
)
def test_random_shards_decks_get_a_consistent_verdict(picks: list[tuple[int, int]]) -> None:
    pack = _shards()
    validator = DeckValidator(pack)
    text = "\n".join(f"{count} {pack.cards[index].name}" for count, index in picks) or "1 x"
    deck = parse_text_deck(text, "d.txt")  # every line a count and a card's name: no error
    report = validator.validate(deck)
    total = sum(count for count, _ in picks) or 1
    assert report.card_count == total
    personas = sum(c for c, i in picks if pack.cards[i].type == "persona")
    rules = {v.rule for v in report.violations}
    assert ("deck-size" in rules) == (total > 52)
    assert ("one-persona" in rules) == (personas != 1)


_cache: dict[str, object] = {}


def _shards():  # type: ignore[no-untyped-def]
    if "pack" not in _cache:
        _cache["pack"] = Project(ROOT).game("shards")
    return _cache["pack"]


def test_tiny_fixture_is_used(make_project: Callable[..., Path]) -> None:
    assert (make_project() / "decks" / "tiny" / "game.yaml").is_file()


hostile_lines = st.one_of(
    st.text(max_size=40),
    st.builds(
        lambda c, n: f"{c} {n}",
        st.one_of(counts, st.sampled_from(["9" * 5000, "1" * 13, "+3", "３", "٣", "3x3"])),
        st.text(max_size=20),
    ),
    st.sampled_from(["\x1b[2J", "\x07", "\u202e", "\ufeff", "\x00", "\r", "\x85", "\u2028"]),
)


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(lines=st.lists(hostile_lines, max_size=40))
def test_hostile_text_lists_get_located_errors_quickly(
    tiny_validator: DeckValidator, lines: list[str]
) -> None:
    """Control characters, other digits, huge counts: a CardgenError whose every problem
    has a line (and a column), on one line, in well under a second."""
    import time

    started = time.process_time()  # CPU time: a busy machine does not make it fail
    try:
        deck = parse_text_deck("\n".join(lines), "d.txt")
    except CardgenError as exc:
        assert time.process_time() - started < 1.0
        assert_located_lines(exc, "d.txt")
        return
    assert all("\x1b" not in entry.name and "\x00" not in entry.name for entry in deck.entries)
    tiny_validator.validate(deck)
    assert time.process_time() - started < 1.0
