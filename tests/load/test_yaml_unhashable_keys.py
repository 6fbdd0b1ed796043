"""A key that is a list holding a list (`? - -`, `[[a]]: 1`) is one located line, not
ruamel.yaml's bare TypeError (found by tests/test_fuzz_hardening.py)."""

from __future__ import annotations

import pytest

from cardgen.errors import CardgenError
from cardgen.load.yaml import parse_yaml


@pytest.mark.parametrize(
    ("text", "where"),
    [("? - -", "f.yaml:1:3"), ("? [a, [b]]\n: 1", "f.yaml:1:3"), ("x: 1\n[[a]]: 1", "f.yaml:2:1")],
)
def test_a_list_inside_a_key_is_one_located_line(text: str, where: str) -> None:
    with pytest.raises(CardgenError) as refused:
        parse_yaml(text, "f.yaml")
    assert refused.value.format_message() == (
        f"{where}: invalid YAML: found unhashable key (a list inside a key)"
    )


def test_a_flat_list_key_is_still_read() -> None:
    assert parse_yaml("? [a]\n: 1", "f.yaml").data == {"('a',)": 1}
