"""`cardgen build`: check, lint, render, PDFs and TTS for each game, incremental.

Each game builds into `output/<game>/`: card images (through the content-hash cache in
`output/<game>/.cache/`, so only changed cards are drawn again), an A4 and a Letter duplex
PDF of the box, board posters, the components' A4 and Letter PDFs (tokens, dice stickers,
mats, tuck boxes: `<game>-components-<paper>.pdf`), the Tabletop Simulator saved object
and the proof gallery.

What stops a game is an error in its data: a card pool cell or a game file that does not
load, or a failed check. It stops before any output is made, with a line saying what
stopped it and what to do; `keep_going` builds its outputs anyway, leaving out the cards
whose data did not load. Card-text lint findings are reported and stop nothing, unless
`strict`: then they stop the game too, and any warning (text that overflows its box)
fails it.

Every file cardgen writes is listed in `output/<game>/.cardgen-files.json`: a build removes
what an earlier one made and no card needs any more (`cardgen.manifest`), and `clean`
removes exactly what is listed. A build that would change nothing is skipped whole
(`cardgen.stamp`). What a build says at the end (the table, each game's closing line, the
exit code) is `cardgen.verdict`'s, with what a build of one game found (`GameBuild`).

`on_rendered` is for a live preview (`cardgen serve`): the cards are drawn first, before
the game is checked, and the callback is handed them as soon as they are written; the check,
the PDFs, the TTS export and the gallery follow, and what the build found and made is the
same as without it (a failed check then stops the build after the card images).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen import manifest, stamp
from cardgen.cache import Cache
from cardgen.errors import CardgenError, InternalError, Location, display_path
from cardgen.failures import while_doing
from cardgen.lock import output_lock
from cardgen.manifest import record_build
from cardgen.outputs import PAPERS, game_folder, kept_inside, output_folder
from cardgen.project import Project
from cardgen.verdict import GameBuild, built_note, stopped_note
from cardgen.write import remove_stale_temps

CACHE = manifest.CACHE
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}

if TYPE_CHECKING:  # the stages' types: their modules are imported when a game is built
    from cardgen.check.findings import Finding
    from cardgen.check.lint import LintFinding
    from cardgen.load.game import GamePack
    from cardgen.render.game import RenderResult
    from cardgen.tts.mod import TableRules

    _Checked = tuple[GamePack, list[Finding], list[LintFinding]]

Progress = Callable[[str, int], Callable[[int], None]]
"""Makes a progress callback for a step: (label, total) -> advance(n)."""
Rendered = Callable[["RenderResult"], None]
"""Handed the card images as soon as they are written, before the rest of the build."""


def build_game(
    project: Project,
    game: str,
    *,
    keep_going: bool = False,
    strict: bool = False,
    use_cache: bool = True,
    jobs: int | None = None,
    progress: Progress | None = None,
    on_rendered: Rendered | None = None,
) -> GameBuild:
    """Build one game; problems in its data are recorded, not raised (an unknown game, or a
    failure while making its outputs, still raises). `on_rendered`: draw the cards first and
    hand them over at once (the module's docstring)."""
    started = time.perf_counter()
    if game not in project.game_ids():
        project.game(game)  # an unknown game: the error, with a suggestion
    output, out = output_folder(project.root), game_folder(project.root, game)
    kept_inside(out / CACHE, out)  # nothing of the build is kept elsewhere (a symlink)
    inputs = stamp.fingerprint(project.root, game, {"keep_going": keep_going, "strict": strict})
    if use_cache:
        replayed = replay(out, inputs, strict)
        if replayed is not None:
            remove_stale_temps(out)  # a killed `render` or `pnp` changes no output
            replayed.seconds = time.perf_counter() - started
            return replayed
    from cardgen.load.yaml import parse_cache, prune_parse_cache

    stamp.path(out).unlink(missing_ok=True)  # until built
    shared = kept_inside(output / CACHE, output)
    remove_stale_temps(shared)  # what a build killed while caching parsed YAML left
    with parse_cache(shared / "yaml"):
        result = _build(
            project, game, out, inputs, keep_going, strict, use_cache, jobs, progress, on_rendered
        )
    prune_parse_cache(shared / "yaml")  # the files read last, not every version ever read
    result.seconds = time.perf_counter() - started
    return result


def replay(out: Path, inputs: str, strict: bool = False) -> GameBuild | None:
    """The recorded result of the last build, if its inputs and outputs are as they were."""
    found = stamp.recorded(out, inputs)
    if found is None:
        return None
    record, files = found
    try:
        return GameBuild(
            out.name,
            cards=int(record["cards"]),
            reused=int(record["cards"]),
            errors=[str(e) for e in record["errors"]],
            lint=[str(f) for f in record["lint"]],
            warnings=[str(w) for w in record["warnings"]],
            notes=[str(n) for n in record.get("notes", [])],
            note=str(record["note"]),
            bad_input=bool(record["bad_input"]),
            files=files,
            built=True,
            unchanged=True,
            strict=strict,
        )
    except (KeyError, TypeError, ValueError):
        return None


def _check(project: Project, game: str, result: GameBuild, keep_going: bool) -> _Checked | None:
    """Load the game (with `keep_going`, the cards that load), check and lint it; the pack,
    its check findings and lint findings, or None when its data does not load."""
    from cardgen.check.game_checks import check_game
    from cardgen.check.lint import lint_game

    try:
        pack = project.game(game, partial=keep_going)
        for error in pack.left_out:
            result.add_error(error, " (left out of the outputs)" if pack.cards else "")
        result.cards = len(pack.cards)
        result.notes = [str(note) for note in pack.notes]
        if not pack.cards and not pack.left_out:
            where = Location(display_path(pack.pool_path))
            result.add_error(CardgenError("the card pool has no card: add one", where))
        checks = check_game(pack, fit_text=False)  # overflowing text: the renderer warns
        lints = lint_game(pack, project_root=project.root)
    except InternalError:
        raise
    except CardgenError as exc:
        result.add_error(exc)
        return None
    for finding in checks:
        kind = "errors" if finding.severity == "error" else "warnings"
        result.add(kind, str(finding), finding.where)
    for lint in lints:
        result.add("lint", str(lint), f"{lint.path}:{lint.line}:{lint.col}")
    return pack, checks, lints


def _build(
    project: Project,
    game: str,
    out: Path,
    inputs: str,
    keep_going: bool,
    strict: bool,
    use_cache: bool,
    jobs: int | None,
    progress: Progress | None,
    on_rendered: Rendered | None = None,
) -> GameBuild:
    """Check the game, then (unless that stops it) make its outputs in `out` and record
    its stamp, under the folder's lock; with `on_rendered`, the cards are drawn (under the
    lock) and handed to it before the check."""
    result = GameBuild(game, strict=strict)
    lap = _Lap(result.steps)
    early: tuple[RenderResult, Cache] | None = None
    if on_rendered is not None:
        with output_lock(out):
            early = _render_first(project, game, out, use_cache, jobs)
        lap("render")
        if early is not None:
            on_rendered(early[0])
            lap.restart()  # what the callback did is no step of the build
    with while_doing(f"checking {game}"):
        checked = _check(project, game, result, keep_going)
    lap("check")
    if checked is None or not checked[0].cards or (not keep_going and _blocking(result)):
        result.note = stopped_note(result, keep_going)
        return result
    with output_lock(out):  # another build of the game is waited for
        _make(project, checked, out, result, use_cache, jobs, progress, early)
        stamp.save(out, inputs, result.record(), result.files)
    return result


def _render_first(
    project: Project, game: str, out: Path, use_cache: bool, jobs: int | None
) -> tuple[RenderResult, Cache] | None:
    """The game's cards drawn into `out` before it is checked, as its build draws them, and
    the cache they went through (the rest of the build goes on with it); None when the data
    does not load or draw (the check then says why, or the build's own drawing raises it as
    it does without `on_rendered`)."""
    from cardgen.render.game import render_game
    from cardgen.tts.sheets import standard_cell

    remove_stale_temps(out)  # what a build killed part-way left behind
    cache = Cache(out / CACHE, read=use_cache)
    try:
        with while_doing(f"drawing the cards of {game}"):
            drawn = render_game(project, game, out, jobs=jobs, cache=cache, cell_size=standard_cell)
    except InternalError:
        raise
    except CardgenError:
        return None
    return drawn, cache


def _make(
    project: Project,
    checked: _Checked,
    out: Path,
    result: GameBuild,
    use_cache: bool,
    jobs: int | None,
    progress: Progress | None,
    early: tuple[RenderResult, Cache] | None = None,
) -> None:
    """Make the outputs of a checked game into its folder `out`, recording them in `result`
    (the cards drawn already if `early` holds them)."""
    from cardgen.printing.component_print import pnp_components, printable
    from cardgen.printing.components_pdf import ComponentPicture
    from cardgen.printing.pnp import pnp, pnp_boards
    from cardgen.render.game import render_game
    from cardgen.tts.export import tts
    from cardgen.tts.sheets import standard_cell
    from cardgen.web.gallery import write_gallery
    from cardgen.web.table_page import write_table

    pack, checks, lints = checked
    game = result.game
    lap = _Lap(result.steps)
    remove_stale_temps(out)  # what a build killed part-way left behind
    # without the cache: all made again, stored
    cache = early[1] if early else Cache(out / CACHE, read=use_cache)
    advance = progress(f"{game}: cards", len(pack.cards)) if progress else None
    with while_doing(f"drawing the cards of {game}"):
        if early is not None:  # drawn before the check, with this same cache
            rendered = early[0]
        else:  # each card's sheet cell made as it is drawn, on every core
            rendered = render_game(
                project,
                pack.id,
                out,
                jobs=jobs,
                cache=cache,
                cell_size=standard_cell,
                progress=advance,
            )
    result.drawn, result.reused = rendered.drawn, rendered.reused
    for warning in rendered.warnings:
        result.add("warnings", str(warning), f"{warning.path}:{warning.line or ''}".rstrip(":"))
    result.files.extend(c.file for c in rendered.images())
    lap("render")
    for paper in PAPERS:
        with while_doing(f"writing the {PAPER_NAMES[paper]} PDF of {game}"):
            printed = pnp(
                project, pack.id, paper=paper, duplex="long", rendered=rendered, cache=cache
            )
        result.files.append(printed.path)
    if pack.game.boards:  # each board drawn once for the posters on every paper
        with while_doing(f"writing the board posters of {game}"):
            result.files.extend(p.path for p in pnp_boards(project, pack.id, papers=PAPERS))
        result.files.extend(sorted(out.glob("board-*.png")))
    pictures: tuple[ComponentPicture, ...] = ()
    if printable(pack):  # tokens, dice stickers, mats and tuck boxes, on every paper
        with while_doing(f"writing the components PDFs of {game}"):
            made = pnp_components(project, pack.id, papers=PAPERS)
        result.files.extend([*(p.path for p in made.results), *made.files])
        pictures = made.pictures
    lap("pdf")
    rules = _rulebook(project, pack, out, result)
    if rules is not None:  # a step of its own only for a game with a rulebook
        lap("rulebook")
    with while_doing(f"writing the Tabletop Simulator export of {game}"):
        exported = tts(
            project,
            pack.id,
            rendered=rendered,
            cache=cache,
            jobs=jobs,
            table=True,
            rules=rules,
        )
    # the images another export beside the save still shows stay (the next build leaves them)
    result.files.extend([exported.json_path, exported.thumbnail, *exported.sheets])
    result.files.extend([exported.uploads_file] if exported.uploads_file else [])
    if exported.table is not None:  # the full save, for the game's fewest players
        result.files.extend([exported.table.json_path, exported.table.thumbnail])
    result.files.extend(exported.shared)
    lap("tts")
    whole = result.steps.pop("tts")
    result.steps["sheets"] = exported.sheet_seconds
    result.steps["tts"] = whole - exported.sheet_seconds
    with while_doing(f"writing the playtest table of {game}"):
        result.files.extend(write_table(project.root, pack, out))
    with while_doing(f"writing the proof gallery of {game}"):
        result.files.extend(
            write_gallery(
                pack,
                rendered,
                out,
                checks=checks,
                lints=lints,
                files=result.files,
                cache=cache,
                components=pictures,
            )
        )
    with while_doing(f"removing the outputs {game} no longer needs"):
        result.removed = [*exported.removed, *record_build(out, result.files)]
    cache.forget_outputs(result.removed)
    lap("gallery")
    cache.prune()  # what this build no longer needs, beyond a margin of recent entries
    result.built = True
    result.note = built_note(result, left_out=bool(pack.left_out))


def _rulebook(project: Project, pack: GamePack, out: Path, result: GameBuild) -> TableRules | None:
    """Write the game's rulebook (if it has one) into `out/rulebook/`, recording its files
    in `result`; its text for the TTS Notebook and its PDF for the table."""
    from cardgen.rulebook.document import rulebook_file
    from cardgen.rulebook.output import FOLDER, write_rulebook

    if rulebook_file(pack) is None:
        return None
    with while_doing(f"writing the rulebook of {result.game}"):
        book = write_rulebook(project, pack, out / FOLDER)
    result.files.extend(book.files)
    return book.table_rules()


def _blocking(result: GameBuild) -> bool:
    """Whether what the checks found stops the game before its outputs."""
    return bool(result.errors) or (result.strict and bool(result.lint or result.warnings))


class _Lap:
    """Records the seconds since the last lap under a step's name."""

    def __init__(self, steps: dict[str, float]) -> None:
        self.steps = steps
        self.last = time.perf_counter()

    def __call__(self, step: str) -> None:
        now = time.perf_counter()
        self.steps[step] = self.steps.get(step, 0.0) + now - self.last
        self.last = now

    def restart(self) -> None:
        """Count from now: what happened since the last lap is no step's."""
        self.last = time.perf_counter()


def build(
    project: Project,
    games: list[str] | None = None,
    *,
    keep_going: bool = False,
    strict: bool = False,
    use_cache: bool = True,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> list[GameBuild]:
    """Build the games (default: every game); stops after a game that failed unless
    `keep_going`."""
    chosen = games or project.game_ids()
    if not chosen:
        raise CardgenError("no games to build: add decks/<game>/game.yaml (or `cardgen new`)")
    results = []
    for game in chosen:
        result = build_game(
            project,
            game,
            keep_going=keep_going,
            strict=strict,
            use_cache=use_cache,
            jobs=jobs,
            progress=progress,
        )
        results.append(result)
        if not result.ok and not keep_going:
            break
    return results
