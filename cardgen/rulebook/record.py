"""What a resolved rulebook is: the seam between writing it against the data and making
pages of it (HTML here; a PDF or a booklet from the same record)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from cardgen.model.base import Strict


class ExampleCard(Strict):
    """A card drawn for the rulebook's card-types section, one per card type."""

    type: str = Field(description="The card type's id.")
    name: str = Field(description="The name of the card drawn (the type's first in the pool).")
    file: str = Field(description="Its image, relative to the rulebook's folder (`cards/x.png`).")


class Rulebook(Strict):
    """A rules document with every reference filled in and every generated section written
    out: plain CommonMark (with pipe tables) whose images lie under `base`."""

    game: str = Field(description="The game's id.")
    source: Path = Field(description="The rules document it was resolved from.")
    markdown: str = Field(description="The resolved Markdown.")
    title: str = Field(description="The document's title: its first level-1 heading.")
    language: str = Field(description="The game's language (`en`, `fr`).")
    base: Path = Field(description="The folder the Markdown's image paths are relative to.")
    cards: tuple[ExampleCard, ...] = Field(
        default=(), description="The example card images the Markdown shows, to be drawn."
    )
