"""The components of a game's box checked as its cards are: the layouts they name exist and
are drawn at the component's size, the files they name are there, a die's faces and a
token's designs are whole, a tuck box holds cards of one size, a piece that starts on a
spawn has a board with one (SC701-SC706)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from cardgen.check.findings import Finding
from cardgen.fuzzy import did_you_mean
from cardgen.load.game import GamePack
from cardgen.load.layouts import LayoutSet, load_layouts
from cardgen.model.components import BoardComponent, Component, Die, Piece, Token, TuckBox
from cardgen.model.select import matches
from cardgen.model.units import card_size, component_size

SIZE_TOLERANCE_MM = 0.05
"""How far a layout's size may be from its component's: less than a printer's dot."""


def _mm(size: tuple[float, float]) -> str:
    return f"{size[0]:g} x {size[1]:g} mm"


def layout_mm(layouts: LayoutSet, name: str) -> tuple[float, float]:
    """A layout's trim size in mm."""
    width, height = card_size(layouts.layouts[name].size)
    return round(width.inches() * 25.4, 3), round(height.inches() * 25.4, 3)


class _Checker:
    """The checks of one game's components, with what they share: the game, its layouts
    and where each component is in game.yaml."""

    def __init__(self, pack: GamePack) -> None:
        self.pack = pack
        root = pack.root if pack.root is not None else pack.folder.parent.parent
        self.layouts = load_layouts(root, pack.game)

    def where(self, index: int, *keys: str | int) -> tuple[str, int | None]:
        """The file and line of a component's key in game.yaml."""
        found = self.pack.doc.location(["components", index, *keys])
        return found.path, found.line

    def finding(self, code: str, message: str, index: int, *keys: str | int) -> Finding:
        """A finding about component `index`, at its key."""
        path, line = self.where(index, *keys)
        return Finding("components", code, message, path, line)

    def layout(
        self, index: int, key: str, name: str | None, size: tuple[float, float]
    ) -> Iterator[Finding]:
        """SC701: the layout `name` exists; SC702: it is drawn at `size`."""
        if name is None:
            return
        own = [n for n in self.layouts.layouts if not n.startswith("builtin:")]
        if name not in self.layouts.layouts:
            yield self.finding(
                "SC701",
                f'layout "{name}" is not in layouts/{self.pack.id}/{did_you_mean(name, own)}',
                index,
                key,
            )
            return
        drawn = layout_mm(self.layouts, name)
        if any(abs(a - b) > SIZE_TOLERANCE_MM for a, b in zip(drawn, size, strict=True)):
            component = self.pack.game.components[index]
            yield self.finding(
                "SC702",
                f'layout "{name}" is {_mm(drawn)} but {component.kind} "{component.id}" is'
                f" {_mm(size)}: give the layout `size: {size[0]:g}mm x {size[1]:g}mm`",
                index,
                key,
            )

    def file(
        self, index: int, key: str | int, *more: str | int, name: str | None
    ) -> Iterator[Finding]:
        """SC703: a file the component names is in the game folder."""
        if name is None:
            return
        path: Path = self.pack.folder / name
        if not path.is_file():
            yield self.finding(
                "SC703", f"{name} is not a file in the game folder", index, key, *more
            )

    def each(self, index: int, component: Component) -> Iterator[Finding]:
        """Every finding about one component."""
        if isinstance(component, Token):
            size = component_size(component.size)
            yield from self.layout(index, "front", component.front, size)
            yield from self.layout(index, "back", component.back, size)
            yield from self.file(index, "mask", name=component.mask)
        elif isinstance(component, BoardComponent) and component.layout is not None:
            size = component_size(component.size or "")
            yield from self.layout(index, "layout", component.layout, size)
        elif isinstance(component, Die):
            yield from self.die(index, component)
        elif isinstance(component, Piece):
            yield from self.file(index, "image", name=component.image)
            yield from self.piece(index, component)
        elif isinstance(component, TuckBox):
            yield from self.tuckbox(index, component)

    def die(self, index: int, die: Die) -> Iterator[Finding]:
        """SC703 for each face's image; SC704: a face that shows nothing."""
        icons = sorted({name for layout in self.layouts.layouts.values() for name in layout.icons})
        for number, face in enumerate(die.faces):
            yield from self.file(index, "faces", number, "image", name=face.image)
            if face.icon is not None and face.icon not in icons:
                yield self.finding(
                    "SC704",
                    f'face {number + 1} shows icon "{face.icon}", which no layout of the game'
                    f" has{did_you_mean(face.icon, icons)}",
                    index,
                    "faces",
                    number,
                    "icon",
                )

    def piece(self, index: int, piece: Piece) -> Iterator[Finding]:
        """SC705: a piece that starts on its team's spawn needs teams and a board."""
        if piece.start == "spawn" and not (self.pack.game.teams and self.pack.game.boards):
            yield self.finding(
                "SC705",
                f'piece "{piece.id}" starts on a spawn, but the game has no'
                f" {'teams' if not self.pack.game.teams else 'board with a grid'}",
                index,
                "start",
            )

    def tuckbox(self, index: int, box: TuckBox) -> Iterator[Finding]:
        """SC706: a tuck box holds some cards, all of one size."""
        cards = [card for card in self.pack.cards if matches(card, box.where)]
        if not cards:
            yield self.finding("SC706", f'tuck box "{box.id}" holds no card', index, "where")
            return
        sizes: dict[tuple[float, float], str] = {}
        for card in cards:
            layout = self.layouts.for_type(card.type)
            sizes.setdefault(layout_mm(self.layouts, layout.name), card.type)
        if len(sizes) > 1:
            shown = ", ".join(f"{kind} {_mm(size)}" for size, kind in sizes.items())
            yield self.finding(
                "SC706",
                f'tuck box "{box.id}" holds cards of {len(sizes)} sizes ({shown}): give each'
                " size a box of its own (`where`)",
                index,
                "where",
            )


def check_components(pack: GamePack) -> Iterator[Finding]:
    """Every finding about the game's components."""
    if not pack.game.components:
        return
    checker = _Checker(pack)
    for index, component in enumerate(pack.game.components):
        yield from checker.each(index, component)
