"""Deck lists: which cards, how many, and where each line stands in its file."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from cardgen.model.base import Printable, Strict

MAX_COUNT = 9_999
"""A count above this in a deck list is refused as absurd."""
UNKNOWN_SHOWN = 20
"""Unknown card names reported one by one, each with its did-you-mean; the others of a list
are counted in one more message (a list of 50,000 wrong names is not 50,000 lines)."""


def more_unknown(count: int) -> str:
    """The message for the unknown names past the first UNKNOWN_SHOWN, from its line on."""
    return (
        f"and {count:,} more unknown card name{'s' if count != 1 else ''} from this line on"
        f" (the first {UNKNOWN_SHOWN} are named above)"
    )


@dataclass(slots=True)
class DeckEntry:
    """One line of a deck list, as the loaders produce it (already validated).

    A plain record rather than a model: a deck list has dozens of lines and validation runs
    over thousands of lists, and the loaders have checked every value already.
    """

    name: str
    """The card's name as written in the list."""
    count: int
    """How many copies, 1 to MAX_COUNT."""
    line: int | None = None
    """1-based line in the deck file."""
    col: int | None = None
    """1-based column where the name starts."""
    section: str = ""
    """The section header above the line, if any."""
    whole: tuple[str, int] | None = None
    """The whole line and its column, when a count was read from it: a card of exactly
    that name in the pool is what the line means, once (`Agent X2`)."""


class Deck(Strict):
    """A deck list, loaded from YAML or text."""

    path: str = Field(description="The deck file, as shown in messages.")
    game: str | None = Field(default=None, description="The game id the list names, if any.")
    name: str = Field(default="", description="The deck's name.")
    entries: tuple[DeckEntry, ...] = Field(description="The lines of the list, in file order.")

    @property
    def card_count(self) -> int:
        """Cards in the deck, copies counted."""
        return sum(entry.count for entry in self.entries)


class DeckCard(Strict):
    """A card line in a YAML deck file."""

    name: Printable = Field(min_length=1, description="The card's name.")
    count: int = Field(default=1, ge=1, le=MAX_COUNT, description="How many copies.")


class DeckFile(Strict):
    """A YAML deck list: `game`, `name` and `cards` as a list of {name, count} or name: count."""

    game: str | None = Field(default=None, description="The game id, e.g. `shards`.")
    name: str = Field(default="", description="The deck's name.")
    description: str = Field(default="", description="Notes about the deck.")
    cards: (
        list[DeckCard]
        | dict[
            Annotated[Printable, Field(min_length=1)],
            Annotated[int, Field(ge=1, le=MAX_COUNT)],
        ]
    ) = Field(
        description="The cards: a list of {name, count} or a mapping name: count.",
        json_schema_extra={"minItems": 1, "minProperties": 1},  # "the deck list has no cards"
    )
