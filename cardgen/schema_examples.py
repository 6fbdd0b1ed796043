"""The `examples` of each JSON Schema `cardgen schema` prints: one small game, Lantern Watch,
whose files load together (tests/test_schema.py builds a project of them and loads it)."""

from __future__ import annotations

from typing import Any

GAME: dict[str, Any] = {
    "id": "lantern-watch",
    "name": "Lantern Watch",
    "players": {"min": 2, "max": 4},
    "constructed": True,
    "types": {
        "keeper": {
            "label": "Keeper",
            "fields": {
                "light": {"type": "int", "min": 0, "max": 5, "label": "Light"},
                "flavor": {"type": "text", "required": False},
            },
        },
        "omen": {
            "label": "Omen",
            "fields": {"sign": {"type": "choice", "choices": ["moon", "tide"]}},
        },
    },
    "deck_rules": [
        {
            "id": "deck-size",
            "kind": "deck_size",
            "min": 4,
            "max": 12,
            "message": "A deck has 4 to 12 cards.",
        },
        {"id": "copies", "kind": "copies", "max": 3, "message": "At most 3 copies of a card."},
    ],
}

CARDS: list[dict[str, Any]] = [
    {"name": "Old Keeper", "type": "keeper", "copies": 2, "light": 3, "text": "Draw a card."},
    {"name": "Young Keeper", "type": "keeper", "light": 1, "flavor": "New to the tower."},
    {"name": "Moon Omen", "type": "omen", "copies": 3, "sign": "moon"},
    {"name": "Tide Omen", "type": "omen", "copies": 3, "sign": "tide", "art": "art/tide.png"},
]

DECKS: list[dict[str, Any]] = [
    {
        "game": "lantern-watch",
        "name": "First Night",
        "cards": {"Old Keeper": 2, "Moon Omen": 3, "Tide Omen": 1},
    },
    {
        "game": "lantern-watch",
        "cards": [{"name": "Young Keeper"}, {"name": "Tide Omen", "count": 3}],
    },
]

BASE_LAYOUT: dict[str, Any] = {
    "size": "poker",
    "background": "#20324a",
    "elements": {
        "frame": {
            "kind": "rect",
            "x": "0.1in",
            "y": "0.1in",
            "width": "100% - 0.2in",
            "height": "100% - 0.2in",
            "radius": "2mm",
            "fill": "#fbf7ee",
        },
        "title": {"kind": "text", "text": "{name}", "x": "0.2in", "y": "0.2in", "size": 13},
    },
}

KEEPER_LAYOUT: dict[str, Any] = {
    "extends": "base",
    "icons": {"sun": {"icon": "star", "color": "#f2c14e"}},
    "elements": {
        "title": {"width": "1.7in", "bold": True},
        "light": {
            "kind": "text",
            "text": "{light}",
            "x": "1.95in",
            "y": "0.15in",
            "width": "0.42in",
            "height": "0.42in",
            "size": 16,
            "align": "center",
            "switch": [{"field": "light", "cases": {"5": {"color": "#b5452b"}}}],
            "when": {"light": ">=1"},
        },
    },
}

LAYOUTS = {"base": BASE_LAYOUT, "keeper": KEEPER_LAYOUT}
"""File name (without .yaml) -> layout, in `layouts/lantern-watch/`."""

EXAMPLES: dict[str, list[Any]] = {
    "game": [GAME],
    "cards": [CARDS, {"game": "lantern-watch", "cards": CARDS[:2]}],
    "deck": DECKS,
    "layout": [KEEPER_LAYOUT, BASE_LAYOUT],
}
