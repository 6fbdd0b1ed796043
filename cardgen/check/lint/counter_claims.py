"""Claims about the game's counters (components with a start and bounds: life, mana, oil, a
round marker), read from a sentence that names one counter: where it starts (`Your lantern
starts with 7 oil`, `Chaque mage commence la partie avec 25 points de vie`), its range (`The
Round marker runs from 1 to 10`, `Le score d'une équipe va de 0 à 40`, `a dial numbered
0–12`) and its cap (`can never hold more than ten oil`, `On ne peut pas avoir plus de 40
points de vie`, `Le mana est limité à 12`).

A counter is named by its label, its id or a word of its label that is not a generic one
(`vie` in `Points de vie`, `oil` in `Lantern oil`). A sentence naming two counters, or none,
is left alone; so is a cap said without a negation or a word of limit (`gain up to 3 oil`
is an effect).

A bounded int field's range and cap are read the same way (`Danger goes from 1 to 6`, `La
force d'un familier est comprise entre 1 et 5`, `No Dawn Encounter has a Danger higher than
3`), said of the first kind of card the sentence names, else of the one type with the field.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.facts import Claim, Fact, Facts, Subject, field_bound
from cardgen.check.lint.quantities import NUM, any_of, number_value
from cardgen.check.lint.scope import sentence_bounds
from cardgen.model.components import CounterComponent

GENERIC_WORDS = frozenset(
    [
        "marker",
        "markers",
        "track",
        "token",
        "tokens",
        "counter",
        "counters",
        "dial",
        "points",
        "point",
        "de",
        "du",
        "des",
        "of",
        "the",
        "jeton",
        "jetons",
        "pion",
        "pions",
        "compteur",
        "piste",
        "a",
        "an",
        "la",
        "le",
        "les",
    ]
)
_SHAPES = {
    kind: re.compile(shape, re.IGNORECASE)
    for kind, shape in (
        (
            "start",
            rf"\b(?:starts?|begins?|commencen?t?|commencez)(?:\s+(?:the\s+game|la\s+partie))?\s+"
            rf"(?:with|avec|at|à)\s+(?P<num>{NUM})(?![\w-])",
        ),
        (
            "span",
            rf"\b(?:from|de|between|entre|numbered|numérotée?s?)\s+(?P<num>{NUM})(?!-\w)"
            rf"(?:\s*\([^)\n]*\))?\s*(?:to|à|and|et|–|-)\s*(?P<upper>{NUM})(?![\w-])",
        ),
        (
            "cap",
            rf"\b(?:(?:limited|capped)\s+(?:to|at)|limitée?s?\s+à|plafonnée?s?\s+à|tops?\s+out\s+at"
            rf"|(?P<neg>more\s+than|higher\s+than|plus\s+de|au-delà\s+de))\s+(?P<num>{NUM})(?![\w-])",
        ),
    )
}
"""Where a counter starts, its range, its cap (with a negation or a word of limit)."""
_LEAD = re.compile(r"\s*(?:(?:the|a|an|le|la|les|l['’])\s*)?(?P<word>[^\W\d][\w-]*)", re.I)
"""A sentence's first word, after an article: a field said of no kind of card is read only
when it is the sentence's subject (`Danger goes from 1 to 6`)."""
_NEGATION = re.compile(r"\b(?:never|no|not|can['’]t|cannot|ne|n['’]|jamais|aucune?)\b", re.I)


class CounterReader:
    """The counter claims of one game: each counter's names and facts, built once."""

    def __init__(
        self, facts: Facts, phrases: dict[str, Subject], labels: dict[str, set[str]]
    ) -> None:
        self.counters: dict[str, tuple[Fact, Fact]] = {}
        self.pack = pack = facts.pack
        self.phrases = phrases
        self.labels = labels
        self.subject = re.compile(rf"(?<![\w-])(?:{any_of(list(phrases))})(?![\w-])", re.I)
        self.field = re.compile(rf"(?<![\w-])(?:{any_of(list(labels))})s?(?![\w-])", re.I)
        components = pack.game.components if pack is not None else []
        for index, part in enumerate(components):
            if not isinstance(part, CounterComponent):
                continue
            place = facts.place_of(["components", index])
            source = f"the counter {part.id}"
            start = Fact(part.start, part.start, f"{source}'s start", place)
            bounds = Fact(part.min, part.max, source, place)
            for name in counter_names(part.id, part.label):
                self.counters.setdefault(name, (start, bounds))
        self.name = (
            re.compile(rf"(?<![\w-])(?:{any_of(list(self.counters))})(?![\w-])", re.I)
            if self.counters
            else None
        )

    def claims(self, text: str) -> Iterator[Claim]:
        """Each sentence's start, range or cap of the one counter (or field) it names."""
        for kind, pattern in _SHAPES.items():
            for match in pattern.finditer(text):
                facts = self._counter(text, match.start())
                if facts is None and kind != "start":
                    facts = self._field(text, match.start())
                if facts is None:
                    continue
                claim = _claim(text, match, kind, facts)
                if claim is not None:
                    yield claim

    def _field(self, text: str, offset: int) -> tuple[Fact, Fact] | None:
        """The bounds of the one int field the sentence names, for its first subject (or
        the one type with the field)."""
        if self.pack is None or not self.labels:
            return None
        start, end = sentence_bounds(text, offset)
        found = {
            n for m in self.field.finditer(text, start, end) for n in self._field_names(m.group())
        }
        if len(found) != 1:
            return None
        name = found.pop()
        said = self.subject.search(text, start, end) if self.phrases else None
        if said is not None:
            subject = self.phrases[" ".join(said.group().casefold().split())]
        else:
            lead = _LEAD.match(text, start, end)
            if lead is None or not self.field.fullmatch(lead.group("word")):
                return None
            owners = [t for t, ct in self.pack.game.types.items() if name in ct.fields]
            if len(owners) != 1:
                return None
            subject = (("type", owners[0]),)
        bound = field_bound(self.pack, subject, name)
        return (bound, bound) if bound is not None else None

    def _field_names(self, word: str) -> set[str]:
        folded = " ".join(word.casefold().split())
        return self.labels.get(folded) or self.labels.get(folded[:-1], set())

    def _counter(self, text: str, offset: int) -> tuple[Fact, Fact] | None:
        """The facts of the one counter the sentence names; in a sentence naming a kind of
        card and one of its fields (Inspiration, `Creatures cost between 0 and 6 energy`) the
        number is that card's field."""
        if self.name is None:
            return None
        start, end = sentence_bounds(text, offset)
        words = {
            " ".join(m.group().casefold().split()) for m in self.name.finditer(text, start, end)
        }
        fielded = words & set(self.labels) or self.field.search(text, start, end)
        if fielded and self.phrases and self.subject.search(text, start, end):
            return None
        named = {self.counters[w] for w in words}
        return named.pop() if len(named) == 1 else None


def _claim(text: str, match: re.Match[str], kind: str, facts: tuple[Fact, Fact]) -> Claim | None:
    """The claim of one match: a start, a span (both bounds) or a cap."""
    value = number_value(match.group("num"))
    start_fact, bounds = facts
    if kind == "start":
        return Claim(match.start("num"), match.end(), value, "", [start_fact])
    if kind == "span":
        upper = number_value(match.group("upper"))
        return Claim(match.start("num"), match.end(), value, "span", [bounds], upper)
    if match.group("neg"):
        begins = sentence_bounds(text, match.start())[0]
        if not _NEGATION.search(text, begins, match.start()):
            return None
    if bounds.high is None:
        return None
    return Claim(match.start(), match.end(), value, "max", [bounds])


def counter_names(ident: str, label: str) -> set[str]:
    """A counter's names: its label, its id, and the words of its label that say what it
    counts (not `marker`, `points`, `de`), case-folded."""
    label = " ".join(label.casefold().split())
    names = {label, ident.replace("-", " ").replace("_", " ").casefold()}
    names |= {w for w in label.split() if len(w) > 2 and w not in GENERIC_WORDS}
    return {n for n in names if n}
