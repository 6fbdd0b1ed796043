"""The API's rulebooks: a game's rules document written against its data, resolved and
written out as Markdown and an HTML page (`cardgen rules`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.api.projects import PathLike, ProjectLike, opened_for

if TYPE_CHECKING:
    from cardgen.rulebook.record import Rulebook


@dataclass(frozen=True)
class Rules:
    """A rulebook written by `rules`: the resolved record and the files."""

    rulebook: Rulebook
    """The resolved rulebook: its Markdown, title, language and image folder (a PDF's
    input)."""
    markdown: Path
    """The resolved Markdown, `rulebook.md`."""
    html: Path
    """The HTML page, `rulebook.html`."""
    images: tuple[Path, ...]
    """The example card images beside it."""

    def as_json(self) -> dict[str, Any]:
        """What `cardgen rules --format json` prints."""
        return {
            "game": self.rulebook.game,
            "title": self.rulebook.title,
            "language": self.rulebook.language,
            "source": str(self.rulebook.source),
            "markdown": str(self.markdown),
            "html": str(self.html),
            "images": [str(path) for path in self.images],
        }


def rules(project: ProjectLike, game: str, *, out: PathLike | None = None) -> Rules:
    """Resolve the game's `rulebook.md` against its data (every bad reference raised
    together, each at its line and column) and write `rulebook.md`, `rulebook.html` and an
    example card image per card type into `out` (default: `output/GAME/rulebook`)."""
    from cardgen.outputs import game_folder
    from cardgen.rulebook.output import FOLDER, rulebook_pack, write_rulebook

    target = Path(out) if out is not None else None
    opened = opened_for(project, target)
    pack = rulebook_pack(opened, game)
    folder = target or game_folder(opened.root, game) / FOLDER
    written = write_rulebook(opened, pack, folder)
    return Rules(written.rulebook, written.markdown, written.html, written.images)
