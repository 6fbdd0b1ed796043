"""The fixed shapes of a claim, for the claims lint: a deck's size (`a deck of 40 cards`,
`a 40-card deck`, `deck limit of 60`), a card's copies (`up to 3 copies of a card`), the hand
(`a hand of 5`, `Starting hand: 5 cards`, `Main de départ : 4 cartes`, `complétez votre main
à 4 cartes`, `draw back up to a hand of 5`) and how many values a kind of thing has (`the 5
stats`). `claims.ClaimFinder` holds them against the game's facts.
"""

from __future__ import annotations

import re

from cardgen.check.lint.quantities import AFTER, MIDDLE, NUM, QUAL

_Q = rf"(?:(?P<q>{QUAL})\s+)?"
_AFTER = rf"(?:[^\S\n]+(?P<after>{AFTER})\b)?"
_MID = rf"(?:[^\S\n]+(?P<mid>{MIDDLE}))?"
_SP = r"[^\S\n]+"


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
        rf"\b{_DECK}{_SP}(?:of|holds?|contains?|has|have|(?:may|can|must){_SP}(?:only{_SP})?"
        rf"(?:hold|contain|have|be)|is|are)(?:{_SP}(?:a|an))?{_SP}{_Q}"
        rf"(?P<num>{NUM}){_SP}cards\b{_AFTER}",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b{_Q}(?P<num>{NUM}){_SP}cards{_SP}(?:in|per){_SP}(?:a|each|every|your|their|the)"
        rf"{_SP}{_DECK}\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"(?<![\w-]){_Q}(?P<num>\d{{1,3}})-card{_SP}(?:[\w-]+{_SP})?decks?\b", re.IGNORECASE
    ),
)
DECK_MAX_PATTERNS = (
    re.compile(rf"\bdeck{_SP}(?:maximum|limit){_SP}(?:of|is){_SP}(?P<num>{NUM})\b", re.I),
    re.compile(rf"\bmaximum{_SP}deck{_SP}size{_SP}(?:of|is){_SP}(?P<num>{NUM})\b", re.I),
)
COPIES_PATTERNS = (
    re.compile(
        rf"(?<![\w.+-]){_Q}(?P<num>{NUM}){_MID}{_SP}(?:cop(?:y|ies)|exemplaires?)"
        rf"(?:{_SP}(?P<after>{AFTER}))?{_SP}(?:of|per|for|d[’']|de|par)\s*(?:[\w’'-]+{_SP}){{0,3}}?"
        r"(?:card|carte)\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b(?:same|one|a|any|même|une)\s+(?:card|carte)\b[^.!?\n]{{0,40}}?(?<![\w.+-]){_Q}"
        rf"(?P<num>{NUM}){_MID}{_SP}(?:cop(?:y|ies)|exemplaires?)\b{_AFTER}",
        re.IGNORECASE,
    ),
)
HAND_PATTERNS = (
    re.compile(
        rf"\b(?:discard|défausse)\w*{_SP}(?:everything|all(?:{_SP}(?:your|of{_SP}your){_SP}cards)?"
        rf"|your{_SP}hand|tout|toute{_SP}votre{_SP}main|votre{_SP}main)\b[^.!?\n]{{0,30}}?\b"
        rf"(?:and|then|et|puis){_SP}(?:draw|piochez){_SP}{_Q}(?P<num>{NUM}){_SP}"
        r"(?:(?:new|fresh|nouvelles)\s+)?(?:cards|cartes)\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\bhand(?:{_SP}size)?{_SP}(?:of|is){_SP}{_Q}(?P<num>{NUM})\b(?!\s*(?:[%.,]\d))",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b(?:draws?|drawing|have|has|having|holds?|holding|with){_SP}{_Q}(?P<num>{NUM})"
        rf"{_SP}cards?{_SP}(?:in|into){_SP}(?:their|your|his|her|the|a|its){_SP}hand\b",
        re.IGNORECASE,
    ),
    re.compile(rf"\bmain{_SP}de{_SP}{_Q}(?P<num>{NUM}){_SP}cartes\b", re.IGNORECASE),
    re.compile(rf"(?<![\w-]){_Q}(?P<num>\d{{1,3}})-card{_SP}hand\b", re.IGNORECASE),
    re.compile(
        rf"\b(?:(?:starting|opening){_SP})?hand(?:{_SP}size)?\s*[:—–]\s*{_Q}(?P<num>{NUM})\b"
        r"(?![.,]\d)",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b(?:main{_SP}de{_SP}départ|taille{_SP}de{_SP}(?:la{_SP})?main|main{_SP}initiale)\s*[:—–]"
        rf"\s*{_Q}(?P<num>{NUM})\b(?![.,]\d)",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b(?:complét\w*|refill\w*|fill|fills|draws?{_SP}(?:back{_SP})?up|redraws?|reconstitue\w*)"
        rf"{_SP}(?:(?:your|their|his|her|votre|leur|sa|ta|la|a){_SP})?(?:hand|main){_SP}"
        rf"(?:to|à|jusqu['’]à){_SP}{_Q}(?P<num>{NUM})\b",
        re.IGNORECASE,
    ),
)
