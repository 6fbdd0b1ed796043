"""Lint rule of numbers: a number in text within the bounds of the field it counts (TX601)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from cardgen.check.lint.rules import Example, Hit, RuleDoc, text_rule, words
from cardgen.check.lint.vocab import Analysis, Vocabulary

NUMBER_WORDS = {
    w: n
    for n, w in enumerate(
        words(
            "zero one two three four five six seven eight nine ten eleven twelve thirteen"
            " fourteen fifteen sixteen seventeen eighteen nineteen twenty"
        )
    )
}


@dataclass(frozen=True)
class _Bounds:
    label: str
    low: int | None
    high: int | None
    where: str


_NUMBER_BEFORE = re.compile(
    rf"(?<![\w.+-])(?P<sign>[+-])?(?P<num>\d+|{'|'.join(NUMBER_WORDS)})\s+"
    r"(?:(?P<rel>more|less|fewer|extra|additional)\s+)?\Z",
    re.IGNORECASE,
)
_NUMBER_AFTER = re.compile(r"\s+(?:of\s+|:\s*)?(?P<sign>[+-])?(?P<num>\d+)(?!\w|[.,]\d)")


def _bounds(vocab: Vocabulary) -> tuple[re.Pattern[str] | None, dict[str, _Bounds]]:
    """A pattern for the label of any bounded int field, and each label's bounds."""
    cached = vocab.cache.get("bounds")
    if cached is not None:
        return cached  # type: ignore[return-value]
    found: dict[str, list[tuple[int | None, int | None, str]]] = defaultdict(list)
    labels: dict[str, str] = {}
    for ctype in vocab.pack.game.types.values():
        for name, spec in ctype.fields.items():
            if spec.type != "int" or (spec.min is None and spec.max is None):
                continue
            label = spec.label or name
            labels[label.casefold()] = label
            found[label.casefold()].append((spec.min, spec.max, ctype.label))
    table = {}
    for key, specs in found.items():
        lows = [lo for lo, _, _ in specs]
        highs = [hi for _, hi, _ in specs]
        low = None if None in lows else min(lo for lo in lows if lo is not None)
        high = None if None in highs else max(hi for hi in highs if hi is not None)
        owner = max(specs, key=lambda s: s[1] if s[1] is not None else -1)[2]
        table[key] = _Bounds(labels[key], low, high, owner)
    pattern = None
    if table:
        names = "|".join(re.escape(labels[k]) for k in sorted(table, key=len, reverse=True))
        pattern = re.compile(rf"(?<![\w-])(?:{names})(?![\w])", re.IGNORECASE)
    vocab.cache["bounds"] = (pattern, table)
    return pattern, table


@text_rule(
    "TX601",
    "number-out-of-bounds",
    "error",
    "A number in text beyond its field's bounds.",
    RuleDoc(
        why="Text that promises more than the rules allow (a Visionary holds at most 20"
        " Inspiration) is either a typo or a rule change nobody wrote down.",
        hit=Example("Your Visionary gains 25 Inspiration.", "splatterkins"),
        non_hit=Example("Your Visionary gains 5 Inspiration.", "splatterkins"),
        fix="Write a number within the field's bounds (`gains 5 Inspiration`), or raise the"
        " field's `max` if the rules really changed.",
        options="The fields' `label`, `min` and `max` in `types:`.",
    ),
)
def number_out_of_bounds(vocab: Vocabulary, analysis: Analysis) -> Iterator[Hit]:
    """A number right before or after the label of a bounded `int` field (`gain 25
    Inspiration`, `3 more Inspiration`, `a Bonus of 4`, numbers as words up to `twenty`),
    checked against the largest `max` (and, for a plain number, the smallest `min`) the
    field has over every card type. A label inside a longer glossary term (`Bonus` in
    `R-Ally Bonus`) is not that field."""
    pattern, table = _bounds(vocab)
    if pattern is None:
        return
    text = analysis.unit.text
    for label in pattern.finditer(text):
        if analysis.match_covering(label.start(), label.end()):
            continue
        number = _NUMBER_BEFORE.search(text, max(0, label.start() - 40), label.start())
        if number is None:
            number = _NUMBER_AFTER.match(text, label.end())
        if number is None:
            continue
        raw = number.group("num")
        value = int(raw) if raw.isdigit() else NUMBER_WORDS[raw.casefold()]
        signed = bool(number.group("sign") or number.groupdict().get("rel"))
        bounds = table[label.group().casefold()]
        start, end = number.span("num")
        if bounds.high is not None and value > bounds.high:
            yield Hit(
                start,
                end,
                f"{value} {bounds.label} is more than any card can have: at most"
                f" {bounds.high} ({bounds.where})",
            )
        elif not signed and bounds.low is not None and value < bounds.low:
            yield Hit(start, end, f"{value} {bounds.label} is less than the minimum {bounds.low}")
