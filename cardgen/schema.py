"""`cardgen schema KIND`: JSON Schema of the files a designer writes, for editors."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, TypeAdapter, create_model

from cardgen.errors import CardgenError
from cardgen.load.game import GamePack
from cardgen.model.card import CardEntry, pool_models
from cardgen.model.deck import DeckFile
from cardgen.model.game import Game
from cardgen.model.layout import Element, LayoutFile

KINDS = ("game", "cards", "deck", "layout")


def _pool_schema(pack: GamePack | None) -> dict[str, Any]:
    if pack is None:
        item: Any = CardEntry
        doc = "A card pool: a list of cards (per-game fields: use --game for their schema)."
    else:
        models = tuple(pool_models(pack.game).values())
        item = models[0]
        for model in models[1:]:
            item = item | model
        doc = f"The card pool of {pack.game.name}."
    pool: type[BaseModel] = create_model(
        "CardPool",
        __doc__=doc,
        game=(str | None, Field(default=None, description="The game id.")),
        cards=(list[item], Field(description="The cards.")),
    )
    schema = pool.model_json_schema()
    if pack is None:
        schema["$defs"]["CardEntry"]["additionalProperties"] = {
            "type": ["string", "integer", "boolean", "array"],
            "description": "A field of the card's type, as declared in game.yaml.",
        }
    return schema


def layout_schema() -> dict[str, Any]:
    """A layout file: LayoutFile with each element described by the element kinds."""
    schema = LayoutFile.model_json_schema()
    elements = TypeAdapter(dict[str, Element | None]).json_schema(ref_template="#/$defs/{model}")
    schema.setdefault("$defs", {}).update(elements.pop("$defs", {}))
    description = schema["properties"]["elements"].get("description", "")
    schema["properties"]["elements"] = {**elements, "description": description}
    return schema


def json_schema(kind: str, pack: GamePack | None = None) -> dict[str, Any]:
    """The JSON Schema for `kind` (game, cards, deck, layout)."""
    if kind == "game":
        schema = Game.model_json_schema()
    elif kind == "cards":
        schema = _pool_schema(pack)
    elif kind == "deck":
        schema = DeckFile.model_json_schema()
    elif kind == "layout":
        schema = layout_schema()
    else:
        raise CardgenError(f'unknown schema kind "{kind}" (one of: {", ".join(KINDS)})')
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
