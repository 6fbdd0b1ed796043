"""Lint rule of card references: a card named in text is a card of the pool (RF101)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.rules import Example, Hit, RuleDoc, quoted, text_rule, words
from cardgen.check.lint.vocab import Analysis, Vocabulary
from cardgen.fuzzy import closest

_SMALL_WORDS = frozenset(words("of the a an and or in on to de du la le les des et vs"))
_QUOTED = re.compile(r"[\"“«]\s?([^\"“”«»\n]{2,60}?)\s?[\"”»]")
_ITALIC = re.compile(r"(?<![*\w\\])\*(?!\*)([^*\n]{2,60}?)(?<![*\s])\*(?![*\w])")
_NAMED = re.compile(
    r"\b(?:named|called)\s+((?:[A-Z][\w'’-]*)(?:\s+(?:of|the|and|[A-Z][\w'’-]*))*"
    r"(?:\s+\([A-Z][\w'’-]*\))?)"
)


def _title_like(name: str) -> bool:
    words = name.split()
    return (
        0 < len(words) <= 6
        and all(
            w[:1].isupper() or w[:1] in "(+" or w.casefold() in _SMALL_WORDS or w[:1].isdigit()
            for w in words
        )
        and words[0][:1].isupper()
    )


@text_rule(
    "RF101",
    "unknown-card-reference",
    "error",
    "A card named in text that is not in the pool.",
    RuleDoc(
        why="A card pointing at a card that does not exist (renamed, cut, misspelt) cannot be"
        " played as written.",
        hit=Example(
            "Return a card named Glue Trapp from your Drawing Board to your hand.",
            "splatterkins",
        ),
        non_hit=Example(
            "Return a card named Glue Trap from your Drawing Board to your hand.",
            "splatterkins",
        ),
        fix="Name a card of the pool, as the suggestion does: `a card named Glue Trap`.",
    ),
)
def unknown_card_reference(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A card name mentioned in text that is no card of the pool: a quoted name (`"Glue
    Trap"`, `“Glue Trap”`, `« Glue Trap »`), a name in italics (`*Glue Trap*`), or a
    capitalised name after `named` or `called`. A card may name itself; glossary terms,
    type labels and the game's name are not card references. The closest card name is
    suggested. In documents a quoted phrase is taken for a card name only when it is close
    to one, since rulebooks quote section titles too."""
    unit = analysis.unit
    names = vocab.card_names
    seen: set[int] = set()
    text = unit.text
    for pattern, kind, marks in (
        (_NAMED, "named", ("named", "called")),
        (_ITALIC, "italic", ("*",)),
        (_QUOTED, "quoted", ('"', "“", "«")),
    ):
        if not any(mark in text for mark in marks):
            continue
        for found in pattern.finditer(text):
            name = found.group(1).strip().rstrip(".,;:!?")
            start = found.start(1)
            if start in seen or not _title_like(name):
                continue
            seen.add(start)
            if (
                vocab.pack.find(name) is not None
                or vocab.defined(name)
                or vocab.is_label(name)
                or name.casefold() == vocab.pack.game.name.casefold()
            ):
                continue
            hint = closest(name, names)
            if unit.kind == "document" and kind == "quoted" and hint is None:
                continue
            yield Hit(
                start,
                start + len(name),
                f"no card named {quoted(name)} in this game"
                + (f"; did you mean {quoted(hint)}?" if hint else ""),
                hint,
            )
