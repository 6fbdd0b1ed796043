from pathlib import Path

import pytest

from cardgen.errors import CardgenError
from cardgen.load.yaml import load_yaml, parse_yaml

DOC = """\
game: demo
cards:
  - name: Night Patrol
    cost: 2
  - name: Ember Rite
    cost: twelve
"""


def test_positions_of_values_are_one_based() -> None:
    doc = parse_yaml(DOC, "cards.yaml")
    assert doc.data["cards"][1]["cost"] == "twelve"
    where = doc.location(["cards", 1, "cost"])
    assert (where.line, where.col) == (6, 11)
    assert doc.location(["cards", 0]).line == 3
    assert doc.key_location(["cards", 1, "cost"]).line == 6


def test_unknown_path_falls_back_to_nearest_parent() -> None:
    doc = parse_yaml(DOC, "cards.yaml")
    assert doc.location(["cards", 1, "missing"]).line == 5


def test_syntax_error_names_the_line() -> None:
    with pytest.raises(CardgenError) as info:
        parse_yaml("a: 1\nb: [1, 2\nc: 3\n", "broken.yaml")
    message = info.value.format_message()
    assert message.startswith("broken.yaml:")
    assert "invalid YAML" in message
    assert info.value.location is not None and info.value.location.line is not None


def test_duplicate_keys_are_refused() -> None:
    with pytest.raises(CardgenError, match="duplicate key") as info:
        parse_yaml("name: a\ntype: b\nname: c\n", "dup.yaml")
    assert info.value.location is not None and info.value.location.line == 3


def test_alias_bomb_is_refused() -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for i, prev in zip("bcdefgh", "abcdefg", strict=True):
        bomb += f"{i}: &{i} [" + ", ".join([f"*{prev}"] * 10) + "]\n"
    with pytest.raises(CardgenError, match="alias bomb"):
        parse_yaml(bomb, "bomb.yaml")


def test_load_yaml_reads_a_file_with_bom(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_bytes("\ufeffname: Blubler’s\r\n".encode())
    assert load_yaml(path).data == {"name": "Blubler’s"}
