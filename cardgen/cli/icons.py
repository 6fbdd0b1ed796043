"""`cardgen icons`: every icon a game can use, with its name (and a contact sheet)."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.cli.group import main
from cardgen.cli.options import (
    emit_json,
    format_option,
    project_option,
)


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
    from cardgen import api

    catalog = api.icons(project_dir, game, sheet=sheet)
    if fmt == "json":
        emit_json(catalog.as_json())
    else:
        click.echo("\n".join(catalog.lines()))
    if sheet is not None:
        written = api.icon_sheet(catalog, sheet, project=project_dir)
        click.echo(f"wrote {written} ({len(catalog.entries)} icons)", err=True)
