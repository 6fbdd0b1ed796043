"""The words a rulebook's generated sections are written in, in English and French (a
game in another language gets English): each phrase with its two translations side by
side."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.model.number_words import base_language

_PHRASES: dict[str, tuple[str, str]] = {
    "range": ("{low} to {high}", "{low} à {high}"),
    "in_all": ("{count} cards in all.", "{count} cartes en tout."),
    "per_player": (" for each player", " par joueur"),
    "per_team": (" for each team", " par équipe"),
    "sides": ("{sides}-sided", "à {sides} faces"),
    "starts_at": ("starts at {start}", "commence à {start}"),
    "players": ("Players", "Joueurs"),
    "hand": ("Hand", "Main"),
    "dealt": ("Dealt to each", "Cartes par joueur"),
    "boxes": ("Copies of the game", "Boîtes de jeu"),
    "piles_title": ("Piles", "Pioches"),
    "each_player": ("each player's", "à chaque joueur"),
    "shared": ("shared", "commune"),
    "face_up": ("face up", "face visible"),
    "face_down": ("face down", "face cachée"),
    "own_deck": ("from the player's own deck", "tirée du paquet du joueur"),
    "card": ("card", "carte"),
    "cards": ("cards", "cartes"),
    "per_value": ("one pile per {field}", "une pioche par {field}"),
    "at_most": ("at most {n}", "au plus {n}"),
    "at_least": ("at least {n}", "au moins {n}"),
    "exactly": ("exactly {n}", "exactement {n}"),
    "between": ("between {low} and {high}", "entre {low} et {high}"),
    "labelled": ("{label}: {text}", "{label} : {text}"),
    "per_group": ("{bound} per {field}", "{bound} par {field}"),
    "matching": ("matching cards", "cartes choisies"),
    "deck_size": ("{bound} cards in a deck", "{bound} cartes dans un paquet"),
    "copies": ("{bound} copies of any one card", "{bound} exemplaires d'une même carte"),
    "required": ("the deck must hold {cards}", "le paquet doit contenir {cards}"),
    "one_of": ("one of {cards}", "l'une de {cards}"),
    "banned": ("these may not be in a deck: {cards}", "ces cartes sont interdites : {cards}"),
    "restricted": ("at most 1 copy of each of {cards}", "au plus 1 exemplaire de {cards}"),
    "advice": (
        "advice: a deck that breaks it is still legal",
        "conseil : un paquet qui l'enfreint reste valide",
    ),
    "no_rules": (
        "No deck building: the game is played with the cards of the box.",
        "Pas de construction de paquet : on joue avec les cartes de la boîte.",
    ),
    "example": ("Example {type}: {name}", "Exemple de carte {type} : {name}"),
    "in_box": ("{count} in the box.", "{count} dans la boîte."),
    "one_of_values": ("one of {values}", "au choix : {values}"),
    "term": ("Term", "Terme"),
    "meaning": ("Meaning", "Définition"),
}
"""Each phrase: English, French."""

_KINDS: dict[str, tuple[str, str]] = {
    "die": ("die", "dé"),
    "token": ("token", "jeton"),
    "board": ("board", "plateau"),
    "mat": ("mat", "tapis"),
    "piece": ("piece", "pion"),
    "counter": ("counter", "compteur"),
    "tuckbox": ("tuck box", "boîte"),
}
"""A component's kind as a word: English, French."""


@dataclass(frozen=True)
class RulebookWords:
    """What the generated sections say, in one language."""

    language: int
    """Which of each phrase's translations: 0 English, 1 French."""

    def __getitem__(self, phrase: str) -> str:
        """A phrase in this language (`words["at_most"].format(n=9)`)."""
        return _PHRASES[phrase][self.language]

    def kind(self, kind: str) -> str:
        """A component's kind as a word (its id when no word is known)."""
        known = _KINDS.get(kind)
        return known[self.language] if known else kind

    def per(self, owner: str) -> str:
        """How many sets a component's owner has: one per player, per team, or one."""
        return self[f"per_{owner}"] if owner in ("player", "team") else ""


def rulebook_words(language: str) -> RulebookWords:
    """The words for a game's language (English for a language not known)."""
    return RulebookWords(1 if base_language(language) == "fr" else 0)
