"""Every field of a deck-rule violation, as `cardgen validate --format json` prints it, for
each rule kind and each kind of bound; written out in full, so a message, a number, a line
or a severity that drifts fails here."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardgen.check.deck_rules import DeckValidator
from cardgen.load.decklist import parse_text_deck
from cardgen.model.deck import Deck, DeckEntry
from cardgen.project import Project
from tests.conftest import TINY_GAME

HEAD = TINY_GAME.split("deck_rules:")[0]


def validator(make_project: Callable[..., Path], rules: str, **kwargs: Any) -> DeckValidator:
    game = kwargs.pop("game", HEAD)
    return DeckValidator(
        Project(make_project(game + "deck_rules:\n" + rules, **kwargs)).game("tiny")
    )


def verdict(v: DeckValidator, text: str, *, building: bool = False) -> list[dict[str, Any]]:
    report = v.validate(parse_text_deck(text, "d.txt"), building=building)
    return [found.as_json() for found in report.violations]


def violation(**fields: Any) -> dict[str, Any]:
    """A violation's JSON: the given fields over those of a rule with nothing to show."""
    blank = {"severity": "error", "actual": None, "limit": None, "delta": None, "cards": []}
    blank |= {"line": None, "col": None, "cite": "", "rule_message": "", "suggestion": None}
    return blank | fields


def unknown(name: str, **fields: Any) -> dict[str, Any]:
    """The violation of an unknown card name with no close match in the pool."""
    message = f'unknown card "{name}" in Tiny Game'
    common = {"rule": "unknown-card", "code": "DK001", "kind": "unknown_card"}
    return violation(message=message, cards=[name], **common, **fields)


HEROES = (
    "  - {id: heroes, kind: count, where: {type: hero}, min: 1, cite: Rules 2.1,"
    " message: At least one Hero.}\n"
)


@pytest.mark.parametrize("building", [False, True])
def test_a_count_short_of_its_minimum_with_no_card_and_no_label(
    make_project: Callable[..., Path], building: bool
) -> None:
    v = validator(make_project, HEROES)
    assert verdict(v, "2 Fireball\n", building=building) == [
        violation(
            rule="heroes",
            code="DK103",
            kind="count",
            severity="warning" if building else "error",
            message="0 matching cards; at least 1 allowed (1 short: add 1)",
            actual=0,
            limit=1,
            delta=-1,
            cite="Rules 2.1",
            rule_message="At least one Hero.",
        )
    ]


def test_a_short_deck_is_illegal_unless_building_is_asked_for(
    make_project: Callable[..., Path],
) -> None:
    v = validator(make_project, HEROES)
    deck = parse_text_deck("2 Fireball\n", "d.txt")
    assert [x.severity for x in v.validate(deck).violations] == ["error"]
    assert not v.validate(deck).legal
    assert v.validate(deck, building=True).legal


def test_a_count_over_its_maximum_under_building_is_still_an_error(
    make_project: Callable[..., Path],
) -> None:
    rule = "  - {id: few, kind: count, where: {type: spell}, max: 2, label: spells, message: M.}\n"
    v = validator(make_project, rule)
    (found,) = verdict(v, "1 Aria\n2 Fireball\nFrost Bolt\n", building=True)
    assert found == violation(
        rule="few",
        code="DK103",
        kind="count",
        message="3 spells (Fireball ×2 (line 2), Frost Bolt ×1 (line 3)); at most 2 allowed"
        " (1 over: take out 1)",
        actual=3,
        limit=2,
        delta=1,
        cards=["Fireball", "Frost Bolt"],
        line=2,
        col=3,
        rule_message="M.",
    )


def test_a_violation_points_at_the_column_of_its_first_line(
    make_project: Callable[..., Path],
) -> None:
    rule = "  - {id: few, kind: count, where: {type: spell}, max: 1, label: spells, message: M.}\n"
    v = validator(make_project, rule)
    (found,) = verdict(v, "1 Aria\nFrost Bolt\n3x Fireball\n")
    assert (found["line"], found["col"]) == (2, 1)
    (found,) = verdict(v, "1 Aria\n3x Fireball\nFrost Bolt\n")
    assert (found["line"], found["col"]) == (2, 4)


@pytest.mark.parametrize(
    ("bound", "deck", "actual", "limit", "message"),
    [
        ("exact: 6", "6 Fireball\n", 6, 6, None),
        ("exact: 6", "4 Fireball\n3 Frost Bolt\n", 7, 6, "exactly 6 allowed (1 over: take out 1)"),
        ("exact: 6", "4 Fireball\n", 4, 6, "exactly 6 allowed (2 short: add 2)"),
        ("min: 5", "4 Fireball\n", 4, 5, "at least 5 allowed (1 short: add 1)"),
        ("min: 5", "4 Fireball\n1 Aria\n", 5, 5, None),
        ("max: 3", "4 Fireball\n", 4, 3, "at most 3 allowed (1 over: take out 1)"),
        ("max: 3", "3 Fireball\n", 3, 3, None),
    ],
)
def test_deck_size_for_each_kind_of_bound(
    make_project: Callable[..., Path],
    bound: str,
    deck: str,
    actual: int,
    limit: int,
    message: str | None,
) -> None:
    v = validator(make_project, f"  - {{id: size, kind: deck_size, {bound}, message: M.}}\n")
    expected = violation(
        rule="size",
        code="DK101",
        kind="deck_size",
        message=f"deck has {actual} cards; {message}",
        actual=actual,
        limit=limit,
        delta=actual - limit,
        rule_message="M.",
    )
    assert verdict(v, deck) == ([] if message is None else [expected])


def test_unknown_cards_count_towards_the_deck_size(make_project: Callable[..., Path]) -> None:
    v = validator(make_project, "  - {id: size, kind: deck_size, exact: 6, message: M.}\n")
    found = verdict(v, "2 Qqqq\n3 Fireball\n3 Zzzz\n")
    assert found == [
        unknown("Qqqq", actual=2, line=1, col=3),
        unknown("Zzzz", actual=3, line=3, col=3),
        violation(
            rule="size",
            code="DK101",
            kind="deck_size",
            message="deck has 8 cards; exactly 6 allowed (2 over: take out 2)",
            actual=8,
            limit=6,
            delta=2,
            rule_message="M.",
        ),
    ]


def test_twenty_unknown_names_are_each_named_and_the_twenty_first_starts_a_count(
    make_project: Callable[..., Path],
) -> None:
    v = validator(make_project, "  - {id: size, kind: deck_size, max: 99, message: M.}\n")
    twenty = "".join(f"1 Nobody {i}\n" for i in range(20))
    assert [x["kind"] for x in verdict(v, twenty)] == ["unknown_card"] * 20
    found = verdict(v, twenty + "Nobody 20\n4 Nobody 21\n")
    assert found[20] == violation(
        rule="unknown-card",
        code="DK001",
        kind="unknown_card",
        message="and 2 more unknown card names from this line on (the first 20 are named above)",
        actual=5,
        line=21,
        col=1,
    )
    assert len(found) == 21


def test_a_report_carries_the_deck_name_and_every_copy(make_project: Callable[..., Path]) -> None:
    v = validator(make_project, HEROES)
    report = v.validate(parse_text_deck("# game: tiny\n2 Fireball\n3 Nobody\n", "my-deck.txt"))
    assert report.as_json() | {"violations": None} == {
        "path": "my-deck.txt",
        "game": "tiny",
        "name": "my-deck",
        "legal": False,
        "card_count": 5,
        "violations": None,
    }


LISTED = "  - {id: few, kind: count, where: {type: spell}, max: 0, label: spells, message: M.}\n"


def test_a_long_listing_names_six_cards_and_counts_the_rest(
    make_project: Callable[..., Path],
) -> None:
    names = ["Spell A", "Spell B", "Spell C", "Spell D", "Spell E", "Spell F", "Spell G"]
    cards = "name,type,copies,power,school,level,text\nAria,hero,1,5,,,\n"
    cards += "".join(f"{name},spell,1,,fire,1,\n" for name in names)
    v = validator(make_project, LISTED, cards=cards)
    six = "".join(f"1 {name}\n" for name in names[:6])
    (found,) = verdict(v, six)
    shown = ", ".join(f"{name} ×1 (line {n})" for n, name in enumerate(names[:6], 1))
    assert found["message"] == f"6 spells ({shown}); at most 0 allowed (6 over: take out 6)"
    (found,) = verdict(v, six + "2 Spell G\n1 Spell A\n")
    shown = shown.replace("Spell A ×1 (line 1)", "Spell A ×2 (line 1, 8)")
    assert found["message"] == (
        f"9 spells ({shown}, and 1 more); at most 0 allowed (9 over: take out 9)"
    )


def test_a_deck_built_without_lines_lists_its_cards_without_lines(
    make_project: Callable[..., Path],
) -> None:
    v = validator(make_project, LISTED)
    deck = Deck(path="built", entries=(DeckEntry("Fireball", 2), DeckEntry("Ice Wall", 1)))
    (found,) = v.validate(deck).violations
    assert found.message == (
        "3 spells (Fireball ×2, Ice Wall ×1); at most 0 allowed (3 over: take out 3)"
    )
    assert (found.line, found.col) == (None, None)


TIERS = (
    TINY_GAME.split("types:")[0]
    + """\
types:
  hero:
    label: Hero
    fields:
      tier: {type: text, required: false, description: A hero's tier.}
  spell:
    label: Spell
    fields:
      tier: {type: int, min: -5, max: 20, description: A spell's tier.}
"""
)
TIER_CARDS = """\
name,type,copies,tier,text
Aria,hero,1,X2,
Borin,hero,1,,
Spark,spell,4,2,
Blaze,spell,4,10,
Chill,spell,4,-1,
"""


# where each tier's cards stand in DECK: (card, copies, line, column)
TIER_LINES = {
    "10": ("Blaze", 4, 1, 3),
    "None": ("Borin", 1, 2, 1),
    "2": ("Spark", 4, 3, 3),
    "-1": ("Chill", 4, 4, 3),
    "X2": ("Aria", 1, 5, 1),
}
DECK = "4 Blaze\nBorin\n4 Spark\n4 Chill\nAria\n"


@pytest.mark.parametrize(
    ("bound", "allowed", "limit", "groups"),
    [
        ("max: 1", "at most 1", 1, [("-1", 3), ("2", 3), ("10", 3)]),
        ("min: 3", "at least 3", 3, [("None", -2), ("X2", -2)]),
        ("exact: 2", "exactly 2", 2, [("-1", 2), ("2", 2), ("10", 2), ("None", -1), ("X2", -1)]),
    ],
)
def test_count_per_group_orders_groups_numbers_first_then_text(
    make_project: Callable[..., Path],
    bound: str,
    allowed: str,
    limit: int,
    groups: list[tuple[str, int]],
) -> None:
    rule = (
        "  - {id: per-tier, kind: count_per_group, where: {type: [hero, spell]}, group_by: tier,"
        f" {bound}, message: M.}}\n"
    )
    v = validator(make_project, rule, game=TIERS, cards=TIER_CARDS)
    expected = []
    for value, delta in groups:
        name, count, line, col = TIER_LINES[value]
        phrase = f"{delta} over: take out {delta}" if delta > 0 else f"{-delta} short: add {-delta}"
        expected.append(
            violation(
                rule="per-tier",
                code="DK104",
                kind="count_per_group",
                message=f"{count} cards with tier {value} ({name} ×{count} (line {line}));"
                f" {allowed} allowed per tier ({phrase})",
                actual=count,
                limit=limit,
                delta=delta,
                cards=[name],
                line=line,
                col=col,
                rule_message="M.",
            )
        )
    assert verdict(v, DECK) == expected


def test_required_cards_that_are_missing_are_counted_as_none(
    make_project: Callable[..., Path],
) -> None:
    rule = (
        "  - {id: needs, kind: required, cards: [Aria], any_of: [[Borin, Ice Wall]], message: M.}\n"
    )
    v = validator(make_project, rule)
    common = {"code": "DK105", "kind": "required", "rule": "needs", "rule_message": "M."}
    assert verdict(v, "2 Fireball\n") == [
        violation(message='required card "Aria" is missing', actual=0, **common),
        violation(
            message='one of "Borin", "Ice Wall" is required; none is in the deck',
            actual=0,
            **common,
        ),
    ]


def test_banned_by_selector_and_restricted_cards_each_say_so(
    make_project: Callable[..., Path],
) -> None:
    rules = (
        "  - {id: no-fire, kind: banned, where: {school: fire}, message: No fire.}\n"
        "  - {id: one-each, kind: banned, cards: [Frost Bolt, Ice Wall], restricted: true,"
        " message: One of each.}\n"
    )
    v = validator(make_project, rules)
    found = verdict(v, "1 Aria\n1 Frost Bolt\n2 Fireball\n2 Ice Wall\n")
    assert found == [
        violation(
            rule="no-fire",
            code="DK106",
            kind="banned",
            message='"Fireball" ×2 is banned (2 over: take out 2)',
            actual=2,
            limit=0,
            delta=2,
            cards=["Fireball"],
            line=3,
            col=3,
            rule_message="No fire.",
        ),
        violation(
            rule="one-each",
            code="DK106",
            kind="banned",
            message='"Ice Wall" ×2 is restricted to 1 copy (1 over: take out 1)',
            actual=2,
            limit=1,
            delta=1,
            cards=["Ice Wall"],
            line=4,
            col=3,
            rule_message="One of each.",
        ),
    ]
