"""The base of every model: unknown keys are errors, never silently ignored."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

Scalar = str | int | bool
"""A single field value as it can stand in a selector."""

Selector = dict[str, Scalar | list[Scalar]]
"""Which cards a rule is about: `{type: ally, bonus: [2, 3]}` matches every card whose
`type` is ally and whose `bonus` is 2 or 3. `name` matches the card name."""

ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"


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
