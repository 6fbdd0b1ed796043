"""A game's boards on a Tabletop Simulator table: each hex cell a `Custom_Tile` (a state
per team colour on the cells a team can claim), with each team's tile counter and pieces
and a round counter. The tile pictures are drawn here, a few flat colours.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from cardgen.load.game import GamePack
from cardgen.tts.objects import common, scripts, transform

if TYPE_CHECKING:
    from cardgen.tts.table import TableBuilder

HEIGHT_THICKNESS = {
    "ground": 0.12,
    "medium": 0.3,
    "tall": 0.5,
    "blocked": 0.5,
    "spawn-green": 0.4,
    "spawn-purple": 0.4,
}
NEUTRAL = {"ground": (74, 77, 85), "medium": (138, 142, 152), "tall": (201, 204, 211)}
TEAM_INK = {"green": (63, 191, 63), "purple": (155, 63, 209)}
TILE_UNITS = 2.0
"""Assumed width of a hex Custom_Tile at scale 1, in table units (not confirmed by a TTS
file we have); tiles are spaced by it."""
ROW_STEP = 0.75 / (3**0.5 / 2)
"""Distance between hex rows per tile width (pointy-top hexes: 1.5 x size over sqrt 3)."""
COUNTER_CLEARANCE = TILE_UNITS * 0.75 + 0.6
"""How far a counter stands from the centre of every tile: off the board, clear of it."""
TEAMS = ("green", "purple")
Spot = tuple[float, float]
"""A place on the table: (x, z)."""


def _tile_image(
    fill: tuple[int, int, int], ring: tuple[int, int, int] | None = None, size: int = 256
) -> Image.Image:
    image = Image.new("RGB", (size, size), fill)
    draw = ImageDraw.Draw(image)
    edge = tuple(max(0, v - 40) for v in fill)
    draw.rectangle((0, 0, size - 1, size - 1), outline=edge, width=size // 24)
    if ring is not None:
        draw.ellipse(
            (size * 0.2, size * 0.2, size * 0.8, size * 0.8), outline=ring, width=size // 12
        )
    return image


def _shade(color: tuple[int, int, int], height: str) -> tuple[int, int, int]:
    factor = {"ground": 0.8, "medium": 1.0, "tall": 1.2}.get(height, 1.0)
    return tuple(min(255, round(v * factor)) for v in color)  # type: ignore[return-value]


def board_objects(
    builder: TableBuilder,
    pack: GamePack,
    origin_z: float,
    *,
    players: int | None = None,
    seats: Sequence[tuple[str, Spot]] = (),
) -> list[dict[str, Any]]:
    """Each board as hex tiles (neutral / green / purple states), each team's tile counter
    beside its spawn, the round counter at the side, and a piece on a spawn tile for each
    player: for each of `seats` (colour, where it sits), the seats nearest a team's spawn
    joining that team, half and half; else for `players` (default: the game's most), the
    teams taking turns (player 1 green)."""
    players = len(seats) or (players if players is not None else pack.game.players.max)
    from cardgen.check.game_checks import load_board

    objects: list[dict[str, Any]] = []
    for ref in pack.game.boards:
        board, _ = load_board(pack, ref)
        cells = board.cells()
        spots = board_spots(cells, origin_z)
        for (q, r), kind in sorted(cells.items(), key=lambda item: (item[0][1], item[0][0])):
            x, z = spots[(q, r)]
            thickness = HEIGHT_THICKNESS[kind]
            identity = f"board|{ref.id}|{q},{r}"

            def tile(
                state: str,
                picture_name: str,
                picture: Image.Image,
                identity: str = identity,
                x: float = x,
                z: float = z,
                thickness: float = thickness,
                kind: str = kind,
            ) -> dict[str, Any]:
                data = common(
                    builder.ids.guid(f"{identity}|{state}"),
                    "Custom_Tile",
                    transform(x, z, y=1.0 + thickness / 2),
                    f"{kind} ({state})" if kind in NEUTRAL else kind.replace("-", " "),
                    tags=["Board tile", kind],
                )
                data["Locked"] = True
                data.update(
                    {
                        "HideWhenFaceDown": False,
                        "Hands": False,
                        "CustomImage": {
                            "ImageURL": builder.images.tile_url(picture_name, picture),
                            "ImageSecondaryURL": "",
                            "ImageScalar": 1.0,
                            "WidthScale": 0.0,
                            "CustomTile": {
                                "Type": 1,
                                "Thickness": thickness,
                                "Stackable": False,
                                "Stretch": True,
                            },
                        },
                    }
                )
                return scripts(data)

            if kind in NEUTRAL:
                base = tile("neutral", f"{kind}-neutral", _tile_image(NEUTRAL[kind]))
                base["Description"] = "Hover and press 1 (neutral), 2 (green) or 3 (purple)."
                states = {}
                for number, team in (("2", "green"), ("3", "purple")):
                    state = tile(team, f"{kind}-{team}", _tile_image(_shade(TEAM_INK[team], kind)))
                    state["Description"] = base["Description"]
                    states[number] = state
                base["States"] = states
                objects.append(base)
            elif kind == "blocked":
                objects.append(tile("blocked", "blocked", _tile_image((17, 17, 17))))
            else:
                team = kind.removeprefix("spawn-")
                objects.append(tile(kind, kind, _tile_image((250, 250, 250), TEAM_INK[team])))
        names = _team_seats(cells, spots, players, seats)
        objects.extend(_counters_and_pieces(builder, cells, spots, names))
    return objects


def _clear_of(point: Spot, spots: list[Spot]) -> bool:
    return all(math.dist(point, spot) >= COUNTER_CLEARANCE for spot in spots)


def _outward(start: Spot, direction: Spot, spots: list[Spot]) -> Spot:
    """The first point from `start` along `direction` (a unit vector) clear of every tile."""
    step = 0.1
    x, z = start
    while not _clear_of((x, z), spots):
        x, z = x + direction[0] * step, z + direction[1] * step
    return round(x, 2), round(z, 2)


def team_spots(
    cells: dict[tuple[int, int], str], spots: dict[tuple[int, int], Spot]
) -> dict[str, list[Spot]]:
    """Each team's spawn tiles on the table, in board order (rows, then columns)."""
    found: dict[str, list[Spot]] = {team: [] for team in TEAMS}
    for pos in sorted(cells, key=lambda p: (p[1], p[0])):
        kind = cells[pos]
        if kind.startswith("spawn-") and kind.removeprefix("spawn-") in found:
            found[kind.removeprefix("spawn-")].append(spots[pos])
    return found


def counter_spots(
    cells: dict[tuple[int, int], str], spots: dict[tuple[int, int], Spot]
) -> tuple[dict[str, Spot], Spot]:
    """Where each team's tile counter goes (off the board, straight out from the board's
    centre past its own spawn) and the round counter (off the board's side, midway
    between the teams), worked out from the tiles, not fixed offsets."""
    every = list(spots.values())
    centre = (sum(x for x, _ in every) / len(every), sum(z for _, z in every) / len(every))
    teams: dict[str, Spot] = {}
    spawns = team_spots(cells, spots)
    for team, own in spawns.items():
        if not own:
            continue
        middle = (sum(x for x, _ in own) / len(own), sum(z for _, z in own) / len(own))
        dx, dz = middle[0] - centre[0], middle[1] - centre[1]
        length = math.hypot(dx, dz)
        if length < 1e-9:  # a spawn in the very middle: green's side is the far one
            dx, dz, length = 0.0, (1.0 if team == TEAMS[0] else -1.0), 1.0
        teams[team] = _outward(middle, (dx / length, dz / length), every)
    sides = [teams[t] for t in TEAMS if t in teams]
    if len(sides) == 2:  # across the line between the two teams' counters
        dx, dz = sides[1][0] - sides[0][0], sides[1][1] - sides[0][1]
        length = math.hypot(dx, dz)
        across = (dz / length, -dx / length) if length > 1e-9 else (1.0, 0.0)
        if across[0] < 0:
            across = (-across[0], -across[1])
    else:
        across = (1.0, 0.0)
    return teams, _outward(centre, across, every)


def _counter(
    builder: TableBuilder,
    identity: str,
    spot: Spot,
    label: str,
    note: str,
    color: dict[str, float],
    value: int,
) -> dict[str, Any]:
    counter = common(
        builder.ids.guid(identity), "Counter", transform(*spot), label, note, color=color
    )
    counter.update({"HideWhenFaceDown": False, "Hands": False, "Counter": {"value": value}})
    return scripts(counter)


def _counters_and_pieces(
    builder: TableBuilder,
    cells: dict[tuple[int, int], str],
    spots: dict[tuple[int, int], Spot],
    members: dict[str, list[str]],
) -> list[dict[str, Any]]:
    """The tile counters, a piece on its team's spawn tiles for each of the team's
    `members` (the names of their players), and the round counter."""
    objects: list[dict[str, Any]] = []
    teams, rounds = counter_spots(cells, spots)
    spawns = team_spots(cells, spots)
    heights = {spots[pos]: HEIGHT_THICKNESS[kind] for pos, kind in cells.items()}
    for team in TEAMS:
        color = {k: v / 255 for k, v in zip("rgb", TEAM_INK[team], strict=True)}
        if team in teams:
            objects.append(
                _counter(
                    builder,
                    f"counter|{team}",
                    teams[team],
                    f"{team.title()} tiles",
                    "Tiles your team has claimed.",
                    color,
                    0,
                )
            )
        for number, player in enumerate(members[team], start=1):
            if not spawns[team]:
                break
            x, z = spawns[team][(number - 1) % len(spawns[team])]
            pawn = common(
                builder.ids.guid(f"piece|{team}|{number}"),
                "PlayerPawn",
                transform(x, z, y=1.0 + heights[(x, z)] + 0.3),
                f"{team.title()} team, {player}'s piece",
                color=color,
                tags=[f"Team {team}"],
            )
            pawn.update({"HideWhenFaceDown": False, "Hands": False})
            objects.append(scripts(pawn))
    objects.append(
        _counter(
            builder,
            "counter|rounds",
            rounds,
            "Round",
            "Rounds played: starts at 1, the game lasts 10.",
            {"r": 0.9, "g": 0.9, "b": 0.9},
            1,
        )
    )
    return objects


def _team_seats(
    cells: dict[tuple[int, int], str],
    spots: dict[tuple[int, int], Spot],
    players: int,
    seats: Sequence[tuple[str, Spot]],
) -> dict[str, list[str]]:
    """Each team's players by name: seats sorted by how much nearer they sit to the green
    spawn than to the purple one, the nearer half green; without seats, players 1, 3, ...
    green and 2, 4, ... purple, as the rules' turn order alternates the teams."""
    if not seats:
        return {
            team: [f"player {n + 1}" for n in range(index, players, len(TEAMS))]
            for index, team in enumerate(TEAMS)
        }
    spawns = team_spots(cells, spots)
    centres = {
        team: (sum(x for x, _ in own) / len(own), sum(z for _, z in own) / len(own))
        for team, own in spawns.items()
        if own
    }
    if len(centres) < len(TEAMS):
        return {team: [name for name, _ in seats] if team in centres else [] for team in TEAMS}

    def leaning(seat: tuple[str, Spot]) -> float:
        return math.dist(seat[1], centres["green"]) - math.dist(seat[1], centres["purple"])

    ordered = sorted(seats, key=leaning)
    half = (len(ordered) + 1) // 2
    return {"green": [n for n, _ in ordered[:half]], "purple": [n for n, _ in ordered[half:]]}


def board_spots(cells: dict[tuple[int, int], str], origin_z: float) -> dict[tuple[int, int], Spot]:
    """Where each cell's tile lies: the board centred on x 0 and `origin_z`, rows going
    towards the near side."""
    centre_q = sum(q + r / 2 for q, r in cells) / len(cells)
    centre_r = sum(r for _, r in cells) / len(cells)
    return {
        (q, r): (
            (q + r / 2 - centre_q) * TILE_UNITS,
            origin_z - (r - centre_r) * TILE_UNITS * ROW_STEP,
        )
        for q, r in cells
    }


def board_extent(pack: GamePack) -> tuple[float, float]:
    """How far the boards' tiles and counters reach from the board's centre along x and
    along z, in table units (each tile and counter taken whole): the middle a table must
    leave free for them."""
    from cardgen.check.game_checks import load_board

    reach_x = reach_z = 0.0
    for ref in pack.game.boards:
        board, _ = load_board(pack, ref)
        cells = board.cells()
        spots = board_spots(cells, 0.0)
        teams, rounds = counter_spots(cells, spots)
        tiles = list(spots.values())
        counters = [*teams.values(), rounds]
        reach_x = max(reach_x, *(abs(x) + TILE_UNITS / 2 for x, _ in tiles))
        reach_x = max(reach_x, *(abs(x) + 1.0 for x, _ in counters))
        reach_z = max(reach_z, *(abs(z) + TILE_UNITS / 3**0.5 for _, z in tiles))
        reach_z = max(reach_z, *(abs(z) + 0.6 for _, z in counters))
    return reach_x, reach_z


def seat_teams(pack: GamePack, seats: Sequence[tuple[str, Spot]]) -> dict[str, list[str]]:
    """Each team's seats (by name) on the game's first board: the seats nearest a team's
    spawn join it, half and half (`board_objects` puts their pieces so); none without a
    board."""
    from cardgen.check.game_checks import load_board

    if not pack.game.boards:
        return {}
    board, _ = load_board(pack, pack.game.boards[0])
    cells = board.cells()
    return _team_seats(cells, board_spots(cells, 0.0), len(seats), seats)


def alternating(teams: dict[str, list[str]], order: Sequence[str]) -> list[str]:
    """The seats of `order` in turn order with the teams taking turns, as team games'
    rules have them play: the larger team first (of equal teams, the first seat's), then
    the next seat (in `order`) of the other team, and so on, so that two players of one
    team never play one after the other within a round."""
    rank = {name: index for index, name in enumerate(order)}
    lines = [sorted(members, key=rank.__getitem__) for members in teams.values() if members]
    if not lines:
        return list(order)
    lines.sort(key=lambda members: (-len(members), rank[members[0]]))
    turns: list[str] = []
    for step in range(max(len(members) for members in lines)):
        turns.extend(members[step] for members in lines if step < len(members))
    return turns + [name for name in order if name not in turns]
