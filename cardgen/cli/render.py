"""`cardgen render`: every card face and back of a game as PNG files."""

from __future__ import annotations

import sys
from pathlib import Path

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


@main.command()
@click.argument("game")
@click.option("--only", help="Only some cards: part of a name, or field=value[,field=value].")
@jobs_option("Processes to draw with (default: all cores).")
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
    from cardgen.outputs import game_folder
    from cardgen.render.game import game_cache, render_game

    project = open_with_out(project_dir, out)
    folder = out or game_folder(project.root, game)
    if folder.resolve() == game_folder(project.root, game).resolve():
        with game_cache(project, game) as cache:  # the cards drawn before are kept
            result = render_game(project, game, folder, only=only, jobs=jobs, cache=cache)
    else:
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
