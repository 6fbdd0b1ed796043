"""The clause reader of the claims lint: a number the wording readers left unread, read by
the parts of its clause rather than by a pattern per wording.

For each such number the reader finds, over the clause's tokens:

- its **qualifier**, in the words right before it (`at most`, `never exceeds`, `peut
  atteindre`) or right after what it counts (`or more`, `au plus`), or a **range** (`from 1
  to 13`, `de 2 à 8`, `2 to 4`) (`clause_said`);
- **what it counts**: the game's word right after it, past a few adjectives or a unit
  (`5 six-sided battle dice`, `12 cartes Soleil`, `a 40-card army`, `19 h`), every thing that
  word names; after a bare number or `cards`, the things the clause is about (`Armies are
  always 22 cards strong`, `Orders: 7 at most`, `Strength never exceeds 5`, `a score of 5`,
  an answer to the question before it); a word the game does not know right after it means
  it counts something else, and the number is left alone;
- **its scope** (`clause_scope`): a player count the clause names (`À 5 joueurs`, `(4
  joueurs)`, `quinze à quatre`, `Au-delà de quatre joueurs`) makes a count of cards the deal
  for it; a count per group (`of the same colour`); the box, a deck, a starter deck, a setup
  step, a counter's start.

A number is held against every fact those parts allow (`clause_facts`) and is wrong only
when none of them admits it: the reader widens what a number may be about rather than guess
which one is meant; a verb of play, a condition, a count per another thing, a variant or an
example leaves it alone (silence rather than a guess).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from cardgen.check.lint.clause_facts import CountFacts, FactChooser, GroupFacts
from cardgen.check.lint.clause_lexicon import Lexicon, Mention, Thing
from cardgen.check.lint.clause_said import (
    NUMBER,
    PART_AFTER,
    PART_BEFORE,
    Read,
    Said,
    blocked,
    boxed,
    read_number,
)
from cardgen.check.lint.clause_scope import (
    DEAL_CUE,
    PlayerScope,
    PlayerScopes,
    segment_bounds,
)
from cardgen.check.lint.facts import Claim, Fact, Facts
from cardgen.check.lint.quantities import AFTER, NUM, qualifier_kind
from cardgen.check.lint.rules import words
from cardgen.check.lint.scope import GROUP_BEFORE, sentence_bounds

_AFTER_QUALIFIER = re.compile(rf"\s*(?P<after>{AFTER})\b", re.IGNORECASE)
_NEUTRAL_AFTER = re.compile(
    r"\s*(?:$|[,.;:!?)(\]/|]|\b(?:each|apiece|chacune?|in\s+all|en\s+tout|au\s+total|total"
    r"|face\s+(?:cachée|visible|up|down)|faces?\s+(?:cachées|visibles)"
    r"|par\s+(?:joueur|personne|enfant|tête)|per\s+player|x|×|of\s+them|d['’]entre)\b)",
    re.IGNORECASE,
)
_STOP = frozenset(
    words(
        "of per to from in on for with by at into than par à au aux dans sur pour avec chez en "
        "que qui who which and or et ou du des"
    )
)
_TO_PLAY = re.compile(r"\s+(?:pour\s+jouer|to\s+play)\b", re.IGNORECASE)
"""After a number: `Il faut être au moins six pour jouer` counts players."""
_UNIT_OF = frozenset(words("in en of de d' dans into"))
"""A word between a bare number and the field or counter it is a value of (`4 in Value`)."""
_UNITS = frozenset(words("h heure heures hour hours pt pts point points"))
"""A unit after a number: what it counts is the thing before or after it."""
_PER_GROUP = re.compile(
    r"\s*(?:(?:of|from|for|in|de|dans)\s+(?:each|every|chaque|any\s+one|a\s+single|one)"
    r"|per\b|par\b|(?:of|from|in)\s+(?:the\s+)?same|du\s+même|de\s+la\s+même|d['’]une?\s+"
    r"(?:même|seule))\s*(?P<group>[^\W\d][\w'’-]*)?",
    re.IGNORECASE,
)
_NUMBER_LIST = re.compile(
    rf"(?:\s*,\s*(?:(?:and|et|or|ou)\s+)?{NUM}|\s*,?\s*(?:and|et|or|ou)\s+{NUM})+(?![\w%])",
    re.IGNORECASE,
)
"""The rest of a list of numbers (`3, 4, 5, 6, and 7 Yokai points`): what its last one
counts, they all count."""
_CARDS_AFTER = re.compile(r"\s+(?:cards?|cartes?)\b", re.IGNORECASE)
"""An answer that counts cards (`Eighteen cards`) is about what its question names."""
_WORD = re.compile(r"[^\W\d_][\w'’-]*|\d+|[^\w\s]", re.UNICODE)
_HYPHEN_CARD = re.compile(r"-(?:card|cards|carte|cartes)\b", re.IGNORECASE)
_KINDS_OF = re.compile(r"\s+(?:of|de|d['’])", re.IGNORECASE)
"""After a kind's values (`three types of Technique cards`): kinds of one thing."""
_NEXT: list[Mention] = []
"""`_at_word`'s answer when the word is an adjective or a word to read past."""
_VALUE_BEFORE = re.compile(r"\s*(?:of|de|d['’]|at|à|sur|on|:|=|is|est)\s*", re.I)
"""Between a field or counter and its value (`a score of 5`, `l'horloge sur 20`)."""


class ClauseReader:
    """Reads one game's texts clause by clause, for the numbers no wording reader read."""

    def __init__(
        self, facts: Facts, lexicon: Lexicon, count_facts: CountFacts, per_group: GroupFacts
    ) -> None:
        self.facts = facts
        self.lexicon = lexicon
        self.choose = FactChooser(facts, lexicon, count_facts, per_group)
        self.scopes = PlayerScopes(lexicon.players)

    def claims(self, text: str, read: list[tuple[int, int]]) -> Iterator[Claim]:
        """A claim for each number outside `read` whose clause says what it counts."""
        taken = list(read)
        for match in NUMBER.finditer(text):
            start = match.start("num")
            if match.group("sign") or any(s <= start < e for s, e in taken):
                continue
            number = read_number(text, match)
            if number is None or blocked(text, number.start):
                continue
            claim = self._claim(text, number)
            if claim is not None:
                taken.append((number.start, number.end))
                yield claim

    def _claim(self, text: str, number: Read) -> Claim | None:
        """The claim of one number, or None when its clause does not say what it counts."""
        begins, ends = sentence_bounds(text, number.start)
        scopes = self.scopes.find(text, begins, ends)
        inside = next((p for p in scopes if p.start <= number.start < p.end), None)
        if inside is not None:
            dealing = DEAL_CUE.search(text, begins, ends) is not None
            return self._players(number, inside, dealing)
        mentions = self.lexicon.mentions(text, begins, ends)
        if _CARDS_AFTER.match(text, number.end):
            mentions = self._question(text, begins) + mentions
        whole = PART_BEFORE.search(text, max(begins, number.start - 40), number.start)
        box = whole is not None or boxed(text, number.start, begins, ends)
        part = PART_AFTER.match(text, number.end)
        head = self._counted(text, number, mentions, box, part)
        if head is None:
            return None
        segment = segment_bounds(text, number.start, begins, ends)
        qualifier = number.qualifier or _trailing(text, number, head)
        said = Said(text, number, qualifier, (begins, ends), segment, mentions, head, box, scopes)
        if said.condition:
            return None
        facts = self.choose.part(said) if part is not None else self._facts(said)
        if not facts:
            return None
        return Claim(
            number.start, number.end, number.value, qualifier, facts, number.upper, guessed=True
        )

    def _counted(
        self,
        text: str,
        number: Read,
        mentions: list[Mention],
        box: bool,
        part: re.Match[str] | None,
    ) -> list[Mention] | None:
        """What a number counts (`_head`), read after the whole it is a part of (`thirty
        of the 32 Lots`) or the rest of its list (`3, 4 and 5 points`); None when it counts
        nothing the game fixes: an unknown word, a group after a bare number (`six par
        école`), kinds of one thing (`three types of Technique cards`)."""
        listed = _NUMBER_LIST.match(text, number.end)
        ahead = part or listed
        last = replace(number, end=ahead.end()) if ahead is not None else number
        head = self._head(text, last, mentions, box)
        if head is None or (not head and _PER_GROUP.match(text, number.end)):
            return None
        if any(m.thing.kind == "values" for m in head) and _KINDS_OF.match(text, head[-1].end):
            return None
        return head

    def _players(self, number: Read, scope: PlayerScope, dealing: bool) -> Claim | None:
        """A player count a clause names (`À 7 joueurs`, `De 2 à 8 enfants`): within the
        game's player count when it is a deal's scope, else the game's own range."""
        if self.facts.players is None:
            return None
        end = max(number.end, scope.end)
        if scope.high == 99 or scope.high == scope.low:
            return Claim(number.start, end, scope.low, "", [self.facts.players], guessed=True)
        kind = "range" if dealing or not scope.worded else "span"
        facts = [self.facts.players]
        return Claim(number.start, end, scope.low, kind, facts, scope.high, guessed=True)

    def _question(self, text: str, begins: int) -> list[Mention]:
        """The game's words of a question right before a sentence (`How big is an army?
        Eighteen cards.`): an answer's number is about them."""
        before = text[max(0, begins - 160) : begins].rstrip()
        if not before.endswith("?"):
            return []
        start = max(before.rfind(c, 0, len(before) - 1) for c in ".!?\n") + 1
        offset = begins - len(text[max(0, begins - 160) : begins]) + start
        return self.lexicon.mentions(text, offset, offset + len(before) - start)

    def _head(
        self, text: str, number: Read, mentions: list[Mention], box: bool
    ) -> list[Mention] | None:
        """What the number counts: the things the game's word right after it names (past a
        few words that are no stop word, or a unit), `[]` for a bare number, None when a
        word the game does not know follows it (it counts something else)."""
        after = number.end
        if _TO_PLAY.match(text, after):
            return [Mention(after, after, Thing("players"))]
        hyphen = _HYPHEN_CARD.match(text, after)
        if hyphen is not None:
            return _hyphened(mentions, number, hyphen.end())
        if _NEUTRAL_AFTER.match(text, after) or _AFTER_QUALIFIER.match(text, after):
            return self._valued_before(text, number, mentions)
        for count, token in enumerate(_WORD.finditer(text, after), start=1):
            found = self._at_word(text, number, mentions, box, token, count)
            if found is not _NEXT:
                return found
        return []

    def _at_word(
        self,
        text: str,
        number: Read,
        mentions: list[Mention],
        box: bool,
        token: re.Match[str],
        count: int,
    ) -> list[Mention] | None:
        """What the `count`-th word after a number says it counts, or `_NEXT` to read on."""
        word = token.group().casefold()
        unit = count == 1 and word in _UNITS
        here = [m for m in mentions if m.start == token.start() and m.start >= number.end]
        if here and not unit:
            return _longest(here, box)
        if unit:
            return self._of_unit(text, number, mentions, token) or None
        if count == 1 and word in _UNIT_OF:
            return _valued(mentions, token.end())
        if word[0].isalnum() and word not in _STOP and count <= 2:
            return _NEXT
        return (self._valued_before(text, number, mentions) or None) if count == 1 else None

    def _of_unit(
        self, text: str, number: Read, mentions: list[Mention], token: re.Match[str]
    ) -> list[Mention]:
        """The fields and counters a number with a unit may be a value of: named before
        it, by the unit itself (`3 points` where Points is a field), or right after the unit
        (`10 points au score`)."""
        kinds = ("field", "counter")
        after = [
            m
            for m in mentions
            if m.thing.kind in kinds and token.start() <= m.start <= token.end() + 14
        ]
        return self._valued_before(text, number, mentions, unit=True) + after

    def _valued_before(
        self, text: str, number: Read, mentions: list[Mention], *, unit: bool = False
    ) -> list[Mention]:
        """The field or counter right before a bare number (`a score of 5`), or for a
        number with a unit the one its sentence names before it (`La distance ne dépasse
        jamais 3 heures`), else `[]`."""
        valued = [m for m in mentions if m.thing.kind in ("field", "counter")]
        for mention in reversed([m for m in valued if m.end <= number.start]):
            between = text[mention.end : number.start]
            if unit or (len(between) < 12 and _VALUE_BEFORE.fullmatch(between)):
                return [m for m in valued if m.start == mention.start]
        return []

    def _facts(self, said: Said) -> list[Fact]:
        """Every fact the number may be held against, by what it counts and its scope."""
        kinds = said.kinds
        dealt = any(m.thing.subject == self.lexicon.deal_subject for m in said.head)
        if not kinds or kinds & {"cards", "hand"} or dealt:
            scope = self.choose.deal_scope(said)
            if scope is not None:
                return scope
        group = self._group_word(said)
        if group is not None:
            return self._grouped(said, group)
        if not kinds and said.number.upper is not None:
            valued = [m.thing for m in said.mentions if m.thing.kind in ("field", "counter")]
            return self.choose.of_things(said, valued)
        if kinds <= {"cards"} and said.action:
            return self.choose.drawn_at_setup(said)
        if not kinds or kinds == {"cards"}:
            return self._contextual(said)
        things = [m.thing for m in said.head]
        if kinds <= {"field", "counter"}:  # a unit (`6 energy`) beside the field it measures
            things += [m.thing for m in said.mentions if m.thing.kind == "field"]
        return self.choose.of_things(said, things)

    @staticmethod
    def _group_word(said: Said) -> str | None:
        """The group a count is said per, after it (`5 tools of the same colour`) or before
        it (`Within a single element ... six creatures`); a card's copies have none."""
        if not said.head or said.kinds == {"copies"}:
            return None
        after = _PER_GROUP.match(said.text, said.head[-1].end)
        if after is not None:
            return after.group("group") or ""
        before = GROUP_BEFORE.search(said.before) if "subject" in said.kinds else None
        return before.group("group") if before is not None else None

    def _grouped(self, said: Said, word: str) -> list[Fact]:
        """A count per group (`5 tools of the same colour`); per deck or per player is a
        scope, not a group."""
        if {t.kind for t in self.lexicon.things(word)} & {"deck", "players"}:
            return self.choose.of_things(said, [m.thing for m in said.head])
        subjects = [m.thing.subject for m in said.head if m.thing.kind == "subject"]
        if not subjects or said.action or said.condition:
            return []
        return self.choose.group(said, subjects[0], word)

    def _contextual(self, said: Said) -> list[Fact]:
        """A bare number or a count of `cards`: what its segment (else its sentence before
        it) is about, a field or a counter before any kind of card (`Un sort de feu a une
        puissance d'au moins 2`); for a label's value, what the label names."""
        inside = self._about(said)
        valued = [m for m in inside if m.thing.kind in ("field", "counter")]
        if not valued and len({m.thing.subject for m in inside if m.thing.kind == "subject"}) > 1:
            return []
        found = self.choose.of_things(said, [m.thing for m in valued or inside], bare=True)
        return found or (self.choose.held(said) if said.head and not inside else [])

    def _about(self, said: Said) -> list[Mention]:
        """The game's words a bare number or a count of cards may be said of: in its
        segment (from the sentence's start for a label's value), else its sentence before
        it; never players, values or copies, nor for `cards` a field or a counter."""
        skipped = {"cards", "players", "values", "copies"}
        if said.head:
            skipped |= {"field", "counter"}
        low, high = said.segment
        if said.listed:
            low = said.bounds[0]
        about = [m for m in said.mentions if m.thing.kind not in skipped and self._near(said, m)]
        inside = [m for m in about if low <= m.start < high]
        return inside or [m for m in about if m.start < said.number.start]

    @staticmethod
    def _near(said: Said, mention: Mention) -> bool:
        """Whether a word of the clause may be what a number is said of: before it, or for
        a count of cards a deck or pile after it (`40 cards in the deck`)."""
        if mention.start < said.number.start:
            return True
        return bool(said.head) and mention.thing.kind in ("deck", "pile", "subject", "scope")


def _trailing(text: str, number: Read, head: list[Mention]) -> str:
    """A qualifier after what a number counts (`52 cards at most`), or ``."""
    trailing = _AFTER_QUALIFIER.match(text, max((m.end for m in head), default=number.end))
    return qualifier_kind(trailing.group("after"), trailing=True) if trailing else ""


def _hyphened(mentions: list[Mention], number: Read, after: int) -> list[Mention]:
    """`a 40-card army`: the deck's size (or the pile's) when the game's word follows."""
    following = [m for m in mentions if m.start >= after]
    nearest = min(following, key=lambda m: m.start, default=None)
    if nearest is not None and nearest.start - after < 24:
        if nearest.thing.kind == "deck":
            return [Mention(nearest.start, nearest.end, Thing("deck", key="size"))]
        return [nearest]
    return [Mention(number.end, after, Thing("cards"))]


def _longest(here: list[Mention], box: bool) -> list[Mention]:
    """The things of the longest word at one place; a word that is also `cards` is the
    generic word (a type whose id is `carte`)."""
    end = max(m.end for m in here)
    longest = [m for m in here if m.end == end]
    if any(m.thing.kind == "cards" for m in longest):
        return [m for m in longest if m.thing.kind == "cards"]
    if box:
        counted = [m for m in longest if m.thing.kind not in ("field", "counter")]
        return counted or longest
    return longest


def _valued(mentions: list[Mention], after: int) -> list[Mention] | None:
    """The field or counter right after `in`, `de` (past an article): what a bare number
    is a value of (`never go above 4 in Value`); a bare number said `in a deck`, `in the
    box`; else the number counts something else."""
    for mention in sorted(mentions, key=lambda m: m.start):
        if after <= mention.start <= after + 5 and mention.thing.kind in ("field", "counter"):
            return [mention]
        if after <= mention.start <= after + 8 and mention.thing.kind in ("deck", "box", "hand"):
            return []
        if after <= mention.start <= after + 8 and mention.thing.kind == "scope":
            return [mention]
    return None
