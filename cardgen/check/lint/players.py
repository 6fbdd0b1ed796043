"""Claims about player counts, for the claims lint: the game's `players` (`a game for 2 to 4
players`, `two or more players`, `a 3-player game`) and the deal table's cards per player
count (`2 joueurs : 20 cartes par personne`, `with 3 to 4 players, deal 10 cards each`)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.facts import Claim, Facts
from cardgen.check.lint.quantities import NUM, WEAK, number_value

_SP = r"[^\S\n]+"
_PLAYERS = r"(?:joueurs|players)\b"
DEAL_PLAYERS = re.compile(
    rf"(?<![\w.+-])(?P<p1>{NUM})(?:\s*(?:à|to|-|–)\s*(?P<p2>{NUM}))?{_SP}{_PLAYERS}",
    re.IGNORECASE,
)
DEAL_CARDS = re.compile(rf"(?<![\w.+-])(?P<num>{NUM}){_SP}(?:cartes|cards)\b", re.IGNORECASE)
PER_PLAYER = re.compile(
    r"\b(?:par\s+(?:personne|joueur)|each|per\s+player|chacun|chaque\s+joueur|apiece)\b",
    re.IGNORECASE,
)
PLAYER_COUNT = (
    (
        re.compile(
            rf"(?<![\w.+-])(?P<num>{NUM}){_SP}(?:or|ou){_SP}(?:more|plus){_SP}{_PLAYERS}",
            re.IGNORECASE,
        ),
        "more",
    ),
    (
        re.compile(
            rf"\b(?:for|pour|de){_SP}(?P<num>{NUM})\s*(?:-|–|to|à)\s*(?P<upper>{NUM}){_SP}"
            rf"{_PLAYERS}",
            re.IGNORECASE,
        ),
        "range",
    ),
    (
        re.compile(
            rf"\b(?:for|pour){_SP}(?P<num>{NUM}){_SP}{_PLAYERS}(?!\s*(?:or|ou|à|to|-)\b)",
            re.IGNORECASE,
        ),
        "",
    ),
    (re.compile(rf"(?<![\w.+-])(?P<num>{NUM})-player{_SP}(?:game|duel)\b", re.IGNORECASE), ""),
)
"""How a text gives the game's player count, and how each reads (see `Fact.admits`)."""


def deal_claims(facts: Facts, text: str) -> Iterator[Claim]:
    """The cards each player is dealt for a player count, on one line: a claim only when
    every row of the deal table for those player counts says another number."""
    for match in DEAL_PLAYERS.finditer(text):
        low = number_value(match.group("p1"))
        high = number_value(match.group("p2")) if match.group("p2") else low
        line_end = text.find("\n", match.end())
        rest = text[match.end() : line_end if line_end >= 0 else len(text)]
        cards = DEAL_CARDS.search(rest)
        if cards is None or not PER_PLAYER.search(rest):
            continue
        rows = [f for lo, hi, f in facts.deal if lo <= high and low <= hi]
        value = number_value(cards.group("num"))
        wrong = [f for f in rows if f.low != value]
        if rows and len(wrong) == len(rows):
            start = match.end() + cards.start()
            yield Claim(start, match.end() + cards.end(), value, "", wrong[:1])


def player_claims(facts: Facts, text: str) -> Iterator[Claim]:
    """The game's player count as the text gives it, held against `players`."""
    if facts.players is None:
        return
    for pattern, kind in PLAYER_COUNT:
        for match in pattern.finditer(text):
            raw = match.group("num")
            if " ".join(raw.casefold().split()) in WEAK:
                continue
            upper = match.groupdict().get("upper")
            value = number_value(raw)
            bound = number_value(upper) if upper else None
            yield Claim(match.start(), match.end(), value, kind, [facts.players], bound)
