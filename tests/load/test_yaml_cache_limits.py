"""A parse cache entry is used only when its table of positions is one a YAML file could
have made: at most MAX_NODES rows, paths of at most MAX_DEPTH + 1 parts, each a text or a
whole number (not a bool); any other entry is passed over and the file is parsed again."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardgen.load import yaml_cache
from cardgen.load.yaml_cache import lookup, parse_cache, store
from cardgen.load.yaml_limits import MAX_DEPTH, MAX_NODES

TEXT = "a: 1\n"


def entry_with(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Any:
    """Store TEXT's parse, change the entry as `change` does, and look TEXT up again."""
    with parse_cache(tmp_path):
        store(TEXT, ({"a": 1}, {("a",): (1, 4)}, {("a",): (1, 1)}))
        (path,) = tmp_path.glob("*.json")
        stored = json.loads(path.read_text(encoding="utf-8"))
        change(stored)
        path.write_text(json.dumps(stored), encoding="utf-8")
        return lookup(TEXT)


def test_an_untouched_entry_is_used(tmp_path: Path) -> None:
    assert entry_with(tmp_path, lambda stored: None) == (
        {"a": 1},
        {("a",): (1, 4)},
        {("a",): (1, 1)},
    )


@pytest.mark.parametrize(
    ("path", "used"),
    [
        (["a"] * (MAX_DEPTH + 1), True),
        (["a"] * (MAX_DEPTH + 2), False),
        ([0, "a"], True),
        ([True], False),
        ("ab", False),  # a text where a list belongs
        ([1.5], False),
    ],
    ids=["deepest", "too deep", "index", "bool", "text", "float"],
)
def test_an_entry_whose_paths_no_yaml_file_makes_is_passed_over(
    tmp_path: Path, path: Any, used: bool
) -> None:
    def change(stored: dict[str, Any]) -> None:
        stored["values"].append([path, [2, 1]])

    found = entry_with(tmp_path, change)
    assert (found is not None) == used


def test_an_entry_of_more_positions_than_values_allowed_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the count is checked against the limit the cache module holds; a small one stands in
    # for the real million so the boundary is tried in milliseconds
    monkeypatch.setattr(yaml_cache, "MAX_NODES", 1000)

    def rows(count: int) -> Callable[[dict[str, Any]], None]:
        def change(stored: dict[str, Any]) -> None:
            stored["values"] = [[[n], [1, 1]] for n in range(count)]

        return change

    assert entry_with(tmp_path / "at", rows(1000)) is not None
    assert entry_with(tmp_path / "past", rows(1001)) is None
    assert entry_with(tmp_path / "not", lambda s: s.update(values={"a": [1, 1]})) is None


def test_an_entry_of_the_most_positions_fits_the_entry_size_limit() -> None:
    """MAX_NODES rows of the shortest kind a file makes fit in MAX_ENTRY_BYTES (so the limit
    on rows, not the one on bytes, is what a file of many short values meets)."""
    rows = ",".join(f"[[{n}],[1,1]]" for n in range(MAX_NODES))
    assert len(rows) < yaml_cache.MAX_ENTRY_BYTES
