"""The words a Tabletop Simulator table writes itself (seat colours, hand zones, the box
pile, the save's note, the Notebook), in the game's `language`: English and French, in
one place. A language neither knows is written in English.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.model.number_words import base_language


@dataclass(frozen=True)
class TableWords:
    """One language's words for a table."""

    colours: dict[str, str]
    hand: str
    """A hand zone's name: `{colour}` the seat's colour."""
    rest: str
    note: str
    """The save's note: `{game}` and `{players}`."""
    setup_tab: str
    rules_tab: str
    set_up_for: str
    """`{game}`, `{players}`."""
    hand_size: str
    """`{count}`."""
    deal: str
    """`{players}`, `{each}`, `{boxes}` (`from_boxes` or ''), `{label}`."""
    from_boxes: str
    """`{boxes}`."""
    deck: str
    """`{name}`: the deck list a seat's piles come from."""
    no_pile: str
    middle: str
    ends: str
    off_side: str
    counter: str
    """`{label}`, `{whose}`, `{start}`."""
    each_player: str
    each_team: str
    shared: str
    start_field: str
    """`{field}`, `{owner}`, `{card}`."""
    owner_player: str
    owner_shared: str
    card: str
    notes: str
    turns: str
    """`{order}`."""
    face_up: str
    face_down: str
    cards: tuple[str, str]
    """One card, several cards."""
    rules: str
    """`{source}`: where the rules come from."""
    colon: str
    """What comes between a name and what it has (French puts a space before `:`)."""

    def colour(self, name: str) -> str:
        """A TTS seat colour's name in the language."""
        return self.colours.get(name, name)


ENGLISH = TableWords(
    colours={},
    hand="{colour}'s hand",
    rest="Rest of the box",
    note="{game} for {players} players: the Notebook has the setup and the rules.",
    setup_tab="Setup",
    rules_tab="Rules",
    set_up_for="{game}, set up for {players} players.",
    hand_size="Starting hand: {count} cards each.",
    deal="Deal for {players} players: {each} cards each{boxes}, face down, as the pile"
    " {label!r} in front of each player.",
    from_boxes=", from {boxes} boxes",
    deck=" (deck: {name})",
    no_pile="no pile of their own",
    middle="In the middle",
    ends="At the ends of the play area",
    off_side="Off to the side",
    counter="Counter: {label} ({whose}, starts at {start}).",
    each_player="each player",
    each_team="each team",
    shared="shared",
    start_field="the {field} of {owner} {card}",
    owner_player="the player's",
    owner_shared="the",
    card="card",
    notes="Setup notes:",
    turns="Turn order: {order}.",
    face_up="face up",
    face_down="face down",
    cards=("card", "cards"),
    rules="Rules: {source}",
    colon=": ",
)

FRENCH = TableWords(
    colours={
        "White": "Blanc",
        "Red": "Rouge",
        "Blue": "Bleu",
        "Green": "Vert",
        "Yellow": "Jaune",
        "Orange": "Orange",
        "Purple": "Violet",
        "Pink": "Rose",
        "Teal": "Turquoise",
        "Brown": "Marron",
    },
    hand="Main de {colour}",
    rest="Reste de la boîte",
    note="{game} pour {players} joueurs : le Bloc-notes contient la mise en place et les règles.",
    setup_tab="Mise en place",
    rules_tab="Règles",
    set_up_for="{game}, mis en place pour {players} joueurs.",
    hand_size="Main de départ : {count} cartes chacun.",
    deal="Distribution pour {players} joueurs : {each} cartes chacun{boxes}, face cachée,"
    " en une pile {label!r} devant chaque joueur.",
    from_boxes=", de {boxes} boîtes",
    deck=" (paquet : {name})",
    no_pile="aucune pile à lui",
    middle="Au milieu",
    ends="Aux deux bouts de l'espace de jeu",
    off_side="Sur le côté",
    counter="Compteur : {label} ({whose}, commence à {start}).",
    each_player="un par joueur",
    each_team="un par équipe",
    shared="commun",
    start_field="la valeur {field} de {owner} ({card})",
    owner_player="la carte du joueur",
    owner_shared="la carte",
    card="carte",
    notes="Notes de mise en place :",
    turns="Ordre du tour : {order}.",
    face_up="face visible",
    face_down="face cachée",
    cards=("carte", "cartes"),
    rules="Règle : {source}",
    colon=" : ",
)

_WORDS = {"en": ENGLISH, "fr": FRENCH}


def table_words(language: str) -> TableWords:
    """The words for a game in `language` (English for a language not known here)."""
    return _WORDS.get(base_language(language), ENGLISH)
