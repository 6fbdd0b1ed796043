"""The routes of `cardgen serve`: the live page, its assets, the API and the game's files.

- `GET /` (and `/index.html`): the gallery as served (`cardgen.serve.page`), or a
  placeholder before the game has built once;
- `GET /_live/live.js`, `live.css`, `gallery.js`: the live page's assets;
- `GET /api/state`: the latest build's state as JSON (`BuildState.as_json`);
- `GET /api/events`: the change feed, server-sent events: an event `build` after each
  build (its data `BuildState.event`), a comment every `KEEPALIVE` seconds between;
- the close-up's and the deck builder's routes (`cardgen.serve.builder`);
- `GET /table` (and `/table.html`): the playtest table (`cardgen.serve.table`);
- any other GET or HEAD: a file of the game's output folder, or a 404.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.resources import files as resource_files
from pathlib import Path

from cardgen.project import Project
from cardgen.serve.builder import BUILDER_ASSETS, add_routes
from cardgen.serve.feed import BuildState, Feed
from cardgen.serve.page import ASSETS, LIVE_ASSETS, file_policy, live_page, placeholder
from cardgen.serve.paths import resolve_request
from cardgen.serve.server import Request, Response, Route, Routes, content_type, not_found
from cardgen.serve.table import TABLE_ASSETS, add_table_route

KEEPALIVE = 15.0
"""Seconds between the comments that keep an idle event stream open."""
RETRY_MS = 1000
"""How soon a page's event stream connects again after it was cut."""
PAGE = "index.html"


@dataclass(frozen=True, slots=True)
class Site:
    """What the routes serve: the game, its output folder, the change feed and the project
    (None: no close-up and no deck builder)."""

    game: str
    out: Path
    feed: Feed
    project: Project | None = None

    def root(self) -> Path:
        """The output folder, resolved (it may be made after the server started)."""
        return self.out.resolve()


def _asset(name: str) -> bytes:
    return (resource_files("cardgen.web") / "assets" / name).read_bytes()


def page(site: Site, _request: Request) -> Response:
    """The served gallery (or the placeholder before a first good build)."""
    state = site.feed.state
    try:
        html = (site.root() / PAGE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        text, policy = placeholder(site.game, state.generation)
    else:
        text, policy = live_page(html, state.images, state.generation)
    return Response(
        200,
        text.encode("utf-8"),
        "text/html; charset=utf-8",
        {"Content-Security-Policy": policy},
    )


def state(site: Site, _request: Request) -> Response:
    """The latest build's state."""
    return Response.json(site.feed.state.as_json(site.game))


def _message(state: BuildState) -> bytes:
    data = json.dumps(state.event(), sort_keys=True, ensure_ascii=False)
    return f"id: {state.generation}\nevent: build\ndata: {data}\n\n".encode()


def _stream(feed: Feed, since: int) -> Iterator[bytes]:
    yield f"retry: {RETRY_MS}\n: connected\n\n".encode()
    seen = since
    while not feed.closed:
        newer = feed.wait_newer(seen, KEEPALIVE)
        if newer is None:
            if not feed.closed:
                yield b": keepalive\n\n"
            continue
        seen = newer.generation
        yield _message(newer)


def events(site: Site, request: Request) -> Response:
    """The change feed from the generation the page shows (`?since=N`, or the
    `Last-Event-ID` a reconnecting stream sends): any newer build at once, then each."""
    given = request.headers.get("last-event-id") or (request.query.get("since") or [""])[0]
    since = int(given) if given.isdigit() and len(given) < 10 else site.feed.state.generation
    return Response(
        200,
        content_type="text/event-stream; charset=utf-8",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        stream=_stream(site.feed, since),
    )


def output_file(site: Site, request: Request) -> Response:
    """A file of the output folder (a 404 for anything else)."""
    found = resolve_request(site.root(), request.path)
    if found is None:
        return not_found()
    try:
        data = found.read_bytes()
    except OSError:
        return not_found()
    return Response(
        200, data, content_type(found), {"Content-Security-Policy": file_policy(found.suffix) or ""}
    )


def _fixed(body: bytes, kind: str) -> Route:
    """A route that answers with `body` always (an asset read once)."""
    return lambda _request: Response(200, body, kind)


def routes(site: Site) -> Routes:
    """The routes of the live page and its API."""
    table = Routes()
    for path in ("/", f"/{PAGE}"):
        table.add("GET", path, lambda request: page(site, request))
    for name in LIVE_ASSETS + BUILDER_ASSETS + TABLE_ASSETS:
        table.add("GET", ASSETS + name, _fixed(_asset(name), content_type(Path(name))))
    table.add("GET", "/api/state", lambda request: state(site, request))
    table.add("GET", "/api/events", lambda request: events(site, request))
    add_routes(table, site)
    add_table_route(table, site)
    return table
