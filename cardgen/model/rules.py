"""Deck-construction rules as data: one model per rule kind, chosen by `kind`.

Each rule has an id, a message in the game's own words, the rulebook clause it encodes
(`cite`) and a severity. The engine in `cardgen.check.deck_rules` evaluates them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from cardgen.model.base import ID_PATTERN, Selector, Strict
from cardgen.model.plugin_kinds import BUILTIN_DECK_RULES, WithPlugins, deck_rule_kinds


class RuleBase(Strict):
    """Fields every deck rule has."""

    id: str = Field(pattern=ID_PATTERN, description="Stable kebab-case id, e.g. `deck-size`.")
    message: str = Field(description="The rule in one sentence, in the game's own words.")
    cite: str = Field(default="", description="The rulebook clause or section this rule encodes.")
    severity: Literal["error", "warning"] = Field(
        default="error", description="`error` makes the deck illegal; `warning` only informs."
    )


class Bounded(Strict):
    """A `min` / `max` / `exact` range; at least one is required."""

    min: int | None = Field(default=None, ge=0, description="Fewest allowed.")
    max: int | None = Field(default=None, ge=0, description="Most allowed.")
    exact: int | None = Field(default=None, ge=0, description="Exactly this many.")

    @model_validator(mode="after")
    def _one_bound(self) -> Bounded:
        if self.min is None and self.max is None and self.exact is None:
            raise ValueError("give at least one of min, max or exact")
        if self.exact is not None and (self.min is not None or self.max is not None):
            raise ValueError("exact cannot be combined with min or max")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min} is greater than max {self.max}")
        return self


class DeckSizeRule(RuleBase, Bounded):
    """The number of cards in the deck (all copies counted)."""

    kind: Literal["deck_size"] = Field(description="Rule kind.")
    where: Selector = Field(
        default_factory=dict, description="Count only matching cards (default: every card)."
    )


class CountRule(RuleBase, Bounded):
    """How many cards matching a selector the deck may hold, e.g. exactly one Persona."""

    kind: Literal["count"] = Field(description="Rule kind.")
    where: Selector = Field(description="Which cards are counted.")
    label: str = Field(default="", description="What the counted cards are called, plural.")


class CountPerGroupRule(RuleBase, Bounded):
    """A limit for each group of matching cards, e.g. at most 5 Allies of each bonus."""

    kind: Literal["count_per_group"] = Field(description="Rule kind.")
    where: Selector = Field(description="Which cards are counted.")
    group_by: str = Field(description="The field whose values form the groups.")
    label: str = Field(default="", description="What the counted cards are called, plural.")


class CopiesRule(RuleBase):
    """At most `max` copies of any one card, with exemptions and per-card overrides."""

    kind: Literal["copies"] = Field(description="Rule kind.")
    max: int = Field(ge=1, description="Most copies of one card.")
    key: str = Field(default="name", description="The field that makes two cards the same card.")
    exempt: Selector | None = Field(
        default=None, description="Cards matching this have no copy limit."
    )
    overrides: dict[str, int] = Field(
        default_factory=dict, description="Per-card limits by name, e.g. `{Seven Dwarves: 7}`."
    )


class RequiredRule(RuleBase):
    """Cards the deck must contain: each of `cards`, and one of each `any_of` list."""

    kind: Literal["required"] = Field(description="Rule kind.")
    cards: list[str] = Field(default_factory=list, description="Every one of these is required.")
    any_of: list[list[str]] = Field(
        default_factory=list, description="For each list, at least one of its cards is required."
    )


class BannedRule(RuleBase):
    """Cards the deck may not contain (`restricted: true`: at most one copy of each)."""

    kind: Literal["banned"] = Field(description="Rule kind.")
    cards: list[str] = Field(default_factory=list, description="Banned card names.")
    where: Selector | None = Field(default=None, description="Ban every card matching this.")
    restricted: bool = Field(
        default=False, description="Allow one copy instead of none (a restricted list)."
    )


class LinkedRule(RuleBase):
    """Each card of the deck matching `where` needs a card matching `target` with the same
    `field` value in the deck too: a Revision without its Original cannot be played."""

    kind: Literal["linked"] = Field(description="Rule kind.")
    where: Selector = Field(description="The cards that need a partner in the deck.")
    field: str = Field(description="The field both cards share (`line`).")
    target: Selector = Field(description="What the partner in the deck must be.")


DeckRule = Annotated[
    DeckSizeRule
    | CountRule
    | CountPerGroupRule
    | CopiesRule
    | RequiredRule
    | BannedRule
    | LinkedRule,
    Field(discriminator="kind"),
]
AnyDeckRule = Annotated[DeckRule, WithPlugins(BUILTIN_DECK_RULES, deck_rule_kinds)]
"""A deck rule of a built-in kind or of a kind a plugin adds (`model.plugin_kinds`)."""
