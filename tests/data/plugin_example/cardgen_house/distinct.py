"""`kind: distinct`: a deck holds at least `min` different cards (by name)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cardgen.check.deck_rules import Line, RuleEvaluator
from cardgen.check.findings import Violation
from cardgen.model.plugin_kinds import DeckRuleKind
from cardgen.model.rules import RuleBase


class DistinctRule(RuleBase):
    """At least `min` different cards in the deck."""

    kind: Literal["distinct"] = Field(description="Rule kind.")
    min: int = Field(ge=1, description="Fewest different cards.")


class DistinctEvaluator(RuleEvaluator):
    """Counts the different cards of a deck."""

    rule: DistinctRule

    def evaluate(self, chosen: list[Line], unknown: int, building: bool) -> list[Violation]:
        """One violation when the deck has fewer different cards than `min`."""
        names = {line.card.name for line in chosen}
        if len(names) >= self.rule.min:
            return []
        message = f"{len(names)} different cards; at least {self.rule.min} wanted"
        return [self.violation(message, actual=len(names), lines=chosen)]


DISTINCT = DeckRuleKind(model=DistinctRule, evaluator=DistinctEvaluator, code="HR201")
