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
    from cardgen import api

    project = api.open_project(project_dir)  # api.render checks --out before it draws
    result = api.render(project, game, out=out, only=only, jobs=jobs)
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
