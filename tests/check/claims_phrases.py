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
        "Each player builds a {deck} of {q}.",
        "Your {deck} must contain {q}.",
        "A legal {deck} has {q}.",
        "When you build your {deck}, include {q}.",
        "{decks} are made of {q} (shuffle them well).",
        "{deck} size: {q}.",
        "Your {deck} is made up of {q}.",
    ),
    "deck_range": (
        "{decks} hold between {a} and {b} cards.",
        "Build a {deck} of {a} to {b} cards.",
        "A {deck} contains from {a} to {b} cards.",
        "{deck} size: {a} to {b} cards.",
    ),
    "cap": (
        "A {deck} may include {q}.",
        "Your {deck} can hold {q}.",
        "You may put {q} in a {deck}.",
        "Each {deck} contains {q}.",
        "When building, a {deck} has {q}.",
        "You may put {q} in your {deck}.",
        "Each {deck} holds {q}.",
    ),
    "variant_cap": ("A {deck} may include {q}.", "Your {deck} can hold {q}."),
    "copies": (
        "A {deck} may include {q} of each card.",
        "You may play {q} of the same card in a {deck}.",
        "Decks contain {q} of any one card.",
    ),
    "field": (
        "{Plural} have {q}.",
        "A {label} has {q}.",
        "Each {label} carries {q}.",
        "{Plural} are the heart of the game. They may only have {q}.",
        "{Plural} never have more than {n} {stat}.",
        "The {stat} of a {label} is at most {n}.",
    ),
    "hand": (
        "Each player draws {n} cards.",
        "Deal {n} cards to each player.",
        "Shuffle your deck and draw a hand of {n}.",
        "Draw {n} cards to form your opening hand.",
        "Each player is dealt {n} cards.",
        "Deal {n} to each player.",
        "Starting hand: {n} cards.",
        "Hand size: {n}.",
        "At the end of your turn, draw back up to a hand of {n}.",
    ),
    "deal": (
        "With {a} to {b} players, deal {n} cards to each player.",
        "{a}-{b} players: {n} cards each.",
        "At {a} to {b} players, each player receives {n} cards.",
        "Playing with {a} to {b}? Deal {n} cards to each player.",
    ),
    "deal_one": (
        "With {a} players, deal {n} cards each.",
        "In a {a}-player game, each player starts with {n} cards.",
    ),
    "players": (
        "A game for {a} to {b} players.",
        "Play with {a} to {b} players.",
        "Players: {a}-{b}",
        "For {a}-{b} players, ages 10 and up.",
        "{a}–{b} players · 45 min.",
        "Minimum players: {a}. Maximum players: {b}.",
    ),
    "pile": (
        "Make a {pile} of {n} cards.",
        "The {pile} holds {n} cards.",
        "Set up the {pile} with {n} cards, face up.",
        "Lay out {n} cards face up as the {pile}.",
        "{pile}: {n} cards.",
        "Reveal {n} cards: they form the {pile}.",
        "The {pile} pile starts with {n} cards.",
    ),
    "box": (
        "The box contains {n} {Plural}.",
        "The game comes with {n} {Plural}.",
        "Contents: {n} {Plural}.",
        "Inside: {n} {Plural}.",
        "You'll find {n} {Plural} in the game.",
    ),
    "box_list": ("- {n} {Plural}", "- {n} x {Label}"),
    "field_range": (
        "A {label}'s {stat} ranges from {a} to {b}.",
        "{stat} on a {label} goes from {a} to {b}.",
    ),
    "teams": ("Form {n} teams of equal size.", "The players split into {n} teams."),
    "deal_list": ("Cards dealt: {n1} ({a1}-{b1} players), {n2} ({a2}-{b2} players).",),
    "counter_start": (
        "Each player's {counter} starts at {n}.",
        "You start the game with {n} {counter}.",
    ),
    "counter_range": (
        "The {counter} track runs from {a} to {b}.",
        "{Counter} goes from {a} to {b}.",
    ),
    "counter_cap": ("You can never have more than {n} {counter}.", "{Counter} is limited to {n}."),
}
FR = {
    "deck": (
        "Chaque joueur construit un {deck} de {q}.",
        "Un {deck} contient {q}.",
        "Ton {deck} doit compter {q}.",
        "Taille du {deck} : {q}.",
        "Votre {deck} compte {q}.",
        "Un {deck} se compose de {q}.",
    ),
    "deck_range": (
        "Un {deck} contient entre {a} et {b} cartes.",
        "Construisez un {deck} de {a} à {b} cartes.",
        "Taille du {deck} : de {a} à {b} cartes.",
        "Le {deck} doit contenir entre {a} et {b} cartes.",
    ),
    "cap": (
        "Un {deck} peut contenir {q}.",
        "Ton {deck} compte {q}.",
        "Vous pouvez mettre {q} dans votre {deck}.",
        "Chaque {deck} peut contenir {q}.",
    ),
    "variant_cap": ("Un {deck} peut contenir {q}.",),
    "copies": ("Un {deck} contient {q} d'une même carte.",),
    "field": (
        "Les {plural} ont {q}.",
        "Un {label} a {q}.",
        "Aucun {label} n'a plus de {n} {stat}.",
    ),
    "hand": (
        "Chaque joueur pioche {n} cartes.",
        "Distribuez {n} cartes à chaque joueur.",
        "Chacun commence avec une main de {n} cartes.",
        "Main de départ : {n} cartes.",
        "Mélangez votre paquet et piochez {n} cartes.",
        "En fin de tour, complétez votre main à {n} cartes.",
    ),
    "deal": (
        "{a} à {b} joueurs : {n} cartes par joueur.",
        "De {a} à {b} joueurs, donnez {n} cartes à chaque joueur.",
        "Pour {a} à {b} joueurs : {n} cartes chacun.",
    ),
    "deal_one": (
        "{a} joueurs : {n} cartes par personne.",
        "À {a} joueurs, chacun reçoit {n} cartes.",
    ),
    "players": (
        "Un jeu pour {a} à {b} joueurs.",
        "De {a} à {b} joueurs.",
        "{a}–{b} joueurs, 45 minutes.",
        "Le jeu se joue de {a} à {b} joueurs.",
    ),
    "pile": (
        "Formez une pile {pile} de {n} cartes.",
        "Le {pile} compte {n} cartes.",
        "La pioche {pile} compte {n} cartes.",
        "Mélangez {n} cartes pour former le {pile}.",
        "{pile} : {n} cartes face cachée.",
        "La pioche {pile} commence avec {n} cartes.",
    ),
    "box": (
        "La boîte contient {n} cartes {Label}.",
        "Matériel : {n} cartes {Label}.",
        "Il y a {n} cartes {Label} dans la boîte.",
        "On trouve {n} cartes {Label} dans le jeu.",
    ),
    "box_list": ("- {n} cartes {Label}",),
    "field_range": (
        "La {stat} d'un {label} est comprise entre {a} et {b}.",
        "La {stat} d'un {label} va de {a} à {b}.",
    ),
    "teams": ("Formez {n} équipes aussi égales que possible.", "Répartissez-vous en {n} équipes."),
    "deal_list": (
        "Cartes distribuées : {n1} chacun de {a1} à {b1} joueurs, {n2} chacun de {a2} à {b2}.",
    ),
    "counter_start": ("Chaque joueur commence avec {n} {counter}.",),
    "counter_range": ("Le {counter} va de {a} à {b}.",),
    "counter_cap": (
        "On ne peut pas avoir plus de {n} {counter}.",
        "Le {counter} est limité à {n}.",
    ),
}
EVAL_ONLY: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "deck": ("No {deck} may be larger than {n} cards.", "Players bring {decks} of {q}."),
        "cap": ("{Plural} are limited: a {deck} holds {q}.", "{q} may go into a {deck}."),
        "field": (
            "A {label} can never have more than {n} {stat}.",
            "No {label} ever has more than {n} {stat}.",
        ),
        "hand": (
            "To begin, every player takes {n} cards from the top of their deck.",
            "Each player begins with {n} cards in hand.",
        ),
        "players": ("Between {a} and {b} players can play.", "Supports {a} to {b} players."),
        "pile": (
            "Stack {n} cards to form the {pile}.",
            "Place {n} cards face down; this is the {pile}.",
        ),
        "box": ("In the box you will find {n} {Plural}.", "This box holds {n} {Plural}."),
        "deal": (
            "With {a} to {b} at the table, everyone is dealt {n} cards.",
            "{a} to {b} at the table? Hand out {n} cards apiece.",
        ),
        "deal_one": ("In a {a}-player game, everyone gets {n} cards.",),
        "counter_start": ("Everyone begins with {n} {counter}.",),
        "counter_cap": ("{Counter} tops out at {n}.",),
        "field_range": ("A {label} has a {stat} between {a} and {b}.",),
        "deck_range": ("{deck} size is {a} to {b} cards.",),
    },
    "fr": {
        "hand": (
            "Au début de la partie, chaque joueur prend {n} cartes.",
            "Chacun pioche {n} cartes pour former sa main de départ.",
        ),
        "players": ("Pour {a} à {b} joueurs.", "De {a} à {b} joueurs, dès 10 ans."),
        "cap": (
            "Les {plural} sont limités : un {deck} en contient {q}.",
            "Chaque {deck} peut embarquer {q}.",
        ),
        "deck": ("Le {deck} de chaque joueur compte {q}.",),
        "counter_range": ("Le {counter} est compris entre {a} et {b}.",),
        "counter_cap": ("Le {counter} ne peut jamais dépasser {n}.",),
        "pile": ("Le {pile} se compose de {n} cartes.",),
        "field": ("Un {label} ne dépasse jamais {n} {stat}.",),
        "box": ("Dans la boîte : {n} cartes {Label}.",),
        "deal": (
            "À {a}-{b} joueurs, chacun reçoit {n} cartes.",
            "Partie à {a}-{b} joueurs : chacun reçoit {n} cartes.",
        ),
        "deck_range": ("La taille d'un {deck} va de {a} à {b} cartes.",),
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
