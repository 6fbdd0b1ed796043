"""`cardgen render GAME`: every card face and back of a game as PNG files.

Faces go to `<out>/cards/<slug>.png`, backs to `<out>/backs/<back>.png`. Cards are drawn in
parallel over all cores (a process pool) and written in pool order, so the files and their
bytes are the same as a serial run's.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable, Collection, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import reportlab
from PIL import Image

from cardgen.cache import Cache, digest, file_digest
from cardgen.check.layout_fields import field_problems
from cardgen.check.select import parse_query, query_matches
from cardgen.errors import CardgenError, ErrorCollector, InternalError
from cardgen.failures import while_doing
from cardgen.load.game import GamePack
from cardgen.load.layouts import LayoutSet, load_layouts
from cardgen.load.pool import card_label
from cardgen.manifest import record_for_game
from cardgen.model.card import SOURCE_FIELDS, Card
from cardgen.model.game import CardBack
from cardgen.model.labels import label_values
from cardgen.model.layout import Layout
from cardgen.package.tts_sheets import make_cell, standard_cell
from cardgen.parallel import cores, process_pool
from cardgen.project import Project
from cardgen.render import helpers as _helpers  # noqa: F401 - registers the drawing helpers
from cardgen.render.art import resolve_art
from cardgen.render.card import (
    Canvas,
    RenderWarning,
    back_values,
    render_card,
    render_face,
)
from cardgen.render.card_art import layout_file
from cardgen.render.png import encode_png
from cardgen.render.textfit import keywords
from cardgen.write import Writer, slug


def png_bytes(image: Image.Image, dpi: int) -> bytes:
    """Encode a PNG deterministically (no time stamps), with its DPI recorded."""
    return encode_png(image, dpi)


def drawable_layouts(root: Path, pack: GamePack) -> LayoutSet:
    """The game's layouts; a value one reads that the cards drawn with it do not have (a
    field of another type) is an error naming the element, not a blank on the card."""
    layouts = load_layouts(root, pack.game)
    errors = ErrorCollector()
    for problem in field_problems(layouts):
        errors.add(problem.message, problem.where)
    errors.raise_if_any()
    return layouts


@dataclass
class GameRenderer:
    """Draws a game's cards and backs; one per process in a parallel run."""

    project: Project
    pack: GamePack
    layouts: LayoutSet
    _layout_keys: dict[str, str] = field(default_factory=dict)

    @classmethod
    def open(cls, root: Path, game_id: str) -> GameRenderer:
        project = Project(root)
        pack = project.game(game_id, partial=True)  # the cards the main process builds
        return cls(project, pack, drawable_layouts(root, pack))

    def card_key(self, card: Card) -> str:
        """The cache key of a card's image: its data, its layout, its art, the fonts."""
        layout = self.layouts.for_type(card.type)
        data = card.model_dump(exclude=SOURCE_FIELDS)
        art = ""
        if card.art:
            with at_card(card):
                path = resolve_art(card.art, self.pack.folder, self.project.root)
            art = file_digest(path) if path.is_file() else "missing"
        return digest(
            "card",
            data,
            self._layout_key(layout),
            art,
            self.pack.game.types[card.type].label,
            self.pack.game.name,
            keywords(self.pack),
            self._labels(card),
        )

    def _labels(self, card: Card) -> dict[str, str]:
        return label_values(self.pack.game.types[card.type], card.fields)

    def back_key(self, back_id: str) -> str:
        spec = self.pack.game.backs.get(back_id)
        return digest(
            "back",
            back_id,
            spec.model_dump() if spec else None,
            self._layout_key(self.layouts.for_back(back_id)),
            self.pack.game.name,
        )

    def _layout_key(self, layout: Layout) -> str:
        """The layout with everything it extends, the files its images and fonts come from."""
        if layout.name not in self._layout_keys:
            files = []
            for name in layout.elements:  # the fixed images it draws
                path = layout_file(layout, name, self.pack.folder, self.project.root)
                if path is not None:
                    files.append(file_digest(path) if path.is_file() else "missing")
            for family in layout.fonts.values():
                for face in family.model_dump().values():
                    if face:
                        path = (self.project.root / face).resolve()
                        files.append(file_digest(path) if path.is_file() else "missing")
            self._layout_keys[layout.name] = digest(
                layout.model_dump(mode="json", exclude={"sources"}), files, reportlab.Version
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
            )
        return image, warnings, layout

    def card(self, card: Card) -> tuple[bytes, list[RenderWarning]]:
        image, warnings, layout = self._image(card)
        return png_bytes(image, layout.dpi), warnings

    def drawn(self, card: Card, *, cell: bool = True) -> Drawn:
        """The card's PNG, and (with `cell`) its Tabletop Simulator cell made while the image
        is at hand (a sheet needs no PNG decoded again, and the scaling runs on every core)."""
        image, warnings, layout = self._image(card)
        with at_card(card):
            if not cell:
                return Drawn(png_bytes(image, layout.dpi), warnings, b"", (0, 0))
            bleed = round(Canvas.of(layout).bleed)
            size = standard_cell(image.width - 2 * bleed, image.height - 2 * bleed)
            made = encode_png(make_cell(image, bleed, size), level=1)
            return Drawn(png_bytes(image, layout.dpi), warnings, made, size)

    def back(self, back_id: str) -> tuple[bytes, list[RenderWarning]]:
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
            )
            return png_bytes(image, layout.dpi), warnings


@dataclass(frozen=True, slots=True)
class Drawn:
    """A card as drawn: its PNG, the warnings, and its sheet cell (PNG) of `cell_size`."""

    png: bytes
    warnings: list[RenderWarning]
    cell: bytes
    cell_size: tuple[int, int]


def cell_key(card_key: str, size: tuple[int, int]) -> str:
    """The cache key of a card's sheet cell of `size`."""
    return digest("tts-cell", card_key, list(size))


CELL_EXT = "cell.png"


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
_cells = False


_inherited: GameRenderer | None = None
"""The main process's renderer while a pool starts: a forked worker has it already loaded."""


def _init(root: str, game_id: str, cells: bool) -> None:
    global _worker, _cells
    mine = _inherited
    if mine is not None and (str(mine.project.root), mine.pack.id) == (root, game_id):
        _worker = mine  # forked: the game and layouts are in memory, not loaded again
    else:
        _worker = GameRenderer.open(Path(root), game_id)
    _cells = cells


def _render_index(index: int) -> Drawn:
    assert _worker is not None
    return _worker.drawn(_worker.pack.cards[index], cell=_cells)


@dataclass
class RenderResult:
    """What `render_game` wrote and what it warns about."""

    game: str
    out: Path
    cards: list[dict[str, Any]] = field(default_factory=list)
    backs: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[RenderWarning] = field(default_factory=list)
    drawn: int = 0
    reused: int = 0

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "out": str(self.out),
            "cards": self.cards,
            "backs": self.backs,
            "warnings": [w.as_json() for w in self.warnings],
        }


def card_files(pack: GamePack) -> dict[str, str]:
    """Card name -> file slug; two cards whose files would collide are an error."""
    by_slug: dict[str, list[Card]] = defaultdict(list)
    for card in pack.cards:
        by_slug[slug(card.name)].append(card)
    errors = ErrorCollector()
    for name, cards in by_slug.items():
        if len(cards) > 1:
            listed = ", ".join(f'"{c.name}" ({c.location})' for c in cards)
            errors.add(
                f"cards {listed} would all be written to cards/{name}.png; rename one",
                cards[1].location,
            )
    errors.raise_if_any()
    return {cards[0].name: name for name, cards in by_slug.items()}


CHUNK = 4
"""Cards a worker draws per task."""


def jobs_for(count: int, jobs: int | None) -> int:
    """How many processes: all cores by default, one for a handful of cards."""
    if jobs is not None:
        return max(1, jobs)
    return 1 if count < 8 else cores()


def _rendered(
    renderer: GameRenderer,
    indexes: list[int],
    jobs: int,
    cells: bool,
) -> Generator[Drawn, None, None]:
    if jobs <= 1:
        for index in indexes:
            yield renderer.drawn(renderer.pack.cards[index], cell=cells)
        return
    global _inherited
    _inherited = renderer
    try:
        with process_pool(
            jobs,
            initializer=_init,
            initargs=(str(renderer.project.root), renderer.pack.id, cells),
        ) as pool:
            # small chunks: a worker sends each chunk's images at once, and the main process
            # holds them until written, so memory grows with the chunk, not with the game
            yield from pool.map(_render_index, indexes, chunksize=CHUNK)
    finally:
        _inherited = None


def _kept(cache: Cache | None, key: str | None, target: Path) -> list[RenderWarning] | None:
    """The warnings of a card whose output file is still the image the cache holds for
    `key` (as recorded when it was written): nothing to read or write. None otherwise."""
    if cache is None or key is None:
        return None
    meta = cache.current(key, target)
    if meta is None:
        return None
    return [RenderWarning(**w) for w in meta.get("warnings", [])]


def geometry(layout: Layout) -> dict[str, Any]:
    """A layout's physical geometry in points: trim width and height, and bleed."""
    canvas = Canvas.of(layout)
    scale = 72 / canvas.dpi
    return {
        "trim_pt": [canvas.trim_w * scale, canvas.trim_h * scale],
        "bleed_pt": canvas.bleed * scale,
        "dpi": canvas.dpi,
    }


def render_game(
    project: Project,
    game_id: str,
    out: Path,
    *,
    only: str | None = None,
    names: Collection[str] | None = None,
    jobs: int | None = None,
    cache: Cache | None = None,
    progress: Callable[[int], None] | None = None,
) -> RenderResult:
    """Render the chosen cards of a game (`only` query, or exactly `names`) and every back
    they use into `out`. With a cache, a card whose inputs did not change is not drawn
    again; `progress(n)` is told as cards are done."""
    pack = project.game(game_id)
    renderer = GameRenderer(project, pack, drawable_layouts(project.root, pack))
    files = card_files(pack)
    query = parse_query(only) if only else None
    if isinstance(query, dict):
        known = pack.game.field_names()
        for key in query:
            if key not in known:
                raise CardgenError(f'--only: unknown field "{key}"')
    indexes = [
        i
        for i, card in enumerate(pack.cards)
        if query_matches(card, query) and (names is None or card.name in names)
    ]
    if not indexes:
        raise CardgenError(f'--only "{only}" matches no card of {pack.game.name}')
    writer = Writer(out)
    result = RenderResult(pack.id, out)
    keys = {i: renderer.card_key(pack.cards[i]) for i in indexes} if cache else {}
    # which cards the cache holds; each is read when its turn comes (never all at once)
    cached = {i for i in indexes if cache.has(keys[i])} if cache else set()
    missing = [i for i in indexes if i not in cached]
    drawn = _rendered(renderer, missing, jobs_for(len(missing), jobs), cache is not None)
    for index in indexes:
        card = pack.cards[index]
        relative = Path("cards") / f"{files[card.name]}.png"
        data: bytes | None = None
        kept = _kept(cache, keys.get(index), writer.path(relative)) if index in cached else None
        if cache is not None and kept is not None:  # the file is this card's image already
            path, warnings = writer.keep(relative), kept
            result.reused += 1
        else:
            hit = cache.get(keys[index]) if cache is not None and index in cached else None
            if hit is not None:
                data, facts = hit
                warnings = [RenderWarning(**w) for w in facts.get("warnings", [])]
                result.reused += 1
            else:  # drawn by the pool, or here if its cache entry went away since it was seen
                made = next(drawn) if index not in cached else renderer.drawn(card)
                data, warnings = made.png, made.warnings
                facts = {"warnings": [w.as_json() for w in warnings]}
                result.drawn += 1
            path = writer.write_if_changed(relative, data)
            if cache is not None:
                if hit is None:  # a new entry: the card's file itself, and its cell
                    cache.put(keys[index], data, facts, source=path)
                    cache.put_data(cell_key(keys[index], made.cell_size), made.cell, CELL_EXT)
                cache.note_output(keys[index], path, facts)
        if progress is not None:
            progress(1)
        layout = renderer.layouts.for_type(card.type)
        result.cards.append(
            {
                "name": card.name,
                "type": card.type,
                "file": str(path),
                "back": pack.game.types[card.type].back,
                "key": keys.get(index) or hashlib.sha256(data or b"").hexdigest()[:32],
                **geometry(layout),
            }
        )
        result.warnings.extend(warnings)
    drawn.close()  # its pool shut down here: a Ctrl-C then is not lost to the collector
    if cache is not None:
        cache.save()
    backs = sorted({pack.game.types[pack.cards[i].type].back for i in indexes})
    for back_id in backs:
        key = renderer.back_key(back_id)
        hit = cache.get(key) if cache else None
        if hit is not None:
            data, warnings = hit[0], [RenderWarning(**w) for w in hit[1].get("warnings", [])]
        else:
            data, warnings = renderer.back(back_id)
            if cache is not None:
                cache.put(key, data, {"warnings": [w.as_json() for w in warnings]})
        path = writer.write_if_changed(Path("backs") / f"{slug(back_id)}.png", data)
        result.backs.append(
            {
                "back": back_id,
                "file": str(path),
                "key": key,
                **geometry(renderer.layouts.for_back(back_id)),
            }
        )
        result.warnings.extend(warnings)
    written = [Path(item["file"]) for item in [*result.cards, *result.backs]]
    record_for_game(project.root, pack.id, written)  # for `clean` (and the next build)
    return result
