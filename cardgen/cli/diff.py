"""`cardgen diff`: the cards added, removed and changed between two versions of a pool."""

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
    from cardgen import api

    result = api.diff(api.open_project(project_dir), old, new, since=since, game=game)
    if fmt == "json":
        emit_json(result.as_json())
    else:
        click.echo(result.as_text())
    sys.exit(1 if exit_code and not result.empty else 0)
