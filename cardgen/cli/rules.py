"""`cardgen rules`: a game's rulebook, its numbers read from the data, as Markdown and
an HTML page."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.cli.group import main
from cardgen.cli.options import emit_json, format_option, out_option, project_option


@main.command()
@click.argument("game")
@out_option("Output folder (default: output/GAME/rulebook).")
@project_option
@format_option
def rules(game: str, out: Path | None, project_dir: Path, fmt: str) -> None:
    """Write a game's rulebook (decks/GAME/rulebook.md with its references filled in and
    its generated sections written) as Markdown and an HTML page."""
    from cardgen import api

    result = api.rules(api.open_project(project_dir), game, out=out)
    if fmt == "json":
        emit_json(result.as_json())
    else:
        click.echo(f"{game}: {result.rulebook.title}: {result.html}")
