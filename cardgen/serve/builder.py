"""The close-up's and the deck builder's routes, and the deck builder's page `/decks`.

- `GET /api/card?name=SLUG`: a card up close (`cardgen.serve.closeup`);
- `GET /decks`: the deck builder (`web/assets/builder.js`, `builder.css`);
- `GET /api/pool`: the card pool as the builder lists it, each card's copy limit with it;
- `POST /api/validate` `{name, text}`: a deck list's verdict and report, the file it would
  be saved as and whether one is there already (`exists`), nothing written;
- `GET /api/decks`: the deck lists of `decks/GAME/decks/`; `GET /api/deck?name=SLUG` one;
- `POST /api/decks` `{name, text, overwrite}`: a deck list saved there.

Every POST is a writing route: only the server's own page may send it (its Origin).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.errors import CardgenError
from cardgen.load.game import GamePack
from cardgen.model.card import Card
from cardgen.model.rules import CopiesRule
from cardgen.model.select import matches
from cardgen.project import Project
from cardgen.render.game import card_files
from cardgen.serve.closeup import UnknownCard, card_closeup, read_page
from cardgen.serve.decks import DeckFolder, DeckRefused
from cardgen.serve.page import ASSETS, csp
from cardgen.serve.server import Request, Response, Routes

if TYPE_CHECKING:
    from cardgen.serve.api import Site

BUILDER_ASSETS = ("closeup.js", "closeup.css", "builder.js", "builder.css")
"""The close-up's and the builder's own assets, served from `/_live/`."""


def copy_limit(pack: GamePack, card: Card) -> int | None:
    """The most copies of `card` a deck may hold by the game's `copies` rules (None: no
    limit)."""
    limits = [
        rule.overrides.get(card.name, rule.max)
        for rule in pack.game.deck_rules
        if isinstance(rule, CopiesRule) and not (rule.exempt and matches(card, rule.exempt))
    ]
    return min(limits) if limits else None


def pool(pack: GamePack, images: dict[str, str]) -> dict[str, Any]:
    """The pool as the deck builder lists it: the types, and each card's name, type (and
    its label), copies in the box, copy limit, search text and front image."""
    files = card_files(pack)
    cards = []
    for card in pack.cards:
        front = f"cards/{files[card.name]}.png"
        digest = images.get(front)
        values = " ".join(str(v) for v in card.fields.values())
        cards.append(
            {
                "name": card.name,
                "slug": files[card.name],
                "type": card.type,
                "type_label": pack.game.types[card.type].label,
                "copies": card.copies,
                "limit": copy_limit(pack, card),
                "text": card.text,
                "search": f"{card.name} {card.type} {values} {card.text}".lower(),
                "image": f"/{front}" + (f"?v={digest}" if digest else ""),
            }
        )
    types = [{"id": t, "label": c.plural_label} for t, c in pack.game.types.items()]
    return {"game": pack.id, "name": pack.game.name, "types": types, "cards": cards}


def builder_page(game: str, name: str) -> str:
    """The deck builder's HTML (its script and style from `/_live/`)."""
    title = escape(f"{name}: deck builder")
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n"
        f'<meta name="cardgen-game" content="{escape(game)}">\n<link rel="icon" href="data:,">\n'
        f'<link rel="stylesheet" href="{ASSETS}live.css">\n'
        f'<link rel="stylesheet" href="{ASSETS}builder.css">\n</head>\n<body>\n'
        '<a class="skip" href="#deck-name">Skip to the deck</a>\n'
        f'<header class="top"><h1>{title}</h1><a href="/">Back to the gallery</a></header>\n'
        '<main class="builder">\n<section class="pool" aria-labelledby="pool-title">\n'
        '<h2 class="sr" id="pool-title">Card pool</h2>'
        '<form class="toolbar" role="search">'
        '<input type="search" id="search" placeholder="Search names and text" aria-label="Search">'
        '<select id="filter-type" aria-label="Card type"><option value="">All types</option>'
        '</select><span id="count"></span></form>\n'
        '<p class="keys" id="pool-keys">The pool is one stop of the Tab key: the arrow keys move'
        " through it, Enter or + adds a copy of the card, − or Delete takes one out.</p>\n"
        '<ul id="pool" aria-describedby="pool-keys"></ul>\n</section>\n'
        '<section class="deck" aria-labelledby="deck-title">\n'
        '<h2 class="sr" id="deck-title">Deck</h2><form class="deck-tools">'
        '<input id="deck-name" value="my deck" maxlength="80" aria-label="Deck name">'
        '<button type="button" id="save">Save</button>'
        '<button type="button" id="download">Download</button>'
        '<select id="open" aria-label="Open a deck list"><option value="">Open...</option></select>'
        '<button type="button" id="clear">Clear</button></form>\n'
        '<p id="saved" role="status"></p>\n<div id="verdict" role="status"></div>\n'
        '<ul id="deck-list"></ul>\n<div id="report"></div>\n</section>\n</main>\n'
        f'<script src="{ASSETS}builder.js"></script>\n</body>\n</html>\n'
    )


def _body(request: Request) -> dict[str, Any]:
    try:
        data = json.loads(request.body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise DeckRefused(400, "the request's body is not JSON") from None
    except RecursionError:  # nested deeper than the parser goes: no deck is
        raise DeckRefused(400, "the request's body is nested too deep") from None
    if not isinstance(data, dict):
        raise DeckRefused(400, "the request's body is a JSON object")
    return data


def _answer(work: Callable[[], Any], status: int = 200) -> Response:
    """`work`'s JSON, or a refusal's or a bad game's one-line `error`."""
    try:
        return Response.json(work(), status)
    except DeckRefused as refused:
        return Response.json({"error": refused.message}, refused.status)
    except CardgenError as exc:
        return Response.json({"error": exc.format_message().splitlines()[0]}, 409)


def _query(request: Request, key: str) -> str:
    return (request.query.get(key) or [""])[0]


_FRESH: dict[Path, tuple[int, Project]] = {}
"""The project as each build left it, by its folder: (the build's generation, the project)."""


def _project(site: Site) -> Project:
    """The served project as the latest build read it: a `Project` keeps the games it
    loaded, so one is made again after each build (a save makes one)."""
    if site.project is None:
        raise DeckRefused(404, "no project is served")
    generation = site.feed.state.generation
    kept = _FRESH.get(site.project.root)
    if kept is None or kept[0] != generation:
        kept = (generation, Project(site.project.root))
        _FRESH[site.project.root] = kept
    return kept[1]


def add_routes(table: Routes, site: Site) -> None:
    """The close-up's and the deck builder's routes, added to `table`."""

    def card(request: Request) -> Response:
        def found() -> dict[str, Any]:
            key = _query(request, "name")
            images = site.feed.state.images
            try:
                return card_closeup(_project(site), site.game, key, images, read_page(site.root()))
            except UnknownCard as exc:
                raise DeckRefused(404, exc.problem) from None

        return _answer(found)

    def page(_request: Request) -> Response:
        def html() -> str:
            return builder_page(site.game, _project(site).game(site.game).game.name)

        try:
            text = html()
        except (DeckRefused, CardgenError) as exc:
            return Response.text(409, f"the game does not load now: {exc}")
        return Response(
            200,
            text.encode("utf-8"),
            "text/html; charset=utf-8",
            {"Content-Security-Policy": csp()},
        )

    def listing(_request: Request) -> Response:
        return _answer(lambda: pool(_project(site).game(site.game), site.feed.state.images))

    def folder() -> DeckFolder:
        return DeckFolder(_project(site), site.game)

    def validate(request: Request) -> Response:
        def verdict() -> dict[str, Any]:
            data = _body(request)
            return folder().judged(data.get("name"), data.get("text"))

        return _answer(verdict)

    def decks(_request: Request) -> Response:
        return _answer(lambda: {"game": site.game, "decks": folder().listed()})

    def deck(request: Request) -> Response:
        return _answer(lambda: folder().opened(_query(request, "name")))

    def save(request: Request) -> Response:
        def saved() -> dict[str, Any]:
            data = _body(request)
            return folder().save(data.get("name"), data.get("text"), data.get("overwrite", False))

        return _answer(saved, 201)

    table.add("GET", "/api/card", card)
    table.add("GET", "/decks", page)
    table.add("GET", "/api/pool", listing)
    table.add("POST", "/api/validate", validate, writes=True)
    table.add("GET", "/api/decks", decks)
    table.add("GET", "/api/deck", deck)
    table.add("POST", "/api/decks", save, writes=True)
