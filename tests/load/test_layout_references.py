"""The `|` forms of `{field}` references as the layouts load: a malformed one, an unknown
field (with "did you mean") and plural forms or number words of a field that is no number
are errors at the element's line; the well-formed ones load."""

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from cardgen.errors import CardgenError
from cardgen.load.layouts import load_layouts
from cardgen.project import Project
from cardgen.render.layout_fields import field_problems
from tests.load.test_layouts import layouts, messages

HERO = """\
size: 1in x 1in
elements:
  frame: {kind: rect, fill: "#ffffff"}
  line: {kind: text, text: "%s"}
"""


def _errors(make_project: Callable[..., Path], text: str) -> list[str]:
    with pytest.raises(CardgenError) as info:
        layouts(make_project, {"hero.yaml": HERO % text})
    return [m.split("/layouts/tiny/", 1)[1] for m in messages(info.value)]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{power|a|b|c}", "{power|a|b|c} has 3 forms after its field; write {power|}"),
        ("{|x}", "{|x} names no field before its | (write {field|...})"),
        ("{power:02d|x}", "{power:02d|x}: a field with | forms takes no format spec"),
        ("{powr|turn|turns}", 'unknown field "{powr}"; did you mean "power"?'),
        ("{school|turn|turns}", "{school|turn|turns}: plural forms need a number field;"
                                " school is choice"),
        ("{name|words}", "{name|words}: number words need a number field; name is text"),
        ("{school_label|one|many}", "plural forms need a number field; school_label is text"),
    ],
)  # fmt: skip
def test_a_bad_reference_is_an_error_at_its_line(
    make_project: Callable[..., Path], text: str, problem: str
) -> None:
    (found,) = _errors(make_project, text)
    assert found.startswith("hero.yaml:4:9: element line: ")
    assert problem in found


@pytest.mark.parametrize(
    "text",
    [
        "{power} {power|point|points}",
        "{power|words} {level|words} {copies|copy|copies}",
        "{school_label} {school|} {school|no school} {text|*No text.*}",
        "{level|Level: none!} {{power|x}}",
    ],
)
def test_well_formed_references_load(make_project: Callable[..., Path], text: str) -> None:
    found = layouts(make_project, {"hero.yaml": HERO % text})
    assert found.layouts["hero"].elements["line"].text == text  # type: ignore[union-attr]


def test_a_default_may_name_what_the_type_lacks(make_project: Callable[..., Path]) -> None:
    """A hero has no level: `{level}` on its layout is SC502, `{level|}` says what to print
    without it and is not."""
    plain = layouts(make_project, {"hero.yaml": HERO % "{level}"})
    assert [p.message for p in field_problems(plain)] == [
        'element line: {level} is not a field of type "hero" (it would print as nothing);'
        " its fields: power"
    ]
    root = make_project()
    (root / "layouts" / "tiny" / "hero.yaml").write_text(HERO % "{level|} {level|none}")
    defaulted = load_layouts(root, Project(root).game("tiny").game)
    assert field_problems(defaulted) == []


def test_render_refuses_a_bad_reference_in_one_line(
    make_project: Callable[..., Path], run: Callable[..., Result]
) -> None:
    root = make_project()
    (root / "layouts" / "tiny").mkdir(parents=True)
    (root / "layouts" / "tiny" / "hero.yaml").write_text(HERO % "{power|a|b|c}")
    result = run("render", "tiny", "--project", root, "--out", root / "out")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "layouts/tiny/hero.yaml:4:9: element line: {power|a|b|c} has 3 forms" in result.stderr
