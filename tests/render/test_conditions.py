"""Elements drawn only for some cards (`when:` / `unless:` with `present`, `empty` and
comparisons), checked on the pixels of rendered cards against an oracle of what must show."""

from __future__ import annotations

import io
import operator
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from cardgen.model.card import Card
from cardgen.model.layout import Layout
from cardgen.render.card import render_card, render_face
from cardgen.render.renderer import GameRenderer
from tests.conftest import TINY_GAME

COLORS = ["#ff0000", "#00ff00", "#0000ff", "#ff00ff"]
"""One colour per element, each on its own quarter of a 50 px card."""
WHITE = (255, 255, 255)
ORDER: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
    "==": operator.eq,
    "!=": operator.ne,
}

Condition = tuple[str, Any]
"""(how it is written in the layout, what it is as the oracle reads it)."""


def _space() -> st.SearchStrategy[str]:
    return st.sampled_from(["", " "])


def power_condition() -> st.SearchStrategy[tuple[str, tuple[str, Any]]]:
    """A condition on the int field `power`, as written and as the oracle reads it."""
    word = st.sampled_from(["present", "empty", "Present", "EMPTY"]).map(
        lambda w: (w, (w.lower(), None))
    )
    compared = st.tuples(st.sampled_from(sorted(ORDER)), _space(), st.integers(-1, 3)).map(
        lambda t: (f"{t[0]}{t[1]}{t[2]}", (t[0], t[2]))
    )
    return st.one_of(word, compared)


def school_condition() -> st.SearchStrategy[tuple[str | list[str], tuple[str, Any]]]:
    """A condition on the choice field `school`, as written and as the oracle reads it."""
    word = st.sampled_from(["present", "empty"]).map(lambda w: (w, (w, None)))
    value = st.sampled_from(["fire", "ice", "Fire", "ICE"])
    compared = st.tuples(st.sampled_from(["==", "!="]), _space(), value).map(
        lambda t: (f"{t[0]}{t[1]}{t[2]}", (t[0], t[2]))
    )
    plain = value.map(lambda v: (v, ("is", v)))
    listed = st.lists(value, min_size=1, max_size=2).map(lambda vs: (vs, ("in", vs)))
    return st.one_of(word, compared, plain, listed)


def oracle_power(value: int | None, cond: tuple[str, Any]) -> bool:
    """Whether a condition on `power` holds for the card's value (None: an empty cell)."""
    how, number = cond
    if how == "present":
        return value is not None
    if how == "empty":
        return value is None
    if value is None:
        return how == "!="
    return ORDER[how](value, number)


def oracle_school(value: str | None, cond: tuple[str, Any]) -> bool:
    """Whether a condition on `school` holds for the card's value (None or "": empty)."""
    how, wanted = cond
    text = (value or "").strip().casefold()
    wanted_text = wanted.casefold() if isinstance(wanted, str) else ""
    if how == "present":
        return bool(text)
    if how == "empty":
        return not text
    if how in ("==", "is"):
        return text == wanted_text
    if how == "!=":
        return text != wanted_text
    return text in {str(w).casefold() for w in wanted}


def oracle_all(values: dict[str, Any], conds: dict[str, tuple[str, Any]]) -> bool:
    """Every key of a condition holds."""
    checks: dict[str, Callable[[Any, tuple[str, Any]], bool]] = {
        "power": oracle_power,
        "school": oracle_school,
    }
    return all(checks[key](values.get(key), cond) for key, cond in conds.items())


def selector() -> st.SearchStrategy[dict[str, tuple[Any, tuple[str, Any]]]]:
    """A `when:` or `unless:` of zero to two keys."""
    return st.fixed_dictionaries(
        {}, optional={"power": power_condition(), "school": school_condition()}
    )


def quarter(index: int) -> tuple[int, int]:
    """The centre of element `index`'s quarter of the card, in pixels."""
    return (12 + 25 * (index % 2), 12 + 25 * (index // 2))


@given(
    elements=st.lists(st.tuples(selector(), selector()), min_size=4, max_size=4),
    power=st.one_of(st.none(), st.integers(-1, 3)),  # near the operands: ties are common
    school=st.one_of(st.none(), st.sampled_from(["", "fire", "ice", "Fire"])),
    missing=st.booleans(),
)
def test_elements_show_exactly_where_their_conditions_hold(
    elements: list[tuple[dict[str, Any], dict[str, Any]]],
    power: int | None,
    school: str | None,
    missing: bool,
) -> None:
    """Four rects of unique colours, each with a generated `when` and `unless`: the card's
    pixels show exactly those whose `when` holds and whose `unless` does not."""
    props = {}
    for index, (when, unless) in enumerate(elements):
        props[f"e{index}"] = {
            "kind": "rect",
            "x": 25 * (index % 2),
            "y": 25 * (index // 2),
            "width": 25,
            "height": 25,
            "fill": COLORS[index],
            "when": {k: written for k, (written, _) in when.items()},
            "unless": {k: written for k, (written, _) in unless.items()},
        }
    layout = Layout.model_validate(
        {"name": "t", "size": "1in x 1in", "dpi": 50, "bleed": "0", "elements": props}
    )
    fields: dict[str, Any] = {"power": power, "school": school}
    if missing:  # a cell the pool left out, rather than an empty one
        fields = {k: v for k, v in fields.items() if v is not None}
    card = Card(name="C", type="hero", copies=1, fields=fields, source_path="cards.csv")
    image, _ = render_card(
        card, layout, type_label="Hero", game_name="G", project_root=Path(), game_folder=Path()
    )
    for index, (when, unless) in enumerate(elements):
        want_when = {k: meaning for k, (_, meaning) in when.items()}
        want_unless = {k: meaning for k, (_, meaning) in unless.items()}
        drawn = oracle_all(fields, want_when) and not (
            want_unless and oracle_all(fields, want_unless)
        )
        colour = Image.new("RGB", (1, 1), COLORS[index]).getpixel((0, 0))
        assert image.getpixel(quarter(index)) == (colour if drawn else WHITE), (index, fields)


PARENT = """\
size: 1in x 1in
dpi: 50
bleed: "0"
elements:
  disc: {kind: rect, x: 0, y: 0, width: 25, height: 25, fill: "#ff0000",
         when: {power: present}}
  label: {kind: rect, x: 25, y: 0, width: 25, height: 25, fill: "#00ff00",
          when: {power: present}}
  strong: {kind: rect, x: 0, y: 25, width: 25, height: 25, fill: "#0000ff",
           when: {power: ">=6"}}
  quiet: {kind: rect, x: 25, y: 25, width: 25, height: 25, fill: "#ff00ff",
          unless: {text: empty}}
"""
CHILD = """\
extends: parent
elements:
  label: {when: {power: "<6"}}
  strong: {when: {}}
"""


def _pixels(renderer: GameRenderer, name: str) -> list[Any]:
    card = next(c for c in renderer.pack.cards if c.name == name)
    data, _ = renderer.card(card)
    image = Image.open(io.BytesIO(data)).convert("RGB")
    return [image.getpixel(quarter(i)) for i in range(4)]


def test_a_loaded_game_draws_by_its_cells_and_a_child_overrides_when(
    make_project: Callable[..., Path],
) -> None:
    """Through the loader and the game's renderer: empty cells of the pool leave elements
    out; the child layout's `when` replaces its parent's (`{}`: every card)."""
    cards = (
        "name,type,copies,power,school,level,text\n"
        "Aria,hero,1,5,,,Leads the party.\n"
        "Borin,hero,1,7,,,\n"
        "Cato,hero,1,,,,Waits.\n"
    )
    game = TINY_GAME.replace("description: Strength.}", "description: Strength., required: false}")
    assert game != TINY_GAME
    root = make_project(game, cards)
    folder = root / "layouts" / "tiny"
    folder.mkdir(parents=True)
    (folder / "parent.yaml").write_text(PARENT)
    (folder / "hero.yaml").write_text(CHILD)
    renderer = GameRenderer.open(root, "tiny")
    red, green, blue, pink = ((255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 0, 255))
    assert _pixels(renderer, "Aria") == [red, green, blue, pink]
    assert _pixels(renderer, "Borin") == [red, WHITE, blue, WHITE]
    assert _pixels(renderer, "Cato") == [WHITE, WHITE, blue, pink]
    keys = {renderer.card_key(c) for c in renderer.pack.cards}
    assert len(keys) == 3  # three drawings, three cache keys


def _one(when: dict[str, Any], fields: dict[str, Any]) -> bool:
    """Whether a single rect with this `when` is drawn on a card of these fields."""
    layout = Layout.model_validate(
        {
            "name": "t",
            "size": "1in x 1in",
            "dpi": 50,
            "bleed": "0",
            "elements": {"e": {"kind": "rect", "fill": "#000000", "when": when}},
        }
    )
    card = Card(name="C", type="hero", copies=1, fields=fields, source_path="cards.csv")
    image, _ = render_card(
        card, layout, type_label="Hero", game_name="G", project_root=Path(), game_folder=Path()
    )
    pixel = image.getpixel((25, 25))
    assert pixel in ((0, 0, 0), WHITE)
    return bool(pixel == (0, 0, 0))


def test_every_comparison_on_each_side_of_its_number() -> None:
    """Each operator against values below, at and above its number, and an empty cell."""
    for op, compare in ORDER.items():
        for power in (None, 1, 2, 3):
            drawn = _one({"power": f"{op}2"}, {"power": power})
            assert drawn == (compare(power, 2) if power is not None else op == "!="), (op, power)


def test_present_and_empty_on_blank_text_and_zero() -> None:
    """Zero is a value; an empty or blank text cell is none; several keys must all hold."""
    assert _one({"power": "present"}, {"power": 0})
    assert not _one({"power": "empty"}, {"power": 0})
    for blank in ("", "  ", None):
        assert _one({"school": "empty"}, {"school": blank})
        assert not _one({"school": "present"}, {"school": blank})
    assert _one({"school": "== ICE", "power": ">0"}, {"school": "ice", "power": 1})
    assert not _one({"school": "== ice", "power": ">1"}, {"school": "ice", "power": 1})


def test_a_back_reads_its_own_values_for_when_and_unless() -> None:
    """A back has no card: its values (`back_label`, ...) decide, `unless` included."""
    props = {
        "shown": {"kind": "rect", "width": 25, "fill": "#ff0000", "when": {"back": "== Moon"}},
        "hidden": {"kind": "rect", "x": 25, "width": 25, "fill": "#0000ff"},
    }
    props["hidden"]["unless"] = {"back_label": "present"}
    layout = Layout.model_validate(
        {"name": "t", "size": "1in x 1in", "dpi": 50, "bleed": "0", "elements": props}
    )
    for back, label, expected in [
        ("moon", "", [(255, 0, 0), (0, 0, 255)]),
        ("tide", "Tide", [WHITE, WHITE]),
    ]:
        values = {"back": back, "back_label": label}
        image, _ = render_face(
            layout, values, subject=None, project_root=Path(), game_folder=Path()
        )
        assert [image.getpixel((12, 12)), image.getpixel((37, 12))] == expected, back
