"""A game's boards on a Tabletop Simulator table: each cell of a hex or square grid a
`Custom_Tile` at its physical size (`cell_size`), with a state per team colour on the cells
a team can claim, each team's tile counter and pieces and a round counter. The tile
pictures are drawn here, a few flat colours.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from cardgen.check.board_checks import load_board, spawn_cells
from cardgen.load.game import GamePack
from cardgen.model.board import Board
from cardgen.model.components import Piece
from cardgen.model.units import parse_length
from cardgen.render.paint import rgb
from cardgen.tts.objects import common, scripts, transform
from cardgen.tts.sizes import TILE_UNITS, units

if TYPE_CHECKING:
    from cardgen.tts.table import TableBuilder

ROW_STEP = 0.75 / (3**0.5 / 2)
"""Distance between hex rows per tile width (pointy-top hexes: 1.5 x size over sqrt 3)."""
COUNTER_ROOM = 0.9
"""How far a counter's centre stands beyond a tile's edge: half a counter and a gap."""
TILE_TYPE = {"hex": 1, "square": 0}
"""`CustomTile.Type` of a grid's cells: 1 hex, 0 box (square)."""
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


def tint(color: str) -> dict[str, float]:
    """`#rrggbb` as a TTS tint, 0 to 1."""
    return {k: v / 255 for k, v in zip("rgb", rgb(color), strict=True)}


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
    objects: list[dict[str, Any]] = []
    for ref in pack.game.boards:
        board, _ = load_board(pack, ref)
        cells = board.cells()
        spots = board_spots(board, origin_z)
        for (q, r), kind in sorted(cells.items(), key=lambda item: (item[0][1], item[0][0])):
            objects.append(_tile(builder, board, f"board|{ref.id}|{q},{r}", kind, spots[(q, r)]))
        names = _team_seats(board, spots, players, seats, [t.id for t in pack.game.teams])
        objects.extend(_counters_and_pieces(builder, pack, board, spots, names))
    return objects


def _tile(
    builder: TableBuilder, board: Board, identity: str, kind_id: str, spot: Spot
) -> dict[str, Any]:
    """A cell's Custom_Tile, with a state for each of its kind's `states` (hover and press
    2, 3, ...)."""
    kind = board.kind(kind_id)
    thickness = round(parse_length(kind.thickness).inches(), 4)
    scale = round(cell_units(board) / TILE_UNITS, 4)

    def tile(state: str, picture_name: str, picture: Image.Image) -> dict[str, Any]:
        data = common(
            builder.ids.guid(f"{identity}|{state}"),
            "Custom_Tile",
            transform(*spot, y=1.0 + thickness / 2, scale_x=scale, scale_z=scale),
            f"{kind_id} ({state})" if kind.states else kind_id.replace("-", " "),
            tags=["Board tile", kind_id],
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
                        "Type": TILE_TYPE[board.grid],
                        "Thickness": thickness,
                        "Stackable": False,
                        "Stretch": True,
                    },
                },
            }
        )
        return scripts(data)

    if not kind.states:
        ring = rgb(kind.ring) if kind.ring else None
        return tile(kind_id, kind_id, _tile_image(rgb(kind.fill), ring))
    base = tile("neutral", f"{kind_id}-neutral", _tile_image(rgb(kind.fill)))
    keys = [f"{n} ({state})" for n, state in enumerate(kind.states, start=2)]
    base["Description"] = f"Hover and press 1 (neutral), {', '.join(keys[:-1])} or {keys[-1]}."
    if len(keys) == 1:
        base["Description"] = f"Hover and press 1 (neutral) or {keys[0]}."
    states = {}
    for number, (state, color) in enumerate(kind.states.items(), start=2):
        shown = tile(state, f"{kind_id}-{state}", _tile_image(rgb(color)))
        shown["Description"] = base["Description"]
        states[str(number)] = shown
    base["States"] = states
    return base


def cell_units(board: Board) -> float:
    """A cell's size on the table, in units: its `cell_size` (a hex flat side to flat
    side, a square's side), 1 unit being 25.4 mm."""
    return units(parse_length(board.cell_size).inches() * 25.4)


def counter_clearance(board: Board) -> float:
    """How far a counter stands from the centre of every tile: off the board, clear of it."""
    return cell_units(board) * 0.75 + COUNTER_ROOM


def _outward(start: Spot, direction: Spot, spots: list[Spot], clearance: float) -> Spot:
    """The first point from `start` along `direction` (a unit vector) clear of every tile."""
    step = 0.1
    x, z = start
    while not all(math.dist((x, z), spot) >= clearance for spot in spots):
        x, z = x + direction[0] * step, z + direction[1] * step
    return round(x, 2), round(z, 2)


def team_spots(board: Board, spots: dict[tuple[int, int], Spot]) -> dict[str, list[Spot]]:
    """Each team with spawn cells on the board: its spawn tiles on the table, in board
    order (rows, then columns)."""
    return {team: [spots[pos] for pos in own] for team, own in spawn_cells(board).items()}


def counter_spots(board: Board, spots: dict[tuple[int, int], Spot]) -> tuple[dict[str, Spot], Spot]:
    """Where each team's counters go (off the board, straight out from the board's centre
    past its own spawn) and the shared counters (off the board's side, midway between the
    first two teams), worked out from the tiles, not fixed offsets."""
    every = list(spots.values())
    clearance = counter_clearance(board)
    centre = (sum(x for x, _ in every) / len(every), sum(z for _, z in every) / len(every))
    teams: dict[str, Spot] = {}
    spawns = team_spots(board, spots)
    for index, (team, own) in enumerate(spawns.items()):
        middle = (sum(x for x, _ in own) / len(own), sum(z for _, z in own) / len(own))
        dx, dz = middle[0] - centre[0], middle[1] - centre[1]
        length = math.hypot(dx, dz)
        if length < 1e-9:  # a spawn in the very middle: the first team's side is the far one
            dx, dz, length = 0.0, (1.0 if index == 0 else -1.0), 1.0
        teams[team] = _outward(middle, (dx / length, dz / length), every, clearance)
    sides = list(teams.values())[:2]
    if len(sides) == 2:  # across the line between the two teams' counters
        dx, dz = sides[1][0] - sides[0][0], sides[1][1] - sides[0][1]
        length = math.hypot(dx, dz)
        across = (dz / length, -dx / length) if length > 1e-9 else (1.0, 0.0)
        if across[0] < 0:
            across = (-across[0], -across[1])
    else:
        across = (1.0, 0.0)
    return teams, _outward(centre, across, every, clearance)


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
    pack: GamePack,
    board: Board,
    spots: dict[tuple[int, int], Spot],
    members: dict[str, list[str]],
) -> list[dict[str, Any]]:
    """Each team's counters beside its spawn, a piece of each `start: spawn` kind on its
    team's spawn tiles for each of the team's `members` (the names of their players), and
    the shared counters at the board's side."""
    objects: list[dict[str, Any]] = []
    teams, shared_spot = counter_spots(board, spots)
    spawns = team_spots(board, spots)
    cells = board.cells()
    heights = {
        spots[pos]: parse_length(board.kind(kind).thickness).inches() for pos, kind in cells.items()
    }
    counters = pack.game.counters
    pieces = [c for c in pack.game.components if isinstance(c, Piece) and c.start == "spawn"]
    for team in pack.game.teams:
        color = tint(team.color)
        for counter in (c for c in counters if c.owner == "team" and team.id in teams):
            objects.append(
                _counter(
                    builder,
                    f"counter|{team.id}|{counter.id}",
                    teams[team.id],
                    f"{team.label} {counter.label}",
                    counter.description,
                    color,
                    counter.start,
                )
            )
        for piece in pieces:
            for number, player in enumerate(members.get(team.id, []), start=1):
                if not spawns.get(team.id):
                    break
                x, z = spawns[team.id][(number - 1) % len(spawns[team.id])]
                pawn = common(
                    builder.ids.guid(f"piece|{team.id}|{number}"),
                    "PlayerPawn",
                    transform(x, z, y=1.0 + heights[(x, z)] + 0.3),
                    f"{team.label} team, {player}'s piece",
                    color=color if piece.color in ("team", "seat") else tint(piece.color),
                    tags=[f"Team {team.id}"],
                )
                pawn.update({"HideWhenFaceDown": False, "Hands": False})
                objects.append(scripts(pawn))
    for counter in (c for c in counters if c.owner == "shared"):
        objects.append(
            _counter(
                builder,
                f"counter|{counter.id}",
                shared_spot,
                counter.label,
                counter.description,
                {"r": 0.9, "g": 0.9, "b": 0.9},
                counter.start,
            )
        )
    return objects


def team_players(teams: Sequence[str], players: int) -> dict[str, list[int]]:
    """Each team's players (0 first) at a table without seats: the teams taking turns,
    players 1, 3, ... the first team and 2, 4, ... the second, as the rules' turn order
    alternates them."""
    return {team: list(range(index, players, len(teams))) for index, team in enumerate(teams)}


def _team_seats(
    board: Board,
    spots: dict[tuple[int, int], Spot],
    players: int,
    seats: Sequence[tuple[str, Spot]],
    teams: list[str],
) -> dict[str, list[str]]:
    """Each team's players by name: seats sorted by how much nearer they sit to the first
    team's spawn than to the second's, the nearer half the first team; without seats,
    players 1, 3, ... the first team and 2, 4, ... the second, as the rules' turn order
    alternates the teams."""
    if not teams:
        return {}
    if not seats:
        return {
            team: [f"player {n + 1}" for n in numbers]
            for team, numbers in team_players(teams, players).items()
        }
    spawns = team_spots(board, spots)
    centres = {
        team: (sum(x for x, _ in own) / len(own), sum(z for _, z in own) / len(own))
        for team, own in spawns.items()
        if own
    }
    if len(centres) < 2:
        return {team: [name for name, _ in seats] if team in centres else [] for team in teams}
    first, second = list(centres)[:2]

    def leaning(seat: tuple[str, Spot]) -> float:
        return math.dist(seat[1], centres[first]) - math.dist(seat[1], centres[second])

    ordered = sorted(seats, key=leaning)
    half = (len(ordered) + 1) // 2
    return {first: [n for n, _ in ordered[:half]], second: [n for n, _ in ordered[half:]]}


def board_spots(board: Board, origin_z: float) -> dict[tuple[int, int], Spot]:
    """Where each cell's tile lies: the board centred on x 0 and `origin_z`, rows going
    towards the near side, cells `cell_size` apart (hex rows closer, as hexes nest)."""
    cells = board.cells()
    step = cell_units(board)
    hexes = board.grid == "hex"

    def column(q: int, r: int) -> float:
        return q + r / 2 if hexes else float(q)

    row_step = step * ROW_STEP if hexes else step
    centre_q = sum(column(q, r) for q, r in cells) / len(cells)
    centre_r = sum(r for _, r in cells) / len(cells)
    return {
        (q, r): ((column(q, r) - centre_q) * step, origin_z - (r - centre_r) * row_step)
        for q, r in cells
    }


def board_extent(pack: GamePack) -> tuple[float, float]:
    """How far the boards' tiles and counters reach from the board's centre along x and
    along z, in table units (each tile and counter taken whole): the middle a table must
    leave free for them."""
    reach_x = reach_z = 0.0
    for ref in pack.game.boards:
        board, _ = load_board(pack, ref)
        spots = board_spots(board, 0.0)
        teams, rounds = counter_spots(board, spots)
        tiles = list(spots.values())
        counters = [*teams.values(), rounds]
        cell = cell_units(board)
        across = cell / 3**0.5 if board.grid == "hex" else cell / 2  # point to point: z
        reach_x = max(reach_x, *(abs(x) + cell / 2 for x, _ in tiles))
        reach_x = max(reach_x, *(abs(x) + 1.0 for x, _ in counters))
        reach_z = max(reach_z, *(abs(z) + across for _, z in tiles))
        reach_z = max(reach_z, *(abs(z) + 0.6 for _, z in counters))
    return reach_x, reach_z


def seat_teams(pack: GamePack, seats: Sequence[tuple[str, Spot]]) -> dict[str, list[str]]:
    """Each team's seats (by name) on the game's first board: the seats nearest a team's
    spawn join it, half and half (`board_objects` puts their pieces so); none without a
    board."""
    if not pack.game.boards:
        return {}
    board, _ = load_board(pack, pack.game.boards[0])
    spots = board_spots(board, 0.0)
    teams = [team.id for team in pack.game.teams]
    return _team_seats(board, spots, len(seats), seats, teams)


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
