"""The five published rule texts hold their numbers against the data (TX602, issue 35 item 4):
for each change of an example game's data written here, the published text linted against
the changed data has a TX602 on the line that states the old number; against the unchanged
data it has none."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.check.lint import lint_documents
from cardgen.load.game import GamePack
from cardgen.project import open_project
from tests.check.example_copies import copy_pack, planted_copy
from tests.check.test_lint_claims import PUBLISHED, RULE_TEXTS
from tests.skips import require_path

CHANGES = [
    # (game, what is changed in game.yaml: old -> new, a line of the text stating the old number)
    ("shards", ("    max: 9\n    label: Signed", "    max: 8\n    label: Signed"), "9 x Signed"),
    ("shards", ("group_by: bonus\n    max: 5", "group_by: bonus\n    max: 4"), "5 x Ally (+2)"),
    ("shards", ("kind: deck_size\n    max: 52", "kind: deck_size\n    max: 50"), "maximum of 52"),
    ("shards", ("  hand: 5", "  hand: 6"), "draw 5 cards into their hand"),
    ("shards", ("  hand: 5", "  hand: 6"), "maximum hand size of 5"),
    ("shards", ("players: {min: 2, max: 4}", "players: {min: 3, max: 4}"), "two or more players"),
    (
        "shards",
        ("where: {type: persona}\n    exact: 1", "where: {type: persona}\n    exact: 2"),
        "made from 1 Persona",
    ),
    ("shards", ("variant: signed}, count: 9}", "variant: signed}, count: 8}"), "9 x Signable"),
    ("splatterkins", ("inspiration: {max: 2}", "inspiration: {max: 3}"), "a max of 2 Inspiration"),
    ("splatterkins", ("inspiration: {max: 2}", "inspiration: {max: 3}"), "up to 2 Inspiration"),
    (
        "splatterkins",
        (
            "max: 20\n        label: Inspiration\n        description: Starting",
            "max: 25\n        label: Inspiration\n        description: Starting",
            "require: {inspiration: {max: 20}}",
            "require: {inspiration: {max: 25}}",
        ),
        "a max of 20 Inspiration",
    ),
    ("splatterkins", ("  hand: 5", "  hand: 6"), "until they have 5 cards"),
    ("splatoon", ("  hand: 3", "  hand: 4"), "Grab 3 Weapon Cards"),
    ("splatoon", ("players: {min: 2, max: 4}", "players: {min: 2, max: 3}"), "2 or 4 players"),
    ("blublers", ("count: 7, face_up", "count: 8, face_up"), "pioches de 7 cartes"),
    (
        "blublers",
        ("players_max: 2, cards_each: 20", "players_max: 2, cards_each: 18"),
        "2 joueurs : 20 cartes",
    ),
    (
        "blublers",
        ("players_max: 4, cards_each: 10", "players_max: 4, cards_each: 12"),
        "3 à 8 joueurs : 10 cartes",
    ),
    ("blublers", ("players: {min: 2, max: 8}", "players: {min: 2, max: 6}"), "de 5 à 8 joueurs"),
    ("yokai-sketch", ("  hand: 3", "  hand: 4"), "deal three to each player"),
    (
        "yokai-sketch",
        ("where: {type: yokai}, count: 20}", "where: {type: yokai}, count: 24}"),
        "20 Yokai cards",
    ),
]
"""Each change of the data, and the line of the published text that states the old number."""


def text_of(game: str) -> Path:
    """The published rule text of an example game (skipped, or failed on CI, when absent)."""
    return require_path(RULE_TEXTS / PUBLISHED[game], "the shared rule texts")


def line_holding(path: Path, needle: str) -> int:
    """The 1-based line of the text that holds `needle` (the last such line: the caps list
    comes after the starter decks' list)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [n for n, line in enumerate(lines, start=1) if needle in line]
    assert found, needle
    return found[-1]


def changed_pack(root: Path, game: str, edit: tuple[str, ...]) -> GamePack:
    """The example game copied with, for each pair `old, new` of `edit`, every `old` of its
    game.yaml replaced by `new`."""
    planted_copy(root, game)
    path = root / "decks" / game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in zip(edit[::2], edit[1::2], strict=True):
        assert old in text, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return open_project(root).game(game)


@pytest.mark.parametrize(("game", "edit", "needle"), CHANGES, ids=[c[2] for c in CHANGES])
def test_changed_data_is_caught_where_the_text_states_it(
    tmp_path: Path, game: str, edit: tuple[str, ...], needle: str
) -> None:
    path = text_of(game)
    pack = changed_pack(tmp_path, game, edit)
    found = lint_documents(pack, [path], select=["TX602"])
    assert line_holding(path, needle) in [f.line for f in found], found


@pytest.mark.parametrize("game", sorted(PUBLISHED))
def test_unchanged_data_holds(game: str, tmp_path: Path) -> None:
    path = text_of(game)
    pack = copy_pack(tmp_path, game)
    assert lint_documents(pack, [path], select=["TX602", "TX603", "TX604"]) == []
