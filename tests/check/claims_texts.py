"""Rules texts for generated games (`claims_games`), with planted wrong numbers and terms.

A document is what a designer writes: sections (Markdown or plain-text headings) for the
box, building a deck, the card types, setup and play; in each, statements of the game's
numbers in many wordings (qualifiers before or after, ranges, lists under a heading, number
words, passives, `each player`, parentheticals) and sentences whose numbers count nothing
(`Turn 2`, `+3`, `the 2 players`, costs, damage, rounds, dice). Each statement is right,
wrong in its number, or wrong in its term (a right number said of another thing).

Templates come from how rules are written, not from what the linter reads; a few templates
and qualifier forms are reserved for the evaluation sample (`EVAL_ONLY`) and never appear in
the development one. Nothing here imports the linter.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tests.check.claims_games import GenGame, GenType, plural
from tests.check.claims_phrases import EN, EVAL_ONLY, FR, NOISE, Q_EN, Q_EVAL, Q_FR, SECTIONS
from tests.check.planted import EN_WORDS, FR_WORDS


@dataclass(frozen=True)
class Statement:
    """One line of a generated document: its kind, its text, and `right` (True), a wrong
    number (`number`), a wrong term (`term`) or nothing stated (`noise`)."""

    kind: str
    text: str
    truth: str


class Writer:
    """Writes a document for one game from a seeded generator; `evaluation` adds the
    reserved templates and qualifier forms."""

    def __init__(self, game: GenGame, rng: random.Random, evaluation: bool) -> None:
        self.game = game
        self.rng = rng
        self.lang = game.language
        self.evaluation = evaluation

    def templates(self, kind: str) -> tuple[str, ...]:
        base = (FR if self.lang == "fr" else EN).get(kind, ())
        extra = EVAL_ONLY[self.lang].get(kind, ()) if self.evaluation else ()
        return base + extra

    def number(self, n: int) -> str:
        words = FR_WORDS if self.lang == "fr" else EN_WORDS
        return words[n] if n < len(words) and n > 1 and self.rng.random() < 0.3 else str(n)

    def qualified(self, kind: str, n: int, noun: str) -> str:
        forms = (Q_FR if self.lang == "fr" else Q_EN)[kind]
        if self.evaluation:
            forms = forms + Q_EVAL[self.lang][kind]
        return self.rng.choice(forms).format(n=self.number(n), x=noun)

    def wrong(self, true: int, low: int = 2) -> int:
        """A number other than `true`, near it, at least `low`."""
        choices = [v for v in range(true - 3, true + 4) if v != true and v >= low]
        return self.rng.choice(choices)

    def fill(self, template: str, **slots: object) -> str:
        text = template.format(**(self.deck_words() | slots))
        return text[0].upper() + text[1:]

    def deck_words(self) -> dict[str, str]:
        """The deck's name in a template (`{deck}`, `{decks}`): the game's own word or
        `deck`, `paquet`."""
        word = self.game.deck_name or ("paquet" if self.lang == "fr" else "deck")
        return {"deck": word, "decks": plural(word, self.lang)}

    def names(self, gtype: GenType) -> dict[str, str]:
        return {
            "label": gtype.label,
            "Label": gtype.label,
            "plural": gtype.plural,
            "Plural": gtype.plural,
            "stat": self.game.stat,
        }

    def pick(self, kind: str, **slots: object) -> str:
        return self.fill(self.rng.choice(self.templates(kind)), **slots)

    def truth(self, term_possible: bool) -> str:
        roll = self.rng.random()
        if roll < 0.5:
            return "right"
        return "term" if term_possible and roll > 0.82 else "number"

    def stated(
        self, kind: str, true: int, qualifier: str, noun: str, others: list[int], **slots: object
    ) -> Statement:
        """A statement of `true` (or a wrong number, or another thing's number: `others`,
        numbers of the same qualifier the data gives other things) under `qualifier`."""
        others = [o for o in others if o != true and o >= 2]
        truth = self.truth(bool(others))
        n = {"right": true, "number": self.wrong(true), "term": 0}[truth]
        if truth == "term":
            n = self.rng.choice(others)
        q = self.qualified(qualifier, n, noun)
        return Statement(kind, self.pick(kind, q=q, n=self.number(n), **slots), truth)

    def deck(self) -> list[Statement]:
        low, high = self.game.deck
        cards = "cartes" if self.lang == "fr" else "cards"
        if low is not None and high is not None and low != high:
            truth = self.truth(False)
            a, b = low, high
            if truth == "number":
                a, b = (self.wrong(a), b) if self.rng.random() < 0.5 else (a, self.wrong(b, a + 1))
            text = self.pick("deck_range", a=self.number(a), b=self.number(b))
            single = self.stated("deck", high, "max", cards, [])
            return [Statement("deck_range", text, truth), single]
        if low is not None and low == high:
            return [self.stated("deck", low, "exact", cards, [])]
        if high is not None:
            return [self.stated("deck", high, "max", cards, [])]
        assert low is not None
        return [self.stated("deck", low, "min", cards, [])]

    def caps(self) -> list[Statement]:
        found = []
        capped = [t for t in self.game.types if t.cap is not None]
        for gtype in capped:
            assert gtype.cap is not None
            kind, n = gtype.cap
            same = [t for t in capped if t.cap is not None and t.cap[0] == kind]
            others = [t.cap[1] for t in same if t.cap is not None and t is not gtype]
            found.append(self.stated("cap", n, kind, gtype.plural, others, **self.names(gtype)))
        game = self.game
        variant = f"{game.variants[0]} {game.variant_type.plural}"
        if self.lang == "fr":
            variant = f"{game.variant_type.plural} {plural(game.variants[0], 'fr')}"
        maxed = [t.cap[1] for t in capped if t.cap is not None and t.cap[0] == "max"]
        found.append(self.stated("variant_cap", game.variant_cap, "max", variant, maxed))
        copies = "exemplaires" if self.lang == "fr" else "copies"
        found.append(self.stated("copies", game.copies, "max", copies, []))
        return found

    def cap_list(self) -> list[Statement]:
        """The caps as a list under a heading that carries the qualifier."""
        heading = self.fill(
            "Un {deck} peut contenir au plus :"
            if self.lang == "fr"
            else self.rng.choice(
                ("A {deck} may contain no more than:", "Limits per {deck} (at most):")
            )
        )
        lines = [Statement("heading", heading, "noise")]
        for gtype in self.game.types:
            if gtype.cap is None or gtype.cap[0] != "max":
                continue
            n = gtype.cap[1]
            truth = self.truth(False)
            shown = n if truth == "right" else self.wrong(n)
            lines.append(Statement("cap_list", f"- {shown} x {gtype.label}", truth))
        return lines if len(lines) > 1 else []

    def fields(self) -> list[Statement]:
        found = []
        highs = [t.high for t in self.game.types]
        for gtype in self.game.types:
            others = [h for h in highs if h != gtype.high]
            found.append(
                self.stated("field", gtype.high, "max", self.game.stat, others, **self.names(gtype))
            )
        gtype = self.game.variant_type
        names = self.names(gtype)
        names["Plural"] = names["plural"] = f"{self.game.variants[0]} {gtype.plural}"
        names["label"] = f"{self.game.variants[0]} {gtype.label}"
        if self.lang == "fr":
            names["plural"] = f"{gtype.plural} {plural(self.game.variants[0], 'fr')}"
            names["label"] = f"{gtype.label} {self.game.variants[0]}"
        found.append(
            self.stated("field", self.game.variant_high, "max", self.game.stat, [], **names)
        )
        gtype = self.rng.choice(self.game.types[1:])
        found.append(self.ranged("field_range", gtype.low, gtype.high, **self.names(gtype)))
        return found

    def ranged(self, kind: str, low: int, high: int, **slots: object) -> Statement:
        """A range stated whole (`from 0 to 12`), right or with one bound wrong."""
        truth = self.truth(False)
        a, b = low, high
        if truth == "number":
            a, b = (self.wrong(a, 0), b) if self.rng.random() < 0.5 else (a, self.wrong(b, a + 1))
        return Statement(kind, self.pick(kind, a=self.number(a), b=self.number(b), **slots), truth)

    def deal_list(self) -> Statement:
        """The deal table as one labelled list, one of its numbers maybe wrong."""
        (a1, b1, n1), (a2, b2, n2) = self.game.deal
        truth = self.truth(False)
        if truth == "number":
            n1, n2 = (self.wrong(n1), n2) if self.rng.random() < 0.5 else (n1, self.wrong(n2))
        text = self.pick("deal_list", a1=a1, b1=b1, n1=n1, a2=a2, b2=b2, n2=n2)
        return Statement("deal_list", text, truth)

    def counter(self) -> list[Statement]:
        """The counter's start, its range and its cap."""
        label, start, low, high = self.game.counter
        word = label if self.lang == "en" else label.lower()
        slots = {"counter": word, "Counter": label}
        begins = self.truth(False)
        shown = start if begins == "right" else self.wrong(start, 0)
        text = self.pick("counter_start", n=self.number(shown), **slots)
        capped = self.truth(False)
        top = high if capped == "right" else self.wrong(high, low + 1)
        teams = []
        if self.game.teams:
            split = self.truth(False)
            n = self.game.teams if split == "right" else self.wrong(self.game.teams)
            teams = [Statement("teams", self.pick("teams", n=self.number(n)), split)]
        return [
            *teams,
            Statement("counter_start", text, begins),
            self.ranged("counter_range", low, high, **slots),
            Statement("counter_cap", self.pick("counter_cap", n=self.number(top), **slots), capped),
        ]

    def setup(self) -> list[Statement]:
        game = self.game
        found = []
        if game.hand is not None:
            found.append(self.stated("hand", game.hand, "exact", "", [], Plural=""))
        for a, b, n in game.deal:
            kind = "deal_one" if a == b else "deal"
            truth = self.truth(False)
            shown = n if truth == "right" else self.wrong(n)
            text = self.pick(kind, a=a, b=b, n=self.number(shown))
            found.append(Statement(kind, text, truth))
        if len(game.deal) == 2:
            found.append(self.deal_list())
        low, high = game.players
        truth = self.truth(False)
        a, b = low, high
        if truth == "number":
            a, b = (low - 1, high) if low > 1 and self.rng.random() < 0.5 else (low, high + 1)
        found.append(Statement("players", self.pick("players", a=a, b=b), truth))
        for name, count in game.piles:
            found.append(self.stated("pile", count, "exact", "", [], pile=name))
        return found

    def box(self) -> list[Statement]:
        totals = [t.total for t in self.game.types]
        kind = self.rng.choice(("box", "box_list"))
        return [
            self.stated(kind, t.total, "exact", "", totals, **self.names(t))
            for t in self.game.types
        ]

    def noise(self, count: int) -> list[Statement]:
        gtype = self.rng.choice(self.game.types)
        picked = self.rng.sample(NOISE[self.lang], count)
        return [Statement("noise", self.fill(t, **self.names(gtype)), "noise") for t in picked]


def heading(title: str, rng: random.Random) -> str:
    """A section heading as a designer writes one: Markdown, capitals or a plain line."""
    style = rng.choice(("md", "md", "caps", "plain"))
    return {"md": f"## {title}", "caps": title.upper(), "plain": title}[style]


def document(game: GenGame, seed: int, evaluation: bool) -> list[Statement]:
    """The lines of a rules document for `game` (headings and blank lines as `noise`)."""
    rng = random.Random(seed)
    writer = Writer(game, rng, evaluation)
    titles = SECTIONS[game.language]
    parts = {
        "box": writer.box(),
        "deck": writer.deck() + writer.caps() + writer.cap_list(),
        "types": writer.fields(),
        "setup": writer.setup() + writer.counter(),
        "play": writer.noise(4),
    }
    lines = [Statement("title", f"# Generated {game.seed}", "noise")]
    for key, statements in parts.items():
        lines.append(Statement("heading", heading(titles[key], rng), "noise"))
        body = statements[:]
        if key not in ("play",) and rng.random() < 0.5:
            body.insert(rng.choice(_between_paragraphs(body)), writer.noise(1)[0])
        listed = False
        for statement in body:
            is_item = statement.text.startswith("- ")
            if not (is_item and listed):
                lines.append(Statement("blank", "", "noise"))
            lines.append(statement)
            listed = is_item or statement.kind == "heading"
    return lines


def _between_paragraphs(body: list[Statement]) -> list[int]:
    """Where a sentence may go among statements without splitting a list from its heading."""
    listed = [s.text.startswith("- ") or s.kind == "heading" for s in body]
    inner = [
        i for i in range(1, len(body)) if not listed[i - 1] and not body[i].text.startswith("- ")
    ]
    return [0, *inner, len(body)]


def render(lines: list[Statement]) -> str:
    """The document's text (line N of the text is `lines[N - 1]`)."""
    return "\n".join(s.text for s in lines) + "\n"
