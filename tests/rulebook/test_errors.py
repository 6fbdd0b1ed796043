"""A rules document's bad references are bad input: one line each with the rules file,
line and column and a did-you-mean, every one of them reported together, exit 2, and
nothing written; `cardgen rules` exits 0 when all is well."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from tests.rulebook.books import copy_game

Run = Callable[..., Result]

BAD = """# Rules

Hand: {setup.hnad}, deck {deck.maxx}.
  Box: {box.count type=charactr} and {box.count colour=red}.
{rule.signed-limit.max|wrds} {deck.min} {setup.hand players=2}

<!-- cardgen: card-typez -->
Good: {setup.hand} {{ and `{code}`. A { stray.
"""


def _errors(run: Run, project: Path, game: str) -> tuple[int, list[str]]:
    """Run `cardgen rules` in the project folder (so paths are shown relative to it)."""
    with pytest.MonkeyPatch.context() as here:
        here.chdir(project)
        done = run("rules", game)
    return done.exit_code, done.stderr.splitlines()


def test_every_bad_reference_is_reported_with_its_place_and_a_suggestion(
    run: Run, tmp_path: Path
) -> None:
    project = copy_game("shards", tmp_path)
    (project / "decks/shards/rulebook.md").write_text(BAD, encoding="utf-8")
    code, lines = _errors(run, project, "shards")
    assert code == 2
    where = "decks/shards/rulebook.md"
    assert lines == [
        f'error: {where}:3:7: {{setup.hnad}}: unknown name "setup.hnad";'
        ' did you mean "setup.hand"?',
        f'error: {where}:3:26: {{deck.maxx}}: unknown name "deck.maxx"; did you mean "deck.max"?',
        f'error: {where}:4:8: {{box.count type=charactr}}: no card type "charactr";'
        ' did you mean "character"? (types: persona, character, ally, trait)',
        f'error: {where}:4:38: {{box.count colour=red}}: no field "colour"',
        f'error: {where}:5:1: {{rule.signed-limit.max|wrds}}: unknown filter "|wrds";'
        ' did you mean "words"? (filters: |words, |Words)',
        f"error: {where}:5:30: {{deck.min}}: deck rule deck-size sets no min (it sets: max)",
        f"error: {where}:5:41: {{setup.hand players=2}}: setup.hand takes no options",
        f'error: {where}:7:15: unknown generated section "card-typez"; did you mean'
        ' "card-types"? (known: components, setup, deck-rules, card-types, glossary)',
        f"error: {where}:8:39: `{{ stray.` is not a reference (a name such as"
        " `{setup.hand}`); write `{{` and `}}` for braces in the text",
        "9 errors",
    ]
    assert not (project / "output").exists()  # nothing written


def test_references_the_data_cannot_answer(run: Run, tmp_path: Path) -> None:
    project = copy_game("blublers", tmp_path)
    text = "{setup.deal players=9} {setup.deal} {field.number.max type=special}\n"
    (project / "decks/blublers/rulebook.md").write_text(text, encoding="utf-8")
    code, lines = _errors(run, project, "blublers")
    assert code == 2
    assert [line.split(": ", 3)[3] for line in lines[:-1]] == [
        "the deal table has no row for 9 players",
        "needs `players=N`, a number of players",
        "type special has no field number",
    ]


def test_a_game_without_a_rulebook_is_bad_input(run: Run, tmp_path: Path) -> None:
    project = copy_game("shards", tmp_path)
    (project / "decks/shards/rulebook.md").unlink()
    code, lines = _errors(run, project, "shards")
    assert (code, len(lines)) == (2, 1)
    assert lines[0].startswith("error: decks/shards/rulebook.md: no rules document")


def test_the_command_writes_the_rulebook_and_says_where(run: Run, tmp_path: Path) -> None:
    project = copy_game("yokai-sketch", tmp_path)
    done = run("rules", "yokai-sketch", "--project", project, "--format", "json")
    assert done.exit_code == 0, done.output
    said = json.loads(done.stdout)
    folder = project / "output" / "yokai-sketch" / "rulebook"
    assert Path(said["html"]) == folder / "rulebook.html" and Path(said["html"]).is_file()
    assert Path(said["markdown"]).read_text("utf-8").startswith("# Yokai Sketch: Rulebook\n")
    assert sorted(Path(p).name for p in said["images"]) == ["sketch.png", "yokai.png"]
    out = tmp_path / "elsewhere"
    done = run("rules", "yokai-sketch", "--project", project, "--out", out)
    assert done.exit_code == 0 and (out / "rulebook.html").is_file(), done.output
    assert str(out / "rulebook.html") in done.stdout


def test_a_value_given_as_a_type_is_pointed_to_its_field(run: Run, tmp_path: Path) -> None:
    project = copy_game("splatterkins", tmp_path)
    text = "A Doodle has at most {field.inspiration.max type=doodle} Inspiration.\n"
    (project / "decks/splatterkins/rulebook.md").write_text(text, encoding="utf-8")
    code, lines = _errors(run, project, "splatterkins")
    assert code == 2
    assert lines == [
        "error: decks/splatterkins/rulebook.md:1:22: {field.inspiration.max type=doodle}:"
        ' no card type "doodle"; "doodle" is a stage of splatterkin: write type=splatterkin'
        " stage=doodle (types: visionary, splatterkin, technique, finish, alteration)"
    ]
