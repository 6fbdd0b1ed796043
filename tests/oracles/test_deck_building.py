"""`cardgen validate --building` as docs/commands.md states it: a deck still short of cards
is a warning (exit 0) and every other finding stays. Every deck size from empty to past the
maximum, and a count rule over and under, with and without the flag."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

# The tiny game (tests/conftest.py): a deck holds 4 to 8 cards and exactly one Hero.
MIN, MAX = 4, 8


def verdict(run: Callable[..., Result], root: Path, text: str, *flags: str) -> tuple[int, dict]:
    deck = root / "deck.txt"
    deck.write_text("# game: tiny\n" + text, encoding="utf-8")
    result = run("validate", deck, "--project", root, "--format", "json", *flags)
    (report,) = json.loads(result.stdout)["decks"]
    return result.exit_code, {v["rule"]: v["severity"] for v in report["violations"]}


@pytest.mark.parametrize("size", range(1, MAX + 4))
def test_deck_size_short_is_a_warning_while_building_and_over_stays_an_error(
    make_project: Callable[..., Path], run: Callable[..., Result], size: int
) -> None:
    root = make_project()
    text = "1 Aria\n" + (f"{size - 1} Fireball\n" if size > 1 else "")
    plain = verdict(run, root, text)
    building = verdict(run, root, text, "--building")
    if MIN <= size <= MAX:
        assert plain == building == (0, {})
    elif size < MIN:
        assert plain == (1, {"deck-size": "error"})
        assert building == (0, {"deck-size": "warning"})
    else:
        assert plain == building == (1, {"deck-size": "error"})


@pytest.mark.parametrize(
    ("text", "plain", "building"),
    [
        ("4 Fireball\n", (1, {"one-hero": "error"}), (0, {"one-hero": "warning"})),
        ("1 Aria\n1 Borin\n4 Fireball\n", (1, {"one-hero": "error"}), (1, {"one-hero": "error"})),
        (
            "1 Aria\n1 Borin\n",
            (1, {"deck-size": "error", "one-hero": "error"}),
            (1, {"deck-size": "warning", "one-hero": "error"}),
        ),
    ],
)
def test_other_findings_keep_their_weight_while_building(
    make_project: Callable[..., Path],
    run: Callable[..., Result],
    text: str,
    plain: tuple[int, dict[str, str]],
    building: tuple[int, dict[str, str]],
) -> None:
    root = make_project()
    assert verdict(run, root, text) == plain
    assert verdict(run, root, text, "--building") == building
