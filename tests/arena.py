"""A tiny game for the gallery, report and diff tests: two types, a duel on two stats, an
overpower cycle, a card whose name and text are HTML, one whose text overflows (RN101), one
with a lint finding (TX102), and a deck list with an unknown card."""

from __future__ import annotations

import textwrap
from pathlib import Path

ARENA_GAME = """\
id: arena
name: Arena <Test> & Co
description: A tiny game for the gallery tests.
players: {min: 2, max: 2}
constructed: true
types:
  hero:
    label: Hero
    fields:
      power: {type: int, min: 0, max: 6, label: Power, description: Power.}
      speed: {type: int, min: 0, max: 6, label: Speed, description: Speed.}
      element: {type: choice, choices: [fire, water, earth], label: Element, description: Element.}
  spell:
    label: Spell
    fields:
      cost: {type: int, min: 0, max: 5, label: Cost, description: Cost.}
      school: {type: choice, choices: [light, shadow], label: School, description: School.}
deck_rules:
  - {id: one-hero, kind: count, where: {type: hero}, min: 1, label: Heroes, message: A Hero.}
glossary:
  entries:
    - {term: Fireball, kind: term, variants: [Fire Ball]}
duel: {label: Hero Duel, dice: 2d6, stats: [power, speed], where: {type: hero}}
overpower: {field: element, cycle: [fire, earth, water], bonus: 1, where: {type: hero}}
"""

EVIL_NAME = "<script>alert(1)</script> Imp"
EVIL_TEXT = "<img src=x onerror=alert(2)> Bites."
LONG_TEXT = " ".join(["Walls of words, words of walls, and still more words."] * 40)

ARENA_CARDS = f"""\
name,type,copies,power,speed,element,cost,school,text
Aria,hero,2,5,2,fire,,,Leads the party.
Borin,hero,1,2,6,water,,,
{EVIL_NAME},hero,1,3,3,earth,,,"{EVIL_TEXT}"
Fireball,spell,3,,,,2,light,Deal 2 damage.
Frost Bolt,spell,2,,,,1,shadow,Cast a Fire Ball at a foe.
Wall of Words,spell,1,,,,5,light,"{LONG_TEXT}"
"""

ARENA_DECK = """\
# game: arena
2 Aria
1 Borin
3 Fireball
1 Nonexistent Card
"""

SMALL_LAYOUT = "extends: builtin:card\ndpi: 50\n"
TYPES = {"hero": 4, "spell": 6}
"""Copies of each type in the box."""


def write_arena(root: Path, cards: str = ARENA_CARDS) -> Path:
    """Write the arena project under `root`; returns `root`."""
    folder = root / "decks" / "arena"
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(textwrap.dedent(ARENA_GAME), encoding="utf-8")
    (folder / "cards.csv").write_text(cards, encoding="utf-8")
    (folder / "decks" / "first.txt").write_text(ARENA_DECK, encoding="utf-8")
    layouts = root / "layouts" / "arena"
    layouts.mkdir(parents=True, exist_ok=True)
    for type_id in TYPES:
        (layouts / f"{type_id}.yaml").write_text(SMALL_LAYOUT, encoding="utf-8")
    return root
