"""How cards meet in play, as data: a dice duel on stats, and an overpower cycle.

cardgen does not simulate games, but two common shapes of combat are simple enough to
describe declaratively, so that a deck report can show their odds and matchups:

- `duel`: two cards compare one stat, each side adding a dice roll (`2d6`); the higher
  total wins, equal totals tie (Shards of the Artisan's Character Duel).
- `overpower`: the values of a choice field form a cycle in which each value overpowers
  the next and the last overpowers the first; the stronger side deals `bonus` more damage
  and the weaker side `bonus` less (Splatterkins' colorways).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pydantic import Field, field_validator, model_validator

from cardgen.model.base import Scalar, Selector, Strict

if TYPE_CHECKING:
    from cardgen.model.game import Game

DICE = re.compile(r"^(?P<count>[0-9]{1,6})d(?P<sides>[0-9]{1,6})$")
MAX_DICE = 50
"""Dice a side rolls in a duel, at most."""
MAX_SIDES = 1000
"""Sides of a die, at most."""
MAX_SPREAD = 10_000
"""count x (sides - 1) at most: a roll's highest total less its lowest (20d100: 1,980). The
deck report's odds count every total of two rolls (check/dice.py): this bounds that work."""


def dice_problem(count: int, sides: int) -> str | None:
    """What is wrong with a roll of `count` dice of `sides` sides, or None when it is fine."""
    written = f"{count}d{sides}"
    if count < 1:
        return f"{written}: roll at least one die"
    if sides < 2:
        return f"{written}: a die has at least 2 sides"
    if count > MAX_DICE:
        return f"{written} is {count:,} dice; a duel rolls at most {MAX_DICE}"
    if sides > MAX_SIDES:
        return f"{written}: a die of {sides:,} sides; at most {MAX_SIDES:,}"
    if count * (sides - 1) > MAX_SPREAD:
        return (
            f"{written} has {count * (sides - 1) + 1:,} possible totals; at most"
            f" {MAX_SPREAD + 1:,} (fewer dice or fewer sides)"
        )
    return None


class Duel(Strict):
    """Two cards compare one stat, each side adding a roll of the same dice."""

    label: str = Field(default="Duel", description="What the game calls it, e.g. `Character Duel`.")
    dice: str = Field(
        description="The dice each side rolls and adds, `NdS` (e.g. `2d6`: two six-sided dice)."
    )
    stats: list[str] = Field(
        min_length=1, description="The int fields a duel can be fought on, in the card's order."
    )
    where: Selector = Field(
        default_factory=dict, description="Which cards duel (e.g. `{type: character}`)."
    )
    description: str = Field(default="", description="The rule in one or two sentences.")
    cite: str = Field(default="", description="The rulebook clause it encodes.")

    @field_validator("dice")
    @classmethod
    def _dice(cls, value: str) -> str:
        written = value.strip().lower()
        match = DICE.match(written)
        if not match:
            raise ValueError(f'dice are written NdS, e.g. "2d6"; got "{value}"')
        problem = dice_problem(int(match.group("count")), int(match.group("sides")))
        if problem is not None:
            raise ValueError(problem)
        return written

    @property
    def dice_count(self) -> int:
        match = DICE.match(self.dice)
        assert match is not None
        return int(match.group("count"))

    @property
    def dice_sides(self) -> int:
        match = DICE.match(self.dice)
        assert match is not None
        return int(match.group("sides"))


class Overpower(Strict):
    """A cycle of a choice field's values: each overpowers the next, the last the first."""

    label: str = Field(default="Overpower", description="What the game calls it.")
    field: str = Field(description="The choice field whose values form the cycle.")
    cycle: list[Scalar] = Field(
        min_length=3,
        description=(
            "The values in order: each overpowers the one after it, and the last overpowers"
            " the first."
        ),
    )
    bonus: int = Field(
        default=1,
        ge=1,
        description="Damage the stronger side deals in addition; the weaker side deals this less.",
    )
    where: Selector = Field(
        default_factory=dict, description="Which cards fight with it (e.g. `{type: splatterkin}`)."
    )
    description: str = Field(default="", description="The rule in one or two sentences.")
    cite: str = Field(default="", description="The rulebook clause it encodes.")

    @model_validator(mode="after")
    def _distinct(self) -> Overpower:
        doubled = sorted({str(v) for v in self.cycle if self.cycle.count(v) > 1})
        if doubled:
            raise ValueError(f"a value appears twice in the cycle: {doubled[0]}")
        return self

    def edge(self, attacker: Scalar, defender: Scalar) -> int:
        """+bonus when `attacker` overpowers `defender`, -bonus the other way round, else 0."""
        if attacker not in self.cycle or defender not in self.cycle:
            return 0
        size = len(self.cycle)
        a, d = self.cycle.index(attacker), self.cycle.index(defender)
        if (a + 1) % size == d:
            return self.bonus
        if (d + 1) % size == a:
            return -self.bonus
        return 0


def matchup_problems(game: Game) -> list[tuple[list[str | int], str]]:
    """What in `duel` and `overpower` names no field of the right kind: (yaml path, message)."""
    problems: list[tuple[list[str | int], str]] = []
    if game.duel is not None:
        for index, stat in enumerate(game.duel.stats):
            spec = game.field_spec(stat)
            if spec is None:
                problems.append((["duel", "stats", index], f'unknown field "{stat}"'))
            elif spec.type != "int":
                problems.append(
                    (["duel", "stats", index], f'a duel is fought on int fields; "{stat}" is not')
                )
    if game.overpower is not None:
        spec = game.field_spec(game.overpower.field)
        if spec is None or spec.type != "choice":
            problems.append(
                (["overpower", "field"], f'"{game.overpower.field}" is not a choice field')
            )
        else:
            allowed = game.choice_values(game.overpower.field)
            for index, value in enumerate(game.overpower.cycle):
                if value not in allowed:
                    problems.append(
                        (
                            ["overpower", "cycle", index],
                            f'"{value}" is not a value of {game.overpower.field}'
                            f" ({', '.join(map(str, allowed))})",
                        )
                    )
    return problems
