"""`cardgen check`: a game's own data and its layouts, as they will be drawn."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.cli.group import main
from cardgen.cli.options import (
    emit_json,
    format_option,
    project_option,
    show_notes,
    verbose_option,
)


@main.command()
@click.argument("game")
@verbose_option
@project_option
@format_option
def check(game: str, verbose: bool, project_dir: Path, fmt: str) -> None:
    """Check a game's own data: pool against box manifest, bounds, pairs, chains, boards,
    and its layouts as they will be drawn."""
    from cardgen import api

    result = api.check(api.open_project(project_dir), game)
    if fmt == "json":
        emit_json(result.as_json())
    else:
        show_notes(result.pack, verbose)
        for assumption in result.assumptions if verbose else ():
            click.echo(str(assumption), err=True)
        for line in result.art_lines() if verbose else ():
            click.echo(line, err=True)
        click.echo(result.text())
    sys.exit(0 if result.ok else 1)
