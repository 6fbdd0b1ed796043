from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.errors import CardgenError, InputErrors
from cardgen.project import Project
from tests.conftest import TINY_CARDS, TINY_GAME


def _errors(exc: CardgenError) -> list[str]:
    items = exc.errors if isinstance(exc, InputErrors) else [exc]
    return [e.format_message() for e in items]


def test_pool_loads_typed_fields(make_project: Callable[..., Path]) -> None:
    pack = Project(make_project()).game("tiny")
    fireball = pack.find("fireball")
    assert fireball is not None
    assert fireball.fields == {"school": "fire", "level": 2}
    assert fireball.copies == 4
    assert fireball.source_line == 4
    assert pack.find("  FROST   bolt ") is not None


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("Zed,hero,1,12,,,", "power: Input should be less than or equal to 9"),
        ("Zed,hero,1,strong,,,", "power: Input should be a valid integer"),
        ("Zed,hero,1,2.5,,,", "power: Input should be a valid integer"),
        ("Zed,hero,-1,2,,,", "copies: Input should be greater than or equal to 0"),
        ("Zed,spell,1,,earth,1,", "'earth' is not allowed"),
        ("Zed,spel,1,,fire,1,", 'unknown card type "spel"; did you mean "spell"'),
        ("Zed,hero,1,3,fire,,", '"school" is not a field of type hero'),
        ("Aria,hero,1,3,,,", 'duplicate card name "Aria"'),
        ("ARIA,hero,1,3,,,", 'duplicate card name "ARIA"'),
        ("Zed,spell,1,,fire,,", 'card "Zed": "level" is empty for 1 card of type spell (row 7)'),
    ],
)
def test_bad_rows_name_file_and_row(
    make_project: Callable[..., Path], row: str, message: str
) -> None:
    root = make_project(cards=TINY_CARDS + row + "\n")
    with pytest.raises(CardgenError) as info:
        Project(root).game("tiny")
    messages = _errors(info.value)
    assert any(message in m for m in messages), messages
    assert any("cards.csv:7" in m for m in messages), messages


def test_every_bad_row_is_reported(make_project: Callable[..., Path]) -> None:
    root = make_project(cards=TINY_CARDS + "A1,hero,1,99,,,\nA2,hero,1,x,,,\n")
    with pytest.raises(InputErrors) as info:
        Project(root).game("tiny")
    assert len(info.value.errors) == 2


def test_a_misspelt_required_column_is_named_once(make_project: Callable[..., Path]) -> None:
    root = make_project(cards=TINY_CARDS.replace("power", "powr", 1))
    with pytest.raises(CardgenError) as info:
        Project(root).game("tiny")
    assert _errors(info.value) == [
        f'{root / "decks/tiny/cards.csv"}:1: no "power" column, and 2 cards of type hero need'
        ' it (the column "powr" is ignored: is it power?): add the column, or make the field'
        " optional with `required: false` on types.hero.fields.power in game.yaml"
    ]


def test_quoted_newline_keeps_row_numbers(make_project: Callable[..., Path]) -> None:
    cards = TINY_CARDS + 'Zed,hero,1,3,,,"two\nlines"\nYan,hero,1,99,,,\n'
    with pytest.raises(CardgenError, match=r"cards.csv:9: card \"Yan\""):
        Project(make_project(cards=cards)).game("tiny")


def test_yaml_pool_errors_point_at_the_value(make_project: Callable[..., Path]) -> None:
    game = TINY_GAME
    cards = (
        "cards:\n  - name: Aria\n    type: hero\n    power: 3\n"
        "  - name: Zed\n    type: hero\n    power: 11\n"
    )
    root = make_project(game, cards, pool_name="cards.yaml")
    with pytest.raises(CardgenError, match=r"cards.yaml:7:12: card \"Zed\": power"):
        Project(root).game("tiny")


def test_game_yaml_errors_name_the_line(make_project: Callable[..., Path]) -> None:
    bad = TINY_GAME.replace("constructed: true", "constructed: true\ncolour: red")
    with pytest.raises(CardgenError, match=r'game.yaml:5:1: unknown key "colour"'):
        Project(make_project(bad)).game("tiny")


def test_selector_naming_unknown_field(make_project: Callable[..., Path]) -> None:
    bad = TINY_GAME.replace("where: {type: hero}", "where: {typ: hero}")
    with pytest.raises(CardgenError, match=r'unknown field "typ" in selector; did you mean "type"'):
        Project(make_project(bad)).game("tiny")


def test_selector_naming_unknown_type(make_project: Callable[..., Path]) -> None:
    bad = TINY_GAME.replace("where: {type: hero}", "where: {type: heroes}")
    with pytest.raises(CardgenError, match=r'unknown card type "heroes"; did you mean "hero"'):
        Project(make_project(bad)).game("tiny")


def test_unknown_game_suggests(make_project: Callable[..., Path]) -> None:
    with pytest.raises(CardgenError, match='unknown game "tniy"; did you mean "tiny"'):
        Project(make_project()).game("tniy")


@pytest.mark.parametrize(
    ("pattern", "message"),
    [("[[0, 0], [1, 0]]", "the piece itself"), ("[[1, 0], [1, 0]]", r"appears twice: \[1, 0\]")],
)
def test_hex_patterns_are_checked(
    make_project: Callable[..., Path], pattern: str, message: str
) -> None:
    game = TINY_GAME.replace(
        "      power: {type: int, min: 0, max: 9, description: Strength.}",
        "      power: {type: int, min: 0, max: 9, description: Strength.}\n"
        "      reach: {type: hexes, required: false, description: Hexes it hits.}",
    )
    cards = f"cards:\n  - name: Aria\n    type: hero\n    power: 3\n    reach: {pattern}\n"
    root = make_project(game, cards, pool_name="cards.yaml")
    with pytest.raises(CardgenError, match=message) as info:
        Project(root).game("tiny")
    assert "cards.yaml:5:" in info.value.format_message()
