"""`cardgen report`: a deck list's shape, odds and matchups, as text, JSON, HTML or PDF."""

from __future__ import annotations

import json
from pathlib import Path

import click

from cardgen.cli.group import main
from cardgen.cli.options import (
    out_option,
    project_option,
    write_text,
)


@main.command()
@click.argument("deck")
@click.option("--game", help="The game the list is for (default: from the file or its folder).")
@click.option(
    "--against",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Duel odds and matchups against this deck list (default: the whole card pool).",
)
@click.option(
    "--odds",
    multiple=True,
    metavar="SELECTOR",
    help="One more row of draw odds: cards matching field=value,... (values split on |).",
)
@click.option(
    "--turns",
    type=click.IntRange(0, 100),
    default=5,
    show_default=True,
    help="Turns of draw odds after the opening hand.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "html", "pdf"]),
    default="text",
    show_default=True,
    help="text, json (one document on stdout), html (inline SVG charts) or a one-page pdf.",
)
@out_option("Write here (pdf default: output/GAME/reports/DECK.pdf; others: stdout).")
@project_option
def report(
    deck: str,
    game: str | None,
    against: Path | None,
    odds: tuple[str, ...],
    turns: int,
    fmt: str,
    out: Path | None,
    project_dir: Path,
) -> None:
    """Show a deck list's shape (or a GAME's whole box): counts, curves, odds, matchups."""
    from cardgen import api

    project = api.open_project(project_dir, out=out, out_is_file=True)
    result = api.report(project, deck, game=game, against=against, odds=odds, turns=turns)
    if fmt == "pdf":
        click.echo(f"{result.write_pdf(out)}: 1 page")
        return
    if fmt == "json":
        text = json.dumps(result.as_json(), indent=2, ensure_ascii=False)
    elif fmt == "html":
        text = result.html()
    else:
        text = result.text()
    if out is None:
        click.echo(text)
        return
    write_text(out, text.rstrip("\n") + "\n", project_dir)
