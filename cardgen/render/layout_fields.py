"""The values a layout's elements read, against the values a card type (or a back) has.

An element reads values in `{field}` templates (its text, art, icon name, colours, helper
parameters, and the same in its switch cases), in its `when:` and `unless:` selectors, in
`switch: field` and in an icon's `color_field`. The layout loader knows every field of the
game; a layout is drawn for one type, and a field only another type has would print as
nothing on this type's cards. `cardgen check` reports it (SC502); rendering refuses it.
A default (`{flavor|}`, `{flavor|No flavour}`) says what to print without it, so it may.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardgen.errors import Location
from cardgen.fuzzy import did_you_mean
from cardgen.load.layouts import TEMPLATED, LayoutSet, template_fields
from cardgen.model.card import Card
from cardgen.model.game import Game
from cardgen.model.layout import HelperElement, IconElement, Layout
from cardgen.model.references import adaptive_references
from cardgen.render.card import COLOR_KEYS, back_values, card_values

_GRADIENTS = ("gradient", "stroke_gradient")
_EFFECT = {
    "when": "the element would never be drawn",
    "unless": "the element would always be drawn",
    "switch": "its default would always apply",
    "color_field": "its colour would never change",
}


@dataclass(frozen=True, slots=True)
class FieldProblem:
    """A value an element of a layout reads that the cards drawn with it do not have."""

    layout: str
    element: str
    field: str
    message: str
    where: Location


def _templates(props: dict[str, Any]) -> Iterator[str]:
    for key in (*TEMPLATED, *COLOR_KEYS):
        value = props.get(key)
        if isinstance(value, str):
            yield value
    for key in _GRADIENTS:
        yield from (c for c in props.get(key) or [] if isinstance(c, str))


def uses(element: Any) -> Iterator[tuple[str, str]]:
    """(value name, how it is read) for every value the element reads: `{name}` for a
    template (`{name|}` for a default, which may name a field the type lacks), else `when`,
    `unless`, `switch` or `color_field`."""
    own = {key: getattr(element, key, None) for key in (*TEMPLATED, *COLOR_KEYS, *_GRADIENTS)}
    texts = list(_templates(own))
    for switch in element.switch:
        for case in [*switch.cases.values(), switch.default]:
            texts.extend(_templates(case))
    if isinstance(element, HelperElement):
        texts.extend(v for v in element.params.values() if isinstance(v, str))
    for text in texts:
        try:
            names = template_fields(text)
            defaults = Counter(r.field for _, r in adaptive_references(text) if r.kind == "default")
        except ValueError:  # bad braces: the loader reports them
            continue
        for name in names:
            defaults[name] -= 1  # a default (`{flavor|}`) may name what the type lacks
            yield name, (f"{{{name}|}}" if defaults[name] >= 0 else f"{{{name}}}")
    for how in ("when", "unless"):
        yield from ((key, how) for key in getattr(element, how))
    yield from ((switch.field, "switch") for switch in element.switch)
    if isinstance(element, IconElement) and element.color_field:
        yield element.color_field, "color_field"


@functools.cache
def _card_builtins() -> frozenset[str]:
    """The values every card has beyond its type's fields, as the renderer fills them in."""
    card = Card(name="-", type="-", copies=1, source_path="-")
    return frozenset(card_values(card, "", ""))


BACK_VALUES = frozenset(back_values("", "", "", "", ""))
"""The values a back layout may read."""
SELECTED = frozenset({"name", "type", "copies", "text", "art"})
"""What a `when:` selector can match on a card besides its type's fields."""


def type_values(game: Game, type_id: str) -> tuple[frozenset[str], frozenset[str]]:
    """The values a card of the type has for templates, switches and colour fields; and the
    fields its selectors can match. A choice field's label is `{<field>_label}`."""
    fields = game.types[type_id].fields
    labels = {f"{name}_label" for name, spec in fields.items() if spec.type == "choice"}
    return _card_builtins() | set(fields) | labels, SELECTED | set(fields)


def _problems(
    layout: Layout,
    known: frozenset[str],
    selectable: frozenset[str],
    what: str,
    own: list[str],
) -> Iterator[FieldProblem]:
    """Each value an element reads that is not known, once per element (`own`: the fields
    to list when no known name is close)."""
    for name, element in layout.elements.items():
        path, line = layout.sources.get(name, (layout.name, 0))
        seen: set[tuple[str, str]] = set()
        for field, how in uses(element):
            allowed = selectable if how in ("when", "unless") else known
            if field in allowed or (field, how) in seen or how.endswith("|}"):
                continue
            seen.add((field, how))
            if how.startswith("{"):
                problem = f"{how} is not a field of {what} (it would print as nothing)"
            else:
                problem = f"{how}: {field} is not a field of {what} ({_EFFECT[how]})"
            hint = did_you_mean(field, sorted(allowed))
            if not hint:
                hint = f"; its fields: {', '.join(own)}" if own else "; it has no fields of its own"
            yield FieldProblem(
                layout.name,
                name,
                field,
                f"element {name}: {problem}{hint}",
                Location(path, line or None),
            )


def field_problems(layouts: LayoutSet) -> list[FieldProblem]:
    """Every value a layout reads that the cards (or backs) drawn with it do not have: each
    type's layout against the type, each back's layout against a back's values."""
    game = layouts.game
    found: list[FieldProblem] = []
    for type_id in game.types:
        known, selectable = type_values(game, type_id)
        layout = layouts.for_type(type_id)
        own = list(game.types[type_id].fields)
        found.extend(_problems(layout, known, selectable, f'type "{type_id}"', own))
    seen_backs: set[str] = set()
    for back_id in sorted({ctype.back for ctype in game.types.values()}):
        layout = layouts.for_back(back_id)
        if layout.name not in seen_backs:
            seen_backs.add(layout.name)
            values = sorted(BACK_VALUES)
            found.extend(_problems(layout, BACK_VALUES, BACK_VALUES, "a card back", values))
    return found
