"""What cardgen makes of a document, and what its JSON Schema makes of it, for the schema
tests: a validator as editors and check-jsonschema run one (Draft 2020-12, ECMA-262
patterns), and cardgen's verdict from its own validators (accepted, refused for its
structure, refused for a value no schema can judge)."""

from __future__ import annotations

import functools
import json
import re
import string
import typing
from collections.abc import Iterator
from typing import Annotated, Any

import jsonschema
import regress
from jsonschema import Draft202012Validator, ValidationError
from pydantic import TypeAdapter
from pydantic import ValidationError as ModelError

import cardgen.model.card as card_module
from cardgen.errors import CardgenError
from cardgen.load.decklist import parse_yaml_deck
from cardgen.model.game import Game
from cardgen.model.layout import Element, LayoutFile, element_adapter
from cardgen.model.units import card_size
from cardgen.project import Project
from cardgen.schema import json_schema
from tests.conftest import ROOT

# --------------------------------------------------------------------------- validating


def _ecma_pattern(
    validator: Any, pattern: str, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    if validator.is_type(instance, "string") and not _regex(pattern).find(instance):
        yield ValidationError(f"{instance!r} does not match {pattern[:60]!r}")


@functools.cache
def _regex(pattern: str) -> Any:
    return regress.Regex(pattern, flags="u")


EcmaValidator = jsonschema.validators.extend(Draft202012Validator, {"pattern": _ecma_pattern})
"""Draft 2020-12 with patterns as ECMA-262 reads them (as check-jsonschema does)."""


@functools.cache
def validator(kind: str, game_id: str | None = None) -> Any:
    """The validator of a schema kind; for `cards` with a shipped game, that game's pool."""
    game = Project(ROOT).definition(game_id) if game_id else None
    return validator_of(json_schema(kind, game))


_OF_GAME: dict[tuple[str, str], Any] = {}
"""Validators of a game's pool schema, by kind and the game as JSON (a test checks a
pool's rows one by one against one game)."""


def _validator_of_game(kind: str, game: Game) -> Any:
    key = (kind, game.model_dump_json())
    if key not in _OF_GAME:
        _OF_GAME[key] = validator_of(json_schema(kind, game))
    return _OF_GAME[key]


def validator_of(schema: dict[str, Any]) -> Any:
    """A validator of `schema`, once the schema passes Draft 2020-12's metaschema: its
    `$defs` and the rest checked apart (the metaschema judges each keyword on its own), each
    document once a process (the tests make the same schemas, and the same `$defs` under
    many parts of a schema, again and again: checking the defs took most of their time)."""
    rest = {key: value for key, value in schema.items() if key != "$defs"}
    _check_schema(json.dumps(rest, sort_keys=True))
    if "$defs" in schema:
        _check_schema(json.dumps({"$defs": schema["$defs"]}, sort_keys=True))
    return EcmaValidator(schema)


@functools.cache
def _check_schema(text: str) -> None:
    Draft202012Validator.check_schema(json.loads(text))


def problems(checker: Any, data: Any) -> list[str]:
    """Each schema error as `path: message`, in a stable order."""
    found = [
        f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message[:200]}"
        for error in checker.iter_errors(data)
    ]
    return sorted(found)


NOT_JSON = object()


def as_json(data: Any) -> Any:
    """YAML data as JSON holds it (tuples as lists), or NOT_JSON: a mapping key that is not
    a string, NaN or infinity, a date."""

    def keys_are_text(node: Any) -> bool:
        if isinstance(node, dict):
            return all(isinstance(k, str) and keys_are_text(v) for k, v in node.items())
        if isinstance(node, list | tuple):
            return all(keys_are_text(v) for v in node)
        return True

    if not keys_are_text(data):
        return NOT_JSON
    try:
        return json.loads(json.dumps(data, allow_nan=False))
    except (TypeError, ValueError):
        return NOT_JSON


# --------------------------------------------------------------------------- cardgen's verdicts

OK, STRUCTURAL, OTHER = "accepted", "refused: structure", "refused: value"
_NOT_STRUCTURE = frozenset({"value_error", "assertion_error"})
_TOO_LONG_A_NUMBER = "int_parsing_size"  # more digits than Python turns into an int
_BOUNDS = frozenset({"greater_than", "greater_than_equal", "less_than", "less_than_equal"})


SAID_BY_SCHEMA = ("a length is a string", "is not a colour", "colour is not possible here")
SAID_FOR_TEXT = ("is not a length",)
"""cardgen's messages for what the schema says too: a length that is not text or a number,
a colour it cannot read; text that is not a length (a number is read by its `str`, which
no schema can follow: 1e-05 is not a length)."""


def verdict_of(errors: list[Any]) -> str:
    """How cardgen took a value from its pydantic errors: a structural refusal has an error
    a JSON Schema says (a type, a key, a literal, a length, a pattern, a bound); a custom
    validator's message (min above max) or a bound on a number written as text (or as true,
    which pydantic reads as 1, or in more digits than Python reads) is not."""
    if not errors:
        return OK
    for error in errors:
        kind, value, message = error["type"], error.get("input"), str(error["msg"])
        if kind in _NOT_STRUCTURE:
            said = any(words in message for words in SAID_BY_SCHEMA)
            if said or (isinstance(value, str) and any(w in message for w in SAID_FOR_TEXT)):
                return STRUCTURAL
        elif kind != _TOO_LONG_A_NUMBER and not (kind in _BOUNDS and isinstance(value, str | bool)):
            return STRUCTURAL
    return OTHER


def combined(*verdicts: str) -> str:
    return STRUCTURAL if STRUCTURAL in verdicts else OTHER if OTHER in verdicts else OK


def model_errors(target: Any, data: Any) -> list[Any]:
    """pydantic's errors for `data`, but those of a union's list branch when the value is a
    mapping, or of its mapping branch when it is a list (a deck's cards are one or the
    other: only the branch the value is counts)."""
    try:
        if isinstance(target, TypeAdapter):
            target.validate_python(data)
        else:
            target.model_validate(data)
    except ModelError as exc:
        return [error for error in exc.errors() if not _other_branch(error["loc"], data)]
    return []


def _other_branch(loc: tuple[Any, ...], data: Any) -> bool:
    node = data
    for part in loc:
        if isinstance(part, str) and part.startswith(("list[", "dict[")):
            if isinstance(node, dict) != part.startswith("dict["):
                return True
            continue
        inside_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if not (inside_list or (isinstance(node, dict) and part in node)):
            return False
        node = node[part]
    return False


def game_verdict(data: Any) -> str:
    return verdict_of(model_errors(Game, data))


def yaml_text(data: Any) -> str:
    """JSON data as YAML text (JSON is YAML), characters YAML may not hold raw escaped."""
    text = json.dumps(data, ensure_ascii=False)
    return re.sub("[\x7f-\x84\x86-\x9f\ufffe\uffff]", lambda m: f"\\u{ord(m[0]):04x}", text)


def deck_verdict(data: Any) -> str:
    """A YAML deck list is read whole: every refusal but a bound on a count written as
    text is one its schema says (not a mapping, no cards, a control character)."""
    from cardgen.model.deck import DeckFile

    if isinstance(data, dict) and (errors := model_errors(DeckFile, data)):
        return verdict_of(errors)
    try:
        parse_yaml_deck(yaml_text(data), "deck.yaml")
    except CardgenError as exc:
        # a count of 2.0 is refused as a text list refuses it; a JSON Schema's integer is 2.0
        return (
            OTHER
            if 'count must be a whole number, got "' in str(exc) and _floats(data)
            else STRUCTURAL
        )
    return OK


def _floats(data: Any) -> bool:
    """Whether a deck list's counts hold a whole float (`2.0`), which no schema tells from 2."""
    cards = data.get("cards") if isinstance(data, dict) else None
    counts = (
        list(cards.values())
        if isinstance(cards, dict)
        else [c.get("count") for c in cards if isinstance(c, dict)]
        if isinstance(cards, list)
        else []
    )
    return any(isinstance(n, float) and n.is_integer() for n in counts)


def row_verdict(game: Game, row: Any) -> str:
    """A card of a pool, by the model of its type (an unknown type is a structural error)."""
    models = card_module.pool_models(game)
    if not isinstance(row, dict) or not isinstance(row.get("type"), str):
        return STRUCTURAL
    if row["type"] not in models:
        return STRUCTURAL
    return verdict_of(model_errors(models[row["type"]], row))


def _element_models() -> list[Any]:
    return list(typing.get_args(typing.get_args(Element)[0]))


@functools.cache
def _field_adapter(model: Any, key: str) -> TypeAdapter[Any]:
    field = model.model_fields[key]
    return TypeAdapter(Annotated[field.annotation, field])


def _template_verdict(model: Any, props: dict[str, Any]) -> str:
    """Templated keys (text, src, name) must have braces `str.format` reads."""
    for key in ("text", "src", "name"):
        value = props.get(key)
        if key in model.model_fields and isinstance(value, str):
            try:
                list(string.Formatter().parse(value))
            except ValueError:
                return OTHER
    return OK


def _keys_verdict(model: Any, props: dict[str, Any]) -> str:
    """Each key of an override (or a switch case) checked as that kind's field."""
    verdicts = [_template_verdict(model, props)]
    for key, value in props.items():
        if key not in model.model_fields:
            verdicts.append(STRUCTURAL)
        else:
            verdicts.append(verdict_of(model_errors(_field_adapter(model, key), value)))
    return combined(*verdicts)


def _cases_verdict(model: Any, props: dict[str, Any]) -> str:
    """Switch cases are drawn over their element: each must be keys of its kind."""
    verdicts = []
    switches = props.get("switch")
    for switch in switches if isinstance(switches, list) else []:
        cases = switch.get("cases") if isinstance(switch, dict) else None
        if isinstance(cases, dict):  # other shapes are the `switch` key's own errors
            for case in [*cases.values(), switch.get("default") or {}]:
                good = isinstance(case, dict)
                verdicts.append(_keys_verdict(model, case) if good else STRUCTURAL)
    return combined(*verdicts)


def element_verdict(props: Any, *, whole: bool) -> str:
    """A whole element (a layout without parents), or an override: the keys of some kind."""
    if props is None:
        return OK
    if not isinstance(props, dict):
        return STRUCTURAL
    if whole:
        first = verdict_of(model_errors(element_adapter(), props))
        model = next((m for m in _element_models() if _kind(m) == props.get("kind")), None)
        if first != OK or model is None:
            return first
        return combined(_template_verdict(model, props), _cases_verdict(model, props))
    by_kind = [
        combined(_keys_verdict(model, props), _cases_verdict(model, props))
        for model in _element_models()
    ]
    return OK if OK in by_kind else OTHER if OTHER in by_kind else STRUCTURAL


def _kind(model: Any) -> str:
    return str(typing.get_args(model.model_fields["kind"].annotation)[0])


def layout_verdict(data: Any) -> str:
    """A layout file as cardgen reads it, short of what needs the game or the parents
    (which fields exist, which parents, how big the card is)."""
    data = {} if data is None else data  # an empty layout file is an empty layout
    errors = model_errors(LayoutFile, data)
    if errors:
        return verdict_of(errors)
    layout = LayoutFile.model_validate(data)
    verdicts = []
    if layout.size is not None:
        try:
            card_size(layout.size)
        except ValueError:
            verdicts.append(OTHER)
    for props in (data.get("elements") or {}).values():
        verdicts.append(element_verdict(props, whole=not layout.extends))
    return combined(*verdicts)


def pool_verdict(game: Game | None, data: Any) -> str:
    """A pool file's data: a list of cards or `{game, cards}`. Without a game, each card's
    own fields are checked as every card has them, the others as some field of some type."""
    if isinstance(data, dict):
        if set(data) - {"game", "cards"} or "cards" not in data:
            return STRUCTURAL
        data = data["cards"]
    if not isinstance(data, list):
        return STRUCTURAL
    if game is not None:
        return combined(*(row_verdict(game, row) for row in data))
    verdicts = []
    for row in data:
        if not isinstance(row, dict):
            verdicts.append(STRUCTURAL)
            continue
        common = {k: v for k, v in row.items() if k in card_module.CardEntry.model_fields}
        verdicts.append(verdict_of(model_errors(card_module.CardEntry, common)))
        for key, value in row.items():  # no field of any type takes a mapping or 2.5
            fraction = isinstance(value, float) and not value.is_integer()
            if key not in common and (isinstance(value, dict) or fraction):
                verdicts.append(STRUCTURAL)
    return combined(*verdicts)


def verdict(kind: str, data: Any, game: Game | None = None) -> str:
    """cardgen's verdict on a document of a schema kind (a pool's rows by `game`)."""
    if kind == "game":
        return game_verdict(data)
    if kind == "deck":
        return deck_verdict(data)
    if kind == "layout":
        return layout_verdict(data)
    return pool_verdict(game, data)


def assert_schema_agrees(kind: str, data: Any, game: Game | None = None, where: str = "") -> str:
    """A document cardgen accepts passes the schema; one it refuses for its structure
    fails it. Returns cardgen's verdict."""
    taken = verdict(kind, data, game)
    checker = _validator_of_game(kind, game) if game else validator(kind)
    found = problems(checker, data)
    if taken == OK:
        assert found == [], f"{where}: cardgen reads it, the {kind} schema refuses it: {found}"
    elif taken == STRUCTURAL:
        assert found, f"{where}: cardgen refuses its structure, the {kind} schema passes it"
    return taken
