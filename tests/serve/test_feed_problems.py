"""What the served page's banner is told of a build that failed: each problem's place as
`cardgen build` prints it, its column kept (`file:line:column`, a spreadsheet's cell), and
its message without that place again; a misspelt kind is the one-line did-you-mean that
`cardgen check` gives."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from cardgen.build import build_game
from cardgen.errors import CardgenError, Location
from cardgen.project import Project
from cardgen.serve.app import problems_of
from cardgen.serve.feed import Problem
from tests.conftest import TINY_GAME


def _served(root: Path) -> list[dict[str, object]]:
    """The problems of a build of the tiny game, as `/api/state` shows them."""
    outcome = build_game(Project(root), "tiny")
    assert not outcome.ok
    return [p.as_json() for p in problems_of(outcome)]


def _cli_errors(run: Callable[..., Result], root: Path) -> list[str]:
    lines = run("build", "tiny", "--project", root).stderr.splitlines()
    return [line.removeprefix("error: ") for line in lines if line.startswith("error: ")]


def test_a_finding_with_a_column_keeps_it_and_says_its_place_once(
    make_project: Callable[..., Path], run: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_project(TINY_GAME.replace("players: {min: 2, max: 2}", "players: {min: 3, max: 2}"))
    monkeypatch.chdir(root)
    [problem] = _served(root)
    [line] = _cli_errors(run, root)
    assert line.startswith("decks/tiny/game.yaml:3:10: SC409 ")
    assert problem == {
        "file": "decks/tiny/game.yaml",
        "line": 3,
        "col": 10,
        "where": "decks/tiny/game.yaml:3:10",
        "message": line.removeprefix("decks/tiny/game.yaml:3:10: "),
    }
    assert "game.yaml" not in str(problem["message"])  # the place is not said twice


def test_a_load_error_keeps_its_column_and_a_misspelt_kind_is_a_did_you_mean(
    make_project: Callable[..., Path], run: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    layout = "elements:\n  badge:\n    kind: txet\n    text: hi\n"
    root = make_project(extra={"../../layouts/tiny/hero.yaml": layout})
    monkeypatch.chdir(root)
    [problem] = _served(root)
    assert [f"{problem['where']}: {problem['message']}"] == _cli_errors(run, root)
    assert problem == {
        "file": "layouts/tiny/hero.yaml",
        "line": 3,
        "col": 5,
        "where": "layouts/tiny/hero.yaml:3:5",
        "message": 'element badge: unknown kind "txet"; did you mean "text"?',
    }


def test_an_error_the_build_raised_keeps_its_place_whole() -> None:
    cell = Problem.of(CardgenError("not a number", Location("cards.xlsx", 4, 3, "Cards")))
    assert cell.as_json() == {
        "file": "cards.xlsx",
        "line": 4,
        "col": 3,
        "where": "cards.xlsx:Cards!C4",
        "message": "not a number",
    }
    assert Problem.of(CardgenError("no game")).as_json()["where"] is None
