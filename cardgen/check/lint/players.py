"""Claims about player counts, for the claims lint: the game's `players` (`a game for 2 to 4
players`, `two or more players`, `a 3-player game`) and the deal table's cards per player
count (`2 joueurs : 20 cartes par personne`, `with 3 to 4 players, deal 10 cards each`)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.facts import Claim, Fact, Facts
from cardgen.check.lint.quantities import NUM, QUAL, SP, WEAK, number_value, qualifier_kind
from cardgen.check.lint.scope import sentence

_PLAYERS = r"(?:joueurs|players)\b"
DEAL_PLAYERS = re.compile(
    rf"(?<![\w.+-])(?P<p1>{NUM})(?:[^\S\n]*(?:à|to|or|ou|-|–)[^\S\n]*(?P<p2>{NUM}))?{SP}{_PLAYERS}",
    re.IGNORECASE,
)
_PLAYER_SHAPES = tuple(
    re.compile(shape, re.IGNORECASE)
    for shape in (
        rf"(?<![\w.+-])(?P<p1>{NUM})(?:\s*,\s*{NUM})*[^\S\n]*(?:à|to|or|ou|-|–)[^\S\n]*(?P<p2>{NUM})"
        rf"{SP}{_PLAYERS}",
        rf"(?<![\w.+-])(?P<p1>{NUM})-players?\b",
        rf"(?<![\w.+-])(?P<p1>{NUM}){SP}at{SP}the{SP}table\b",
        rf"\b(?:à|with|for|pour)\s+(?P<p1>{NUM})(?:\s*,\s*{NUM})*(?:\s*(?:or|ou|to|à|-|–)\s*"
        rf"(?P<p2>{NUM}))?\s*(?:[?:,]|{_PLAYERS})",
    )
)
"""More ways a line names the player counts a deal is for: `4, 5 ou 6 joueurs`, `In a
3-player game`, `Four at the table?`, `Playing with 5 or 6?`, `À cinq,`, `Partie à 8 :`."""
_OR_MORE = re.compile(rf"\A{SP}(?:or|ou){SP}(?:more|plus)\b", re.IGNORECASE)


def deal_players(facts: Facts, text: str, start: int, end: int) -> tuple[int, int] | None:
    """The player counts a line of a deal is about (`low`, `high`), None when it names
    none; `N players or more` reaches the game's most players."""
    for pattern in (DEAL_PLAYERS, *_PLAYER_SHAPES):
        found = pattern.search(text, start, end)
        if found is None:
            continue
        low = number_value(found.group("p1"))
        p2 = found.groupdict().get("p2")
        high = number_value(p2) if p2 else low
        if _OR_MORE.match(text, found.end()) and facts.players and facts.players.high:
            high = facts.players.high
        return low, high
    return None


DEAL_CARDS = re.compile(rf"(?<![\w.+-])(?P<num>{NUM}){SP}(?:cartes|cards)\b", re.IGNORECASE)
PER_PLAYER = re.compile(
    r"\b(?:par\s+(?:personne|joueur)|each|per\s+player|chacun|chaque\s+joueur|apiece)\b",
    re.IGNORECASE,
)
PLAYER_COUNT = (
    (
        re.compile(
            rf"(?<![\w.+-])(?P<num>{NUM}){SP}(?:or|ou){SP}(?:more|plus){SP}{_PLAYERS}",
            re.IGNORECASE,
        ),
        "more",
    ),
    (
        re.compile(
            rf"\b(?:for|pour|de){SP}(?P<num>{NUM})[^\S\n]*(?:-|–|to|à)[^\S\n]*(?P<upper>{NUM}){SP}"
            rf"{_PLAYERS}",
            re.IGNORECASE,
        ),
        "range",
    ),
    (
        re.compile(
            rf"\b(?:for|pour){SP}(?P<num>{NUM}){SP}{_PLAYERS}(?!\s*(?:or|ou|à|to|-)\b)",
            re.IGNORECASE,
        ),
        "",
    ),
    (re.compile(rf"(?<![\w.+-])(?P<num>{NUM})-player{SP}(?:game|duel)\b", re.IGNORECASE), ""),
    (
        re.compile(
            rf"(?<![\w.+-])(?:(?:between|entre){SP})?(?P<num>{NUM})[^\S\n]*"
            rf"(?:to|or|and|-|–|à|ou|et)[^\S\n]*(?P<upper>{NUM}){SP}(?:(?:total|human){SP})?"
            rf"{_PLAYERS}",
            re.IGNORECASE,
        ),
        "range",
    ),
    (
        re.compile(
            rf"\b(?:players|joueurs|number{SP}of{SP}players|nombre{SP}de{SP}joueurs)\s*:\s*"
            rf"(?P<num>{NUM})[^\S\n]*(?:to|-|–|à)[^\S\n]*(?P<upper>{NUM})\b",
            re.IGNORECASE,
        ),
        "range",
    ),
    (re.compile(rf"(?<![\w.+-])(?P<num>\d{{1,2}})\+{SP}{_PLAYERS}", re.IGNORECASE), "more"),
    (
        re.compile(
            rf"\b(?:à{SP}partir{SP}de|dès|from){SP}(?P<num>{NUM}){SP}{_PLAYERS}(?!\s*,)",
            re.IGNORECASE,
        ),
        "from",
    ),
    (
        re.compile(
            rf"\b(?P<bound>min(?:imum)?|max(?:imum)?){SP}(?:number{SP}of{SP})?{_PLAYERS}\s*:\s*"
            rf"(?P<num>{NUM})\b|\bnombre{SP}(?P<bound2>min(?:imum)?|max(?:imum)?){SP}de{SP}"
            rf"{_PLAYERS}\s*:\s*(?P<num2>{NUM})\b",
            re.IGNORECASE,
        ),
        "bound",
    ),
    (
        re.compile(
            rf"\bsolo\b[^.!?\n]*?(?<![\w.+-])(?P<num>1|one|un|une){SP}(?:player|joueur)\b",
            re.IGNORECASE,
        ),
        "solo",
    ),
    (re.compile(rf"\b(?P<q>{QUAL}){SP}(?P<num>{NUM}){SP}{_PLAYERS}", re.IGNORECASE), "q"),
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


_ROW = re.compile(r"^[^\S\n]*\|(?P<cells>.*)\|[^\S\n]*$", re.MULTILINE)
_RULE_ROW = re.compile(r"^[\s|:-]+$")
_PLAYER_HEAD = re.compile(r"\b(?:players?|joueurs?)\b", re.IGNORECASE)
_CARDS_HEAD = re.compile(
    r"\b(?:cards?|cartes?|each|per\s+player|par\s+joueur|chacun|deal\w*|distribu\w*)\b",
    re.IGNORECASE,
)
_PLAYER_CELL = re.compile(rf"^\s*(?P<p1>{NUM})(?:\s*(?:-|–|to|à|or|ou)\s*(?P<p2>{NUM}))?\s*$", re.I)
_CARDS_CELL = re.compile(rf"^\s*(?P<num>{NUM})(?:\s+(?:cards?|cartes?)\b.*)?\s*$", re.IGNORECASE)


def table_claims(facts: Facts, text: str) -> Iterator[Claim]:
    """A Markdown deal table (`| Players | Cards each |`, `| Joueurs | Ingrédients par
    joueur |`): each row's number of cards held against the deal rows of its player count.
    A table whose header names no player column and exactly one column of cards is left
    alone."""
    if not facts.deal:
        return
    rows = [(m.start("cells"), m.group("cells").split("|")) for m in _ROW.finditer(text)]
    header: list[str] | None = None
    columns: tuple[int, int] | None = None
    for start, cells in rows:
        if _RULE_ROW.match("|".join(cells)):
            continue
        heads = _columns(cells)
        if heads is not None and not _PLAYER_CELL.match(cells[heads[0]]):
            header, columns = cells, heads
            continue
        if header is None or columns is None or len(cells) != len(header):
            continue
        claim = _row_claim(facts, start, cells, columns)
        if claim is not None:
            yield claim


def _columns(cells: list[str]) -> tuple[int, int] | None:
    """The player column and the one cards column of a header row, if it is one."""
    players = [i for i, c in enumerate(cells) if _PLAYER_HEAD.search(c)]
    cards = [i for i, c in enumerate(cells) if _CARDS_HEAD.search(c) and i not in players[:1]]
    if len(players) < 1 or len(cards) != 1:
        return None
    return players[0], cards[0]


def _row_claim(
    facts: Facts, start: int, cells: list[str], columns: tuple[int, int]
) -> Claim | None:
    """One body row's claim: its cards held against the rows of its player count."""
    who = _PLAYER_CELL.match(cells[columns[0]])
    many = _CARDS_CELL.match(cells[columns[1]])
    if who is None or many is None:
        return None
    low = number_value(who.group("p1"))
    high = number_value(who.group("p2")) if who.group("p2") else low
    value = number_value(many.group("num"))
    offset = start + sum(len(c) + 1 for c in cells[: columns[1]]) + many.start("num")
    wrong = wrong_rows(facts, low, high, value)
    if not wrong:
        return None
    return Claim(offset, offset + len(many.group("num")), value, "", wrong[:1])


_LISTED_DEAL = re.compile(
    rf"(?<![\w.+-])(?P<num>{NUM})(?:{SP}chacune?|{SP}each)?\s*(?:\(|\bde{SP}|\bfor{SP})"
    rf"(?P<p1>{NUM})(?:\s*(?:-|–|à|to)\s*(?P<p2>{NUM}))?(?:{SP}{_PLAYERS})?\)?",
    re.IGNORECASE,
)
"""A deal in a list, its player counts after it: `15 (3 players)`, `9 (5–6 players)`, `4
chacun de 4 à 6 joueurs`."""
_DEAL_LABEL = re.compile(r"\b(?:dealt|distribuée?s?|deal|donne)\b[^:\n]{0,20}:", re.IGNORECASE)


def listed_deals(facts: Facts, text: str) -> Iterator[Claim]:
    """Each deal of a labelled list (`Coins dealt: 15 (3 players), 12 (4 players)`),
    held against the deal table's rows for its player counts."""
    if not facts.deal:
        return
    for label in _DEAL_LABEL.finditer(text):
        line_end = text.find("\n", label.end())
        end = line_end if line_end >= 0 else len(text)
        for match in _LISTED_DEAL.finditer(text, label.end(), end):
            low = number_value(match.group("p1"))
            high = number_value(match.group("p2")) if match.group("p2") else low
            value = number_value(match.group("num"))
            wrong = wrong_rows(facts, low, high, value)
            if wrong:
                yield Claim(match.start("num"), match.end("num"), value, "", wrong[:1])


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
            groups = match.groupdict()
            raw = groups.get("num") or groups["num2"]
            if kind == "from" and _DEALT.search(sentence(text, match.start())):
                continue
            if kind != "solo" and (
                " ".join(raw.casefold().split()) in WEAK or _BLOCKED.search(text, 0, match.start())
            ):
                continue
            upper = groups.get("upper")
            value = number_value(raw)
            bound = number_value(upper) if upper else None
            said = _kind(text, match, kind)
            yield Claim(match.start(), match.end(), value, said, [facts.players], bound)


def _kind(text: str, match: re.Match[str], kind: str) -> str:
    """How a player count reads: a range is the game's whole player count (`span`) unless
    its sentence deals cards (`With 3 to 4 players, deal 10 cards each`: those rows)."""
    if kind == "q":
        return qualifier_kind(match.group("q"))
    if kind == "bound":
        word = (match.groupdict().get("bound") or match.group("bound2")).casefold()
        return "min" if word.startswith("min") else "max"
    if kind == "solo":
        return ""
    if kind == "from":
        return "more"
    if kind == "range" and not _DEALT.search(sentence(text, match.start())):
        return "span"
    return kind


_DEALT = re.compile(
    r"\b(?:cards?|cartes?|deal\w*|distribu\w*|donnez|give|receives?|reçoi\w*|each|chacun"
    r"|par\s+joueur|per\s+player|with|avec|à\s+\w+\s+(?:ou|à)\s+\w+\s+joueurs|if|si|when"
    r"|quand|need|needs|needed|faut|besoin|jouer|to\s+play|add|ajoutez|extension|expansion"
    r"|best|ideal|idéal|recommended|recommandé|conseillé|optimal|variant|variante)\b",
    re.IGNORECASE,
)
"""A player count's sentence that deals cards or sets a condition (`with 3-4 players`, `pour
jouer de 5 à 8 joueurs il faut une deuxième boîte`): some of the player counts, not all."""
_BLOCKED = re.compile(r"\b(?:the|both|these|those|all|les|ces|des|other|autres)\s+\Z", re.I)
"""`the 2 players`, `les 2 joueurs`: players at the table, not the game's player count."""
