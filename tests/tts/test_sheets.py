"""Composing a TTS sheet: every cell in its slot, a face shown twice made once."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from cardgen.tts.sheets import Face, SheetLayout, compose


def test_each_slot_shows_its_face_and_a_repeated_face_is_made_once() -> None:
    colours = {"a": (200, 30, 30), "b": (30, 200, 30), "c": (30, 30, 200)}
    faces = [Face(Path(f"{name}.png"), 0) for name in "abacaba"]
    layout = SheetLayout(cols=3, rows=3, cell_w=8, cell_h=5)
    asked: list[str] = []

    def made(face: Face, size: tuple[int, int]) -> Image.Image:
        asked.append(face.path.stem)
        return Image.new("RGB", size, colours[face.path.stem])

    sheet = compose(faces, layout, made)
    assert sheet.size == (24, 15)
    assert asked == ["a", "b", "c"]  # a shows four times, b twice: each made once
    for slot, face in enumerate(faces):
        row, col = divmod(slot, layout.cols)
        box = (col * 8, row * 5, col * 8 + 8, row * 5 + 5)
        assert sheet.crop(box).getcolors() == [(40, colours[face.path.stem])], slot
    assert sheet.crop((8, 10, 24, 15)).getcolors() == [(80, (0, 0, 0))]  # empty slots
