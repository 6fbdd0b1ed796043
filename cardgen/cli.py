"""The `cardgen` command: one thin click command per verb over the library.

Each command parses its options, calls one library function and reports. Library errors
are click exceptions (exit 2, one line each), so no command needs a try/except; anything
else a command lets escape ends in one line too, at the group (`cardgen.failures`).
Exit codes: 0 success, 1 findings (an illegal deck, a failed check), 2 bad input.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import click

from cardgen import __version__
from cardgen.entry import say_interrupted
from cardgen.failures import DEBUG_ENV, CardgenGroup, last_resort

F = TypeVar("F", bound=Callable[..., Any])


def _project_folder(ctx: click.Context, param: click.Parameter, value: Path) -> Path:
    """`--project` names a folder: a file there is one line, `error: PATH: ...`, exit 2
    (click's own check is a three-line usage error)."""
    if value.exists() and not value.is_dir():
        from cardgen.errors import CardgenError, Location, display_path

        raise CardgenError(
            "is a file, not a project folder (--project names the folder that holds decks/)",
            Location(display_path(value)),
        )
    return value


def project_option(func: F) -> F:
    return click.option(
        "--project",
        "project_dir",
        type=click.Path(path_type=Path),
        default=".",
        show_default=True,
        callback=_project_folder,
        help="Folder that holds decks/ and layouts/.",
    )(func)


def format_option(func: F) -> F:
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help="Output format; json prints one document on stdout.",
    )(func)


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def verbose_option(func: F) -> F:
    return click.option(
        "--verbose", "-v", is_flag=True, help="Also say how the card pool file was read."
    )(func)


def show_notes(pack: Any, verbose: bool = False) -> None:
    """On stderr: how the pool was read (with --verbose), then loading's notes."""
    from cardgen.errors import visible

    if verbose and pack.source is not None:
        click.echo(f"read {visible(pack.source.describe())}", err=True)
    for note in pack.notes:
        click.echo(f"note: {visible(str(note))}", err=True)


def load_json(pack: Any) -> dict[str, Any]:
    """How the pool was read and loading's notes, for a command's JSON document."""
    source = pack.source.as_json() if pack.source is not None else None
    return {"source": source, "notes": [note.as_json() for note in pack.notes]}


@click.group(cls=CardgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardgen")
@click.option(
    "--debug",
    is_flag=True,
    envvar=DEBUG_ENV,
    help=f"Show the traceback of an internal error (or set {DEBUG_ENV}=1).",
)
def main(debug: bool) -> None:
    """Turn a tabletop game's card data into everything needed to play it."""


@main.command()
@project_option
@format_option
def games(project_dir: Path, fmt: str) -> None:
    """List the games found under decks/."""
    from cardgen.project import open_project

    project = open_project(project_dir)
    packs, errors = project.load_all()
    rows = [
        {
            "id": p.id,
            "name": p.game.name,
            "cards": len(p.cards),
            "copies": sum(c.copies for c in p.cards),
            "types": list(p.game.types),
        }
        for p in packs
    ]
    if fmt == "json":
        errors.raise_if_any()
        emit_json({"games": rows})
        return
    from cardgen.errors import visible

    for row in rows:
        click.echo(
            visible(f"{row['id']:<14} {row['name']:<32} {row['cards']:>4} cards")
            + f" ({row['copies']} in the box)"
        )
    errors.raise_if_any()


@main.command()
@click.argument("game")
@click.option("--type", "type_id", help="Only cards of this type.")
@verbose_option
@project_option
@format_option
def cards(game: str, type_id: str | None, verbose: bool, project_dir: Path, fmt: str) -> None:
    """List a game's card pool."""
    from cardgen.project import open_project

    pack = open_project(project_dir).game(game)
    chosen = [c for c in pack.cards if type_id is None or c.type == type_id]
    if fmt == "json":
        emit_json({"game": pack.id, "cards": [c.as_json() for c in chosen], **load_json(pack)})
        return
    from cardgen.errors import visible

    show_notes(pack, verbose)
    for card in chosen:
        fields = ", ".join(f"{k}={v}" for k, v in card.fields.items())
        click.echo(visible(f"{card.copies:>3} × {card.name:<32} {card.type:<12} {fields}"))


@main.command()
@click.argument(
    "decks", nargs=-1, required=True, type=click.Path(path_type=Path, dir_okay=True, exists=False)
)
@click.option("--game", help="The game the lists are for (default: from each file or folder).")
@click.option(
    "--building",
    is_flag=True,
    help="The deck is still being built: being short of cards is only a warning.",
)
@project_option
@format_option
def validate(
    decks: tuple[Path, ...], game: str | None, building: bool, project_dir: Path, fmt: str
) -> None:
    """Check deck lists against their game's construction rules."""
    from cardgen.project import open_project
    from cardgen.report import deck_reports_text
    from cardgen.validate import validate_decks

    reports = validate_decks(open_project(project_dir), decks, game=game, building=building)
    if fmt == "json":
        emit_json({"decks": [r.as_json() for r in reports]})
    else:
        click.echo(deck_reports_text(reports))
    sys.exit(0 if all(r.legal for r in reports) else 1)


@main.command()
@click.argument("game")
@verbose_option
@project_option
@format_option
def check(game: str, verbose: bool, project_dir: Path, fmt: str) -> None:
    """Check a game's own data: pool against box manifest, bounds, pairs, chains, boards,
    and its layouts as they will be drawn."""
    from cardgen.check.game_checks import check_game
    from cardgen.project import open_project
    from cardgen.report import findings_text

    pack = open_project(project_dir).game(game)
    findings = check_game(pack)
    if fmt == "json":
        emit_json(
            {
                "game": pack.id,
                "ok": not any(f.severity == "error" for f in findings),
                "cards": len(pack.cards),
                "findings": [f.as_json() for f in findings],
                **load_json(pack),
            }
        )
    else:
        show_notes(pack, verbose)
        click.echo(findings_text(pack, findings))
    sys.exit(1 if any(f.severity == "error" for f in findings) else 0)


def out_option(default_help: str) -> Callable[[F], F]:
    def decorate(func: F) -> F:
        return click.option(
            "--out", "out", type=click.Path(path_type=Path), default=None, help=default_help
        )(func)

    return decorate


@main.command()
@click.argument("game")
@click.option("--only", help="Only some cards: part of a name, or field=value[,field=value].")
@click.option(
    "--jobs",
    type=click.IntRange(1, 64),
    default=None,
    help="Processes to draw with (default: all cores).",
)
@click.option("--strict", is_flag=True, help="Exit 1 when there are warnings (overflowing text).")
@out_option("Output folder (default: output/GAME).")
@project_option
@format_option
def render(
    game: str,
    only: str | None,
    jobs: int | None,
    strict: bool,
    out: Path | None,
    project_dir: Path,
    fmt: str,
) -> None:
    """Draw every card face and back of a game as PNG files."""
    from cardgen.outputs import check_out, game_folder
    from cardgen.project import open_project
    from cardgen.render.game import render_game

    project = open_project(project_dir)
    if out is not None:
        check_out(out, project.root)
    folder = out or game_folder(project.root, game)
    result = render_game(project, game, folder, only=only, jobs=jobs)
    if fmt == "json":
        emit_json(result.as_json())
    else:
        for warning in result.warnings:
            click.echo(f"warning: {warning}", err=True)
        click.echo(
            f"{game}: {len(result.cards)} cards and {len(result.backs)} backs"
            f" written to {result.out}"
        )
    sys.exit(1 if strict and result.warnings else 0)


def _offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("give X,Y in millimetres, e.g. 0.5,-1") from None
    if abs(x) > 20 or abs(y) > 20:
        raise click.BadParameter("an offset over 20 mm is not a printer's misregistration")
    return (x, y)


@main.command()
@click.argument("game", required=False)
@click.option("--deck", "deck", type=click.Path(path_type=Path), help="Print one deck list.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option(
    "--duplex",
    type=click.Choice(["long", "short", "none"]),
    default="long",
    show_default=True,
    help="Which edge the printer flips on (none: fronts only).",
)
@click.option("--cut-lines", is_flag=True, help="Full-length cut guides beneath the cards.")
@click.option(
    "--back-offset",
    default="0,0",
    callback=_offset,
    show_default=True,
    help="Shift backs by X,Y mm to cancel a printer's offset (see --calibrate).",
)
@click.option("--gutterfold", is_flag=True, help="Fronts and backs on one side, fold to glue.")
@click.option(
    "--printer",
    type=click.Choice(["home", "tgc", "mpc", "drivethru"]),
    default="home",
    show_default=True,
    help="Print-shop preset: a face per page.",
)
@click.option("--only", help="Only some cards: part of a name, or field=value[,field=value].")
@click.option("--board", is_flag=True, help="Print the game's boards as posters instead.")
@click.option("--changed-since", metavar="REV", help="Only cards added or changed since git REV.")
@click.option("--calibrate", is_flag=True, help="Write the duplex calibration sheet.")
@click.option("--jobs", type=click.IntRange(1, 64), default=None, help="Processes to draw with.")
@out_option("Output PDF (default: output/GAME/<name>-<paper>-<mode>.pdf).")
@project_option
@format_option
def pnp(
    game: str | None,
    deck: Path | None,
    paper: str,
    duplex: str,
    cut_lines: bool,
    back_offset: tuple[float, float],
    gutterfold: bool,
    printer: str,
    only: str | None,
    board: bool,
    changed_since: str | None,
    calibrate: bool,
    jobs: int | None,
    out: Path | None,
    project_dir: Path,
    fmt: str,
) -> None:
    """Write a print-and-play PDF: the whole box, or one deck list."""
    from cardgen.errors import CardgenError
    from cardgen.outputs import check_out
    from cardgen.package import pnp as printing
    from cardgen.package.sheets import Duplex
    from cardgen.project import open_project

    project = open_project(project_dir)
    if out is not None:
        check_out(out, project.root, file=not board or calibrate)
    if calibrate:
        results = [printing.calibrate(project, out, paper=paper, duplex=cast(Duplex, duplex))]
    elif game is None:
        raise CardgenError("name a GAME (or use --calibrate)")
    elif board:
        results = printing.pnp_boards(project, game, out, paper=paper)
    else:
        names = None
        if changed_since is not None:
            from cardgen.diff import diff_since

            names = diff_since(project, game, changed_since).changed_names()
            if not names:
                message = f"no card of {game} changed since {changed_since}: nothing to print"
                if fmt == "json":
                    emit_json({"pdfs": [], "notes": [message]})
                else:
                    click.echo(message)
                return
        results = [
            printing.pnp(
                project,
                game,
                out,
                paper=paper,
                duplex=duplex,  # type: ignore[arg-type]
                cut_lines=cut_lines,
                back_offset=back_offset,
                gutterfold=gutterfold,
                printer=printer,  # type: ignore[arg-type]
                only=only,
                deck=deck,
                jobs=jobs,
                names=names,
            )
        ]
    if fmt == "json":
        emit_json(
            {
                "pdfs": [
                    {"path": str(r.path), "pages": r.pages, "cards": r.cards, "notes": r.notes}
                    for r in results
                ]
            }
        )
        return
    for result in results:
        click.echo(f"{result.path}: {result.pages} pages, {result.cards} cards")
        for note in result.notes:
            click.echo(f"  {note}")


@main.command()
@click.argument("game")
@click.option("--deck", type=click.Path(path_type=Path), help="Export one deck list.")
@click.option("--base-url", help="Hosted location of the sheets (http/https), for multiplayer.")
@click.option("--install", is_flag=True, help="Copy into TTS's Saved Objects folder.")
@click.option(
    "--sheet-format",
    type=click.Choice(["jpeg", "png"]),
    default="jpeg",
    show_default=True,
    help="Sprite sheet image format.",
)
@click.option(
    "--quality",
    type=click.IntRange(50, 100),
    default=90,
    show_default=True,
    help="JPEG quality of the sheets.",
)
@click.option("--jobs", type=click.IntRange(1, 64), default=None, help="Processes to draw with.")
@out_option("Output folder (default: output/GAME/tts).")
@project_option
@format_option
def tts(
    game: str,
    deck: Path | None,
    base_url: str | None,
    install: bool,
    sheet_format: str,
    quality: int,
    jobs: int | None,
    out: Path | None,
    project_dir: Path,
    fmt: str,
) -> None:
    """Write a Tabletop Simulator saved object and its sprite sheets."""
    from cardgen.outputs import check_out
    from cardgen.package import tts as export
    from cardgen.project import open_project

    project = open_project(project_dir)
    if out is not None:
        check_out(out, project.root)
    result = export.tts(
        project,
        game,
        out,
        deck=deck,
        base_url=base_url,
        install=install,
        fmt=cast(Any, sheet_format),
        quality=quality,
        jobs=jobs,
    )
    if fmt == "json":
        emit_json(
            {
                "json": str(result.json_path),
                "thumbnail": str(result.thumbnail),
                "sheets": [str(p) for p in result.sheets],
                "objects": result.objects,
                "installed": str(result.installed) if result.installed else None,
                "warnings": result.warnings,
            }
        )
        return
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    click.echo(f"{result.json_path}: {result.objects} objects, {len(result.sheets)} images")
    if result.installed:
        click.echo(f"installed: {result.installed}")


@main.command()
@click.argument("games", nargs=-1)
@click.option(
    "--keep-going",
    is_flag=True,
    help="Build a game's outputs despite errors (cards that do not load are left out).",
)
@click.option(
    "--strict", is_flag=True, help="Lint findings stop a game, and any warning fails it (exit 1)."
)
@click.option("--no-cache", is_flag=True, help="Draw every card again.")
@click.option("--jobs", type=click.IntRange(1, 64), default=None, help="Processes to draw with.")
@project_option
@format_option
def build(
    games: tuple[str, ...],
    keep_going: bool,
    strict: bool,
    no_cache: bool,
    jobs: int | None,
    project_dir: Path,
    fmt: str,
) -> None:
    """Check, lint, render, print and export every game (or the named ones), incrementally."""
    from cardgen.build import build as build_games
    from cardgen.errors import visible
    from cardgen.project import open_project
    from cardgen.verdict import exit_code, problem_lines, summary_table

    progress = _progress_bars if fmt == "text" and sys.stderr.isatty() else None
    results = build_games(
        open_project(project_dir),
        list(games) or None,
        keep_going=keep_going,
        strict=strict,
        use_cache=not no_cache,
        jobs=jobs,
        progress=progress,
    )
    if fmt == "json":
        emit_json({"games": [r.as_json() for r in results]})
    else:
        for line in problem_lines(results):
            click.echo(visible(line), err=True)
        for result in results:
            for note in result.notes:
                click.echo(f"note: {visible(note)}", err=True)
        click.echo(summary_table(results))
    sys.exit(exit_code(results))


def _progress_bars(label: str, total: int) -> Callable[[int], None]:
    """A progress bar on stderr for a long step (only drawn on a terminal)."""
    bar: Any = click.progressbar(
        length=total, label=label, file=sys.stderr, show_pos=True, item_show_func=None
    )
    bar.__enter__()
    done = [0]
    started = time.perf_counter()

    def advance(n: int) -> None:
        done[0] += n
        rate = done[0] / max(1e-6, time.perf_counter() - started)
        bar.label = f"{label} ({rate:.0f}/s)"
        bar.update(n)
        if done[0] >= total:
            bar.__exit__(None, None, None)

    return advance


@main.command()
@click.argument("games", nargs=-1)
@project_option
def clean(games: tuple[str, ...], project_dir: Path) -> None:
    """Delete the files cardgen wrote under output/ (only those) and its caches."""
    from cardgen.clean import clean as clean_games
    from cardgen.project import open_project

    removed = clean_games(open_project(project_dir), list(games) or None)
    click.echo(f"removed {len(removed)} files and caches")


@main.command()
@click.argument("game")
@click.option(
    "--interval",
    type=click.FloatRange(0.05, 60),
    default=0.5,
    show_default=True,
    help="Seconds between looks at the files.",
)
@click.option("--max-builds", type=click.IntRange(1), default=None, hidden=True)
@project_option
def watch(game: str, interval: float, max_builds: int | None, project_dir: Path) -> None:
    """Rebuild a game on every save of its files; say what changed and what was rebuilt."""
    from cardgen.project import open_project
    from cardgen.watch import watch as watch_game

    project = open_project(project_dir)
    project.game(game)  # a bad name fails at once
    click.echo(f"watching {game} (Ctrl-C to stop)")
    try:
        watch_game(project, game, click.echo, interval=interval, max_builds=max_builds)
    except KeyboardInterrupt:
        click.echo("stopped")


@main.command()
@click.argument("game", required=False)
@click.option(
    "--sheet",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Also draw every icon with its name on one PNG contact sheet.",
)
@project_option
@format_option
def icons(game: str | None, sheet: Path | None, project_dir: Path, fmt: str) -> None:
    """List every icon a game can use (or the built-in ones), with its name."""
    from cardgen.icon_catalog import icon_catalog, write_sheet
    from cardgen.outputs import check_out

    if sheet is not None:
        check_out(sheet, project_dir, file=True, option="--sheet")
    catalog = icon_catalog(project_dir, game)
    if fmt == "json":
        emit_json(catalog.as_json())
    else:
        click.echo("\n".join(catalog.lines()))
    if sheet is not None:
        written = write_sheet(catalog, sheet)
        click.echo(f"wrote {written} ({len(catalog.entries)} icons)", err=True)


@main.command()
@click.argument("title")
@click.option("--id", "game_id", help="The game's id, its folder name (default: from TITLE).")
@project_option
def new(title: str, game_id: str | None, project_dir: Path) -> None:
    """Start a game called TITLE: decks/ID/ and layouts/ID/, ready for `cardgen build`."""
    from cardgen.new import new_game, next_commands

    made = new_game(project_dir, title, game_id)
    for path in made.files:
        click.echo(f"created {path}")
    for note in made.notes:
        click.echo(f"note: {note}")
    click.echo("next:\n" + "\n".join(f"  {line}" for line in next_commands(made.id, project_dir)))


@main.command()
@click.argument("targets", nargs=-1, metavar="[GAME or PATH]...")
@click.option("--game", help="Lint the PATHs (documents) against this game; alone: its pool.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "sarif", "github"]),
    default="text",
    show_default=True,
    help="Output: text lines, json, sarif (2.1.0) or github annotations.",
)
@click.option("--select", multiple=True, help="Rules to run: codes, prefixes (TX1) or ALL.")
@click.option("--ignore", multiple=True, help="Rules not to report: codes or prefixes.")
@project_option
def lint(
    targets: tuple[str, ...],
    game: str | None,
    fmt: str,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    project_dir: Path,
) -> None:
    """Lint card text and rules documents against each game's glossary."""
    from cardgen.check.lint import lint_targets
    from cardgen.check.lint_output import as_github, as_json, as_sarif, as_text
    from cardgen.project import open_project

    project = open_project(project_dir)
    report = lint_targets(project, targets, game=game, select=select, ignore=ignore)
    if fmt == "json":
        emit_json(as_json(report))
    elif fmt == "sarif":
        emit_json(as_sarif(report, project.root))
    elif fmt == "github":
        if report.findings:
            click.echo(as_github(report))
    else:
        click.echo(as_text(report))
    sys.exit(report.exit_code)


@main.command()
@click.argument("deck")
@click.option("--game", help="The game the list is for (default: from the file or its folder).")
@click.option(
    "--against",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Duel odds and matchups against this deck list (default: the whole card pool).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "html", "pdf"]),
    default="text",
    show_default=True,
    help="text, json (one document on stdout), html (inline SVG charts) or a one-page pdf.",
)
@out_option("Write here (pdf default: output/GAME/reports/DECK.pdf; others: stdout).")
@project_option
def report(
    deck: str, game: str | None, against: Path | None, fmt: str, out: Path | None, project_dir: Path
) -> None:
    """Show a deck list's shape (or a GAME's whole box): counts, curves, duel odds, matchups."""
    from cardgen.check.deck_report import as_text
    from cardgen.check.deck_report import report as deck_report
    from cardgen.outputs import check_out
    from cardgen.project import open_project
    from cardgen.write import Writer

    project = open_project(project_dir)
    if out is not None:
        check_out(out, project.root, file=True)
    stats = deck_report(project, deck, game=game, against=against)
    if fmt == "pdf":
        from cardgen.package.report_pdf import write_report_pdf

        click.echo(f"{write_report_pdf(project.root, stats, out)}: 1 page")
        return
    if fmt == "json":
        text = json.dumps(stats.as_json(), indent=2, ensure_ascii=False)
    elif fmt == "html":
        from cardgen.package.report_html import report_page

        text = report_page(stats)
    else:
        text = as_text(stats)
    if out is None:
        click.echo(text)
        return
    written = Writer(out.parent).write(out.name, (text.rstrip("\n") + "\n").encode("utf-8"))
    click.echo(f"wrote {written}", err=True)


@main.command()
@click.argument("old")
@click.argument("new", required=False)
@click.option("--since", metavar="REV", help="Compare GAME's pool with its version at a git REV.")
@click.option("--game", help="The game whose field types read the pools (default: from the paths).")
@click.option("--exit-code", is_flag=True, help="Exit 1 when anything changed (as git diff does).")
@project_option
@format_option
def diff(
    old: str,
    new: str | None,
    since: str | None,
    game: str | None,
    exit_code: bool,
    project_dir: Path,
    fmt: str,
) -> None:
    """List the cards added, removed and changed between two versions of a card pool."""
    from cardgen.diff import diff as diff_pools
    from cardgen.project import open_project

    result = diff_pools(open_project(project_dir), old, new, since=since, game=game)
    if fmt == "json":
        emit_json(result.as_json())
    else:
        click.echo(result.as_text())
    sys.exit(1 if exit_code and not result.empty else 0)


@main.command()
@click.argument("kind", type=click.Choice(["game", "cards", "deck", "layout"]))
@click.option("--game", help="For `cards`: the schema of this game's pool, field by field.")
@click.option("--out", "out", type=click.Path(path_type=Path), help="Write it to this file.")
@project_option
def schema(kind: str, game: str | None, out: Path | None, project_dir: Path) -> None:
    """Print the JSON Schema of game.yaml, a card pool, a deck list or a layout, for editors."""
    from cardgen.outputs import check_out
    from cardgen.project import open_project
    from cardgen.schema import json_schema, schema_text
    from cardgen.write import Writer

    definition = open_project(project_dir).definition(game) if game else None
    text = schema_text(json_schema(kind, definition))
    if out is None:
        click.echo(text, nl=False)
        return
    check_out(out, project_dir, file=True)
    written = Writer(out.parent).write(out.name, text.encode("utf-8"))
    click.echo(f"wrote {written}", err=True)


def run(args: list[str] | None = None) -> None:
    """The `cardgen` command: `main`, then the process ends as soon as the command is done
    and its output flushed, without the interpreter's teardown (freeing every module,
    object, image and cache one by one: 70-90 ms after a build, about 3 % of a 100-card
    one). mypy ends the same way. Nothing is lost: every file is written, closed and renamed
    into place by the time a command returns (`cardgen.write`), and process pools are shut
    down and joined by their `with` blocks (or, after Ctrl-C, not waited for: workers end
    with their parent, `cardgen.parallel`)."""
    code = 0
    try:
        main(args)  # click's standalone mode ends in SystemExit
    except SystemExit as exc:
        code = _exit_code(exc.code)
    except KeyboardInterrupt:  # outside a command (the group answers inside one)
        code = say_interrupted()
    except Exception as exc:  # escaped click itself: still one line, exit 2
        code = last_resort(exc, args)
    with contextlib.suppress(ValueError):  # done: a Ctrl-C now changes nothing
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):  # a reader that went away, or a closed stream
        code = code or 1
    with contextlib.suppress(BrokenPipeError, ValueError):
        sys.stderr.flush()
    os._exit(code)


def _exit_code(code: object) -> int:
    """What a normal exit would give for `sys.exit(code)`: 0 for None, the number, or 1
    after printing any other value on stderr."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1
