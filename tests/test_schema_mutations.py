"""Files changed at random, and each schema against cardgen on the result: a document
cardgen reads passes its schema, one it refuses for its structure (an unknown or missing
key, a value of the wrong type, a value not among those allowed) fails it, so that the
schemas are neither stricter than cardgen nor a `{}` that passes anything.

The documents are the shipped games, deck lists, layouts and YAML pools, and the schemas'
examples; a change adds a key, removes one, or puts another value anywhere in them.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.load.yaml import load_yaml
from cardgen.model.game import Game
from cardgen.project import Project
from cardgen.schema import json_schema
from cardgen.schema_examples import CARDS, DECKS, GAME, LAYOUTS
from tests.conftest import ROOT
from tests.schema_verdicts import (
    OK,
    OTHER,
    STRUCTURAL,
    as_json,
    problems,
    validator,
    validator_of,
    verdict,
)

Path_ = tuple[str | int, ...]


@functools.cache
def documents(kind: str) -> list[tuple[str | None, Any]]:
    """(game id for a pool, data) of every document of a kind to change."""
    patterns = {
        "game": "decks/*/game.yaml",
        "deck": "decks/*/decks/*.y*ml",
        "layout": "layouts/*/*.y*ml",
        "cards": "decks/*/cards.y*ml",
    }
    found: list[tuple[str | None, Any]] = [
        (path.parent.name if kind == "cards" else None, as_json(load_yaml(path).data))
        for path in sorted(ROOT.glob(patterns[kind]))
    ]
    if kind == "cards":  # a few cards of each pool: a change is to one of them
        found = [(game, {**data, "cards": data["cards"][:4]}) for game, data in found]
    if kind == "layout":
        found += [(None, as_json(load_yaml(p).data)) for p in (ROOT / "cardgen/layouts").glob("*")]
    examples = {"game": [GAME], "deck": DECKS, "layout": list(LAYOUTS.values()), "cards": [CARDS]}
    found += [(GAME["id"] if kind == "cards" else None, doc) for doc in examples[kind]]
    return found


@functools.cache
def game_of(game_id: str) -> Game:
    return Game.model_validate(GAME) if game_id == GAME["id"] else Project(ROOT).definition(game_id)


@functools.cache
def checker(kind: str, game_id: str | None) -> Any:
    return validator_of(json_schema(kind, game_of(game_id))) if game_id else validator(kind)


@functools.cache
def key_names(kind: str) -> list[str]:
    """Every key the schema of a kind names, and some it does not."""
    names: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            names.update(node.get("properties", {}))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json_schema(kind))
    return [*sorted(names), "colour", "Name", "notes", "kind ", ""]


def paths(node: Any, path: Path_ = ()) -> list[Path_]:
    """The path of every value in a document, the document itself first."""
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += paths(value, (*path, index))
    return found


WORDS = ["", "3", " 2 ", "2.5", "-1", "yes", "off", "12mm", "100% - 1in", "3 furlongs", "#fff"]
WORDS += ["#ff00zz", "red", "Navy", "{name}", "{nmae", "{{sun}}", "poker", "63mm x 88mm", "x"]
WORDS += ["base", "builtin:card", "rect", "text", "star", "int", "choice", "deck_size", "2d6"]
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 20),
    st.integers(-(10**13), 10**13),
    st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
    st.sampled_from(WORDS),
    st.text(max_size=6),
)


def values(kind: str) -> st.SearchStrategy[Any]:
    return st.recursive(
        SCALARS,
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(st.sampled_from(key_names(kind)), inner, max_size=3)
        ),
        max_leaves=5,
    )


def alike(value: Any) -> st.SearchStrategy[Any]:
    """Another value of the same kind as `value`: most such changes are read."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        low = value - 2 if value < 0 else max(0, value - 2)  # hex offsets are negative
        return st.integers(low, value + 2)
    if isinstance(value, str):
        return st.sampled_from([value, f"{value} ", f"{value}x", value.upper(), value[:1]])
    return st.just(copy.deepcopy(value))


def changed(data: Any, draw: Any, kind: str) -> Any:
    """`data` with one change at a random place: a key added or removed, a value put, or
    a value changed to another of its kind."""
    result = copy.deepcopy(data)
    where = draw(st.sampled_from(paths(result)))
    parent: Any = None
    node = result
    for step in where:
        parent, node = node, node[step]
    how = draw(st.sampled_from(["put", "add", "remove", "alike"]))
    if how == "alike" and where:
        parent[where[-1]] = draw(alike(node))
    elif how == "add" and isinstance(node, dict):
        node[draw(st.sampled_from(key_names(kind)))] = draw(values(kind))
    elif how == "remove" and where and isinstance(parent, dict):
        del parent[where[-1]]
    elif where:
        parent[where[-1]] = draw(values(kind))
    else:
        result = draw(values(kind))
    return result


def check_one(kind: str, draw: Any) -> str:
    game_id, data = draw(st.sampled_from(documents(kind)))
    mutant = changed(data, draw, kind)
    taken = verdict(kind, mutant, game_of(game_id) if game_id else None)
    found = problems(checker(kind, game_id), mutant)
    if taken == OK:
        assert found == [], f"cardgen reads {mutant!r:.300}; the schema says {found}"
    elif taken == STRUCTURAL:
        assert found, f"cardgen refuses the structure of {mutant!r:.300}; the schema passes it"
    if kind == "deck" and taken != OTHER:  # a deck list has little a schema cannot say
        assert (taken == OK) == (found == [])
    return taken


EXAMPLES = {"game": 100, "deck": 100, "layout": 120, "cards": 100}


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_a_changed_document_and_its_schema_agree(kind: str) -> None:
    taken: list[str] = []

    @settings(
        max_examples=EXAMPLES[kind],
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.data())
    def check(data: st.DataObject) -> None:
        taken.append(check_one(kind, data.draw))

    check()
    assert OK in taken and STRUCTURAL in taken, taken  # both sides were tried
