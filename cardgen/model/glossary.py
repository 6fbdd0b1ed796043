"""A game's vocabulary as data: its terms and keywords with the wrong spellings to flag,
and what its keywords look like in text (`glossary:` in game.yaml, read by the linter)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from cardgen.model.base import Strict
from cardgen.model.patterns import game_pattern


class GlossaryEntry(Strict):
    """A game term as the rulebook spells it, with the wrong spellings to flag."""

    term: str = Field(description="The canonical spelling, with its capitals.")
    kind: Literal["term", "keyword", "zone", "stat", "action", "card-type"] = Field(
        default="term", description="What kind of word it is."
    )
    definition: str = Field(default="", description="What it means, in our own words.")
    variants: list[str] = Field(
        default_factory=list, description="Known wrong spellings or names to flag."
    )
    params: list[Literal["number", "stat", "card", "colorway", "text"]] = Field(
        default_factory=list, description="Parameters a keyword takes, in order."
    )
    strict_case: bool = Field(
        default=False,
        description=(
            "Flag every other capitalisation of a one-word term, lower case included (lint"
            " TX101), and count its every lower-case use, verbs and plurals too, for TX301."
            " Off by default: a one-word term such as `Luck` is also an ordinary word, and a"
            " lower-case `duels` or `to dry` is taken as one."
        ),
    )


class KeywordPattern(Strict):
    """What a keyword looks like in text, so that an undefined one can be caught (TX401)."""

    pattern: str = Field(
        description=(
            "A regular expression (RE2 syntax: no lookaround or backreferences; `\\w` and `\\b`"
            " are ASCII, `\\pL` is any letter) with a named group `keyword` (and optionally"
            " `param`), e.g. `[a-z,;] (?P<keyword>[A-Z][a-z]+) (?P<param>\\d+)` for a capitalised"
            " word followed by a number inside a sentence."
        )
    )
    scope: Literal["card", "document", "any"] = Field(
        default="any", description="Where it applies: card text, rules documents, or both."
    )
    description: str = Field(default="", description="What the pattern catches, in words.")

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, value: str) -> str:
        game_pattern(value, "keyword")  # refused here, at its line, if RE2 cannot run it
        return value


class Glossary(Strict):
    """The game's vocabulary, used by the linter."""

    entries: list[GlossaryEntry] = Field(default_factory=list, description="Terms and keywords.")
    final_period: bool = Field(
        default=True, description="Card text sentences end with a full stop."
    )
    keyword_patterns: list[KeywordPattern] | None = Field(
        default=None,
        description=(
            "What keywords look like, for the undefined-keyword check (TX401). Unset: the"
            " built-in patterns (a capitalised word followed by a number inside a sentence;"
            " a label ending in a colon at the start of a card text). `[]` turns TX401 off."
        ),
    )
