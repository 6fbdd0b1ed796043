"""Each card's images and size as the playtest table shows them: the front the build drew
(`cards/<slug>.png`), its type's back (`backs/<back>.png`), and the trim and bleed of its
layout, read from the game's layouts (no card is drawn to know them)."""

from __future__ import annotations

from pathlib import Path

from cardgen.load.game import GamePack
from cardgen.model.units import PER_INCH
from cardgen.render.game import card_files, geometry
from cardgen.render.renderer import drawable_layouts
from cardgen.tts.sizes import CardSize
from cardgen.web.table_state import TableCard
from cardgen.write import slug

MM_PER_PT = PER_INCH["mm"] / PER_INCH["pt"]


def table_faces(root: Path, pack: GamePack) -> dict[str, TableCard]:
    """Card name -> the card as the table shows it, for every card of the game (`root`:
    the project's folder, where its layouts are)."""
    layouts = drawable_layouts(root, pack)
    files = card_files(pack)
    shapes = {}
    found = {}
    for card in pack.cards:
        if card.type not in shapes:
            shapes[card.type] = geometry(layouts.for_type(card.type))
        shape = shapes[card.type]
        back = pack.game.types[card.type].back
        width, height = CardSize.from_pt(shape.trim_pt).key  # as the TTS table sizes it
        found[card.name] = TableCard(
            name=card.name,
            type=card.type,
            front=f"cards/{files[card.name]}.png",
            back=f"backs/{slug(back)}.png",
            width_mm=width,
            height_mm=height,
            bleed_mm=round(shape.bleed_pt * MM_PER_PT, 2),
        )
    return found
