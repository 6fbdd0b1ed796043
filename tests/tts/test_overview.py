"""The table seen from above: each object drawn at its save position, face-up cards with
their own cell of the sheet, face-down ones their back, tiles in their picture's colour,
hand zones in their seat colour, turned objects turned."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image

from cardgen.tts.objects import common, transform
from cardgen.tts.overview import BACKGROUND, draw_overview, square, table_view

CELL_COLOURS = [(200, 30, 30), (30, 200, 30), (30, 30, 200), (220, 220, 40)]


def _sheet(tmp_path: Path) -> tuple[Path, Path]:
    sheet = Image.new("RGB", (200, 280))
    for slot, colour in enumerate(CELL_COLOURS):  # a 2 x 2 grid of flat cells
        col, row = slot % 2, slot // 2
        sheet.paste(colour, (col * 100, row * 140, col * 100 + 100, row * 140 + 140))
    back = Image.new("RGB", (100, 140), (250, 120, 0))
    sheet.save(tmp_path / "sheet.png")
    back.save(tmp_path / "back.png")
    return tmp_path / "sheet.png", tmp_path / "back.png"


def _card(
    slot: int, x: float, z: float, *, face_up: bool = True, turn: float = 180
) -> dict[str, Any]:
    placed = transform(x, z, face_up=face_up)
    placed["rotY"] = turn
    card = common("a1b2c3", "Card", placed, f"card {slot}")
    card["CardID"] = 1000 * 100 + slot
    card["CustomDeck"] = {
        "1000": {
            "FaceURL": "face",
            "BackURL": "back",
            "NumWidth": 2,
            "NumHeight": 2,
            "UniqueBack": False,
        }
    }
    return card


def _pixel_at(
    picture: Image.Image, objects: list[dict[str, Any]], x: float, z: float
) -> tuple[int, ...]:
    """The colour drawn at a table position."""
    view, size = table_view(objects, [], 600)
    assert picture.size == size
    px, py = view.point(x, z)
    pixel = picture.getpixel((int(px), int(py)))
    assert isinstance(pixel, tuple)
    return pixel


def test_each_card_shows_its_own_cell_or_its_back(tmp_path: Path) -> None:
    face, back = _sheet(tmp_path)
    files = {"face": face, "back": back}
    objects = [_card(slot, slot * 4.0, 0.0) for slot in range(4)]
    objects.append(_card(0, 0.0, -6.0, face_up=False))
    picture = draw_overview(objects, files.get, px=600, labels=False)
    for slot, colour in enumerate(CELL_COLOURS):
        assert _pixel_at(picture, objects, slot * 4.0, 0.0) == colour
    assert _pixel_at(picture, objects, 0.0, -6.0) == (250, 120, 0)
    assert _pixel_at(picture, objects, 2.0, -3.0) == BACKGROUND  # nothing between them


def test_a_turned_card_is_drawn_turned(tmp_path: Path) -> None:
    face, back = _sheet(tmp_path)
    files = {"face": face, "back": back}
    upright = [_card(0, 0.0, 0.0), _card(1, 8.0, 8.0)]
    turned = [_card(0, 0.0, 0.0, turn=90), _card(1, 8.0, 8.0)]
    width = 56 / 25.4  # a card at scale 1 is 56 mm wide (tts-format.md 3.7), a unit an inch
    # a point beyond the card's half width but inside its half depth: covered only turned
    probe = (width / 2 + 0.3, 0.0)
    assert (
        _pixel_at(draw_overview(upright, files.get, px=600, labels=False), upright, *probe)
        == BACKGROUND
    )
    assert (
        _pixel_at(draw_overview(turned, files.get, px=600, labels=False), turned, *probe)
        == CELL_COLOURS[0]
    )


def test_tiles_take_their_pictures_colour_and_zones_their_seat(tmp_path: Path) -> None:
    Image.new("RGB", (16, 16), (10, 150, 90)).save(tmp_path / "tile.png")
    tile = common("d4e5f6", "Custom_Tile", transform(0.0, 0.0), "ground")
    tile["CustomImage"] = {"ImageURL": "tile"}
    zone = common(
        "a0a0a0",
        "HandTrigger",
        transform(6.0, 0.0, scale_x=4.0, scale_z=2.0),
        "White",
        color={"r": 1.0, "g": 0.0, "b": 0.0},
    )
    objects = [tile, zone]
    picture = draw_overview(objects, {"tile": tmp_path / "tile.png"}.get, px=600, labels=False)
    assert _pixel_at(picture, objects, 0.0, 0.0) == (10, 150, 90)
    assert _pixel_at(picture, objects, 6.0, 0.0) == BACKGROUND  # a zone is an outline
    assert _pixel_at(picture, objects, 4.03, 0.0) == (255, 0, 0)  # its left edge (x 6 - 4/2)


def test_pictures_missing_on_this_machine_are_drawn_plain() -> None:
    objects = [_card(0, 0.0, 0.0), _card(0, 4.0, 0.0, face_up=False)]
    picture = draw_overview(objects, lambda url: None, px=300)
    assert square(picture, 256).size == (256, 256)


def test_objects_turn_clockwise_seen_from_above_as_tts_turns_them() -> None:
    # a zone turned 45 degrees: TTS turns clockwise seen from above, so its long axis
    # (local x) runs from the south-east to the north-west
    zone = common(
        "b0b0b0",
        "HandTrigger",
        transform(0.0, 0.0, scale_x=6.0, scale_z=0.5),
        "Red",
        color={"r": 1.0, "g": 0.0, "b": 0.0},
    )
    zone["Transform"]["rotY"] = 45.0
    anchor = common("c0c0c0", "Counter", transform(4.0, 4.0), "anchor")
    objects = [zone, anchor, common("c1c1c1", "Counter", transform(-4.0, -4.0), "anchor")]
    picture = draw_overview(objects, lambda url: None, px=600, labels=False)
    end = 2.95 / 2**0.5  # just inside the zone's short edge, 3 units along its long axis
    assert _pixel_at(picture, objects, end, -end) == (255, 0, 0)
    assert _pixel_at(picture, objects, -end, end) == (255, 0, 0)
    assert _pixel_at(picture, objects, end, end) == BACKGROUND
