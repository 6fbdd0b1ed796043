"""`GET /table` (and `/table.html`, the gallery's link): the playtest table of the served
game (`cardgen.web.table_page`), set up by the address: `?players=N` (default: the game's
fewest), `&deck=NAME` once per seat (a deck list of the game's `decks/` folder, by its file
name; default: the game's own seat decks) and `&seed=TEXT` (read by the page). The server
keeps no state of the table: the page is made from the game's files at each request, and
plays in the browser. Its script `table_live.js` follows the change feed: a card image a
build changes shows on the table at once, the table's state untouched.

A refused setup (a player count outside the game's range, an unknown deck list) is a page
of one line saying why (400), the way the command line says it.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.errors import CardgenError
from cardgen.fuzzy import closest
from cardgen.load.game import GamePack
from cardgen.project import Project
from cardgen.serve.page import ASSETS, FILE_CSP, csp
from cardgen.serve.server import Request, Response, Routes
from cardgen.tts.export import seat_deck_lists
from cardgen.web.table_faces import table_faces
from cardgen.web.table_page import rules_link, script, table_html
from cardgen.web.table_state import table_state

TABLE_ASSETS = ("table_live.js",)
"""The served table's own asset, served under `/_live/` with the live page's."""
LIVE_SCRIPT = ASSETS + TABLE_ASSETS[0]
"""The served table's script that shows each card image as the last build made it."""

if TYPE_CHECKING:
    from cardgen.serve.api import Site


def _decks(pack: GamePack, names: list[str]) -> list[Path]:
    """The deck lists named (by file name, with or without its suffix)."""
    files = {path.stem: path for path in pack.deck_files()}
    found = []
    for name in names:
        stem = name.rsplit(".", 1)[0] if name.endswith((".txt", ".yaml", ".yml")) else name
        if stem not in files:
            near = closest(stem, files)
            hint = f" (did you mean {near!r}?)" if near else ""
            known = ", ".join(files) or "none"
            raise CardgenError(f"deck={name}: no such deck list{hint}; the game has: {known}")
        found.append(files[stem])
    return found


def _players(pack: GamePack, given: str) -> int:
    if not given:
        return pack.game.players.min
    if not given.isdigit() or len(given) > 3:
        raise CardgenError(f"players={given[:20]}: a number of players, such as 2")
    return int(given)


def table_page(project: Project, game: str, request: Request) -> tuple[str, str]:
    """(the page, its Content-Security-Policy) of the table the request asks for; a
    refused setup raised as a `CardgenError`."""
    pack = project.game(game)
    players = _players(pack, (request.query.get("players") or [""])[0])
    decks = seat_deck_lists(pack, players, _decks(pack, request.query.get("deck") or []))
    faces = table_faces(project.root, pack)
    state = table_state(pack, players, decks, faces, rules=rules_link(pack))
    return table_html([state], policy=None, served=(LIVE_SCRIPT,)), csp((script(),))


def _refused(message: str) -> Response:
    body = (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        "<title>Playtest table: not set up</title>\n</head>\n<body>\n"
        f'<main><h1>Playtest table: not set up</h1><p role="alert">{escape(message)}</p>'
        '<p><a href="/table">The table for the fewest players</a></p></main>\n</body>\n</html>\n'
    )
    return Response(
        400, body.encode("utf-8"), "text/html; charset=utf-8", {"Content-Security-Policy": FILE_CSP}
    )


def add_table_route(table: Routes, site: Site) -> None:
    """`GET /table` and `/table.html`, added to `table`."""

    def page(request: Request) -> Response:
        if site.project is None:
            return Response.text(404, "no project is served")
        try:  # the project as the files are now: a Project keeps the games it loaded
            text, policy = table_page(Project(site.project.root), site.game, request)
        except CardgenError as exc:
            return _refused(exc.format_message().splitlines()[0])
        headers = {"Content-Security-Policy": policy}
        return Response(200, text.encode("utf-8"), "text/html; charset=utf-8", headers)

    table.add("GET", "/table", page)
    table.add("GET", "/table.html", page)  # the gallery's link to the page the build wrote
