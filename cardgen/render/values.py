"""The values a face is drawn with, and each layout element as it comes out for them.

A card's values (its fields, name, type label, game) or a back's fill the `{field}`
templates of a layout; an element's switches and templated colours are applied for them,
and its `when` and `unless` decide whether it is drawn at all. What can be worked out from
an element alone is kept by the element (`BY_ELEMENT`), as every card of a layout shares
the same element objects.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any, TypeVar, cast

from pydantic import ValidationError

from cardgen.errors import CardgenError, Location
from cardgen.model.card import Card
from cardgen.model.conditions import all_hold
from cardgen.model.layout import Layout, element_adapter
from cardgen.model.references import adapted, adaptive_references, has_adaptive

COLOR_KEYS = ("fill", "stroke", "color", "icon_color", "outline")
"""The properties of an element that hold a colour (and so may be templates)."""


class _Values(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return ""


def fill_template(template: str, values: dict[str, Any], language: str = "en") -> str:
    """`{field}` replaced by the card's value (empty when the card has none); the `|`
    forms (`{flavor|}`, `{duration|words}`, `{duration|turn|turns}`; `model.references`)
    adapted to it in the game's `language`."""
    if "{" not in template and "}" not in template:
        return template
    written = template
    if has_adaptive(template):
        template = _adapt(template, values, language)
    safe = _Values({k: ("" if v is None else v) for k, v in values.items()})
    try:
        return string.Formatter().vformat(template, (), safe)
    except (ValueError, TypeError):
        return written


def _adapt(template: str, values: dict[str, Any], language: str) -> str:
    """The template with each `|` form replaced by what it prints, braces doubled so
    that `str.format` gives them back as written."""
    try:
        found = list(adaptive_references(template))
    except ValueError:  # the loader refuses it; printed as written
        return template
    pieces: list[str] = []
    position = 0
    for match, reference in found:
        text = adapted(reference, values.get(reference.field), language)
        escaped = text.replace("{", "{{").replace("}", "}}")
        pieces.extend((template[position : match.start()], escaped))
        position = match.end()
    pieces.append(template[position:])
    return "".join(pieces)


def card_values(
    card: Card, type_label: str, game_name: str, labels: dict[str, str] | None = None
) -> dict[str, Any]:
    """Every value a layout template may use for this card (`labels`: its choice fields'
    `FIELD_label` values, see `model.labels`)."""
    values: dict[str, Any] = {**(labels or {}), **card.fields}
    values.update(
        name=card.name,
        type=card.type,
        copies=card.copies,
        text=card.text,
        art=card.art or "",
        type_label=type_label,
        game=game_name,
        copies_label=f"×{card.copies}",
    )
    return values


def back_values(
    back_id: str, label: str, color: str, accent: str, game_name: str
) -> dict[str, Any]:
    """The values a back layout may use."""
    return {
        "name": label,
        "back": back_id,
        "back_label": label,
        "back_color": color,
        "back_accent": accent,
        "game": game_name,
    }


_T = TypeVar("_T")


class ByElement:
    """Facts worked out from a layout element alone, kept by the element's identity: the
    same element object comes back for every card of a layout, and elements are frozen.
    The element is kept beside its facts, so its id cannot be reused while they are."""

    LIMIT = 8192

    def __init__(self) -> None:
        self._found: dict[tuple[int, Any], tuple[Any, Any]] = {}

    def get(self, element: Any, extra: Any, compute: Callable[[], _T]) -> _T:
        """The fact `extra` names about `element`, computed the first time it is asked."""
        key = (id(element), extra)
        hit = self._found.get(key)
        if hit is not None and hit[0] is element:
            return cast(_T, hit[1])
        value = compute()
        if len(self._found) >= self.LIMIT:
            self._found.clear()  # elements made for one card each (switches) come and go
        self._found[key] = (element, value)
        return value


BY_ELEMENT = ByElement()
"""The facts kept for every element drawn in this process."""


def _templated_colors(element: Any) -> bool:
    return BY_ELEMENT.get(element, "templated", lambda: _has_templated_colors(element))


def _has_templated_colors(element: Any) -> bool:
    return any("{" in str(getattr(element, key, "") or "") for key in COLOR_KEYS) or any(
        "{" in c for key in ("gradient", "stroke_gradient") for c in getattr(element, key, [])
    )


def resolved_element(name: str, element: Any, values: dict[str, Any], layout: Layout) -> Any:
    """The element as drawn for these values: its switches applied, its colours filled in."""
    if not element.switch and not _templated_colors(element):
        return element
    props: dict[str, Any] = element.model_dump(exclude_unset=True)
    props.pop("switch", None)
    for switch in element.switch:
        value = values.get(switch.field)
        key = "" if value is None else str(value)
        props.update(switch.cases.get(key, switch.default))
    for key in COLOR_KEYS:
        if isinstance(props.get(key), str):
            props[key] = fill_template(props[key], values) or None
    for key in ("gradient", "stroke_gradient"):
        if key in props:
            props[key] = [fill_template(c, values) for c in props[key]]
    try:
        return element_adapter().validate_python(props)
    except ValidationError as exc:
        path, line = layout.sources.get(name, (layout.name, 0))
        raise CardgenError(
            f"element {name}: a switch case is invalid: {exc.errors()[0]['msg']}",
            Location(path, line or None),
        ) from None


def element_visible(element: Any, subject: Card | None, values: dict[str, Any]) -> bool:
    """Whether the element is drawn for the card (or, with no card, a back's values): its
    `when` holds and its `unless` does not (`model.conditions`)."""
    if not element.when and not element.unless:
        return True
    value_of = subject.get if subject is not None else values.get
    if element.when and not all_hold(value_of, element.when):
        return False
    return not (element.unless and all_hold(value_of, element.unless))
