"""Deck reports drawn: the numbers check/deck_report works out, as a section of a page and as a
printable PDF."""
