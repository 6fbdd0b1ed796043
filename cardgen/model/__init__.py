"""Typed, validated objects: Game, CardType, Card, Deck (pydantic v2, extra="forbid")."""

from cardgen.model.card import Card
from cardgen.model.deck import Deck, DeckEntry
from cardgen.model.game import CardType, FieldSpec, Game

__all__ = ["Card", "CardType", "Deck", "DeckEntry", "FieldSpec", "Game"]
