"""The fixed shapes of a claim, for the claims lint: a deck's size (`a deck of 40 cards`,
`a 40-card deck`, `deck limit of 60`), a card's copies (`up to 3 copies of a card`), the hand
(`a hand of 5`, `Starting hand: 5 cards`, `Main de départ : 4 cartes`, `complétez votre main
à 4 cartes`, `draw back up to a hand of 5`) and how many values a kind of thing has (`the 5
stats`). `claims.ClaimFinder` holds them against the game's facts.
"""

from __future__ import annotations

import re

from cardgen.check.lint.quantities import AFTER, MIDDLE, NUM, QUALIFIED, SP, TRAILED

_MID = rf"(?:[^\S\n]+(?P<mid>{MIDDLE}))?"


def value_pattern(names: str) -> re.Pattern[str]:
    """How many values a kind of thing has: `the 5 stats`, `one of the seven colorways`,
    `douze formes`, `4 different stats:`, `12 shapes x 4 colours`."""
    different = r"(?:different|différent(?:e)?s)"
    return re.compile(
        rf"(?:\b(?:the|all|each\s+of\s+the|one\s+of\s+the|of\s+the|les|des|en|in|into|has"
        rf"|have|ont|a|compte|comprend|form|formez|forment|there"
        rf"\s+are|existe|existent|[x×])\s+(?P<num>{NUM})(?:\s+{different})?\s+(?:{names})\b"
        rf"|(?P<num2>{NUM})\s+(?:{different}\s+)?(?:{names})(?=\s*[:x×]))",
        re.IGNORECASE,
    )


VALUE_NAMES = {"types": r"types\s+of\s+cards|card\s+types|types\s+de\s+cartes"}
_DECK = r"(?:[\w-]+\s+)?decks?"
DECK_PATTERNS = (
    re.compile(
        rf"\b{_DECK}{SP}(?:of|holds?|contains?|has|have|(?:may|can|must){SP}(?:only{SP})?"
        rf"(?:hold|contain|have|be)|is|are)(?:{SP}(?:a|an))?{SP}{QUALIFIED}"
        rf"(?P<num>{NUM}){SP}cards\b{TRAILED}",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b{QUALIFIED}(?P<num>{NUM}){SP}cards{SP}(?:in|per){SP}(?:a|each|every|your|their|the)"
        rf"{SP}{_DECK}\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"(?<![\w-]){QUALIFIED}(?P<num>\d{{1,3}})-card{SP}(?:[\w-]+{SP})?decks?\b", re.IGNORECASE
    ),
)
DECK_MAX_PATTERNS = (
    re.compile(rf"\bdeck{SP}(?:maximum|limit){SP}(?:of|is){SP}(?P<num>{NUM})\b", re.I),
    re.compile(rf"\bmaximum{SP}deck{SP}size{SP}(?:of|is){SP}(?P<num>{NUM})\b", re.I),
)
COPIES_PATTERNS = (
    re.compile(
        rf"(?<![\w.+-]){QUALIFIED}(?P<num>{NUM}){_MID}{SP}(?:cop(?:y|ies)|exemplaires?)"
        rf"(?:{SP}(?P<after>{AFTER}))?{SP}(?:of|per|for|d[’']|de|par)\s*(?:[\w’'-]+{SP}){{0,3}}?"
        r"(?:card|carte)\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b(?:same|one|a|any|même|une)\s+(?:card|carte)\b[^.!?\n]{{0,40}}?(?<![\w.+-]){QUALIFIED}"
        rf"(?P<num>{NUM}){_MID}{SP}(?:cop(?:y|ies)|exemplaires?)\b{TRAILED}",
        re.IGNORECASE,
    ),
)
HAND_PATTERNS = (
    re.compile(
        rf"\b(?:discard|défausse)\w*{SP}(?:everything|all(?:{SP}(?:your|of{SP}your){SP}cards)?"
        rf"|your{SP}hand|tout|toute{SP}votre{SP}main|votre{SP}main)\b[^.!?\n]{{0,30}}?\b"
        rf"(?:and|then|et|puis){SP}(?:draw|piochez){SP}{QUALIFIED}(?P<num>{NUM}){SP}"
        r"(?:(?:new|fresh|nouvelles)\s+)?(?:cards|cartes)\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\bhand(?:{SP}size)?{SP}(?:of|is){SP}{QUALIFIED}(?P<num>{NUM})\b(?!\s*(?:[%.,]\d))",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b(?:draws?|drawing|have|has|having|holds?|holding|with){SP}{QUALIFIED}(?P<num>{NUM})"
        rf"{SP}cards?{SP}(?:in|into){SP}(?:their|your|his|her|the|a|its){SP}hand\b",
        re.IGNORECASE,
    ),
    re.compile(rf"\bmain{SP}de{SP}{QUALIFIED}(?P<num>{NUM}){SP}cartes\b", re.IGNORECASE),
    re.compile(rf"(?<![\w-]){QUALIFIED}(?P<num>\d{{1,3}})-card{SP}hand\b", re.IGNORECASE),
    re.compile(
        rf"\b(?:(?:starting|opening){SP})?hand(?:{SP}size)?\s*[:—–]\s*{QUALIFIED}(?P<num>{NUM})\b"
        r"(?![.,]\d)",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b(?:main{SP}de{SP}départ|taille{SP}de{SP}(?:la{SP})?main|main{SP}initiale)\s*[:—–]"
        rf"\s*{QUALIFIED}(?P<num>{NUM})\b(?![.,]\d)",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b(?:complét\w*|refill\w*|fill|fills|draws?{SP}(?:back{SP})?up|redraws?|reconstitue\w*)"
        rf"{SP}(?:(?:your|their|his|her|votre|leur|sa|ta|la|a){SP})?(?:hand|main){SP}"
        rf"(?:to|à|jusqu['’]à){SP}{QUALIFIED}(?P<num>{NUM})\b",
        re.IGNORECASE,
    ),
)
