"""The words of a clause that set a number's scope, for the clause reader (`clause_claims`):
its segment (the part of its sentence between commas, semicolons and colons), the player
counts it names (`À 5 joueurs`, `(4 joueurs)`, `quinze à quatre`, `In a 3-player game`,
`Four at the table`), a verb of play before it (a count taken in play is no fact of the
data), a setup step (a kind of card set out makes a pile), the box, a counter's start.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardgen.check.lint.quantities import NUM, number_value

_SEGMENT = re.compile(r"[,;:|]|\s[-–—]\s")
_PLAYER_WORDS = (
    r"(?:players?|joueurs?|joueuses?|people|personnes|participants|enfants|children|kids)\b"
)


def _scope_patterns(players: str) -> tuple[re.Pattern[str], ...]:
    """How a clause names a player count, with the game's words for a player."""
    flags = re.IGNORECASE | re.MULTILINE
    return (
        re.compile(
            rf"(?<![\w.+-])(?P<low>{NUM})(?:\s*,\s*{NUM})*(?:\s*(?:-|–|à|to|or|ou|et|and|,)\s*"
            rf"(?P<high>{NUM}))?(?:\s+or\s+more|\s+ou\s+plus)?\s+{players}",
            flags,
        ),
        re.compile(rf"(?<![\w.+-])(?P<low>{NUM})-players?\b", flags),
        re.compile(rf"\b(?:partie|game)\s+(?:à|for|of)\s+(?P<low>{NUM})\b(?!\s*-)", flags),
        re.compile(
            rf"\b(?:plays?|played|se\s+joue)\s+(?:with|à|de)\s+(?P<low>{NUM})\s*(?:to|-|–|or|à"
            rf"|ou)\s*(?P<high>{NUM})\b",
            flags,
        ),
        re.compile(
            rf"(?<![\w.+-])(?P<low>{NUM})\s+(?:at\s+the\s+table|around\s+the\s+table|of\s+you"
            r"|à\s+table|autour\s+de\s+la\s+table)\b",
            flags,
        ),
        re.compile(
            rf"\b(?:on\s+est|nous\s+sommes|vous\s+êtes|you\s+are|there\s+are)\s+(?P<low>{NUM})"
            r"(?=\s*[,;:?.])",
            flags,
        ),
        re.compile(
            rf"\b(?:(?:de|from|entre|between)\s+(?=(?:{NUM})\s*(?:à|to|et|and|-|–)\s*(?:{NUM})"
            rf"(?:\s*[,:;?)]|\s*$|\.))|à|pour|for|with|avec)\s*(?P<low>{NUM})(?:\s*,\s*{NUM})*"
            rf"(?:\s*(?:-|–|à|to|or|ou|et|and)\s*(?P<high>{NUM}))?(?=\s*(?:[,:;?)]|$|\.))",
            flags,
        ),
    )


_ALONE = re.compile(
    r"\b(?P<one>solo|seule?|alone|single-player|en\s+solitaire)\b|\b(?P<two>en\s+duel|in\s+a\s+duel"
    r"|head-to-head|two-player)\b",
    re.IGNORECASE,
)
"""A player count said in a word: `solo`, `En duel`."""


_PLAYING = re.compile(
    r"\b(?:deal\w*|distribu\w*|donne\w*|reçoi\w*|receives?|gets?|chacune?|each"
    r"|apiece|se\s+joue|jou\w*|play\w*|partie|game)\b",
    re.IGNORECASE,
)
"""Words of a sentence about players or a deal, where `à quatre` is a player count."""
"""A player count named as the scope of a deal (each with `low` and maybe `high`)."""
ACTION = re.compile(
    r"\b(?:draw|draws|drawing|discards?|trash(?:es)?|pays?|gains?|loses?|moves?|spends?"
    r"|gives?\s+(?:you|them|him|her)|vous\s+donnen?t?|rolls?|scores?|plays?|returns?|looks?|chooses?|picks?|steals?|trades?|swaps?|removes?"
    r"|destroys?|heals?|reduced?|reduces|réduite?s?|trim(?:s|med)?|banks?|écart\w*|set\s+aside"
    r"|search(?:es)?|cherche\w*|fouille\w*"
    r"|put\s+aside|removes?|removed|leaves?\s+out|mettez\s+de\s+côté|earns?|wins?|collects?|(?:pioch|défauss|gagn|perd|déplac|dépens"
    r"|lanc|marqu|jou|vol|échang|retir|soign|regard|tir|rapport|récolt|collect)(?:e|es|ez|ent"
    r"|er|ons)|perds?|perdu|choisi(?:s|t|ssez|r)|prend(?:s|re)?|prenez|paie|paient|payez"
    r"|payer)\b",
    re.IGNORECASE,
)
"""A verb of play: what it counts is taken during the game, not fixed by the data."""
CONDITION = re.compile(
    r"\b(?:if|unless|when|whenever|once|until|si|sauf|quand|lorsqu\w*|dès\s+que|tant\s+que"
    r"|jusqu['’]à\s+ce)\b",
    re.IGNORECASE,
)
"""A condition: what it counts is a moment of play, not a number of the data."""
STEP_SAID = re.compile(
    r"(?:^|[.!?\n;:,(]|\bthen|\bpuis|\bet|\band|\bon)\s*(?:\d+[.)]\s*|[-*•]\s*)?(?:shuffle|deal"
    r"|lay(?:\s+out)?|reveal|place|put|set|spread|stack|form|build|count|mélangez|distribuez"
    r"|révélez|posez"
    r"|formez|constituez"
    r"|pose|placez|mettez|met|étalez|étale|alignez|empilez|retournez)\b[^.!?\n;]*\Z",
    re.IGNORECASE,
)
"""A setup step before the number in its sentence: what it sets out makes a pile."""
START_SAID = re.compile(
    r"\b(?:starts?|begins?|commencen?t?|commencez|démarren?t?|démarrez|au\s+début|at\s+the\s+start"
    r"|(?:set|place|put|placez|posez|mettez)\b[^.!?\n;]*\b(?:on|at|to|sur|à))\b[^.!?\n;]*\Z",
    re.IGNORECASE,
)
"""Words of where a counter starts, before the number."""
BOX_SAID = re.compile(
    r"\b(?:il\s+y\s+a|there\s+are|there\s+is|comes?\s+with|ships?\s+with"
    r"|includes?|contains?|on\s+trouve|all\s+in\s+all|in\s+total|au\s+total|en\s+tout)\b",
    re.IGNORECASE,
)
"""Words of what the box holds, before the number in its sentence."""
BOX_AFTER = re.compile(
    r"\b(?:(?:are|is)\s+(?:provided|included|supplied)|sont\s+(?:fournie?s|inclus|incluses"
    r"|livrée?s)"
    r"|(?:come|comes|ship|ships)\s+with\s+the\s+game|were\s+printed|in\s+all|all\s+told"
    r"|en\s+tout|au\s+total)\b",
    re.IGNORECASE,
)
"""Words of what the box holds, after the number in its sentence (`Huit témoins sont
fournis`, `Five specialists come with the game`)."""
DEAL_CUE = re.compile(
    r"\b(?:cards?|cartes?|hands?|mains?|deal\w*|distribu\w*|donne\w*|reçoi\w*|receives?|chacune?"
    r"|each|apiece|par\s+tête|per\s+head)\b",
    re.IGNORECASE,
)
"""Words of a deal: a sentence naming a player count without them states the player count."""
_BEYOND = re.compile(r"(?:au-delà\s+de|plus\s+de|more\s+than|beyond|over)\s+\Z", re.IGNORECASE)


@dataclass(frozen=True)
class PlayerScope:
    """A player count a clause names: from `low` to `high` players, at `start`."""

    start: int
    end: int
    low: int
    high: int
    worded: bool = True
    """Said with a word for players (`2 to 4 players`), not only `à quatre`, `for five`."""


class PlayerScopes:
    """Finds the player counts a clause names, with one game's words for a player."""

    def __init__(self, own_words: list[str]) -> None:
        own = "|".join(re.escape(w) for w in sorted(own_words, key=len, reverse=True))
        words = rf"(?:{own}|{_PLAYER_WORDS[3:]}" if own else _PLAYER_WORDS
        self.patterns = _scope_patterns(words)
        self.playing = re.compile(rf"{words}|{_PLAYING.pattern}", re.IGNORECASE)

    def find(self, text: str, begins: int, ends: int) -> list[PlayerScope]:
        """Every player count named between `begins` and `ends`, in the text's order."""
        found: dict[int, PlayerScope] = {}
        playing = self.playing.search(text, begins, ends) is not None
        last = len(self.patterns) - 1
        for index, pattern in enumerate(self.patterns):
            if index == last and not playing:
                continue
            for match in pattern.finditer(text, begins, ends):
                scope = _scope(text, begins, match, worded=index < last)
                if scope is not None and scope.start not in found:
                    found[scope.start] = scope
        for match in _ALONE.finditer(text, begins, ends):
            count = 1 if match.group("one") else 2
            found.setdefault(match.start(), PlayerScope(match.start(), match.end(), count, count))
        return [found[k] for k in sorted(found)]


def _scope(text: str, begins: int, match: re.Match[str], *, worded: bool) -> PlayerScope | None:
    """The player count of one match (`au-delà de quatre`: five or more)."""
    start = match.start("low")
    low = number_value(match.group("low"))
    high_raw = match.groupdict().get("high")
    high = number_value(high_raw) if high_raw else low
    if high < low:
        return None
    if _BEYOND.search(text, max(begins, start - 16), start):
        low, high = low + 1, 99
    return PlayerScope(start, match.end(), low, high, worded)


def segment_bounds(text: str, offset: int, begins: int, ends: int) -> tuple[int, int]:
    """The part of a sentence between its commas, semicolons, colons, bars and dashes that
    holds `offset`."""
    low = begins
    for match in _SEGMENT.finditer(text, begins, offset):
        low = match.end()
    high_match = _SEGMENT.search(text, offset, ends)
    return low, high_match.start() if high_match else ends
