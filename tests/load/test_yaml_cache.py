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


def _entry_of(source: Path, cache: Path) -> Path:
    """The cache entry cardgen writes for `source` as it is now."""
    before = set(cache.glob("*.json"))
    with parse_cache(cache):
        load_yaml(source)
    (entry,) = set(cache.glob("*.json")) - before
    return entry


def test_an_entry_made_from_other_text_is_ignored(tmp_path: Path) -> None:
    """A well-formed entry, but for a file whose text differs (an entry copied under this
    file's name, or written by someone else): the file itself is read."""
    cache = tmp_path / "cache"
    real = tmp_path / "gallery.yaml"
    real.write_text("title: The Real Gallery\n")
    other = tmp_path / "other.yaml"
    other.write_text("title: POISONED BY A FOREIGN CACHE ENTRY\n")
    foreign = _entry_of(other, cache).read_bytes()
    entry = _entry_of(real, cache)
    entry.write_bytes(foreign)
    with parse_cache(cache):
        assert load_yaml(real).data == {"title": "The Real Gallery"}


def test_an_entry_of_another_version_is_ignored(tmp_path: Path) -> None:
    """Made from this very text, but by another cardgen (or ruamel.yaml): not used."""
    import json

    cache = tmp_path / "cache"
    source = tmp_path / "game.yaml"
    source.write_text("id: tiny\n")
    entry = _entry_of(source, cache)
    from cardgen.load.yaml_cache import VERSION

    stored = json.loads(entry.read_text())
    assert stored["version"] == VERSION
    stored["version"] = "cardgen 0.0.1 ruamel 0.17 positions 3"
    stored["data"] = {"id": "evil"}
    entry.write_text(json.dumps(stored))
    with parse_cache(cache):
        assert load_yaml(source).data == {"id": "tiny"}


def _forged(source: Path, cache: Path, data: str) -> None:
    """Overwrite `source`'s entry with one as cardgen wrote it (the right text, the right
    version) but holding `data` (JSON text)."""
    import json

    entry = _entry_of(source, cache)
    stored = json.loads(entry.read_text())
    stored["data"] = "\u0000DATA"
    entry.write_text(json.dumps(stored).replace('"\\u0000DATA"', data))


def test_an_entry_nested_200000_deep_is_ignored(tmp_path: Path) -> None:
    """JSON nested past Python's recursion limit: no RecursionError, the file is read."""
    cache = tmp_path / "cache"
    source = tmp_path / "game.yaml"
    source.write_text("id: tiny\n")
    _forged(source, cache, "[" * 200_000 + "]" * 200_000)
    with parse_cache(cache):
        assert load_yaml(source).data == {"id": "tiny"}


@pytest.mark.parametrize(
    "data",
    [
        "[" * 150 + "]" * 150,  # within Python's limit, deeper than any YAML file may nest
        "[" + "0, " * 1_000_001 + "0]",  # more values than a YAML file may hold
    ],
    ids=["deep", "many"],
)
def test_an_entry_past_the_limits_of_yaml_is_ignored(tmp_path: Path, data: str) -> None:
    cache = tmp_path / "cache"
    source = tmp_path / "game.yaml"
    source.write_text("id: tiny\n")
    _forged(source, cache, data)
    with parse_cache(cache):
        assert load_yaml(source).data == {"id": "tiny"}


def test_an_entry_too_big_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry is read up to `MAX_ENTRY_BYTES`: one past it is ignored unread (a forged
    one that names this text and version is used when within it: the cache folder is
    cardgen's own, like the files it builds)."""
    from cardgen.load import yaml_cache

    cache = tmp_path / "cache"
    source = tmp_path / "game.yaml"
    source.write_text("id: tiny\n")
    _forged(source, cache, '{"id": "forged"}')
    (entry,) = cache.glob("*.json")
    forged = entry.read_bytes()
    monkeypatch.setattr(yaml_cache, "MAX_ENTRY_BYTES", len(forged))
    with parse_cache(cache):
        assert load_yaml(source).data == {"id": "forged"}
    monkeypatch.setattr(yaml_cache, "MAX_ENTRY_BYTES", len(forged) - 1)
    with parse_cache(cache):
        assert load_yaml(source).data == {"id": "tiny"}
