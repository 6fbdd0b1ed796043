"""Claims about a field's bounds for one kind of card, however the sentence is built: a
qualifier and a number next to a bounded field's label (`a max of 2 Inspiration`, `Shelter
up to 5`, `Inspiration: at most 20`), said of the kind of card the sentence is about.

What the sentence is about is the first phrase of the game that names a subject in it
(`Doodles are baby Splatterkin that can only have a max of 2 Inspiration`: Doodles), else the
term a list item or a line opens with (`Doodles: ...`), else, for a sentence opening with a
pronoun (`They may only have up to 2 Inspiration`), the previous sentence's subject, else
the one card type that has the field. Between the subject and the number a verb of having
(`has`, `may only have`, `holds`, `cannot exceed`) and no verb of doing (`gains`, `gives`,
`deals`): `give a Splatterkin up to 3 Inspiration` is an effect, not a bound. Only a
qualified number is read (a cap or a floor): a plain `3 Inspiration` is a card's value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cardgen.check.lint.facts import EACH, Claim, Subject, field_bound
from cardgen.check.lint.quantities import (
    AFTER,
    MIDDLE,
    NUM,
    QUAL,
    any_of,
    number_value,
    qualifier_kind,
)
from cardgen.check.lint.scope import line_at, sentence_bounds
from cardgen.load.game import GamePack

_HAVING = re.compile(
    r"\b(?:has|have|having|holds?|carr(?:y|ies)|exceed|exceeds|is|are|capped|limited|range"
    r"|ranges|goes|go|a|ont|peut|peuvent|possède|possèdent|dépasse|dépasser|costs?|coûte"
    r"|coûtent|worth|vaut|valent|rapporte|rapportent|scores?|est|sont|va|vont|n['’]a|never"
    r"|always|jamais|toujours|starts?\s+with|begins?\s+with|commence\s+avec)\b",
    re.IGNORECASE,
)
_DOING = re.compile(
    r"\b(?:gains?|gives?|deals?|heals?|inspires?|puts?|places?|moves?|pays?|spends?|loses?"
    r"|removes?|adds?|takes?|draws?|discards?|reduces?|increases?|gagne|donne|inflige|retire"
    r"|perd|ajoute|if|when|si|quand|until|jusqu'à\s+ce)\b",
    re.IGNORECASE,
)
_PRONOUN = re.compile(r"\W*(?:they|it|these|those|ils|elles|ceux-ci|celles-ci)\b", re.I)
_LEAD = re.compile(r"\W*(?P<lead>[^\W\d][\w'’ -]{0,40}?)\s*:")
_POSSESSIVE = re.compile(r"^['’]s?\b")
"""A possessive after the subject (`A Route's Distance`): the subject's own field."""
_LINK = (
    r"(?:(?:is|are|est|sont|va|vont|vaut|valent|ranges?|goes|go|never|always|jamais"
    r"|toujours|n['’]est|ne|pas)\s+){1,3}"
)
"""Words between a field's label and its qualifier (`Distance is at most 7`, `Speed ranges
from 1 to 6`, `Strength is never more than 5`)."""
_OF = (
    r"(?:\s+(?:of\s+(?:an?|the|each|every)|d['’]une?|de\s+la|de\s+l['’]|du|des)\s*"
    r"[^\W\d][\w’'-]*(?:\s+[^\W\d][\w’'-]*){0,2}?)?"
)
"""A field's label may name its card (`Gravité d'un incident : au plus 2`)."""
_NEGATED = re.compile(r"\b(?:no|never|not|none|aucun|aucune|jamais|ne|n['’])\b|n['’]", re.I)
"""`more than N` is a cap only after a negation (`No Ship has more than 10 Hull`)."""
_NARROWER = re.compile(r"[^\W\d][\w-]*(?:['’]s?|s['’])\s*\Z")
"""A possessive right before the subject (`Shipwrights' Ships`): a narrower subject than
the phrase names; its bound may be a constraint's, so the sentence is left alone."""
_EXCEED = re.compile(r"\b(?:cannot|can\s*not|can't|may\s+not|never)\s+(?:exceed|go\s+over)", re.I)


class FieldReader:
    """The field claims of one game: its phrases and bounded fields, patterns built once."""

    def __init__(self, pack: GamePack, phrases: dict[str, Subject], labels: dict[str, set[str]]):
        self.pack = pack
        self.phrases = {**_values_alone(pack, phrases), **phrases}
        self.labels = labels
        names = any_of(list(self.phrases))
        self.subject = re.compile(rf"(?<![\w-])(?:{names})(?![\w-])", re.IGNORECASE)
        label = "|".join(re.escape(x) for x in sorted(labels, key=len)[::-1])
        exceed = r"(?:cannot|can\s*not|can't|may\s+not|never)\s+(?:exceed|go\s+over)"
        more = r"more\s+than|above|over|plus\s+de|au-dessus\s+de"
        qual = rf"(?P<q>{QUAL}|{exceed})|(?P<more>{more})|(?P<from>from|between|de|entre)"
        self.number_first = re.compile(
            rf"(?<![\w.+-])(?:(?:{qual})\s+)?(?P<num>{NUM})"
            rf"(?:\s+(?P<mid>{MIDDLE})|\s*(?:to|and|à|et|-|–)\s*(?P<upper>{NUM}))?"
            rf"\s+(?P<label>{label})(?![\w-])(?:[^\S\n]+(?P<after>{AFTER})\b)?",
            re.IGNORECASE,
        )
        self.label_first = re.compile(
            rf"(?<![\w-])(?P<label>{label})(?:e?s)?{_OF}(?:\s+of|\s*:)?(?:\s+{_LINK})?\s*(?:{qual})"
            rf"\s+(?P<num>{NUM})(?:\s*(?:to|and|à|et|-|–)\s*(?P<upper>{NUM}))?(?![\w.,]\d)",
            re.IGNORECASE,
        )
        self.label_after = re.compile(
            rf"(?<![\w-])(?P<label>{label}){_OF}(?:\s+(?:of|de)|\s*:)\s+(?P<num>{NUM})"
            rf"[^\S\n]+(?P<after>{AFTER})\b(?P<q>)?(?P<more>)?(?P<from>)?(?P<upper>)?(?P<mid>)?",
            re.IGNORECASE,
        )

    def claims(self, text: str) -> Iterator[Claim]:
        """Every qualified number about a bounded field, with the bound for its subject."""
        if not self.labels or not self.phrases:
            return
        for pattern in (self.number_first, self.label_first, self.label_after):
            for match in pattern.finditer(text):
                claim = self._claim(text, match)
                if claim is not None:
                    yield claim

    def _claim(self, text: str, match: re.Match[str]) -> Claim | None:
        kind = self._kind(text, match)
        if not kind:
            return None
        raw = match.group("q") or match.group("more") or match.group("from")
        found = self._subject(text, match.start()) or self._subject_inside(text, match)
        if found is None:
            return None
        subject, between = found
        between = _POSSESSIVE.sub("", between)
        said = f"{between} {raw or ''}"
        if _DOING.search(between) or (between.strip() and not _HAVING.search(said)):
            return None
        names = self.labels[" ".join(match.group("label").casefold().split())]
        bounds = [b for n in names if (b := field_bound(self.pack, subject, n)) is not None]
        if len(bounds) != 1:
            return None
        value = number_value(match.group("num"))
        upper = number_value(match.group("upper")) if match.group("upper") else None
        return Claim(match.start(), match.end(), value, kind, bounds, upper)

    @staticmethod
    def _kind(text: str, match: re.Match[str]) -> str:
        """How a field claim reads: a qualifier before or after the number, `more than`
        after a negation (a cap), or a range `from N to M` (within the bound)."""
        if match.group("upper"):
            return "range" if match.group("from") or match.group("q") is None else ""
        if match.group("from"):
            return ""
        if match.group("more"):
            begins = sentence_bounds(text, match.start())[0]
            return "max" if _NEGATED.search(text, begins, match.start("num")) else ""
        raw = match.group("q")
        kind = "max" if raw and _EXCEED.match(raw) else qualifier_kind(raw)
        trailing = match.groupdict().get("mid") or match.groupdict().get("after")
        return kind or qualifier_kind(trailing, trailing=True)

    def _subject(self, text: str, offset: int) -> tuple[Subject, str] | None:
        """The subject of the sentence holding `offset`, and the words between it and the
        claim (empty when the subject comes from the line's lead or the previous sentence)."""
        start, _ = sentence_bounds(text, offset)
        first = self.subject.search(text, start, offset)
        if first is not None and _NARROWER.search(text, start, first.start()):
            return None
        if first is not None:
            return self._named(first.group()), text[first.end() : offset]
        line_start, _ = line_at(text, offset)
        lead = _LEAD.match(text, line_start)
        if lead is not None and lead.end() <= offset:
            named = self.phrases.get(" ".join(lead.group("lead").casefold().split()))
            if named is not None:
                return named, text[lead.end() : offset]
        if _PRONOUN.match(text, start, offset):
            end = len(text[:start].rstrip()) - 1
            before = self.subject.search(text, sentence_bounds(text, max(0, end))[0], start)
            if before is not None:
                return self._named(before.group()), text[start:offset]
        return self._only_type(text[start:offset])

    def _subject_inside(self, text: str, match: re.Match[str]) -> tuple[Subject, str] | None:
        """The subject a field's label names (`Gravité d'un incident`) or the sentence names
        after the number (`Speed ranges from 1 to 6 on every Ship`)."""
        start, end = sentence_bounds(text, match.start())
        inside = self.subject.search(text, match.start(), match.start("num"))
        after = inside or self.subject.search(text, match.end(), end)
        if after is None:
            return None
        return self._named(after.group()), "" if inside else text[start : match.start()]

    def _only_type(self, between: str) -> tuple[Subject, str] | None:
        """The one card type with a bounded field, for a sentence naming no subject."""
        types = {
            t
            for t, c in self.pack.game.types.items()
            if any(
                s.type == "int" and (s.min is not None or s.max is not None)
                for s in c.fields.values()
            )
        }
        return ((("type", types.pop()),), between) if len(types) == 1 else None

    def _named(self, phrase: str) -> Subject:
        """The subject a phrase names (none for a phrase of each group)."""
        subject = self.phrases[" ".join(phrase.casefold().split())]
        return () if any(v == EACH for _, v in subject) else subject


def _values_alone(pack: GamePack, phrases: dict[str, Subject]) -> dict[str, Subject]:
    """A choice field's value alone, singular and plural (`une entrée`, `un sbire`), as the
    subject of a field's bound: its type with that value, when no other phrase, card or
    type's value is named so."""
    found: dict[str, Subject | None] = {}
    for type_id, ctype in pack.game.types.items():
        for name, spec in ctype.fields.items():
            for value in spec.choices if spec.type == "choice" else []:
                shown = str(spec.labels.get(value, str(value).replace("-", " "))).casefold()
                key = tuple(sorted((("type", type_id), (name, str(value).casefold()))))
                for form in {shown, shown + "s", shown.removesuffix("s")}:
                    taken = form in found and found[form] != key
                    found[form] = None if taken or pack.find(form) is not None else key
    for phrase, subject in phrases.items():
        single = phrase.removesuffix("s")
        if single != phrase and single not in phrases:
            found[single] = subject if found.get(single, subject) == subject else None
    return {k: v for k, v in found.items() if v is not None and k not in phrases and len(k) > 2}
