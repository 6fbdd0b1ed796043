"""How a choice field's value is written on a card: `{FIELD_label}` in a layout template
prints the label game.yaml gives the value (`labels: {sun: Sun}`), or the value's words
with capitals (`splat-roller` -> `Splat Roller`); `{FIELD}` prints the value as written."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cardgen.model.game import CardType, FieldSpec, Game

SUFFIX = "_label"


def field_title(name: str, spec: FieldSpec) -> str:
    """How one type's field is called on a card: its label, or its name in words."""
    return spec.label or name.replace("_", " ").capitalize()


def choice_label(spec: FieldSpec, value: Any) -> str:
    """The label of one value of a choice field ("" for no value)."""
    if value is None or value == "":
        return ""
    text = str(value)
    for key, label in spec.labels.items():  # a handful: a choice field's values
        if str(key) == text:
            return label
    return " ".join(word[:1].upper() + word[1:] for word in re.split(r"[-_\s]+", text) if word)


def label_values(ctype: CardType, fields: Mapping[str, Any]) -> dict[str, str]:
    """`FIELD_label` -> the label of the card's value, for each choice field of its type
    (not where the type has a field of that name itself)."""
    return {
        f"{name}{SUFFIX}": choice_label(spec, fields.get(name))
        for name, spec in ctype.fields.items()
        if spec.type == "choice" and f"{name}{SUFFIX}" not in ctype.fields
    }


def label_names(game: Game) -> set[str]:
    """Every `FIELD_label` a layout of the game may name."""
    return {
        f"{name}{SUFFIX}"
        for ctype in game.types.values()
        for name, spec in ctype.fields.items()
        if spec.type == "choice"
    }
