"""Optional fields and values that are not numbers: a field left empty is one message per
field with its count and rows; `allow: [X, "*"]` lets an int field hold listed words,
which print as written and count as no number in statistics and bound checks."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError, InputErrors
from cardgen.project import Project
from tests.conftest import TINY_GAME
from tests.load.sheets import delimited, excel_xlsx

Run = Callable[..., Result]
HEADER = ["name", "type", "copies", "power", "school", "level", "text"]
FIXES = (
    "fill them in, or make the field optional with `required: false` on"
    " types.{type}.fields.{field} in game.yaml"
)
ALLOW_GAME = TINY_GAME.replace(
    "power: {type: int, min: 0, max: 9, description: Strength.}",
    'power: {type: int, min: 0, max: 9, allow: ["X", "*"], description: Strength.}',
)


def _write(
    root: Path, rows: list[list[Any]], game: str = TINY_GAME, name: str = "cards.csv"
) -> Path:
    folder = root / "decks" / "tiny"
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    data = excel_xlsx({"Cards": rows}) if name.endswith(".xlsx") else delimited(rows)
    (folder / name).write_bytes(data)
    return root


def _errors(root: Path) -> list[str]:
    here = os.getcwd()
    os.chdir(root / "decks" / "tiny")
    try:
        with pytest.raises(CardgenError) as info:
            Project(root).game("tiny")
    finally:
        os.chdir(here)
    items = info.value.errors if isinstance(info.value, InputErrors) else [info.value]
    return [e.format_message() for e in items]


def test_an_empty_column_is_one_message(tmp_path: Path, run: Run) -> None:
    rows = [HEADER, *[[f"Hero {i}", "hero", 1, "", "", "", ""] for i in range(15)]]
    root = _write(tmp_path, rows)
    assert _errors(root) == [
        'cards.csv:2: "power" is empty for 15 cards of type hero (rows 2, 3, 4, 5, 6 and 10'
        " more): " + FIXES.format(type="hero", field="power")
    ]
    result = run("cards", "tiny", "--project", root)
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr


def test_an_empty_column_in_a_sheet_names_its_cells(tmp_path: Path) -> None:
    rows = [HEADER, ["A", "spell", 1, "", "fire", "", ""], ["B", "spell", 1, "", "", 2, ""]]
    rows.append(["C", "spell", 1, "", "ice", "", ""])
    root = _write(tmp_path, rows, name="cards.xlsx")
    assert _errors(root) == [
        'cards.xlsx:Cards!F2: "level" is empty for 2 cards of type spell (cells F2, F4): '
        + FIXES.format(type="spell", field="level"),
        'cards.xlsx:Cards!E3: card "B": "school" is empty for 1 card of type spell (cell E3):'
        " fill it in, or make the field optional with `required: false` on"
        " types.spell.fields.school in game.yaml",
    ]


def test_a_missing_key_in_a_yaml_pool_names_its_lines(tmp_path: Path) -> None:
    folder = tmp_path / "decks" / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(TINY_GAME, encoding="utf-8")
    cards = "".join(f"- {{name: H{i}, type: hero}}\n" for i in range(3))
    (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    assert _errors(tmp_path) == [
        'cards.yaml:1:3: "power" is empty for 3 cards of type hero (lines 1, 2, 3): '
        + FIXES.format(type="hero", field="power")
    ]


def test_an_optional_field_may_stay_empty(tmp_path: Path) -> None:
    game = TINY_GAME.replace("description: Strength.}", "required: false, description: Strength.}")
    root = _write(tmp_path, [HEADER, ["A", "hero", 1, "", "", "", ""], ["B", "hero", 1, 4]], game)
    cards = Project(root).game("tiny").cards
    assert [c.fields for c in cards] == [{}, {"power": 4}]


def test_allowed_words_load_as_written(tmp_path: Path) -> None:
    rows = [HEADER, ["A", "hero", 1, "X", "", "", ""], ["B", "hero", 1, "*"], ["C", "hero", 1, 3]]
    for name in ("cards.csv", "cards.xlsx"):
        cards = Project(_write(tmp_path / name, rows, ALLOW_GAME, name)).game("tiny").cards
        assert [c.fields["power"] for c in cards] == ["X", "*", 3]


@pytest.mark.parametrize(
    ("game", "value", "message"),
    [
        (
            ALLOW_GAME,
            "Y",
            "power: Input should be a valid integer, unable to parse string as an integer"
            " (got 'Y'); or one of 'X', '*'",
        ),
        (
            ALLOW_GAME,
            "12",
            "power: Input should be less than or equal to 9 (got '12'); or one of 'X', '*'",
        ),
        (
            TINY_GAME,
            "X",
            "power: Input should be a valid integer, unable to parse string as an integer"
            " (got 'X'); to allow it, add `allow: ['X']` to the field in game.yaml"
            " (types.hero.fields.power)",
        ),
    ],
)
def test_a_word_not_allowed_is_one_message(
    tmp_path: Path, game: str, value: str, message: str
) -> None:
    root = _write(tmp_path, [HEADER, ["Zed", "hero", 1, value]], game)
    assert _errors(root) == [f'cards.csv:2: card "Zed": {message}']


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("{type: text, allow: [X]}", "`allow` only applies to int fields"),
        ("{type: int, allow: ['3']}", "`allow` lists values that are not numbers; '3' is one"),
    ],
)
def test_allow_is_checked_in_game_yaml(tmp_path: Path, spec: str, message: str) -> None:
    game = TINY_GAME.replace("{type: int, min: 0, max: 9, description: Strength.}", spec)
    root = _write(tmp_path, [HEADER], game)
    (line,) = _errors(root)
    assert line.startswith("game.yaml:") and message in line, line


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(0, 9), st.sampled_from(["X", "*"])), max_size=12))
def test_statistics_count_allowed_words_as_no_number(values: list[Any]) -> None:
    """The box report's power curve counts only the numbers: its bars hold every card with
    a number, its mean is theirs, and a word shows in no bar."""
    import tempfile

    from cardgen.check.deck_report import report_box

    game = ALLOW_GAME.replace("Strength.}", "Strength., required: false}")
    rows = [HEADER, *[[f"H{i}", "hero", 1, "" if v is None else v] for i, v in enumerate(values)]]
    with tempfile.TemporaryDirectory() as folder:
        stats = report_box(Project(_write(Path(folder), rows, game)).game("tiny"))
    numbers = [v for v in values if isinstance(v, int)]
    charts = [c for c in stats.charts + stats.distributions if c.field == "power"]
    if not numbers:
        assert charts == []
        return
    (chart,) = charts
    assert chart.copies == len(numbers)
    assert chart.mean is not None and float(chart.mean) == pytest.approx(
        sum(numbers) / len(numbers)
    )


def test_bound_checks_and_lint_skip_allowed_words(tmp_path: Path) -> None:
    from cardgen.check.game_checks import check_game
    from cardgen.check.lint import lint_game

    game = ALLOW_GAME.replace(
        "    label: Hero\n",
        "    label: Hero\n    constraints:\n      - {id: weak, require: {power: {min: 4}},"
        " message: A hero has at least 4 Power.}\n",
    )
    rows = [HEADER, ["A", "hero", 1, "X", "", "", "Gain 12 power."], ["B", "hero", 1, 2]]
    pack = Project(_write(tmp_path, rows, game)).game("tiny")
    assert [(f.code, f.card) for f in check_game(pack)] == [("SC101", "B")]
    assert [(f.code, f.card) for f in lint_game(pack) if f.code == "TX601"] == [("TX601", "A")]


def test_an_allowed_word_prints_as_written(tmp_path: Path) -> None:
    from cardgen.render.game import render_game

    def image(power: Any, text: str) -> bytes:
        root = _write(
            tmp_path / f"{power}-{len(text)}", [HEADER, ["A", "hero", 1, power]], ALLOW_GAME
        )
        layouts = root / "layouts" / "tiny"
        layouts.mkdir(parents=True)
        layout = f'extends: builtin:card\ndpi: 60\nelements:\n  rules: {{text: "{text}"}}\n'
        (layouts / "hero.yaml").write_text(layout, encoding="utf-8")
        (layouts / "spell.yaml").write_text("extends: builtin:card\ndpi: 60\n", encoding="utf-8")
        (card,) = render_game(Project(root), "tiny", root / "out", jobs=1).cards
        return card.file.read_bytes()

    written = image("X", "Power {power}")
    assert written == image(5, "Power X")
    assert written != image(5, "Power {power}")
