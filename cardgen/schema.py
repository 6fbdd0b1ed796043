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
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from cardgen.errors import CardgenError
from cardgen.model.base import PRINTABLE_PATTERN, Strict
from cardgen.model.card import CardEntry, pool_models
from cardgen.model.deck import DeckFile
from cardgen.model.game import Game
from cardgen.model.layout import Element, LayoutFile, color_pattern
from cardgen.model.units import CARD_SIZE_PATTERN, CARD_SIZES, LENGTH_PATTERN
from cardgen.schema_examples import EXAMPLES

KINDS = ("game", "cards", "deck", "layout")
DRAFT = "https://json-schema.org/draft/2020-12/schema"

_DIGITS = "[0-9](?:_?[0-9])*"
INTEGER_TEXT = rf"^\s*[+-]?(?:0[0_]*)?{_DIGITS}(?:\.0+)?\s*$"
"""A whole number as pydantic reads it from text: `3`, ` -3 `, `1_000`, `3.0`."""
NUMBER_TEXT = (
    r"^(?:\s*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\s*"
    rf"|(?:[+-]_?)?(?:{_DIGITS}(?:_?\.(?:_?{_DIGITS})?)?|\._?{_DIGITS})"
    rf"(?:_?[eE](?:_?[+-])?_?{_DIGITS})?)$"
)
"""A number as pydantic reads it from text: `2.5`, ` .5 `, `1e3`; or with single `_`
between its characters (`1_000.5`) and no spaces around."""
BOOLEAN_TEXT = "^(?:[01]|[tT](?:[rR][uU][eE])?|[fF](?:[aA][lL][sS][eE])?|[yY](?:[eE][sS])?"
BOOLEAN_TEXT += "|[nN][oO]?|[oO](?:[nN]|[fF][fF]))$"
"""Yes or no as pydantic reads it from text: true/false, yes/no, on/off, t/f, y/n, 1/0."""


def formats() -> dict[str, tuple[str, dict[str, Any]]]:
    """Each `format` the models mark (`WithJsonSchema`) -> its `$defs` name and schema."""
    plain_color = {
        "type": "string",
        "maxLength": 100,
        "pattern": color_pattern(),
        "description": "A colour: #rrggbb, #rrggbbaa, #rgb, rgb(...), hsl(...) or a CSS name.",
        "examples": ["#1f2a44", "#1f2a4480", "white", "rgb(31, 42, 68)"],
    }
    return {
        "length": (
            "Length",
            {
                "description": (
                    "A length: a number with mm, cm, in, pt, px or % (of the trim), or a sum"
                    " such as `100% - 8mm`; a bare number is pixels."
                ),
                "anyOf": [{"type": "number"}, {"type": "string", "pattern": LENGTH_PATTERN}],
                "examples": ["63.5mm", "0.125in", "100% - 0.4in", 30],
            },
        ),
        "plain-color": ("PlainColor", plain_color),
        "color": (
            "Color",
            {
                "description": "A colour, or a template such as `{back_color}` filled per card.",
                "anyOf": [
                    _marked("plain-color"),
                    {"type": "string", "pattern": r"\{", "description": "A `{field}` template."},
                ],
                "examples": ["#b5452b", "{back_color}"],
            },
        ),
        "card-size": (
            "CardSize",
            {
                "description": "A card size by name, or `WIDTH x HEIGHT` in mm, cm, in or pt.",
                "anyOf": [
                    {"enum": list(CARD_SIZES)},
                    {"type": "string", "pattern": CARD_SIZE_PATTERN},
                ],
                "examples": ["poker", "63.5mm x 88.9mm"],
            },
        ),
    }


def _marked(name: str) -> dict[str, Any]:
    return {"type": "string", "format": name}


_LAX = "$cardgen-lax"
"""Marks a number or a yes/no that pydantic also reads from text (see `_lax`)."""
_TEXT = {"integer": INTEGER_TEXT, "number": NUMBER_TEXT, "boolean": BOOLEAN_TEXT}
_BOOLEAN = {"type": "boolean", _LAX: "boolean"}


def _lax(node: dict[str, Any], *, as_text: bool) -> dict[str, Any]:
    """A marked number or yes/no as the schema says it: its JSON type, what pydantic takes
    for one (true/false for a number, 0/1 for a yes/no), and (`as_text`) a string that
    pydantic reads as one. The bounds of a number apply to numbers only, the pattern to
    strings only, so a mistake is reported as one or the other."""
    kind = node[_LAX]
    result = {key: value for key, value in node.items() if key != _LAX}
    types = [kind, "boolean"] if kind != "boolean" else ["boolean", "integer"]  # true is 1
    if kind == "boolean":
        result |= {"minimum": 0, "maximum": 1}  # 0 and 1 are no and yes
    if as_text:
        types.append("string")
        result["pattern"] = _TEXT[kind]
    result["type"] = types[0] if len(types) == 1 else types
    return result


class _Generator(GenerateJsonSchema):
    """pydantic's JSON Schema, with the values its lax mode reads as they are written."""

    def int_schema(self, schema: core_schema.IntSchema) -> JsonSchemaValue:
        return {**super().int_schema(schema), _LAX: "integer"}

    def float_schema(self, schema: core_schema.FloatSchema) -> JsonSchemaValue:
        return {**super().float_schema(schema), _LAX: "number"}

    def bool_schema(self, schema: core_schema.BoolSchema) -> JsonSchemaValue:
        return {**super().bool_schema(schema), _LAX: "boolean"}

    def dict_schema(self, schema: core_schema.DictSchema) -> JsonSchemaValue:
        """Keys with a pattern: every key must match it (pydantic's `patternProperties`
        alone would let any other key through)."""
        result = super().dict_schema(schema)
        patterns = result.pop("patternProperties", None)
        if patterns:
            ((pattern, values),) = patterns.items()
            result["propertyNames"] = {**result.get("propertyNames", {}), "pattern": pattern}
            result["additionalProperties"] = values
        return result


def _schema_of(target: Any) -> dict[str, Any]:
    if isinstance(target, type) and issubclass(target, Strict):
        return target.model_json_schema(schema_generator=_Generator)
    return TypeAdapter(target).json_schema(schema_generator=_Generator)


def _element_models() -> list[type[Strict]]:
    union = typing.get_args(Element)[0]
    return list(typing.get_args(union))


def _kind(model: type[Strict]) -> str:
    return str(typing.get_args(model.model_fields["kind"].annotation)[0])


def layout_schema() -> dict[str, Any]:
    """A layout file. Without `extends`, each element is whole (its `kind` and required
    keys); with it, an element may override some keys of an inherited one."""
    schema = _schema_of(LayoutFile)
    elements = _schema_of(Element)
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
        "then": _by_tag({"oneOf": [], "discriminator": by_kind}),
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


def _simplest(branches: list[Any]) -> list[Any]:
    """The branches of an `anyOf`, nested ones inlined; where any string is allowed, a
    number needs no text form (`str | int` reads "3" as a string)."""
    flat: list[Any] = []
    for branch in branches:
        nested = isinstance(branch, dict) and set(branch) == {"anyOf"}
        flat.extend(branch["anyOf"] if nested else [branch])
    if {"type": "string"} in flat:
        flat = [_lax(b, as_text=False) if isinstance(b, dict) and _LAX in b else b for b in flat]
    if {"type": "string"} in flat and {"type": ["integer", "boolean"]} in flat:
        plain = ({"type": "integer"}, {"type": "boolean"})  # as pydantic's `str | int | bool`
        flat = [b for b in flat if b != _lax(_BOOLEAN, as_text=False)]
        flat = [x for b in flat for x in (plain if b == {"type": ["integer", "boolean"]} else [b])]
    return flat


def _finish(node: Any, defs: dict[str, Any], table: dict[str, tuple[str, dict[str, Any]]]) -> Any:
    """Each marked format -> a `$ref` to its definition (added to `defs`); `anyOf`s made
    as simple as they can be."""
    if isinstance(node, list):
        return [_finish(item, defs, table) for item in node]
    if not isinstance(node, dict):
        return node
    mark = node.get("format")
    if isinstance(mark, str) and mark in table:
        name, definition = table[mark]
        defs.setdefault(name, definition)
        rest = {k: v for k, v in node.items() if k not in ("format", "type")}
        return {"$ref": f"#/$defs/{name}", **_finish(rest, defs, table)}
    if _LAX in node:
        node = _lax(node, as_text=True)
    if "anyOf" in node:
        node = {**node, "anyOf": _simplest(node["anyOf"])}
    if "discriminator" in node and "oneOf" in node:
        node = _by_tag(node)
    return {key: _finish(value, defs, table) for key, value in node.items()}


def _by_tag(node: dict[str, Any]) -> dict[str, Any]:
    """pydantic's tagged union (`oneOf` with OpenAPI's `discriminator`, which JSON Schema
    validators ignore) as one `if`/`then` per tag: a mistake is reported against the
    member its tag names, not as "valid under none"."""
    rest = {k: v for k, v in node.items() if k not in ("oneOf", "discriminator")}
    tag, members = node["discriminator"]["propertyName"], node["discriminator"]["mapping"]
    return {
        **rest,
        "type": "object",
        "required": [tag],
        "properties": {tag: {"enum": list(members)}},
        "allOf": [
            {
                "if": {
                    "type": "object",
                    "required": [tag],
                    "properties": {tag: {"const": value}},
                },
                "then": {"$ref": ref},
            }
            for value, ref in members.items()
        ],
    }


def json_schema(kind: str, game: Game | None = None) -> dict[str, Any]:
    """The JSON Schema for `kind` (game, cards, deck, layout); `game` for a pool's fields."""
    if kind == "game":
        schema = _schema_of(Game)
    elif kind == "cards":
        schema = pool_schema(game)
    elif kind == "deck":
        schema = deck_schema()
    elif kind == "layout":
        schema = layout_schema()
    else:
        raise CardgenError(f'unknown schema kind "{kind}" (one of: {", ".join(KINDS)})')
    table = formats()
    defs = schema.pop("$defs", {})
    schema = _finish(schema, defs, table)
    done: set[str] = set()
    while len(done) < len(defs):  # a format's definition may add another (Color: PlainColor)
        for name in [name for name in defs if name not in done]:
            defs[name] = _finish(defs[name], defs, table)
            done.add(name)
    if kind != "cards" or game is None:  # the examples are of one game: Lantern Watch
        schema["examples"] = EXAMPLES[kind]
    return {"$schema": DRAFT, **schema, "$defs": dict(sorted(defs.items()))}


def schema_text(schema: dict[str, Any]) -> str:
    """A schema as the file `cardgen schema` prints or writes (same schema, same bytes)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
