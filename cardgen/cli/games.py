"""`cardgen games` and `cardgen cards`: what the project holds, the games and a game's
card pool."""

from __future__ import annotations

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
@project_option
@format_option
def games(project_dir: Path, fmt: str) -> None:
    """List the games found under decks/."""
    from cardgen import api

    found = api.games(api.open_project(project_dir))
    if fmt == "json":
        found.raise_if_any()
        emit_json(found.as_json())
        return
    from cardgen.errors import visible

    for game in found.games:
        click.echo(
            visible(f"{game.id:<14} {game.name:<32} {game.cards:>4} cards")
            + f" ({game.copies} in the box)"
        )
    found.raise_if_any()


@main.command()
@click.argument("game")
@click.option("--type", "type_id", help="Only cards of this type.")
@verbose_option
@project_option
@format_option
def cards(game: str, type_id: str | None, verbose: bool, project_dir: Path, fmt: str) -> None:
    """List a game's card pool."""
    from cardgen import api

    pool = api.cards(api.open_project(project_dir), game, type=type_id)
    if fmt == "json":
        emit_json(pool.as_json())
        return
    from cardgen.errors import visible

    show_notes(pool.pack, verbose)
    for line in pool.lines():
        click.echo(visible(line))
