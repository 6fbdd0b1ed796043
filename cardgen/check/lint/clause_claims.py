"""The clause reader of the claims lint: a number the wording readers left unread, read by
the parts of its clause rather than by a pattern per wording.

For each such number the reader finds, over the clause's tokens:

- its **qualifier**, in the words right before it (`at most`, `never exceeds`, `peut
  atteindre`) or right after what it counts (`or more`, `au plus`), or a **range** (`from 1
  to 13`, `de 2 à 8`, `2 to 4`);
- **what it counts**: the game's word right after it, past a few adjectives (`5 six-sided
  battle dice`, `12 cartes Soleil`, `a 40-card army`); after a bare number or `cards`, the
  thing the clause is about (`Armies are always 22 cards strong`, `Orders: 7 at most`,
  `Strength never exceeds 5`); a word the game does not know right after it means it counts
  something else, and the number is left alone;
- **its scope**: a player count the clause names (`À 5 joueurs`, `(4 joueurs)`, `quinze à
  quatre`) makes a count of cards the deal for it; the box, a deck, a setup step (a kind of
  card set out makes its pile), a counter's start (`démarre avec`, `Placez ... sur`).

A number is held against every fact those parts allow and is wrong only when none of them
admits it: the reader widens what a number may be about rather than guess which one is
meant, and a verb of play (`draw`, `gain`, `lance`) or a condition (`if`, `si`) before a
count of cards or things leaves it alone (silence rather than a guess).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from cardgen.check.lint.clause_lexicon import Lexicon, Mention, Thing, field_facts
from cardgen.check.lint.clause_scope import (
    ACTION,
    BOX_SAID,
    CONDITION,
    START_SAID,
    STEP_SAID,
    PlayerScope,
    player_scopes,
    segment_bounds,
)
from cardgen.check.lint.facts import Claim, Fact, Facts, Subject
from cardgen.check.lint.quantities import (
    AFTER,
    NUM,
    QUAL,
    WEAK,
    number_value,
    qualifier_kind,
)
from cardgen.check.lint.rules import words
from cardgen.check.lint.scope import BOX_CUE, STARTER_CUE, section, sentence_bounds

NUMBER = re.compile(rf"(?<![\w.+/-])(?P<sign>[+-])?(?P<num>{NUM})(?![\w%]|[.,]\d)", re.I)
"""A number in a text, with its sign (a signed number is a modifier, never a count)."""
_VERB_MAX = (
    r"never\s+(?:exceeds?|goes\s+(?:above|over|beyond)|rises\s+above|tops)|can(?:not|['’]t)"
    r"\s+(?:exceed|go\s+(?:above|over|beyond)|rise\s+above)|may\s+not\s+exceed|won['’]t\s+exceed"
    r"|tops?\s+out\s+at|maxes\s+out\s+at|capped\s+at|limited\s+to|(?:goes|climbs|runs|rises)"
    r"\s+(?:up\s+)?to|reach(?:es)?|peut\s+atteindre|atteint|plafonnée?s?\s+à|plafonne\s+à"
    r"|(?:monte|va|grimpe)\s+jusqu['’]?(?:à|au)?(?:\s+rang)?|jusqu['’]au(?:\s+rang)?"
    r"|ne\s+(?:dépasse|peut)\s+(?:jamais|pas)(?:\s+dépasser)?|limitée?s?\s+à|au\s+grand\s+maximum"
)
_VERB_MIN = r"never\s+(?:less|fewer|below)\s+than|jamais\s+moins\s+de|not\s+(?:less|fewer)\s+than"
_BEFORE_QUALIFIER = re.compile(
    rf"(?:(?P<max>{_VERB_MAX})|(?P<min>{_VERB_MIN})|(?P<q>{QUAL}))\s+(?:(?:the|le|la|l['’])\s*)?"
    r"(?:(?:rank|rang|value|valeur)\s+)?\Z",
    re.IGNORECASE,
)
_AFTER_QUALIFIER = re.compile(rf"\s*(?P<after>{AFTER})\b", re.IGNORECASE)
_RANGE = re.compile(
    rf"(?:\s*\([^)\n]{{0,24}}\))?\s*(?:to|à|and|et|or|ou|-|–|through)\s*(?P<upper>{NUM})(?![\w%])",
    re.IGNORECASE,
)
_BLOCKED_BEFORE = frozenset(
    words(
        "the both these those les ces page step étape chapter chapitre phase level niveau example "
        "exemple each every per chaque player joueur team équipe no n° number numéro"
    )
)
_NEUTRAL_AFTER = re.compile(
    r"\s*(?:$|[,.;:!?)(\]/|]|\b(?:each|apiece|chacune?|in\s+all|en\s+tout|au\s+total|total"
    r"|par\s+(?:joueur|personne|enfant)|per\s+player|x|×|of\s+them|d['’]entre)\b)",
    re.IGNORECASE,
)
_STOP = frozenset(
    words(
        "of per to from in on for with by at into than par à au aux dans sur pour avec chez en "
        "que qui who which and or et ou du des"
    )
)
_UNIT_OF = frozenset(words("in en of de d'"))
"""A word between a bare number and the field or counter it is a value of (`4 in Value`)."""
_PER_GROUP = re.compile(
    r"\s*(?:(?:of|from|for|in|de|dans)\s+(?:each|every|chaque|any\s+one)|per\b|par\b"
    r"|(?:of|from|in)\s+(?:the\s+)?same|du\s+même|de\s+la\s+même|d['’]une?\s+même)",
    re.IGNORECASE,
)
_HAVING = re.compile(
    r"\b(?:has|have|had|with|avec|a|ont|compte|comptent|possède|possèdent|of|à)\s+\Z", re.I
)
"""A verb of having right before a die's faces (`a 8 faces`; not `sur 2 faces`)."""
_EACH_THING = re.compile(
    r"\b(?:each|every|any|chaque|chacune?\s+des?)\s+(?:[^\W\d][\w'’-]*\s+)?(?P<word>[^\W\d][\w'’-]*)",
    re.IGNORECASE,
)
"""`Each Ship can carry`, `Chaque catégorie compte`: a count per that thing."""
_WHOLE = frozenset({"deck", "players", "box", "hand"})
"""Things a count may be said of each of (`each deck`, `each player`)."""
_WORD = re.compile(r"[^\W\d_][\w'’-]*|\d+|[^\w\s]", re.UNICODE)
_HYPHEN_CARD = re.compile(r"-(?:card|cards|carte|cartes)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Read:
    """A number as the clause gives it: value, qualifier, upper bound and where."""

    start: int
    end: int
    value: int
    qualifier: str
    upper: int | None


UNKNOWN = Mention(-1, -1, Thing("unknown"))
"""What a number counts when a word the game does not know follows it."""
CountFacts = Callable[[Subject, bool, bool, bool], list[Fact]]
"""The facts a count of a kind of card is about (`ClaimFinder._count_facts`)."""


class ClauseReader:
    """Reads one game's texts clause by clause, for the numbers no wording reader read."""

    def __init__(self, facts: Facts, lexicon: Lexicon, count_facts: CountFacts) -> None:
        self.facts = facts
        self.lexicon = lexicon
        self.count_facts = count_facts
        assert facts.pack is not None
        self.pack = facts.pack

    def claims(self, text: str, read: list[tuple[int, int]]) -> Iterator[Claim]:
        """A claim for each number outside `read` whose clause says what it counts."""
        taken = list(read)
        for match in NUMBER.finditer(text):
            start = match.start("num")
            if match.group("sign") or any(s <= start < e for s, e in taken):
                continue
            number = self._number(text, match)
            if number is None:
                continue
            claim = self._claim(text, number)
            if claim is not None:
                taken.append((number.start, number.end))
                yield claim

    def _number(self, text: str, match: re.Match[str]) -> Read | None:
        """The number, its qualifier and its range's upper bound."""
        start, end = match.start("num"), match.end("num")
        value = number_value(match.group("num"))
        line_start = text.rfind("\n", 0, start) + 1
        before = text[max(line_start, start - 40) : start]
        qualified = _BEFORE_QUALIFIER.search(before)
        qualifier = ""
        if qualified is not None:
            qualifier = "max" if qualified.group("max") else "min" if qualified.group("min") else ""
            qualifier = qualifier or qualifier_kind(qualified.group("q"))
        upper = None
        ranged = _RANGE.match(text, end)
        if ranged is not None and not qualifier:
            upper = number_value(ranged.group("upper"))
            if upper <= value:
                upper = None
            else:
                end = ranged.end()
                qualifier = "span"
        if " ".join(match.group("num").casefold().split()) in WEAK and not qualifier:
            return None
        return Read(start, end, value, qualifier, upper)

    def _claim(self, text: str, number: Read) -> Claim | None:
        """The claim of one number, or None when its clause does not say what it counts."""
        if _blocked(text, number.start):
            return None
        begins, ends = sentence_bounds(text, number.start)
        scopes = player_scopes(text, begins, ends)
        inside = next((p for p in scopes if p.start <= number.start < p.end), None)
        if inside is not None:
            return self._players(number, inside)
        mentions = self.lexicon.mentions(text, begins, ends)
        segment = segment_bounds(text, number.start, begins, ends)
        boxed = _boxed(text, number.start, begins, ends)
        head = self._head(text, number, mentions, boxed)
        if head is UNKNOWN or (head is not None and _PER_GROUP.match(text, head.end)):
            return None
        if head is not None and _counts_piles(text, head):
            return None
        qualifier = number.qualifier
        if not qualifier:
            trailing = _AFTER_QUALIFIER.match(text, head.end if head else number.end)
            if trailing is not None:
                qualifier = qualifier_kind(trailing.group("after"), trailing=True)
        said = Said(text, number, qualifier, (begins, ends), segment, mentions, head, boxed)
        if said.condition:
            return None
        said.scopes.extend(scopes)
        facts = self._facts(said)
        if not facts:
            return None
        return Claim(number.start, number.end, number.value, qualifier, facts, number.upper)

    def _players(self, number: Read, scope: PlayerScope) -> Claim | None:
        """A player count a clause names (`À 7 joueurs`, `De 2 à 8 enfants`): within the
        game's player count (the players reader reads the game's own range and bounds)."""
        if self.facts.players is None:
            return None
        upper = scope.high if scope.high > scope.low else None
        qualifier = "range" if upper is not None else ""
        end = max(number.end, scope.end)
        return Claim(number.start, end, scope.low, qualifier, [self.facts.players], upper)

    def _head(
        self, text: str, number: Read, mentions: list[Mention], boxed: bool
    ) -> Mention | None:
        """The game's word right after the number (past a few words that are no stop
        word), None for a bare number, `UNKNOWN` when a word the game does not know follows
        it (it counts something else)."""
        after = number.end
        hyphen = _HYPHEN_CARD.match(text, after)
        if hyphen is not None:
            after = hyphen.end()
            following = [m for m in mentions if m.start >= after]
            nearest = min(following, key=lambda m: m.start, default=None)
            if nearest is not None and nearest.start - after < 24:
                return nearest
            return Mention(number.end, after, Thing("cards"))
        if _NEUTRAL_AFTER.match(text, after) or _AFTER_QUALIFIER.match(text, after):
            return None
        for count, token in enumerate(_WORD.finditer(text, after), start=1):
            here = [m for m in mentions if m.start == token.start()]
            if here:
                return max(
                    here, key=lambda m: (m.end, m.thing.kind == "cards", _rank(m.thing.kind, boxed))
                )
            word = token.group().casefold()
            if count == 1 and word in _UNIT_OF:
                return _valued(mentions, token.end())
            if not word[0].isalnum() or word in _STOP or count > 2:
                return UNKNOWN
        return None

    def _facts(self, said: Said) -> list[Fact]:
        """Every fact the number may be held against, by what it counts and its scope."""
        head = said.head
        if head is None or head.thing.kind in ("cards", "hand"):
            scope = self._deal_scope(said)
            if scope is not None:
                return scope
        if head is None or head.thing.kind == "cards":
            return self._contextual(said)
        return self._of_thing(said, head.thing)

    def _contextual(self, said: Said) -> list[Fact]:
        """A bare number or a count of `cards`: what its segment is about (a field or a
        counter before any kind of card: `Un sort de feu a une puissance d'au moins 2`),
        or, for a label's value (`Orders: 7 at most`), what the label names."""
        low, high = said.segment
        if said.listed:
            low = said.bounds[0]
        skipped = {"cards", "players", "scope", "values"}
        if said.head is not None:
            skipped |= {"field", "counter"}
        about = [
            m
            for m in said.mentions
            if low <= m.start < high
            and m.thing.kind not in skipped
            and (m.start < said.number.start or (said.head is not None and m.thing.kind != "hand"))
        ]
        valued = [m for m in about if m.thing.kind in ("field", "counter")]
        found: list[Fact] = []
        for mention in valued or about:
            found += self._of_thing(said, mention.thing, bare=True)
        return found

    def _deal_scope(self, said: Said) -> list[Fact] | None:
        """The deal rows for the player count a clause names, when it names one and the
        number is a count of cards (or a bare number) paired with it."""
        if not self.facts.deal or said.number.upper is not None or said.action:
            return None
        nearest = _nearest(said)
        if nearest is None:
            return None
        rows = [
            f for low, high, f in self.facts.deal if low <= nearest.low and nearest.high <= high
        ]
        return rows or None

    def _of_thing(self, said: Said, thing: Thing, *, bare: bool = False) -> list[Fact]:
        """The facts of one thing a number counts (or a bare number is said of)."""
        facts = self.facts
        lexicon = self.lexicon
        kind = thing.kind
        if said.action and not said.step:
            return []
        if kind not in ("field", "counter", "values") and self._per_thing(said):
            return []
        if kind == "subject":
            return self._subject(said, thing.subject, bare=bare)
        if kind == "deck":
            return self._deck(said, bare=bare)
        if kind == "hand":
            return ([facts.hand] if facts.hand else []) + [f for _, _, f in facts.deal]
        if kind == "pile":
            return [lexicon.piles[thing.key]]
        if kind == "counter":
            start, bounds = lexicon.counters[thing.key]
            return [start] if said.starts else [bounds]
        if kind == "field":
            scoped = ("subject", "scope")
            subjects = [m.thing.subject for m in said.mentions if m.thing.kind in scoped]
            if not subjects and _PRONOUN.match(said.sentence):
                return []
            return field_facts(self.pack, thing.key, subjects)
        if kind == "values":
            return [facts.values[thing.key]]
        return self._in_box(said, thing, bare=bare)

    def _per_thing(self, said: Said) -> bool:
        """Whether a count is said of each of another thing (`Each Ship can carry up to 3
        Cargo`, `Chaque catégorie compte 30 mots`): not the deck's, hand's or box's."""
        each = _EACH_THING.search(said.before)
        if each is None:
            return False
        kinds = {t.kind for t in self.lexicon.things(each.group("word"))}
        return not kinds & _WHOLE

    def _in_box(self, said: Said, thing: Thing, *, bare: bool) -> list[Fact]:
        """Dice, a die's sides and the box's tokens, in a sentence about the box; a die's
        faces after a verb of having (`Le dé a 8 faces`)."""
        if thing.kind == "faces":
            if not _HAVING.search(said.text, said.bounds[0], said.number.start):
                return []
            named = [m.thing.key for m in said.mentions if m.thing.kind == "die"]
            if not named and len(self.lexicon.dice) == 1:
                named = list(self.lexicon.dice)
            return list({self.lexicon.dice[key][1] for key in named})
        if not said.boxed or bare:
            return []
        if thing.kind == "component":
            return [self.lexicon.components[thing.key]]
        if thing.kind == "die":
            return [self.lexicon.dice[thing.key][0]]
        if thing.kind == "dice" and self.facts.box_dice is not None:
            return [self.facts.box_dice]
        return []

    def _subject(self, said: Said, subject: Subject, *, bare: bool) -> list[Fact]:
        """A count of a kind of card: a pile it makes in a setup step, the box's count in a
        sentence about the box, a deck's make-up with a qualifier or a deck's word."""
        if said.step:
            piles = [self.lexicon.piles[p] for p in self.lexicon.pile_subjects.get(subject, [])]
            dealt = (
                [f for _, _, f in self.facts.deal] if subject == self.lexicon.deal_subject else []
            )
            return piles + dealt
        boxed = said.boxed
        decked = said.decked
        if not (boxed or decked or said.qualifier or bare or said.listed):
            return []
        starter = STARTER_CUE.search(said.sentence) is not None
        facts = self.count_facts(subject, boxed, bool(said.qualifier), starter)
        if said.qualifier and not boxed:
            return facts
        if not boxed and not decked:
            return [replace(f, binding=False) for f in facts]
        return facts

    def _deck(self, said: Said, *, bare: bool) -> list[Fact]:
        """A number said of a deck: its size (a starter deck's in a sentence about one);
        a number right before the deck's word, how many decks the box holds."""
        facts = self.facts
        if not bare:
            return [facts.box_decks] if facts.box_decks is not None and said.boxed else []
        if STARTER_CUE.search(said.sentence):
            return [replace(f, binding=True) for f in facts.starter_size]
        return facts.deck_size + [replace(f, binding=False) for f in facts.starter_size]


_RANKS = {
    True: ("component", "die", "dice", "subject", "pile", "deck"),
    False: ("field", "counter", "pile", "subject", "deck", "hand"),
}


def _valued(mentions: list[Mention], after: int) -> Mention:
    """The field or counter right after `in`, `de` (past an article): what a bare number
    is a value of (`never go above 4 in Value`); else the number counts something else."""
    for mention in sorted(mentions, key=lambda m: m.start):
        if after <= mention.start <= after + 5 and mention.thing.kind in ("field", "counter"):
            return mention
    return UNKNOWN


def _rank(kind: str, boxed: bool) -> int:
    """Which thing a word names when it names several: in a sentence about the box the
    components and kinds of card, elsewhere the fields and counters."""
    order = _RANKS[boxed]
    return len(order) - order.index(kind) if kind in order else 0


_PILE_NOUN = frozenset(
    words(
        "pile piles pioche pioches stack stacks tas défausse défausses discard row rows rangée "
        "rangées line lines ligne lignes column columns colonne colonnes"
    )
)
"""A word for a pile as such: a number right before it counts piles (`deux pioches`)."""


def _counts_piles(text: str, head: Mention) -> bool:
    """Whether a number counts piles (`constituez deux pioches de 7 cartes`) or kinds of
    a thing (`three types of Technique cards`) rather than the thing."""
    word = text[head.start : head.end].casefold().split()[0]
    if head.thing.kind == "pile" and word in _PILE_NOUN:
        return True
    return (
        head.thing.kind == "values"
        and re.match(r"\s+(?:of|de|d['’])", text[head.end :]) is not None
    )


def _boxed(text: str, offset: int, begins: int, ends: int) -> bool:
    """A sentence or section about the box."""
    if BOX_CUE.search(text, begins, ends) or BOX_SAID.search(text, begins, offset):
        return True
    return BOX_CUE.search(section(text, offset)) is not None


_EACH_AFTER = re.compile(
    r"[^.;,\n]{0,24}\b(?:chacune?|each|apiece|par\s+(?:joueur|personne|enfant)|per\s+player"
    r"|à\s+chacun|to\s+(?:each|every)\s+player)\b",
    re.IGNORECASE,
)


def _nearest(said: Said) -> PlayerScope | None:
    """The player count a number is paired with: the one in its segment, else the only
    one of its sentence when the number is a count of cards or hand, or given `each`."""
    low, high = said.segment
    scopes = said.scopes
    inside = [s for s in scopes if low <= s.start < high]
    if inside:
        return min(inside, key=lambda s: abs(s.start - said.number.start))
    if len(scopes) != 1:
        return None
    dealt = said.head is not None or _EACH_AFTER.match(said.text, said.number.end)
    return scopes[0] if dealt else None


def _blocked(text: str, start: int) -> bool:
    """A number after `the`, `page`, `Player` or in a list's numbering counts nothing."""
    before = text[max(0, start - 20) : start]
    word = re.search(r"([^\W\d][\w'’-]*)\s*\Z", before)
    if word is not None and word.group(1).casefold() in _BLOCKED_BEFORE:
        return True
    if re.search(r"\b(?:instead\s+of|rather\s+than|au\s+lieu\s+de|plutôt\s+que)\s+\Z", before):
        return True
    line_start = text.rfind("\n", 0, start) + 1
    return re.match(r"\s*\d+[.)]\s", text[line_start : start + 3]) is not None and (
        text[line_start:start].strip() == ""
    )


@dataclass
class Said:
    """A number in its clause: the words around it that decide what it is about."""

    text: str
    number: Read
    qualifier: str
    bounds: tuple[int, int]
    """The number's sentence."""
    segment: tuple[int, int]
    """The part of the sentence between commas, colons and semicolons that holds it."""
    mentions: list[Mention]
    head: Mention | None
    boxed: bool
    """A sentence or section about the box."""
    scopes: list[PlayerScope] = field(default_factory=list)
    """The player counts its sentence names."""

    @property
    def sentence(self) -> str:
        """The number's sentence."""
        return self.text[self.bounds[0] : self.bounds[1]]

    @property
    def before(self) -> str:
        """Its sentence up to the number."""
        return self.text[self.bounds[0] : self.number.start]

    @property
    def action(self) -> bool:
        """A verb of play before the number in its segment (`draw`, `gain`, `lance`)."""
        return ACTION.search(self.text, self.segment[0], self.number.start) is not None

    @property
    def condition(self) -> bool:
        """A condition before the number in its segment (`if`, `si`, `when`, `quand`)."""
        return CONDITION.search(self.text, self.segment[0], self.number.start) is not None

    @property
    def step(self) -> bool:
        """A setup step before the number (`Étalez`, `Mettez`, `Deal`)."""
        return STEP_SAID.search(self.before) is not None

    @property
    def starts(self) -> bool:
        """Words of where a counter starts (`starts with`, `démarre`, `Placez ... sur`)."""
        return START_SAID.search(self.before) is not None

    @property
    def decked(self) -> bool:
        """A deck named in the sentence."""
        return any(m.thing.kind == "deck" for m in self.mentions)

    @property
    def listed(self) -> bool:
        """A value given after a label (`Orders: 7`, `Points d'une paire : au minimum 2`)."""
        return _LISTED.search(self.before) is not None


_PRONOUN = re.compile(
    r"\s*(?:[-*•]\s*)?(?:they|it|these|those|them|ils|elles|il|elle|ceux|celles|ceux-ci"
    r"|celles-ci)\b",
    re.IGNORECASE,
)
"""A sentence whose subject is a pronoun: what its field is said of is not in it."""
_LISTED = re.compile(rf"[:=]\s*(?:(?:{QUAL})\s+)?\Z", re.IGNORECASE)
