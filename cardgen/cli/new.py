"""`cardgen new`: start a game from the scaffold."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.cli.group import main
from cardgen.cli.options import (
    project_option,
)


@main.command()
@click.argument("title")
@click.option("--id", "game_id", help="The game's id, its folder name (default: from TITLE).")
@project_option
def new(title: str, game_id: str | None, project_dir: Path) -> None:
    """Start a game called TITLE: decks/ID/ and layouts/ID/, ready for `cardgen build`."""
    from cardgen import api

    made = api.new_game(project_dir, title, id=game_id)
    for path in made.files:
        click.echo(f"created {path}")
    for note in made.notes:
        click.echo(f"note: {note}")
    click.echo("next:\n" + "\n".join(f"  {line}" for line in api.next_steps(made.id, project_dir)))
