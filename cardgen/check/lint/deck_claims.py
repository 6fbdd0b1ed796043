"""Claims about the deck's size and the piles' sizes, read from a sentence about a deck (or
a pile) whatever its word order: `When you build your deck, include at most 57 cards`,
`Un paquet contient exactement 22 cartes`, `A deck contains from 27 to 53 cards`, `Set up
the Market with 10 cards`, `Le Marché compte sept cartes`.

A number of cards is the deck's size when its sentence names a deck (`deck`, `paquet`) with
a verb of what it holds or how it is built (`contains`, `include`, `build`, `is made of`,
`compte`) and no verb of moving cards (`draw`, `deal`, `discard`, `search`, `pioche`): `draw
5 cards from your deck` is no deck size. A range (`from 27 to 53 cards`, `entre 27 et 53
cartes`) states both bounds of the deck rule. A pile's size is a number of cards after the
pile's name and a verb of holding (`the Market holds 7 cards`, `pile Marché de 7 cartes`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.facts import Claim, Facts
from cardgen.check.lint.quantities import (
    AFTER,
    MIDDLE,
    NUM,
    QUAL,
    SP,
    WEAK,
    any_of,
    number_value,
    qualifier_kind,
)
from cardgen.check.lint.scope import BOX_CUE, STARTER_CUE, sentence

_HOLDING = re.compile(
    r"\b(?:contains?|containing|holds?|holding|includes?|include|including|has|have|build"
    r"|builds|built|building|made|consists?|bring|brings|is|are|be|of|compte|contient"
    r"|contenir|compter|comprend|construit|construisez|construire|de|exceed|exceeds|dépasser"
    r"|dépasse)\b",
    re.IGNORECASE,
)
_MOVING = re.compile(
    r"\b(?:draws?|deals?|dealt|discards?|search|searches|reveal|reveals|look|looks|put|puts"
    r"|place|places|shuffle|shuffles|remove|removes|return|returns|mill|take|takes|hand|main"
    r"|copies|copy|exemplaires?|pioche|piochez|piochent|défausse|défaussez|mélangez|mélange"
    r")\b",
    re.IGNORECASE,
)
_SIZE = re.compile(
    rf"(?<![\w.+-])(?:(?P<q>{QUAL}){SP})?(?:(?:between|from|entre|de){SP})?(?P<num>{NUM})"
    rf"(?:\s*(?:to|and|-|–|à|et)\s*(?P<upper>{NUM}))?(?:{SP}(?P<mid>{MIDDLE}))?{SP}"
    rf"(?:cards|cartes)\b(?:{SP}(?P<after>{AFTER})\b)?",
    re.IGNORECASE,
)


class DeckReader:
    """The deck-size and pile-size claims of one game."""

    def __init__(self, facts: Facts) -> None:
        self.facts = facts
        own = "".join(f"|{re.escape(w)}" for w in facts.deck_words)
        self.deck_word = re.compile(rf"\b(?:decks?|paquets?|deck-?building{own})\b", re.I)
        # A label before the number (`Deck size: 30 cards`, `Taille du grimoire : 24 cartes
        # au plus`): the deck's size, as a holding verb says it.
        self.label = re.compile(
            rf"\b(?:size|taille|decks?|deck-?building|paquets?{own})\b[^.!?\n:]{{0,30}}:\s*\Z", re.I
        )
        names = any_of(list(facts.piles))
        self.pile = (
            re.compile(
                rf"\b(?P<word>{names})[sx]?(?:{SP}pile)?{SP}(?:of|de|with|holds?|has|contains?"
                rf"|compte|contient|avec|is|est)(?:{SP}(?:exactly|exactement))?{SP}"
                rf"(?:(?P<q>{QUAL}){SP})?(?P<num>{NUM}){SP}(?:cards|cartes)\b",
                re.IGNORECASE,
            )
            if facts.piles
            else None
        )

    def claims(self, text: str) -> Iterator[Claim]:
        """Deck sizes, then pile sizes."""
        if self.facts.deck_size:
            for match in _SIZE.finditer(text):
                claim = self._deck(text, match)
                if claim is not None:
                    yield claim
        if self.pile is not None:
            for match in self.pile.finditer(text):
                facts = self.facts.piles[match.group("word").casefold()]
                value = number_value(match.group("num"))
                yield Claim(
                    match.start("num"), match.end(), value, qualifier_kind(match.group("q")), facts
                )

    def _deck(self, text: str, match: re.Match[str]) -> Claim | None:
        said = sentence(text, match.start())
        if not self.deck_word.search(said) or _MOVING.search(said) or STARTER_CUE.search(said):
            return None
        if BOX_CUE.search(said):
            return None
        begins = text.rfind("\n", 0, match.start()) + 1
        if not _HOLDING.search(said) and not self.label.search(text, begins, match.start()):
            return None
        raw = match.group("num")
        groups = match.groupdict()
        kind = qualifier_kind(groups["q"]) or qualifier_kind(
            groups["mid"] or groups["after"], trailing=True
        )
        upper = number_value(groups["upper"]) if groups["upper"] else None
        if upper is not None:
            kind = "span"
        elif " ".join(raw.casefold().split()) in WEAK:
            return None
        start = match.start("q") if groups["q"] else match.start("num")
        return Claim(start, match.end(), number_value(raw), kind, self.facts.deck_size, upper)
