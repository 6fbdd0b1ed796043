"""The deck-rule engine: one evaluator class per rule kind, every violation collected.

`DeckValidator(pack)` resolves a deck's lines against the pool (unknown names get a
did-you-mean), then runs each of the game's rules. Selectors are evaluated once per pool
card when the validator is built, so validating many decks is cheap.
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from cardgen.check.bounds import Gap, gap
from cardgen.check.findings import DeckReport, Violation
from cardgen.errors import short
from cardgen.fuzzy import closest
from cardgen.load.game import GamePack
from cardgen.load.pool import name_key
from cardgen.model.card import Card
from cardgen.model.deck import UNKNOWN_SHOWN, Deck, DeckEntry, more_unknown
from cardgen.model.plugin_kinds import deck_rule_kinds
from cardgen.model.rules import (
    BannedRule,
    CopiesRule,
    CountPerGroupRule,
    CountRule,
    DeckRule,
    DeckSizeRule,
    LinkedRule,
    RequiredRule,
)
from cardgen.model.select import describe, matches

CODES = {
    "unknown_card": "DK001",
    "deck_size": "DK101",
    "copies": "DK102",
    "count": "DK103",
    "count_per_group": "DK104",
    "required": "DK105",
    "banned": "DK106",
    "linked": "DK107",
}


class Line(NamedTuple):
    """A deck line resolved to its pool card."""

    card: Card
    entry: DeckEntry


def _listing(lines: list[Line], limit: int = 6) -> str:
    """`Ember Queen ×1 (line 3), ...` for the cards a violation is about."""
    by_card: dict[str, list[Line]] = defaultdict(list)
    for line in lines:
        by_card[line.card.name].append(line)
    parts = []
    for name, group in by_card.items():
        count = sum(item.entry.count for item in group)
        where = ", ".join(str(item.entry.line) for item in group if item.entry.line)
        parts.append(f"{name} ×{count}" + (f" (line {where})" if where else ""))
    if len(parts) > limit:
        parts = [*parts[:limit], f"and {len(parts) - limit} more"]
    return ", ".join(parts)


def _advice(found: Gap) -> str:
    return f"take out {found.delta}" if found.delta > 0 else f"add {-found.delta}"


class RuleEvaluator:
    """Evaluates one rule of a game over resolved deck lines."""

    def __init__(self, rule: DeckRule, pack: GamePack) -> None:
        self.rule = rule
        self.pack = pack
        where = getattr(rule, "where", None)
        self.selected = {id(card) for card in pack.cards if matches(card, where)}

    def violation(
        self,
        message: str,
        *,
        found: Gap | None = None,
        actual: int | None = None,
        lines: list[Line] | None = None,
        severity: str | None = None,
    ) -> Violation:
        """A violation of this evaluator's rule, with its message and the numbers found."""
        lines = lines or []
        first = min((ln.entry.line for ln in lines if ln.entry.line), default=None)
        col = next((ln.entry.col for ln in lines if ln.entry.line == first), None)
        return Violation(
            rule=self.rule.id,
            code=CODES.get(self.rule.kind) or deck_rule_kinds()[self.rule.kind].code,
            kind=self.rule.kind,
            message=message,
            severity=severity or self.rule.severity,  # type: ignore[arg-type]
            actual=actual,
            limit=found.limit if found else None,
            delta=found.delta if found else None,
            cards=tuple(dict.fromkeys(ln.card.name for ln in lines)),
            line=first,
            col=col,
            cite=self.rule.cite,
            rule_message=self.rule.message,
        )

    def evaluate(self, chosen: list[Line], unknown: int, building: bool) -> list[Violation]:
        """The rule's violations by the deck's chosen lines (`unknown`: cards not in the pool)."""
        raise NotImplementedError  # pragma: no cover - every kind overrides it


class DeckSizeEvaluator(RuleEvaluator):
    rule: DeckSizeRule

    def evaluate(self, chosen: list[Line], unknown: int, building: bool) -> list[Violation]:
        """The deck's card count (a misspelt card counted too) against the size bounds."""
        total = sum(ln.entry.count for ln in chosen)
        if not self.rule.where:
            total += unknown  # a misspelt card still takes a place in the deck
        found = gap(total, min=self.rule.min, max=self.rule.max, exact=self.rule.exact)
        if found is None:
            return []
        severity = "warning" if building and found.is_shortfall else None
        cards = "card" if total == 1 else "cards"
        advice = f"{found.phrase}: {_advice(found)}"
        message = f"deck has {total} {cards}; {found.bound} allowed ({advice})"
        return [self.violation(message, found=found, actual=total, severity=severity)]


class CountEvaluator(RuleEvaluator):
    rule: CountRule

    def evaluate(self, chosen: list[Line], unknown: int, building: bool) -> list[Violation]:
        """The number of matching cards against the rule's bounds."""
        total = sum(ln.entry.count for ln in chosen)
        found = gap(total, min=self.rule.min, max=self.rule.max, exact=self.rule.exact)
        if found is None:
            return []
        label = self.rule.label or "matching cards"
        listed = f" ({_listing(chosen)})" if chosen else ""
        message = (
            f"{total} {label}{listed}; {found.bound} allowed ({found.phrase}: {_advice(found)})"
        )
        severity = "warning" if building and found.is_shortfall else None
        return [self.violation(message, found=found, actual=total, lines=chosen, severity=severity)]


class CountPerGroupEvaluator(RuleEvaluator):
    rule: CountPerGroupRule

    def evaluate(self, chosen: list[Line], unknown: int, building: bool) -> list[Violation]:
        """The matching cards of each group (by `group_by`) against the rule's bounds."""
        groups: dict[str, list[Line]] = defaultdict(list)
        for ln in chosen:
            groups[str(ln.card.get(self.rule.group_by))].append(ln)
        found_all = []
        label = self.rule.label or "cards"
        for value in sorted(groups, key=_natural):
            group = groups[value]
            total = sum(ln.entry.count for ln in group)
            found = gap(total, min=self.rule.min, max=self.rule.max, exact=self.rule.exact)
            if found is None:
                continue
            message = (
                f"{total} {label} with {self.rule.group_by} {value} ({_listing(group)});"
                f" {found.bound} allowed per {self.rule.group_by} ({found.phrase}:"
                f" {_advice(found)})"
            )
            found_all.append(self.violation(message, found=found, actual=total, lines=group))
        return found_all


class CopiesEvaluator(RuleEvaluator):
    rule: CopiesRule

    def __init__(self, rule: CopiesRule, pack: GamePack) -> None:
        super().__init__(rule, pack)
        exempt = rule.exempt
        self.exempt = {id(card) for card in pack.cards if exempt and matches(card, exempt)}
        self.overrides = {name_key(name): limit for name, limit in rule.overrides.items()}

    def evaluate(self, chosen: list[Line], unknown: int, building: bool) -> list[Violation]:
        """The copies of each card (by `key`) against the most allowed, exempt cards aside."""
        groups: dict[str, list[Line]] = defaultdict(list)
        for ln in chosen:
            if id(ln.card) not in self.exempt:
                groups[str(ln.card.get(self.rule.key))].append(ln)
        found_all = []
        for key, group in groups.items():
            total = sum(ln.entry.count for ln in group)
            limit = self.overrides.get(name_key(group[0].card.name), self.rule.max)
            found = gap(total, max=limit)
            if found is not None:
                message = (
                    f'"{key}" ×{total} ({_listing(group)}); {found.bound} copies allowed'
                    f" ({found.phrase}: {_advice(found)})"
                )
                found_all.append(self.violation(message, found=found, actual=total, lines=group))
        return found_all


class RequiredEvaluator(RuleEvaluator):
    rule: RequiredRule

    def evaluate(self, chosen: list[Line], unknown: int, building: bool) -> list[Violation]:
        """A violation for each required card the deck lacks."""
        present = {name_key(ln.card.name) for ln in chosen}
        found_all = []
        for name in self.rule.cards:
            if name_key(name) not in present:
                found_all.append(self.violation(f'required card "{name}" is missing', actual=0))
        for options in self.rule.any_of:
            if not any(name_key(name) in present for name in options):
                shown = ", ".join(f'"{n}"' for n in options)
                found_all.append(
                    self.violation(f"one of {shown} is required; none is in the deck", actual=0)
                )
        return found_all


class BannedEvaluator(RuleEvaluator):
    rule: BannedRule

    def __init__(self, rule: BannedRule, pack: GamePack) -> None:
        super().__init__(rule, pack)
        names = {name_key(n) for n in rule.cards}
        self.selected = {
            id(c)
            for c in pack.cards
            if name_key(c.name) in names or (rule.where and matches(c, rule.where))
        }

    def evaluate(self, chosen: list[Line], unknown: int, building: bool) -> list[Violation]:
        """A violation for each banned card present, or restricted card past one copy."""
        allowed = 1 if self.rule.restricted else 0
        totals: dict[str, list[Line]] = defaultdict(list)
        for ln in chosen:
            totals[ln.card.name].append(ln)
        found_all = []
        for name, group in totals.items():
            total = sum(ln.entry.count for ln in group)
            found = gap(total, max=allowed)
            if found is None:
                continue
            what = "restricted to 1 copy" if allowed else "banned"
            message = f'"{name}" ×{total} is {what} ({found.phrase}: {_advice(found)})'
            found_all.append(self.violation(message, found=found, actual=total, lines=group))
        return found_all


class LinkedEvaluator(RuleEvaluator):
    rule: LinkedRule

    def __init__(self, rule: LinkedRule, pack: GamePack) -> None:
        super().__init__(rule, pack)
        self.selected |= {id(c) for c in pack.cards if matches(c, rule.target)}

    def evaluate(self, chosen: list[Line], unknown: int, building: bool) -> list[Violation]:
        """A violation for each card matching `where` with no `target` card of the same
        `field` value in the deck, at its line."""
        rule = self.rule
        present = {
            name_key(str(ln.card.get(rule.field)))
            for ln in chosen
            if matches(ln.card, rule.target) and ln.card.get(rule.field) not in (None, "")
        }
        found_all = []
        for ln in chosen:
            value = ln.card.get(rule.field)
            if not matches(ln.card, rule.where) or value in (None, ""):
                continue
            if name_key(str(value)) not in present:
                message = (
                    f'"{ln.card.name}" is in the deck without a {describe(rule.target)} card'
                    f" of {rule.field} {value!r}"
                )
                found_all.append(self.violation(message, actual=0, lines=[ln]))
        return found_all


EVALUATORS: dict[str, type[RuleEvaluator]] = {
    "deck_size": DeckSizeEvaluator,
    "count": CountEvaluator,
    "count_per_group": CountPerGroupEvaluator,
    "copies": CopiesEvaluator,
    "required": RequiredEvaluator,
    "banned": BannedEvaluator,
    "linked": LinkedEvaluator,
}


def _evaluator(rule: DeckRule, pack: GamePack) -> RuleEvaluator:
    """The evaluator of a rule: its built-in kind's, or the one its plugin gives."""
    if rule.kind in EVALUATORS:
        return EVALUATORS[rule.kind](rule, pack)
    made: RuleEvaluator = deck_rule_kinds()[rule.kind].evaluator(rule, pack)
    return made


def _natural(value: str) -> tuple[int, str]:
    return (int(value), "") if value.lstrip("-").isdigit() else (1 << 30, value)


class DeckValidator:
    """Validates deck lists against one game's pool and rules."""

    def __init__(self, pack: GamePack) -> None:
        self.pack = pack
        self.evaluators = [_evaluator(rule, pack) for rule in pack.game.deck_rules]
        self._rules_of = {
            id(card): tuple(i for i, ev in enumerate(self.evaluators) if id(card) in ev.selected)
            for card in pack.cards
        }
        self._names = [card.name for card in pack.cards]

    def suggest(self, name: str) -> str | None:
        """The pool card the user most likely meant by an unknown name."""
        return closest(name, self._names)

    def validate(self, deck: Deck, *, building: bool = False) -> DeckReport:
        """Every violation of the deck, unknown cards first, then rules in game order."""
        buckets: list[list[Line]] = [[] for _ in self.evaluators]
        violations: list[Violation] = []
        unknown = copies = 0
        named: list[DeckEntry] = []
        rules_of = self._rules_of
        for entry, card in self.pack.entries_of(deck):
            copies += entry.count
            if card is not None:
                line = Line(card, entry)
                for index in rules_of[id(card)]:
                    buckets[index].append(line)
                continue
            unknown += entry.count
            named.append(entry)
        for entry in named[:UNKNOWN_SHOWN]:
            suggestion = self.suggest(entry.name)
            hint = f'; did you mean "{suggestion}"?' if suggestion else ""
            violations.append(
                Violation(
                    rule="unknown-card",
                    code=CODES["unknown_card"],
                    kind="unknown_card",
                    message=f'unknown card "{short(entry.name)}" in {self.pack.game.name}{hint}',
                    actual=entry.count,
                    cards=(entry.name,),
                    line=entry.line,
                    col=entry.col,
                    suggestion=suggestion,
                )
            )
        if len(named) > UNKNOWN_SHOWN:
            rest = named[UNKNOWN_SHOWN:]
            violations.append(
                Violation(
                    rule="unknown-card",
                    code=CODES["unknown_card"],
                    kind="unknown_card",
                    message=more_unknown(len(rest)),
                    actual=sum(entry.count for entry in rest),
                    line=rest[0].line,
                    col=rest[0].col,
                )
            )
        for evaluator, chosen in zip(self.evaluators, buckets, strict=True):
            violations.extend(evaluator.evaluate(chosen, unknown, building))
        return DeckReport(
            path=deck.path,
            game=self.pack.id,
            name=deck.name,
            card_count=copies,
            violations=violations,
        )
