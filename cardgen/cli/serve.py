"""`cardgen serve`: the game's gallery on 127.0.0.1, rebuilt and updated on every save."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.cli.group import main
from cardgen.cli.options import jobs_option, project_option


@main.command()
@click.argument("game")
@click.option(
    "--port", type=click.IntRange(0, 65535), default=0, help="Port (default: a free one)."
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Interface to listen on; any other than 127.0.0.1 lets others reach the page.",
)
@click.option("--no-open", is_flag=True, help="Do not open the page in the browser.")
@click.option("--max-builds", type=click.IntRange(1), default=None, hidden=True)
@jobs_option("Processes to draw with (default: all cores).")
@project_option
def serve(
    game: str,
    port: int,
    host: str,
    no_open: bool,
    max_builds: int | None,
    jobs: int | None,
    project_dir: Path,
) -> None:
    """Serve a game's gallery, rebuilt on every save; the page updates itself."""
    import webbrowser

    from cardgen import api

    project = api.open_project(project_dir)
    api.load_game(project, game)  # a bad name fails at once
    if not api.is_loopback(host):
        click.echo(
            f"warning: listening on {host}: others on the network can reach the page", err=True
        )
    click.echo(f"serving {game} (Ctrl-C to stop)")

    def ready(url: str) -> None:
        click.echo(url)
        if not no_open:
            webbrowser.open(url)

    try:
        api.serve(
            project,
            game,
            click.echo,
            host=host,
            port=port,
            ready=ready,
            max_builds=max_builds,
            jobs=jobs,
        )
    except KeyboardInterrupt:
        click.echo("stopped")
