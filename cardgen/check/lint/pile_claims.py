"""Claims about the setup's piles, read from a sentence that names one pile and counts cards:
`Deal 6 Ships face up to form the Market Row`, `The Market Row always shows six Ships`,
`Storm Deck: 8 cards`, `Les commandes : quatre recettes`, `La pioche Incident compte dix
cartes`, `Les 20 recettes restantes forment le carnet de recettes`; or from a setup step
that takes cards of a type only one counted pile holds (`Mélangez 10 cartes Incident`,
`Lay out 5 Charters`).

A pile's size is its `count`, or for a pile of all the rest (no `count`) the cards its
selector matches less the counted piles of the same cards (`the other 42 Ships form the
Market Deck`). A player's own piles (a deck, a hero) and a pile of every card are left
alone; so is a number taken from a pile (`draw 2 cards from the Market Deck`) and a setup
step that gives cards to each player (a deal).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from cardgen.check.lint.facts import Claim, Fact, Facts, Subject
from cardgen.check.lint.quantities import NUM, SP, WEAK, any_of, number_value
from cardgen.check.lint.scope import STEP_RIGHT_BEFORE, sentence_bounds
from cardgen.load.game import GamePack
from cardgen.model.select import matches
from cardgen.model.setup import Pile

_ARTICLE = re.compile(r"(?:\b(?:the|le|la|les|your|votre|a|an|un|une)\s+|\bl['’]\s*)\Z", re.I)
_AWAY = re.compile(
    r"\b(?:from|de|du|des|dans|into|onto|to|à|au|sur|on|under|sous|next\s+to|beside|près|of"
    r"|off|top|bout|côté|end)\s*\Z",
    re.IGNORECASE,
)
"""A word before a pile's name that makes the pile a place cards move from or to."""
_LINK = re.compile(
    r":|—|–|\b(?:starts?\s+with|begins?\s+with|commence\s+avec|form|forms|forming|forment|former|as|comme|ce\s+sont|compte|contient|comprend"
    r"|holds?|has|contains?|shows?|made|consists?|constitu\w*|become|becomes|deviennent"
    r"|make|makes|is|are|est|sont)\b",
    re.IGNORECASE,
)
"""Words that make a number of cards a pile's size (`form`, `shows`, `compte`, `:`)."""
_INTO = re.compile(
    r"\b(?:into|onto|in|on|under|beneath|sous|sur|dans|top\s+of|bottom\s+of|au-dessus\s+d[eu]"
    r"|bout\s+d[eu]|end\s+of)\s*\Z",
    re.IGNORECASE,
)
"""A word before a pile's name that puts cards into a pile already laid out (`Place 1 Storm
under the Market Row`): that step does not lay out a pile of its own."""
_IN_PLAY = re.compile(
    r"\b(?:turn|tour|round|manche|when|whenever|if|until|unless|quand|lorsque|si|instead"
    r"|empty|vide|refill\w*|replace\w*|complét\w*|remplace\w*)\b",
    re.IGNORECASE,
)
"""A sentence about play, not setup (`When the Market Row is empty, reveal 3 Ships`)."""
_TAKEN = re.compile(
    r"\b(?:take|takes|draw|draws|grab|grabs|gain|gains|prenez|prend|prends|piochez|pioche)"
    r"(?:[^\S\n]+(?:the|les))?[^\S\n]+\Z",
    re.IGNORECASE,
)
"""A step that gives the player cards (`take 1 Curse`): the card is the player's, not a pile."""
_EACH = re.compile(r"\b(?:each|every)\s+player|\bchaque\s+joueur|\bchacun|\bto\s+each\b", re.I)


@dataclass(frozen=True)
class _Counted:
    """A pile with a known size: its fact and the types of card it holds."""

    fact: Fact
    types: frozenset[str]
    counted: bool


def _size(pack: GamePack, pile: Pile, piles: list[Pile]) -> int | None:
    """A pile's count, or the cards its selector matches less the counted piles of the
    same selector."""
    if pile.count is not None:
        return pile.count
    total = sum(card.copies for card in pack.cards if matches(card, pile.where))
    taken = sum(p.count or 0 for p in piles if p is not pile and p.where == pile.where)
    return total - taken if total > taken else None


def _types(pile: Pile) -> frozenset[str]:
    wanted = pile.where.get("type")
    if isinstance(wanted, list):
        return frozenset(str(t) for t in wanted)
    return frozenset({str(wanted)}) if wanted is not None else frozenset()


class PileReader:
    """The pile claims of one game: its shared piles by name, patterns built once."""

    def __init__(self, facts: Facts, phrases: dict[str, Subject]) -> None:
        self.facts = facts
        self.phrases = phrases
        self.named: dict[str, _Counted] = {}
        pack = facts.pack
        piles = list(pack.game.setup.piles) if pack is not None else []
        for index, pile in enumerate(piles):
            size = _size(pack, pile, piles) if pack is not None and pile.where else None
            if pile.owner == "player" or size is None:
                continue
            place = facts.place_of(["setup", "piles", index])
            fact = Fact(size, size, f"the pile {pile.id}", place)
            for name in _names(pile.label):
                self.named[name] = _Counted(fact, _types(pile), pile.count is not None)
        nouns = any_of(["cards", "card", "cartes", "carte", *phrases])
        self.name = re.compile(rf"(?<![\w-])(?:{any_of(list(self.named))})(?![\w-])", re.I)
        self.number = re.compile(
            rf"(?<![\w.+/-])(?P<num>{NUM}){SP}(?:[\w'’-]+{SP}){{0,2}}?(?P<noun>{nouns})"
            r"(?![\w-])",
            re.IGNORECASE,
        )

    def claims(self, text: str) -> Iterator[Claim]:
        """Each sentence's number of cards that is a pile's size."""
        if not self.named:
            return
        for number in self.number.finditer(text):
            raw = number.group("num")
            if " ".join(raw.casefold().split()) in WEAK:
                continue
            pile = self._pile(text, number)
            if pile is not None:
                value = number_value(raw)
                yield Claim(number.start(), number.end(), value, "", [pile.fact])

    def _pile(self, text: str, number: re.Match[str]) -> _Counted | None:
        """The pile a number of cards is the size of: the one pile its sentence names as
        what the cards form or hold, else the one counted pile of the cards' type that a
        setup step lays out."""
        start, end = sentence_bounds(text, number.start())
        if _IN_PLAY.search(text, start, end):
            return None
        named = []
        for found in self.name.finditer(text, start, end):
            before = _ARTICLE.sub("", text[max(start, found.start() - 30) : found.start()])
            if not _AWAY.search(before):
                named.append(found)
        piles = {self.named[" ".join(m.group().casefold().split())] for m in named}
        if len(piles) == 1 and len(self.number.findall(text, start, end)) == 1:
            between = (
                text[named[0].end() : number.start()]
                if named[0].start() < number.start()
                else text[number.end() : named[0].start()]
            )
            if _LINK.search(between) and not re.search(r"[,.!?]", between):
                return piles.pop()
        return self._stepped(text, number, start, end)

    def _stepped(self, text: str, number: re.Match[str], start: int, end: int) -> _Counted | None:
        """The one counted pile of the type a setup step lays out (`Lay out 5 Charters`)."""
        before = text[start : number.start()]
        if not STEP_RIGHT_BEFORE.search(before) or _TAKEN.search(before):
            return None
        if _EACH.search(text, start, end):
            return None
        subject = self.phrases.get(" ".join(number.group("noun").casefold().split()))
        type_id = dict(subject).get("type") if subject else None
        if type_id is None:
            return None
        for found in self.name.finditer(text, start, end):
            before = _ARTICLE.sub("", text[max(start, found.start() - 30) : found.start()])
            if _INTO.search(before):
                return None
        holding = {p for p in self.named.values() if p.counted and type_id in p.types}
        return holding.pop() if len(holding) == 1 else None


def _names(label: str) -> set[str]:
    """A pile's names: its label, singular and plural, case-folded."""
    folded = " ".join(label.casefold().split())
    plural = folded if folded.endswith(("s", "x")) else folded + "s"
    singular = folded[:-1] if folded.endswith("s") and len(folded) > 3 else folded
    if folded.endswith("ies"):
        singular = folded[:-3] + "y"
    names = {folded, plural, singular}
    if " " not in folded:
        names |= {f"{singular} pile", f"{singular} deck"}
    return names
