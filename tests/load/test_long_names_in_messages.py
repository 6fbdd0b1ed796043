"""A card name of any length (up to a deck list's limit of 1,000,000 bytes) is shortened in
every message line, as a pool's long names are (issue 32 item 5): a 1 MB unknown name in a
text or YAML deck list was printed whole, on one line of a megabyte."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from tests.fsgame import write_game

Run = Callable[..., Result]
WIDEST = 300
"""The longest line a message about a long name may take (a path, a code, 60 characters of
the name and the rest of the sentence)."""


@pytest.mark.parametrize("length", [61, 5_000, 900_000])
@pytest.mark.parametrize("form", ["text", "yaml", "x-form", "comment"])
def test_a_long_name_is_shortened_in_every_line(
    tmp_path: Path, run: Run, length: int, form: str
) -> None:
    root = write_game(tmp_path)
    name = "N" * length
    lists = {
        "text": f"1 Aria\n2 {name}\n",
        "x-form": f"1 Aria\n{name} x2\n",
        "comment": f"1 Aria\n2 {name} // a note\n",
        "yaml": f"game: tiny\nname: d\ncards:\n  - {{name: Aria, count: 1}}\n"
        f"  - {{name: {name}, count: 2}}\n",
    }
    path = root / "decks" / "tiny" / "decks" / ("d.yaml" if form == "yaml" else "d.txt")
    path.write_text(lists[form], encoding="utf-8")
    result = run("validate", path, "--game", "tiny", "--project", root)
    assert result.exit_code == 1, result.output[:500]
    lines = (result.stdout + result.stderr).splitlines()
    assert max(len(line) for line in lines) <= WIDEST, [line[:120] for line in lines]
    unknown = [line for line in lines if "unknown card" in line]
    assert unknown and all(f'"{"N" * 60}..."' in line for line in unknown), unknown
