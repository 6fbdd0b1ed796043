"""The phrase grammar of the generated rules texts (`claims_texts`): how designers state each
kind of number (qualifier forms before or after, list forms, ranges, passives, `each player`,
parentheticals), in English and French, the sentences whose numbers count nothing, and the
section titles. `EVAL_ONLY` and `Q_EVAL` are reserved for the evaluation sample."""

from __future__ import annotations

Q_EN = {
    "max": (
        "at most {n} {x}",
        "up to {n} {x}",
        "no more than {n} {x}",
        "a maximum of {n} {x}",
        "{n} {x} at most",
        "{n} or fewer {x}",
        "a max of {n} {x}",
        "{n} {x} max",
    ),
    "min": ("at least {n} {x}", "{n} or more {x}", "a minimum of {n} {x}", "no fewer than {n} {x}"),
    "exact": ("exactly {n} {x}", "{n} {x}"),
}
Q_FR = {
    "max": (
        "au plus {n} {x}",
        "jusqu'à {n} {x}",
        "{n} {x} au maximum",
        "pas plus de {n} {x}",
        "au maximum {n} {x}",
    ),
    "min": ("au moins {n} {x}", "{n} {x} au minimum", "un minimum de {n} {x}"),
    "exact": ("exactement {n} {x}", "{n} {x}"),
}
Q_EVAL: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "max": ("not more than {n} {x}", "a maximum {n} {x}"),
        "min": ("{n} {x} or more", "not less than {n} {x}"),
        "exact": ("precisely {n} {x}",),
    },
    "fr": {"max": ("{n} {x} au plus",), "min": ("{n} {x} au moins",), "exact": ("{n} {x}",)},
}

EN = {
    "deck": (
        "Each player builds a deck of {q}.",
        "Your deck must contain {q}.",
        "A legal deck has {q}.",
        "When you build your deck, include {q}.",
        "Decks are made of {q} (shuffle them well).",
    ),
    "deck_range": (
        "Decks hold between {a} and {b} cards.",
        "Build a deck of {a} to {b} cards.",
        "A deck contains from {a} to {b} cards.",
    ),
    "cap": (
        "A deck may include {q}.",
        "Your deck can hold {q}.",
        "You may put {q} in a deck.",
        "Each deck contains {q}.",
        "When building, a deck has {q}.",
    ),
    "variant_cap": ("A deck may include {q}.", "Your deck can hold {q}."),
    "copies": (
        "A deck may include {q} of each card.",
        "You may play {q} of the same card in a deck.",
        "Decks contain {q} of any one card.",
    ),
    "field": (
        "{Plural} have {q}.",
        "A {label} has {q}.",
        "Each {label} carries {q}.",
        "{Plural} are the heart of the game. They may only have {q}.",
    ),
    "hand": (
        "Each player draws {n} cards.",
        "Deal {n} cards to each player.",
        "Shuffle your deck and draw a hand of {n}.",
        "Draw {n} cards to form your opening hand.",
        "Each player is dealt {n} cards.",
        "Deal {n} to each player.",
    ),
    "deal": (
        "With {a} to {b} players, deal {n} cards to each player.",
        "{a}-{b} players: {n} cards each.",
    ),
    "deal_one": ("With {a} players, deal {n} cards each.",),
    "players": (
        "A game for {a} to {b} players.",
        "Play with {a} to {b} players.",
        "Players: {a}-{b}",
        "For {a}-{b} players, ages 10 and up.",
    ),
    "pile": (
        "Make a {pile} of {n} cards.",
        "The {pile} holds {n} cards.",
        "Set up the {pile} with {n} cards, face up.",
    ),
    "box": ("The box contains {n} {Plural}.", "The game comes with {n} {Plural}."),
    "box_list": ("- {n} {Plural}", "- {n} x {Label}"),
}
FR = {
    "deck": (
        "Chaque joueur construit un paquet de {q}.",
        "Un paquet contient {q}.",
        "Ton paquet doit compter {q}.",
    ),
    "deck_range": (
        "Un paquet contient entre {a} et {b} cartes.",
        "Construisez un paquet de {a} à {b} cartes.",
    ),
    "cap": ("Un paquet peut contenir {q}.", "Ton paquet compte {q}."),
    "variant_cap": ("Un paquet peut contenir {q}.",),
    "copies": ("Un paquet contient {q} d'une même carte.",),
    "field": ("Les {plural} ont {q}.", "Un {label} a {q}."),
    "hand": (
        "Chaque joueur pioche {n} cartes.",
        "Distribuez {n} cartes à chaque joueur.",
        "Chacun commence avec une main de {n} cartes.",
    ),
    "deal": ("{a} à {b} joueurs : {n} cartes par joueur.",),
    "deal_one": ("{a} joueurs : {n} cartes par personne.",),
    "players": ("Un jeu pour {a} à {b} joueurs.", "De {a} à {b} joueurs."),
    "pile": ("Formez une pile {pile} de {n} cartes.", "Le {pile} compte {n} cartes."),
    "box": ("La boîte contient {n} cartes {Label}.",),
    "box_list": ("- {n} cartes {Label}",),
}
EVAL_ONLY: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "deck": ("No deck may be larger than {n} cards.", "Players bring decks of {q}."),
        "cap": ("{Plural} are limited: a deck holds {q}.",),
        "field": ("A {label} can never have more than {n} {stat}.",),
        "hand": ("To begin, every player takes {n} cards from the top of their deck.",),
        "players": ("Between {a} and {b} players can play.",),
        "pile": ("Stack {n} cards to form the {pile}.",),
        "box": ("In the box you will find {n} {Plural}.",),
    },
    "fr": {
        "hand": ("Au début de la partie, chaque joueur prend {n} cartes.",),
        "players": ("Pour {a} à {b} joueurs.",),
        "cap": ("Les {plural} sont limités : un paquet en contient {q}.",),
    },
}
"""Templates only the evaluation sample uses (never tuned on)."""

NOISE = {
    "en": (
        "On Turn 2, the first player may act twice.",
        "Roll 2 dice and add +3 to the total.",
        "The 2 players sit opposite each other.",
        "Player 1 goes first.",
        "A {label} costs 3 to play.",
        "Move up to 4 spaces.",
        "Deal 2 damage to a {label}.",
        "Draw 2 cards at the end of your turn.",
        "Score 1 point for each {label} in play.",
        "The game lasts 5 rounds.",
        "See page 12 for an example.",
        "Gain up to 3 {stat}.",
        "Discard 2 cards from your hand.",
        "Keep up to 7 cards in hand at the end of a turn.",
    ),
    "fr": (
        "Au tour 2, le premier joueur rejoue.",
        "Lancez 2 dés et ajoutez +3.",
        "Le joueur 1 commence.",
        "Un {label} coûte 3 pour être joué.",
        "La partie dure 5 manches.",
        "Voir page 12.",
        "Piochez 2 cartes à la fin du tour.",
    ),
}
SECTIONS = {
    "en": {
        "box": "Components",
        "deck": "Building a deck",
        "types": "Card types",
        "setup": "Setup",
        "play": "How to play",
    },
    "fr": {
        "box": "Matériel",
        "deck": "Construire son paquet",
        "types": "Les cartes",
        "setup": "Mise en place",
        "play": "Déroulement",
    },
}
