"""Selectors: which cards a rule or check is about."""

from __future__ import annotations

from typing import Any

from cardgen.model.base import Scalar, Selector
from cardgen.model.card import Card


def normalized(value: Any) -> Any:
    """A value as selectors compare it: numbers as text, text in any capitals."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return value.casefold()
    return value


def matches(card: Card, selector: Selector | None) -> bool:
    """True when every key of the selector holds for the card (a list means any of)."""
    if not selector:
        return True
    for key, wanted in selector.items():
        value = normalized(card.get(key))
        if isinstance(wanted, list):
            if value not in {normalized(w) for w in wanted}:
                return False
        elif value != normalized(wanted):
            return False
    return True


def describe(selector: Selector | None) -> str:
    """A selector in words, e.g. `type=ally, bonus=2`."""
    if not selector:
        return "every card"
    parts = []
    for key, wanted in selector.items():
        shown = "/".join(map(str, wanted)) if isinstance(wanted, list) else str(wanted)
        parts.append(f"{key}={shown}")
    return ", ".join(parts)


def parse_query(query: str) -> Selector | str:
    """`--only` text: `field=value,field=value` is a selector (values split on `|`);
    anything else is a case-insensitive part of the card name."""
    if "=" not in query:
        return query.casefold()
    selector: Selector = {}
    for part in query.split(","):
        key, _, value = part.partition("=")
        values: list[Scalar] = [v.strip() for v in value.split("|")]
        selector[key.strip()] = values if len(values) > 1 else values[0]
    return selector


def query_matches(card: Card, query: Selector | str | None) -> bool:
    """Whether a card is chosen by an `--only` query (None chooses every card)."""
    if query is None:
        return True
    if isinstance(query, str):
        return query in card.name.casefold()
    return matches(card, query)
