"""`cardgen check`: each kind of pool check finds what it should, and only that."""

import json
from collections.abc import Callable
from pathlib import Path

from cardgen.check.board_checks import reachable
from cardgen.check.game_checks import check_game
from cardgen.model.board import Board
from cardgen.project import Project

GAME = """\
id: mini
name: Mini
players: {min: 2, max: 2}
types:
  kin:
    label: Kin
    fields:
      stage: {type: choice, choices: [doodle, original, revision], description: Stage.}
      line: {type: text, description: Upgrade line.}
      ink: {type: int, min: 0, max: 9, description: Inspiration.}
      color: {type: choice, choices: [red, blue], description: Colour.}
      partner: {type: card, required: false, description: Twin partner.}
      number: {type: int, required: false, description: Serial number.}
    constraints:
      - id: doodle-bounds
        when: {stage: doodle}
        require: {ink: {max: 2}, color: {one_of: [red]}}
        message: A Doodle has at most 2 and is red.
checks:
  - {kind: link, id: revision-has-original, where: {stage: revision}, field: line,
     target: {stage: original}, message: Every Revision has an Original.}
  - {kind: pairs, id: twins, where: {line: Twin}, field: partner, message: Twins pair up.}
  - {kind: grid, id: colours, where: {stage: original}, fields: [color], each: 1,
     message: One Original per colour.}
  - {kind: unique, id: numbers, where: {}, field: number, message: Numbers differ.}
box:
  total: 5
  contents:
    - {label: Doodles, where: {stage: doodle}, count: 1}
"""

GOOD = """\
name,type,copies,stage,line,ink,color,partner,number
Bub (Doodle),kin,1,doodle,Bub,1,red,,1
Bub,kin,1,original,Bub,3,red,,2
Bub (Revision),kin,1,revision,Bub,6,red,,3
Left,kin,1,original,Twin,3,blue,Right,4
Right,kin,1,revision,Twin,3,blue,Left,5
"""


def findings(make_project: Callable[..., Path], cards: str, game: str = GAME) -> list[str]:
    pack = Project(make_project(game, cards, game_id="mini")).game("mini")
    return [f"{f.check}:{f.card}" for f in check_game(pack)]


def test_good_pool_is_clean(make_project: Callable[..., Path]) -> None:
    assert findings(make_project, GOOD) == []


def test_constraint_bounds(make_project: Callable[..., Path]) -> None:
    bad = GOOD.replace(
        "Bub (Doodle),kin,1,doodle,Bub,1,red", "Bub (Doodle),kin,1,doodle,Bub,3,blue"
    )
    found = findings(make_project, bad)
    assert found.count("doodle-bounds:Bub (Doodle)") == 2


def test_link_missing_original(make_project: Callable[..., Path]) -> None:
    bad = GOOD.replace("Bub (Revision),kin,1,revision,Bub,", "Bub (Revision),kin,1,revision,Bab,")
    assert "revision-has-original:Bub (Revision)" in findings(make_project, bad)


def test_pairs_must_point_back(make_project: Callable[..., Path]) -> None:
    bad = GOOD.replace("blue,Left,5", "blue,Bub,5")
    found = findings(make_project, bad)
    assert "twins:Left" in found and "twins:Right" in found


def test_card_reference_must_exist(make_project: Callable[..., Path]) -> None:
    bad = GOOD.replace("blue,Left,5", "blue,Lefty,5")
    assert "card-reference:Right" in findings(make_project, bad)


def test_grid_missing_and_doubled(make_project: Callable[..., Path]) -> None:
    bad = GOOD.replace("Left,kin,1,original,Twin,3,blue", "Left,kin,1,original,Twin,3,red")
    found = findings(make_project, bad)
    assert "colours:Bub" in found  # red twice
    assert "colours:None" in found  # no blue at all


def test_unique_numbers(make_project: Callable[..., Path]) -> None:
    bad = GOOD.replace("blue,Left,5", "blue,Left,4")
    assert "numbers:Right" in findings(make_project, bad)


def test_box_total_and_contents(make_project: Callable[..., Path]) -> None:
    bad = GOOD.replace("Bub (Doodle),kin,1,", "Bub (Doodle),kin,2,")
    found = findings(make_project, bad)
    assert "box-total:None" in found and "box-contents:None" in found


def test_box_decks_must_add_up(make_project: Callable[..., Path]) -> None:
    game = GAME.replace("box:\n", "box:\n  decks: [decks/a.txt, decks/b.txt]\n")
    root = make_project(
        game,
        GOOD,
        game_id="mini",
        extra={
            "decks/a.txt": "1 Bub (Doodle)\n1 Bub\n1 Bub (Revision)\n",
            "decks/b.txt": "1 Left\n1 Rigth\n",
        },
    )
    pack = Project(root).game("mini")
    found = {(f.code, f.card) for f in check_game(pack)}
    assert ("SC203", None) in found  # the unknown name in deck b
    assert ("SC205", "Right") in found  # Right is in the pool but in no deck


KINDS = {
    "ground": {"fill": "#4a4d55"},
    "medium": {"fill": "#8a8e98", "height": 1},
    "tall": {"fill": "#c9ccd3", "height": 2},
    "blocked": {"fill": "#111111", "height": None},
    "spawn-green": {"fill": "#ffffff", "height": 1, "team": "green"},
    "spawn-purple": {"fill": "#ffffff", "height": 1, "team": "purple"},
}
KINDS_YAML = "kinds:\n" + "".join(f"  {kind}: {json.dumps(spec)}\n" for kind, spec in KINDS.items())
TEAMS_YAML = (
    "teams:\n  - {id: green, label: Green, color: '#3fbf3f'}\n"
    "  - {id: purple, label: Purple, color: '#9b3fd1'}\n"
)


def board(rows: list[str]) -> Board:
    legend = {
        "g": "ground",
        "m": "medium",
        "t": "tall",
        "#": "blocked",
        "G": "spawn-green",
        "P": "spawn-purple",
    }
    return Board.model_validate({"name": "b", "kinds": KINDS, "legend": legend, "rows": rows})


def test_reachable_climbs_one_step_at_a_time() -> None:
    cells = board(["G g t", "g # -", "P g m"]).cells()
    # Odd-r rows in axial (q, r): row 0 is q 0..2, row 1 q 0..1 (and a gap), row 2 q -1..1.
    assert cells == {
        (0, 0): "spawn-green",
        (1, 0): "ground",
        (2, 0): "tall",
        (0, 1): "ground",
        (1, 1): "blocked",
        (-1, 2): "spawn-purple",
        (0, 2): "ground",
        (1, 2): "medium",
    }
    start = [pos for pos, kind in cells.items() if kind == "spawn-green"]
    # From the green spawn (height 1): down to both grounds, from (0, 1) up to the purple
    # spawn and on to (0, 2), then up to the medium. Not the tall: its only walkable
    # neighbour is the ground at (1, 0), two steps below it. Never the blocked cell.
    whole = board(["G g t", "g # -", "P g m"])
    assert reachable(whole, start) == {(0, 0), (1, 0), (0, 1), (-1, 2), (0, 2), (1, 2)}
    ground_only = board(["g t"])
    assert reachable(ground_only, [(0, 0)]) == {(0, 0)}
    ramp = board(["g m t"])
    assert reachable(ramp, [(0, 0)]) == set(ramp.cells())
    assert reachable(ramp, [(2, 0)]) == set(ramp.cells())


def test_board_checks(make_project: Callable[..., Path]) -> None:
    game = GAME + TEAMS_YAML + "components:\n"
    game += "  - {kind: board, id: arena, label: Arena, grid: board.yaml, spawns_per_team: 2}\n"
    legend = (
        KINDS_YAML + "legend: {g: ground, t: tall, '#': blocked, G: spawn-green, P: spawn-purple}\n"
    )
    good = "name: b\n" + legend + "rows:\n  - G G g\n  - g # g\n  - g P P\n"
    root = make_project(game, GOOD, game_id="mini", extra={"board.yaml": good})
    assert check_game(Project(root).game("mini")) == []
    bad = "name: b\n" + legend + "rows:\n  - G g t\n  - g # g\n  - g P P\n"
    root2 = make_project(game, GOOD, game_id="mini", extra={"board.yaml": bad})
    found = [(f.code, f.message) for f in check_game(Project(root2).game("mini"))]
    assert ("SC301", "green has 1 spawn cells; each team needs 2") in found
    assert any(code == "SC302" and "1 cells cannot be reached" in m for code, m in found)


def test_link_never_matches_missing_values(make_project: Callable[..., Path]) -> None:
    game = GAME.replace(
        "line: {type: text, description: Upgrade line.}",
        "line: {type: text, required: false, description: Upgrade line.}",
    )
    bad = GOOD.replace("Bub (Revision),kin,1,revision,Bub,", "Bub (Revision),kin,1,revision,,")
    bad = bad.replace("Left,kin,1,original,Twin,", "Left,kin,1,original,,")
    assert "revision-has-original:Bub (Revision)" in findings(make_project, bad, game)


def test_unique_skips_cards_without_the_field(make_project: Callable[..., Path]) -> None:
    cards = GOOD.replace(",,1\n", ",,\n").replace(",,2\n", ",,\n")
    assert [f for f in findings(make_project, cards) if f.startswith("numbers")] == []


def test_grid_over_a_non_choice_field_is_refused(make_project: Callable[..., Path]) -> None:
    import pytest

    from cardgen.errors import CardgenError

    for fields, message in (("[ink]", '"ink" is not one'), ("[colour]", 'did you mean "color"')):
        game = GAME.replace("fields: [color], each: 1", f"fields: {fields}, each: 1")
        with pytest.raises(CardgenError, match=message) as info:
            Project(make_project(game, GOOD, game_id="mini")).game("mini")
        assert "game.yaml:23:" in info.value.format_message()


def test_setup_pile_must_match_cards(make_project: Callable[..., Path]) -> None:
    game = (
        GAME
        + "setup:\n  piles:\n"
        + "    - {id: odd, label: Odd, where: {color: red, stage: revision, ink: 9}}\n"
    )
    assert "setup-piles:None" in findings(make_project, GOOD, game)


def test_board_token_error_names_its_row(make_project: Callable[..., Path]) -> None:
    import pytest

    from cardgen.errors import CardgenError

    game = GAME + "components:\n  - {kind: board, id: arena, label: Arena, grid: board.yaml}\n"
    board_yaml = "name: b\nkinds: {ground: {fill: '#444444'}}\nlegend: {g: ground}\n"
    board_yaml += "rows:\n  - g g\n  - g q\n"
    root = make_project(game, GOOD, game_id="mini", extra={"board.yaml": board_yaml})
    with pytest.raises(CardgenError, match=r'board.yaml:6:5: token "q" is not in the legend'):
        check_game(Project(root).game("mini"))


BOX_GAME = GAME.replace(
    "box:\n  total: 5\n  contents:\n    - {label: Doodles, where: {stage: doodle}, count: 1}\n",
    "box:\n  description: One box of five.\n  total: 5\n  contents:\n"
    "    - {label: Doodles, where: {stage: doodle}, count: 1}\n"
    "    - label: Originals\n      where: {stage: original}\n      count: 2\n"
    "  decks: [decks/a.txt, decks/b.yaml]\n  deck_contents:\n"
    "    - {label: Revisions, where: {stage: revision}, count: 1}\n",
)
DECK_A = "# game: mini\nDoodles:\n1 Bub (Doodle)\n\nRevisions:\n1 Bub (Revision)\n1 Right\n"
DECK_B = "game: mini\ncards:\n  - {name: Bub, count: 1}\n  - name: Left\n    count: 1\n"


def _line_of(text: str, part: str) -> int:
    """The 1-based line of `text` on which `part` stands."""
    return next(n for n, line in enumerate(text.split("\n"), 1) if part in line)


def test_box_findings_point_at_the_entry(make_project: Callable[..., Path]) -> None:
    assert BOX_GAME != GAME
    bad_pool = GOOD.replace("Bub (Doodle),kin,1,", "Bub (Doodle),kin,2,")
    root = make_project(
        BOX_GAME.replace("total: 5", "total: 6"),
        bad_pool,
        game_id="mini",
        extra={
            "decks/a.txt": DECK_A.replace("1 Bub (Doodle)", "2 Bub (Doodle)"),
            "decks/b.yaml": DECK_B,
        },
    )
    found = {f.code: f for f in check_game(Project(root).game("mini"))}
    game_text = (root / "decks" / "mini" / "game.yaml").read_text(encoding="utf-8")
    doodles = found["SC202"]
    assert doodles.path.endswith("game.yaml") and "Doodles" in doodles.message
    assert doodles.line == _line_of(game_text, "{label: Doodles") != _line_of(game_text, "box:")
    assert doodles.col == 7  # the item's `{`
    # deck a has two Revisions where the manifest says one: at its first Revision's line;
    # deck b has none: at its first card's line
    revisions = [f for f in check_game(Project(root).game("mini")) if f.code == "SC204"]
    assert [(f.path.rsplit("/", 1)[-1], f.line) for f in revisions] == [
        ("a.txt", _line_of(DECK_A, "1 Bub (Revision)")),
        ("b.yaml", _line_of(DECK_B, "name: Bub")),
    ]


def test_sc204_with_no_card_of_the_kind_points_at_the_first_card(
    make_project: Callable[..., Path],
) -> None:
    root = make_project(
        BOX_GAME,
        GOOD,
        game_id="mini",
        extra={"decks/a.txt": DECK_A.replace("1 Right\n", ""), "decks/b.yaml": DECK_B},
    )
    found = [f for f in check_game(Project(root).game("mini")) if f.code == "SC204"]
    # deck b (YAML) holds no Revision: the finding stands at its first card, not line 1
    assert [(f.path.rsplit("/", 1)[-1], f.line, f.col) for f in found] == [
        ("b.yaml", _line_of(DECK_B, "name: Bub"), DECK_B.split("\n")[2].index("Bub") + 1)
    ]
    assert "deck b has 0 Revisions, the box manifest says 1 (1 short)" in found[0].message
