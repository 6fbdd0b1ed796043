"""Art found by the card's name: a card whose `art` cell is empty (or a pool with no `art`
column) takes the file of the game's `art/` folder named after it.

A file is named after a card when its name, less its extension, makes the same slug as the
card's name (`cardgen.write.slug`, the card's own image file name): `art/ember-knight.svg`,
`art/Ember Knight.png` and `art/ember_knight.jpg` are all Ember Knight's. Only the files of
`art/` itself count, with an extension cardgen draws (`.svg`, or one Pillow opens), hidden
files (`.x.png`, macOS's `._x.png`) left out. When several are named after one card, one
is chosen in a fixed order (an SVG first, then a PNG, then the others by file name) and the
others are kept to be warned about (`ArtOrigin.passed_over`). A card whose cell names a
file keeps it, found or not. No image is opened here: `cardgen.render` draws the file.
"""

from __future__ import annotations

import functools
import os
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Literal

from cardgen.load.pool import card_label
from cardgen.model.card import Card
from cardgen.warm import current
from cardgen.write import slug

ART_FOLDER = "art"
"""The folder of a game (beside game.yaml) where art is found by the card's name."""

REFUSED_FORMATS = frozenset({"EPS", "WMF", "PDF", "MPEG", "BUFR", "GRIB", "HDF5"})
"""Formats Pillow names that cardgen does not draw (vector and document formats it refuses,
and those Pillow only recognises): never art by a card's name."""


@dataclass(frozen=True, slots=True)
class ArtOrigin:
    """Where a card's art comes from: its `art` cell, a file named after it, or nowhere."""

    path: str | None
    """The art as a path relative to the game folder (`art/aria.svg`), None for none."""
    by: Literal["cell", "name", "none"]
    """`cell`: the card's `art` value; `name`: found in `art/` by its name; `none`."""
    passed_over: tuple[str, ...] = ()
    """The other files of `art/` named after the card, not drawn."""

    def describe(self) -> str:
        """How `cardgen check --verbose` says it: `art/aria.svg (by its name)`."""
        if self.path is None:
            return "none (no art cell, no file in art/ named after it)"
        if self.by == "cell":
            return f"{self.path} (its art cell)"
        shown = f"{self.path} (by its name)"
        if self.passed_over:
            shown += "; not drawn: " + ", ".join(self.passed_over)
        return shown

    def as_json(self) -> dict[str, object]:
        """The origin as `cardgen check --format json` lists it under `art`."""
        return {"art": self.path, "by": self.by, "passed_over": list(self.passed_over)}


@functools.cache
def art_extensions() -> frozenset[str]:
    """The extensions (lower case, with the dot) of files cardgen draws as art."""
    from PIL import Image

    registered = Image.registered_extensions()  # loads every plugin: OPEN is whole after
    drawn = {
        ext for ext, fmt in registered.items() if fmt in Image.OPEN and fmt not in REFUSED_FORMATS
    }
    return frozenset({".svg", *drawn})


def _rank(name: str) -> tuple[int, str]:
    """The order files named after one card are chosen in: SVG, PNG, then by name."""
    suffix = PurePosixPath(name).suffix.lower()
    return ({".svg": 0, ".png": 1}.get(suffix, 2), name)


def art_by_name(game_folder: Path) -> dict[str, list[str]]:
    """Slug -> the files of the game's `art/` folder of that slug, in the order they are
    chosen (`art/...` paths); empty when there is no such folder."""
    folder = game_folder / ART_FOLDER
    found: dict[str, list[str]] = defaultdict(list)
    try:
        with os.scandir(folder) as entries:
            names = [e.name for e in entries if not e.name.startswith(".") and e.is_file()]
    except OSError:  # no art folder (or not one that can be read): nothing by name
        return {}
    if not names:
        return {}
    drawn = art_extensions()
    for name in names:
        path = PurePosixPath(name)
        if path.suffix.lower() in drawn and path.stem.strip() and "\\" not in name:
            found[slug(path.stem)].append(name)
    return {key: [f"{ART_FOLDER}/{n}" for n in sorted(v, key=_rank)] for key, v in found.items()}


def art_lines(cards: list[Card], origins: dict[str, ArtOrigin]) -> list[str]:
    """Where each card's art comes from, a line each at the card's row (`cardgen check
    --verbose`): `cards.csv:2: card "Aria": art: art/aria.svg (by its name)`."""
    none = ArtOrigin(None, "none")
    return [
        f"{card.location}: {card_label(card.name)}art: {origins.get(card.name, none).describe()}"
        for card in cards
    ]


def with_art_by_name(
    cards: list[Card], game_folder: Path
) -> tuple[list[Card], dict[str, ArtOrigin]]:
    """The cards, those without an art cell given the file named after them, and where each
    card's art comes from (by card name)."""
    warm = current()
    kept = warm.slot("art by name") if warm is not None else {}
    if ("folder", game_folder) not in kept:
        kept[("folder", game_folder)] = art_by_name(game_folder)
    by_name: dict[str, list[str]] = kept[("folder", game_folder)]
    copies: dict[int, tuple[Card, Card]] = kept.get(("copies", game_folder), {})
    copied: dict[int, tuple[Card, Card]] = {}  # this load's: the cards gone are not kept
    result: list[Card] = []
    origins: dict[str, ArtOrigin] = {}
    for card in cards:
        if card.art:
            origins[card.name] = ArtOrigin(card.art, "cell")
            result.append(card)
            continue
        files = by_name.get(slug(card.name), [])
        if not files:
            origins[card.name] = ArtOrigin(None, "none")
            result.append(card)
            continue
        origins[card.name] = ArtOrigin(files[0], "name", tuple(files[1:]))
        held = copies.get(id(card))  # the same copy for the same card: its key is kept too
        if held is None or held[0] is not card or held[1].art != files[0]:
            held = (card, card.model_copy(update={"art": files[0]}))
        copied[id(card)] = held
        result.append(held[1])
    if warm is not None:
        kept[("copies", game_folder)] = copied
    return result, origins
