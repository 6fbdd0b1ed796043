"""Lint rule of labels: a card's text names its own field values, not another's (TX701)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.rules import CARD_TEXT, Example, Hit, RuleDoc, quoted, text_rule
from cardgen.check.lint.vocab import Analysis, Vocabulary
from cardgen.model.select import matches

LABEL_OPTIONS = """`lint.label_checks`:

```yaml
lint:
  label_checks:
    - where: {type: technique}
      field: kind
      at_start: true
      words: {instant: Instant, constant: Constant, interrupt: Interrupt}
    - where: {type: ally}
      field: stat
      words: {agility: Agility, vitality: Vitality, luck: Luck, magic: Magic, charisma: Charisma}
```"""
"""TX701's options: the label checks, as Shards of the Artisan and Splatterkins write them."""


def _label_patterns(vocab: Vocabulary) -> list[dict[str, re.Pattern[str] | None]]:
    """Per label check: value -> a pattern for the other values' words."""
    cached = vocab.cache.get("labels")
    if cached is None:
        built: list[dict[str, re.Pattern[str] | None]] = []
        for check in vocab.pack.game.lint.label_checks:
            words = {str(v): [w] if isinstance(w, str) else list(w) for v, w in check.words.items()}
            per_value: dict[str, re.Pattern[str] | None] = {}
            for value, own in words.items():
                others = [w for v, ws in words.items() if v != value for w in ws if w not in own]
                anchor = r"\A\s*" if check.at_start else r"(?<![\w{])"
                alternatives = "|".join(map(re.escape, sorted(others, key=len, reverse=True)))
                per_value[value] = (
                    re.compile(anchor + rf"(?P<word>{alternatives})(?![\w}}])") if others else None
                )
            built.append(per_value)
        vocab.cache["labels"] = cached = built
    return cached  # type: ignore[return-value]


@text_rule(
    "TX701",
    "label-mismatch",
    "error",
    "Card text naming another value than its field.",
    RuleDoc(
        why="A Technique of kind `instant` whose text starts `Constant:`, or an Ally of `luck`"
        " that says `Add +1 to Agility`, tells the player two different things.",
        hit=Example("Add +2 to Agility during a Duel.", "shards", "Luck Ally +2"),
        non_hit=Example("Add +2 to Luck during a Duel.", "shards", "Luck Ally +2"),
        fix="Name the card's own value (`Add +2 to Luck during a Duel.`), or fix the field"
        " (`stat`).",
        options=LABEL_OPTIONS,
    ),
    CARD_TEXT,
)
def label_mismatch(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A card whose text names the word of another value of one of its fields, by the
    game's `lint.label_checks`. Each check selects cards (`where`), names the field and maps
    each value to the word or words that name it in text; the text must not contain the
    word of another value (whole words, with their capitals). `at_start: true` only looks at
    the start of the text, for a header such as `Constant:`."""
    card = analysis.unit.card
    if card is None:
        return
    checks = vocab.pack.game.lint.label_checks
    for check, per_value in zip(checks, _label_patterns(vocab), strict=True):
        if not matches(card, check.where):
            continue
        value = card.get(check.field)
        if value is None or str(value) not in per_value:
            continue
        own = check.words[str(value)]
        right = own if isinstance(own, str) else own[0]
        pattern = per_value[str(value)]
        if pattern is None:
            continue
        for found in pattern.finditer(analysis.unit.text):
            word = found.group("word")
            ctype = vocab.pack.game.types[card.type].label
            yield Hit(
                found.start("word"),
                found.end("word"),
                f"{ctype} of {check.field} {value} names {quoted(word)} in its text;"
                f" its word is {quoted(right)}",
                right,
            )
