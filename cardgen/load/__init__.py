"""Loaders: read YAML, CSV and deck-list text, keeping the file and line of every value."""

from pathlib import Path

GAME_FILE = "game.yaml"
"""The file that makes a folder under decks/ a game."""

BUILTIN_DIR = Path(__file__).resolve().parent.parent / "layouts"
"""cardgen's own layouts (`card`, `back`), which every game's layouts may extend."""
