"""The parsed-YAML cache `cardgen build` uses: same data and positions as a fresh parse,
never trusted when damaged, and the parser not run again for a file it has seen."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.load import yaml as yaml_module
from cardgen.load.yaml import load_yaml, parse_cache

TEXT = """\
id: tiny
name: Tiny Game   # a comment
types:
  hero: {label: Hero, back: default}
  spell:
    label: Spell
numbers:
  1: one
  2: two
base: &base
  color: "#112233"
copy: *base
when: 2024-05-01
list:
  - a
  - [b, c]
  - {d: 4}
"""

PATHS = [
    [],
    ["id"],
    ["types", "hero", "label"],
    ["types", "spell"],
    ["types", "spell", "label"],
    ["numbers", 1],
    ["copy", "color"],
    ["list", 1, 0],
    ["list", 2, "d"],
    ["list", 9],
    ["nothing", "here"],
]


def test_cached_document_has_the_same_data_and_positions(tmp_path: Path) -> None:
    source = tmp_path / "game.yaml"
    source.write_text(TEXT.replace("when: 2024-05-01\n", ""))
    fresh = load_yaml(source)
    with parse_cache(tmp_path / "cache"):
        first = load_yaml(source)
        second = load_yaml(source)
    assert len(list((tmp_path / "cache").glob("*.json"))) == 1
    for doc in (first, second):
        assert doc.data == fresh.data
        assert doc.data["numbers"] == {1: "one", 2: "two"}  # keys that are not text survive
        for path in PATHS:
            assert doc.location(path) == fresh.location(path), path
            assert doc.key_location(path) == fresh.key_location(path), path


def test_a_file_seen_before_is_not_parsed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "layout.yaml"
    source.write_text("size: poker\nelements: {title: {kind: text}}\n")
    with parse_cache(tmp_path / "cache"):
        load_yaml(source)

        def refuse(text: str, shown: str) -> None:
            raise AssertionError("parsed again")

        monkeypatch.setattr(yaml_module, "parse_yaml", refuse)
        assert load_yaml(source).data["size"] == "poker"
        source.write_text("size: tarot\n")  # new text: parsed (here: refused)
        with pytest.raises(AssertionError):
            load_yaml(source)


def test_a_damaged_entry_is_parsed_again(tmp_path: Path) -> None:
    source = tmp_path / "game.yaml"
    source.write_text("id: tiny\n")
    cache = tmp_path / "cache"
    with parse_cache(cache):
        load_yaml(source)
        for entry in cache.glob("*.json"):
            entry.write_text('{"data": ')
        assert load_yaml(source).data == {"id": "tiny"}
        for entry in cache.glob("*.json"):
            entry.write_text('{"data": {"id": "evil"}, "values": 3}')
        assert load_yaml(source).data == {"id": "tiny"}


def test_values_json_cannot_hold_are_parsed_each_time(tmp_path: Path) -> None:
    source = tmp_path / "game.yaml"
    source.write_text(TEXT)
    with parse_cache(tmp_path / "cache"):
        doc = load_yaml(source)
    assert str(doc.data["when"]) == "2024-05-01"
    assert not list((tmp_path / "cache").glob("*.json"))


def test_outside_a_build_nothing_is_written(tmp_path: Path) -> None:
    source = tmp_path / "game.yaml"
    source.write_text("id: tiny\n")
    load_yaml(source)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml"]
