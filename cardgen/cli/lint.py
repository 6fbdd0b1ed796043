"""`cardgen lint`: card text and rules documents against each game's glossary."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.cli.group import main
from cardgen.cli.options import (
    emit_json,
    project_option,
)


@main.command()
@click.argument("targets", nargs=-1, metavar="[GAME or PATH]...")
@click.option("--game", help="Lint the PATHs (documents) against this game; alone: its pool.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "sarif", "github"]),
    default="text",
    show_default=True,
    help="Output: text lines, json, sarif (2.1.0) or github annotations.",
)
@click.option("--select", multiple=True, help="Rules to run: codes, prefixes (TX1) or ALL.")
@click.option("--ignore", multiple=True, help="Rules not to report: codes or prefixes.")
@click.option("--explain", metavar="CODE", help="Print a rule's documentation (code or name).")
@click.option(
    "--verbose",
    is_flag=True,
    help="Also say which numbers of the documents were read as claims and which were not.",
)
@project_option
def lint(
    targets: tuple[str, ...],
    game: str | None,
    fmt: str,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    explain: str | None,
    verbose: bool,
    project_dir: Path,
) -> None:
    """Lint card text and rules documents against each game's glossary."""
    from cardgen import api

    if explain is not None:
        click.echo(api.explain_rule(explain), nl=False)
        return
    project = api.open_project(project_dir)
    result = api.lint(project, targets, game=game, select=select, ignore=ignore, verbose=verbose)
    if fmt == "json":
        emit_json(result.as_json())
    elif fmt == "sarif":
        emit_json(result.sarif())
    elif fmt == "github":
        if result.report.findings:
            click.echo(result.github())
    else:
        if result.report.trace:
            click.echo(result.trace())
        click.echo(result.text())
    sys.exit(result.exit_code)
