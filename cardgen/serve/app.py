"""`cardgen serve GAME`: build the game, serve it, rebuild on every save, tell the page.

One build at a time, in the calling thread (a Ctrl-C stops it as it stops `cardgen watch`,
the output folder's lock released); the server answers from its own threads meanwhile.
Saves made during a build are gathered by the watcher and make one more build after it.
Each build is published as soon as its card images are drawn (the cards drawn before the
game is checked), and again when it is done.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable, Collection
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.errors import CardgenError, InputErrors
from cardgen.outputs import game_folder
from cardgen.project import Project
from cardgen.serve.api import Site, output_file, routes
from cardgen.serve.changes import Hashes, ImageHashes, compare
from cardgen.serve.feed import BuildState, Feed, Problem
from cardgen.serve.server import LiveServer
from cardgen.serve.watcher import Saves
from cardgen.verdict import GameBuild
from cardgen.warm import Warm
from cardgen.watch import build_and_report
from cardgen.write import slug

if TYPE_CHECKING:
    from cardgen.render.game import RenderResult

Report = Callable[[str], None]


def problems_of(outcome: GameBuild | CardgenError) -> tuple[Problem, ...]:
    """What stopped a build, each problem with its file and line where known."""
    if isinstance(outcome, CardgenError):
        errors = outcome.errors if isinstance(outcome, InputErrors) else [outcome]
        return tuple(Problem.of(e) for e in errors)
    places = outcome.places.get("errors", [])
    found = tuple(
        Problem.parse(text, places[i] if i < len(places) else "")
        for i, text in enumerate(outcome.errors)
    )
    return found or (Problem(None, None, outcome.note or "the build stopped"),)


def card_shown(
    name: str, kind: str, file: str, back_id: str | None, images: Hashes
) -> dict[str, Any]:
    """A card as the page shows it: name, type, its tile's anchor, and the paths and hashes
    of its front (named `file` in `cards/`) and back images."""
    front = f"cards/{file}.png"
    back = f"backs/{slug(back_id)}.png" if back_id else None
    return {
        "name": name,
        "type": kind,
        "anchor": f"card-{slug(name)}",
        "front": front,
        "front_hash": images.get(front),
        "back": back,
        "back_hash": images.get(back) if back else None,
    }


def cards_shown(project: Project, game: str, images: Hashes) -> tuple[dict[str, Any], ...]:
    """Each card of the game as the page shows it (`card_shown`), in the pool's order
    (empty if the game does not load now)."""
    from cardgen.render.game import card_files

    try:
        pack = project.game(game)
        names = card_files(pack)
    except CardgenError:
        return ()
    return tuple(
        card_shown(c.name, c.type, names[c.name], pack.game.types[c.type].back, images)
        for c in pack.cards
    )


def cards_drawn(rendered: RenderResult, images: Hashes) -> tuple[dict[str, Any], ...]:
    """Each card a build drew (or kept) as the page shows it, in the pool's order: what
    `cards_shown` gives, without loading the game again."""
    return tuple(card_shown(c.name, c.type, c.file.stem, c.back, images) for c in rendered.cards)


class LiveGame:
    """A game being served: its builds, the image hashes and the change feed."""

    def __init__(
        self, project: Project, game: str, report: Report, jobs: int | None = None
    ) -> None:
        """Serve `game` of `project`, built on `jobs` processes (default: all cores),
        reporting each build's lines with `report`."""
        self.project = project
        self.game = game
        self.report = report
        self.jobs = jobs
        self.out = game_folder(project.root, game)
        self.feed = Feed()
        self._hashes = ImageHashes(self.out)
        self.warm = Warm()
        """What one build made from the game's files other than its pool, for the next."""

    def site(self) -> Site:
        """What the routes serve."""
        return Site(self.game, self.out, self.feed, self.project)

    def rebuild(self, saved: Collection[Path] = ()) -> BuildState:
        """Build the game once and publish what came of it: its card images as soon as they
        are drawn (`follows`), then the whole build's state. `saved`: the files seen saved
        since the last build (what the last build made of the game's other files is taken
        again only when none of them is one, and they are as they were: `cardgen.warm`).

        The garbage collector waits while the cards are drawn: a full collection of a
        served game's objects took 100-120 ms of a 500-card game's edit to screen; it runs
        once they are published."""
        started = time.perf_counter()
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._rebuild(started, saved, collecting)
        finally:
            if collecting:
                gc.enable()

    def _rebuild(self, started: float, saved: Collection[Path], collecting: bool) -> BuildState:
        before = self.feed.state.images
        drawn: list[RenderResult] = []

        def rendered(result: RenderResult) -> None:
            drawn.append(result)
            images = self._hashes.scan()
            self.feed.publish(
                BuildState(
                    ok=True,
                    status="rendered",
                    images=images,
                    cards=cards_drawn(result, images),
                    changes=compare(before, images),
                    seconds=time.perf_counter() - started,
                    follows=True,
                )
            )
            if collecting:
                gc.enable()

        self.warm.begin(self.project.root, self.game, saved)
        with self.warm.active():
            outcome = build_and_report(
                self.project, self.game, self.report, jobs=self.jobs, on_rendered=rendered
            )
        last = self.feed.state
        if isinstance(outcome, CardgenError) or not outcome.built:
            state = BuildState(
                ok=False,
                status="error",
                problems=problems_of(outcome),
                images=last.images,
                cards=last.cards,
            )
        else:
            images = self._hashes.scan()
            shown = (
                cards_drawn(drawn[0], images)
                if drawn
                else cards_shown(Project(self.project.root), self.game, images)
            )
            state = BuildState(
                ok=True,
                status=outcome.status,
                images=images,
                cards=shown,
                changes=compare(before, images),
            )
        return self.feed.publish(replace(state, seconds=time.perf_counter() - started))


def listen(live: LiveGame, host: str, port: int) -> LiveServer:
    """The server of `live` bound to `host`:`port` (0: a free one), not yet answering."""
    site = live.site()
    try:
        return LiveServer((host, port), routes(site), lambda r: output_file(site, r), live.report)
    except OSError as exc:
        raise CardgenError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def page_url(host: str, port: int) -> str:
    """The address of the served page."""
    shown = "127.0.0.1" if host in ("", "0.0.0.0") else host
    shown = f"[{shown}]" if ":" in shown and not shown.startswith("[") else shown
    return f"http://{shown}:{port}/"


def serve(
    project: Project,
    game: str,
    report: Report,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    ready: Callable[[str], None] = lambda _url: None,
    max_builds: int | None = None,
    jobs: int | None = None,
) -> int:
    """Build `game` (on `jobs` processes), serve it on `host`:`port` and rebuild on every
    save until Ctrl-C (or `max_builds` builds); `ready` is handed the page's URL after the
    first build. The number of builds made."""
    live = LiveGame(project, game, report, jobs)
    server = listen(live, host, port)
    answering = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True
    )
    watched = Saves(project, game)
    try:
        if max_builds != 1:
            watched.start()  # before the first build: a save during it is not lost
        live.rebuild()
        gc.collect()
        gc.freeze()  # what stays (modules, schemas, fonts, the warm slots) is not scanned again
        builds = 1
        answering.start()
        ready(page_url(host, server.port))
        while max_builds is None or builds < max_builds:
            lines = watched.next()
            if lines is None:
                break
            for line in lines:
                report(line)
            live.rebuild(watched.paths)
            builds += 1
    finally:
        watched.stop()
        live.feed.close()
        if answering.is_alive():
            server.shutdown()
        server.server_close()
    return builds
