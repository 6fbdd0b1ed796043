"""`{name}` in text that names no icon: printed as written, and render warning RN104 at the
card's file and line (or at the layout's element, for a layout's own text)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.model.card import Card
from cardgen.model.layout import Layout
from cardgen.render.card import render_card
from cardgen.render.context import RenderWarning

Make = Callable[..., Path]
Run = Callable[..., Result]


def _layout(text: str = "{text}") -> Layout:
    return Layout.model_validate(
        {
            "name": "t",
            "background": "#ffffff",
            "bleed": "0",
            "size": "3in x 1in",
            "dpi": 150,
            "icons": {"ember": {"icon": "lightning", "color": "#ff0000"}},
            "elements": {"body": {"kind": "text", "text": text, "x": "0.1in", "y": "0.1in",
                                  "width": "2.8in", "height": "0.8in", "size": 9}},
            "sources": {"body": ("layouts/g/t.yaml", 12)},
        }
    )  # fmt: skip


def _draw(text: str, template: str = "{text}") -> tuple[bytes, list[RenderWarning]]:
    card = Card(
        name="Quick Step", type="action", copies=1, text=text,
        source_path="decks/g/cards.csv", source_line=7,
    )  # fmt: skip
    image, warnings = render_card(
        card,
        _layout(template),
        type_label="Action",
        game_name="G",
        project_root=Path.cwd(),
        game_folder=Path.cwd(),
    )
    return image.tobytes(), warnings


def test_an_unknown_icon_warns_at_the_card_and_prints_as_written() -> None:
    pixels, warnings = _draw("Gain {coin} now.")
    assert [str(w) for w in warnings] == [
        'decks/g/cards.csv:7: RN104 Quick Step: unknown icon "coin", printed as written;'
        " cardgen icons lists them"
    ]
    assert warnings[0].element == "body"
    literal, none = _draw("Gain {{coin}} now.")  # the escape: the same text, on purpose
    assert none == [] and literal == pixels
    assert _draw("Gain coin now.")[0] != pixels


def test_the_suggestion_covers_built_in_names_aliases_and_the_layouts_own() -> None:
    for text, meant in (("{mooon}", "moon"), ("{etoil}", "etoile"), ("{embr}", "ember")):
        (warning,) = _draw(text)[1]
        assert warning.message.endswith(f'did you mean "{meant}"?'), warning.message


def test_known_icons_do_not_warn() -> None:
    for text in ("{moon}", "{lune}", "{ember}", "{{anything}}", "{ 3 }", "{3}", "{}"):
        assert _draw(text)[1] == [], text


def test_an_unknown_icon_in_the_layouts_own_text_warns_at_the_layout() -> None:
    _, warnings = _draw("Plain.", template="{{flame}} {text}")
    assert [(w.code, w.path, w.line) for w in warnings] == [("RN104", "layouts/g/t.yaml", 12)]


def test_each_unknown_name_once_per_text() -> None:
    _, warnings = _draw("{coin} and {coin} and {gem}")
    assert [w.message.split('"')[1] for w in warnings] == ["coin", "gem"]


PIECES = [("{moon}", None), ("{ember}", None), ("{{coin}}", None), ("word ", None),
          ("**b** ", None), ("{coin}", "coin"), ("{Moon}", "Moon"),
          ("{gem-2}", "gem-2")]  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=10))
def test_exactly_the_unknown_names_warn(pieces: list[tuple[str, str | None]]) -> None:
    text = "".join(piece for piece, _ in pieces)
    _, warnings = _draw(text)
    named = [w.message.split('"')[1] for w in warnings if w.code == "RN104"]
    assert named == list(dict.fromkeys(name for _, name in pieces if name))
    assert all((w.path, w.line) == ("decks/g/cards.csv", 7) for w in warnings if w.code == "RN104")


def test_render_reports_it_and_strict_fails(make_project: Make, run: Run) -> None:
    cards = "name,type,copies,power,school,level,text\nAria,hero,1,5,,,Gain {coin}.\n"
    root = make_project(cards=cards)
    result = run("render", "tiny", "--project", root)
    assert result.exit_code == 0
    assert 'cards.csv:2: RN104 Aria: unknown icon "coin", printed as written' in result.stderr
    assert run("render", "tiny", "--project", root, "--strict").exit_code == 1
    data = json.loads(run("render", "tiny", "--project", root, "--format", "json").stdout)
    (warning,) = data["warnings"]
    assert (warning["code"], warning["line"], warning["card"]) == ("RN104", 2, "Aria")
    assert warning["path"].endswith("decks/tiny/cards.csv")
