"""Choice labels: `{FIELD_label}` in a layout prints the value's label from game.yaml's
`labels:`, or its words with capitals; `{FIELD}` the value as written."""

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from cardgen.model.game import FieldSpec
from cardgen.model.labels import choice_label
from tests.conftest import TINY_CARDS, TINY_GAME

Run = Callable[..., Result]
LABELLED = TINY_GAME.replace(
    "school: {type: choice, choices: [fire, ice], description: School of magic.}",
    "school: {type: choice, choices: [fire, ice, deep-frost], labels: {ice: Frost},"
    " description: School of magic.}",
)
LAYOUT = """\
extends: builtin:card
dpi: 60
elements:
  school: {{kind: text, text: "{text}", x: 0.2in, y: 3in, width: 2in, height: 0.3in, size: 12}}
"""


def render(root: Path, game: str, text: str, card: str, run: Run) -> bytes:
    """`card` drawn with a spell layout whose extra element writes `text`."""
    folder = root / "decks" / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "cards.csv").write_text(
        TINY_CARDS + "Black Ice,spell,1,,deep-frost,1,\n", encoding="utf-8"
    )
    (root / "layouts" / "tiny").mkdir(parents=True)
    (root / "layouts" / "tiny" / "spell.yaml").write_text(LAYOUT.format(text=text))
    result = run("render", "tiny", "--only", card, "--project", root, "--out", root / "out")
    assert result.exit_code == 0, result.output
    return (root / "out" / "cards" / f"{card.lower().replace(' ', '-')}.png").read_bytes()


@pytest.mark.parametrize(
    ("card", "template", "printed"),
    [
        ("Fireball", "{school_label}", "Fire"),  # no label given: the value with a capital
        ("Frost Bolt", "{school_label}", "Frost"),  # the label game.yaml gives
        ("Black Ice", "{school_label}", "Deep Frost"),  # words with capitals
        ("Frost Bolt", "{school}", "ice"),  # the value as written
        ("Frost Bolt", "{type_label} · {school_label}", "Spell · Frost"),
    ],
)
def test_a_choice_prints_its_label_where_the_layout_asks(
    tmp_path: Path, run: Run, card: str, template: str, printed: str
) -> None:
    drawn = render(tmp_path / "labelled", LABELLED, template, card, run)
    assert drawn == render(tmp_path / "literal", LABELLED, printed, card, run)
    assert drawn != render(tmp_path / "other", LABELLED, printed + "!", card, run)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "{type: text, labels: {a: A}, description: Strength.}",
            "`labels` only applies to choice fields",
        ),
        (
            "{type: choice, choices: [a, b], labels: {a: A, c: C}, description: Strength.}",
            "`labels` names values not in `choices`: c",
        ),
    ],
)
def test_labels_must_belong_to_a_choice(
    make_project: Callable[..., Path], run: Run, spec: str, message: str
) -> None:
    game = TINY_GAME.replace("{type: int, min: 0, max: 9, description: Strength.}", spec)
    result = run("check", "tiny", "--project", make_project(game, "name,type,copies\n"))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert result.stderr.endswith(f"game.yaml:9:14: types.hero.fields.power: {message}\n")


def test_a_label_of_a_field_that_is_no_choice_is_an_unknown_field(
    make_project: Callable[..., Path], run: Run
) -> None:
    root = make_project()
    (root / "layouts" / "tiny").mkdir(parents=True)
    (root / "layouts" / "tiny" / "hero.yaml").write_text(LAYOUT.format(text="{power_label}"))
    result = run("render", "tiny", "--project", root, "--out", root / "out")
    assert result.exit_code == 2
    assert 'unknown field "{power_label}"' in result.stderr, result.stderr


def test_labels_of_numbers_and_words() -> None:
    spec = FieldSpec(type="choice", choices=[1, 2, "splat_roller"], labels={2: "Two"})
    assert [choice_label(spec, v) for v in (1, 2, "splat_roller", None, "")] == [
        "1",
        "Two",
        "Splat Roller",
        "",
        "",
    ]
