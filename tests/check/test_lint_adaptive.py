"""The linter and the `|` forms of layout templates: a game whose layouts use plurals,
number words, defaults and choice labels lints clean (TX1001 draws every card with them),
and a `{field|...}` written in card text is not read as an unknown icon."""

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

from tests.conftest import TINY_CARDS

LAYOUT = """\
extends: builtin:card
dpi: 60
elements:
  extra: {kind: text, text: "{level} {level|turn|turns}, {level|words}: {school_label} {text|}",
    x: 0.2in, y: 2.4in, width: 2.1in, height: 0.6in, size: 9}
"""


def test_adaptive_templates_lint_clean(
    make_project: Callable[..., Path], run: Callable[..., Result]
) -> None:
    cards = TINY_CARDS.replace(
        "Ice Wall,spell,2,,ice,3,", "Ice Wall,spell,2,,ice,3,Lasts {level|turn|turns}."
    )
    root = make_project(cards=cards)
    (root / "layouts" / "tiny").mkdir(parents=True)
    (root / "layouts" / "tiny" / "spell.yaml").write_text(LAYOUT, encoding="utf-8")
    result = run("lint", "tiny", "--project", root, "--select", "ALL", "--format", "json")
    findings = json.loads(result.stdout)["findings"]
    about = [f for f in findings if "level" in f["message"] or "school_label" in f["message"]]
    assert about == [], about
    assert not [f for f in findings if f["code"] in ("TX1001", "TX1101")], findings


def test_a_field_in_card_text_is_named_as_a_layout_template(
    make_project: Callable[..., Path], run: Callable[..., Result]
) -> None:
    """`{school_label}` in card text prints as written (card text is not a template):
    TX1101 says so; an unknown name of no field keeps the plain message."""
    cards = TINY_CARDS.replace("Deal 2 damage.", "Deal 2 {school_label} damage {coin}.")
    root = make_project(cards=cards)
    result = run("lint", "tiny", "--project", root, "--select", "TX1101", "--format", "json")
    messages = {f["message"] for f in json.loads(result.stdout)["findings"]}
    assert any(
        '"school_label"' in m and "fill layout templates, not its own text" in m for m in messages
    ), messages
    assert any('"coin"' in m and "layout templates" not in m for m in messages), messages
