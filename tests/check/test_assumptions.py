"""The project's own assumptions (`assumptions:` in game.yaml), and the example data fixed
where it contradicted its rule text (issue 20 item 4)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

from cardgen.check.assumptions import placed_assumptions
from cardgen.project import open_project
from tests.check.example_copies import copy_pack, line_of, pool_findings
from tests.conftest import ROOT

Run = Callable[..., Result]


def test_example_assumptions_stand_at_what_they_are_about() -> None:
    project = open_project(ROOT)
    about = {
        game: {
            (p.assumption.about, p.where.line, p.found)
            for p in placed_assumptions(project.game(game))
        }
        for game in ("shards", "splatterkins", "blublers", "yokai-sketch")
    }
    for game, placed in about.items():
        assert placed and all(found for _, _, found in placed), game
    assert {a for a, _, _ in about["splatterkins"]} == {"overpower.cycle"}
    assert {a for a, _, _ in about["yokai-sketch"]} >= {"box.contents.2", "box.contents.3"}
    text = (ROOT / "decks" / "splatterkins" / "game.yaml").read_text(encoding="utf-8")
    (line,) = {n for a, n, _ in about["splatterkins"]}
    assert text.splitlines()[line - 1].strip().startswith("cycle:")


def test_check_lists_assumptions_verbose_and_in_json(run: Run) -> None:
    quiet = run("check", "splatterkins", "--project", ROOT)
    assert "assumption" not in quiet.stderr
    loud = run("check", "splatterkins", "--project", ROOT, "--verbose")
    assert loud.exit_code == 0
    (said,) = [line for line in loud.stderr.splitlines() if "assumption about" in line]
    assert said.startswith("decks/splatterkins/game.yaml:") and "overpower.cycle" in said
    data = json.loads(run("check", "yokai-sketch", "--project", ROOT, "--format", "json").stdout)
    assert [a["about"] for a in data["assumptions"]][:2] == ["box.contents.2", "box.contents.3"]
    assert all(a["path"].endswith("game.yaml") and a["line"] for a in data["assumptions"])


def test_an_assumption_about_a_missing_key_is_sc609(tmp_path: Path) -> None:
    pack = copy_pack(
        tmp_path,
        "splatterkins",
        {"game.yaml": ("about: overpower.cycle", "about: overpower.cycel")},
    )
    (found,) = pool_findings(pack, "SC609")
    assert found.severity == "warning" and "overpower.cycel" in found.message
    assert found.line == line_of(tmp_path, "splatterkins", "game.yaml", "about: overpower.cycel")


def test_shards_is_for_two_or_more_players() -> None:
    players = open_project(ROOT).game("shards").game.players
    assert players.min == 2 and players.max > 2


def test_blublers_numbers_may_repeat(tmp_path: Path) -> None:
    """The rule text settles ties of equal numbers: two Classic cards with one number are
    no error (the `numeros-uniques` check is gone)."""
    pack = copy_pack(tmp_path, "blublers")
    first, second = [c for c in pack.cards if c.type == "classic"][:2]
    text = (tmp_path / "decks" / "blublers" / "cards.yaml").read_text(encoding="utf-8")
    old = f"number: {second.get('number')}}}"
    assert old in text
    pack = copy_pack(
        tmp_path, "blublers", {"cards.yaml": (old, f"number: {first.get('number')}}}")}
    )
    assert not [f for f in pool_findings(pack, "SC106")]
    assert all(check.kind != "unique" for check in pack.game.checks)


def test_distract_the_yokai_moves_the_card_it_does_not_discard_it() -> None:
    pack = open_project(ROOT).game("yokai-sketch")
    entry = next(e for e in pack.game.glossary.entries if e.term == "Distract the Yokai")
    assert "not discarded" in entry.definition and "other colour" in entry.definition
    distract = [c for c in pack.cards if c.get("ability") == "distract"]
    assert len(distract) == 6
    for card in distract:
        assert "discard" not in card.text and "other colour" in card.text, card.name
