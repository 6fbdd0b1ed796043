"""`cardgen check` on a game's components: each problem found at its line in game.yaml, the
sizes named in mm, and nothing on a good box. The examples of docs/components.md are valid
game.yaml."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from pydantic import TypeAdapter, ValidationError

from cardgen.check.game_checks import check_game
from cardgen.model.board import Board
from cardgen.model.components import Component
from cardgen.project import Project
from tests.conftest import ROOT

GAME = """\
id: box
name: Box
players: {min: 2, max: 4}
teams:
  - {id: red, label: Red, color: "#cc2222"}
types:
  hero: {label: Hero}
  place: {label: Place, back: place}
backs:
  place: {label: Box}
components:
{components}
"""
CARDS = "name,type,copies\nAria,hero,2\nHall,place,1\n"
HERO = "size: poker\nelements: {}\n"
PLACE = "size: 88mm x 63mm\nelements: {}\n"
COIN = "size: 25mm x 25mm\nelements: {}\n"
BACK = {"back-place": PLACE}


def check(make_project: Callable[..., Path], components: str, **files: str) -> list[str]:
    extra = {f"../../layouts/box/{name}.yaml": text for name, text in files.items()}
    root = make_project(GAME.replace("{components}", components), CARDS, game_id="box", extra=extra)
    return [str(f) for f in check_game(Project(root).game("box")) if f.code >= "SC5"]


def test_a_good_box_has_no_finding(make_project: Callable[..., Path]) -> None:
    components = (
        "  - {kind: token, id: coin, label: Coin, size: 25mm, front: coin, back: coin}\n"
        "  - {kind: die, id: d6, label: Die, sides: 6}\n"
        "  - {kind: piece, id: pawn, label: Pawn, owner: player}\n"
        "  - {kind: counter, id: score, label: Score, owner: team, min: 0}\n"
        "  - {kind: tuckbox, id: heroes, label: Hero box, where: {type: hero}}\n"
    )
    found = check(make_project, components, hero=HERO, place=PLACE, coin=COIN, **BACK)
    assert found == []


def test_each_problem_is_found_at_its_line(make_project: Callable[..., Path]) -> None:
    components = (
        "  - {kind: token, id: coin, label: Coin, size: 30mm, front: coins}\n"  # line 12
        "  - {kind: token, id: chit, label: Chit, size: 30mm, front: coin}\n"
        "  - {kind: token, id: star, label: Star, size: 20mm, shape: mask, mask: star.png}\n"
        "  - kind: die\n"
        "    id: d4\n"
        "    label: Die\n"
        "    sides: 4\n"
        "    faces: [{text: '1'}, {icon: swrod}, {image: art/none.png}, {text: '4'}]\n"
        "  - {kind: piece, id: pawn, label: Pawn, start: spawn}\n"
        "  - {kind: tuckbox, id: all, label: Box}\n"
    )
    found = check(make_project, components, hero=HERO, place=PLACE, coin=COIN, **BACK)
    path = "decks/box/game.yaml"
    expected = [
        f'{path}:12: SC701 components: layout "coins" is not in layouts/box/; did you mean "coin"?',
        f'{path}:13: SC702 components: layout "coin" is 25 x 25 mm but token "chit" is 30 x 30'
        " mm: give the layout `size: 30mm x 30mm`",
        f"{path}:14: SC703 components: star.png is not a file in the game folder",
        f"{path}:19: SC703 components: art/none.png is not a file in the game folder",
        f'{path}:20: SC705 components: piece "pawn" starts on a spawn, but the game has no'
        " board with a grid",
        f'{path}:21: SC706 components: tuck box "all" holds cards of 2 sizes (hero 63.5 x 88.9'
        " mm, place 88 x 63 mm): give each size a box of its own (`where`)",
    ]
    for line in expected:
        assert any(f.endswith(line.split(f"{path}:", 1)[1]) for f in found), (line, found)
    icon = [f for f in found if "SC704" in f]
    assert len(icon) == 1 and 'face 2 shows icon "swrod"' in icon[0] and ":19" in icon[0]


@pytest.mark.parametrize(
    ("component", "message"),
    [
        ("{kind: die, id: d, label: D, sides: 6, faces: [{text: a}]}", "a d6 has 6 faces, not 1"),
        ("{kind: counter, id: c, label: C, start: 5, max: 3}", "start 5 is outside"),
        ("{kind: token, id: t, label: T, size: 20mm, shape: mask}", "`shape: mask` and `mask`"),
        ("{kind: board, id: b, label: B}", "either `layout` or `grid`"),
        ("{kind: token, id: t, label: T, size: 0mm}", "not more than 0"),
        ("{kind: counter, id: c, label: C, owner: team}", None),
    ],
)
def test_a_component_that_cannot_be_is_refused_at_its_line(
    make_project: Callable[..., Path], component: str, message: str | None
) -> None:
    from cardgen.errors import CardgenError, InputErrors

    game = GAME.replace('teams:\n  - {id: red, label: Red, color: "#cc2222"}\n', "")
    root = make_project(game.replace("{components}", f"  - {component}\n"), CARDS, game_id="box")
    with pytest.raises((CardgenError, InputErrors)) as info:
        Project(root).game("box")
    text = str(info.value)
    assert "game.yaml:" in text
    assert message is None or message in text, text


def test_the_examples_of_the_components_page_are_valid() -> None:
    """Every YAML block of docs/components.md parses as what it shows: a component (or a
    list of them), `teams`, or a board file."""
    page = (ROOT / "docs" / "components.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", page, re.S)
    assert len(blocks) >= 8
    components = TypeAdapter(list[Component])
    for block in blocks:
        data = yaml.safe_load(block)
        try:
            if isinstance(data, dict) and "rows" in data:
                data.setdefault("kinds", {})
                Board.model_validate(data)
            elif isinstance(data, dict) and "teams" in data:
                assert [t["id"] for t in data["teams"]]
            else:
                components.validate_python(data if isinstance(data, list) else [data])
        except ValidationError as exc:  # pragma: no cover - the message is the point
            raise AssertionError(f"{block}\n{exc}") from None


def test_every_component_code_is_documented() -> None:
    source = (ROOT / "cardgen" / "check" / "component_checks.py").read_text(encoding="utf-8")
    codes = sorted(set(re.findall(r'"(SC7\d\d)"', source)))
    assert codes == [f"SC70{n}" for n in range(1, 7)]
    docs = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert all(f"| {code} |" in docs for code in codes), codes
