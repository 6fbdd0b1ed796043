"""Texts to lint: a card's text or name, or a rules document, with positions and tokens.

A `TextUnit` is one piece of text and where it comes from. Rules read `unit.text`, in which
the parts of a document that are not prose (Markdown code, HTML comments, link targets,
URLs, suppression comments) are masked with `MASK` characters of the same length, so every
offset still maps to the right line and column of the file.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from cardgen.model.card import Card

MASK = "\ue000"
"""Stands in for masked characters: neither a word character nor a space."""

TOKEN = re.compile(r"[^\W_](?:[\w'’-]*[^\W_])?")
"""A word: letters and digits, with inner apostrophes and hyphens (`R-Ally`, `Blubler's`)."""

SUPPRESS = re.compile(
    r"(?:<!--|#)[ \t]*cardgen:[ \t]*(?P<scope>ignore-file|ignore)[ \t]+"
    r"(?P<codes>[A-Z]{2,}[0-9]*(?:[ \t]*,[ \t]*[A-Z]{2,}[0-9]*|[ \t]+[A-Z]{2,}[0-9]*)*)"
    r"(?:[ \t]+(?:--|—)[^\n]*?)?[ \t]*(?:-->|$)",
    re.MULTILINE,
)
"""`<!-- cardgen: ignore TX102 -->` (Markdown) or `# cardgen: ignore TX102` (text); a reason
may follow the codes after ` -- `."""

_FENCE = re.compile(r"^[ \t]*(```|~~~)")
_MARKDOWN_MASKS = (
    re.compile(r"<!--.*?-->", re.DOTALL),
    re.compile(r"`[^`\n]+`"),
    re.compile(r"(?<=\])\([^)\s]*\)"),
    re.compile(r"<https?://[^>\s]+>"),
    # a rulebook's references to the game's data, `{setup.hand|words}`, and escaped braces
    re.compile(
        r"\{\{|\}\}|\{[A-Za-z][\w.-]*(?:[ \t]+[A-Za-z_][\w-]*=[^\s|{}]+)*"
        r"[ \t]*(?:\|[ \t]*[A-Za-z]+[ \t]*)?\}"
    ),
)
_URL = re.compile(r"https?://\S+")

SENTENCE_ENDS = frozenset(".!?:;\n•–—-")
"""A word after one of these (spaces, quotes and brackets between) starts a sentence."""
_SKIPPED_BEFORE = frozenset(" \t\"“‘'(«*_[#>" + MASK)


def mask(text: str, pattern: re.Pattern[str], source: str | None = None) -> str:
    """`text` with every match of `pattern` in `source` (default: text) masked, newlines kept."""
    parts: list[str] = []
    position = 0
    for match in pattern.finditer(source if source is not None else text):
        parts.append(text[position : match.start()])
        parts.append("".join(c if c == "\n" else MASK for c in match.group(0)))
        position = match.end()
    parts.append(text[position:])
    return "".join(parts)


def prose(text: str, markdown: bool) -> str:
    """The text with its non-prose parts masked (same length, same lines)."""
    masked = mask(text, SUPPRESS)
    if markdown:
        lines = masked.split("\n")
        fenced = False
        for index, line in enumerate(lines):
            opens = _FENCE.match(line) is not None
            if fenced or opens:
                lines[index] = MASK * len(line)
            if opens:
                fenced = not fenced
        masked = "\n".join(lines)
        for pattern in _MARKDOWN_MASKS:
            masked = mask(masked, pattern)
    return mask(masked, _URL)


class Token(NamedTuple):
    """A word of a text: where it is, as written, and case-folded."""

    start: int
    end: int
    text: str
    fold: str


def tokenize(text: str) -> list[Token]:
    """Every word of the text, in order. (Words are found with `findall` and placed with
    `str.find`, which is safe because the first letter after a word starts the next one;
    it is three times faster than building tokens from match objects.)"""
    found: list[Token] = []
    position = 0
    find = text.find
    make = tuple.__new__
    for word in TOKEN.findall(text):
        start = find(word, position)
        position = start + len(word)
        found.append(make(Token, (start, position, word, word.casefold())))
    return found


def sentence_start(text: str, offset: int) -> bool:
    """Whether the word at `offset` starts a sentence, a clause after a colon, or a line."""
    index = offset - 1
    while index >= 0 and text[index] in _SKIPPED_BEFORE:
        index -= 1
    return index < 0 or text[index] in SENTENCE_ENDS


@dataclass
class TextUnit:
    """One text to lint: a card's text or name, or a whole document."""

    text: str
    path: str
    kind: Literal["card", "document"]
    part: Literal["text", "name", "document"]
    card: Card | None = None
    raw: str = ""
    line_starts: list[int] = field(default_factory=list)
    suppressed: dict[int, frozenset[str]] = field(default_factory=dict)
    file_suppressed: frozenset[str] = frozenset()

    @classmethod
    def for_card(cls, card: Card, which: Literal["text", "name"]) -> TextUnit:
        """A card's text or its name, at the card's place in its pool."""
        text = card.text if which == "text" else card.name
        return cls(text=text, path=card.source_path, kind="card", part=which, card=card, raw=text)

    @classmethod
    def for_document(cls, path: str, raw: str, markdown: bool) -> TextUnit:
        """A rules document: its prose (its non-prose parts masked) and its suppressions."""
        starts = [0] + [m.end() for m in re.finditer("\n", raw)]
        unit = cls(
            text=prose(raw, markdown),
            path=path,
            kind="document",
            part="document",
            raw=raw,
            line_starts=starts,
        )
        unit._read_suppressions()
        return unit

    def position(self, offset: int) -> tuple[int, int]:
        """The 1-based line and column of an offset: in a document, its line and column in
        the file; in a card, the card's line in the pool file and the column in its text."""
        if self.kind == "card":
            assert self.card is not None
            return (self.card.source_line or 1, offset + 1)
        line = bisect.bisect_right(self.line_starts, offset) - 1
        return (line + 1, offset - self.line_starts[line] + 1)

    def line_text(self, offset: int) -> str:
        """The line of the raw text holding `offset`, stripped (for stable fingerprints)."""
        start = self.raw.rfind("\n", 0, offset) + 1
        end = self.raw.find("\n", offset)
        return self.raw[start : end if end >= 0 else len(self.raw)].strip()

    def _read_suppressions(self) -> None:
        """Suppression comments: alone on a line they cover the next line with text; after
        text, their own line; `ignore-file` the whole document."""
        lines = self.raw.split("\n")
        whole: set[str] = set()
        for match in SUPPRESS.finditer(self.raw):
            codes = frozenset(c for c in re.split(r"[\s,]+", match.group("codes")) if c)
            if match.group("scope") == "ignore-file":
                whole |= codes
                continue
            line = self.raw.count("\n", 0, match.start())
            if not lines[line].replace(match.group(0), "").strip():
                line += 1
                while line < len(lines) and not lines[line].strip():
                    line += 1
            self.suppressed[line + 1] = self.suppressed.get(line + 1, frozenset()) | codes
        self.file_suppressed = frozenset(whole)

    def suppression_codes(self) -> list[tuple[int, str]]:
        """Every code named by a suppression, with its line (to check the codes exist)."""
        found: list[tuple[int, str]] = []
        for match in SUPPRESS.finditer(self.raw):
            line = self.raw.count("\n", 0, match.start()) + 1
            found.extend((line, c) for c in re.split(r"[\s,]+", match.group("codes")) if c)
        return found
