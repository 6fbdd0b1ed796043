"""A deck report says which of its game's data is the project's own assumption (what the
rule text leaves open, `assumptions:` in game.yaml): in the text, the JSON and the HTML."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from html import escape

from click.testing import Result

from cardgen.check.deck_report import report_deck
from cardgen.load.decklist import load_deck
from cardgen.project import Project
from cardgen.reports.html import report_section
from tests.conftest import ROOT

Run = Callable[..., Result]
DECK = ROOT / "decks" / "splatterkins" / "decks" / "vibrant-rush.txt"


def _assumed(game: str) -> list[tuple[str, str]]:
    return [(a.about, a.note) for a in Project(ROOT).game(game).game.assumptions]


def test_the_report_lists_the_games_assumptions_in_text_and_json(run: Run) -> None:
    assumed = _assumed("splatterkins")
    assert any(about == "overpower.cycle" for about, _ in assumed)
    text = run("report", str(DECK), "--project", ROOT)
    assert text.exit_code == 0, text.output
    lines = text.output.splitlines()
    start = lines.index("The project's own assumptions (the rule text leaves these open):")
    assert lines[start + 1 : start + 1 + len(assumed)] == [f"  {a}: {n}" for a, n in assumed]
    data = json.loads(run("report", str(DECK), "--project", ROOT, "--format", "json").output)
    assert data["assumptions"] == [{"about": a, "note": n} for a, n in assumed]


def test_the_html_report_shows_them_and_a_report_without_any_shows_none() -> None:
    pack = Project(ROOT).game("splatterkins")
    stats = report_deck(pack, load_deck(DECK))
    html = report_section(stats)
    assert '<div class="assumptions">' in html
    for about, note in _assumed("splatterkins"):
        assert f"<code>{escape(about)}</code>: {escape(note)}" in html
    assert '<div class="assumptions">' not in report_section(replace(stats, assumptions=[]))
