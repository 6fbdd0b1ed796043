"""YAML counts held to the text deck list's verdict: every YAML scalar form, in the three
forms a YAML deck list takes, in YAML 1.2 and 1.1 readings; and the other YAML counts
(cards.yaml `copies`, the box manifest, piles), each refused at its line with exit 2."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import assume, given
from hypothesis import strategies as st
from ruamel.yaml import YAML

from cardgen.errors import CardgenError
from cardgen.load.counts import count_verdict, yaml_count
from cardgen.load.decklist import parse_text_deck, parse_yaml_deck
from cardgen.load.yaml import YamlDocument, parse_yaml
from cardgen.model.card import MAX_COPIES
from cardgen.model.deck import MAX_COUNT
from cardgen.project import Project
from tests.conftest import TINY_CARDS, TINY_GAME

NAME = "Ember Knight"
_PLAIN = st.text(alphabet="0123456789abcdefnoxEe.+-_:~", min_size=1, max_size=14)
"""Plain scalars as YAML may read them: ints, floats, 1e3, 0x10, 0o7, 1_000, 1:30, ~."""
_WORDS = st.sampled_from(
    [
        "true",
        "false",
        "True",
        "FALSE",
        "yes",
        "no",
        "Yes",
        "NO",
        "on",
        "off",
        "On",
        "OFF",
        "y",
        "n",
        "Y",
        "N",
        "null",
        "Null",
        "NULL",
        "~",
        ".nan",
        ".NaN",
        ".inf",
        "-.inf",
        "+.inf",
        ".5",
        "5.",
        "1e3",
        "1E3",
        "1.0e+3",
        "0x10",
        "0X1f",
        "0o7",
        "0o17",
        "0b101",
        "007",
        "010",
        "+3",
        "-3",
        "-0",
        "0",
        "1",
        "3",
        "9999",
        "10000",
        "4300",
        "1_000",
        "1,000",
        "1:30",
        "3x",
        "x3",
        "three",
    ]
)
_INTS = st.integers(min_value=-(10**15), max_value=10**15).map(str)
_FLOATS = st.floats(allow_nan=True, allow_infinity=True).map(repr)
TOKENS = st.one_of(_WORDS, _INTS, _FLOATS, _PLAIN)
QUOTES = st.sampled_from(["", "'", '"'])
FORMS = {
    "list": "cards:\n  - name: {name}\n    count: {value}\n",
    "flow": "cards: [{{name: {name}, count: {value}}}]\n",
    "mapping": "cards:\n  {name}: {value}\n",
}
VERSIONS = st.sampled_from(["", "%YAML 1.1\n---\n", "%YAML 1.2\n---\n"])


def _scalar(token: str, flow: bool = False) -> object:
    """What YAML reads `token` as, alone (inside `{...}` when `flow`: there a comma or a
    colon ends it); a token that is no YAML scalar there is skipped."""
    try:
        value = parse_yaml(f"v: {{v: {token}}}\n" if flow else f"v: {token}\n", "t.yaml").data
    except CardgenError:
        assume(False)
    if flow:
        assume(isinstance(value, dict) and set(value) == {"v"})
        value = value["v"]
    assume(isinstance(value, dict) and set(value) == {"v"})
    return value["v"]


def _verdict(parse: Callable[[], object]) -> tuple[str, object]:
    """("count", n) for an accepted one-card list, ("error", message without its place)."""
    try:
        deck = parse()
    except CardgenError as exc:
        return "error", re.sub(r"^\S+?:\d+(?::\d+)?: ", "", str(exc))
    entries = deck.entries  # type: ignore[attr-defined]
    assert len(entries) == 1
    return "count", (entries[0].name, entries[0].count)


@given(TOKENS, QUOTES, st.sampled_from(sorted(FORMS)), VERSIONS)
def test_yaml_counts_have_the_text_lists_verdict(
    token: str, quote: str, form: str, version: str
) -> None:
    value = _scalar(f"{quote}{token}{quote}", flow=form == "flow")
    assume(not isinstance(value, list | dict))
    assume(not re.fullmatch(r"[0-9]+[xX×]", token))  # `3x Name` is the text line's grammar
    body = version + "game: tiny\n" + FORMS[form].format(name=NAME, value=f"{quote}{token}{quote}")
    mark = f"{NAME}:" if form == "mapping" else "count:"
    count_line = next(n for n, ln in enumerate(body.split("\n"), 1) if mark in ln)
    got = _verdict(lambda: parse_yaml_deck(body, "d.yaml"))
    text = _verdict(lambda: parse_text_deck(f"{token} {NAME}\n", "d.txt"))
    if text[0] == "error" or text[1] == (NAME, int(token) if token.isdigit() else 0):
        assert got == text  # the text list read the token as a count: the same verdict
    else:  # the text list reads the token as part of a name (`true Ember Knight`): refused
        assert got == ("error", f'count must be a whole number, got "{token}"' + _example(token))
    if got[0] == "error":
        with pytest.raises(CardgenError) as caught:
            parse_yaml_deck(body, "d.yaml")
        assert caught.value.location is not None
        assert caught.value.location.line == count_line
        assert "\n" not in str(caught.value)


def _example(token: str) -> str:
    """The text loader's example of a good line for a bad `token`."""
    verdict = count_verdict(token, NAME)
    assert isinstance(verdict, str)
    return verdict[verdict.index(" (e.g.") :] if " (e.g." in verdict else ""


@given(
    st.sampled_from(["[3]", "[]", "{a: 1}", "[[1, 2]]", "- 3"]),
    st.sampled_from(["list", "mapping"]),
)
def test_nested_lists_and_mappings_are_no_count(value: str, form: str) -> None:
    body = (
        f"cards:\n  - name: {NAME}\n    count:\n      {value}\n"
        if value.startswith("-")
        else FORMS[form].format(name=NAME, value=value)
    )
    with pytest.raises(CardgenError, match=r"count must be a whole number, got a (list|mapping)"):
        parse_yaml_deck(body, "d.yaml")


def _read_as_yaml_1_1(text: str) -> YamlDocument:
    """`text` with the values a YAML 1.1 reader gives (`yes` true, `010` 8), at the
    positions cardgen's reader finds."""
    reader = YAML(typ="safe", pure=True)
    reader.version = (1, 1)
    doc = parse_yaml(text, "d.yaml")
    return YamlDocument(doc.path, reader.load(text), doc.values, doc.keys, text)


@pytest.mark.parametrize(
    ("token", "verdict"),
    [
        ("yes", 'count must be a whole number, got "yes" (e.g. "1 Ember Knight")'),
        ("on", 'count must be a whole number, got "on" (e.g. "1 Ember Knight")'),
        ("1_000", 'count must be a whole number, got "1_000" (e.g. "1000 Ember Knight")'),
        ("010", "count 010 is read as 8 by this file's YAML version"),
        ("1:30", 'count must be a whole number, got "1:30" (e.g. "1 Ember Knight")'),
        ("12", 12),
    ],
)
def test_yaml_1_1_readings_get_no_other_count(token: str, verdict: object) -> None:
    doc = _read_as_yaml_1_1(FORMS["mapping"].format(name=NAME, value=token))
    got = yaml_count(doc, ["cards", NAME], doc.data["cards"][NAME], NAME)
    assert got == verdict if isinstance(verdict, int) else str(got).startswith(str(verdict))


def test_text_and_yaml_share_the_limits() -> None:
    assert count_verdict(str(MAX_COUNT)) == MAX_COUNT
    assert (
        count_verdict(str(MAX_COUNT + 1))
        == f"count {MAX_COUNT + 1} is absurd (at most 9,999 copies)"
    )
    assert count_verdict("0", field="copies", low=0, high=MAX_COPIES) == 0
    assert count_verdict("-1", field="copies", low=0) == "copies must not be negative, got -1"


GAME_COUNTS = (
    TINY_GAME
    + """\
box:
  total: 12
  contents:
    - {label: Heroes, where: {type: hero}, count: 2}
    - label: Spells
      where: {type: spell}
      count: 10
setup:
  piles:
    - {id: spells, label: Spells, where: {type: spell}, count: 3}
"""
)


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ("total: 12", "total: 1e3", 20, 'total must be a whole number, got "1e3"'),
        ("count: 2}", "count: true}", 22, 'count must be a whole number, got "true"'),
        ("count: 10", "count: 0x10", 25, 'count must be a whole number, got "0x10"'),
        ("count: 10", "count: -4", 25, "count must not be negative, got -4"),
        ("count: 10", "count: 2000000000", 25, "count 2000000000 is absurd"),
        ("count: 3}", "count: 2.0}", 28, 'count must be a whole number, got "2.0"'),
        ("count: 3}", "count: '3'}", None, None),
        ("count: 3}", "count: 007}", None, None),
    ],
)
def test_game_yaml_counts(
    make_project: Callable[..., Path],
    run: Callable[..., Result],
    old: str,
    new: str,
    line: int | None,
    message: str | None,
) -> None:
    assert old in GAME_COUNTS
    game = GAME_COUNTS.replace(old, new, 1)
    root = make_project(game)
    result = run("cards", "tiny", "--project", root)
    if message is None:
        assert result.exit_code == 0 and result.stderr == ""
        pile = Project(root).game("tiny").game.setup.piles[0]
        assert pile.count == int(new.split(":")[1].strip(" }'"))
        return
    assert line == next(n for n, text in enumerate(game.split("\n"), 1) if new in text)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert re.search(rf"game\.yaml:{line}:\d+: {re.escape(message)}", result.stderr), result.stderr


POOL = """\
cards:
  - {name: Aria, type: hero, copies: 1, power: 5}
  - name: Borin
    type: hero
    copies: COPIES
    power: 7
"""


@pytest.mark.parametrize(
    ("copies", "message"),
    [
        ("1e3", 'card "Borin": copies must be a whole number, got "1e3"'),
        ("true", 'card "Borin": copies must be a whole number, got "true"'),
        ("0o7", 'card "Borin": copies must be a whole number, got "0o7"'),
        ("-1", 'card "Borin": copies must not be negative, got -1'),
        ("10001", 'card "Borin": copies 10001 is absurd (at most 10,000 copies)'),
        ("[1]", 'card "Borin": copies must be a whole number, got a list'),
        ("~", 'card "Borin": copies must be a whole number, got "~"'),
    ],
)
def test_pool_copies(
    make_project: Callable[..., Path], run: Callable[..., Result], copies: str, message: str
) -> None:
    root = make_project(cards=POOL.replace("COPIES", copies), pool_name="cards.yaml")
    (root / "decks" / "tiny" / "cards.csv").unlink(missing_ok=True)
    result = run("cards", "tiny", "--project", root)
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1
    assert f"cards.yaml:5:13: {message}" in result.stderr, result.stderr


def test_pool_copies_zero_and_plain_are_read(make_project: Callable[..., Path]) -> None:
    root = make_project(cards=POOL.replace("COPIES", "0"), pool_name="cards.yaml")
    pack = Project(root).game("tiny")
    assert [(c.name, c.copies) for c in pack.cards] == [("Aria", 1), ("Borin", 0)]
    assert TINY_CARDS  # the CSV pool of the other tests is untouched


@pytest.mark.parametrize("token", ["1,000", "2,5", "12,345"])
def test_a_count_a_comma_cut_inside_braces_is_judged_as_written(token: str) -> None:
    """`{name: X, count: 1,000}` reads as `count: 1` and a key `000`: the count is judged as
    the file writes it, with the text list's verdict, at the count's line and column."""
    body = f"game: tiny\ncards: [{{name: {NAME}, count: {token}}}]\n"
    with pytest.raises(CardgenError) as caught:
        parse_yaml_deck(body, "d.yaml")
    assert str(caught.value).startswith(f"d.yaml:2:{body.split(chr(10))[1].index(token) + 1}: ")
    text = _verdict(lambda: parse_text_deck(f"{token} {NAME}\n", "d.txt"))
    assert _verdict(lambda: parse_yaml_deck(body, "d.yaml")) == text and text[0] == "error"
