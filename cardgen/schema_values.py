"""How values are written in cardgen's JSON Schemas: the lengths, colours and card sizes
the models mark (`format`), numbers and yes/no that pydantic also reads from text, tagged
unions as JSON Schema validators read them; and the pass that finishes a schema with them.
"""

from __future__ import annotations

from typing import Any

from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from cardgen.model.layout import color_pattern
from cardgen.model.units import (
    CARD_SIZE_PATTERN,
    CARD_SIZES,
    LENGTH_PATTERN,
    PHYSICAL_PATTERN,
)

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
        "physical-length": (
            "PhysicalLength",
            {
                "description": "A length in mm, cm, in or pt, more than 0.",
                "type": "string",
                "pattern": PHYSICAL_PATTERN,
                "examples": ["2mm", "0.12in"],
            },
        ),
        "component-size": (
            "ComponentSize",
            {
                "description": (
                    "A component's size: one length for both sides (`25mm`), `WIDTH x HEIGHT`,"
                    " or a card size by name."
                ),
                "anyOf": [
                    {"enum": list(CARD_SIZES)},
                    {"type": "string", "pattern": CARD_SIZE_PATTERN},
                    {"type": "string", "pattern": PHYSICAL_PATTERN},
                ],
                "examples": ["25mm", "280mm x 200mm", "tarot"],
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
    result["type"] = types
    return result


def plain_count(node: dict[str, Any]) -> None:
    """Make an integer's schema (`node`, changed in place) say a count as the loaders read
    it (`load/counts.py`): a whole number, or its plain digits quoted; no `true`, no `3.0`
    as text. (A JSON Schema's integer is 3.0 too: that one it cannot refuse.)"""
    node.pop(_LAX, None)
    node.update({"type": ["integer", "string"], "pattern": "^[0-9]+$"})


class Generator(GenerateJsonSchema):
    """pydantic's JSON Schema, with the values its lax mode reads as they are written."""

    def int_schema(self, schema: core_schema.IntSchema) -> JsonSchemaValue:
        """An integer's schema, marked as one a text value may also give."""
        return {**super().int_schema(schema), _LAX: "integer"}

    def float_schema(self, schema: core_schema.FloatSchema) -> JsonSchemaValue:
        """A number's schema, marked as one a text value may also give."""
        return {**super().float_schema(schema), _LAX: "number"}

    def bool_schema(self, schema: core_schema.BoolSchema) -> JsonSchemaValue:
        """A boolean's schema, marked as one a text value may also give."""
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
    """Each marked format -> a `$ref` to its definition (added to `defs`), each marked
    number or yes/no with its text form, `anyOf`s as simple as they can be, tagged unions
    by tag."""
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
        node = by_tag(node)
    return {
        key: value if key in _DATA else _finish(value, defs, table) for key, value in node.items()
    }


_DATA = frozenset({"examples", "default", "const", "enum"})
"""Keywords whose values are data, not schemas: left as they are."""


def by_tag(node: dict[str, Any]) -> dict[str, Any]:
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


def finished(schema: dict[str, Any]) -> dict[str, Any]:
    """A schema from `Generator` as cardgen emits it: each marked format a `$ref` to its
    definition, numbers and yes/no with their text forms, tagged unions by tag, `$defs`
    sorted (same models, same bytes)."""
    table = formats()
    defs = dict(schema.get("$defs", {}))
    result = _finish({k: v for k, v in schema.items() if k != "$defs"}, defs, table)
    done: set[str] = set()
    while len(done) < len(defs):  # a format's definition may add another (Color: PlainColor)
        for name in [name for name in defs if name not in done]:
            defs[name] = _finish(defs[name], defs, table)
            done.add(name)
    return {**result, "$defs": dict(sorted(defs.items()))}
