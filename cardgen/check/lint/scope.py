"""Where a number in prose stands, for the claims lint: its sentence, the heading its list
hangs from, the section it is in, and what that place is about (the box, a deck's make-up,
the setup).

A claim's scope decides which fact of the data it is about: `9 x Signed Character` under
`STARTER DECKS CONTAIN 54 CARDS:` is a starter deck's count, under `may contain no more
than:` a deck rule's cap; `draw 5 cards` in a Setup section is the hand, in a turn it is not.
A section is a Markdown heading or, in plain text, a short line of a few words with no
sentence punctuation (`Setup`, `HOW TO BUILD A SHARD DECK`, `Mise en place`).
"""

from __future__ import annotations

import re

_LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d+\s*[x×.)])")
_MARKDOWN_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(?P<title>.+?)\s*#*\s*$")
_PLAIN_HEADING = re.compile(r"^\s*(?P<title>[^\W\d][\w'’&/() -]{0,48}[\w)])\s*$")
_SECTION_WORDS = 7

BOX_CUE = re.compile(
    r"\b(?<!to\sthe\s)(?<!into\sthe\s)(?<!back\sin\sthe\s)(?:box|boxes|components|contents|comes\s+with|in\s+the\s+game|boîtes?|contenu"
    r"|matériel|(?:the\s+)?game\s+(?:includes|contains|has)|le\s+jeu\s+(?:comprend|contient)"
    r"|inside(?=\s*:)|all\s+told|you(?:['’]ll|\s+will)\s+find|on\s+trouve)\b",
    re.IGNORECASE,
)
"""Words of a sentence or section about what the box holds (not the box cards go back to:
`return the leftovers to the box`)."""
DECK_CUE = re.compile(
    r"\b(?:decks?|deck-?building|build(?:s|ing)?|built|construct\w*|paquets?)\b", re.IGNORECASE
)
"""Words of a sentence or section about decks."""
SETUP_CUE = re.compile(
    r"\b(?:set\s*-?\s*up|setting\s+up|preparation|getting\s+started|before\s+(?:play|the\s+game"
    r"|you\s+(?:start|begin|play))|to\s+(?:start|begin)(?:\s+the\s+game)?|at\s+the\s+start\s+of"
    r"\s+the\s+game|start\s+of\s+play|opening\s+hand|starting\s+hand|mise\s+en\s+place"
    r"|préparation|installation|en\s+début\s+de\s+partie|main\s+de\s+départ"
    r"|shuffle\s+your\s+(?:[\w-]+\s+)?deck|mélangez\s+votre\s+paquet|pour\s+(?:démarrer"
    r"|commencer)|au\s+départ|after\s+shuffling|après\s+avoir\s+mélangé|opening\s+draw)\b",
    re.IGNORECASE,
)
"""Words of a sentence or section about setting the game up (where a hand is dealt)."""
VARIANT_CUE = re.compile(
    r"\b(?:variants?|variantes?|optional|optionnel(?:le)?|house\s+rules?|for\s+a\s+(?:shorter"
    r"|longer|quicker|faster|easier|harder|gentler)|pour\s+(?:les\s+plus\s+(?:petits|jeunes)"
    r"|une\s+partie\s+plus)|beginners?|débutants?|expert|(?:hard|easy|expert)\s+mode"
    r"|mode\s+(?:difficile|facile|expert)|examples?|exemples?|e\.g|for\s+instance"
    r"|par\s+exemple)\b",
    re.IGNORECASE,
)
"""A variant or an example: the numbers its sentence states are not the game's rules."""
GROUP_BEFORE = re.compile(
    r"\b(?:within|in|for|of|dans|pour|d['’])\s+(?:a\s+single|one|each|any\s+one|une?\s+(?:seule?"
    r"|même)|chaque)\s+(?P<group>[^\W\d][\w'’-]*)",
    re.IGNORECASE,
)
"""A group named before a count (`Within a single element a deck can hold up to six`)."""
STARTER_CUE = re.compile(
    r"\b(?:start(?:er|ing)?|pre-?built|ready-made|preconstructed|pre-?constructed)"
    r"\s+(?:[\w-]+\s+)?decks?\b|\b(?:prêts?|prête?s?)\s+à\s+jouer\b|\bpréconstruite?s?\b"
    r"|\b(?:paquets?|decks?)\s+de\s+(?:départ|démarrage)\b",
    re.IGNORECASE,
)
"""A starter deck: its counts are the box's make-up, not a deck rule's."""


_STEP_START = (
    r"(?:^|[.!?\n;:,(]|\bthen|\bpuis|\bet|\band|\bon)[^\S\n]*(?:\d+[.)][^\S\n]*|[-*•][^\S\n]*)?"
)
STEP_VERBS = (
    r"(?:shuffle|deal|lay(?:\s+out)?|reveal|give|place|take|draw|flip|stack|mélangez"
    r"|distribuez|révélez|donnez|posez|placez|prenez|piochez|tirez|retournez|alignez|formez"
    r"|empilez|pose|place|met|étale|mélange|distribue|révèle|retourne|aligne|empile|count)"
)
SETUP_STEP = re.compile(rf"{_STEP_START}{STEP_VERBS}\b[^.!?\n;:]*\Z", re.IGNORECASE)
"""An imperative setup step before a count in its clause (`Deal 6 Ships face up`,
`Mélangez 10 cartes Incident`, `2. Révélez 4 recettes`): cards taken out for play, not
what the box holds nor a deck's make-up (search the clause's text up to the count)."""
STEP_RIGHT_BEFORE = re.compile(
    rf"{_STEP_START}{STEP_VERBS}(?:[^\S\n]+(?:the|les|des|out))?[^\S\n]+\Z", re.IGNORECASE
)
"""The same step right before a number (`Lay out 5 Charters`, `Shuffle the 8 Storms`)."""


def line_at(text: str, offset: int) -> tuple[int, int]:
    """The start and end of the line holding `offset`."""
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return start, end if end >= 0 else len(text)


_WORD_BEFORE = re.compile(r"([\w'’]+)[^\w.!?:;\n]*\Z")


def word_before(text: str, offset: int) -> str:
    """The word right before `offset` in its clause (`Turn` in `On Turn 2`), as written, or
    `` at a clause's start."""
    found = _WORD_BEFORE.search(text, max(0, offset - 24), offset)
    return found.group(1) if found else ""


def heading(text: str, offset: int) -> str | None:
    """The line a list item at `offset` hangs from (`Components`, `may contain no more
    than:`), or None when `offset` is in no list item. Lone list markers (`-` on a line of
    its own, as a pasted text has them) are passed over."""
    line_start, line_end = line_at(text, offset)
    if not _LIST_ITEM.match(text[line_start:line_end]):
        return None
    for line in reversed(text[:line_start].split("\n")[:-1]):
        if line.strip() and not _LIST_ITEM.match(line) and line.strip() not in "-*•":
            return line if len(line) < 80 else None
    return None


def sentence_bounds(text: str, offset: int) -> tuple[int, int]:
    """The start and end of the sentence holding `offset` (ends: `.!?` and line breaks)."""
    start = max(text.rfind(c, 0, offset) for c in ".!?\n") + 1
    ends = [i for i in (text.find(c, offset) for c in ".!?\n") if i >= 0]
    return start, min(ends) if ends else len(text)


def sentence(text: str, offset: int) -> str:
    """The sentence holding `offset`."""
    start, end = sentence_bounds(text, offset)
    return text[start:end]


def context(text: str, offset: int) -> str:
    """The sentence around `offset`, with the heading its list hangs from (a list item's
    claim reads the `Components` line above the list)."""
    above = heading(text, offset)
    here = sentence(text, offset)
    return f"{above} {here}" if above else here


def _title(line: str) -> str | None:
    """A line's title when it is a heading: Markdown, or a short line of a few words."""
    markdown = _MARKDOWN_HEADING.match(line)
    if markdown:
        return markdown.group("title")
    plain = _PLAIN_HEADING.match(line)
    if plain and len(plain.group("title").split()) <= _SECTION_WORDS:
        return plain.group("title")
    return None


def section(text: str, offset: int) -> str:
    """The title of the section holding `offset` (the nearest heading above it), or ``."""
    line_start, _ = line_at(text, offset)
    for line in reversed(text[:line_start].split("\n")):
        title = _title(line)
        if title is not None:
            return title
    return ""


def scope(text: str, offset: int) -> str:
    """The words a claim's scope is read from: its section's title, its list's heading and
    its sentence."""
    return f"{section(text, offset)} \n {context(text, offset)}"
