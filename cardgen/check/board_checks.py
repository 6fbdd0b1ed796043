"""A game's boards: a board file loaded against its legend, and its spawns and paths.

`load_board` reads and validates a board file of the game (the TTS and print-and-play
exports draw it); `check_board` finds each team's spawn cells and every walkable cell a
piece cannot reach from them (SC301, SC302).
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterator

from cardgen.check.findings import Finding
from cardgen.errors import ErrorCollector
from cardgen.fuzzy import did_you_mean
from cardgen.load.game import GamePack
from cardgen.load.validation import validate_yaml
from cardgen.load.yaml import YamlDocument, load_yaml
from cardgen.model.board import Board
from cardgen.model.components import BoardComponent


def load_board(pack: GamePack, ref: BoardComponent) -> tuple[Board, YamlDocument]:
    """Load and validate a board's grid file; unknown tokens name their row's line, a
    spawn of a team the game lacks its kind's line."""
    where: list[str | int] = ["components", pack.game.components.index(ref), "grid"]
    doc = load_yaml(pack.file(ref.grid or "", where), pack.root)
    board: Board = validate_yaml(Board, doc)
    errors = ErrorCollector()
    for index, token in board.unknown_tokens():
        known = ", ".join(sorted(board.legend))
        hint = did_you_mean(token, board.legend)
        errors.add(
            f'token "{token}" is not in the legend ({known}){hint}', doc.location(["rows", index])
        )
    teams = [team.id for team in pack.game.teams]
    for kind_id, kind in board.kinds.items():
        if kind.team is not None and kind.team not in teams:
            known = ", ".join(teams) or "none: add `teams` to game.yaml"
            errors.add(
                f'cell kind "{kind_id}" is the spawn of team "{kind.team}", not in the game\'s'
                f" teams ({known}){did_you_mean(kind.team, teams)}",
                doc.location(["kinds", kind_id, "team"]),
            )
    errors.raise_if_any()
    return board, doc


def reachable(board: Board, start: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """Cells a piece can walk to from `start`: only onto cells with a height, up one step
    at most."""
    cells = board.cells()
    seen = set(start)
    queue = deque(start)
    while queue:
        q, r = queue.popleft()
        here = board.kind(cells[(q, r)]).height or 0
        for dq, dr in board.neighbours():
            nxt = (q + dq, r + dr)
            kind = cells.get(nxt)
            if kind is None or nxt in seen:
                continue
            height = board.kind(kind).height
            if height is not None and height - here <= 1:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def spawn_cells(board: Board) -> dict[str, list[tuple[int, int]]]:
    """Each team's spawn cells, in board order (rows, then columns)."""
    cells = board.cells()
    spawns: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for pos, kind in sorted(cells.items(), key=lambda item: (item[0][1], item[0][0])):
        team = board.kind(kind).team
        if team is not None:
            spawns[team].append(pos)
    return spawns


def check_board(pack: GamePack, ref: BoardComponent) -> Iterator[Finding]:
    """Spawn cells per team, and every walkable cell reachable from each team's spawn."""
    board, doc = load_board(pack, ref)
    cells = board.cells()
    spawns = spawn_cells(board)
    for team in [t.id for t in pack.game.teams] if ref.spawns_per_team else []:
        found = len(spawns.get(team, []))
        if found != ref.spawns_per_team:
            where = doc.location(["rows", spawns[team][0][1]] if spawns.get(team) else ["rows"])
            yield Finding(
                "board-spawns",
                "SC301",
                f"{team} has {found} spawn cells; each team needs {ref.spawns_per_team}",
                where.path,
                where.line,
            )
    walkable = {pos for pos, kind in cells.items() if board.kind(kind).walkable}
    for team, starts in sorted(spawns.items()):
        missing = sorted(walkable - reachable(board, starts), key=lambda p: (p[1], p[0]))
        if missing:
            sample = ", ".join(f"row {r + 1} (q={q}, r={r})" for q, r in missing[:5])
            where = doc.location(["rows", missing[0][1]])
            yield Finding(
                "board-connected",
                "SC302",
                f"{len(missing)} cells cannot be reached from the {team} spawn: {sample}",
                where.path,
                where.line,
            )
