"""Claims about player counts, for the claims lint: the game's `players` (`a game for 2 to 4
players`, `two or more players`, `a 3-player game`) and the deal table's cards per player
count (`2 joueurs : 20 cartes par personne`, `with 3 to 4 players, deal 10 cards each`)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.facts import Claim, Fact, Facts
from cardgen.check.lint.quantities import NUM, QUAL, WEAK, number_value, qualifier_kind

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
    (
        re.compile(
            rf"(?<![\w.+-])(?:(?:between|entre){_SP})?(?P<num>{NUM})\s*(?:to|or|and|-|–|à|ou|et)"
            rf"\s*(?P<upper>{NUM}){_SP}(?:(?:total|human){_SP})?{_PLAYERS}",
            re.IGNORECASE,
        ),
        "range",
    ),
    (
        re.compile(
            rf"\b(?:players|joueurs|number{_SP}of{_SP}players|nombre{_SP}de{_SP}joueurs)\s*:\s*"
            rf"(?P<num>{NUM})\s*(?:to|-|–|à)\s*(?P<upper>{NUM})\b",
            re.IGNORECASE,
        ),
        "range",
    ),
    (re.compile(rf"(?<![\w.+-])(?P<num>\d{{1,2}})\+{_SP}{_PLAYERS}", re.IGNORECASE), "more"),
    (re.compile(rf"\b(?P<q>{QUAL}){_SP}(?P<num>{NUM}){_SP}{_PLAYERS}", re.IGNORECASE), "q"),
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
        value = number_value(cards.group("num"))
        wrong = wrong_rows(facts, low, high, value)
        if wrong:
            start = match.end() + cards.start()
            yield Claim(start, match.end() + cards.end(), value, "", wrong[:1])


def wrong_rows(facts: Facts, low: int, high: int, value: int) -> list[Fact]:
    """The deal table's rows a number of cards each for `low` to `high` players disagrees
    with: when the text's player counts cover rows whole, any of those rows that says
    another number; else (a text narrower than one row) the overlapping rows, when all of
    them say another."""
    inside = [f for lo, hi, f in facts.deal if low <= lo and hi <= high]
    if inside:
        return [f for f in inside if f.low != value]
    rows = [f for lo, hi, f in facts.deal if lo <= high and low <= hi]
    wrong = [f for f in rows if f.low != value]
    return wrong if len(wrong) == len(rows) else []


def player_claims(facts: Facts, text: str) -> Iterator[Claim]:
    """The game's player count as the text gives it, held against `players`."""
    if facts.players is None:
        return
    for pattern, kind in PLAYER_COUNT:
        for match in pattern.finditer(text):
            raw = match.group("num")
            if " ".join(raw.casefold().split()) in WEAK or _BLOCKED.search(text, 0, match.start()):
                continue
            upper = match.groupdict().get("upper")
            value = number_value(raw)
            bound = number_value(upper) if upper else None
            said = qualifier_kind(match.group("q")) if kind == "q" else kind
            yield Claim(match.start(), match.end(), value, said, [facts.players], bound)


_BLOCKED = re.compile(r"\b(?:the|both|these|those|all|les|ces|des|other|autres)\s+\Z", re.I)
"""`the 2 players`, `les 2 joueurs`: players at the table, not the game's player count."""
