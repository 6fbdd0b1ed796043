"""Loaders: read YAML, CSV and deck-list text, keeping the file and line of every value."""
