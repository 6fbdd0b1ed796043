"""`when:` and `unless:` of layout elements as the layouts load: unknown fields and
comparisons a field cannot make are errors at the element's line, with a "did you mean"."""

from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.errors import CardgenError
from cardgen.model.layout import RectElement
from tests.load.test_layouts import layouts, messages

HERO = """\
size: 1in x 1in
elements:
  frame: {kind: rect, fill: "#ffffff"}
  cost: {kind: rect, fill: "#000000", when: %s}
"""


def _errors(make_project: Callable[..., Path], when: str) -> list[str]:
    with pytest.raises(CardgenError) as info:
        layouts(make_project, {"hero.yaml": HERO % when})
    return [m.split("/layouts/tiny/", 1)[1] for m in messages(info.value)]


def test_an_unknown_field_is_named_at_its_line_with_a_guess(
    make_project: Callable[..., Path],
) -> None:
    """A misspelt field in `when:` is one error, at the element's line, with the guess."""
    found = _errors(make_project, "{powr: present}")
    assert found == ['hero.yaml:4:9: element cost: unknown field "powr"; did you mean "power"?']


@pytest.mark.parametrize(
    ("when", "problem"),
    [
        ('{school: ">=5"}', '">=5" compares numbers, and this is a choice field'),
        ('{text: "<2"}', '"<2" compares numbers, and this is a text field'),
        ('{power: ">= many"}', '">= many" compares numbers, and "many" is not a whole number'),
        ('{level: "== two"}', '"== two": this is a number field, and "two" is not a number'),
        ('{power: "=="}', '"==" compares with nothing (write `present` or `empty` for that)'),
    ],
)
def test_a_comparison_the_field_cannot_make_is_an_error(
    make_project: Callable[..., Path], when: str, problem: str
) -> None:
    """Orderings need a number field and a number; a number field compares with numbers."""
    key = when.split(":", 1)[0].strip("{")
    assert _errors(make_project, when) == [f"hero.yaml:4:9: element cost: when: {key}: {problem}"]


def test_unless_is_checked_as_when_is(make_project: Callable[..., Path]) -> None:
    """`unless:` takes the same keys, and its mistakes are reported the same way."""
    text = HERO.replace("when: %s", 'unless: {school: "<1"}')
    with pytest.raises(CardgenError) as info:
        layouts(make_project, {"hero.yaml": text})
    (message,) = messages(info.value)
    assert message.endswith(
        'element cost: unless: school: "<1" compares numbers, and this is a choice field'
    )


def test_good_conditions_load_and_a_child_replaces_its_parents(
    make_project: Callable[..., Path],
) -> None:
    """Every form loads as written; a child layout's `when` replaces the inherited one."""
    good = '{power: ">=5", school: "!= fire", level: present, text: "== Deal 2 damage."}'
    result = layouts(
        make_project,
        {
            "parent.yaml": HERO % good,
            "hero.yaml": "extends: parent\nelements:\n  cost: {when: {power: empty}}\n",
            "spell.yaml": "extends: parent\nelements:\n  cost: {fill: red}\n",
        },
    )
    hero, spell = result.layouts["hero"].elements["cost"], result.layouts["spell"].elements["cost"]
    assert isinstance(hero, RectElement) and isinstance(spell, RectElement)
    assert hero.when == {"power": "empty"}
    assert spell.when == {
        "power": ">=5",
        "school": "!= fire",
        "level": "present",
        "text": "== Deal 2 damage.",
    }


@pytest.mark.parametrize(
    ("when", "problem"),
    [
        ('{school: "== fier"}', '"fier" is not one of its choices; did you mean "fire"?'),
        ("{school: [ice, frost]}", '"frost" is not one of its choices; its choices: fire, ice'),
        ("{school: Wind}", '"Wind" is not one of its choices; its choices: fire, ice'),
    ],
)
def test_a_value_no_choice_has_is_an_error_with_the_closest(
    make_project: Callable[..., Path], when: str, problem: str
) -> None:
    """A choice field is asked for one of its choices (any capitals: `ICE` is `ice`)."""
    assert _errors(make_project, when) == [f"hero.yaml:4:9: element cost: when: school: {problem}"]


@pytest.mark.parametrize(
    ("when", "loaded"),
    [
        ('{school: "!= ICE", level: [1, 2]}', {"school": "!= ICE", "level": [1, 2]}),
        ("{school: [Fire, ice]}", {"school": ["Fire", "ice"]}),
        ("{school: FIRE}", {"school": "FIRE"}),
    ],
)
def test_choices_are_matched_in_any_capitals(
    make_project: Callable[..., Path], when: str, loaded: dict[str, object]
) -> None:
    """`ICE` and `Fire` are the choices `ice` and `fire`: the layout loads as written."""
    result = layouts(make_project, {"hero.yaml": HERO % when})
    assert result.layouts["hero"].elements["cost"].when == loaded
