"""A game whose card names, texts and choice values carry HTML: quotes of both kinds, `<`,
`>`, `&` and attribute payloads that would run script if they ever left their attribute."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tests.oracles.games import SMALL

PAYLOAD_TEXT = 'Aria leads " onmouseover="alert(3)" x.'
MOODS = ['calm "quiet"', "<wild> & free", "x' onmouseover='alert(4)' y"]
CARDS = [
    # name, mood, text
    ('Aria "the" Bold', MOODS[0], PAYLOAD_TEXT),
    ("O'Brien & <Sons>", MOODS[1], "Deals 2 & draws <1>."),
    ('Echo " onmouseover="alert(5)', MOODS[2], "It's 'quoted' & \"double\" > all."),
    ("Plain Card", MOODS[0], "Nothing odd here."),
]
GAME = f"""\
id: xss
name: Payload <Game> & "Co"
description: Names and texts that are HTML & 'quotes' & "quotes".
players: {{min: 2, max: 2}}
types:
  hero:
    label: Hero "<b>"
    fields:
      mood:
        type: choice
        choices: {json.dumps(MOODS)}
        description: How it feels.
"""


def write_payload_game(root: Path) -> Path:
    """The project under `root`; returns `root`."""
    folder = root / "decks" / "xss"
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["name", "type", "copies", "mood", "text"])
    writer.writerows([name, "hero", 1, mood, text] for name, mood, text in CARDS)
    (folder / "cards.csv").write_text(buffer.getvalue(), encoding="utf-8")
    layouts = root / "layouts" / "xss"
    layouts.mkdir(parents=True, exist_ok=True)
    (layouts / "hero.yaml").write_text(SMALL, encoding="utf-8")
    return root
