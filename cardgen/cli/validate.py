"""`cardgen validate`: deck lists against their game's construction rules."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.cli.group import main
from cardgen.cli.options import (
    emit_json,
    format_option,
    project_option,
)


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
    from cardgen import api

    verdict = api.validate(api.open_project(project_dir), decks, game=game, building=building)
    if fmt == "json":
        emit_json(verdict.as_json())
    else:
        click.echo(verdict.text())
    sys.exit(0 if verdict.legal else 1)
