"""The options every `cardgen` command shares (`--project`, `--format`, `--out`,
`--verbose`) and the few ways commands report: one JSON document, loading's notes.

Only click is imported here: a command's `--help` loads this and nothing heavier.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def _project_folder(ctx: click.Context, param: click.Parameter, value: Path) -> Path:
    """`--project` names a folder: a file there is one line, `error: PATH: ...`, exit 2
    (click's own check is a three-line usage error)."""
    from cardgen.api.projects import project_folder

    return project_folder(value)


def project_option(func: F) -> F:
    """`--project DIR`: the folder that holds decks/ and layouts/ (default: here)."""
    return click.option(
        "--project",
        "project_dir",
        type=click.Path(path_type=Path),
        default=".",
        show_default=True,
        callback=_project_folder,
        help="Folder that holds decks/ and layouts/.",
    )(func)


def format_option(func: F) -> F:
    """`--format text|json`: lines for people, or one JSON document on stdout."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help="Output format; json prints one document on stdout.",
    )(func)


def verbose_option(func: F) -> F:
    """`--verbose`: also say how the card pool file was read."""
    return click.option(
        "--verbose", "-v", is_flag=True, help="Also say how the card pool file was read."
    )(func)


def out_option(default_help: str) -> Callable[[F], F]:
    """`--out PATH`, where a command writes, with its default told in `default_help`."""

    def decorate(func: F) -> F:
        return click.option(
            "--out", "out", type=click.Path(path_type=Path), default=None, help=default_help
        )(func)

    return decorate


def jobs_option(help: str = "Processes to draw with.") -> Callable[[F], F]:
    """`--jobs N`: how many processes draw the cards (default: all cores)."""
    return click.option("--jobs", type=click.IntRange(1, 64), default=None, help=help)


def emit_json(data: Any) -> None:
    """Print `data` as the command's one JSON document on stdout."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def show_notes(pack: Any, verbose: bool = False) -> None:
    """On stderr: how the pool was read (with --verbose), then loading's notes."""
    from cardgen.errors import visible

    if verbose and pack.source is not None:
        click.echo(f"read {visible(pack.source.describe())}", err=True)
    for note in pack.notes:
        click.echo(f"note: {visible(str(note))}", err=True)


def write_text(out: Path, text: str, project_dir: Path) -> None:
    """Write `text` to the file `out` (atomically, `cardgen.write`) and say so on stderr."""
    from cardgen import api

    written = api.save_text(out, text, project=project_dir)
    click.echo(f"wrote {written}", err=True)
