"""`cardgen tts`: a Tabletop Simulator saved object and its sprite sheets."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

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
@click.option(
    "--deck",
    "decks",
    type=click.Path(path_type=Path),
    multiple=True,
    help="Export one deck list; with --table, once per seat (seats in order).",
)
@click.option("--base-url", help="Hosted location of the sheets (http/https), for multiplayer.")
@click.option(
    "--url-map",
    type=click.Path(path_type=Path),
    help="JSON or CSV of image file name -> URL, for hosts that give each file its own URL.",
)
@click.option("--uploads", is_flag=True, help="List the images a host must have, new ones first.")
@click.option("--install", is_flag=True, help="Copy into TTS's Saved Objects folder.")
@click.option("--strict", is_flag=True, help="Refuse an illegal --deck instead of warning.")
@click.option("--table", is_flag=True, help="Also write the full save (the mod): GAME-table.json.")
@click.option(
    "--players",
    type=int,
    help="Seats at the --table (default: the game's fewest players).",
)
@click.option(
    "--sheet-format",
    type=click.Choice(["jpeg", "png"]),
    default="jpeg",
    show_default=True,
    help="Sprite sheet image format.",
)
@click.option(
    "--quality",
    type=click.IntRange(50, 100),
    default=90,
    show_default=True,
    help="JPEG quality of the sheets.",
)
@jobs_option()
@out_option("Output folder (default: output/GAME/tts).")
@project_option
@format_option
def tts(
    game: str,
    decks: tuple[Path, ...],
    base_url: str | None,
    url_map: Path | None,
    uploads: bool,
    install: bool,
    strict: bool,
    table: bool,
    players: int | None,
    sheet_format: Literal["jpeg", "png"],
    quality: int,
    jobs: int | None,
    out: Path | None,
    project_dir: Path,
    fmt: str,
) -> None:
    """Write a Tabletop Simulator saved object and its sprite sheets."""
    from cardgen import api

    if (len(decks) > 1 or players is not None) and not table:
        raise click.UsageError("--players and a second --deck set up a --table: add --table")
    project = api.open_project(project_dir)  # api.tts checks --out before anything
    try:
        export = api.tts(
            project,
            game,
            out=out,
            decks=decks,
            strict=strict,
            base_url=base_url,
            url_map=url_map,
            install=install,
            sheet_format=sheet_format,
            quality=quality,
            jobs=jobs,
            table=table,
            players=players,
        )
    except api.IllegalDeck as refused:
        click.echo(_block("error", list(refused.lines)), err=True)
        click.echo("not exported: the deck is illegal (--strict)", err=True)
        raise SystemExit(1) from None
    if fmt == "json":
        emit_json(export.as_json())
        return
    result = export.result
    if export.deck_lines:
        click.echo(_block("warning", list(export.deck_lines)), err=True)
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    for note in result.notes:
        click.echo(f"note: {note}", err=True)
    click.echo(f"{result.json_path}: {result.objects} objects, {len(result.sheets)} images")
    if result.table is not None:
        mod = result.table
        click.echo(f"{mod.json_path}: the table for {mod.players} players, {mod.objects} objects")
    if uploads:
        click.echo("\n".join(export.uploads_lines()))
    if result.installed:
        click.echo(f"installed: {result.installed}")
    if result.table is not None and result.table.installed:
        click.echo(f"installed: {result.table.installed}")


def _block(level: str, lines: list[str]) -> str:
    """Report lines as one message: the level before the first, the rest as they are."""
    return "\n".join([f"{level}: {lines[0]}", *lines[1:]])
