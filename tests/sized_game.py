"""A generated game whose card types are three sizes: poker portrait (t0), tarot 70 x 120
mm (t1) and landscape 88 x 63 mm (t2), each with a back of its own size; small layouts
(50 dpi) so that drawing it stays quick. For the TTS, print-shop and check tests of card
sizes (issue 34, part 4)."""

from __future__ import annotations

from pathlib import Path

from tests.oracles.games import Row, write_game

SIZES_MM = {"t0": (63.5, 88.9), "t1": (70.0, 120.0), "t2": (88.0, 63.0)}
"""Each type's trim, width x height in mm, as its layout below writes it."""


def layout(kind: str, size: tuple[float, float]) -> str:
    """A built-in card (`kind` card) or back (`kind` back) layout of `size` mm at 50 dpi."""
    return f"extends: builtin:{kind}\ndpi: 50\nsize: {size[0]:g}mm x {size[1]:g}mm\n"


def sized_layouts(backs: dict[str, tuple[float, float]] | None = None) -> dict[str, str]:
    """Each type's layout and its back's (`backs`: a back's own size, by type, instead)."""
    files = {}
    for index, (type_id, size) in enumerate(SIZES_MM.items()):
        files[f"{type_id}.yaml"] = layout("card", size)
        back = (backs or {}).get(type_id, size)
        files[f"back-b{index}.yaml"] = layout("back", back)
    return files


ROWS = [
    Row("Ace", "t0", 2),
    Row("Bard", "t0", 1),
    Row("Crown", "t1", 1),
    Row("Dusk", "t1", 1),
    Row("Eyrie", "t2", 2),
    Row("Ford", "t2", 1),
]
"""Two cards of each type; three copies of each type in all."""


def write_sized_game(root: Path, backs: dict[str, tuple[float, float]] | None = None) -> Path:
    """The project under `root` with the game `gen` of three card sizes."""
    return write_game(root, ROWS, types=3, layouts=sized_layouts(backs))
