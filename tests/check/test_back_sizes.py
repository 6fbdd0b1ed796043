"""SC509: a card type whose back is not the size of its face is an error of `cardgen check`
naming both sizes, the type, the back and their layout files; print-and-play and the TTS
export refuse such a game rather than stretch the back onto the face."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.oracles.games import cli
from tests.sized_game import write_sized_game


@pytest.fixture
def mismatched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The three-size game with t2 (88 x 63 mm landscape) given a tarot back (70 x 120 mm),
    the working directory at its project (messages name `layouts/gen/...`)."""
    root = write_sized_game(tmp_path, backs={"t2": (70.0, 120.0)})
    monkeypatch.chdir(root)
    return root


EXPECTED = (
    "layouts/gen/back-b2.yaml:3:7: SC509 back-size: back 'b2' is 70 x 120 mm but"
    " type 't2' (layouts/gen/t2.yaml) is 88 x 63 mm landscape; give it a back of its own"
    " size (layouts/gen/back-<id>.yaml, and `back: <id>` on the type)"
)


def test_a_back_of_another_size_is_an_error_naming_both(mismatched: Path) -> None:
    result = cli("check", "gen", "--project", mismatched)
    assert result.exit_code == 1, result.output
    found = [line for line in result.stdout.splitlines() if "SC509" in line]
    assert found == [EXPECTED]


def test_backs_of_their_own_size_pass(tmp_path: Path) -> None:
    root = write_sized_game(tmp_path)
    result = cli("check", "gen", "--project", root)
    assert "SC509" not in result.output


@pytest.mark.parametrize("command", [["pnp"], ["pnp", "--printer", "mpc"], ["tts"]])
def test_print_and_play_and_tts_refuse_to_stretch_it(mismatched: Path, command: list[str]) -> None:
    result = cli(command[0], "gen", "--project", mismatched, *command[1:])
    assert result.exit_code == 2 and "Traceback" not in result.output
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: layouts/gen/back-b2.yaml:3:7: back 'b2' is 70 x 120 mm")
    assert "type 't2' (layouts/gen/t2.yaml) is 88 x 63 mm landscape" in line
    assert not (mismatched / "output" / "gen").exists()  # refused before anything is drawn
