"""`cardgen tts GAME --deck DECK` with an illegal deck list (issue 19 item 8): exported with
a warning naming its violations as `cardgen validate` prints them; `--strict` refuses it,
exit 1 (a finding), nothing written. A legal deck exports with no such warning."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import Result

from tests.oracles.games import example_copy

Run = Callable[..., Result]
ILLEGAL = "decks/shards/decks/illegal-oversize.txt"


@pytest.fixture
def project(tmp_path: Path) -> Iterator[Path]:
    root = example_copy(tmp_path)
    before = Path.cwd()
    os.chdir(root)  # deck paths as a user types them, relative to the project
    try:
        yield root
    finally:
        os.chdir(before)


def validated(run: Run, deck: str) -> list[str]:
    lines = run("validate", deck, "--game", "shards").stdout.splitlines()
    return lines[:-1]  # less the summary line


def test_an_illegal_deck_exports_with_its_violations_as_validate_names_them(
    run: Run, project: Path
) -> None:
    result = run("tts", "shards", "--deck", ILLEGAL)
    assert result.exit_code == 0, result.output
    shown = validated(run, ILLEGAL)
    assert shown[0] == f"{ILLEGAL}: ILLEGAL (shards, 53 cards)" and "DK101" in shown[1]
    assert result.stderr.splitlines()[: len(shown)] == ["warning: " + shown[0], *shown[1:]]
    assert (project / "output/shards/tts/illegal-oversize.json").is_file()
    data = json.loads(run("tts", "shards", "--deck", ILLEGAL, "--format", "json").stdout)
    assert data["warnings"][: len(shown)] == [" ".join(line.split()) for line in shown]


def test_strict_refuses_an_illegal_deck_and_writes_nothing(run: Run, project: Path) -> None:
    result = run("tts", "shards", "--deck", ILLEGAL, "--strict")
    assert result.exit_code == 1
    shown = validated(run, ILLEGAL)
    assert result.stderr.splitlines() == [
        "error: " + shown[0],
        *shown[1:],
        "not exported: the deck is illegal (--strict)",
    ]
    assert result.stdout == ""
    assert not (project / "output" / "shards" / "tts").exists()


def test_a_legal_deck_exports_without_a_deck_warning(run: Run, project: Path) -> None:
    legal = "decks/shards/decks/ember-aggro.txt"
    assert validated(run, legal)[0].endswith(": legal (shards, 52 cards)")
    result = run("tts", "shards", "--deck", legal, "--strict")
    assert result.exit_code == 0, result.output
    assert "ILLEGAL" not in result.stderr and "legal" not in result.stderr
