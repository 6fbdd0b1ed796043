"""`cardgen render GAME`: every card face and back of a game as PNG files.

Faces go to `<out>/cards/<slug>.png`, backs to `<out>/backs/<back>.png`. Cards are drawn in
parallel over all cores (a process pool, `render.renderer`) and written in pool order, so
the files and their bytes are the same as a serial run's. With the build's cache, a card
whose inputs did not change is not drawn again, and each card drawn leaves its cell there
too (of the size `cell_size` gives) for the Tabletop Simulator sheets.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections import defaultdict
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from cardgen.cache import Cache, digest
from cardgen.errors import CardgenError, ErrorCollector
from cardgen.load.game import GamePack
from cardgen.lock import LOCK, output_lock
from cardgen.manifest import CACHE, record_for_game
from cardgen.model.card import Card
from cardgen.model.layout import Layout
from cardgen.model.select import parse_query, query_matches
from cardgen.outputs import game_folder
from cardgen.project import Project
from cardgen.render.canvas import Canvas
from cardgen.render.context import RenderWarning
from cardgen.render.png import encode_png
from cardgen.render.rendered import Geometry, RenderedBack, RenderedCard
from cardgen.render.renderer import (
    CellSize,
    GameRenderer,
    drawable_layouts,
    jobs_for,
    rendered,
)
from cardgen.write import Writer, slug

__all__ = [  # GameRenderer: `cardgen lint` draws with it, imported from here
    "CELL_EXT",
    "GameRenderer",
    "RenderResult",
    "card_files",
    "cell_key",
    "game_cache",
    "geometry",
    "png_bytes",
    "render_game",
]


def png_bytes(image: Image.Image, dpi: int) -> bytes:
    """Encode a PNG deterministically (no time stamps), with its DPI recorded."""
    return encode_png(image, dpi)


@contextmanager
def game_cache(project: Project, game_id: str) -> Iterator[Cache]:
    """The cache of the game's own output folder, held under that folder's lock: `cardgen
    render`, `tts` and `pnp` draw only the cards whose inputs changed since any command last
    drew them there (as a build does), and never beside a build of the same game."""
    folder = game_folder(project.root, project.game(game_id).id)  # an unknown game: no folder
    made = [p for p in [folder / CACHE, folder, *folder.parents] if not p.exists()]
    try:
        with output_lock(folder):
            yield Cache(folder / CACHE)
    except BaseException:  # refused before it drew: the folders the lock made go again
        if made:
            with contextlib.suppress(OSError):
                (folder / LOCK).unlink()
            for empty in made:
                with contextlib.suppress(OSError):
                    empty.rmdir()  # only an empty folder: whatever was written stays
        raise


def cell_key(card_key: str, size: tuple[int, int]) -> str:
    """The cache key of a card's sheet cell of `size`."""
    return digest("tts-cell", card_key, list(size))


CELL_EXT = "cell.png"


@dataclass(frozen=True)
class RenderResult:
    """What `render_game` wrote and what it warns about."""

    game: str
    out: Path
    cards: tuple[RenderedCard, ...] = ()
    backs: tuple[RenderedBack, ...] = ()
    warnings: tuple[RenderWarning, ...] = ()
    drawn: int = 0
    reused: int = 0

    def images(self) -> list[RenderedCard | RenderedBack]:
        """Every image written: the cards', then the backs'."""
        return [*self.cards, *self.backs]

    def as_json(self) -> dict[str, Any]:
        """The result as `cardgen render --format json` prints it."""
        return {
            "game": self.game,
            "out": str(self.out),
            "cards": [card.as_json() for card in self.cards],
            "backs": [back.as_json() for back in self.backs],
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


def _kept(cache: Cache | None, key: str | None, target: Path) -> list[RenderWarning] | None:
    """The warnings of a card whose output file is still the image the cache holds for
    `key` (as recorded when it was written): nothing to read or write. None otherwise."""
    if cache is None or key is None:
        return None
    meta = cache.current(key, target)
    if meta is None:
        return None
    return [RenderWarning(**w) for w in meta.get("warnings", [])]


def geometry(layout: Layout) -> Geometry:
    """A layout's physical geometry in points: trim width and height, and bleed."""
    canvas = Canvas.of(layout)
    scale = 72 / canvas.dpi
    trim = (canvas.trim_w * scale, canvas.trim_h * scale)
    return Geometry(trim, canvas.bleed * scale, canvas.dpi)


def render_game(
    project: Project,
    game_id: str,
    out: Path,
    *,
    only: str | None = None,
    names: Collection[str] | None = None,
    jobs: int | None = None,
    cache: Cache | None = None,
    cell_size: CellSize | None = None,
    progress: Callable[[int], None] | None = None,
    ink_saver: bool = False,
) -> RenderResult:
    """Render the chosen cards of a game (`only` query, or exactly `names`) and every back
    they use into `out`. With a cache, a card whose inputs did not change is not drawn
    again, and (given `cell_size`) each card drawn leaves its cell there; `progress(n)` is
    told as cards are done. With `ink_saver`, backgrounds and large fills are lightened."""
    pack = project.game(game_id)
    renderer = GameRenderer(project, pack, drawable_layouts(project.root, pack), ink_saver)
    files = card_files(pack)
    indexes = _chosen(pack, only, names)
    writer = Writer(out)
    cards: list[RenderedCard] = []
    backs: list[RenderedBack] = []
    warned: list[RenderWarning] = []
    shapes: dict[str, Geometry] = {}  # each layout's geometry, worked out once
    keys = {i: renderer.card_key(pack.cards[i]) for i in indexes} if cache else {}
    # which cards the cache holds; each is read when its turn comes (never all at once)
    cached = {i for i in indexes if cache.has(keys[i])} if cache else set()
    missing = [i for i in indexes if i not in cached]
    cells = cell_size if cache is not None else None
    drawn = rendered(renderer, missing, jobs_for(len(missing), jobs), cells)
    images = _CardImages(renderer, writer, cache, cells, drawn)
    for index in indexes:
        card = pack.cards[index]
        relative = Path("cards") / f"{files[card.name]}.png"
        path, warnings, data = images.image(card, relative, keys.get(index), index in cached)
        if progress is not None:
            progress(1)
        layout = renderer.layouts.for_type(card.type)
        if layout.name not in shapes:
            shapes[layout.name] = geometry(layout)
        cards.append(
            RenderedCard(
                card.name,
                card.type,
                Path(path),
                pack.game.types[card.type].back,
                keys.get(index) or hashlib.sha256(data or b"").hexdigest()[:32],
                shapes[layout.name],
            )
        )
        warned.extend(warnings)
    drawn.close()  # its pool shut down here: a Ctrl-C then is not lost to the collector
    if cache is not None:
        cache.save()
    for back_id in sorted({pack.game.types[pack.cards[i].type].back for i in indexes}):
        back, warnings = _back(renderer, writer, cache, back_id)
        backs.append(back)
        warned.extend(warnings)
    result = RenderResult(
        pack.id, out, tuple(cards), tuple(backs), tuple(warned), images.made, images.reused
    )
    written = [item.file for item in result.images()]
    record_for_game(project.root, pack.id, written)  # for `clean` (and the next build)
    return result


def _chosen(pack: GamePack, only: str | None, names: Collection[str] | None) -> list[int]:
    """The indexes of the pool's cards `only` (a query) and `names` choose, in pool order;
    an unknown field in the query, or no card chosen, is an error."""
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
    return indexes


class _CardImages:
    """Each chosen card's image file, by the cheapest of four ways: the file is already the
    cached image (nothing read or written); the cache holds it (written from there); the
    pool drew it (in order); or its cache entry went away since it was seen (drawn here).
    Counts what was drawn (`made`) and `reused`; a new image goes into the cache with its
    sprite-sheet cell."""

    def __init__(
        self,
        renderer: GameRenderer,
        writer: Writer,
        cache: Cache | None,
        cells: CellSize | None,
        drawn: Iterator[Any],
    ) -> None:
        self.renderer, self.writer, self.cache, self.cells = renderer, writer, cache, cells
        self.drawn = drawn
        self.made = self.reused = 0

    def image(
        self, card: Card, relative: Path, key: str | None, cached: bool
    ) -> tuple[Path | str, list[RenderWarning], bytes | None]:
        """The card's file, its warnings and (unless kept as it was) its PNG bytes."""
        cache, writer = self.cache, self.writer
        target = writer.path(relative) if cached else None
        kept = _kept(cache, key, target) if target is not None else None
        if target is not None and kept is not None:  # the file is this card's image already
            self.reused += 1
            return writer.keep(relative, target), kept, None
        hit = cache.get(key) if cache is not None and key is not None and cached else None
        if hit is not None:
            data, facts = hit
            warnings = [RenderWarning(**w) for w in facts.get("warnings", [])]
            self.reused += 1
        else:  # drawn by the pool, or here if its cache entry went away since it was seen
            made = (
                next(self.drawn) if not cached else self.renderer.drawn(card, cell_size=self.cells)
            )
            data, warnings = made.png, made.warnings
            facts = {"warnings": [w.as_json() for w in warnings]}
            self.made += 1
        path = writer.write_if_changed(relative, data)
        if cache is not None and key is not None:
            if hit is None:  # a new entry: the card's file itself, and its cell
                cache.put(key, data, facts, source=path)
                if self.cells is not None:
                    cache.put_data(cell_key(key, made.cell_size), made.cell, CELL_EXT)
            cache.note_output(key, path, facts)
        return path, warnings, data


def _back(
    renderer: GameRenderer, writer: Writer, cache: Cache | None, back_id: str
) -> tuple[RenderedBack, list[RenderWarning]]:
    """A back's image file (from the cache, or drawn and cached) and its warnings."""
    key = renderer.back_key(back_id)
    hit = cache.get(key) if cache else None
    if hit is not None:
        data, warnings = hit[0], [RenderWarning(**w) for w in hit[1].get("warnings", [])]
    else:
        data, warnings = renderer.back(back_id)
        if cache is not None:
            cache.put(key, data, {"warnings": [w.as_json() for w in warnings]})
    path = writer.write_if_changed(Path("backs") / f"{slug(back_id)}.png", data)
    shape = geometry(renderer.layouts.for_back(back_id))
    return RenderedBack(back_id, Path(path), key, shape), warnings
