"""Claims about the opening hand and the deal, read from verbs of setup: `each player draws 5
cards`, `deal three to each player`, `Grab 3 Weapon Cards ... into your hand`, `start with a
hand of 6`, `each player is dealt 7 cards`, `distribuez 5 cartes à chaque joueur`, `chaque
joueur pioche 5 cartes`.

A number of cards taken (draw, deal, grab, take, receive, start with) is the opening hand
only where the place says so: the sentence names the hand (`into your hand`, `opening
hand`) or each player (`to each player`), or it stands in a setup section (`Setup`, `Mise en
place`) or sentence (`to start the game`). `Draw 2 cards` on a card, or in a turn, is an
effect and is left alone; so are numbers `more`, `extra` or `additional` and the first
player's extra card. With a deal table the number is held against its rows for the player
counts the line names (all rows when it names none), else against `setup.hand`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.facts import Claim, Fact, Facts
from cardgen.check.lint.players import deal_players, wrong_rows
from cardgen.check.lint.quantities import NUM, QUAL, SP, WEAK, any_of, number_value, qualifier_kind
from cardgen.check.lint.scope import SETUP_CUE, heading, line_at, section, sentence

_TAKE = (
    r"draws?|drawing|deal|deals|dealt|grab|grabs|take|takes|pick(?:s)?\s+up|receives?|gets?"
    r"|starts?\s+(?:the\s+game\s+)?with|begins?\s+(?:the\s+game\s+)?with|piochez?|pioche"
    r"|piochent|prend|prennent|prenez|reçoit|reçoivent|distribuez|distribue|distribuer|donnez"
    r"|hand\s+out|hands\s+out"
)
_EACH = (
    r"(?:each|every|all)\s+players?|them|everyone|chaque\s+joueur|tout\s+le\s+monde"
    r"|chacune?|(?:to|à)\s+(?:each|every|chaque)\s+[\w-]+|apiece|per\s+player|par\s+joueur"
)
_WORDS = r"(?:(?!(?:to|from|of|damage|de|à|du|des)\b)[\w’'-]+\s+){0,3}?"
_NOT_MORE = re.compile(r"\s*(?:more|extra|additional|further|other|de\s+plus|supplémentaires?)\b")
_FIRST = re.compile(
    r"\b(?:first|starting|second|last|next|active)\s+player\b|\bpremier\s+joueur\b", re.I
)
_TURN = re.compile(
    r"\b(?:(?:each|every|per|chaque|par)\s+(?:turn|tour)|end\s+of\s+(?:your|the|their|each|a)"
    r"\s+turn|(?:your|their|his|her|ton|son|votre|leur)\s+(?:turn|tour)|fin\s+d[ue]\s+(?:\w+\s+)?tour)",
    re.IGNORECASE,
)
"""A sentence about a turn: its numbers of cards drawn are no opening hand."""
_CARD_TEXT = re.compile(
    r"\b(?:lets?|allows?|permet(?:tent)?|vous\s+permet)\s+(?:you|players?|de|à)\b"
    r"|\bwhen(?:ever)?\s+(?:you\s+)?(?:play|played|buy|bought)\b|\b(?:quand|lorsque)\s+vous\s+jouez",
    re.IGNORECASE,
)
"""A card's own text (`Each Deckhand lets you draw 1 card`): an effect, never the hand."""
_DEALING = re.compile(
    r"\b(?:deal|deals|dealt|distribu\w*|donnez|give|gives|reçoi\w*|receives?|hands?\s+out)\b",
    re.IGNORECASE,
)
"""A verb of dealing: the deal table's number; a hand named without one is the hand's."""
_TABLE = re.compile(
    r"\bface[\s-]+(?:up|down|visible|cachée)|\bas\s+the\b|\bto\s+form\b|\bpour\s+former\b"
    r"|\b(?:center|centre|middle|milieu)\s+of\s+the\s+table|\bau\s+centre\b",
    re.IGNORECASE,
)
"""Cards laid on the table (`Deal 6 Ships face up as the Market Row`): a pile, not a deal,
unless the sentence gives them to each player."""
_SOLO = re.compile(r"\b(?:en\s+solo|solo|single-player|one-player)\b", re.IGNORECASE)
"""A line about the one-player game: the deal table's row for 1 player."""
_HAND = re.compile(r"\b(?:hands?|mains?)\b", re.IGNORECASE)
_CARDS_WORD = re.compile(r"\b(?:cards?|cartes?|hand|main)\b", re.IGNORECASE)
"""Cards in general: a number of one kind of card (`take 1 Curse`) is the hand only where
the sentence names the hand or each player."""
_PILE_SUBJECT = re.compile(r"\b(?:piles?|pioches?|rows?|rangées?)\b[^.!?\n]*\Z", re.I)
"""A pile before the verb (`The Camp pile starts with 11 cards`): the pile's size, no hand."""
_SETUP_SECTION = re.compile(r"\b(?:set\s*-?\s*up|mise\s+en\s+place|préparation|preparation)", re.I)


def _patterns(nouns: str) -> tuple[re.Pattern[str], ...]:
    """The shapes of a setup sentence's number, `nouns` being what the game calls its cards
    (`cards`, `Weapon Cards`, `sketch cards`, `cartes`)."""
    counted = rf"(?P<num>{NUM})(?:{SP}{_WORDS}(?:{nouns}))"
    return (
        re.compile(rf"\b(?:{_TAKE})(?:{SP}(?:{_EACH}))?{SP}(?:(?P<q>{QUAL}){SP})?{counted}", re.I),
        re.compile(
            rf"\b(?:deal|deals|dealt|give|gives){SP}(?P<num>{NUM}){SP}(?:to|à){SP}"
            rf"(?:{_EACH})",
            re.IGNORECASE,
        ),
        re.compile(
            rf"\b(?:each|every)\s+player\s+(?:is|gets|will\s+be)\s+dealt{SP}{counted}",
            re.IGNORECASE,
        ),
        re.compile(rf"\b(?:hand|main)\s+(?:of|de)\s+(?P<num>{NUM})\b(?![.,]\d)", re.IGNORECASE),
        re.compile(
            rf"\b(?:starts?|begins?|commencez?|commencent)\s+(?:the\s+game\s+|la\s+partie\s+)?"
            rf"(?:with|avec)\s+(?:a|an|un)\s+(?:(?:starting|personal|own)\s+)?(?:deck|paquet)"
            rf"(?:\s+de\s+départ)?\s+(?:of|de)\s+(?P<num>{NUM}){SP}(?:cards|cartes)\b",
            re.IGNORECASE,
        ),
        re.compile(
            rf"\b(?:starting|opening)\s+hand\s+(?:size\s+)?(?:of|is)\s+(?P<num>{NUM})\b",
            re.IGNORECASE,
        ),
    )


def _not_given(text: str, match: re.Match[str], said: str) -> bool:
    """Cards no player is given as a hand or deal: a pile's (`The Camp pile starts with 11
    cards`) or one kind of card taken (`take 1 Curse`), unless the sentence names the hand
    or each player (or deals)."""
    named = _HAND.search(said) is not None or re.search(_EACH, said, re.I) is not None
    begins = text.rfind("\n", 0, match.start()) + 1
    if _PILE_SUBJECT.search(text, begins, match.start()) and not named:
        return True
    return not _CARDS_WORD.search(match.group()) and not (named or _DEALING.search(said))


class SetupReader:
    """The hand and deal claims of one game's texts."""

    def __init__(self, facts: Facts, card_words: list[str], dealt_words: list[str]) -> None:
        self.facts = facts
        nouns = any_of(card_words)
        dealt = any_of(dealt_words)
        self.patterns = _patterns(nouns or "cards?")
        pack = facts.pack
        label = pack.game.setup.deal_label if pack is not None and facts.deal else ""
        self.dealt = (
            re.compile(
                rf"\b{re.escape(label)}s?{SP}(?:of|de|holds?|contains?|contient|compte)"
                rf"{SP}(?P<num>{NUM})\b|(?<![\w.+-])(?P<num2>{NUM}){SP}(?:{dealt})"
                rf"{SP}(?:chacune?|each|apiece)\b",
                re.IGNORECASE,
            )
            if label
            else None
        )

    def claims(self, text: str) -> Iterator[Claim]:
        """The setup's numbers of cards each, where the place says they are the hand."""
        if self.facts.hand is None and not self.facts.deal:
            return
        for pattern in self.patterns:
            for match in pattern.finditer(text):
                claim = self._claim(text, match)
                if claim is not None:
                    yield claim
        yield from self._dealt(text)

    def _dealt(self, text: str) -> Iterator[Claim]:
        """What each player is dealt said with the deal's own name (`a Purse of 12 Coins`)
        or with `each` after it (`1 joker chacun`), held against the deal table."""
        if self.dealt is None:
            return
        for match in self.dealt.finditer(text):
            said = sentence(text, match.start())
            if _TURN.search(said) or _CARD_TEXT.search(said):
                continue
            name = "num" if match.group("num") else "num2"
            value = number_value(match.group(name))
            facts = self._facts(text, match.start(), value)
            if facts:
                yield Claim(match.start(name), match.end(), value, "", facts)

    def _claim(self, text: str, match: re.Match[str]) -> Claim | None:
        raw = match.group("num")
        q = match.groupdict().get("q")
        if " ".join(raw.casefold().split()) in WEAK and not q:
            return None
        if _NOT_MORE.match(text, match.end("num")):
            return None
        said = sentence(text, match.start())
        if _FIRST.search(said) or _TURN.search(said) or _CARD_TEXT.search(said):
            return None
        if _TABLE.search(said) and not (re.search(_EACH, said, re.I) or _HAND.search(said)):
            return None
        if not self._about_the_hand(text, match, said) or _not_given(text, match, said):
            return None
        value = number_value(raw)
        start = match.start("q") if q else match.start("num")
        if self.facts.hand is not None and _HAND.search(said) and not _DEALING.search(said):
            facts = [self.facts.hand]
        else:
            facts = self._facts(text, match.start(), value)
        return Claim(start, match.end(), value, qualifier_kind(q), facts) if facts else None

    @staticmethod
    def _about_the_hand(text: str, match: re.Match[str], said: str) -> bool:
        """Whether the sentence is about the opening hand: it names the hand or each player,
        or it is in a setup section or says it is done to start."""
        if _HAND.search(match.group()) or _HAND.search(said) or _SOLO.search(said):
            return True
        if re.search(_EACH, said, re.I):
            return True
        lead = heading(text, match.start()) or ""
        return bool(
            SETUP_CUE.search(f"{lead} {said}")
            or _SETUP_SECTION.search(f"{lead} {section(text, match.start())}")
        )

    def _facts(self, text: str, offset: int, value: int) -> list[Fact]:
        """The deal rows for the player counts on the line (a claim when one disagrees; when
        the line names none, when every row does), or the hand."""
        if not self.facts.deal:
            return [self.facts.hand] if self.facts.hand is not None else []
        start, end = line_at(text, offset)
        players = deal_players(self.facts, text, start, end)
        if players is None and _SOLO.search(text, start, end):
            return wrong_rows(self.facts, 1, 1, value)[:1]
        if players is None:
            rows = [f for _, _, f in self.facts.deal]
            return rows[:1] if all(f.low != value for f in rows) else []
        return wrong_rows(self.facts, players[0], players[1], value)[:1]
