"""Plates (static elements drawn once and reused under each card) change no pixel: for two
cards of every card type of every example game, and every back, the image drawn on a plate
is the image drawn element by element in layout order."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from cardgen.render import plates
from cardgen.render.canvas import Canvas
from cardgen.render.card import render_face
from cardgen.render.renderer import GameRenderer
from cardgen.render.values import back_values
from tests.conftest import ROOT

GAMES = ("shards", "splatterkins", "splatoon", "blublers", "yokai-sketch")


def _in_order(items: list[tuple[str, Any]], shown: list[bool], canvas: Any, **_: Any) -> Any:
    """No element on a plate: all drawn for the card, in layout order."""
    return [], list(range(len(items)))


def _faces(game: str) -> list[tuple[str, Image.Image, Image.Image]]:
    renderer = GameRenderer.open(ROOT, game)
    chosen: dict[str, list[Any]] = {}
    for card in renderer.pack.cards:
        picked = chosen.setdefault(card.type, [])
        if len(picked) < 2:
            picked.append(card)
    faces = []
    for cards in chosen.values():
        for card in cards:
            plates.PLATES.clear()
            plated, _, _ = renderer._image(card)
            plated_again, _, _ = renderer._image(card)  # from the plate now in memory
            assert plated_again.tobytes() == plated.tobytes(), card.name
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(plates, "split_plate", _in_order)
                ordered, _, _ = renderer._image(card)
            faces.append((card.name, plated, ordered))
    for back_id in sorted({t.back for t in renderer.pack.game.types.values()}):
        layout = renderer.layouts.for_back(back_id)
        values = back_values(back_id, back_id, "#334455", "#ddeeff", game)
        kwargs: dict[str, Any] = {
            "subject": None,
            "project_root": renderer.project.root,
            "game_folder": renderer.pack.folder,
        }
        plates.PLATES.clear()
        plated = render_face(layout, values, **kwargs)[0]
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(plates, "split_plate", _in_order)
            ordered = render_face(layout, values, **kwargs)[0]
        faces.append((f"back {back_id}", plated, ordered))
    return faces


@pytest.mark.parametrize("game", GAMES)
def test_a_plate_changes_no_pixel(game: str) -> None:
    faces = _faces(game)
    assert faces
    for name, plated, ordered in faces:
        assert plated.size == ordered.size, name
        assert plated.tobytes() == ordered.tobytes(), f"{game}: {name} differs on its plate"


def test_the_comparison_sees_a_plate_drawn_out_of_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hoisting every static element, overlaps or not, does change pixels on the Shards
    cards: the test above would catch a plate that breaks the layout's order."""

    def reckless(items: list[tuple[str, Any]], shown: list[bool], canvas: Any, **_: Any) -> Any:
        hoisted, later = [], []
        for index, ((_, element), visible) in enumerate(zip(items, shown, strict=True)):
            key = plates.plate_key(element, visible)
            (hoisted.append((index, key)) if key is not None else later.append(index))
        return hoisted, later

    monkeypatch.setattr(plates, "split_plate", reckless)
    faces = _faces("shards")
    assert any(plated.tobytes() != ordered.tobytes() for _, plated, ordered in faces)


def _layout(elements: dict[str, dict[str, Any]]) -> Any:
    from cardgen.model.layout import Layout

    return Layout.model_validate(
        {
            "name": "plates",
            "background": "#ffffff",
            "bleed": "0",
            "size": "2in x 1.5in",
            "dpi": 150,
            "elements": elements,
            "sources": {name: ("plates.yaml", 1) for name in elements},
        }
    )


def _both(layout: Any, values: dict[str, Any]) -> tuple[Image.Image, Image.Image, list[Any]]:
    kwargs: dict[str, Any] = {"subject": None, "project_root": ROOT, "game_folder": ROOT}
    plates.PLATES.clear()
    plates.UNPLATED.clear()
    render_face(layout, values, **kwargs)  # makes the plate
    plated, warnings = render_face(layout, values, **kwargs)  # draws over it
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(plates, "split_plate", _in_order)
        ordered, _ = render_face(layout, values, **kwargs)
    return plated, ordered, warnings


PANEL = {"kind": "rect", "x": "0.1in", "y": "0.85in", "width": "1.8in", "height": "0.5in"}
NOTE = {"kind": "text", "x": "0.1in", "y": "0.2in", "width": "1.8in", "height": "0.6in"}


def test_text_overflowing_onto_a_static_panel_is_drawn_in_layout_order() -> None:
    """The card's text sits above a panel drawn after it; long text overflows its box onto
    the panel, where the panel must cover it: the face is drawn in layout order."""
    layout = _layout(
        {
            "note": {**NOTE, "text": "{body}", "size": 14, "min_size": 14, "color": "#000000"},
            "panel": {**PANEL, "fill": "#3355aa"},
        }
    )
    assert [
        i
        for i, _ in plates.split_plate(
            list(layout.elements.items()), [True, True], Canvas.of(layout)
        )[0]
    ] == [1]  # the panel is planned onto the plate, under the text
    short = _both(layout, {"name": "x", "body": "Draw a card."})
    assert short[0].tobytes() == short[1].tobytes()
    assert not plates.UNPLATED
    long = _both(layout, {"name": "x", "body": "Draw a card. " * 30})
    assert any(w.code == "RN101" for w in long[2])  # it overflows, and says so once
    assert sum(w.code == "RN101" for w in long[2]) == 1
    assert long[0].tobytes() == long[1].tobytes()


def test_a_static_text_reaching_out_keeps_its_layout_order() -> None:
    """A fixed label too long for its box, drawn after the card's title it overflows onto:
    the plate is given up for that layout, and the pixels are the layout's."""
    layout = _layout(
        {
            "title": {**PANEL, "kind": "text", "text": "{name}", "size": 20, "color": "#aa0000"},
            "frame": {**PANEL, "y": "0.05in", "height": "0.1in", "fill": "#00aa00"},
            "label": {
                **NOTE,
                "text": "A fixed reminder far too long for its little box. " * 6,
                "size": 14,
                "min_size": 14,
                "color": "#000000",
            },
        }
    )
    canvas = Canvas.of(layout)
    hoisted = plates.split_plate(list(layout.elements.items()), [True] * 3, canvas)[0]
    assert [i for i, _ in hoisted] == [1, 2]  # the label is planned onto the plate
    plated, ordered, _ = _both(layout, {"name": "Ember Knight"})
    assert plated.tobytes() == ordered.tobytes()
    assert plates.UNPLATED  # and given up when its ink reached out


def test_a_shape_paints_inside_its_extent() -> None:
    """Thousands of shapes at random fractional boxes, filled or outlined: none puts ink
    outside the whole-pixel extent the plates are planned with."""
    import random

    rng = random.Random(7)
    canvas = Canvas.of(_layout({}))
    for trial in range(1200):
        x, y = rng.uniform(0.0, 0.6), rng.uniform(0.0, 0.4)
        w, h = rng.uniform(0.02, 1.2), rng.uniform(0.02, 0.9)
        stroke = rng.choice([0.0, 0.4, 1.0, 2.5])
        kind = ("rect", "ellipse", "hexagon", "polygon")[trial % 4]
        props: dict[str, Any] = {
            "kind": kind,
            "x": f"{x:.4f}in",
            "y": f"{y:.4f}in",
            "width": f"{w:.4f}in",
            "height": f"{h:.4f}in",
            "fill": None if stroke and trial % (8 if kind == "rect" else 3) == 0 else "#000000",
            "stroke": "#000000" if stroke else None,
            "stroke_width": f"{stroke}mm",
        }
        if kind == "rect":
            props["radius"] = f"{rng.choice([0.0, 0.5, 2.0, 6.0, 20.0])}mm"
        if kind == "polygon":
            props["sides"] = rng.choice([3, 5, 8])
        layout = _layout({"s": props})
        element = layout.elements["s"]
        image = render_face(
            layout, {"name": "x"}, subject=None, project_root=ROOT, game_folder=ROOT
        )[0]
        ink = image.convert("L").point(lambda v: 255 if v < 255 else 0)
        allowed = Image.new("L", ink.size, 0)
        draw = ImageDraw.Draw(allowed)
        boxes = plates.extent(element, canvas)
        for b in boxes:  # whole pixels, the far edges exclusive
            if b[2] > b[0] and b[3] > b[1]:
                draw.rectangle((b[0], b[1], b[2] - 1, b[3] - 1), fill=255)
        outside = ImageChops.subtract(ink, allowed).getbbox()
        assert outside is None, (props, outside, boxes)


def test_the_shards_stat_names_are_drawn_once_on_the_plate() -> None:
    """Each stat's name comes before its value in the Shards layouts, so all five names join
    the plate and only the values are drawn for each Character."""
    renderer = GameRenderer.open(ROOT, "shards")
    layout = renderer.layouts.for_type("character")
    items = list(layout.elements.items())
    hoisted = {
        items[i][0] for i, _ in plates.split_plate(items, [True] * len(items), Canvas.of(layout))[0]
    }
    stats = ("agility", "vitality", "luck", "magic", "charisma")
    assert {f"{s}_label" for s in stats} <= hoisted
    assert not {f"{s}_value" for s in stats} & hoisted


def test_a_text_fixed_for_the_type_joins_the_plate_keyed_by_its_words() -> None:
    """`{type_label}` and `{game}` are the same on every card of a type: the text joins the
    plate, one plate per wording, so two types sharing a layout each get their own label;
    `{{icon}}` is a literal brace, not a value; a card's own value never joins."""
    layout = _layout(
        {
            "panel": {**PANEL, "fill": "#3355aa"},
            "kind_line": {**NOTE, "text": "{{bolt}} {type_label} · {game}", "size": 12},
            "name": {**PANEL, "kind": "text", "text": "{name}", "size": 12},
        }
    )
    items = list(layout.elements.items())
    canvas = Canvas.of(layout)
    values = {"type_label": "Ally", "game": "Shards", "name": "Ember"}
    hoisted = plates.split_plate(items, [True] * 3, canvas, values=values)[0]
    assert [i for i, _ in hoisted] == [0, 1]  # the panel and the type line; not the name
    assert [i for i, _ in plates.split_plate(items, [True] * 3, canvas)[0]] == [0]
    other = plates.split_plate(items, [True] * 3, canvas, {**values, "type_label": "Trait"})
    assert hoisted[1][1] != other[0][1][1]  # another wording, another plate
    kwargs: dict[str, Any] = {"subject": None, "project_root": ROOT, "game_folder": ROOT}
    plates.PLATES.clear()
    plates.UNPLATED.clear()
    faces = [
        render_face(layout, {**values, "type_label": t}, **kwargs)[0] for t in ("Ally", "Trait")
    ]
    assert len(plates.PLATES) == 2
    for face, kind in zip(faces, ("Ally", "Trait"), strict=True):
        plated, ordered, _ = _both(layout, {**values, "type_label": kind})
        assert face.tobytes() == ordered.tobytes() == plated.tobytes()
    assert faces[0].tobytes() != faces[1].tobytes()
