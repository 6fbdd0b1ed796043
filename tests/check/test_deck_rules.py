"""Each rule kind, on a tiny game written for the case."""

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.check.deck_rules import DeckValidator
from cardgen.check.findings import DeckReport
from cardgen.errors import InputErrors
from cardgen.load.decklist import parse_text_deck
from cardgen.project import Project
from tests.conftest import TINY_CARDS, TINY_GAME

RULES = {
    "deck_size": "  - {id: size, kind: deck_size, min: 4, max: 8, message: 4 to 8 cards.}\n",
    "count": "  - {id: one-hero, kind: count, where: {type: hero}, exact: 1, label: Heroes,"
    " message: One Hero.}\n",
    "count_per_group": "  - {id: per-level, kind: count_per_group, where: {type: spell},"
    " group_by: level, max: 3, label: spells, message: 3 spells per level.}\n",
    "copies": "  - {id: copies, kind: copies, max: 2, exempt: {school: ice},"
    " overrides: {Fireball: 3}, message: Two copies at most.}\n",
    "required": "  - {id: needs, kind: required, cards: [Aria], any_of: [[Fireball, Ice Wall]],"
    " message: Aria and a big spell.}\n",
    "banned": "  - {id: ban, kind: banned, cards: [Borin], message: Borin is banned.}\n",
    "restricted": "  - {id: restrict, kind: banned, cards: [Ice Wall], restricted: true,"
    " message: One Ice Wall.}\n",
}


def validator(make_project: Callable[..., Path], *kinds: str) -> DeckValidator:
    head = TINY_GAME.split("deck_rules:")[0]
    game = head + "deck_rules:\n" + "".join(RULES[k] for k in kinds)
    return DeckValidator(Project(make_project(game)).game("tiny"))


def judge(v: DeckValidator, text: str, *, building: bool = False) -> DeckReport:
    return v.validate(parse_text_deck(text, "d.txt"), building=building)


def test_deck_size_over_and_under(make_project: Callable[..., Path]) -> None:
    v = validator(make_project, "deck_size")
    over = judge(v, "1 Aria\n4 Fireball\n4 Frost Bolt\n")
    (found,) = over.violations
    assert (found.rule, found.code, found.actual, found.limit, found.delta) == (
        "size",
        "DK101",
        9,
        8,
        1,
    )
    assert "9 cards; at most 8 allowed (1 over: take out 1)" in found.message
    short = judge(v, "1 Aria\n2 Fireball\n")
    assert short.violations[0].delta == -1 and not short.legal
    assert judge(v, "1 Aria\n3 Fireball\n").legal


def test_building_mode_keeps_other_findings(make_project: Callable[..., Path]) -> None:
    v = validator(make_project, "deck_size", "count")
    report = judge(v, "1 Aria\n1 Borin\n", building=True)
    kinds = {(x.rule, x.severity) for x in report.violations}
    assert kinds == {("size", "warning"), ("one-hero", "error")}
    assert not report.legal
    assert judge(v, "1 Aria\n1 Fireball\n", building=True).legal


def test_count_names_the_cards_and_lines(make_project: Callable[..., Path]) -> None:
    v = validator(make_project, "count")
    (found,) = judge(v, "1 Aria\n2 Fireball\n1 Borin\n").violations
    assert (found.actual, found.limit, found.delta) == (2, 1, 1)
    assert found.cards == ("Aria", "Borin")
    assert found.line == 1
    assert "Aria ×1 (line 1), Borin ×1 (line 3)" in found.message
    (missing,) = judge(v, "2 Fireball\n").violations
    assert missing.delta == -1 and "(1 short: add 1)" in missing.message


def test_count_per_group_reports_each_group(make_project: Callable[..., Path]) -> None:
    v = validator(make_project, "count_per_group")
    report = judge(v, "1 Aria\n4 Fireball\n2 Frost Bolt\n2 Frost Bolt\n")
    assert [(x.actual, x.limit) for x in report.violations] == [(4, 3), (4, 3)]
    assert "level 1" in report.violations[0].message
    assert "level 2" in report.violations[1].message
    assert report.violations[0].line == 3


def test_copies_with_exemption_and_override(make_project: Callable[..., Path]) -> None:
    v = validator(make_project, "copies")
    assert judge(v, "3 Fireball\n5 Frost Bolt\n").legal
    (found,) = judge(v, "4 Fireball\n3 Aria\n").violations[:1]
    assert found.actual == 4 and found.limit == 3
    report = judge(v, "4 Fireball\n3 Aria\n")
    assert {x.cards for x in report.violations} == {("Fireball",), ("Aria",)}


def test_required_cards_and_any_of(make_project: Callable[..., Path]) -> None:
    v = validator(make_project, "required")
    report = judge(v, "2 Frost Bolt\n")
    assert [x.message for x in report.violations] == [
        'required card "Aria" is missing',
        'one of "Fireball", "Ice Wall" is required; none is in the deck',
    ]
    assert judge(v, "1 Aria\n1 Ice Wall\n").legal


def test_banned_and_restricted(make_project: Callable[..., Path]) -> None:
    v = validator(make_project, "banned", "restricted")
    report = judge(v, "1 Borin\n2 Ice Wall\n")
    assert [(x.rule, x.actual, x.limit) for x in report.violations] == [
        ("ban", 1, 0),
        ("restrict", 2, 1),
    ]
    assert report.violations[0].line == 1
    assert judge(v, "1 Aria\n1 Ice Wall\n").legal


def test_unknown_card_did_you_mean_and_rules_still_run(make_project: Callable[..., Path]) -> None:
    v = validator(make_project, "count")
    report = judge(v, "1 Aira\n3 Firebal\n")
    unknown = [x for x in report.violations if x.code == "DK001"]
    assert [(x.suggestion, x.line, x.col) for x in unknown] == [("Aria", 1, 3), ("Fireball", 2, 3)]
    assert 'did you mean "Aria"?' in unknown[0].message
    assert any(x.rule == "one-hero" for x in report.violations)


def test_unknown_names_past_the_first_twenty_are_counted_in_one_line(
    make_project: Callable[..., Path],
) -> None:
    v = validator(make_project, "deck_size")
    names = "".join(f"2 Nobody {i}\n" for i in range(50_000))
    started = time.process_time()  # CPU time: a busy machine does not make it fail
    report = judge(v, "1 Aria\n" + names)
    assert time.process_time() - started < 3.0  # a did-you-mean each took 27 s for Shards
    unknown = [x for x in report.violations if x.code == "DK001"]
    assert [x.line for x in unknown] == [*range(2, 22), 22]
    assert unknown[19].message == 'unknown card "Nobody 19" in Tiny Game'
    assert unknown[20].message == (
        "and 49,980 more unknown card names from this line on (the first 20 are named above)"
    )
    assert unknown[20].actual == 2 * 49_980 and unknown[20].col == 3
    assert [x.rule for x in report.violations[21:]] == ["size"]


def test_a_line_that_is_a_whole_card_name_is_that_card(make_project: Callable[..., Path]) -> None:
    cards = TINY_CARDS + "Agent X2,spell,1,,fire,1,\n3 Wishes,spell,1,,ice,1,\n"
    cards += "Agent,spell,4,,ice,1,\n"
    pack = Project(make_project(cards=cards)).game("tiny")
    deck = parse_text_deck("Agent X2\nAgent x3\n3 Wishes\n2 Agent X2\n1 Agent x2\n", "d.txt")
    read = [(e.name, e.count, e.col, card and card.name) for e, card in pack.entries_of(deck)]
    assert read == [
        ("Agent X2", 1, 1, "Agent X2"),
        ("Agent", 3, 1, "Agent"),
        ("3 Wishes", 1, 1, "3 Wishes"),
        ("Agent X2", 2, 3, "Agent X2"),
        ("Agent x2", 1, 3, "Agent X2"),  # the count first: the rest is the name
    ]
    report = DeckValidator(pack).validate(deck)
    assert report.card_count == 8 and not [x for x in report.violations if x.code == "DK001"]


def test_all_violations_collected(make_project: Callable[..., Path]) -> None:
    v = validator(make_project, *RULES)
    report = judge(v, "1 Aria\n1 Borin\n5 Fireball\n3 Ice Wall\n9 Nobody\n")
    rules = [x.rule for x in report.violations]
    assert rules == ["unknown-card", "size", "one-hero", "per-level", "copies", "ban", "restrict"]


def test_repeated_lines_add_up(make_project: Callable[..., Path]) -> None:
    v = validator(make_project, "copies")
    (found,) = judge(v, "2 Fireball\n2 Fireball\n").violations
    assert found.actual == 4 and "line 1, 2" in found.message


@pytest.mark.parametrize("selector", ["{type: spell, level: [2, 3]}", "{school: [fire]}"])
def test_list_selectors(make_project: Callable[..., Path], selector: str) -> None:
    head = TINY_GAME.split("deck_rules:")[0]
    game = head + (
        "deck_rules:\n  - {id: big, kind: count, where: "
        + selector
        + ", max: 1, message: One big spell.}\n"
    )
    v = DeckValidator(Project(make_project(game)).game("tiny"))
    assert not judge(v, "2 Fireball\n").legal
    assert judge(v, "4 Frost Bolt\n1 Fireball\n").legal


def test_printing_a_list_of_unknown_names_names_twenty(make_project: Callable[..., Path]) -> None:
    pack = Project(make_project()).game("tiny")
    deck = parse_text_deck("1 Aria\n" + "".join(f"1 Firebal {i}\n" for i in range(30)), "d.txt")
    with pytest.raises(InputErrors) as info:
        pack.deck_counts(deck)
    messages = [e.format_message() for e in info.value.errors]
    assert len(messages) == 21
    assert messages[0] == 'd.txt:2:3: unknown card "Firebal 0"; did you mean "Fireball"?'
    assert messages[20] == (
        "d.txt:22:3: and 10 more unknown card names from this line on (the first 20 are named"
        " above)"
    )
