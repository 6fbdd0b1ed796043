"""`cardgen schema KIND`: JSON Schemas (Draft 2020-12) of the files a designer writes.

They come from the pydantic models, with what the loaders accept beyond a model's plain
JSON Schema, so that a file cardgen reads passes its schema, and a file it refuses for an
unknown key or a wrong type fails it:

- numbers and yes/no written as text (`"3"`, `yes`): pydantic reads them, and every cell of
  a CSV pool is text;
- lengths (`63.5mm`, `100% - 8mm`, a bare number), colours (`#1f2a44`, `red`, a
  `{back_color}` template) and card sizes, by pattern; `{field}` templates whose braces
  `str.format` reads;
- a layout's `extends:` as one name or a list; in a layout that extends others, elements
  are overrides (any keys of one element kind, `kind` itself optional); switch cases are
  overrides of their element's kind;
- a card pool as a list of cards or `{game, cards}`; with a game, each card by its type;
- a YAML deck list's cards as a list or a mapping (text deck lists are not JSON).

The kinds of layout element and of deck rule that installed plugins add are in them too.

What a schema cannot say (a field named in a selector exists, min is not above max, a
parent layout exists) is left to `cardgen check` and the loaders.
"""

from __future__ import annotations

import functools
import json
import operator
import typing
from typing import Annotated, Any

from pydantic import Field, TypeAdapter, create_model

from cardgen.errors import CardgenError
from cardgen.model.base import PRINTABLE_PATTERN, Strict
from cardgen.model.card import CardEntry, pool_models
from cardgen.model.deck import DeckFile
from cardgen.model.game import Game
from cardgen.model.layout import Element, LayoutFile
from cardgen.model.plugin_kinds import deck_rule_kinds, element_kinds
from cardgen.model.rules import DeckRule
from cardgen.schema_examples import EXAMPLES
from cardgen.schema_values import Generator, by_tag, finished, plain_count

KINDS = ("game", "cards", "deck", "layout")
DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _schema_of(target: Any) -> dict[str, Any]:
    if isinstance(target, type) and issubclass(target, Strict):
        return target.model_json_schema(schema_generator=Generator)
    return TypeAdapter(target).json_schema(schema_generator=Generator)


def _element_models() -> list[type[Strict]]:
    """The element kinds' models: the built-in ones, then those of installed plugins."""
    union = typing.get_args(Element)[0]
    return [*typing.get_args(union), *(k.model for k in element_kinds().values())]


def _tagged(models: list[Any]) -> Any:
    """A union of models chosen by their `kind`."""
    return Annotated[functools.reduce(operator.or_, models), Field(discriminator="kind")]


def game_schema() -> dict[str, Any]:
    """A game.yaml; its deck rules of the built-in kinds and of installed plugins'."""
    schema = _schema_of(Game)
    added = [k.model for k in deck_rule_kinds().values()]
    if added:
        rules = _schema_of(_tagged([*typing.get_args(typing.get_args(DeckRule)[0]), *added]))
        schema["$defs"].update(rules.pop("$defs", {}))
        schema["properties"]["deck_rules"]["items"] = rules
    return schema


def _kind(model: type[Strict]) -> str:
    return str(typing.get_args(model.model_fields["kind"].annotation)[0])


def layout_schema() -> dict[str, Any]:
    """A layout file. Without `extends`, each element is whole (its `kind` and required
    keys); with it, an element may override some keys of an inherited one."""
    schema = _schema_of(LayoutFile)
    elements = _schema_of(_tagged(_element_models()) if element_kinds() else Element)
    defs = schema.setdefault("$defs", {})
    defs.update(elements.pop("$defs", {}))
    defs["Element"] = {**elements, "description": "A drawing element, by its `kind`."}
    switch = defs.pop("Switch")
    for model in _element_models():
        name = model.__name__
        whole = defs[name]
        defs[f"{name}Switch"] = {
            **switch,
            "properties": {
                **switch["properties"],
                "cases": {
                    **switch["properties"]["cases"],
                    "additionalProperties": {"$ref": f"#/$defs/{name}Override"},
                },
                "default": {
                    "$ref": f"#/$defs/{name}Override",
                    "description": switch["properties"]["default"]["description"],
                },
            },
        }
        whole["properties"]["switch"]["items"] = {"$ref": f"#/$defs/{name}Switch"}
        defs[f"{name}Override"] = {
            "type": "object",
            "title": f"{name} override",
            "description": f"Keys of an inherited {_kind(model)} element to change (each"
            " optional).",
            "properties": whole["properties"],
            "additionalProperties": False,
        }
        defs[name] = {  # a whole element: an override that has its kind and required keys
            "type": "object",
            "title": whole["title"],
            "description": whole["description"],
            "allOf": [{"$ref": f"#/$defs/{name}Override"}],
            "required": whole["required"],
        }
    overrides = {_kind(m): f"#/$defs/{m.__name__}Override" for m in _element_models()}
    by_kind = {"propertyName": "kind", "mapping": overrides}
    defs["ElementOverride"] = {
        "description": "An element of a layout that extends others: an inherited element's"
        " keys to change (with its `kind`, the keys of that kind), or a new element.",
        "if": {"type": "object", "required": ["kind"]},
        "then": by_tag({"oneOf": [], "discriminator": by_kind}),
        "else": {"anyOf": [{"$ref": ref} for ref in overrides.values()]},
    }
    properties = schema["properties"]
    properties["extends"] = {
        "description": properties["extends"]["description"] + " One name or a list.",
        "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
        "examples": ["base", ["base", "builtin:card"]],
    }
    properties["elements"] = {
        "type": "object",
        "description": properties["elements"]["description"] + " `null` removes one.",
    }

    def elements_of(ref: str) -> dict[str, Any]:
        item = {"anyOf": [{"$ref": f"#/$defs/{ref}"}, {"type": "null"}]}
        return {"properties": {"elements": {"type": "object", "additionalProperties": item}}}

    schema["type"] = ["object", "null"]  # a file of comments only is an empty layout
    extends_something = {"anyOf": [{"type": "string"}, {"type": "array", "minItems": 1}]}
    schema["if"] = {
        "type": "object",
        "required": ["extends"],
        "properties": {"extends": extends_something},
    }
    schema["then"] = elements_of("ElementOverride")
    schema["else"] = elements_of("Element")
    return schema


def _list_or_mapping(as_list: dict[str, Any], as_mapping: dict[str, Any]) -> dict[str, Any]:
    """A value written as a list or as a mapping, checked as the one it is (an `anyOf` of
    both would say only that it is neither)."""
    return {"if": {"type": "array"}, "then": as_list, "else": as_mapping}


def deck_schema() -> dict[str, Any]:
    """A YAML deck list: its cards as a list of `{name, count}` or a mapping name: count."""
    schema = _schema_of(DeckFile)
    cards = schema["properties"]["cards"]
    branches = cards.pop("anyOf")
    as_list = next(b for b in branches if b.get("type") == "array")
    as_mapping = next(b for b in branches if b.get("type") == "object")
    as_list["minItems"] = cards.pop("minItems")
    as_mapping["minProperties"] = cards.pop("minProperties")
    cards.update(_list_or_mapping(as_list, as_mapping))
    count = schema["$defs"]["DeckCard"]["properties"]["count"]
    for node in (as_mapping["additionalProperties"], count):
        plain_count(node)
    return schema


def pool_schema(game: Game | None = None) -> dict[str, Any]:
    """A card pool: a list of cards, or a mapping with `cards:` (and `game:`). With a game,
    each card is checked against its type's fields; without, any field is allowed."""
    item: Any = CardEntry
    if game is not None:
        models = list(pool_models(game).values())
        item = models[0]
        if len(models) > 1:
            item = Annotated[functools.reduce(operator.or_, models), Field(discriminator="type")]
    doc = f"The card pool of {game.name}." if game else "A card pool (any game's fields)."
    pool: type[Strict] = create_model(
        "CardPool",
        __base__=Strict,
        __doc__=doc + " A mapping with `cards:`.",
        game=(Any, Field(default=None, description="The game's id (not checked).")),
        cards=(list[item], Field(description="The cards, one mapping each.")),
    )
    mapping = _schema_of(pool)
    defs = mapping.pop("$defs", {})
    defs["CardPool"] = mapping
    schema = {
        "title": "Card pool",
        "description": doc + " A list of cards, or a mapping with `cards:`.",
        **_list_or_mapping(mapping["properties"]["cards"], {"$ref": "#/$defs/CardPool"}),
        "$defs": defs,
    }
    if game is None:
        schema["$defs"]["CardEntry"]["additionalProperties"] = {
            "description": "A field of the card's type, as declared in game.yaml.",
            "anyOf": [
                {"type": "string", "pattern": PRINTABLE_PATTERN},
                {"type": "integer"},
                {"type": "boolean"},
                {"type": "array"},
                {"type": "null"},
            ],
        }
    return schema


def json_schema(kind: str, game: Game | None = None) -> dict[str, Any]:
    """The JSON Schema for `kind` (game, cards, deck, layout); `game` for a pool's fields."""
    if kind == "game":
        schema = game_schema()
    elif kind == "cards":
        schema = pool_schema(game)
    elif kind == "deck":
        schema = deck_schema()
    elif kind == "layout":
        schema = layout_schema()
    else:
        raise CardgenError(f'unknown schema kind "{kind}" (one of: {", ".join(KINDS)})')
    if kind != "cards" or game is None:  # the examples are of one game: Lantern Watch
        schema["examples"] = EXAMPLES[kind]
    return {"$schema": DRAFT, **finished(schema)}


def schema_text(schema: dict[str, Any]) -> str:
    """A schema as the file `cardgen schema` prints or writes (same schema, same bytes)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
