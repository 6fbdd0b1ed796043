"""Card sizes on a Tabletop Simulator table: each pile scaled from its own cards' trim,
landscape cards written sideways, and the footprint a pile takes on the table.

A card at scale 1 is taken as 56 x 80 mm (`CARD_MM`, tts-deckconverter's measure of TTS's
default card), so a portrait card of W x H mm is scaled (W / 56, H / 80). A landscape card
(wider than tall) is written `SidewaysCard: true`, and a sideways card at scale 1 is that
default card turned, 80 x 56 mm: W x H mm is scaled (W / 80, H / 56) (docs/tts.md, "Card
sizes", says why). A table unit is an inch.

A component's millimetres become the scale of the TTS object that shows it the same way:
one unit is 25.4 mm (TTS's knowledge base speaks of thickness "in in-game units (about an
inch)"). What an object spans at scale 1 is TTS's own and is written in no file; docs/tts.md
("Components on the table") gives the evidence for each figure, and which are not confirmed.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

CARD_MM = (56.0, 80.0)
"""The size of a card at scale 1 in TTS (approximate, as tts-deckconverter measures it)."""
MM_PER_UNIT = 25.4
"""A TTS table unit is an inch."""


@dataclass(frozen=True, slots=True, order=True)
class CardSize:
    """A card's trim in mm, as its layout sets it (`key`: to 0.01 mm, what makes two
    sizes one)."""

    width: float
    height: float

    @classmethod
    def from_pt(cls, trim_pt: tuple[float, float]) -> CardSize:
        """The size of a trim given in points."""
        return cls(trim_pt[0] * 25.4 / 72, trim_pt[1] * 25.4 / 72)

    @property
    def key(self) -> tuple[float, float]:
        """The size to 0.01 mm: `2.5in` and `63.5mm` are one size."""
        return (round(self.width, 2), round(self.height, 2))

    @property
    def sideways(self) -> bool:
        """Whether TTS shows the card sideways (landscape: wider than tall)."""
        return self.width > self.height

    @property
    def base_mm(self) -> tuple[float, float]:
        """The card at scale 1, as this card lies: 56 x 80 mm, or 80 x 56 mm sideways."""
        return (CARD_MM[1], CARD_MM[0]) if self.sideways else CARD_MM

    @property
    def scale(self) -> tuple[float, float]:
        """The Transform's (scaleX, scaleZ) that make a TTS card this size."""
        base = self.base_mm
        return (self.width / base[0], self.height / base[1])

    @property
    def reach(self) -> tuple[float, float]:
        """The card's width and depth in default card widths and depths (56 and 80 mm):
        how far piles of it must stand apart, as the table's spacing counts it."""
        return (self.width / CARD_MM[0], self.height / CARD_MM[1])

    @property
    def label(self) -> str:
        """`88 x 63 mm`, and `landscape` after it when it is sideways."""
        text = f"{round(self.width, 2):g} x {round(self.height, 2):g} mm"
        return f"{text} landscape" if self.sideways else text


def footprint(scale_x: float, scale_z: float, sideways: bool) -> tuple[float, float]:
    """A card object's width and depth on the table, in units, from its Transform's scale
    (a sideways card is the default card turned)."""
    base = (CARD_MM[1], CARD_MM[0]) if sideways else CARD_MM
    return (base[0] / MM_PER_UNIT * scale_x, base[1] / MM_PER_UNIT * scale_z)


def spread(extents: list[float], step: float, *, centred: bool) -> list[float]:
    """Positions along one axis of things `extents` (in default card sizes) wide, `step`
    units apart at scale 1 centre to centre: each gap the mean of its neighbours' extents
    times `step`; centred on 0, or from 0 onwards. Things all of one size lie exactly
    `step * extent` apart."""
    count = len(extents)
    if not count:
        return []
    if len(set(extents)) == 1:
        if centred:
            return [(index - (count - 1) / 2) * step * extents[0] for index in range(count)]
        return [index * step * extents[0] for index in range(count)]
    places = [0.0]
    for before, after in pairwise(extents):
        places.append(places[-1] + step * (before + after) / 2)
    shift = (places[0] + places[-1]) / 2 if centred else 0.0
    return [place - shift for place in places]


TILE_UNITS = 2.0
"""What a `Custom_Tile` spans at scale 1 with `Stretch` on, in units: a square tile 2 x 2
(two tiles of scale 38 at x = -38 and 38 meet at x = 0 in a real mod), a hex tile 2 from
flat side to flat side (assumed as for the square)."""
TOKEN_UNITS = 2.0
"""What a `Custom_Token` spans at scale 1 along its picture's longer side (assumed as for
a tile: not confirmed by a file TTS wrote)."""
DIE_UNITS = 1.0
"""The edge of a `Custom_Dice` d6 at scale 1 (assumed: not confirmed)."""

PDF_UNITS = (2.0, 2.0 * 297 / 210)
"""What a `Custom_PDF` covers at scale 1, width and depth in units: taken as a tile's width
and an A4 page's proportions (assumed: not confirmed by a file TTS wrote)."""


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
