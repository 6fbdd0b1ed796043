"""A number in its clause, for the clause reader of the claims lint (`clause_claims`): the
number with its qualifier or range (`Read`), and the words around it that decide what it
may be about (`Said`): its sentence and segment, the game's words in them, what follows it,
a verb of play, a condition, a setup step, a counter's start, the box, a label.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cardgen.check.lint.clause_lexicon import Mention
from cardgen.check.lint.clause_scope import (
    ACTION,
    BOX_AFTER,
    BOX_SAID,
    CONDITION,
    START_SAID,
    STEP_SAID,
    PlayerScope,
)
from cardgen.check.lint.quantities import NUM, QUAL, WEAK, number_value, qualifier_kind
from cardgen.check.lint.rules import words
from cardgen.check.lint.scope import BOX_CUE, section

NUMBER = re.compile(rf"(?<![\w.+/-])(?P<sign>[+-])?(?P<num>{NUM})(?![\w%]|[.,]\d)", re.I)
"""A number in a text, with its sign (a signed number is a modifier, never a count)."""
_VERB_MAX = (
    r"never\s+(?:exceeds?|go(?:es)?\s+(?:above|over|beyond)|rises?\s+above|tops)|can(?:not|['’]t)"
    r"\s+(?:exceed|go\s+(?:above|over|beyond)|rise\s+above)|may\s+not\s+exceed|won['’]t\s+exceed"
    r"|tops?\s+out\s+at|maxes\s+out\s+at|capped\s+at|limited\s+to|(?:goes|climbs|runs|rises)"
    r"\s+(?:up\s+)?to|reach(?:es)?|as\s+(?:much|many|high)\s+as|peut\s+atteindre|atteint"
    r"|plafonnée?s?\s+à|plafonne\s+à|(?:monte|va|grimpe)\s+jusqu['’]?(?:à|au)?(?:\s+rang)?"
    r"|jusqu['’]au(?:\s+rang)?|ne\s+(?:dépasse|peut)\s+(?:jamais|pas)(?:\s+dépasser)?"
    r"|limitée?s?\s+à|au\s+grand\s+maximum|maximale?\s*(?:[:=]|est\s+de|de)|droit\s+qu['’]à"
    r"|(?:no|never|not|ne|n['’]|aucune?|jamais)\s+(?:(?!(?:a|an|the|with|avec|un|une|le|la|les)\b)"
    r"[\w'’-]+\s+){0,4}(?:more\s+than|plus\s+de)"
)
_VERB_MIN = (
    r"never\s+(?:less|fewer|below)\s+than|jamais\s+moins\s+de|not\s+(?:less|fewer)\s+than"
    r"|ne\s+descend\s+(?:jamais\s+|pas\s+)?sous|never\s+(?:drops|goes)\s+below"
    r"|minimale?\s*(?:[:=]|est\s+de|de)|(?:no|never|not|ne|n['’]|aucune?|jamais)\s+"
    r"(?:(?!(?:a|an|the|with|avec|un|une|le|la|les)\b)[\w'’-]+\s+){0,4}(?:fewer\s+than"
    r"|less\s+than|moins\s+de)"
)
_BEFORE_QUALIFIER = re.compile(
    rf"(?:(?P<max>{_VERB_MAX})|(?P<min>{_VERB_MIN})|(?P<q>{QUAL}))\s+(?:(?:the|le|la|l['’])\s*)?"
    r"(?:(?:rank|rang|value|valeur)\s+)?\Z",
    re.IGNORECASE,
)
_UNIT = r"(?:\s*(?:h|heures?|hours?|pts?|points?)\b)?"
_RANGE = re.compile(
    rf"(?:\s*\([^)\n]{{0,24}}\))?{_UNIT}\s*(?:to|à|and|et|or|ou|-|–|through)\s*(?P<upper>{NUM})"
    r"(?![\w%])",
    re.IGNORECASE,
)
_BLOCKED_BEFORE = frozenset(
    words(
        "the both these those les ces page step étape chapter chapitre phase level niveau example "
        "exemple each every per chaque player joueur team équipe no n° number numéro other "
        "remaining autres restantes restants leftover"
    )
)
_OTHER = re.compile(
    r"\b(?:instead\s+of|rather\s+than|au\s+lieu\s+de|plutôt\s+que|record|recorded"
    r"|(?:a|the)\s+total\s+of|un\s+total\s+de)\s+(?:is\s+)?\Z",
    re.I,
)
"""A number said against another (`instead of five`): not what the game fixes."""
_PART = r"\s+(?:of|out\s+of|sur|parmi|d['’]entre)\s+(?:the\s+|les\s+)?"
PART_BEFORE = re.compile(rf"(?<![\w.+/-]){NUM}{_PART}\Z", re.IGNORECASE)
"""`12 of the 16 monsters`, before the whole (16): the box's count, after `the` though it is."""
PART_AFTER = re.compile(rf"{_PART}(?P<whole>{NUM})(?![\w%])", re.IGNORECASE)
"""After a part (12): the whole it is taken from; the part is what a pile or a hand holds."""
_OTHERS_AFTER = re.compile(
    rf"{NUM}\s+(?:autres|other|others|more|extra|additional|supplémentaires|de\s+plus)\b",
    re.IGNORECASE,
)
"""`les trois autres écuries`, `2 more cards`: a count beside another, not the data's."""
_HAVING = re.compile(
    r"\b(?:has|have|had|with|avec|a|ont|compte|comptent|possède|possèdent|of|à|dispose\s+de"
    r"|features?|uses?|utilise|comes?\s+in|il\s+y\s+a|there\s+are|there\s+is)\s+"
    r"(?:(?:only|just|seulement|ses|its|their|leurs?)\s+)?\Z",
    re.I,
)
"""A verb of having right before a number (`a 8 faces`, `with only ten cards`)."""
_SORTED = re.compile(
    r"\b(?:one\s+of|l['’]une?\s+des|relèvent\s+de|belongs?\s+to|spread\s+across|split\s+(?:into"
    r"|across)|divided\s+into|sorted\s+into|réparti\w*\s+(?:en|entre|sur)|divisée?s?\s+en"
    r"|utilise|uses?|comes?\s+in|existe\s+en|exists?\s+in|il\s+existe|there\s+are)\s+\Z",
    re.IGNORECASE,
)
_NOUN_BEFORE = re.compile(
    r"\b(?:a|an|the|your|their|his|her|its|my|our|opening|starting|first|un|une|le|la|les"
    r"|votre|leur|sa|son|ses|mon|ma|se|is|are)\s+\Z|\bl['’]\Z",
    re.IGNORECASE,
)
"""An article or possessive before a verb of play: the word is a noun (`a score`); `se`
or `is` before it, a passive (`La partie se joue en six manches`)."""
_LISTED = re.compile(rf"[:=]\s*(?:(?:{QUAL})\s+)?\Z", re.IGNORECASE)


@dataclass(frozen=True)
class Read:
    """A number as the clause gives it: value, qualifier, upper bound and where."""

    start: int
    end: int
    value: int
    qualifier: str
    upper: int | None


def read_number(text: str, match: re.Match[str]) -> Read | None:
    """The number of a match, its qualifier and its range's upper bound; None for `one`,
    `un` without a qualifier (an article as often as a number)."""
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
    single = re.match(r"\s+(?:seule?|single)\b", text[end:], re.IGNORECASE) is not None
    if " ".join(match.group("num").casefold().split()) in WEAK and not (qualifier or single):
        return None
    return Read(start, end, value, qualifier, upper)


def blocked(text: str, start: int) -> bool:
    """A number after `the`, `page`, `Player`, `instead of`, or a list's numbering, counts
    nothing the game fixes."""
    before = text[max(0, start - 24) : start]
    word = re.search(r"([^\W\d][\w'’-]*)\s*\Z", before)
    if word is not None and word.group(1).casefold() in _BLOCKED_BEFORE:
        return PART_BEFORE.search(text, max(0, start - 40), start) is None
    if _OTHER.search(before) or _OTHERS_AFTER.match(text, start):
        return True
    if word is not None and word.group(1)[0].isupper() and text[start].isdigit():
        return re.search(r"(?:^|[.!?:\n]\s*)\S+\s*\Z", before) is None  # `Vitesse 1`: a name
    line_start = text.rfind("\n", 0, start) + 1
    return re.match(r"\s*\d+[.)]\s", text[line_start : start + 3]) is not None and (
        text[line_start:start].strip() == ""
    )


def boxed(text: str, offset: int, begins: int, ends: int) -> bool:
    """A sentence or section about the box (`dans la boîte`, `are provided`, `ships with`)."""
    if BOX_CUE.search(text, begins, ends) or BOX_SAID.search(text, begins, offset):
        return True
    if BOX_AFTER.search(text, offset, ends):
        return True
    return BOX_CUE.search(section(text, offset)) is not None


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
    """The game's words in the sentence (and in a question right before it)."""
    head: list[Mention]
    """What it counts: the game's word after it (every thing that word names), or none."""
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
    def kinds(self) -> set[str]:
        """The kinds of thing its head names."""
        return {m.thing.kind for m in self.head}

    @property
    def action(self) -> bool:
        """A verb of play before the number in its segment (`draw`, `gain`, `lance`); not
        the same word as a noun (`a score of 5`, `your opening draw`)."""
        for verb in ACTION.finditer(self.text, self.segment[0], self.number.start):
            if not _NOUN_BEFORE.search(self.text, max(0, verb.start() - 12), verb.start()):
                return True
        return False

    @property
    def condition(self) -> bool:
        """A condition before the number in its segment (`if`, `si`, `when`, `quand`)."""
        return CONDITION.search(self.text, self.segment[0], self.number.start) is not None

    @property
    def step(self) -> bool:
        """A setup step before the number in its segment (`Étalez`, `Mettez`, `Deal`)."""
        return STEP_SAID.search(self.text[self.segment[0] : self.number.start]) is not None

    @property
    def starts(self) -> bool:
        """Words of where a counter starts (`starts with`, `démarre`, `Placez ... sur`); a
        number with a qualifier is a bound (`starts at 0 and can climb as high as 10`)."""
        return not self.qualifier and START_SAID.search(self.before) is not None

    @property
    def decked(self) -> bool:
        """A deck named in the sentence."""
        return any(m.thing.kind == "deck" for m in self.mentions)

    @property
    def listed(self) -> bool:
        """A value given after a label (`Orders: 7`, `Points d'une paire : au minimum 2`)."""
        return _LISTED.search(self.before) is not None

    @property
    def sorted_into(self) -> bool:
        """Words of a kind's values right before the number (`one of five categories`,
        `relèvent de cinq éléments`, `spread across five stalls`, `utilise cinq couleurs`)."""
        return _SORTED.search(self.before) is not None

    @property
    def owned(self) -> bool:
        """A verb of having right before it, not `with`, `of` (`The game has four stalls`,
        `with only ten cards`; not `set with two full stalls`, `a set of 3 paintings`)."""
        found = _HAVING.search(self.before)
        if found is None:
            return False
        weak = re.match(r"(?:with|avec|of|à)\b", found.group(), re.IGNORECASE) is not None
        return not weak or re.search(r"\b(?:only|just|seulement)\s+\Z", self.before) is not None

    @property
    def having(self) -> bool:
        """A verb of having or being right before it (`with only ten cards`, `a 8 faces`)."""
        return _HAVING.search(self.before) is not None
