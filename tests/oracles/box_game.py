"""A whole box the tests generate, not one of the five examples: cards in three sizes
(poker portrait, tarot 70 x 120 mm, landscape 88 x 63 mm, each with a back of its own
size), a round token drawn from layouts on both faces, a hex token with no layout, a board
from a square grid with kinds of cell of its own, a player mat drawn from a layout, a
custom d6, a counter and a tuck box.

`box_game(root, seed)` writes it and returns a `BoxSpec`: the sizes and counts it chose,
in mm, for the tests to hold the outputs against (never cardgen's own numbers).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

GAME_ID = "boxed"
LAYOUT_DPI = 60
"""Small layouts: quick to draw, still distinct."""


@dataclass(frozen=True)
class BoxSpec:
    """What `box_game` wrote, in the test's own numbers (mm)."""

    card_sizes: dict[str, tuple[float, float]]
    """Each card type's trim (width, height)."""
    copies: dict[str, int]
    """Each card type's copies in the pool."""
    round_token: float
    """The round token's diameter."""
    round_designs: dict[str, int]
    """The round token's designs: name -> count."""
    hex_token: float
    """The hex token's size (flat side to flat side)."""
    hex_count: int
    cell: float
    """The board's square cell side."""
    board_rows: list[str]
    mat: tuple[float, float]
    die_edge: float
    die_faces: list[str]
    counter_start: int
    counter_range: tuple[int, int]
    tuck_holds: int
    """How many hero cards the tuck box holds."""
    card_thickness: float
    clearance: float


def box_game(root: Path, seed: int = 0) -> BoxSpec:
    """Write the generated box into the project at `root` (decks/boxed, layouts/boxed)."""
    rng = random.Random(seed)
    sizes = {"hero": (63.5, 88.9), "relic": (70.0, 120.0), "place": (88.0, 63.0)}
    copies = {kind: rng.randint(2, 5) for kind in sizes}
    round_token = float(rng.choice([20, 25, 30]))
    designs = {f"Coin {n}": rng.randint(2, 8) for n in (1, 5)}
    hex_token = float(rng.choice([22, 28]))
    hex_count = rng.randint(3, 9)
    cell = float(rng.choice([20, 25]))
    width, height = rng.randint(4, 7), rng.randint(3, 5)
    board_rows = [  # water (no entry) only on the right edge of odd rows: all connected
        " ".join(
            "h" if (r, c) == (0, 0) else "w" if r % 2 and c == width - 1 else rng.choice("ssr")
            for c in range(width)
        )
        for r in range(height)
    ]
    mat = (float(rng.choice([180, 220])), float(rng.choice([120, 140])))
    die_faces = ["Sun", "Moon", "Star", "1", "2", "3"]
    rng.shuffle(die_faces)
    start = rng.randint(0, 3)
    thickness, clearance = 0.3, 1.0
    holds = copies["hero"] + rng.randint(0, 20)
    folder = root / "decks" / GAME_ID
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    layouts = root / "layouts" / GAME_ID
    layouts.mkdir(parents=True, exist_ok=True)
    game = [
        f"id: {GAME_ID}",
        "name: Boxed Game",
        "players: {min: 2, max: 4}",
        "types:",
        *(f"  {kind}: {{label: {kind.title()}, back: {kind}}}" for kind in sizes),
        "backs:",
        *(f"  {kind}: {{label: Boxed, color: '#20304a', accent: '#e0c060'}}" for kind in sizes),
        "teams:",
        "  - {id: sun, label: Sun, color: '#e0a020'}",
        "  - {id: moon, label: Moon, color: '#4060c0'}",
        "components:",
        f"  - kind: token\n    id: coin\n    label: Coin\n    shape: circle\n"
        f"    size: {round_token:g}mm\n    front: coin\n    back: coin-back\n    bag: true\n"
        "    items:\n"
        + "".join(
            f"      - {{values: {{name: '{name}', value: {name.split()[1]}}}, count: {n}}}\n"
            for name, n in designs.items()
        ).rstrip("\n"),
        f"  - {{kind: token, id: ward, label: Ward, shape: hex, size: {hex_token:g}mm,"
        f" count: {hex_count}, owner: player, color: '#8fd0a0'}}",
        "  - {kind: board, id: map, label: Map, grid: board.yaml}",
        f"  - {{kind: mat, id: camp, label: Camp, size: {mat[0]:g}mm x {mat[1]:g}mm,"
        " layout: camp, values: {title: Camp}}",
        "  - kind: die\n    id: omen\n    label: Omen die\n    owner: player\n    sides: 6\n"
        "    size: 16mm\n    faces:\n"
        + "".join(f"      - {{text: '{face}'}}\n" for face in die_faces).rstrip("\n"),
        f"  - {{kind: counter, id: fame, label: Fame, owner: player, start: {start},"
        f" min: 0, max: {start + 20}}}",
        f"  - {{kind: tuckbox, id: hero-box, label: Hero box, where: {{type: hero}},"
        f" holds: {holds}, card_thickness: {thickness}mm, clearance: {clearance}mm}}",
    ]
    (folder / "game.yaml").write_text("\n".join(game) + "\n", encoding="utf-8")
    rows = ["name,type,copies,text"]
    for kind in sizes:
        rows += [
            f"{kind.title()} {n},{kind},{copies[kind] if n == 1 else 1},A {kind}." for n in (1,)
        ]
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (folder / "board.yaml").write_text(
        "name: Map\ngrid: square\n"
        f"cell_size: {cell:g}mm\n"
        "kinds:\n"
        "  water: {label: Water, fill: '#3070c0', height: null, thickness: 2mm}\n"
        "  sand: {label: Sand, fill: '#e0c890', height: 0, thickness: 2mm,"
        " states: {sun: '#f0c040', moon: '#6080e0'}}\n"
        "  rock: {label: Rock, fill: '#707070', height: 1, thickness: 4mm}\n"
        "  home: {label: Home, fill: '#ffffff', ring: '#e0a020', height: 0, team: sun}\n"
        "legend: {w: water, s: sand, r: rock, h: home}\n"
        "rows:\n" + "".join(f'  - "{row}"\n' for row in board_rows),
        encoding="utf-8",
    )
    for kind, (w, h) in sizes.items():
        size = f"size: {w:g}mm x {h:g}mm\ndpi: {LAYOUT_DPI}\n"
        text = "  title: {kind: text, x: 5mm, y: 5mm, width: 40mm, height: 10mm, text: '%s'}\n"
        (layouts / f"{kind}.yaml").write_text(
            f"{size}background: '#f4f0e0'\nelements:\n" + text % "{name}", encoding="utf-8"
        )
        (layouts / f"back-{kind}.yaml").write_text(
            f"{size}background: '#20304a'\nelements:\n" + text % "{back_label}",
            encoding="utf-8",
        )
    face = (
        f"size: {round_token:g}mm x {round_token:g}mm\ndpi: {LAYOUT_DPI}\nbleed: 1mm\n"
        "background: '#f0e0a0'\nelements:\n"
        "  value: {kind: text, x: 0, y: 30%, width: 100%, height: 40%, text: '{value}',"
        " size: 14, align: center}\n"
    )
    (layouts / "coin.yaml").write_text(face, encoding="utf-8")
    (layouts / "coin-back.yaml").write_text(
        face.replace("'{value}'", "'{name}'").replace("#f0e0a0", "#a07030"), encoding="utf-8"
    )
    (layouts / "camp.yaml").write_text(
        f"size: {mat[0]:g}mm x {mat[1]:g}mm\ndpi: 50\nbackground: '#d8e8d0'\nelements:\n"
        "  title: {kind: text, x: 10mm, y: 10mm, width: 80mm, height: 20mm, text: '{title}',"
        " size: 24}\n",
        encoding="utf-8",
    )
    return BoxSpec(
        card_sizes=sizes,
        copies=copies,
        round_token=round_token,
        round_designs=designs,
        hex_token=hex_token,
        hex_count=hex_count,
        cell=cell,
        board_rows=board_rows,
        mat=mat,
        die_edge=16.0,
        die_faces=die_faces,
        counter_start=start,
        counter_range=(0, start + 20),
        tuck_holds=holds,
        card_thickness=thickness,
        clearance=clearance,
    )
