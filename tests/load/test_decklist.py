import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError, InputErrors
from cardgen.load.decklist import parse_text_deck, parse_yaml_deck
from cardgen.model.deck import MAX_COUNT


def test_text_grammar() -> None:
    deck = parse_text_deck(
        "# game: tiny\n"
        "\n"
        "Heroes:\n"
        "1 Aria\n"
        "# a comment\n"
        "Spells:\n"
        "3x Fireball   # trailing comment\n"
        "2 x Frost Bolt\n"
        "\t1\tIce Wall\n",
        "d.txt",
    )
    assert deck.game == "tiny"
    assert [(e.name, e.count, e.line, e.section) for e in deck.entries] == [
        ("Aria", 1, 4, "Heroes"),
        ("Fireball", 3, 7, "Spells"),
        ("Frost Bolt", 2, 8, "Spells"),
        ("Ice Wall", 1, 9, "Spells"),
    ]
    assert deck.entries[1].col == 4
    assert deck.card_count == 7


def test_game_line_only_counts_first() -> None:
    deck = parse_text_deck("1 Aria\n# game: other\n", "d.txt")
    assert deck.game is None


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("0 Aria", "at least 1"),
        ("-2 Aria", "must be positive"),
        ("2.5 Aria", "whole number"),
        ("1e3 Aria", "whole number"),
        ("1000000000000 Aria", "absurd"),
        ("Aria x0", "at least 1"),
        ("Aria x-2", "must be positive"),
        ("3", "no card name"),
        ("3x", "no card name"),
    ],
)
def test_bad_counts_name_the_line(line: str, message: str) -> None:
    with pytest.raises(CardgenError, match=message) as info:
        parse_text_deck(f"1 Borin\n{line}\n", "d.txt")
    assert info.value.format_message().startswith("d.txt:2:")


def test_all_bad_lines_reported_together() -> None:
    with pytest.raises(InputErrors) as info:
        parse_text_deck("0 Aria\n2.5 Borin\n2 Fireball\n-1 Ice Wall\n", "d.txt")
    assert [e.location.line for e in info.value.errors if e.location] == [1, 2, 4]


def test_empty_list_is_refused() -> None:
    with pytest.raises(CardgenError, match="no cards"):
        parse_text_deck("# just a comment\nSpells:\n", "d.txt")


def test_yaml_list_and_mapping_forms() -> None:
    listed = parse_yaml_deck(
        "game: tiny\nname: Test\ncards:\n"
        "  - {name: Aria, count: 1}\n  - name: Fireball\n    count: 3\n",
        "d.yaml",
    )
    assert [(e.name, e.count, e.line) for e in listed.entries] == [
        ("Aria", 1, 4),
        ("Fireball", 3, 5),
    ]
    mapped = parse_yaml_deck("game: tiny\ncards:\n  Aria: 1\n  Fireball: 3\n", "d.yaml")
    assert [(e.name, e.count, e.line) for e in mapped.entries] == [
        ("Aria", 1, 3),
        ("Fireball", 3, 4),
    ]
    assert mapped.game == "tiny"


@pytest.mark.parametrize(
    ("body", "message", "line"),
    [
        ("cards:\n  Aria: 0\n", "count must be at least 1, got 0", 2),
        ("cards:\n  - {name: Aria, count: 2.5}\n", 'whole number, got "2.5"', 2),
        ("cards:\n  - {name: Aria, count: -1}\n", "count must be positive, got -1", 2),
        ("cards:\n  Aria: 99999999999\n", "absurd", 2),
        ("game: tiny\ncolour: red\ncards: {Aria: 1}\n", 'unknown key "colour"', 2),
        ("cards:\n  - {nme: Aria, count: 1}\n", 'unknown key "nme"; did you mean "name"', 2),
    ],
)
def test_yaml_deck_errors_name_the_line(body: str, message: str, line: int) -> None:
    with pytest.raises(CardgenError, match=message) as info:
        parse_yaml_deck(body, "d.yaml")
    errors = info.value.errors if isinstance(info.value, InputErrors) else [info.value]
    assert any(e.location and e.location.line == line for e in errors), info.value.format_message()


FORMS = [
    "{n} {name}",
    "{n}x {name}",
    "{n}X {name}",
    "{n} x {name}",
    "{n}× {name}",
    "{name} x{n}",
    "{name} X{n}",
    "{name} ×{n}",
    "{name} x {n}",
    "  {name} x{n}  # note",
]


@pytest.mark.parametrize("form", FORMS)
def test_count_before_or_after_the_name(form: str) -> None:
    deck = parse_text_deck(form.format(n=2, name="Second Glow") + "\n", "d.txt")
    assert [(e.name, e.count) for e in deck.entries] == [("Second Glow", 2)]


def test_a_name_alone_is_one_copy() -> None:
    deck = parse_text_deck("Spells:\nBrass Bell\n  7th Seal  # a comment\nX Factor\n", "d.txt")
    assert [(e.name, e.count, e.col, e.section) for e in deck.entries] == [
        ("Brass Bell", 1, 1, "Spells"),
        ("7th Seal", 1, 3, "Spells"),
        ("X Factor", 1, 1, "Spells"),
    ]
    assert all(e.whole is None for e in deck.entries)  # nothing was read out of them


def test_each_entry_keeps_its_whole_line_for_the_pool() -> None:
    deck = parse_text_deck("Agent X2\n3 Wishes\n  2x Fireball # hot\n", "d.txt")
    assert [(e.name, e.count, e.whole) for e in deck.entries] == [
        ("Agent", 2, ("Agent X2", 1)),
        ("Wishes", 3, ("3 Wishes", 1)),
        ("Fireball", 2, ("2x Fireball", 3)),
    ]


_WORD = st.text(st.characters(categories=["L"], exclude_characters="xX×"), min_size=1, max_size=8)


@settings(max_examples=300, deadline=None)
@given(
    words=st.lists(_WORD, min_size=1, max_size=4),
    count=st.integers(1, MAX_COUNT),
    form=st.sampled_from(FORMS),
)
def test_any_name_in_any_form_reads_back(words: list[str], count: int, form: str) -> None:
    name = " ".join(words)
    deck = parse_text_deck(f"# game: tiny\n{form.format(n=count, name=name)}\n", "d.txt")
    assert [(e.name, e.count) for e in deck.entries] == [(name, count)]


@pytest.mark.parametrize("line", ["2.5 Aria", "-3 Aria", "1e3 Aria", "1,5 Ice Wall", "Aria x-2"])
def test_a_bad_count_shows_an_example_that_reads(line: str) -> None:
    with pytest.raises(CardgenError) as info:
        parse_text_deck(line + "\n", "d.txt")
    message = info.value.format_message()
    example = re.search(r'\(e\.g\. "([^"]+)"\)$', message)
    assert example is not None, message
    deck = parse_text_deck(example.group(1) + "\n", "d.txt")
    assert [e.name for e in deck.entries] == [
        line.split(" ", 1)[1] if line[0] in "-0123456789" else line.rsplit(" ", 1)[0]
    ]


@settings(max_examples=60, deadline=None)
@given(
    digits=st.text(
        st.characters(categories=["Nd"]).filter(lambda ch: not ch.isascii()),
        min_size=1,
        max_size=3,
    ),
    name=st.sampled_from(["Aria", "Spell 1", "Frost Bolt"]),
)
def test_digits_of_other_scripts_are_no_count(digits: str, name: str) -> None:
    """docs/limits.md: a count is plain digits. `٣ Aria` (Arabic-Indic), `３ Aria`
    (fullwidth), `৩ Aria` (Bengali): refused as a count, at the line, with the count in
    plain digits to write instead; never read as 3, nor as a card named "٣ Aria"."""
    with pytest.raises(CardgenError) as info:
        parse_text_deck(f"1 Borin\n{digits} {name}\n", "d.txt")
    assert not isinstance(info.value, InputErrors)  # the one bad line
    message = info.value.format_message()
    assert message.startswith("d.txt:2:1: count must be a whole number, got "), message
    assert f'"{digits}"' in message and f' {name}")' in message
