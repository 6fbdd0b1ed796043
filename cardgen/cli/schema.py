"""`cardgen schema`: the JSON Schema of a game's files, for editors."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import click

from cardgen.cli.group import main
from cardgen.cli.options import (
    project_option,
    write_text,
)


@main.command()
@click.argument("kind", type=click.Choice(["game", "cards", "deck", "layout"]))
@click.option("--game", help="For `cards`: the schema of this game's pool, field by field.")
@click.option("--out", "out", type=click.Path(path_type=Path), help="Write it to this file.")
@project_option
def schema(kind: str, game: str | None, out: Path | None, project_dir: Path) -> None:
    """Print the JSON Schema of game.yaml, a card pool, a deck list or a layout, for editors."""
    from cardgen import api

    text = api.schema(cast(api.SchemaKind, kind), project_dir, game=game)
    if out is None:
        click.echo(text, nl=False)
        return
    write_text(out, text, project_dir)
