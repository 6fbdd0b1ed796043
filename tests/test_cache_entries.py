"""The content-hash cache entry by entry: what is stored comes back with its facts, only in
a run that reads the cache (or stored it itself); an entry sharing an output file that was
rewritten in place is not taken; an output is current only while its size and time stay;
a stamp likewise; pruning keeps as many unused entries as were used, newest first."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardgen.cache import FACTS, OUTPUTS, Cache, clear, digest, file_digest

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


def dated(path: Path, second: int) -> Path:
    os.utime(path, ns=(second * 10**9, second * 10**9))
    return path


def test_pruning_keeps_as_many_unused_entries_as_were_used_newest_first(tmp_path: Path) -> None:
    old = Cache(tmp_path)
    dated(old.put(KEY_A, b"x"), 30)  # A newest, then B, then C (the names sort the other way)
    dated(old.put(KEY_B, b"x"), 20)
    dated(old.put(KEY_C, b"x"), 10)
    dated(old.put_data("e" * 32, b"cell", "cell.png"), 5)
    old.put("f" * 32, b"gone")
    old.save()
    (tmp_path / f"{'f' * 32}.png").unlink()  # its data file went: its facts go too
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "d").mkdir()  # a folder of someone else's
    mine = tmp_path / "mine.png"
    mine.write_bytes(b"a user's file")
    (tmp_path / f"{'9' * 32}.png").symlink_to(mine)  # named like an entry, not one
    facts = (tmp_path / FACTS).read_text()
    run = Cache(tmp_path)
    assert run.get("d" * 32) is None  # this run asks for one entry: one unused may stay
    assert run.prune() == 3  # B, C and the cell
    left = sorted(p.name for p in tmp_path.iterdir())
    expected = [f"{KEY_A}.png", f"{'9' * 32}.png", FACTS, "d", "mine.png", "notes.txt"]
    assert left == sorted(expected)
    assert set(json.loads((tmp_path / FACTS).read_text())) == {KEY_A} != set(json.loads(facts))
    assert Cache(tmp_path / "missing").prune() == 0


@pytest.mark.parametrize("use", ["is_current", "stamp"])
def test_an_entry_a_run_checks_is_one_it_uses(tmp_path: Path, use: str) -> None:
    old = Cache(tmp_path)
    dated(old.put(KEY_A, b"x"), 10)
    dated(old.put(KEY_B, b"x"), 20)
    old.save()
    run = Cache(tmp_path)
    if use == "is_current":
        run.is_current(KEY_A, tmp_path / "out.png")
    else:
        run.stamp(KEY_A)
    assert run.prune() == 0  # A used, B the one unused entry kept
    assert run.get(KEY_A) is not None


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


def test_only_a_change_rewrites_the_index_and_the_record_of_outputs(tmp_path: Path) -> None:
    target = tmp_path / "card.png"
    target.write_bytes(b"12345")
    cache = Cache(tmp_path / "cache")
    cache.put(KEY_A, b"x", {"n": 1})
    cache.note_output(KEY_A, target)
    cache.save()
    index, record = tmp_path / "cache" / FACTS, tmp_path / "cache" / OUTPUTS
    dated(index, 1)
    dated(record, 1)
    cache.save()  # nothing changed since
    reader = Cache(tmp_path / "cache")
    assert reader.get(KEY_A) == (b"x", {"n": 1}) and reader.is_current(KEY_A, target)
    reader.put(KEY_A, b"x", {"n": 1})  # the same data and facts again
    reader.save()
    assert index.stat().st_mtime_ns == record.stat().st_mtime_ns == 10**9


def test_an_entry_of_another_kind_is_found_by_its_own_extension(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    cache.put(KEY_B, b"jpeg", {}, "jpg")
    cache.save()
    assert Cache(tmp_path).get(KEY_B, "jpg") == (b"jpeg", {})
    assert Cache(tmp_path).get(KEY_B) is None


def test_odd_records_of_outputs_are_survived(tmp_path: Path) -> None:
    target = tmp_path / "card.png"
    target.write_bytes(b"12345")
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / OUTPUTS).write_text("[1, 2]")
    assert not Cache(tmp_path / "cache").is_current(KEY_A, target)
    info = target.stat()
    old_style = {str(target): [KEY_A, info.st_size, info.st_mtime_ns]}  # no facts kept
    (tmp_path / "cache" / OUTPUTS).write_text(json.dumps(old_style))
    cache = Cache(tmp_path / "cache")
    assert cache.is_current(KEY_A, target) and cache.current(KEY_A, target) is None
    cache.forget_outputs([tmp_path / "never-recorded.png", target])
    assert json.loads((tmp_path / "cache" / OUTPUTS).read_text()) == {}


def test_a_stamp_is_stale_when_the_size_or_the_time_alone_changes(tmp_path: Path) -> None:
    target = tmp_path / "box.pdf"
    target.write_bytes(b"%PDF")
    dated(target, 5)
    (tmp_path / "cache").mkdir()
    Cache(tmp_path / "cache").put_stamp(KEY_A, target, {})
    target.write_bytes(b"%PDX")  # same size, a new time
    assert Cache(tmp_path / "cache").stamp(KEY_A) is None
    dated(target, 5)  # the old time again: as written
    assert Cache(tmp_path / "cache").stamp(KEY_A) is not None
    target.write_bytes(b"%PDF-1.7")
    dated(target, 5)  # another size at the old time
    assert Cache(tmp_path / "cache").stamp(KEY_A) is None


def test_two_files_of_one_size_and_time_have_their_own_digests(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    one.write_bytes(b"aaaa")
    two.write_bytes(b"bbbb")
    dated(one, 7)
    dated(two, 7)
    assert file_digest(one) != file_digest(two)


def test_a_digest_takes_any_order_of_keys_and_paths_as_text() -> None:
    assert digest({"a": 1, "b": [2]}) == digest({"b": [2], "a": 1})
    assert digest(Path("cards/a.png")) == digest("cards/a.png")


def test_clearing_takes_cardgens_own_files_and_then_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    ours = [f"{KEY_A}.png", f"{KEY_B}.cell.png", f"{KEY_C}.stamp", FACTS, OUTPUTS, "extra.json"]
    ours.append(".x.png.cardgen-123-0123abcd.tmp")
    for name in ours:
        (folder / name).write_bytes(b"")
    assert sorted(p.name for p in clear(folder, "extra.json")) == sorted(ours)
    assert not folder.exists()
    folder.mkdir()
    theirs = ["notes.txt", "abc.png", f"{'g' * 32}.png"]  # too short, not hex
    for name in [*ours, *theirs]:
        (folder / name).write_bytes(b"")
    (folder / f"{'a' * 16}.png").mkdir()  # a folder named like an entry
    (folder / f"{'b' * 16}.png").symlink_to(tmp_path / "elsewhere.png")
    removed = clear(folder)
    assert sorted(p.name for p in removed) == sorted(n for n in ours if n != "extra.json")
    left = sorted(p.name for p in folder.iterdir())
    assert left == sorted([*theirs, "extra.json", f"{'a' * 16}.png", f"{'b' * 16}.png"])
    link = tmp_path / "link"
    link.symlink_to(folder)
    assert clear(link) == [] and clear(tmp_path / "nothing") == [] and folder.is_dir()


def test_clearing_leaves_a_link_to_a_real_file_and_goes_on_past_a_stuck_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    mine = tmp_path / "my-art.png"
    mine.write_bytes(b"art")
    (folder / FACTS).symlink_to(mine)  # named like the index, but a link to a real file
    (folder / f"{KEY_A}.png").symlink_to(mine)
    entries = [folder / f"{key}.png" for key in (KEY_B, KEY_C, "d" * 32)]
    for path in entries:
        path.write_bytes(b"")
    stuck = entries[1]
    unlink = os.unlink

    def refusing(path: str | os.PathLike[str], *args: object, **kwargs: object) -> None:
        if os.fspath(path) == os.fspath(stuck):
            raise PermissionError(1, "Operation not permitted", os.fspath(path))
        unlink(path)

    monkeypatch.setattr(os, "unlink", refusing)
    assert sorted(clear(folder)) == sorted(p for p in entries if p != stuck)
    assert (folder / FACTS).is_symlink() and (folder / f"{KEY_A}.png").is_symlink()
    assert mine.read_bytes() == b"art" and stuck.exists()


def test_pruning_rewrites_the_index_without_the_entries_it_removed(tmp_path: Path) -> None:
    first = Cache(tmp_path)
    for key in (KEY_A, KEY_B, KEY_C):
        first.put(key, b"x", {"key": key[0]})
    first.save()
    old = 1_000_000_000 * 10**9
    for age, key in enumerate((KEY_A, KEY_B, KEY_C)):  # B newer than C
        os.utime(tmp_path / f"{key}.png", ns=(old - age, old - age))
    later = Cache(tmp_path)
    assert later.get(KEY_A) == (b"x", {"key": "a"})  # one used: the newest unused one stays
    assert later.prune() == 1
    assert json.loads((tmp_path / FACTS).read_text()) == {KEY_A: {"key": "a"}, KEY_B: {"key": "b"}}
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"{KEY_A}.png", f"{KEY_B}.png", FACTS]
    )


def test_stamps_written_by_a_run_count_as_used_when_it_prunes(tmp_path: Path) -> None:
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"%PDF")
    cache = Cache(tmp_path / "cache")
    for key in (KEY_A, KEY_B, KEY_C):
        cache.put_stamp(key, target, {"pages": 1})
    assert cache.prune() == 0
    later = Cache(tmp_path / "cache")
    assert [later.stamp(key) for key in (KEY_A, KEY_B, KEY_C)] == [
        {
            "pages": 1,
            "path": str(target.resolve()),
            "size": 4,
            "mtime_ns": target.stat().st_mtime_ns,
        }
    ] * 3


def test_an_entry_stored_from_its_output_knows_that_files_digest(tmp_path: Path) -> None:
    # the TTS export keys a sheet by its images' digests: taken from the cache where an
    # entry holds one, the same a file's own hashing gives, so no card is read again
    output = tmp_path / "card.png"
    output.write_bytes(b"the card's pixels")
    cache = Cache(tmp_path / "cache")
    cache.put(KEY_A, output.read_bytes(), {"w": 3}, source=output)
    cache.put(KEY_B, b"a back", {"w": 3})  # no output file behind it: no digest kept
    assert cache.content_digest(KEY_A) == file_digest(output)
    assert len(file_digest(output)) == 32
    assert cache.content_digest(KEY_B) is None and cache.content_digest(KEY_C) is None
    cache.save()
    assert Cache(tmp_path / "cache").content_digest(KEY_A) == file_digest(output)
