"""Rulebooks: a game's rules document written against its data, resolved and made into
pages (docs/rulebooks.md)."""
