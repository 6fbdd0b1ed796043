"""How a game is set out on the table: the deal table, the setup piles,
the opening hand and the draws a turn (the TTS table and the report's odds read it)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from cardgen.model.base import ID_PATTERN, Selector, Strict


class DealRow(Strict):
    """How many cards each player gets for a number of players."""

    players_min: int = Field(ge=1, description="Fewest players this row covers.")
    players_max: int = Field(ge=1, description="Most players this row covers.")
    cards_each: int = Field(ge=0, description="Cards dealt to each player.")
    boxes: int = Field(default=1, ge=1, description="Copies of the game needed.")


class Pile(Strict):
    """A pile of cards set out on the table at the start."""

    id: str = Field(pattern=ID_PATTERN, description="Stable kebab-case id.")
    label: str = Field(description="What the pile is called.")
    where: Selector = Field(description="Which cards go in it.")
    count: int | None = Field(default=None, ge=0, description="How many (default: all of them).")
    face_up: bool = Field(default=False, description="Whether the pile lies face up.")
    group_by: str | None = Field(
        default=None, description="Make one pile per value of this field (e.g. per colour)."
    )
    owner: Literal["player", "shared"] = Field(
        default="shared",
        description=(
            "Whose pile it is on a table set up for players (`cardgen tts --table`): `player`"
            " piles are laid out in front of each seat from that player's own deck, `shared`"
            " ones once in the middle of the table from the box."
        ),
    )
    place: Literal["middle", "left", "right", "ends"] = Field(
        default="middle",
        description=(
            "Where a `shared` pile lies on a table set up for players: `middle` in the row"
            " of shared piles in the middle, `left` or `right` at that end of the play"
            " area (as the player on the near side sees it), `ends` at the ends in turn"
            " (the first such pile left, the next right, ...)."
        ),
    )


class Setup(Strict):
    """How the game is set out on the table: used for deal tables and the TTS export."""

    deal: list[DealRow] = Field(default_factory=list, description="Cards dealt by player count.")
    deal_from: Selector | None = Field(default=None, description="Which cards are dealt.")
    piles: list[Pile] = Field(default_factory=list, description="Piles set out on the table.")
    hand: int | None = Field(default=None, ge=0, description="Starting hand size.")
    draw: int = Field(
        default=1,
        ge=0,
        description="Cards a player draws each turn after the opening hand (the report's odds).",
    )
    draw_pile: str | None = Field(
        default=None,
        description=(
            "The id of the pile hands are drawn from (default: the first face-down pile, the"
            " player's own when the game has `player` piles)."
        ),
    )
    notes: str = Field(default="", description="Anything else about setting up.")
    deal_label: str = Field(
        default="Dealt cards",
        description="The name of each player's pile of dealt cards on a TTS table.",
    )
    seat_decks: list[str] = Field(
        default_factory=list,
        description=(
            "Deck lists (paths in the game folder) the seats of a TTS table take in turn for"
            " their `player` piles when no `--deck` is given (default: `box.decks`)."
        ),
    )

    @model_validator(mode="after")
    def _draw_pile_known(self) -> Setup:
        ids = [pile.id for pile in self.piles]
        if self.draw_pile is not None and self.draw_pile not in ids:
            known = ", ".join(ids) or "none"
            raise ValueError(f"`draw_pile` {self.draw_pile!r} is not a pile id (piles: {known})")
        return self
