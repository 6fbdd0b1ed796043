"""`cardgen watch`: rebuild a game on every save of its files."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.cli.group import main
from cardgen.cli.options import (
    project_option,
)


@main.command()
@click.argument("game")
@click.option(
    "--interval",
    type=click.FloatRange(0.05, 60),
    default=0.5,
    show_default=True,
    help="Seconds between looks at the files.",
)
@click.option("--max-builds", type=click.IntRange(1), default=None, hidden=True)
@project_option
def watch(game: str, interval: float, max_builds: int | None, project_dir: Path) -> None:
    """Rebuild a game on every save of its files; say what changed and what was rebuilt."""
    from cardgen import api

    project = api.open_project(project_dir)
    api.load_game(project, game)  # a bad name fails at once
    click.echo(f"watching {game} (Ctrl-C to stop)")
    try:
        api.watch(project, game, click.echo, interval=interval, max_builds=max_builds)
    except KeyboardInterrupt:
        click.echo("stopped")
