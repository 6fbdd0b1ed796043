"""The content-hash cache entry by entry: what is stored comes back with its facts, only in
a run that reads the cache (or stored it itself); an entry sharing an output file that was
rewritten in place is not taken; an output is current only while its size and time stay;
a stamp likewise; pruning keeps as many unused entries as were used, newest first."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardgen.cache import FACTS, OUTPUTS, Cache, digest, file_digest

KEY_A, KEY_B, KEY_C = "a" * 32, "b" * 32, "c" * 32


def test_an_entry_comes_back_with_its_facts_from_a_later_run(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    path = cache.put(KEY_A, b"pixels", {"w": 3})
    assert path == tmp_path / f"{KEY_A}.png" and path.read_bytes() == b"pixels"
    assert cache.get(KEY_A) == (b"pixels", {"w": 3})
    cache.save()
    assert json.loads((tmp_path / FACTS).read_text()) == {KEY_A: {"w": 3}}
    later = Cache(tmp_path)
    assert later.has(KEY_A) and later.get(KEY_A) == (b"pixels", {"w": 3})
    assert later.get(KEY_A, "jpg") is None and later.get(KEY_B) is None
    assert not later.has(KEY_B)


def test_without_reading_only_what_this_run_stored_is_used(tmp_path: Path) -> None:
    first = Cache(tmp_path)
    first.put(KEY_A, b"old")
    first.put_data(KEY_B, b"cell", "cell")
    first.save()
    fresh = Cache(tmp_path, read=False)
    assert fresh.get(KEY_A) is None and fresh.data_path(KEY_B, "cell") is None
    fresh.put(KEY_A, b"new", {"n": 1})
    assert fresh.get(KEY_A) == (b"new", {"n": 1})
    fresh.put_data(KEY_B, b"cell", "cell")
    assert fresh.data_path(KEY_B, "cell") == tmp_path / f"{KEY_B}.cell"
    assert Cache(tmp_path).data_path(KEY_B, "cell") == tmp_path / f"{KEY_B}.cell"
    assert Cache(tmp_path).data_path(KEY_C, "cell") is None


def test_an_entry_sharing_an_output_rewritten_in_place_is_not_taken(tmp_path: Path) -> None:
    output = tmp_path / "out" / "card.png"
    output.parent.mkdir()
    output.write_bytes(b"drawn")
    cache = Cache(tmp_path / "cache")
    stored = cache.put(KEY_A, b"drawn", {}, source=output)
    assert os.path.samefile(stored, output)  # a hard link, no second copy
    assert cache.get(KEY_A) == (b"drawn", {})
    with output.open("r+b") as stream:  # another program edits the output in place
        stream.write(b"DR")
    assert cache.get(KEY_A) is None


def test_storing_other_data_under_a_key_replaces_it_whole(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    cache.put(KEY_A, b"one", {"v": 1})
    cache.save()
    cache.put(KEY_A, b"two", {"v": 2})
    assert cache.get(KEY_A) == (b"two", {"v": 2})
    cache.save()
    assert Cache(tmp_path).get(KEY_A) == (b"two", {"v": 2})


def test_an_output_is_current_while_its_size_and_time_stay(tmp_path: Path) -> None:
    target = tmp_path / "card.png"
    target.write_bytes(b"12345")
    cache = Cache(tmp_path / "cache")
    cache.note_output(KEY_A, target, {"drawn": True})
    assert cache.is_current(KEY_A, target) and not cache.is_current(KEY_B, target)
    assert cache.current(KEY_A, target) == {"drawn": True}
    cache.save()
    later = Cache(tmp_path / "cache")
    assert later.current(KEY_A, target) == {"drawn": True}
    assert not Cache(tmp_path / "cache", read=False).is_current(KEY_A, target)
    target.write_bytes(b"123456")
    assert not later.is_current(KEY_A, target) and later.current(KEY_A, target) is None
    assert not later.is_current(KEY_A, tmp_path / "gone.png")
    later.forget_outputs([target])
    assert json.loads((tmp_path / "cache" / OUTPUTS).read_text()) == {}


def test_a_stamp_holds_while_its_file_is_as_written(tmp_path: Path) -> None:
    target = tmp_path / "box.pdf"
    target.write_bytes(b"%PDF")
    cache = Cache(tmp_path / "cache")
    (tmp_path / "cache").mkdir()
    cache.put_stamp(KEY_A, target, {"pages": 4})
    stamp = Cache(tmp_path / "cache").stamp(KEY_A)
    assert stamp is not None and stamp["pages"] == 4 and stamp["path"] == str(target.resolve())
    assert Cache(tmp_path / "cache", read=False).stamp(KEY_A) is None
    assert Cache(tmp_path / "cache").stamp(KEY_B) is None
    target.write_bytes(b"%PDF-changed")
    assert Cache(tmp_path / "cache").stamp(KEY_A) is None


def test_pruning_keeps_as_many_unused_entries_as_were_used_newest_first(tmp_path: Path) -> None:
    old = Cache(tmp_path)
    for n, key in enumerate((KEY_A, KEY_B, KEY_C)):
        path = old.put(key, b"x")
        os.utime(path, ns=(n * 10**9, n * 10**9))  # A oldest, C newest
    old.save()
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "d").mkdir()  # a folder of someone else's
    run = Cache(tmp_path)
    run.put("d" * 32, b"y")  # this run uses one entry: one unused entry may stay
    assert run.prune() == 2
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted([f"{KEY_C}.png", f"{'d' * 32}.png", FACTS, "notes.txt", "d"])
    assert set(json.loads((tmp_path / FACTS).read_text())) == {KEY_C, "d" * 32}


def test_keys_are_stable_and_files_are_keyed_by_their_content(tmp_path: Path) -> None:
    assert digest("card", 1, [2, 3]) == digest("card", 1, [2, 3])
    assert digest("card", 1, [2, 3]) != digest("card", 1, [3, 2])
    assert len(digest("x")) == 32
    one, two = tmp_path / "one", tmp_path / "two"
    one.write_bytes(b"same")
    two.write_bytes(b"same")
    assert file_digest(one) == file_digest(two) and len(file_digest(one)) == 32
    two.write_bytes(b"other")
    assert file_digest(one) != file_digest(two)


@pytest.mark.parametrize("facts", ["[1, 2]", "not json", '{"k": 3}'])
def test_a_damaged_index_counts_as_empty(tmp_path: Path, facts: str) -> None:
    (tmp_path / f"{KEY_A}.png").write_bytes(b"x")
    (tmp_path / FACTS).write_text(facts)
    assert Cache(tmp_path).get(KEY_A) is None
