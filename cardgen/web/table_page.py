"""The playtest table's page: `output/<game>/table.html`, written by `cardgen build`, and
the page `cardgen serve` sends at `/table`.

The page works opened straight from disk (file://): the table's opening states are JSON in
the page (one per player count the game takes, `table_state`), the script and stylesheet
inline (`web/assets/table_play.js` and `table.js` in one script, `table.css`), the card
images linked relatively (`cards/`, `backs/`), the rulebook linked beside it; no request
leaves the machine (a Content-Security-Policy forbids it). Everything the game's files say
is escaped; the same inputs give the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from importlib.resources import files as resource_files
from pathlib import Path

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.load.game import GamePack
from cardgen.rulebook.document import rulebook_file
from cardgen.rulebook.output import FOLDER as RULEBOOK_FOLDER
from cardgen.tts.export import seat_deck_lists
from cardgen.web.table_faces import table_faces
from cardgen.web.table_state import TableCard, TableState, table_state
from cardgen.write import Writer

PAGE = "table.html"
CSP = (
    "default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline';"
    " script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
)
KEYS = (
    ("1 - 9", "play as that player (the other hands are hidden)"),
    ("d", "draw from the focused pile (else your draw pile) into your hand"),
    ("t", "turn the top card of the focused pile (else your draw pile) onto the table"),
    ("s", "shuffle the focused pile (else your draw pile)"),
    ("f", "flip the focused card on the table, or turn the focused pile over"),
    ("p", "play the focused card of your hand onto the table"),
    ("Enter", "on a card: choose it to move, then Put here on a pile, a hand or the table"),
    ("Escape", "let go of the chosen card"),
    ("r", "roll your dice (else the table's)"),
    ("Arrow keys", "on a board: move between its cells"),
    ("Enter", "on a board's cell: pick up its piece, or put the chosen piece there"),
    ("i, c", "on a board's cell: ink it in your team's colour, or clear it"),
    ("u, Ctrl+Z", "undo the last action"),
    ("?", "show or hide this list"),
)
"""The page's shortcut keys and what each does (table.js acts on them)."""


def asset(name: str) -> str:
    """One of the page's assets, as text."""
    return (resource_files("cardgen.web") / "assets" / name).read_text(encoding="utf-8")


def script() -> str:
    """The page's one inline script: the rules of play (`table_play.js`), the boards and
    pieces (`table_board.js`), then the page that draws the table and takes the keys
    (`table.js`)."""
    return "\n" + asset("table_play.js") + asset("table_board.js") + asset("table.js")


def rules_link(pack: GamePack) -> str | None:
    """The rulebook page the build writes beside the table, if the game has a rulebook."""
    return f"{RULEBOOK_FOLDER}/rulebook.html" if rulebook_file(pack) is not None else None


def game_tables(pack: GamePack, faces: dict[str, TableCard], rules: str | None) -> list[TableState]:
    """The table for every player count the game takes, the seats on the game's own deck
    lists; a count the setup cannot deal (no deal row, too few cards) is left out, and
    when none can be dealt the first refusal is raised."""
    states: list[TableState] = []
    refusals: list[CardgenError] = []
    for players in range(pack.game.players.min, pack.game.players.max + 1):
        try:
            decks = seat_deck_lists(pack, players, [])
            states.append(table_state(pack, players, decks, faces, rules=rules))
        except CardgenError as exc:
            refusals.append(exc)
    if not states and refusals:
        raise refusals[0]
    return states


def _keys() -> str:
    rows = "".join(f"<dt>{escape(k)}</dt><dd>{escape(what)}</dd>" for k, what in KEYS)
    return f'<details id="keys"><summary>Keys</summary><dl>{rows}</dl></details>'


def table_html(
    states: Sequence[TableState], *, policy: str | None = CSP, served: Sequence[str] = ()
) -> str:
    """The page for `states` (the first is shown unless the address asks for another player
    count); `policy` its Content-Security-Policy meta tag (None: the server sends one);
    `served` the addresses of scripts the server adds after the table's own (its live
    images)."""
    first = states[0]
    name = escape(first.name)
    rules = (
        f'<a id="rules" href="{escape(first.rules)}" target="_blank" rel="noopener">Rules</a>'
        if first.rules
        else ""
    )
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n' if policy else ""
    data = "[" + ",".join(state.as_json() for state in states) + "]"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"{meta}"
        '<meta name="viewport" content="width=device-width,initial-scale=1">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f'<meta name="generator" content="cardgen {escape(__version__)}">\n'
        '<link rel="icon" href="data:,">\n'
        f"<title>{name}: playtest table</title>\n"
        f"<style>\n{asset('table.css')}</style>\n</head>\n<body>\n"
        '<a class="skip" href="#table-main">Skip to the table</a>\n'
        '<header class="top">\n'
        f"<h1>{name}: playtest table</h1>\n"
        '<form id="setup-form" aria-label="Set up">'
        '<label>Players <select id="players" name="players"></select></label>'
        '<label>Seed <input id="seed" name="seed" autocomplete="off"></label>'
        '<button type="submit">Set up</button>'
        '<button type="button" id="new-game">New game</button>'
        "</form>\n"
        '<div class="bar">'
        '<label>Playing <select id="seat"></select></label>'
        '<button type="button" id="undo">Undo</button>'
        '<button type="button" id="opening"></button>'
        '<label>Deal <input type="number" id="deal-count" min="1" value="1"> each</label>'
        f'<span class="seed">Seed <code id="seed-shown"></code></span>{rules}'
        "</div>\n"
        f"{_keys()}\n"
        "</header>\n"
        '<main id="table-main" tabindex="-1">\n'
        f'<p class="notes" lang="{escape(first.language)}">{escape(first.notes)}</p>\n'
        '<p id="announce" class="visually-hidden" role="status" aria-live="polite"></p>\n'
        "<noscript><p>The table needs JavaScript.</p></noscript>\n"
        '<div id="table-root"></div>\n'
        '<h2>What happened</h2>\n<ol id="log" tabindex="0" aria-label="What happened,'
        ' latest first"></ol>\n'
        "</main>\n"
        f'<script type="application/json" id="table-setups">{data}</script>\n'
        f"<script>{script()}</script>\n"
        + "".join(f'<script src="{escape(src)}"></script>\n' for src in served)
        + "</body>\n</html>\n"
    )


def write_table(root: Path, pack: GamePack, out: Path) -> list[Path]:
    """Write `out/table.html`, the game's playtest table for every player count it takes
    (`root`: the project's folder); the paths written."""
    faces = table_faces(root, pack)
    page = table_html(game_tables(pack, faces, rules_link(pack)))
    return [Writer(out).write_if_changed(PAGE, page.encode("utf-8"))]
