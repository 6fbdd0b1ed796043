"""Which readings of a text's numbers are claims, for the claims lint: every reader's
readings (`claims.ClaimFinder`) less those no rule of the game states: a number in a
variant's or an example's sentence, a number of piles (`Formez 2 piles`), a place in a pile
(`the top 6 cards`), and a reading another reading of the same number says more of (`Dix
cartes incident` over `Dix cartes`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.facts import Claim
from cardgen.check.lint.quantities import NUM, QUAL
from cardgen.check.lint.scope import VARIANT_CUE, sentence_bounds

_PILES_COUNTED = re.compile(
    rf"(?:{QUAL}\s+)?{NUM}\s+(?:piles|pioches|stacks|tas|rows|rangées|colonnes|columns)\b",
    re.IGNORECASE,
)
"""A number of piles (`Formez 2 piles de primes`), never a pile's size."""


_POSITION = re.compile(r"\b(?:top|bottom|first|last|premières?|dernières?)\s+\Z", re.IGNORECASE)
"""`the top 6 cards of their deck`: a place in a pile, not a count the data fixes."""


def _narrower(claim: Claim, other: Claim) -> bool:
    """Whether another reading of the same number says more of what it counts (`Dix
    cartes incident` over `Dix cartes`): the longer reading is the claim."""
    return (
        other is not claim
        and other.start == claim.start
        and other.end > claim.end
        and other.value == claim.value
    )


def kept_claims(text: str, found: list[Claim]) -> Iterator[Claim]:
    """The readings of a text's numbers that are claims, in their order."""
    for claim in found:
        begins, ends = sentence_bounds(text, claim.start)
        if VARIANT_CUE.search(text, begins, ends) or _PILES_COUNTED.match(text, claim.start):
            continue
        if _POSITION.search(text, max(0, claim.start - 16), claim.start):
            continue
        if any(_narrower(claim, other) for other in found):
            continue
        yield claim
