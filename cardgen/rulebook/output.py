"""`cardgen rules GAME`: a game's rulebook written out, the resolved Markdown, the HTML
page and the example card images beside it (in `output/GAME/rulebook/`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import CardgenError, Location, display_path
from cardgen.load.game import GamePack
from cardgen.project import Project
from cardgen.render.renderer import GameRenderer, drawable_layouts
from cardgen.rulebook.document import RULEBOOK, resolve_rulebook, rulebook_file
from cardgen.rulebook.html import rulebook_html
from cardgen.rulebook.record import Rulebook
from cardgen.rulebook.text import rulebook_text
from cardgen.write import Writer

FOLDER = "rulebook"
"""The rulebook's folder in the game's output."""
CARD_WIDTH = 300
"""How wide the example cards are drawn, in pixels (about 2.5 in at 120 dpi)."""


@dataclass(frozen=True)
class RulebookFiles:
    """What `write_rulebook` wrote: the resolved rulebook and its files."""

    rulebook: Rulebook
    """The resolved rulebook (the Markdown a PDF is made from)."""
    markdown: Path
    """The resolved Markdown, `rulebook.md`."""
    html: Path
    """The page, `rulebook.html`."""
    images: tuple[Path, ...]
    """The example card images, in `cards/`."""

    @property
    def files(self) -> list[Path]:
        """Every file written (or kept, unchanged)."""
        return [self.markdown, self.html, *self.images]


def rulebook_pack(project: Project, game: str) -> GamePack:
    """The game, refused when it has no rules document written against its data."""
    pack = project.game(game)
    if rulebook_file(pack) is None:
        where = display_path(pack.folder / RULEBOOK)
        raise CardgenError(
            "no rules document written against the data here (see docs/rulebooks.md)",
            Location(where),
        )
    return pack


def write_rulebook(project: Project, pack: GamePack, out: Path) -> RulebookFiles:
    """Resolve the game's rulebook and write it into `out`: `rulebook.md`, `rulebook.html`
    and `cards/<type>.png`, each file rewritten only when its bytes change."""
    book = resolve_rulebook(pack, out)
    writer = Writer(out)
    images = []
    if book.cards:
        renderer = GameRenderer(project, pack, drawable_layouts(project.root, pack))
        for example in book.cards:
            card = next(c for c in pack.cards if c.type == example.type)
            drawn = renderer.drawn(card, cell_size=_cell_size)
            images.append(writer.write_if_changed(example.file, drawn.cell))
    markdown = writer.write_if_changed("rulebook.md", book.markdown.encode("utf-8"))
    html = writer.write_if_changed("rulebook.html", rulebook_html(book).encode("utf-8"))
    return RulebookFiles(book, markdown, html, tuple(images))


def _cell_size(width: int, height: int) -> tuple[int, int]:
    """An example card's size: `CARD_WIDTH` wide, its trim's proportions kept."""
    return CARD_WIDTH, round(height * CARD_WIDTH / width)


def notebook_text(pack: GamePack) -> str | None:
    """The game's resolved rulebook as plain text (a TTS Notebook's rules tab), or None
    when it has no rulebook."""
    if rulebook_file(pack) is None:
        return None
    return rulebook_text(resolve_rulebook(pack, pack.folder).markdown)
