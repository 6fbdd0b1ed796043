"""`cardgen clean`: delete the files cardgen wrote (only those) and its caches."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.cli.group import main
from cardgen.cli.options import (
    project_option,
)


@main.command()
@click.argument("games", nargs=-1)
@project_option
def clean(games: tuple[str, ...], project_dir: Path) -> None:
    """Delete the files cardgen wrote under output/ (only those) and its caches."""
    from cardgen import api

    removed = api.clean(api.open_project(project_dir), games)
    click.echo(f"removed {len(removed)} files and caches")
