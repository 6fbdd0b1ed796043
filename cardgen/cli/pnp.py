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
    out_option,
    project_option,
)

if TYPE_CHECKING:
    from cardgen.api import Printed


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
@click.option(
    "--components",
    is_flag=True,
    help="Print the game's tokens, dice stickers, mats and tuck boxes instead.",
)
@click.option("--changed-since", metavar="REV", help="Only cards added or changed since git REV.")
@click.option("--calibrate", is_flag=True, help="Write the duplex calibration sheet.")
@jobs_option()
@out_option("Output PDF (default: output/GAME/<name>-<paper>-<mode>.pdf; mpc: a folder).")
@project_option
@format_option
def pnp(
    game: str | None,
    board: bool,
    components: bool,
    changed_since: str | None,
    calibrate: bool,
    out: Path | None,
    project_dir: Path,
    fmt: str,
    **options: Any,
) -> None:
    """Write a print-and-play PDF: the whole box, or one deck list."""
    from cardgen import api
    from cardgen.errors import CardgenError

    project = api.open_project(project_dir)  # each call below checks --out as it uses it
    paper = options["paper"]
    printed: Printed
    if calibrate:
        printed = api.calibrate(project, out=out, paper=paper, duplex=options["duplex"])
    elif game is None:
        raise CardgenError("name a GAME (or use --calibrate)")
    elif board:
        printed = api.pnp_boards(project, game, out=out, paper=paper)
    elif components:
        printed = api.pnp_components(project, game, out=out, paper=paper)
    else:
        printed = api.pnp(project, game, out=out, changed_since=changed_since, **options)
    if fmt == "json":
        emit_json(printed.as_json())
    elif printed.text():
        click.echo(printed.text())
