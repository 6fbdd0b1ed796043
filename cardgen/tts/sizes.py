"""Physical sizes on a Tabletop Simulator table: a component's millimetres as the scale of
the TTS object that shows it.

One table unit is taken as one inch (25.4 mm), as cards already are (`table.CARD_MM`:
TTS's card at scale 1 is about 56 x 80 mm, tts-deckconverter's figure) and as TTS's own
knowledge base speaks of thickness ("in in-game units (about an inch)"). What an object
spans at scale 1 is TTS's own and is written in no file; docs/tts.md gives the evidence
for each figure below, and which ones are not confirmed.
"""

from __future__ import annotations

MM_PER_UNIT = 25.4
"""Millimetres in one table unit."""
TILE_UNITS = 2.0
"""What a `Custom_Tile` spans at scale 1 with `Stretch` on, in units: a square tile 2 x 2
(two tiles of scale 38 at x = -38 and 38 meet at x = 0 in a real mod), a hex tile 2 from
flat side to flat side (assumed as for the square)."""
TOKEN_UNITS = 2.0
"""What a `Custom_Token` spans at scale 1 along its picture's longer side (assumed as for
a tile: not confirmed by a file TTS wrote)."""
DIE_UNITS = 1.0
"""The edge of a `Custom_Dice` d6 at scale 1 (assumed: not confirmed)."""


def units(mm: float) -> float:
    """A length in mm as table units."""
    return mm / MM_PER_UNIT


def tile_scale(mm: float) -> float:
    """The scale of a `Custom_Tile` (or a token shown as one) `mm` across."""
    return round(units(mm) / TILE_UNITS, 4)


def token_scale(mm: float) -> float:
    """The scale of a `Custom_Token` whose picture's longer side is `mm`."""
    return round(units(mm) / TOKEN_UNITS, 4)


def die_scale(mm: float) -> float:
    """The scale of a `Custom_Dice` with edges of `mm`."""
    return round(units(mm) / DIE_UNITS, 4)
