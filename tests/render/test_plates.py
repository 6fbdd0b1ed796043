"""Plates (static elements drawn once and reused under each card) change no pixel: for two
cards of every card type of every example game, and every back, the image drawn on a plate
is the image drawn element by element in layout order."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

from cardgen.render import card as card_module
from cardgen.render.card import render_face
from cardgen.render.game import GameRenderer
from tests.conftest import ROOT

GAMES = ("shards", "splatterkins", "splatoon", "blublers", "yokai-sketch")


def _in_order(items: list[tuple[str, Any]], shown: list[bool], canvas: Any) -> Any:
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
            card_module._PLATES.clear()
            plated, _, _ = renderer._image(card)
            plated_again, _, _ = renderer._image(card)  # from the plate now in memory
            assert plated_again.tobytes() == plated.tobytes(), card.name
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(card_module, "_split_plate", _in_order)
                ordered, _, _ = renderer._image(card)
            faces.append((card.name, plated, ordered))
    for back_id in sorted({t.back for t in renderer.pack.game.types.values()}):
        layout = renderer.layouts.for_back(back_id)
        values = card_module.back_values(back_id, back_id, "#334455", "#ddeeff", game)
        kwargs: dict[str, Any] = {
            "subject": None,
            "project_root": renderer.project.root,
            "game_folder": renderer.pack.folder,
        }
        card_module._PLATES.clear()
        plated = render_face(layout, values, **kwargs)[0]
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(card_module, "_split_plate", _in_order)
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

    def reckless(items: list[tuple[str, Any]], shown: list[bool], canvas: Any) -> Any:
        hoisted, later = [], []
        for index, ((_, element), visible) in enumerate(zip(items, shown, strict=True)):
            key = card_module._plate_key(element, visible)
            (hoisted.append((index, key)) if key is not None else later.append(index))
        return hoisted, later

    monkeypatch.setattr(card_module, "_split_plate", reckless)
    faces = _faces("shards")
    assert any(plated.tobytes() != ordered.tobytes() for _, plated, ordered in faces)
