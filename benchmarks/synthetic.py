"""A synthetic game of N cards for benchmarks: Shards of the Artisan's rules and layouts,
with N cards made from its pool (each a new name, its stats and text shuffled a little).

`make_game(folder, n)` writes a project into `folder` (decks/synth and layouts/synth) and
returns its root. Same n, same files.
"""

from __future__ import annotations

import csv
import io
import random
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATS = ("agility", "vitality", "luck", "magic", "charisma")


def make_game(folder: Path, n: int, seed: int = 11) -> Path:
    rng = random.Random(seed)
    game_dir = folder / "decks" / "synth"
    game_dir.mkdir(parents=True, exist_ok=True)
    text = (ROOT / "decks" / "shards" / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("id: shards", "id: synth", 1)
    head, _, rest = text.partition("\nbox:")
    # no box and no table setup: its piles deal each player a deck list this game has not
    tail = rest[rest.index("\nglossary:") :] if "\nglossary:" in rest else ""
    (game_dir / "game.yaml").write_text(head + tail, encoding="utf-8")
    shutil.copyfile(ROOT / "decks" / "shards" / "rules.md", game_dir / "rules.md")
    with (ROOT / "decks" / "shards" / "cards.csv").open(encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    for i in range(n):
        row = dict(rows[i % len(rows)])
        row["name"] = f"{row['name']} {i:05d}"
        row["copies"] = "1"
        if row["twin"]:  # a twin's partner is not in the game: a standard character
            row["twin"] = ""
            row["variant"] = "standard"
            row["half"] = ""  # a standard character is no half of a pair
        for stat in STATS:
            if row.get(stat):
                row[stat] = str(max(0, min(10, int(row[stat]) + rng.choice((-1, 0, 0, 1)))))
        writer.writerow(row)
    (game_dir / "cards.csv").write_text(out.getvalue(), encoding="utf-8")
    layouts = folder / "layouts" / "synth"
    if layouts.exists():
        shutil.rmtree(layouts)
    shutil.copytree(ROOT / "layouts" / "shards", layouts)
    return folder
