"""`cardgen check`: a game's own data and its layouts, as they will be drawn."""

from __future__ import annotations

import sys
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
@click.argument("game")
@verbose_option
@project_option
@format_option
def check(game: str, verbose: bool, project_dir: Path, fmt: str) -> None:
    """Check a game's own data: pool against box manifest, bounds, pairs, chains, boards,
    and its layouts as they will be drawn."""
    from cardgen.check.assumptions import placed_assumptions
    from cardgen.check.game_checks import check_game
    from cardgen.load.art_convention import art_lines
    from cardgen.project import open_project
    from cardgen.report import findings_text

    pack = open_project(project_dir).game(game)
    findings = check_game(pack)
    if fmt == "json":
        emit_json(
            {
                "game": pack.id,
                "ok": not any(f.severity == "error" for f in findings),
                "cards": len(pack.cards),
                "findings": [f.as_json() for f in findings],
                "assumptions": [a.as_json() for a in placed_assumptions(pack)],
                "art": [{"card": n, **origin.as_json()} for n, origin in pack.art.items()],
                **load_json(pack),
            }
        )
    else:
        show_notes(pack, verbose)
        for assumption in placed_assumptions(pack) if verbose else ():
            click.echo(str(assumption), err=True)
        for line in art_lines(pack.cards, pack.art) if verbose else ():
            click.echo(line, err=True)
        click.echo(findings_text(pack, findings))
    sys.exit(1 if any(f.severity == "error" for f in findings) else 0)
