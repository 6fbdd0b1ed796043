"""`cardgen pnp`: print-and-play PDFs (the box, a deck list, boards, a calibration sheet)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from cardgen.cli.group import main
from cardgen.cli.options import (
    emit_json,
    format_option,
    jobs_option,
    open_with_out,
    out_option,
    project_option,
)

if TYPE_CHECKING:
    from cardgen.printing.pnp import PnpResult
    from cardgen.project import Project


def _offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("give X,Y in millimetres, e.g. 0.5,-1") from None
    if abs(x) > 20 or abs(y) > 20:
        raise click.BadParameter("an offset over 20 mm is not a printer's misregistration")
    return (x, y)


def _marks(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float] | None:
    if value.strip().casefold() == "none":
        return None
    try:
        length, offset = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("give LEN,OFFSET in millimetres (e.g. 4,1) or none") from None
    if not (1 <= length <= 15 and 0 <= offset <= 10):
        raise click.BadParameter("a mark 1 to 15 mm long, 0 to 10 mm off the trim")
    return (length, offset)


@main.command()
@click.argument("game", required=False)
@click.option("--deck", "deck", type=click.Path(path_type=Path), help="Print one deck list.")
@click.option(
    "--paper",
    default="a4",
    show_default=True,
    metavar="NAME|WxH",
    help="a4, a3, letter, legal, tabloid, a paper of the project's papers/, or WxH in mm,"
    " cm, in or pt (210x297mm, 8.5x11in).",
)
@click.option(
    "--orientation",
    type=click.Choice(["auto", "portrait", "landscape"]),
    default="auto",
    show_default=True,
    help="The paper's way round (auto: the one that holds more cards).",
)
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
@click.option(
    "--gap",
    type=click.FloatRange(0, 20),
    default=None,
    metavar="MM",
    help="Space the cards, each with its whole bleed, MM apart (to cut each card alone).",
)
@click.option(
    "--marks",
    default="4,1",
    callback=_marks,
    show_default=True,
    metavar="LEN,OFFSET|none",
    help="Crop marks LEN mm long, OFFSET mm off the trim (none: no marks).",
)
@click.option("--backs-only", is_flag=True, help="Only the back pages, to print on printed fronts.")
@click.option(
    "--ink-saver", is_flag=True, help="Backgrounds and large fills lightened; text and frames kept."
)
@click.option("--gutterfold", is_flag=True, help="Fronts and backs on one side, fold to glue.")
@click.option(
    "--printer",
    default="home",
    show_default=True,
    metavar="home|tgc|mpc|drivethru|NAME",
    help="Print-shop preset (or one of the project's shops/): a face per page (mpc: a PNG"
    " per face, --out a folder).",
)
@click.option("--only", help="Only some cards: part of a name, or field=value[,field=value].")
@click.option("--board", is_flag=True, help="Print the game's boards as posters instead.")
@click.option("--changed-since", metavar="REV", help="Only cards added or changed since git REV.")
@click.option("--calibrate", is_flag=True, help="Write the duplex calibration sheet.")
@jobs_option()
@out_option("Output PDF (default: output/GAME/<name>-<paper>-<mode>.pdf; mpc: a folder).")
@project_option
@format_option
def pnp(
    game: str | None,
    board: bool,
    changed_since: str | None,
    calibrate: bool,
    out: Path | None,
    project_dir: Path,
    fmt: str,
    **options: Any,
) -> None:
    """Write a print-and-play PDF: the whole box, or one deck list."""
    from cardgen.errors import CardgenError
    from cardgen.printing import pnp as printing
    from cardgen.printing.shops import makes_images

    images = not board and not calibrate and makes_images(options["printer"], project_dir)
    project = open_with_out(project_dir, out, file=(not board or calibrate) and not images)
    paper = options["paper"]
    if calibrate:
        results = [printing.calibrate(project, out, paper=paper, duplex=options["duplex"])]
    elif game is None:
        raise CardgenError("name a GAME (or use --calibrate)")
    elif board:
        results = printing.pnp_boards(project, game, out, paper=paper)
    else:
        names = _changed_cards(project, game, changed_since)
        if names is not None and not names:
            message = f"no card of {game} changed since {changed_since}: nothing to print"
            _report([], fmt, notes=[message])
            return
        results = [printing.pnp(project, game, out, names=names, **options)]
    _report(results, fmt)


def _changed_cards(project: Project, game: str, rev: str | None) -> list[str] | None:
    """The names of `game`'s cards added or changed since git `rev` (None: no `rev`)."""
    if rev is None:
        return None
    from cardgen.diff import diff_since

    return diff_since(project, game, rev).changed_names()


def _report(results: list[PnpResult], fmt: str, notes: list[str] | None = None) -> None:
    """Each PDF written, with its pages, cards and notes (or `notes` alone, when none was)."""
    if fmt == "json":
        pdfs = [r.as_json() for r in results]
        emit_json({"pdfs": pdfs, "notes": notes} if notes is not None else {"pdfs": pdfs})
        return
    for line in notes or []:
        click.echo(line)
    for result in results:
        click.echo(f"{result.path}: {result.pages} {result.unit}, {result.cards} cards")
        for note in result.notes:
            click.echo(f"  {note}")
