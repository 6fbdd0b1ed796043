"""Claims about the box as a whole, for the claims lint: how many cards it holds (`The box
contains 120 cards`, `Contents: 148 cards`, `La boîte contient 88 cartes`) and how many
ready-made decks (`The box holds four ready-to-play Freight Decks`).

Only a sentence about the box is read (`box`, `boîte`, `contents`, `matériel`, a
`Contents:` label), and only its first number of cards, which no per-thing word follows
(`30 cards per deck` is a deck's). A sentence about starter decks' make-up is left to the
count claims.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.facts import Claim, Facts
from cardgen.check.lint.quantities import NUM, QUAL, SP, WEAK, number_value, qualifier_kind
from cardgen.check.lint.scope import BOX_CUE, SETUP_STEP, STARTER_CUE, sentence, sentence_bounds

_TOTAL = re.compile(
    rf"(?<![\w.+/-])(?:(?P<q>{QUAL}){SP})?(?P<num>{NUM}){SP}(?:(?-i:[a-zà-ÿ][\w-]*-[\w-]+)"
    rf"{SP})?(?:cards|cartes)\b(?!{SP}(?:per|each|par|chacun|of|de|du|des"
    rf"|dans(?!{SP}la{SP}boîte)|in(?!{SP}(?:the{SP}box|all)))\b|(?-i:{SP}[A-ZÀ-Ý]))",
    re.IGNORECASE,
)
"""The box's total: `120 cards`, `72 tarot-sized cards`, `110 cards in the box`, `80 cards
in all`, `90 cartes dans la boîte`."""
_DICE = re.compile(
    rf"(?<![\w.+/-])(?P<num>{NUM}){SP}(?:[\w-]+{SP}){{0,2}}?(?:dice|dés)\b", re.IGNORECASE
)
_DECKS = re.compile(
    rf"(?<![\w.+/-])(?P<num>{NUM}){SP}(?:[\w-]+{SP}){{0,3}}?(?:decks|paquets)\b", re.IGNORECASE
)


_ASIDE = re.compile(
    r"\b(?:return|returns|put|remove|removes|discard|aside|back|stay|stays|remain|remains"
    r"|remaining|other|others|unused|spare|extra|rest|restent|reste|remettez|rangez|retirez"
    r"|autres|restantes?|inutilisées?|taken|drawn|picked|chosen|gather\w*|prises?|pris|tirées?"
    r"|choisies|réuni\w*)\b",
    re.IGNORECASE,
)
"""Cards moved back to or left in the box (`the other 2 cards stay in the box`), or taken
from it to build a deck (`on réunit 24 cartes prises dans la boîte`): not its total."""


def box_claims(facts: Facts, text: str) -> Iterator[Claim]:
    """The box's total of cards and its number of decks, as sentences about the box say."""
    if facts.box_total is None and facts.box_decks is None and facts.box_dice is None:
        return
    for cue in BOX_CUE.finditer(text):
        start, end = sentence_bounds(text, cue.start())
        if cue.start() != _first_cue(text, start, end):
            continue
        total = _TOTAL.search(text, start, end)
        if facts.box_total is not None and total is not None and _plain(text, start, total):
            kind = qualifier_kind(total.group("q"))
            value = number_value(total.group("num"))
            yield Claim(total.start(), total.end(), value, kind, [facts.box_total])
        decks = _DECKS.search(text, start, end)
        if facts.box_decks is not None and decks is not None and _plain(text, start, decks):
            value = number_value(decks.group("num"))
            yield Claim(decks.start(), decks.end(), value, "", [facts.box_decks])
        dice = _DICE.search(text, start, end)
        if facts.box_dice is not None and dice is not None and _plain(text, start, dice):
            value = number_value(dice.group("num"))
            yield Claim(dice.start(), dice.end(), value, "", [facts.box_dice])


def _first_cue(text: str, start: int, end: int) -> int:
    found = BOX_CUE.search(text, start, end)
    return found.start() if found else -1


def _plain(text: str, start: int, match: re.Match[str]) -> bool:
    """A number the box is said to hold: no weak word (`one`), no starter deck's make-up,
    no setup step taking cards out of the box (`Mélangez 10 cartes`)."""
    if " ".join(match.group("num").casefold().split()) in WEAK:
        return False
    before = text[start : match.start()]
    if _ASIDE.search(sentence(text, match.start())):
        return False
    return not (STARTER_CUE.search(before) or SETUP_STEP.search(before))
