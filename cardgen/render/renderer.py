"""Drawing a game's cards and backs as PNG bytes, in this process or on every core.

A `GameRenderer` holds a game and its layouts and draws one card (or back) at a time, with
the cache key of each image: its data, layout, art and fonts. `rendered` draws a list of
cards over a process pool, one renderer per worker, and hands the results back in order,
so they are those of a serial run. What is written where is `render.game`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import reportlab
from PIL import Image

from cardgen.cache import digest, file_digest
from cardgen.errors import CardgenError, ErrorCollector, InternalError
from cardgen.failures import while_doing
from cardgen.load.art_paths import resolve_art
from cardgen.load.game import GamePack
from cardgen.load.layouts import LayoutSet, load_layouts
from cardgen.load.pool import card_label
from cardgen.model.card import SOURCE_FIELDS, Card
from cardgen.model.game import CardBack
from cardgen.model.labels import label_values
from cardgen.model.layout import ImageElement, Layout
from cardgen.parallel import cores, process_pool
from cardgen.project import Project
from cardgen.render import helpers as _helpers  # noqa: F401 - registers the drawing helpers
from cardgen.render.art_svg import art_digest
from cardgen.render.canvas import Canvas
from cardgen.render.card import render_card, render_face
from cardgen.render.card_art import layout_file
from cardgen.render.context import RenderWarning
from cardgen.render.fit import make_cell
from cardgen.render.icon_files import used_files
from cardgen.render.layout_fields import field_problems
from cardgen.render.png import encode_png
from cardgen.render.textfit import keywords
from cardgen.render.values import back_values, card_values, fill_template, resolved_element
from cardgen.warm import current, kept

CellSize = Callable[[int, int], tuple[int, int]]
"""A card's trim in pixels -> the size of the small copy (a cell) to make of it as it is
drawn, while the image is at hand: the Tabletop Simulator sheets paste these cells."""


def drawable_layouts(root: Path, pack: GamePack) -> LayoutSet:
    """The game's layouts; a value one reads that the cards drawn with it do not have (a
    field of another type) is an error naming the element, not a blank on the card."""
    layouts = load_layouts(root, pack.game)
    return kept("drawable layouts", layouts, lambda: _fields_checked(layouts))


def _fields_checked(layouts: LayoutSet) -> LayoutSet:
    """`layouts`, once no value they read is missing from the cards drawn with them."""
    errors = ErrorCollector()
    for problem in field_problems(layouts):
        errors.add(problem.message, problem.where)
    errors.raise_if_any()
    return layouts


@dataclass(frozen=True, slots=True)
class Drawn:
    """A card as drawn: its PNG, the warnings, and its cell (PNG) of `cell_size`."""

    png: bytes
    warnings: list[RenderWarning]
    cell: bytes
    cell_size: tuple[int, int]


@dataclass
class GameRenderer:
    """Draws a game's cards and backs; one per process in a parallel run."""

    project: Project
    pack: GamePack
    layouts: LayoutSet
    ink_saver: bool = False
    """Draw every face with its background and large fills lightened (`render.ink`)."""
    _layout_keys: dict[str, str] = field(default_factory=dict)

    @classmethod
    def open(cls, root: Path, game_id: str, *, ink_saver: bool = False) -> GameRenderer:
        """The renderer of a game of the project at `root` (its cards loaded as `build` does)."""
        project = Project(root)
        pack = project.game(game_id, partial=True)  # the cards the main process builds
        return cls(project, pack, drawable_layouts(root, pack), ink_saver)

    def _saver(self) -> list[str]:
        """What the ink saver adds to an image's cache key (nothing when it is off)."""
        return ["ink-saver"] if self.ink_saver else []

    def card_key(self, card: Card) -> str:
        """The cache key of a card's image: its data, its layout, its art, the fonts. While
        a `Warm` keeps the game's other files (`cardgen.warm`), the key of the same card
        (the same object: its pool row unchanged) drawn with the same layouts is kept."""
        warm = current()
        if warm is None:
            return self._card_key(card)
        slot = warm.slot("card keys")
        held = slot.get(id(card))
        same = held is not None and held[0] is card and held[1] is self.layouts
        if not same or held is None or held[2] != self.ink_saver:
            if len(slot) > 2 * len(self.pack.cards) + 64:  # the keys of cards long gone
                present = {id(c) for c in self.pack.cards}
                for gone in [k for k in slot if k not in present]:
                    del slot[gone]
            held = slot[id(card)] = (card, self.layouts, self.ink_saver, self._card_key(card))
        key: str = held[3]
        return key

    def _card_key(self, card: Card) -> str:
        layout = self.layouts.for_type(card.type)
        data = card.model_dump(exclude=SOURCE_FIELDS)
        type_label = self.pack.game.types[card.type].label
        labels = self._labels(card)
        values = card_values(card, type_label, self.pack.game.name, labels)
        art = ""
        if card.art:
            with at_card(card):
                path = resolve_art(card.art, self.pack.folder, self.project.root)
            art = art_digest(path, self.project.root) if path.is_file() else "missing"
        return digest(
            "card",
            data,
            self._layout_key(layout),
            art,
            list(self._passed_over(card)),
            self._icon_files(layout, values),
            self._image_files(layout, values),
            type_label,
            self.pack.game.name,
            keywords(self.pack),
            labels,
            *self._saver(),
        )

    def _passed_over(self, card: Card) -> tuple[str, ...]:
        """The other files of `art/` named after the card, not drawn (warned about)."""
        origin = self.pack.art.get(card.name)
        return origin.passed_over if origin is not None else ()

    def _icon_files(self, layout: Layout, data: Any) -> list[str]:
        """The hashes of the game's icon files that `data` names (`{coin}`, `coin`)."""
        found = []
        for name in used_files(layout.icons, data):
            file = layout.icons[name].file
            assert file is not None
            path = resolve_art(file, self.pack.folder, self.project.root)
            held = art_digest(path, self.project.root) if path.is_file() else "missing"
            found.append(f"{name}={held}")
        return found

    def _image_files(self, layout: Layout, values: dict[str, Any]) -> list[list[str]]:
        """The files the layout's image elements come to for a face's `values`, hashed: a
        `src` made of them (`emblems/{faction}.png`, `backs/{back}.png`) or one a switch
        picks; a fixed `src` is the layout's own (`_layout_key`). As drawing finds them
        (`render.elements`); a path drawing refuses is left to drawing to report."""
        found = []
        for name, element in layout.elements.items():
            if not element.switch and not (
                isinstance(element, ImageElement) and "{" in element.src
            ):
                continue
            try:
                resolved = resolved_element(name, element, values, layout)
                if not isinstance(resolved, ImageElement):
                    continue
                src = fill_template(resolved.src, values).strip()
                path = resolve_art(src, self.pack.folder, self.project.root) if src else None
            except CardgenError:
                found.append([name, "refused"])
                continue
            if path is not None:
                held = art_digest(path, self.project.root) if path.is_file() else "missing"
                found.append([name, src, held])
        return found

    def _labels(self, card: Card) -> dict[str, str]:
        return label_values(self.pack.game.types[card.type], card.fields)

    def back_key(self, back_id: str) -> str:
        """The cache key of a back's image: its spec, its layout, the game's name."""
        spec = self.pack.game.backs.get(back_id)
        shown = spec or CardBack(label=self.pack.game.name)
        layout = self.layouts.for_back(back_id)
        values = back_values(back_id, shown.label, shown.color, shown.accent, self.pack.game.name)
        return digest(
            "back",
            back_id,
            spec.model_dump() if spec else None,
            self._layout_key(layout),
            self._image_files(layout, values),
            self.pack.game.name,
            *self._saver(),
        )

    def _layout_key(self, layout: Layout) -> str:
        """The layout with everything it extends, the files its images and fonts come from,
        and the language its text is set in."""
        if layout.name not in self._layout_keys:
            files, root = [], self.project.root
            for name in layout.elements:  # the fixed images it draws
                path = layout_file(layout, name, self.pack.folder, self.project.root)
                if path is not None:
                    files.append(art_digest(path, root) if path.is_file() else "missing")
            for family in layout.fonts.values():
                for face in family.model_dump().values():
                    if face:
                        path = (self.project.root / face).resolve()
                        files.append(file_digest(path) if path.is_file() else "missing")
            elements = layout.model_dump(mode="json", include={"elements"})
            files.extend(self._icon_files(layout, elements))  # the icons its own text draws
            self._layout_keys[layout.name] = digest(
                # not where each element was written: a line added above it, or the project
                # named another way, changes no pixel
                layout.model_dump(mode="json", exclude={"sources", "src_sources"}),
                files,
                reportlab.Version,
                self.pack.game.language,  # plurals, number words, hyphenation
            )
        return self._layout_keys[layout.name]

    def _image(self, card: Card) -> tuple[Image.Image, list[RenderWarning], Layout]:
        layout = self.layouts.for_type(card.type)
        with at_card(card):
            image, warnings = render_card(
                card,
                layout,
                type_label=self.pack.game.types[card.type].label,
                game_name=self.pack.game.name,
                project_root=self.project.root,
                game_folder=self.pack.folder,
                keywords=keywords(self.pack),
                labels=self._labels(card),
                ink_saver=self.ink_saver,
                language=self.pack.game.language,
            )
        others = self._passed_over(card)
        if others:
            warnings.append(
                RenderWarning(
                    "RN106",
                    f"art by its name: {card.art} is drawn, {', '.join(others)}"
                    f" {'is' if len(others) == 1 else 'are'} also named after the card (SVG"
                    " first, then PNG, then by file name); name one in its art cell, or remove"
                    " the other",
                    card.name,
                    "",
                    card.source_path,
                    card.source_line,
                )
            )
        return image, warnings, layout

    def card(self, card: Card) -> tuple[bytes, list[RenderWarning]]:
        """The card's face as PNG bytes, and what it warns about."""
        image, warnings, layout = self._image(card)
        return encode_png(image, layout.dpi), warnings

    def drawn(self, card: Card, *, cell_size: CellSize | None = None) -> Drawn:
        """The card's PNG, and (with `cell_size`) its cell made while the image is at hand
        (a sheet needs no PNG decoded again, and the scaling runs on every core)."""
        image, warnings, layout = self._image(card)
        with at_card(card):
            if cell_size is None:
                return Drawn(encode_png(image, layout.dpi), warnings, b"", (0, 0))
            bleed = round(Canvas.of(layout).bleed)
            size = cell_size(image.width - 2 * bleed, image.height - 2 * bleed)
            made = encode_png(make_cell(image, bleed, size), level=1)
            return Drawn(encode_png(image, layout.dpi), warnings, made, size)

    def back(self, back_id: str) -> tuple[bytes, list[RenderWarning]]:
        """A back as PNG bytes (drawn from the game's spec of it), and what it warns about."""
        spec = self.pack.game.backs.get(back_id) or CardBack(label=self.pack.game.name)
        layout = self.layouts.for_back(back_id)
        values = back_values(back_id, spec.label, spec.color, spec.accent, self.pack.game.name)
        with while_doing(f"drawing back {back_id}"):
            image, warnings = render_face(
                layout,
                values,
                subject=None,
                project_root=self.project.root,
                game_folder=self.pack.folder,
                label=f"back {back_id}",
                ink_saver=self.ink_saver,
                language=self.pack.game.language,
            )
            return encode_png(image, layout.dpi), warnings


@contextmanager
def at_card(card: Card) -> Iterator[None]:
    """Give an error that names no line (a bad art path or image) the card's file and line:
    `cards.csv:7: card "Ember Knight": art "x.png": not an image`. An unexpected exception
    becomes one line naming the card (an element's own names the element too)."""
    try:
        with while_doing(f"drawing {card_label(card.name)[:-2]}"):
            yield
    except CardgenError as exc:
        if isinstance(exc, InternalError) or (
            exc.location is not None and exc.location.line is not None
        ):
            raise
        where = f"{exc.location}: " if exc.location is not None else ""
        raise CardgenError(
            f"{card_label(card.name)}{where}{exc.problem}",
            card.location,
        ) from None


_worker: GameRenderer | None = None
_cell_size: CellSize | None = None


_inherited: GameRenderer | None = None
"""The main process's renderer while a pool starts: a forked worker has it already loaded."""


def _init(root: str, game_id: str, cell_size: CellSize | None, ink_saver: bool = False) -> None:
    global _worker, _cell_size
    mine = _inherited
    if mine is not None and (str(mine.project.root), mine.pack.id, mine.ink_saver) == (
        root,
        game_id,
        ink_saver,
    ):
        _worker = mine  # forked: the game and layouts are in memory, not loaded again
    else:
        _worker = GameRenderer.open(Path(root), game_id, ink_saver=ink_saver)
    _cell_size = cell_size


def _render_index(index: int) -> Drawn:
    assert _worker is not None
    return _worker.drawn(_worker.pack.cards[index], cell_size=_cell_size)


CHUNK = 4
"""Cards a worker draws per task."""


def jobs_for(count: int, jobs: int | None) -> int:
    """How many processes: all cores by default, one for a handful of cards."""
    if jobs is not None:
        return max(1, jobs)
    return 1 if count < 8 else cores()


def rendered(
    renderer: GameRenderer,
    indexes: list[int],
    jobs: int,
    cell_size: CellSize | None,
) -> Generator[Drawn, None, None]:
    """The cards of `renderer.pack` at `indexes` drawn (with their cells, given
    `cell_size`), in order, on `jobs` processes. Close it to shut its pool down."""
    if jobs <= 1:
        for index in indexes:
            yield renderer.drawn(renderer.pack.cards[index], cell_size=cell_size)
        return
    global _inherited
    _inherited = renderer
    try:
        with process_pool(
            jobs,
            initializer=_init,
            initargs=(str(renderer.project.root), renderer.pack.id, cell_size, renderer.ink_saver),
        ) as pool:
            # small chunks: a worker sends each chunk's images at once, and the main process
            # holds them until written, so memory grows with the chunk, not with the game
            yield from pool.map(_render_index, indexes, chunksize=CHUNK)
    finally:
        _inherited = None
