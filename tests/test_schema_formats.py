"""The patterns in cardgen's JSON Schemas read text as cardgen's own parsers do.

Each pattern is run as editors and check-jsonschema run it (ECMA-262 regular expressions,
`regress` with the `u` flag) on text drawn from the pieces that pattern is about, and its
verdict must be the parser's: a length `parse_length` reads, a colour Pillow reads, a
`{field}` template `str.format` reads, a number pydantic reads from text.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest
import regress
from hypothesis import example, given, settings
from hypothesis import strategies as st
from PIL import ImageColor
from pydantic import BaseModel, ConfigDict, ValidationError

from cardgen.load.layouts import template_fields
from cardgen.model.layout import TEMPLATE_PATTERN
from cardgen.model.units import card_size, component_size, parse_length
from cardgen.schema import json_schema
from cardgen.schema_values import BOOLEAN_TEXT, INTEGER_TEXT, NUMBER_TEXT, formats


@functools.cache
def ecma(pattern: str) -> Callable[[str], bool]:
    compiled = regress.Regex(pattern, flags="u")
    return lambda text: compiled.find(text) is not None


@functools.cache
def emitted() -> dict[str, Any]:
    """The definitions of the formats, as the schemas hold them."""
    return {**json_schema("game")["$defs"], **json_schema("layout")["$defs"]}


def definition(name: str) -> dict[str, Any]:
    return emitted()[formats()[name][0]]


def matches(definition: dict[str, Any], text: str) -> bool:
    """Whether `text` passes a format's definition (its pattern, or one of its branches)."""
    if "enum" in definition:
        return text in definition["enum"]
    if "$ref" in definition:
        return matches(emitted()[definition["$ref"].rsplit("/", 1)[-1]], text)
    if "anyOf" in definition:
        return any(matches(branch, text) for branch in definition["anyOf"])
    if definition.get("type", "string") != "string" or len(text) > definition.get(
        "maxLength", len(text)
    ):
        return False
    return "pattern" not in definition or ecma(definition["pattern"])(text)


def pieces(*tokens: str, size: int = 8) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(tokens), max_size=size).map("".join)


def accepted(parse: Callable[[str], Any], text: str) -> bool:
    try:
        parse(text)
    except ValueError:
        return False
    return True


LENGTH_TOKENS = ("0", "1", "2.5", ".5", "3.", "12", "mm", "cm", "in", "pt", "px", "%", " ")
LENGTH_TOKENS += ("+", "-", "x", "e", "\t", "m")


@settings(max_examples=250, deadline=None)
@given(pieces(*LENGTH_TOKENS))
@example("100% - 0.4in")
@example(" -3mm+ .5 in ")
@example("1.5.5")
def test_length_pattern_reads_what_parse_length_reads(text: str) -> None:
    assert matches(definition("length"), text) == accepted(parse_length, text)


@settings(max_examples=250, deadline=None)
@given(pieces(*LENGTH_TOKENS, " x ", "×", "poker", "tarot", "mini-euro", size=10))
@example("63.5mm x 88.9mm")
@example("0% x 3in")
@example("2.5in×3.5in")
@example("30px x 40px")
def test_card_size_pattern_reads_what_card_size_reads(text: str) -> None:
    assert matches(definition("card-size"), text) == accepted(card_size, text)


COLOUR_NAMES = ("red", "Red", "WHITE", "rebeccapurple", "grey", "notacolour")
COLOUR_TOKENS = ("#", "f", "0", "A", "9", "rgb(", "RGBA(", "hsl(", "hsv(", "Hsb(", "(", ")")
COLOUR_TOKENS += (",", " ", "%", ".", "12", "255", *COLOUR_NAMES)


@settings(max_examples=250, deadline=None)
@given(pieces(*COLOUR_TOKENS, size=10))
@example("#1f2a44")
@example("#1F2A4480")
@example("rgb(10%, 20%, 30%)")
@example("hsl(120, 50.5%, 40%)")
@example("rgb(1,2,3" + " " * 100 + ")")
def test_colour_pattern_reads_what_pillow_reads(text: str) -> None:
    assert matches(definition("plain-color"), text) == accepted(ImageColor.getrgb, text)
    assert matches(definition("color"), text) == ("{" in text or accepted(ImageColor.getrgb, text))


def test_every_colour_name_pillow_knows_is_a_colour() -> None:
    for name in ImageColor.colormap:
        assert matches(definition("plain-color"), name.upper()), name


def _formatted(text: str) -> list[Any]:
    """What the layout loader does with a template: `str.format`'s own parser, and a format
    spec nested at most two deep."""
    return template_fields(text)


@settings(max_examples=400, deadline=None)
@given(pieces("{", "}", "a", ":", "!", "r", " ", "{{", "}}", size=12))
@example("{name} of {type_label}")
@example("{{icon}} {cost:>3}")
@example("{a:{b:{c}}}")
@example("{a!}}")
@example("{:{{{}}}}")
@example("{a:{{b}}}")
@example("{nmae")
@example("{n} {n|turn|turns}: {n|words}")
@example("{flavor|No: none!} {flavor|}")
def test_template_pattern_reads_what_str_format_reads(text: str) -> None:
    assert ecma(TEMPLATE_PATTERN)(text) == accepted(_formatted, text)


class _Lax(BaseModel):
    """pydantic reading a number or yes/no from text, as for every model of cardgen."""

    model_config = ConfigDict(allow_inf_nan=False)
    value: Any


@functools.cache
def _lax(kind: type) -> type[BaseModel]:
    from pydantic import create_model

    return create_model(f"Lax{kind.__name__}", __base__=_Lax, value=(kind, ...))


def pydantic_reads(kind: type, text: str) -> str:
    """ "yes", "no", or "too big" (a finite number pydantic refuses as infinite)."""
    try:
        _lax(kind).model_validate({"value": text})
    except ValidationError as exc:
        return "too big" if exc.errors()[0]["type"] == "finite_number" else "no"
    return "yes"


def numbers() -> st.SearchStrategy[str]:
    """Numbers as people type them, and their typos: a sign only in front (pydantic also
    reads `0-5` as -5 and `0_.` as 0, which no one writes and the patterns do not take)."""
    space = st.sampled_from(["", " ", "\t"])
    sign = st.sampled_from(["", "", "+", "-"])
    part = st.sampled_from(["", "0", "7", "00", "12", "1_000", "1__0", "_1", "1_", "_", "x"])
    exponent = st.sampled_from(["", "", "e3", "E-2", "e", "e_3", "e+", "e1_0", "_e3", "e+_3"])
    return st.tuples(space, sign, part, st.sampled_from(["", "."]), part, exponent, space).map(
        "".join
    )


@settings(max_examples=250, deadline=None)
@given(numbers())
@example("1_000")
@example("3.00")
@example(" +3 ")
@example("007")
def test_integer_text_is_what_pydantic_reads_as_an_int(text: str) -> None:
    assert ecma(INTEGER_TEXT)(text) == (pydantic_reads(int, text) == "yes")


@settings(max_examples=250, deadline=None)
@given(numbers())
@example("1e_3")
@example(".5")
@example("5.")
@example("1e999")
def test_number_text_is_what_pydantic_reads_as_a_float(text: str) -> None:
    reads = pydantic_reads(float, text)
    assert ecma(NUMBER_TEXT)(text) == (reads in ("yes", "too big"))


@settings(max_examples=250, deadline=None)
@given(pieces("t", "r", "u", "e", "f", "a", "l", "s", "y", "n", "o", "Y", "E", "0", "1", " "))
@example("yes")
@example("OFF")
@example("True")
def test_boolean_text_is_what_pydantic_reads_as_a_bool(text: str) -> None:
    assert ecma(BOOLEAN_TEXT)(text) == (pydantic_reads(bool, text) == "yes")


@pytest.mark.parametrize("kind", ["game", "cards", "deck", "layout"])
def test_every_pattern_is_an_ecma_and_a_python_regular_expression(kind: str) -> None:
    import re

    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "pattern" and isinstance(value, str):
                    found.append(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json_schema(kind))
    assert found
    for pattern in found:
        ecma(pattern)
        re.compile(pattern)


def test_each_format_example_is_read_by_its_parser() -> None:
    checks: dict[str, Callable[[Any], Any]] = {
        "length": lambda v: parse_length(v),
        "plain-color": ImageColor.getrgb,
        "color": lambda v: "{" in v or ImageColor.getrgb(v),
        "card-size": card_size,
        "physical-length": lambda v: parse_length(v).inches(),
        "component-size": component_size,
    }
    for name, (_, schema) in formats().items():
        for value in schema.get("examples", []):
            checks[name](value)
            assert isinstance(value, int | float) or matches(schema, value), (name, value)
