"""`cardgen games` and `cardgen cards`: what the project holds, the games and a game's
card pool."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.cli.group import main
from cardgen.cli.options import (
    emit_json,
    format_option,
    load_json,
    project_option,
    show_notes,
    verbose_option,
)


@main.command()
@project_option
@format_option
def games(project_dir: Path, fmt: str) -> None:
    """List the games found under decks/."""
    from cardgen.project import open_project

    project = open_project(project_dir)
    packs, errors = project.load_all()
    rows = [
        {
            "id": p.id,
            "name": p.game.name,
            "cards": len(p.cards),
            "copies": sum(c.copies for c in p.cards),
            "types": list(p.game.types),
        }
        for p in packs
    ]
    if fmt == "json":
        errors.raise_if_any()
        emit_json({"games": rows})
        return
    from cardgen.errors import visible

    for row in rows:
        click.echo(
            visible(f"{row['id']:<14} {row['name']:<32} {row['cards']:>4} cards")
            + f" ({row['copies']} in the box)"
        )
    errors.raise_if_any()


@main.command()
@click.argument("game")
@click.option("--type", "type_id", help="Only cards of this type.")
@verbose_option
@project_option
@format_option
def cards(game: str, type_id: str | None, verbose: bool, project_dir: Path, fmt: str) -> None:
    """List a game's card pool."""
    from cardgen.project import open_project

    pack = open_project(project_dir).game(game)
    chosen = [c for c in pack.cards if type_id is None or c.type == type_id]
    if fmt == "json":
        emit_json({"game": pack.id, "cards": [c.as_json() for c in chosen], **load_json(pack)})
        return
    from cardgen.errors import visible

    show_notes(pack, verbose)
    for card in chosen:
        fields = ", ".join(f"{k}={v}" for k, v in card.fields.items())
        click.echo(visible(f"{card.copies:>3} × {card.name:<32} {card.type:<12} {fields}"))
