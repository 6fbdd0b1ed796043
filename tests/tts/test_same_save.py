"""`cardgen build GAME` and `cardgen tts GAME` write the same save for the same input (and
`cardgen tts GAME --table` the same full save as the build): the
same bytes in the same folder, and in another folder the same but for the folder their
`file:///` URLs name (the sheets beside it the same bytes too)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from tests.oracles.games import example_copy

Run = Callable[..., Result]


def beside(folder: Path) -> dict[Path, bytes]:
    """The images of the saves in `folder` (the thumbnail, sheets, tiles), by path."""
    found = [p for p in folder.rglob("*") if p.is_file() and p.suffix != ".json"]
    return {p.relative_to(folder): p.read_bytes() for p in found}


@pytest.mark.parametrize("game", ["splatterkins", "splatoon"])
def test_build_and_tts_write_the_same_save(tmp_path: Path, run: Run, game: str) -> None:
    project = example_copy(tmp_path)
    built = run("build", game, "--project", project, "--jobs", "1")
    assert built.exit_code == 0, built.output
    folder = project / "output" / game / "tts"
    save = (folder / f"{game}.json").read_bytes()
    images = beside(folder)
    assert any(p.parts[0] == "sheets" for p in images)

    table = (folder / f"{game}-table.json").read_bytes()  # the full save, fewest players
    again = run("tts", game, "--project", project, "--jobs", "1")
    assert again.exit_code == 0, again.output
    assert (folder / f"{game}.json").read_bytes() == save

    mod = run("tts", game, "--table", "--project", project, "--jobs", "1")
    assert mod.exit_code == 0, mod.output
    assert (folder / f"{game}-table.json").read_bytes() == table
    assert (folder / f"{game}.json").read_bytes() == save

    other = tmp_path / "elsewhere"
    alone = run("tts", game, "--table", "--project", project, "--out", other, "--jobs", "1")
    assert alone.exit_code == 0, alone.output
    moved = (other / f"{game}.json").read_bytes()
    here, there = (f.resolve().as_uri().encode() for f in (folder, other))
    assert there in moved and moved.replace(there, here) == save
    moved_table = (other / f"{game}-table.json").read_bytes()
    assert moved_table.replace(there, here) == table
    assert beside(other) == images
