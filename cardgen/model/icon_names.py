"""The names of the built-in icons: each icon's English name, its other names, what it shows.

This is plain data, so that code that only needs to know whether a name is an icon (loading
a layout, linting card text) does not import the drawings (`cardgen.render.icons`, which
draws an icon under its English name). An alias (`lune`, the French name of `moon`) draws
the same icon, pixel for pixel; layouts and card text may use either.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardgen.fuzzy import did_you_mean

__all__ = ["ALIASES", "BUILT_IN", "BuiltinIcon", "canonical", "known_names", "unknown_icon"]


@dataclass(frozen=True, slots=True)
class BuiltinIcon:
    """A built-in icon: its English name, the other names it answers to, what it shows."""

    name: str
    depicts: str
    aliases: tuple[str, ...] = ()


BUILT_IN: tuple[BuiltinIcon, ...] = (
    # made for Shards of the Artisan (its five stats, its pens and crystals)
    BuiltinIcon("agility", "a lightning bolt with speed lines"),
    BuiltinIcon("heart", "a heart", ("vitality", "coeur")),
    BuiltinIcon("luck", "a four-leaf clover with a curved stem"),
    BuiltinIcon("magic", "a large sparkle with two small ones"),
    BuiltinIcon("charisma", "a three-pointed crown with jewels and a band"),
    BuiltinIcon("pen", "a fountain-pen nib, tilted as if writing"),
    BuiltinIcon("crystal-half-left", "the left half of a faceted crystal"),
    BuiltinIcon("crystal-half-right", "the right half of a faceted crystal"),
    BuiltinIcon("crystal", "a whole faceted crystal"),
    BuiltinIcon("shard", "a jagged crystal shard with a small splinter beside it"),
    # made for Blubler's twelve shapes (French names kept as aliases)
    BuiltinIcon("drop", "a water drop", ("goutte",)),
    BuiltinIcon("star", "a five-pointed star", ("etoile",)),
    BuiltinIcon("spiral", "a spiral of two and a half turns", ("spirale",)),
    BuiltinIcon("cloud", "a cloud on a flat base", ("nuage",)),
    BuiltinIcon("moon", "a crescent moon", ("lune",)),
    BuiltinIcon("lightning", "a lightning bolt", ("eclair",)),
    BuiltinIcon("bubble", "a soap bubble: a ring with a highlight", ("bulle",)),
    BuiltinIcon("snowflake", "a snowflake with six branched spokes", ("flocon",)),
    BuiltinIcon("leaf", "a leaf with its veins, on a short stem", ("feuille",)),
    BuiltinIcon("shell", "a scallop shell", ("coquille",)),
    BuiltinIcon("feather", "a feather with two notches in its vane", ("plume",)),
    # made for Yokai Sketch and Splatterkins, and plain shapes
    BuiltinIcon("eye", "an eye: almond, iris, pupil and a glint"),
    BuiltinIcon("bell", "a hand bell with a clapper"),
    BuiltinIcon("brush", "a paint brush, tilted"),
    BuiltinIcon("circle", "a disc"),
    BuiltinIcon("diamond", "a rhombus, taller than wide"),
    BuiltinIcon("hexagon", "a regular hexagon, pointy side up"),
    BuiltinIcon("triangle", "an equilateral triangle pointing up"),
    BuiltinIcon("square", "a square with slightly rounded corners"),
    BuiltinIcon("paint-drop", "a glossy drop of paint"),
    # made for Splatoon: The Board Game
    BuiltinIcon("splattershot", "a chunky ink blaster, nozzle to the right"),
    BuiltinIcon("splat-roller", "a paint roller"),
    BuiltinIcon("splat-charger", "a long charger rifle with a scope, nozzle to the right"),
    BuiltinIcon("squid", "a squid with big eyes and short tentacles"),
)
"""Every built-in icon, in the order `cardgen icons` lists them."""

NAMES: frozenset[str] = frozenset(i.name for i in BUILT_IN)
"""The English names."""

ALIASES: dict[str, str] = {alias: i.name for i in BUILT_IN for alias in i.aliases}
"""Another name -> the English name of the icon it draws."""


def canonical(name: str) -> str | None:
    """The English name of the built-in icon `name` stands for, or None for no built-in."""
    return name if name in NAMES else ALIASES.get(name)


def known_names(extra: Iterable[str] = ()) -> list[str]:
    """Every name that draws a built-in icon (and the `extra` ones, a layout's aliases)."""
    return sorted({*NAMES, *ALIASES, *extra})


def unknown_icon(name: str, extra: Iterable[str] = (), context: str = "") -> str:
    """The message for an icon name that draws nothing (`context` follows the name), with
    the closest name known, built-in or `extra`."""
    hint = did_you_mean(name, known_names(extra))
    return f'unknown icon "{name}"{context}' + (hint or "; cardgen icons lists them")
