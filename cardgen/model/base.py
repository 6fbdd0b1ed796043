"""The base of every model: unknown keys are errors, never silently ignored."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from pydantic import GetJsonSchemaHandler
    from pydantic.json_schema import JsonSchemaValue
    from pydantic_core import CoreSchema

Scalar = str | int | bool
"""A single field value as it can stand in a selector."""

Selector = dict[str, Scalar | list[Scalar]]
"""Which cards a rule is about: `{type: ally, bonus: [2, 3]}` matches every card whose
`type` is ally and whose `bonus` is 2 or 3. `name` matches the card name."""

ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"

CONTROL_RANGES = r"\x00-\x08\x0b-\x1f\x7f-\x9f"
"""Control characters other than tab and newline, as a character-class body that reads
the same to Python's `re` and to the ECMA-262 regular expressions of JSON Schema."""
PRINTABLE_PATTERN = f"^[^{CONTROL_RANGES}]*$"
"""Text without those control characters (JSON Schema `pattern`)."""


@dataclass(frozen=True, slots=True, eq=False)  # hashed by identity: typing hashes metadata
class JsonExtra:
    """`Annotated` metadata that adds to a type's JSON Schema what its validators check
    beyond the type itself (a pattern, `uniqueItems`): validation is unchanged. Nested
    mappings are merged key by key (`{"items": {"not": ...}}` adds to the items' schema)."""

    keys: Mapping[str, Any]

    def __get_pydantic_json_schema__(
        self, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return _merged(handler(core_schema), self.keys)


def _merged(schema: dict[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    result = dict(schema)
    for key, value in extra.items():
        old = result.get(key)
        result[key] = (
            _merged(old, value) if isinstance(old, dict) and isinstance(value, Mapping) else value
        )
    return result


Printable = Annotated[str, JsonExtra({"pattern": PRINTABLE_PATTERN})]
"""Text in which the loaders refuse those control characters (card values, deck-list card
names): the validators that refuse them are where the text is read; this says so in the
JSON Schema."""


class Strict(BaseModel):
    """A model that refuses unknown keys, and NaN or infinite numbers.

    Each model's validator is made when it first validates (`defer_build`), not when
    cardgen is imported: a command pays only for the models it uses."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        populate_by_name=True,
        allow_inf_nan=False,
        defer_build=True,
    )
