"""The playtest table's boards, pieces, teams and token pools: the rest of a game's box
besides its cards, counters and dice, as the page `table.html` starts them.

A board's cells are its grid file's (`cardgen.check.board_checks.load_board`), each with
its kind's colour and the team colours it can be inked in (the states its tile has on the
TTS table); a piece of `start: spawn` stands on its team's spawn cells in the TTS table's
order (`spawn_cells`), the teams' players taking turns as on that table (`team_players`).
"""

from __future__ import annotations

from pydantic import Field

from cardgen.check.board_checks import load_board, spawn_cells
from cardgen.load.game import GamePack
from cardgen.model.base import Strict
from cardgen.model.board import Board
from cardgen.model.components import BoardComponent, Piece, Token
from cardgen.tts.board import team_players

Holder = tuple[int | None, str | None, str, str]
"""Who holds a component: (seat or None, team or None, id stem, name shown)."""
NO_TEAM_COLOR = "#3d4451"
"""A piece's colour when it is a seat's and the seat is in no team."""


class TableTeam(Strict):
    """A team at the table: its name, colour and players."""

    id: str = Field(description="The team's id (`green`).")
    label: str = Field(description="Its name (`Green`).")
    color: str = Field(description="Its colour, `#rrggbb`.")
    seats: list[int] = Field(description="Its players' seats (0 first), in turn order.")


class TableCell(Strict):
    """One cell of a board: where it lies, its kind and the claims it takes."""

    id: str = Field(description="Its id on the board: `q,r` (axial, or column,row).")
    q: int = Field(description="Its axial q (hex) or column (square).")
    r: int = Field(description="Its row, 0 first.")
    kind: str = Field(description="The id of its kind of cell.")
    label: str = Field(description="Its kind's name (`Ground`).")
    fill: str = Field(description="Its colour, `#rrggbb`.")
    ring: str | None = Field(description="A ring drawn inside it (a spawn), `#rrggbb`.")
    height: int | None = Field(description="How high it stands; None: no piece enters it.")
    team: str | None = Field(description="The team whose spawn it is (None: nobody's).")
    claims: dict[str, str] = Field(
        description="The teams that can ink it, by team id -> the cell's colour once inked."
    )


class TableBoard(Strict):
    """A grid board of the game (or a player's mat) on the table."""

    id: str = Field(description="Its id, unique on the table (`arena`, `seat-1-mat`).")
    label: str = Field(description="Its name.")
    owner: int | None = Field(description="The seat whose mat it is; None: shared.")
    grid: str = Field(description="`hex` (pointy-top, axial q, r) or `square`.")
    cells: list[TableCell] = Field(description="Its cells, row by row.")


class TableHeld(Strict):
    """What every component on the table held by someone has: its id, name and holder."""

    id: str = Field(description="Its id, unique on the table (`seat-1-character-piece`).")
    label: str = Field(description="Its name (`Character Piece`, `Tile Counter`).")
    owner: int | None = Field(description="The seat holding it; None: a team's or shared.")
    team: str | None = Field(description="Its team: a piece's side, a team's counter or pool.")
    holder: str = Field(description="Whose it is, as shown (`Player 1`, a team, `Table`).")


class TablePiece(TableHeld):
    """A playing piece: whose it is, its colour and the cell it starts on."""

    color: str = Field(description="Its colour, `#rrggbb`.")
    board: str | None = Field(description="The board it starts on (None: beside its holder).")
    cell: str | None = Field(description="The cell it starts on (None: off the board).")


class TableTokens(TableHeld):
    """A pool of one design of tokens held by one holder: how many it starts with."""

    count: int = Field(description="How many the pool starts with.")


def table_teams(pack: GamePack, players: int) -> list[TableTeam]:
    """The game's teams with their players, the teams taking turns as at the TTS table."""
    seats = team_players([t.id for t in pack.game.teams], players)
    return [
        TableTeam(id=t.id, label=t.label, color=t.color, seats=seats[t.id]) for t in pack.game.teams
    ]


def _cells(board: Board, teams: list[str]) -> list[TableCell]:
    found = []
    for (q, r), kind_id in sorted(board.cells().items(), key=lambda i: (i[0][1], i[0][0])):
        kind = board.kind(kind_id)
        found.append(
            TableCell(
                id=f"{q},{r}",
                q=q,
                r=r,
                kind=kind_id,
                label=kind.label or kind_id,
                fill=kind.fill,
                ring=kind.ring,
                height=kind.height,
                team=kind.team,
                claims={state: color for state, color in kind.states.items() if state in teams},
            )
        )
    return found


def _board(pack: GamePack, ref: BoardComponent, owner: int | None, stem: str) -> TableBoard:
    board, _ = load_board(pack, ref)
    cells = _cells(board, [t.id for t in pack.game.teams])
    return TableBoard(
        id=f"{stem}{ref.id}", label=ref.label, owner=owner, grid=board.grid, cells=cells
    )


def table_boards(pack: GamePack, players: int) -> list[TableBoard]:
    """Each grid board of the game (a mat once per seat), its cells as the TTS board's."""
    found: list[TableBoard] = []
    for ref in pack.game.boards:
        if ref.grid is None:
            continue
        if ref.owner == "player":
            found.extend(_board(pack, ref, n, f"seat-{n + 1}-") for n in range(players))
        else:
            found.append(_board(pack, ref, None, ""))
    return found


def holders(pack: GamePack, owner: str, players: int) -> list[Holder]:
    """Who holds a component of `owner`: (seat, team, id stem, name shown) each: each
    player (with their team), each team, or the table."""
    teams = table_teams(pack, players)
    team_of = {seat: team.id for team in teams for seat in team.seats}
    if owner == "player":
        return [(n, team_of.get(n), f"seat-{n + 1}", player_label(n)) for n in range(players)]
    if owner == "team":
        return [(None, t.id, f"team-{t.id}", t.label) for t in teams]
    return [(None, None, "table", "Table")]


def player_label(number: int) -> str:
    """A seat's name on the page: `Player 1` for seat 0."""
    return f"Player {number + 1}"


def _spawns(pack: GamePack, boards: list[TableBoard]) -> tuple[str | None, dict[str, list[str]]]:
    """The first shared board's id and each team's spawn cells on it, in board order."""
    arena = next((b for b in boards if b.owner is None), None)
    if arena is None:
        return None, {}
    board, _ = load_board(pack, next(c for c in pack.game.boards if c.id == arena.id))
    return arena.id, {t: [f"{q},{r}" for q, r in own] for t, own in spawn_cells(board).items()}


def table_pieces(
    pack: GamePack, teams: list[TableTeam], boards: list[TableBoard], players: int
) -> list[TablePiece]:
    """A piece of each kind for each holder; `start: spawn` ones on their team's spawn
    cells of the first shared board, a team's players in turn order on them in board
    order (as the TTS table sets them), the others beside their holder."""
    colors = {t.id: t.color for t in teams}
    arena, spawns = _spawns(pack, boards)
    found = []
    for piece in (c for c in pack.game.components if isinstance(c, Piece)):
        used: dict[str | None, int] = {}
        for seat, team, stem, holder in holders(pack, piece.owner, players):
            own = spawns.get(team or "", []) if piece.start == "spawn" else []
            color = (
                colors.get(team or "", NO_TEAM_COLOR)
                if piece.color in ("team", "seat")
                else piece.color
            )
            for copy in range(piece.count):
                place = used[team] = used.get(team, -1) + 1
                number = f"-{copy + 1}" if piece.count > 1 else ""
                found.append(
                    TablePiece(
                        id=f"{stem}-{piece.id}{number}",
                        label=piece.label,
                        owner=seat,
                        team=team,
                        holder=holder,
                        color=color,
                        board=arena if own else None,
                        cell=own[place % len(own)] if own else None,
                    )
                )
    return found


def table_tokens(pack: GamePack, players: int) -> list[TableTokens]:
    """A pool of each token design for each holder, as many as the design's count."""
    found = []
    for token in (c for c in pack.game.components if isinstance(c, Token)):
        designs = token.designs()
        for seat, team, stem, holder in holders(pack, token.owner, players):
            for number, design in enumerate(designs, start=1):
                name = design.values.get("name")
                label = f"{token.label}: {name}" if name is not None else token.label
                suffix = f"-{number}" if len(designs) > 1 else ""
                found.append(
                    TableTokens(
                        id=f"{stem}-{token.id}{suffix}",
                        label=label,
                        owner=seat,
                        team=team if seat is None else None,
                        holder=holder,
                        count=design.count or token.count,
                    )
                )
    return found
