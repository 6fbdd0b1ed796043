"""How `cardgen lint` treats a game (`lint:` in game.yaml): rules, words, label checks."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cardgen.model.base import Selector, Strict


class LabelCheck(Strict):
    """A field whose value has a word in text: the text must not name another value's word."""

    where: Selector = Field(default_factory=dict, description="Which cards the check is about.")
    field: str = Field(description="The field whose value decides the right word.")
    words: dict[str, str | list[str]] = Field(
        min_length=2,
        description=(
            "Field value -> the word(s) that name it in text, e.g. `{instant: Instant, constant:"
            " Constant}`; matched whole and with their capitals."
        ),
    )
    at_start: bool = Field(
        default=False,
        description="Only look at the start of the text (a header such as `Constant:`).",
    )


class LintConfig(Strict):
    """How `cardgen lint` treats this game: rule selection, extra words and checks."""

    select: list[str] = Field(
        default_factory=list,
        description="Rule codes or prefixes to run (`TX1`, `RF101`, `ALL`); empty: the defaults.",
    )
    ignore: list[str] = Field(
        default_factory=list, description="Rule codes or prefixes never to report for this game."
    )
    severity: dict[str, Literal["error", "warning", "info"]] = Field(
        default_factory=dict, description="Rule code -> the severity to report it with."
    )
    misspellings: dict[str, str] = Field(
        default_factory=dict,
        description=(
            "This game's own frequent misspellings, wrong -> right (codespell style, lint"
            " TX903), e.g. `{Dual: Duel}`; matched as whole words, any capitals."
        ),
    )
    label_checks: list[LabelCheck] = Field(
        default_factory=list, description="Fields whose value must agree with the text (TX701)."
    )
    words: list[str] = Field(
        default_factory=list,
        description="Words that are right although no word list knows them (lint TX201).",
    )
    not_keywords: list[str] = Field(
        default_factory=list,
        description="Capitalised words followed by a number that are not keywords (TX401).",
    )
    possessors: list[str] = Field(
        default_factory=lambda: ["player", "opponent", "owner"],
        description=(
            "Nouns whose plural before a game term is a missing apostrophe (TX904):"
            " `opponents Shard Deck` -> `opponent's Shard Deck`."
        ),
    )
    frequent_words: int = Field(
        default=3,
        ge=0,
        description=(
            "A word on at least this many cards of the pool is taken as deliberate, not as a"
            " typo of a glossary term (0: off)."
        ),
    )
