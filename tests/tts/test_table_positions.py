"""Where every object of an exported TTS table lies, against positions worked out here.

Nothing below imports the numbers or helpers of the code it checks (`table.py`, `seats.py`,
`board.py`, `mod.py`, `sheets.py`): each number is written out with where it comes from,
and the geometry is worked out from the rules the docs and docstrings state:

- a card at scale 1 is 56 x 80 mm (tts-format.md 3.7, DECKCONV's default card); the
  built-in card layout is poker size, 63.5 x 88.9 mm (`cardgen/layouts/card.yaml`), so a
  pile is scaled by (63.5 / 56, 88.9 / 80); a table unit is an inch;
- the Saved Object lays each group (each deck of `box.decks`, or the box) out as a row of
  piles, centred on x 0, 3.2 units apart at scale 1, rows 5 units apart at scale 1 going
  towards the near side (-z); piles turned 180 about Y (read from the near side), face
  down as rotZ 180 (tts-format.md, Transform); each setup pile takes the matching cards
  not yet taken, in order (docs/rules.md), its sheets named after its label (docs/tts.md);
- on the full save, seat k of n sits on the edge of the table's surface that the direction
  360 k / n degrees round from the near side (clockwise seen from above) meets, its hand
  zone's centre 4.7 / 2 + 0.5 units in from that edge, facing straight across the table,
  kept 0.5 units in from the corners (`seats.py`'s docstring; the table sizes of
  docs/tts.md); `across` runs along the player's right hand, `inward` from the hand zone
  towards the middle. Its piles, then its counters, lie in one centred row 5.5 units in
  front of its hand zone, turned to read right for it; the shared piles lie in the middle,
  the box pile in the near right corner (between the last seat and the first), 1 unit in
  from the surface's margin;
- a Saved Object is centred front to back on the table (what its objects cover).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cardgen.cli.group import main
from tests.conftest import ROOT

Spot = tuple[float, float]
TOL = 1e-3
"""Positions are written to 4 decimals: 0.001 units is exact for them."""

# --- the numbers, each from its source -------------------------------------------------
DEFAULT_CARD_MM = (56.0, 80.0)  # tts-format.md 3.7: DECKCONV's card at scale 1
POKER_MM = (63.5, 88.9)  # `size: poker` of cardgen/layouts/card.yaml (2.5 x 3.5 in)
MM_PER_UNIT = 25.4  # a TTS table unit is an inch (tts-format.md: Thickness "~ 1 inch")
PILE_STEP = 3.2  # units between pile centres in a row at scale 1 (table.py, PILE_SPACING)
ROW_STEP = 5.0  # units between the rows of groups at scale 1 (table.py, GROUP_SPACING)
IN_FRONT = 5.5  # a seat's row of piles, in front of its hand zone (mod.py, SEAT_INWARD)
MIN_ZONE = 10.0  # mod.py: a hand zone is at least 10 units wide, its row of piles + 2
TABLE_SIZES = {"Table_RPG": (58.0, 40.0), "Table_Custom": (88.0, 52.0)}
"""Each table's surface, width (x) by depth (z), in units (docs/tts.md, "Tables": the RPG
table as HexNexus's preview measures it, the Custom Rectangle's felt 7'4" x 4'4")."""
EDGE = 0.5  # tables.py: objects keep 0.5 units in from the surface's edge
CORNER = 1.0  # mod.py: the box pile keeps 1 unit (half each side) from the margin
COUNTER_DEPTH = 1.2  # tables.py: a Counter's footprint is 2 x 1.2 units
SHARED_COUNTER_Z = 1.5  # mod.py: shared counters 2 card-scales + 1.5 units towards the near side
HAND_Y, HAND_HEIGHT, HAND_DEPTH = 4.1, 6.5, 4.7  # a v13.1.1 save's hand zone (seats.py)
TILE = 25 / MM_PER_UNIT  # Splatoon's board.yaml: cell_size 25mm, a hex at its physical size
CLEARANCE = TILE * 0.75 + 0.9  # board.py: a counter stands 0.9 units beyond a tile's edge
COLOURS = [
    "White", "Red", "Blue", "Green", "Yellow", "Orange", "Purple", "Pink", "Teal", "Brown",
]  # fmt: skip
"""TTS's player colours in seat order (docs/tts.md lists the first eight; a v13.1.1 save's
hand zones the ten)."""

POKER_SCALE = (POKER_MM[0] / DEFAULT_CARD_MM[0], POKER_MM[1] / DEFAULT_CARD_MM[1])
SPACING = PILE_STEP * POKER_SCALE[0]
CARD_DEPTH = POKER_MM[1] / MM_PER_UNIT  # a poker card's depth on the table, in units
CARD_WIDTH = POKER_MM[0] / MM_PER_UNIT


# --- geometry worked out here ----------------------------------------------------------
def clockwise(point: Spot, degrees: float) -> Spot:
    """(x, z) turned `degrees` clockwise about the middle, seen from above (+x to the
    right, +z away from the near side)."""
    t = math.radians(degrees)
    x, z = point
    return (x * math.cos(t) + z * math.sin(t), -x * math.sin(t) + z * math.cos(t))


def row(count: int, spacing: float = SPACING) -> list[float]:
    """The offsets of a centred row of `count` piles."""
    return [(c - (count - 1) / 2) * spacing for c in range(count)]


def seat_place(seat: int, players: int, table: str, width: float) -> tuple[float, float, float]:
    """Seat `seat`'s hand zone: (x, z, rotY). The direction 360 seat / players round
    from the near side meets the ring of zone centres (the surface less half a zone's
    depth and the margin) on an edge; the zone faces across from that edge and keeps
    the margin from the corners."""
    w, d = TABLE_SIZES[table]
    rx, rz = w / 2 - HAND_DEPTH / 2 - EDGE, d / 2 - HAND_DEPTH / 2 - EDGE
    t = math.radians(360 * seat / players)
    dx, dz = -math.sin(t), -math.cos(t)
    if abs(dz) * rx >= abs(dx) * rz - 1e-9:  # near or far edge
        room = w / 2 - width / 2 - EDGE
        x = max(-room, min(room, dx * rz / abs(dz)))
        return x, math.copysign(rz, dz), 0.0 if dz < 0 else 180.0
    room = d / 2 - width / 2 - EDGE
    z = max(-room, min(room, dz * rx / abs(dx)))
    return math.copysign(rx, dx), z, 90.0 if dx < 0 else 270.0


def seat_point(
    seat: int, players: int, table: str, width: float, across: float, inward: float
) -> Spot:
    """A point of seat `seat`'s area: `inward` from its zone towards the middle, `across`
    along its player's right hand."""
    x, z, turn = seat_place(seat, players, table, width)
    t = math.radians(turn)
    return (
        x + inward * math.sin(t) + across * math.cos(t),
        z + inward * math.cos(t) - across * math.sin(t),
    )


def card_turn(seat: int, players: int, table: str, width: float) -> float:
    """A card's rotY that reads right for seat `seat`: its zone's turn, plus 180."""
    return (seat_place(seat, players, table, width)[2] + 180) % 360


def rest_spot(table: str) -> Spot:
    """The box pile: the near right corner, `CORNER` / 2 in from the margin."""
    w, d = TABLE_SIZES[table]
    return (
        w / 2 - EDGE - CORNER / 2 - CARD_WIDTH / 2,
        -(d / 2 - EDGE - CORNER / 2 - CARD_DEPTH / 2),
    )


# --- reading a save ---------------------------------------------------------------------
def export(root: Path, game: str, out: Path, *args: str) -> dict[str, Any]:
    """Run `cardgen tts` and read the Saved Object (or, with --table, the full save)."""
    done = CliRunner().invoke(
        main,
        ["tts", game, "--project", str(root), "--out", str(out), "--jobs", "1", *args],
        catch_exceptions=False,
    )
    assert done.exit_code == 0, done.output
    name = f"{game}-table.json" if "--table" in args else f"{game}.json"
    data: dict[str, Any] = json.loads((out / name).read_text(encoding="utf-8"))
    return data


def top(save: dict[str, Any], *names: str) -> dict[str, dict[str, Any]]:
    """The top-level objects of the given kinds, by nickname (each nickname once)."""
    found: dict[str, dict[str, Any]] = {}
    for obj in save["ObjectStates"]:
        if obj["Name"] in names:
            assert obj["Nickname"] not in found, obj["Nickname"]
            found[obj["Nickname"]] = obj
    return found


def cards_of(obj: dict[str, Any]) -> list[str]:
    """The names of a pile's cards (a lone card: its own)."""
    inner = obj.get("ContainedObjects")
    return [c["Nickname"] for c in inner] if inner else [obj["Nickname"]]


def sheet_names(obj: dict[str, Any], field: str) -> list[str]:
    """The stems of the sheets a pile's `field` (FaceURL, BackURL) names, one per sheet:
    each file is `sheets/<stem>-<8 hex digits of its bytes' sha256>.jpg` (docs/tts.md,
    "After an edit"), its URL a `file:///` URL of it."""
    stems = []
    for entry in obj["CustomDeck"].values():
        folder, _, name = entry[field].rpartition("/")
        assert folder.endswith("/sheets"), entry[field]
        stem, _, rest = name.rpartition("-")
        assert re.fullmatch(r"[0-9a-f]{8}\.jpg", rest), name
        stems.append(stem)
    return stems


def at(
    obj: dict[str, Any],
    spot: Spot,
    rot_y: float,
    *,
    face_up: bool | None = None,
    scale: Spot | None = POKER_SCALE,
) -> None:
    """The object lies at `spot`, turned `rot_y` (and face up or down, scaled)."""
    t = obj["Transform"]
    where = (t["posX"], t["posZ"])
    assert where == pytest.approx(spot, abs=TOL), obj["Nickname"]
    turn = (t["rotY"] - rot_y + 180) % 360 - 180
    assert abs(turn) < TOL, (obj["Nickname"], t["rotY"], rot_y)
    assert (t["rotX"], t["posY"]) == (0.0, 1.0), obj["Nickname"]
    if face_up is not None:
        assert t["rotZ"] == (0.0 if face_up else 180.0), obj["Nickname"]
    if scale is not None:
        assert (t["scaleX"], t["scaleY"], t["scaleZ"]) == pytest.approx(
            (scale[0], 1.0, scale[1]), abs=1e-4
        ), obj["Nickname"]
    for card in obj.get("ContainedObjects") or []:  # a deck's cards lie where it lies
        assert card["Transform"] == t


def same_snaps(save: dict[str, Any], expected: Sequence[tuple[float, float, float]]) -> None:
    """The save's snap points are the `expected` (x, z, rotY), each once."""
    left = [
        (s["Position"]["x"], s["Position"]["z"], s["Rotation"]["y"]) for s in save["SnapPoints"]
    ]
    assert len(left) == len(expected)
    for x, z, turn in expected:
        match = [
            s
            for s in left
            if math.dist(s[:2], (x, z)) < TOL and abs((s[2] - turn + 180) % 360 - 180) < TOL
        ]
        assert match, (x, z, turn, left)
        left.remove(match[0])


# --- the games written here ----------------------------------------------------------
SMALL = "extends: builtin:card\ndpi: 50\n"  # small card images keep the exports fast
LAYOUTS = {"../../layouts/tiny/hero.yaml": SMALL, "../../layouts/tiny/spell.yaml": SMALL}
LAYOUTS |= {"../../layouts/tiny/relic.yaml": SMALL}
TYPES = """\
types:
  hero:
    label: Hero
    fields:
      power: {type: int, min: 0, max: 9, description: Strength.}
  spell:
    label: Spell
    fields:
      school: {type: choice, choices: [fire, ice], description: School of magic.}
  relic:
    label: Relic
"""
CARDS = """\
name,type,copies,power,school,text
Aria,hero,1,5,,Leads.
Borin,hero,1,7,,Follows.
Fireball,spell,6,,fire,Burns.
Frost Bolt,spell,6,,ice,Freezes.
Ice Wall,spell,2,,ice,Blocks.
Crown,relic,3,,,Shines.
Orb,relic,2,,,Glows.
"""
SEATED = f"""\
id: tiny
name: Seated Game
players: {{min: 2, max: 10}}
{TYPES}box:
  decks: [decks/aria.txt, decks/borin.txt]
setup:
  piles:
    - {{id: hero, label: Hero, where: {{type: hero}}, face_up: true, owner: player}}
    - {{id: spells, label: Spells, where: {{type: spell}}, owner: player}}
    - {{id: crowns, label: Crowns, where: {{name: Crown}}, face_up: true}}
    - {{id: orbs, label: Orbs, where: {{name: Orb}}}}
components:
  - {{kind: counter, id: gold, label: Gold, owner: player, start: 3}}
  - {{kind: counter, id: turn, label: Turn, owner: shared, start: 1}}
  - {{kind: counter, id: might, label: Might, owner: player, start_field: power,
     start_from: {{type: hero}}}}
"""
DECKS = {
    "decks/aria.txt": "1 Aria\n3 Fireball\n2 Frost Bolt\n1 Crown\n",
    "decks/borin.txt": "1 Borin\n3 Fireball\n4 Frost Bolt\n2 Ice Wall\n2 Crown\n2 Orb\n",
}
"""The two starter decks: together the whole box."""
DEALT = f"""\
id: tiny
name: Dealt Game
players: {{min: 2, max: 10}}
{TYPES}setup:
  deal_from: {{type: spell}}
  deal:
    - {{players_min: 2, players_max: 4, cards_each: 3}}
    - {{players_min: 5, players_max: 10, cards_each: 2, boxes: 2}}
  deal_label: Hand
  piles:
    - {{id: heroes, label: Heroes, where: {{type: hero}}, face_up: true}}
    - {{id: relics, label: Relics, where: {{type: relic}}, count: 4}}
"""


def write_game(root: Path, game_yaml: str, extra: dict[str, str]) -> Path:
    folder = root / "decks" / "tiny"
    for name, text in {"game.yaml": game_yaml, "cards.csv": CARDS, **extra}.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def seated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_game(tmp_path_factory.mktemp("seated"), SEATED, {**LAYOUTS, **DECKS})


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_game(tmp_path_factory.mktemp("dealt"), DEALT, LAYOUTS)


@pytest.fixture(scope="module")
def splatoon(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project of the Splatoon example alone (its own output folder, not the
    repository's), its cards drawn at 50 dpi (the positions depend on the trim alone)."""
    from tests.oracles.games import example_alone

    return example_alone(tmp_path_factory.mktemp("splatoon"), "splatoon")


# --- the Saved Object: rows of piles ----------------------------------------------------
def test_each_group_is_a_centred_row_of_piles_the_next_group_nearer(
    seated: Path, tmp_path: Path
) -> None:
    save = export(seated, "tiny", tmp_path)
    found = top(save, "Deck", "Card")
    # per deck of box.decks, in order: the setup piles in order (shared ones too), the
    # cards no pile takes (none: every card is a hero, a spell or a relic)
    rows = [
        ("aria", [("Hero", ["Aria"], True), ("Spells", 5, False), ("Crowns", ["Crown"], True)]),
        (
            "borin",
            [
                ("Hero", ["Borin"], True),
                ("Spells", 9, False),
                ("Crowns", 2, True),
                ("Orbs", 2, False),
            ],
        ),
    ]
    expected = set()
    # the rows from z 0 towards the near side, the game's counters in a row 3 units below
    # the last (components.md: one of each in a Saved Object), all centred front to back
    step = ROW_STEP * POKER_SCALE[1]
    high, low = CARD_DEPTH / 2, -(len(rows) - 1) * step - 3.0 - COUNTER_DEPTH
    shift = -(high + low) / 2
    counters = {o["Nickname"]: o for o in save["ObjectStates"] if o["Name"] == "Counter"}
    assert sorted(counters) == ["Gold", "Might", "Turn"]
    for counter in counters.values():
        z = -(len(rows) - 1) * step - 3.0 - COUNTER_DEPTH / 2 + shift
        assert counter["Transform"]["posZ"] == pytest.approx(z, abs=TOL)
    for number, (label, piles) in enumerate(rows):
        z = -number * step + shift
        for x, (pile, cards, face_up) in zip(row(len(piles)), piles, strict=True):
            name = f"{label} - {pile}"
            obj = found[name] if name in found else found[cards[0]]  # type: ignore[index]
            at(obj, (x, z), 180.0, face_up=face_up)
            if isinstance(cards, int):
                assert len(cards_of(obj)) == cards
            else:
                assert cards_of(obj) == cards
            # more than one group: each pile's sheets are named after its group and its
            # own label (`aria-hero-1-<hash8>.jpg`), not after the "aria - Hero" nickname
            assert sheet_names(obj, "FaceURL") == [f"{label}-{pile.lower()}-1"], name
            expected.add(obj["GUID"])
    assert {o["GUID"] for o in found.values()} == expected


# --- the Saved Object: which pile takes what, and what each card carries ------------------
CHOICES = """\
id: tiny
name: Choices Game
players: {min: 2, max: 4}
types:
  hero:
    label: Hero
    fields:
      power: {type: int, min: 0, max: 9, description: Strength.}
  spell:
    label: Spell
    back: arcane
    fields:
      school: {type: choice, choices: [fire, ice], description: School of magic.}
  relic:
    label: Relic
    fields:
      motto: {type: text, description: What it says.}
  rune:
    label: Rune
backs:
  arcane: {label: Arcane, color: '#223366'}
setup:
  piles:
    - {id: mixed, label: Pile, where: {name: [Aria, Fireball]}, count: 2}
    - {id: schools, label: School, where: {name: [Fireball, Frost Bolt]}, group_by: school,
       count: 2}
    - {id: relics, label: Pile, where: {type: relic}}
"""
"""One group (the box): a pile of two backs, a pile per school of 2 cards each, a second
pile labelled `Pile`, and what is left (three types) as one more deck."""
CHOICE_CARDS = """\
name,type,copies,power,school,motto,text
Aria,hero,1,5,,,Leads.
Fireball,spell,4,,fire,,Burns.
Frost Bolt,spell,3,,ice,,Freezes.
Crown,relic,1,,,Zoë's crown,Shines.
Orb,relic,1,,,Round,Glows.
Ice Wall,spell,1,,ice,,Blocks.
Sun Rune,rune,1,,,,Warms.
Moon Rune,rune,1,,,,Cools.
Borin,hero,1,7,,,Follows.
"""


@pytest.fixture(scope="module")
def choices_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    extra = {**LAYOUTS, "../../layouts/tiny/rune.yaml": SMALL, "cards.csv": CHOICE_CARDS}
    return write_game(tmp_path_factory.mktemp("choices"), CHOICES, extra)


@pytest.fixture
def choices(choices_game: Path, tmp_path: Path) -> dict[str, Any]:
    """The choices game's Saved Object, exported in the test itself (mutmut runs, for a
    mutant, only the tests that call its function: an export in a module-scoped fixture
    would count for the first test alone)."""
    return export(choices_game, "tiny", tmp_path)


def test_each_setup_pile_takes_its_cards_in_order_the_rest_one_deck(
    choices: dict[str, Any],
) -> None:
    piles = choices["ObjectStates"]
    # the setup piles in game.yaml's order, each taking the matching cards not yet taken
    # (in cards.csv's order); `group_by` makes one pile per value, `count` cards each;
    # the cards no pile takes, of three types, are one more deck named "Deck"
    assert [(p["Name"], p["Nickname"]) for p in piles] == [
        ("Deck", "Pile"),
        ("Deck", "School: fire"),
        ("Deck", "School: ice"),
        ("Deck", "Pile"),
        ("Deck", "Deck"),
    ]
    assert cards_of(piles[0]) == ["Aria", "Fireball"]  # count 2: the first two that match
    assert cards_of(piles[1]) == ["Fireball", "Fireball"]
    assert cards_of(piles[2]) == ["Frost Bolt", "Frost Bolt"]
    assert cards_of(piles[3]) == ["Crown", "Orb"]
    # the rest, in cards.csv's order: a group's copies past its `count` too (they were once
    # in no pile at all: 12 of the box's 14 copies reached the table)
    assert cards_of(piles[4]) == [
        "Fireball", "Frost Bolt", "Ice Wall", "Sun Rune", "Moon Rune", "Borin"
    ]  # fmt: skip
    assert sum(len(cards_of(p)) for p in piles) == 14  # every copy of the box
    for pile, x in zip(piles, row(5), strict=True):  # one row, none of them face up
        at(pile, (x, 0.0), 180.0, face_up=False)
    # each pile's sheets are named after its label; the second pile of a label after
    # "<label>-2" (its own sheets); a sheet of two backs has a back sheet of its own
    assert [sheet_names(p, "FaceURL") for p in piles] == [
        ["pile-1"], ["school-fire-1"], ["school-ice-1"], ["pile-2-1"], ["deck-1"]
    ]  # fmt: skip
    assert [sheet_names(p, "BackURL") for p in piles] == [
        ["pile-1-backs"], ["back-arcane"], ["back-arcane"], ["back-default"], ["deck-1-backs"]
    ]  # fmt: skip


def test_a_sheet_of_two_backs_gets_a_back_sheet_of_the_same_grid(
    choices: dict[str, Any],
) -> None:
    from PIL import Image

    uniques = [True, False, False, False, True]
    for pile, unique in zip(choices["ObjectStates"], uniques, strict=True):
        (entry,) = pile["CustomDeck"].values()
        assert (entry["UniqueBack"], entry["BackIsHidden"], entry["Type"]) == (unique, True, 0)
        if unique:  # the backs in the cells of their cards: the face sheet's size
            face, back = (Path(entry[k].removeprefix("file://")) for k in ("FaceURL", "BackURL"))
            assert Image.open(back).size == Image.open(face).size


def test_each_card_carries_its_type_fields_and_sheet(choices: dict[str, Any]) -> None:
    # GMNotes: the card's type and fields as JSON, keys sorted, non-ASCII as itself;
    # Tags: the type's label; CustomDeck: its own sheet's entry, under its deck key
    # (CardID = key x 100 + cell), as the deck's
    notes = {
        "Aria": ('{"power": 5, "type": "hero"}', "Hero"),
        "Borin": ('{"power": 7, "type": "hero"}', "Hero"),
        "Fireball": ('{"school": "fire", "type": "spell"}', "Spell"),
        "Frost Bolt": ('{"school": "ice", "type": "spell"}', "Spell"),
        "Ice Wall": ('{"school": "ice", "type": "spell"}', "Spell"),
        "Crown": ('{"motto": "Zoë\'s crown", "type": "relic"}', "Relic"),
        "Orb": ('{"motto": "Round", "type": "relic"}', "Relic"),
        "Sun Rune": ('{"type": "rune"}', "Rune"),
        "Moon Rune": ('{"type": "rune"}', "Rune"),
    }
    seen = set()
    for pile in choices["ObjectStates"]:
        (key,) = pile["CustomDeck"]
        for card in pile["ContainedObjects"]:
            name = card["Nickname"]
            assert (card["GMNotes"], card["Tags"]) == (notes[name][0], [notes[name][1]]), name
            assert card["CardID"] // 100 == int(key)
            assert card["CustomDeck"] == {key: pile["CustomDeck"][key]}, name
            seen.add(name)
    assert seen == set(notes)


# --- the full save: seats, their piles and counters, the middle --------------------------
def find(objects: list[dict[str, Any]], name: str, spot: Spot) -> dict[str, Any]:
    """The one object named `name` lying at `spot` (lone cards of one name lie at several
    seats)."""
    here = [
        o
        for o in objects
        if o["Nickname"] == name
        and math.dist((o["Transform"]["posX"], o["Transform"]["posZ"]), spot) < TOL
    ]
    assert len(here) == 1, (name, spot, [o["Transform"] for o in objects if o["Nickname"] == name])
    return here[0]


def hands(save: dict[str, Any], players: int, wanted: float) -> float:
    """Each seat's hand zone: its colour, at its place on the table's edge, facing across
    it, `wanted` wide (narrower only to keep zones apart: never overlapping, all on the
    table); the width they have."""
    zones = [o for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]
    assert [z["FogColor"] for z in zones] == COLOURS[:players]
    table = save["Table"]
    width = zones[0]["Transform"]["scaleX"]
    assert width <= wanted + 1e-4
    if players <= 4:  # an edge each: nothing to narrow
        assert width == pytest.approx(wanted, abs=1e-4)
    boxes = []
    for seat, zone in enumerate(zones):
        t = zone["Transform"]
        x, z, turn = seat_place(seat, players, table, width)
        assert (t["posX"], t["posZ"]) == pytest.approx((x, z), abs=TOL)
        assert t["rotY"] == pytest.approx(turn, abs=TOL)
        assert (t["rotX"], t["rotZ"], t["posY"]) == (0.0, 0.0, HAND_Y)
        assert (t["scaleX"], t["scaleY"], t["scaleZ"]) == pytest.approx(
            (width, HAND_HEIGHT, HAND_DEPTH), abs=1e-4
        )
        assert zone["Nickname"] == f"{COLOURS[seat]}'s hand"
        # as a hand zone of a save TTS v13.1.1 wrote: unseen, locked, off the grid
        assert zone["ColorDiffuse"]["a"] == 0.0 and zone["Value"] == 0
        flags = [zone[k] for k in ("Locked", "Grid", "HideWhenFaceDown", "Hands")]
        assert flags == [True, False, False, False]
        across = turn in (0.0, 180.0)
        hx, hz = (width, HAND_DEPTH) if across else (HAND_DEPTH, width)
        boxes.append((x - hx / 2, x + hx / 2, z - hz / 2, z + hz / 2))
        w, d = TABLE_SIZES[table]
        assert -w / 2 <= boxes[-1][0] and boxes[-1][1] <= w / 2
        assert -d / 2 <= boxes[-1][2] and boxes[-1][3] <= d / 2
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not (a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3])
    return float(width)


def seated_table(save: dict[str, Any], players: int) -> None:
    """The seated game's table for `players`, every object where it belongs."""
    objects = [o for o in save["ObjectStates"] if o["Name"] in ("Deck", "Card", "Counter")]
    # each seat: its deck's hero face up, its spells face down, its relics (no pile of the
    # seat's takes them: one more pile named after their type), then its Gold counter and
    # its Might counter (at its own hero's power)
    per_seat = 3 + 2
    width = max(MIN_ZONE, per_seat * SPACING + 2)
    shared = 2  # Crowns and Orbs
    table = save["Table"]
    width = hands(save, players, width)
    assert save["Turns"]["TurnOrder"] == COLOURS[:players]
    decks = [("Aria", 5, 1, 5), ("Borin", 9, 4, 7)]  # box.decks in turn: hero, spells,
    # relics, the hero's power
    used: list[dict[str, Any]] = []
    expected_snaps = []
    for seat in range(players):
        colour, turn = COLOURS[seat], card_turn(seat, players, table, width)
        hero, spells, relics, power = decks[seat % 2]
        places = [seat_point(seat, players, table, width, x, IN_FRONT) for x in row(per_seat)]
        lone = find(objects, hero, places[0])  # a pile of one card: the card, its own name
        at(lone, places[0], turn, face_up=True)
        pile = find(objects, f"{colour} - Spells", places[1])
        at(pile, places[1], turn, face_up=False)
        assert len(cards_of(pile)) == spells
        assert set(cards_of(pile)) <= {"Fireball", "Frost Bolt", "Ice Wall"}
        rest = find(objects, "Crown" if relics == 1 else f"{colour} - Relics", places[2])
        at(rest, places[2], turn, face_up=False)
        assert len(cards_of(rest)) == relics
        gold = find(objects, f"{colour} - Gold", places[3])
        at(gold, places[3], turn, scale=(1.0, 1.0))
        assert gold["Counter"] == {"value": 3}
        zone = next(o for o in save["ObjectStates"] if o["Nickname"] == f"{colour}'s hand")
        assert gold["ColorDiffuse"] == {k: zone["ColorDiffuse"][k] for k in "rgb"}
        might = find(objects, f"{colour} - Might", places[4])
        at(might, places[4], turn, scale=(1.0, 1.0))
        assert might["Counter"] == {"value": power}
        used += [lone, pile, rest, gold, might]
        expected_snaps += [(*p, turn) for p in places[:3]]
    # in the middle, read from the near side: the shared piles, the shared counter nearer
    for x, (name, cards, face_up) in zip(
        row(shared), [("Crowns", 3, True), ("Orbs", 2, False)], strict=True
    ):
        pile = find(objects, name, (x, 0.0))
        at(pile, (x, 0.0), 180.0, face_up=face_up)
        assert len(cards_of(pile)) == cards
        used.append(pile)
        expected_snaps.append((x, 0.0, 180.0))
    turn_spot = (0.0, -(2 * POKER_SCALE[1] + SHARED_COUNTER_Z))
    counter = find(objects, "Turn", turn_spot)
    at(counter, turn_spot, 180.0, scale=(1.0, 1.0))
    assert counter["Counter"] == {"value": 1}
    used.append(counter)
    assert sorted(o["GUID"] for o in used) == sorted(o["GUID"] for o in objects)
    same_snaps(save, expected_snaps)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_sets_out_its_own_deck_in_front_of_it(
    seated: Path, tmp_path: Path, players: int
) -> None:
    seated_table(export(seated, "tiny", tmp_path, "--table", "--players", str(players)), players)


@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.integers(min_value=5, max_value=10))
def test_any_seat_count_up_to_ten_colours(seated: Path, tmp_path: Path, players: int) -> None:
    out = tmp_path / str(players)
    seated_table(export(seated, "tiny", out, "--table", "--players", str(players)), players)


@settings(
    max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.integers(min_value=2, max_value=10))
def test_dealt_hands_in_front_of_each_seat_the_box_pile_between_last_and_first(
    dealt: Path, tmp_path: Path, players: int
) -> None:
    save = export(dealt, "tiny", tmp_path / str(players), "--table", "--players", str(players))
    each, boxes = (3, 1) if players <= 4 else (2, 2)  # the game's deal table
    width = max(MIN_ZONE, 1 * SPACING + 2)  # one pile a seat: its hand
    table = save["Table"]
    width = hands(save, players, width)
    objects = [o for o in save["ObjectStates"] if o["Name"] in ("Deck", "Card", "Counter")]
    dealt_cards: list[str] = []
    for seat in range(players):
        spot = seat_point(seat, players, table, width, 0.0, IN_FRONT)
        hand = find(objects, f"{COLOURS[seat]} - Hand", spot)
        at(hand, spot, card_turn(seat, players, table, width), face_up=False)
        assert len(cards_of(hand)) == each
        dealt_cards += cards_of(hand)
    assert set(dealt_cards) <= {"Fireball", "Frost Bolt", "Ice Wall"}
    heroes, relics = (
        find(objects, n, (x, 0.0)) for n, x in zip(["Heroes", "Relics"], row(2), strict=True)
    )
    at(heroes, (row(2)[0], 0.0), 180.0, face_up=True)
    at(relics, (row(2)[1], 0.0), 180.0, face_up=False)
    assert sorted(cards_of(heroes)) == sorted(["Aria", "Borin"] * boxes)
    assert len(cards_of(relics)) == 4
    spot = rest_spot(table)  # between the last seat and the first, in the near right corner
    rest = find(objects, "Rest of the box", spot)
    at(rest, spot, 180.0, face_up=False)
    assert len(cards_of(rest)) == (14 - each * players) * 1 + 5 * boxes - 4 + 14 * (boxes - 1)
    assert len(objects) == players + 3


# --- the Splatoon board ------------------------------------------------------------------
HEX_ROW = TILE * math.sqrt(3) / 2
"""Pointy-top hexes `TILE` wide: rows sqrt(3) / 2 tile widths apart (1.5 x the hex's
circumradius, TILE / sqrt(3)), each row half a tile across from the last."""


def arena_cells() -> dict[tuple[int, int], str]:
    """The Splatoon arena's cells (axial q, r) as decks/splatoon/board.yaml draws them."""
    from cardgen.check.board_checks import load_board
    from cardgen.project import Project

    pack = Project(ROOT).game("splatoon")
    board, _ = load_board(pack, pack.game.boards[0])
    return board.cells()


def centroid(points: Sequence[Spot]) -> Spot:
    return (sum(x for x, _ in points) / len(points), sum(z for _, z in points) / len(points))


def tile_spots(cells: dict[tuple[int, int], str], origin_z: float) -> dict[tuple[int, int], Spot]:
    """Each cell's centre: the board centred on x 0 and `origin_z`, row r + 1 nearer."""
    raw = {(q, r): ((q + r / 2) * TILE, -r * HEX_ROW) for q, r in cells}
    middle = centroid(list(raw.values()))
    return {cell: (x - middle[0], z - middle[1] + origin_z) for cell, (x, z) in raw.items()}


def first_clear(start: Spot, towards: Spot, tiles: Sequence[Spot]) -> Spot:
    """The first point from `start` in 0.1-unit steps towards `towards` (a direction) that
    stands `CLEARANCE` from every tile centre (board.py: counters off the board)."""
    length = math.hypot(*towards)
    d = (towards[0] / length, towards[1] / length)
    for k in range(10_000):
        p = (start[0] + k * 0.1 * d[0], start[1] + k * 0.1 * d[1])
        # a point exactly `CLEARANCE` from a tile counts as not clear: board.py sums its
        # steps in floats and lands a hair short of it (the Round counter at 12.2, not 12.1)
        if all(math.dist(p, t) >= CLEARANCE + 1e-9 for t in tiles):
            return p
    raise AssertionError("never clear")


def counter_places(cells: dict[tuple[int, int], str], origin_z: float) -> dict[str, Spot]:
    """Each team's tile counter straight out from the board's centre past its spawn; the
    round counter from the centre across the line between them, to the right (+x)."""
    spots = tile_spots(cells, origin_z)
    tiles = list(spots.values())
    centre = centroid(tiles)
    found = {}
    for team in ("green", "purple"):
        own = centroid([spots[c] for c, kind in cells.items() if kind == f"spawn-{team}"])
        found[f"{team.title()} Tile Counter"] = first_clear(
            own, (own[0] - centre[0], own[1] - centre[1]), tiles
        )
    g, p = found["Green Tile Counter"], found["Purple Tile Counter"]
    across = (p[1] - g[1], -(p[0] - g[0]))
    across = across if across[0] > 0 else (-across[0], -across[1])
    found["Round Counter"] = first_clear(centre, across, tiles)
    return found


def board_at(objects: list[dict[str, Any]], origin_z: float) -> dict[str, Spot]:
    """Every tile and board counter lies where the arena puts them; the counters' places."""
    cells = arena_cells()
    spots = tile_spots(cells, origin_z)
    tiles = [o for o in objects if o["Name"] == "Custom_Tile"]
    assert len(tiles) == len(cells)
    for tile in tiles:
        kind = tile["Tags"][1]
        t = tile["Transform"]
        here = [c for c, s in spots.items() if math.dist(s, (t["posX"], t["posZ"])) < TOL]
        assert len(here) == 1 and cells[here[0]] == kind, (kind, t)
        spots.pop(here[0])
    counters = {o["Nickname"]: o for o in objects if o["Name"] == "Counter"}
    places = counter_places(cells, origin_z)
    assert set(counters) == set(places)
    for name, place in places.items():  # rounded to 0.01 units
        t = counters[name]["Transform"]
        assert (t["posX"], t["posZ"]) == pytest.approx(place, abs=0.0051), name
    return places


def test_the_saved_objects_board_lies_beyond_the_rows_of_piles(
    splatoon: Path, tmp_path: Path
) -> None:
    save = export(splatoon, "splatoon", tmp_path)
    # one group (the box) at z 0; the board's centre as far beyond it as its tiles (each a
    # hex 2 / sqrt 3 from centre to point) and counters (1.2 deep) reach, + 3 (export.py);
    # then the whole centred front to back: the cards reach 1.75 the other way
    cells = arena_cells()
    tiles, counters = tile_spots(cells, 0.0), counter_places(cells, 0.0)
    reach = max(  # board.py rounds a counter's place to 0.01 units
        [abs(z) + TILE / math.sqrt(3) for _, z in tiles.values()]
        + [abs(round(z, 2)) + COUNTER_DEPTH / 2 for _, z in counters.values()]
    )
    origin = reach + 3.0
    shift = -(origin + reach - CARD_DEPTH / 2) / 2
    board_at(save["ObjectStates"], origin + shift)
    decks = top(save, "Deck", "Card")
    names = ["Splattershot cards", "Splat Roller cards", "Splat Charger cards"]
    assert sorted(decks) == sorted(names)
    for x, name in zip(row(3), names, strict=True):
        at(decks[name], (x, shift), 180.0, face_up=True)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_board_in_the_middle_each_seat_on_its_teams_side(
    splatoon: Path, tmp_path: Path, players: int
) -> None:
    save = export(splatoon, "splatoon", tmp_path, "--table", "--players", str(players))
    objects = save["ObjectStates"]
    places = board_at(objects, 0.0)
    cells = arena_cells()
    spots = tile_spots(cells, 0.0)
    # the board reaches (x) to its tiles' sides (1 unit from their centres) and its
    # counters' (2 units wide); the decks stand in a column on its left, 1 unit clear
    reach_x = max(
        [abs(x) + TILE / 2 for x, _ in spots.values()] + [abs(x) + 1.0 for x, _ in places.values()]
    )
    width = MIN_ZONE  # no pile nor counter of a seat's own
    table = save["Table"]
    width = hands(save, players, width)
    decks = top(save, "Deck", "Card")
    names = ["Splattershot cards", "Splat Roller cards", "Splat Charger cards"]
    assert sorted(decks) == sorted(names)
    x = -(reach_x + 1.0 + CARD_WIDTH / 2)
    for z, name in zip(row(3, CARD_DEPTH + 0.6), names, strict=True):
        at(decks[name], (x, z), 180.0, face_up=True)
    # the seats nearest the green spawn (nearer it than the purple one) join green, half
    # and half (green the larger half); each team's pieces take its spawn tiles in turn
    spawn = {
        team: [spots[c] for c in sorted(cells, key=lambda c: (c[1], c[0]))
               if cells[c] == f"spawn-{team}"]
        for team in ("green", "purple")
    }  # fmt: skip
    seats = {COLOURS[k]: seat_point(k, players, table, width, 0, 0) for k in range(players)}
    centre = {team: centroid(own) for team, own in spawn.items()}

    def leaning(colour: str) -> float:
        return math.dist(seats[colour], centre["green"]) - math.dist(
            seats[colour], centre["purple"]
        )

    order = sorted(seats, key=leaning)
    half = (players + 1) // 2
    wanted = {  # colour -> (team, spawn tile)
        colour: (team, spawn[team][number % len(spawn[team])])
        for team, members in (("green", order[:half]), ("purple", order[half:]))
        for number, colour in enumerate(members)
    }
    pawns = [o for o in objects if o["Name"] == "PlayerPawn"]
    got = {}
    for pawn in pawns:
        team, colour = pawn["Nickname"].removesuffix("'s piece").split(" team, ")
        t = pawn["Transform"]
        got[colour] = (team.lower(), (t["posX"], t["posZ"]))
        assert t["posY"] == pytest.approx(1.0 + 0.4 + 0.3, abs=1e-6)  # on a 0.4 spawn tile
    assert sorted(got) == sorted(wanted)
    # seats exactly as near one spawn as another (mirror images across the board) may
    # take each other's place: compare the places of each group of equal leaning
    groups: dict[float, list[str]] = {}
    for colour in seats:
        groups.setdefault(round(leaning(colour), 6), []).append(colour)
    for members in groups.values():
        want = sorted(
            (wanted[c][0], round(x, 3), round(z, 3)) for c in members for x, z in [wanted[c][1]]
        )
        have = sorted(
            (got[c][0], round(x, 3), round(z, 3)) for c in members for x, z in [got[c][1]]
        )
        assert have == want, members


# --- a sheet's grid ------------------------------------------------------------------------
def best_grid(count: int) -> tuple[int, int]:
    """Of every grid TTS takes (1..10 columns, 1..7 rows: tts-format.md 3.7) that holds
    `count` cards, the one with the fewest rows, then the most columns without a column
    left empty (a sheet of 12 is 10 x 2; of 3, 3 x 1): found by trying them all."""
    fits = [
        (cols, rows)
        for cols in range(1, 11)
        for rows in range(1, 8)
        if cols * rows >= count and cols <= count
    ]
    return min(fits, key=lambda grid: (grid[1], -grid[0]))


@given(st.integers(min_value=1, max_value=70), st.integers(20, 800), st.integers(20, 800))
@settings(max_examples=60, deadline=None)
def test_a_sheets_grid_is_the_best_of_every_grid_tts_takes(count: int, w: int, h: int) -> None:
    from cardgen.tts.sheets import sheet_layout

    layout = sheet_layout(count, w, h)
    assert (layout.cols, layout.rows) == best_grid(count)
    shrink = min(1.0, 4096 / (layout.cols * w), 4096 / (layout.rows * h))  # 4096 px a side
    assert (layout.cell_w, layout.cell_h) == (
        max(1, math.floor(w * shrink)),
        max(1, math.floor(h * shrink)),
    )


def test_every_deck_of_a_saved_object_has_the_grid_its_sheet_needs(seated: Path) -> None:
    save = export(seated, "tiny", seated / "grid-out")
    entries = 0
    for obj in save["ObjectStates"]:
        distinct = list(dict.fromkeys(cards_of(obj)))  # one cell per distinct face
        for key, entry in (obj.get("CustomDeck") or {}).items():
            assert (entry["NumWidth"], entry["NumHeight"]) == best_grid(len(distinct)), key
            entries += 1
    assert entries == 7


# --- seats on their own ---------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=1, max_value=10),
    st.floats(min_value=4, max_value=20),
    st.sampled_from(sorted(TABLE_SIZES)),
)
@example(2, 20.0, "Table_RPG")  # two seats face each other across the depth
@example(8, 10.0, "Table_RPG")  # three a long side, one a short side
def test_seats_sit_where_the_rule_puts_them(players: int, width: float, table: str) -> None:
    from cardgen.tts.seats import seats
    from cardgen.tts.tables import Table

    placed = seats(players, width, Table(table, *TABLE_SIZES[table]))
    assert [(s.number, s.colour) for s in placed] == list(enumerate(COLOURS[:players]))
    for seat in placed:
        assert seat.hand_rotation == seat_place(seat.number, players, table, width)[2]
        for across, inward in ((0.0, 0.0), (1.5, 5.5), (-3.25, 2.0)):
            x, z = seat.point(across, inward)
            want = seat_point(seat.number, players, table, width, across, inward)
            assert (x, z) == pytest.approx(want, abs=1e-3)
            assert (x, z) == (round(x, 4), round(z, 4))  # written to 4 decimals
    if players == 8 and table == "Table_RPG":  # as TTS seats 8 round a rectangle
        turns = [seat.hand_rotation for seat in placed]
        assert turns == [0.0, 0.0, 90.0, 180.0, 180.0, 180.0, 270.0, 0.0]


def test_more_seats_than_tts_has_colours_are_refused() -> None:
    from cardgen.tts.seats import seats

    with pytest.raises(ValueError) as caught:
        from cardgen.tts.tables import Table

        seats(11, 10.0, Table("Table_RPG", 58.0, 40.0))
    assert str(caught.value) == "TTS has 10 seat colours, not 11"
