"""A card type's back the size of its face (SC509): a back layout of another trim size or
orientation than the type's own would be stretched onto it, in print and in TTS alike.

`cardgen check` reports it (an error at the back layout's `size:`), and print-and-play
refuses to print such a game (`refuse_mismatched_backs`) rather than stretch the back.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardgen.check.findings import Finding
from cardgen.errors import CardgenError, Location
from cardgen.load.game import GamePack
from cardgen.load.layouts import BUILTIN_PREFIX, LayoutSet, load_layouts
from cardgen.model.layout import Layout
from cardgen.model.units import card_size

BACK_SIZE_CODE = "SC509"
TOLERANCE_MM = 0.01
"""Sizes closer than this are one size (a layout's `2.5in` and `63.5mm` are equal)."""


def size_mm(layout: Layout) -> tuple[float, float]:
    """A layout's trim, width and height in mm."""
    width, height = card_size(layout.size)
    return (width.inches() * 25.4, height.inches() * 25.4)


def size_text(size: tuple[float, float]) -> str:
    """`88 x 63 mm landscape`, `70 x 120 mm` (to 0.01 mm)."""
    text = f"{round(size[0], 2):g} x {round(size[1], 2):g} mm"
    return f"{text} landscape" if size[0] > size[1] else text


def _where(layouts: LayoutSet, layout: Layout) -> Location:
    """The layout's `size:` (its file's first line when it takes its size from a parent)."""
    doc = layouts.documents.get(layout.name)
    if doc is None:
        return Location(layout.name, 1)
    return doc.location(["size"])


def back_size_findings(layouts: LayoutSet) -> Iterator[Finding]:
    """SC509 for each card type whose back's layout is not the size of the type's own."""
    game = layouts.game
    for type_id, ctype in game.types.items():
        face, back = layouts.for_type(type_id), layouts.for_back(ctype.back)
        face_size, back_size = size_mm(face), size_mm(back)
        if all(abs(a - b) < TOLERANCE_MM for a, b in zip(face_size, back_size, strict=True)):
            continue
        face_where = _where(layouts, face)
        built_in = back.name.startswith(BUILTIN_PREFIX)
        # the built-in back is cardgen's own file: reported at the type's layout instead
        where = face_where if built_in else _where(layouts, back)
        which = f"back {ctype.back!r}" + (" (the built-in back)" if built_in else "")
        yield Finding(
            "back-size",
            BACK_SIZE_CODE,
            f"{which} is {size_text(back_size)} but type {type_id!r}"
            f" ({face_where.path}) is {size_text(face_size)}; give it a back of its own"
            f" size (layouts/{game.id}/back-<id>.yaml, and `back: <id>` on the type)",
            where.path,
            where.line,
            col=where.col,
        )


def refuse_mismatched_backs(pack: GamePack) -> None:
    """Refuse (exit 2) a game a type of which has a back of another size than its face:
    printed, the back would be stretched onto the front."""
    root = pack.root if pack.root is not None else pack.folder.parent.parent
    for finding in back_size_findings(load_layouts(root, pack.game)):
        location = Location(finding.path, finding.line, finding.col)
        raise CardgenError(f"{finding.message} (cardgen check: {finding.code})", location)
