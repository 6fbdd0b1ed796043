"""Colour contrast as WCAG 2 measures it: a text colour chosen for its background.

A page's colours that vary (a card type's chip, a draw-odds cell shaded by its chance) get
their text colour from here rather than a fixed one: the first of the page's inks whose
contrast with the background reaches the WCAG AA ratio for normal text (4.5:1), or else the
ink with the most contrast. `shade` gives the opaque colour a translucent one makes over
another, so that a shaded cell's text is chosen against what the reader sees.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.render.paint import rgb

AA_NORMAL = 4.5
"""The least contrast WCAG 2 (level AA) asks of normal-size text."""
WHITE = "#ffffff"
BLACK = "#000000"
INK = "#1f2430"
"""The pages' dark ink (the gallery's and the report's `--ink`)."""
MUTED = "#5f6877"
"""The pages' grey for secondary text (the gallery's and the report's `--muted`)."""


def hex_colour(channels: tuple[int, int, int]) -> str:
    """Three channels, 0 to 255, as `#rrggbb`."""
    return "#" + "".join(f"{max(0, min(255, c)):02x}" for c in channels)


def _linear(channel: int) -> float:
    """An sRGB channel (0 to 255) as linear light."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of `colour`: 0 for black, 1 for white."""
    r, g, b = (_linear(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """The contrast ratio of two colours, 1 to 21, in either order."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def readable_ink(
    background: str, inks: Sequence[str] = (WHITE, INK, BLACK), minimum: float = AA_NORMAL
) -> str:
    """The first of `inks` whose contrast with `background` reaches `minimum`; when none
    does, the one with the most contrast. With the default inks every background gets one
    that reaches 4.5:1 (white or black always does): white where it reads, else the pages'
    dark ink, else black."""
    for ink in inks:
        if contrast(ink, background) >= minimum:
            return ink
    return max(inks, key=lambda ink: contrast(ink, background))


def shade(colour: str, alpha: float, over: str = WHITE) -> str:
    """The opaque colour `colour` at opacity `alpha` (0 to 1) shows over `over`."""
    (r1, g1, b1), (r0, g0, b0) = rgb(colour), rgb(over)

    def mix(top: int, bottom: int) -> int:
        return round(top * alpha + bottom * (1 - alpha))

    return hex_colour((mix(r1, r0), mix(g1, g0), mix(b1, b0)))
