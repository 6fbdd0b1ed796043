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
from cardgen.load.game import GamePack
from cardgen.load.validation import validate_yaml
from cardgen.load.yaml import YamlDocument, load_yaml
from cardgen.model.board import AXIAL_NEIGHBOURS, HEIGHT, Board
from cardgen.model.game import BoardRef


def load_board(pack: GamePack, ref: BoardRef) -> tuple[Board, YamlDocument]:
    """Load and validate a board file of the game; unknown tokens name their row's line."""
    where: list[str | int] = ["boards", pack.game.boards.index(ref), "file"]
    doc = load_yaml(pack.file(ref.file, where), pack.root)
    board: Board = validate_yaml(Board, doc)
    errors = ErrorCollector()
    for index, token in board.unknown_tokens():
        known = ", ".join(sorted(board.legend))
        errors.add(f'token "{token}" is not in the legend ({known})', doc.location(["rows", index]))
    errors.raise_if_any()
    return board, doc


def reachable(
    cells: dict[tuple[int, int], str], start: list[tuple[int, int]]
) -> set[tuple[int, int]]:
    """Cells a piece can walk to from `start`: never onto blocked cells, up one height at most."""
    seen = set(start)
    queue = deque(start)
    while queue:
        q, r = queue.popleft()
        here = HEIGHT[cells[(q, r)]]
        for dq, dr in AXIAL_NEIGHBOURS:
            nxt = (q + dq, r + dr)
            kind = cells.get(nxt)
            if kind is None or kind == "blocked" or nxt in seen:
                continue
            if HEIGHT[kind] - here <= 1:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def check_board(pack: GamePack, ref: BoardRef) -> Iterator[Finding]:
    """Spawn cells per team, and every walkable cell reachable from each team's spawn."""
    board, doc = load_board(pack, ref)
    cells = board.cells()
    spawns: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for pos, kind in sorted(cells.items(), key=lambda item: (item[0][1], item[0][0])):
        if kind.startswith("spawn-"):
            spawns[kind.removeprefix("spawn-")].append(pos)
    for team in ("green", "purple"):
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
    walkable = {pos for pos, kind in cells.items() if kind != "blocked"}
    for team, starts in sorted(spawns.items()):
        missing = sorted(walkable - reachable(cells, starts), key=lambda p: (p[1], p[0]))
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
