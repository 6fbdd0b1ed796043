"""Every size, length, angle and count a layout writes has an upper bound, checked at the
layout's line (issue 32 item 5): `min_size: 1e308` was an OverflowError while drawing, an
"internal error". Generated over the elements' number fields and huge, tiny and negative
values, each must be a one-line error at the field's line, exit 2, or a card drawn."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fsgame import write_game

Run = Callable[..., Result]

FIELDS = {
    "text": ["size", "min_size", "line_spacing", "outline_width", "x", "y", "width", "height"],
    "rect": ["gradient_angle", "radius", "stroke_width", "opacity", "x", "width"],
    "polygon": ["sides", "angle", "stroke_width", "y", "height"],
    "image": ["radius", "x", "height"],
}
BASE = {
    "text": 'text: "{text}"',
    "rect": 'fill: "#f00"',
    "polygon": 'fill: "#f00"',
    "image": 'src: "{art}"',
}
HUGE = [
    "1e308",
    "-1e308",
    "1e30",
    "1e15",
    "9e15pt",
    "1e308mm",
    "123456789012345678901234567890",
    "1e-308",
    "2e9%",
]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(kind=st.sampled_from(sorted(FIELDS)), data=st.data(), value=st.sampled_from(HUGE))
def test_a_huge_number_in_a_layout_is_one_line_at_its_line(
    tmp_path_factory: object, run: Run, kind: str, data: st.DataObject, value: str
) -> None:
    field = data.draw(st.sampled_from(FIELDS[kind]))
    root = write_game(tmp_path_factory.mktemp("bounds"))  # type: ignore[attr-defined]
    lines = {"x": "0", "y": "0", "width": "50%", "height": "20%", field: value}
    body = "".join(f"    {k}: {v}\n" for k, v in lines.items())
    layout = (
        f"extends: builtin:card\ndpi: 50\nelements:\n  one:\n    kind: {kind}\n"
        f"    {BASE[kind]}\n{body}"
    )
    (root / "layouts" / "tiny" / "hero.yaml").write_text(layout, encoding="utf-8")
    result = run("render", "tiny", "--project", root, "--jobs", "1")
    said = result.stderr
    assert "internal error" not in said and "Overflow" not in said and "Traceback" not in said
    if result.exit_code == 0:
        return  # a value within every bound (1e-308 of a font size, say) draws
    assert result.exit_code == 2, said
    line = 6 + list(lines).index(field) + 1
    assert len(said.splitlines()) == 1 and f"hero.yaml:{line}:" in said, (layout, said)


def test_min_size_past_the_largest_font_size_is_refused(run: Run, tmp_path: Path) -> None:
    root = write_game(tmp_path)
    (root / "layouts" / "tiny" / "hero.yaml").write_text(
        'extends: builtin:card\nelements:\n  body:\n    kind: text\n    text: "{text}"\n'
        "    min_size: 1e308\n",
        encoding="utf-8",
    )
    result = run("render", "tiny", "--project", root)
    assert result.exit_code == 2
    assert "hero.yaml:6:15: element body: min_size: Input should be less than or equal to 400" in (
        result.stderr
    )
