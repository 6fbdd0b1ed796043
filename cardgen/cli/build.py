"""`cardgen build`: every output of every game, incrementally, with progress bars on a
terminal."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from cardgen.cli.group import main
from cardgen.cli.options import (
    emit_json,
    format_option,
    jobs_option,
    project_option,
)


@main.command()
@click.argument("games", nargs=-1)
@click.option(
    "--keep-going",
    is_flag=True,
    help="Build a game's outputs despite errors (cards that do not load are left out).",
)
@click.option(
    "--strict", is_flag=True, help="Lint findings stop a game, and any warning fails it (exit 1)."
)
@click.option("--no-cache", is_flag=True, help="Draw every card again.")
@jobs_option()
@project_option
@format_option
def build(
    games: tuple[str, ...],
    keep_going: bool,
    strict: bool,
    no_cache: bool,
    jobs: int | None,
    project_dir: Path,
    fmt: str,
) -> None:
    """Check, lint, render, print and export every game (or the named ones), incrementally."""
    from cardgen import api
    from cardgen.errors import visible

    progress = _progress_bars if fmt == "text" and sys.stderr.isatty() else None
    built = api.build(
        api.open_project(project_dir),
        games,
        keep_going=keep_going,
        strict=strict,
        use_cache=not no_cache,
        jobs=jobs,
        progress=progress,
    )
    if fmt == "json":
        emit_json(built.as_json())
    else:
        for line in built.problem_lines():
            click.echo(visible(line), err=True)
        for result in built.games:
            for note in result.notes:
                click.echo(f"note: {visible(note)}", err=True)
        click.echo(built.summary())
    sys.exit(built.exit_code)


def _progress_bars(label: str, total: int) -> Callable[[int], None]:
    """A progress bar on stderr for a long step (only drawn on a terminal)."""
    bar: Any = click.progressbar(
        length=total, label=label, file=sys.stderr, show_pos=True, item_show_func=None
    )
    bar.__enter__()
    done = [0]
    started = time.perf_counter()

    def advance(n: int) -> None:
        done[0] += n
        rate = done[0] / max(1e-6, time.perf_counter() - started)
        bar.label = f"{label} ({rate:.0f}/s)"
        bar.update(n)
        if done[0] >= total:
            bar.__exit__(None, None, None)

    return advance
