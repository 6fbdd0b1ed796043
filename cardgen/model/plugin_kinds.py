"""Kinds that plugins add to the layout elements and the deck rules, and how they are read.

A layout element and a deck rule are each one of a fixed set of models chosen by `kind`
(`model.layout.Element`, `model.rules.DeckRule`). An installed package adds a kind through
an entry point (`cardgen.elements`, `cardgen.deck_rules`; see `cardgen.plugins`) naming an
`ElementKind` or a `DeckRuleKind`: its model, with `kind` a one-value Literal, and what
draws or judges it. `WithPlugins` reads a value as a built-in kind as before, or as a
plugin's kind by its `kind`; an unknown kind is the error it always was, the plugins'
kinds among those it lists.
"""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import (
    BaseModel,
    GetCoreSchemaHandler,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    ValidatorFunctionWrapHandler,
)
from pydantic_core import PydanticCustomError, core_schema

from cardgen.plugins import DECK_RULES, ELEMENTS, Plugin, checked


@dataclass(frozen=True, slots=True)
class ElementKind:
    """A layout element kind a plugin adds: its model, a subclass of
    `cardgen.model.layout.ElementBase` whose `kind` is a one-value Literal, and its drawing,
    `draw(ctx, image, box, element)` (a `cardgen.render.context.DrawContext`, the RGB(A)
    face, the element's box in pixels `(x0, y0, x1, y1)`, and the element as read)."""

    model: type[BaseModel]
    draw: Callable[..., None]


@dataclass(frozen=True, slots=True)
class DeckRuleKind:
    """A deck-rule kind a plugin adds: its model, a subclass of
    `cardgen.model.rules.RuleBase` whose `kind` is a one-value Literal, its evaluator, a
    subclass of `cardgen.check.deck_rules.RuleEvaluator`, and its violations' code."""

    model: type[BaseModel]
    evaluator: type
    code: str


Kind = TypeVar("Kind", ElementKind, DeckRuleKind)


def kind_of(plugin: Plugin, model: object, base: type[BaseModel]) -> str:
    """The `kind` a plugin's model declares (a one-value Literal on a subclass of `base`)."""
    if not (isinstance(model, type) and issubclass(model, base)):
        raise plugin.error(f"its model is not a subclass of {base.__module__}.{base.__name__}")
    field = model.model_fields.get("kind")
    values = typing.get_args(field.annotation) if field is not None else ()
    if field is None or typing.get_origin(field.annotation) is not typing.Literal:
        raise plugin.error(f"its model {model.__name__} has no `kind: Literal[...]` field")
    if len(values) != 1 or not isinstance(values[0], str):
        raise plugin.error(f"its model {model.__name__} must have one `kind`, a string")
    return values[0]


def _kinds(
    group: str, kind: type[Kind], base: type[BaseModel], builtin: tuple[str, ...]
) -> dict[str, Kind]:
    """The plugins' kinds of a group by name, each checked (its model, a new name)."""
    found: dict[str, Kind] = {}
    for plugin, obj in checked(group, kind):
        name = kind_of(plugin, obj.model, base)
        if name in builtin or name in found:
            raise plugin.error(f'kind "{name}" is taken')
        if isinstance(obj, ElementKind) and not callable(obj.draw):
            raise plugin.error("its draw is not a function")
        if isinstance(obj, DeckRuleKind):
            if not (isinstance(obj.evaluator, type) and hasattr(obj.evaluator, "evaluate")):
                raise plugin.error("its evaluator is not a RuleEvaluator class")
            if not re.fullmatch(r"[A-Z]{2,}[0-9]{3,}", obj.code) or obj.code.startswith("DK"):
                raise plugin.error(f'code "{obj.code}": capitals then digits, not DK (XY101)')
        found[name] = obj
    return found


BUILTIN_ELEMENTS = (
    "rect",
    "ellipse",
    "polygon",
    "hexagon",
    "line",
    "image",
    "text",
    "icon",
    "helper",
)
"""The built-in element kinds, in the order the union of `model.layout` lists them."""
BUILTIN_DECK_RULES = (
    "deck_size",
    "count",
    "count_per_group",
    "copies",
    "required",
    "banned",
    "linked",
)
"""The built-in deck-rule kinds, in the order the union of `model.rules` lists them."""


@functools.cache
def element_kinds() -> dict[str, ElementKind]:
    """The layout element kinds installed packages add, by kind (read once)."""
    from cardgen.model.layout import ElementBase  # it reads plugins through this module

    return _kinds(ELEMENTS, ElementKind, ElementBase, BUILTIN_ELEMENTS)


@functools.cache
def deck_rule_kinds() -> dict[str, DeckRuleKind]:
    """The deck-rule kinds installed packages add, by kind (read once)."""
    from cardgen.model.rules import RuleBase  # it reads plugins through this module

    return _kinds(DECK_RULES, DeckRuleKind, RuleBase, BUILTIN_DECK_RULES)


@dataclass(frozen=True)
class WithPlugins:
    """Annotates a union of built-in kinds so that it reads (and writes) a plugin's kind by
    the plugin's model; an unknown kind is refused with every kind listed (`builtin` in
    order, then the plugins'). A built-in kind is read and written as the union does."""

    builtin: tuple[str, ...]
    kinds: Callable[[], Mapping[str, ElementKind | DeckRuleKind]]

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """The union's schema, wrapped in `_validate` and `_serialize`."""
        return core_schema.no_info_wrap_validator_function(
            self._validate,
            handler(source),
            serialization=core_schema.wrap_serializer_function_ser_schema(
                self._serialize, info_arg=True
            ),
        )

    def _validate(self, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        if isinstance(value, BaseModel):
            kind = getattr(value, "kind", None)
        else:
            kind = value.get("kind") if isinstance(value, dict) else None
        if not isinstance(kind, str) or kind in self.builtin:
            return handler(value)
        added = self.kinds()
        if kind in added:
            model = added[kind].model
            return value if isinstance(value, model) else model.model_validate(value)
        if not added:
            return handler(value)
        tags = ", ".join(f"'{k}'" for k in (*self.builtin, *added))
        raise PydanticCustomError(
            "union_tag_invalid",
            "Input tag '{tag}' found using 'kind' does not match any of the expected tags:"
            " {expected_tags}",
            {"tag": kind, "discriminator": "'kind'", "expected_tags": tags},
        )

    def _serialize(
        self, value: Any, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> Any:
        if getattr(value, "kind", None) in self.builtin or not isinstance(value, BaseModel):
            return handler(value)
        return value.model_dump(
            mode=info.mode,
            by_alias=bool(info.by_alias),
            exclude_unset=info.exclude_unset,
            exclude_defaults=info.exclude_defaults,
            exclude_none=info.exclude_none,
        )
