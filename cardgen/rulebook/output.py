"""`cardgen rules GAME`: a game's rulebook written out, the resolved Markdown, the HTML
page, the printable PDFs (pages and booklet, A4 and Letter) and the example card images
beside them (in `output/GAME/rulebook/`)."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import CardgenError, Location, display_path
from cardgen.load.game import GamePack
from cardgen.outputs import PAPERS
from cardgen.project import Project
from cardgen.render.renderer import GameRenderer, drawable_layouts
from cardgen.rulebook.document import RULEBOOK, resolve_rulebook, rulebook_file
from cardgen.rulebook.html import rulebook_html
from cardgen.rulebook.pdf import rulebook_pdf
from cardgen.rulebook.record import Rulebook
from cardgen.rulebook.text import rulebook_text
from cardgen.tts.mod import TableRules
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
    pdfs: tuple[Path, ...]
    """The PDFs: `rulebook-a4.pdf`, `rulebook-letter.pdf` (a page a sheet) and
    `rulebook-booklet-a4.pdf`, `rulebook-booklet-letter.pdf` (saddle-stitched)."""

    @property
    def files(self) -> list[Path]:
        """Every file written (or kept, unchanged)."""
        return [self.markdown, self.html, *self.pdfs, *self.images]

    def table_rules(self) -> TableRules:
        """What a Tabletop Simulator table shows of it: its plain text (the Notebook's
        rules tab) and its A4 pages' PDF."""
        return TableRules(rulebook_text(self.rulebook.markdown), self.pdfs[0].read_bytes())


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
    images = _examples(project, pack, book, writer)
    markdown = writer.write_if_changed("rulebook.md", book.markdown.encode("utf-8"))
    html = writer.write_if_changed("rulebook.html", rulebook_html(book).encode("utf-8"))
    body = without_title(book.markdown, book.title)  # the PDF's cover shows the title
    pdfs = [
        writer.write_if_changed(
            f"rulebook-{'booklet-' if booklet else ''}{paper}.pdf",
            rulebook_pdf(
                body,
                title=book.title,
                language=book.language,
                base=out,
                paper=paper,
                booklet=booklet,
            ),
        )
        for booklet in (False, True)
        for paper in PAPERS
    ]
    return RulebookFiles(book, markdown, html, tuple(images), tuple(pdfs))


def _examples(project: Project, pack: GamePack, book: Rulebook, writer: Writer) -> list[Path]:
    """Draw the example card of each card type the rulebook shows, into `writer`'s folder."""
    images: list[Path] = []
    if book.cards:
        renderer = GameRenderer(project, pack, drawable_layouts(project.root, pack))
        for example in book.cards:
            card = next(c for c in pack.cards if c.type == example.type)
            drawn = renderer.drawn(card, cell_size=_cell_size)
            images.append(writer.write_if_changed(example.file, drawn.cell))
    return images


def without_title(markdown: str, title: str) -> str:
    """The Markdown without its first line when that is the title's level-1 heading."""
    first, _, rest = markdown.partition("\n")
    return rest.lstrip("\n") if first.strip() == f"# {title}" else markdown


def _cell_size(width: int, height: int) -> tuple[int, int]:
    """An example card's size: `CARD_WIDTH` wide, its trim's proportions kept."""
    return CARD_WIDTH, round(height * CARD_WIDTH / width)


def table_rules(project: Project, pack: GamePack) -> TableRules | None:
    """What a Tabletop Simulator table shows of the game's rulebook, or None when it has
    none: its plain text (the Notebook's rules tab) and its A4 PDF (a Custom_PDF on the
    table), the same bytes as `cardgen rules` writes in `rulebook-a4.pdf`. Made in a
    scratch folder: an export writes nothing of the rulebook into the game's output, and
    nothing at all when it is refused afterwards (a bad player count)."""
    if rulebook_file(pack) is None:
        return None
    with tempfile.TemporaryDirectory(prefix="cardgen-rulebook-") as scratch:
        base = Path(scratch)
        book = resolve_rulebook(pack, base)
        _examples(project, pack, book, Writer(base))
        body = without_title(book.markdown, book.title)
        pdf = rulebook_pdf(
            body,
            title=book.title,
            language=book.language,
            base=base,
            paper=PAPERS[0],
            booklet=False,
        )
    return TableRules(rulebook_text(book.markdown), pdf)
