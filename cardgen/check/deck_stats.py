"""A deck's (or a box's) counts, curves and averages: the charts of `cardgen report`.

The copies of each card type and of each value of every choice field; the distribution of
every bounded int field (the Inspiration or cost curve first) with its mean weighted by
copies. Each is a `Chart` of `Bar`s, split by card type; `value_label` and `field_label`
name values and fields as the report (and the gallery) show them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from cardgen.load.game import GamePack
from cardgen.model.base import Scalar
from cardgen.model.card import Card

COST_FIELDS = ("inspiration", "cost", "mana", "energy")
"""Int fields drawn first, as the deck's curve."""
MAX_BINS = 40
"""A distribution wider than this only spans the values actually present."""

Counted = list[tuple[Card, int]]
"""Cards with their copies (in a deck, or in the box)."""


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar of a chart: a value and the copies having it, split by card type."""

    value: Scalar
    label: str
    by_type: dict[str, int]

    @property
    def total(self) -> int:
        """The copies having the value, all types together."""
        return sum(self.by_type.values())

    def as_json(self) -> dict[str, Any]:
        """The bar in `cardgen report --format json`."""
        return {
            "value": self.value,
            "label": self.label,
            "copies": self.total,
            "by_type": self.by_type,
        }


@dataclass
class Chart:
    """Counts by a choice field, or the distribution of an int field."""

    field: str
    title: str
    kind: Literal["counts", "distribution"]
    bars: list[Bar]
    mean: Fraction | None = None

    @property
    def copies(self) -> int:
        """The copies the chart counts."""
        return sum(bar.total for bar in self.bars)

    def as_json(self) -> dict[str, Any]:
        """The chart in `cardgen report --format json`."""
        data: dict[str, Any] = {
            "field": self.field,
            "title": self.title,
            "kind": self.kind,
            "copies": self.copies,
            "values": [bar.as_json() for bar in self.bars],
        }
        if self.kind == "distribution":
            data["mean"] = round(float(self.mean), 3) if self.mean is not None else None
        return data


def value_label(value: Scalar) -> str:
    """A choice value as shown: `splat-roller` -> `Splat Roller`."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = str(value)
    return text.replace("-", " ").replace("_", " ").title() if text.islower() else text


def field_label(pack: GamePack, name: str) -> str:
    """How a field is called: its label, or its name when the types label it differently."""
    labels = {
        ctype.fields[name].label or name
        for ctype in pack.game.types.values()
        if name in ctype.fields
    }
    if len(labels) == 1 and (label := labels.pop()) != name:
        return label
    return name.replace("_", " ").capitalize()


def _fields(pack: GamePack, kind: str) -> list[str]:
    """The game's fields of one kind, in the order the types define them."""
    names: list[str] = []
    for ctype in pack.game.types.values():
        names.extend(n for n, s in ctype.fields.items() if s.type == kind and n not in names)
    return names


def _by_type(cards: Counted, type_ids: Sequence[str]) -> dict[str, int]:
    """The copies of each type among `cards`, types without any left out."""
    totals = {t: 0 for t in type_ids}
    for card, count in cards:
        totals[card.type] = totals.get(card.type, 0) + count
    return {t: n for t, n in totals.items() if n}


def type_chart(pack: GamePack, cards: Counted) -> Chart:
    """The copies of each card type, in the order the game defines its types."""
    bars = []
    for type_id, ctype in pack.game.types.items():
        copies = sum(count for card, count in cards if card.type == type_id)
        bars.append(Bar(type_id, ctype.plural_label, {type_id: copies} if copies else {}))
    return Chart("type", "Card types", "counts", bars)


def choice_charts(pack: GamePack, cards: Counted) -> list[Chart]:
    """The copies of each value of every choice field some of the cards have."""
    charts = []
    order = list(pack.game.types)
    for name in _fields(pack, "choice"):
        having = [(c, n) for c, n in cards if name in pack.game.types[c.type].fields]
        if not having:
            continue
        bars = []
        for value in pack.game.choice_values(name):
            chosen = [(c, n) for c, n in having if c.fields.get(name) == value]
            bars.append(Bar(value, value_label(value), _by_type(chosen, order)))
        charts.append(Chart(name, field_label(pack, name), "counts", bars))
    return charts


def _bounds(pack: GamePack, name: str) -> tuple[int, int] | None:
    """An int field's lowest min and highest max over the types; None if one is open."""
    lows, highs = [], []
    for ctype in pack.game.types.values():
        spec = ctype.fields.get(name)
        if spec is not None and spec.type == "int":
            if spec.min is None or spec.max is None:
                return None
            lows.append(spec.min)
            highs.append(spec.max)
    return (min(lows), max(highs)) if lows else None


def distributions(pack: GamePack, cards: Counted) -> list[Chart]:
    """The distribution and mean of every bounded int field, the cost curve first."""
    defined = _fields(pack, "int")
    names = sorted(defined, key=lambda n: (n not in COST_FIELDS, defined.index(n)))
    order = list(pack.game.types)
    charts = []
    for name in names:
        bounds = _bounds(pack, name)
        having = [(c, n) for c, n in cards if isinstance(c.fields.get(name), int)]
        if bounds is None or not having:
            continue
        low, high = bounds
        if high - low + 1 > MAX_BINS:
            low = min(c.fields[name] for c, _ in having)
            high = max(c.fields[name] for c, _ in having)
        bars = [
            Bar(v, str(v), _by_type([(c, n) for c, n in having if c.fields[name] == v], order))
            for v in range(low, high + 1)
        ]
        copies = sum(n for _, n in having)
        mean = Fraction(sum(c.fields[name] * n for c, n in having), copies) if copies else None
        label = field_label(pack, name)
        title = f"{label} curve" if name in COST_FIELDS else label
        charts.append(Chart(name, title, "distribution", bars, mean))
    return charts
