"""Writing outputs: a file of pieces rewritten exactly when a piece changed, an error that
names the file being written (not its temporary file, and not instead of a folder in the
way), and the sweep of temporary files left by a process that is gone or an hour old."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from cardgen import write
from cardgen.errors import CardgenError, display_path
from cardgen.write import Writer, atomic_write, remove_stale_temps, temporary_name


def pieces_of(*parts: bytes):  # type: ignore[no-untyped-def]
    return lambda: iter(parts)


def test_a_file_of_pieces_is_rewritten_exactly_when_a_piece_changes(tmp_path: Path) -> None:
    first = Writer(tmp_path)
    target = first.write_pieces_if_changed("f.bin", 6, pieces_of(b"abc", b"def"))
    assert (first.written, first.kept, target.read_bytes()) == ([target], [], b"abcdef")
    again = Writer(tmp_path)  # the next build, the same pieces: left alone
    again.write_pieces_if_changed("f.bin", 6, pieces_of(b"abc", b"def"))
    assert (again.written, again.kept) == ([], [target])
    changed = Writer(tmp_path)  # one byte of the second piece
    changed.write_pieces_if_changed("f.bin", 6, pieces_of(b"abc", b"dXf"))
    assert (changed.written, changed.kept, target.read_bytes()) == ([target], [], b"abcdXf")
    first_piece = Writer(tmp_path)
    first_piece.write_pieces_if_changed("f.bin", 6, pieces_of(b"Abc", b"dXf"))
    assert (first_piece.written, target.read_bytes()) == ([target], b"AbcdXf")


def test_a_failed_write_names_the_file_written_and_leaves_no_temporary(tmp_path: Path) -> None:
    (tmp_path / "in-the-way").mkdir()
    with pytest.raises(IsADirectoryError) as info:
        atomic_write(tmp_path / "in-the-way", b"x")  # the rename onto a folder fails
    assert info.value.filename == str(tmp_path / "in-the-way")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in-the-way"]


def test_a_file_where_a_folder_should_be_is_named_as_the_folder(tmp_path: Path) -> None:
    (tmp_path / "cards").write_bytes(b"not a folder")
    with pytest.raises(NotADirectoryError) as info:
        atomic_write(tmp_path / "cards" / "a.png", b"x")
    assert info.value.filename == str(tmp_path / "cards")


def aged(path: Path, seconds: float) -> Path:
    path.write_bytes(b"half")
    then = time.time() - seconds
    os.utime(path, (then, then))
    return path


def test_the_sweep_takes_temporaries_of_a_gone_process_or_an_hour_old(tmp_path: Path) -> None:
    mine = temporary_name(tmp_path / "a.png")  # this process: alive
    fresh = aged(mine, 10)
    old = aged(temporary_name(tmp_path / "b.png"), 3700)
    gone = aged(tmp_path / ".c.png.cardgen-999999999-0123abcd.tmp", 10)
    notes = aged(tmp_path / ".notes.tmp", 99999)  # a designer's file, not cardgen's
    assert sorted(remove_stale_temps(tmp_path)) == sorted([old, gone])
    assert fresh.exists() and notes.exists()


def test_a_process_of_another_user_counts_as_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(pid: int, signal: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "kill", refused)
    assert write._alive(12345) is True


def test_on_windows_only_the_age_of_a_temporary_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(pid: int, signal: int) -> None:
        raise AssertionError("os.kill ends the process on Windows")

    monkeypatch.setattr(os, "kill", never)
    monkeypatch.setattr(os, "name", "nt")
    assert write._alive(999999999) is True


def test_a_forked_worker_gets_a_write_lock_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    parents = write.WRITING
    monkeypatch.setattr(write, "WRITING", parents)  # put back after the test
    with parents:  # held by a thread of the parent as it forks
        write._after_fork()  # what os.register_at_fork runs in the child
        assert write.WRITING is not parents
        assert write.WRITING.acquire(blocking=False)
        write.WRITING.release()


def test_one_build_writes_a_file_of_pieces_once_at_most(tmp_path: Path) -> None:
    writer = Writer(tmp_path)
    writer.write_pieces_if_changed("a.pdf", 3, pieces_of(b"abc"))  # written
    with pytest.raises(CardgenError, match="two outputs would be written to the same file"):
        writer.write_pieces_if_changed("a.pdf", 3, pieces_of(b"abc"))
    later = Writer(tmp_path)
    later.write_pieces_if_changed("a.pdf", 3, pieces_of(b"abc"))  # unchanged: kept
    with pytest.raises(CardgenError, match="two outputs would be written to the same file"):
        later.write_pieces_if_changed("a.pdf", 3, pieces_of(b"abc"))


def test_a_folder_in_the_way_of_a_file_of_pieces_is_named(tmp_path: Path) -> None:
    (tmp_path / "a.pdf").mkdir()
    with pytest.raises(CardgenError) as info:
        Writer(tmp_path).write_pieces_if_changed("a.pdf", 3, pieces_of(b"abc"))
    expected = f"{display_path(tmp_path / 'a.pdf')}: a folder is in the way of an output file"
    assert info.value.format_message() == expected


def test_the_sweep_goes_on_past_a_file_it_cannot_remove(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stale = [aged(tmp_path / f".{n}.png.cardgen-999999999-0123abcd.tmp", 10) for n in "abcde"]
    first = tmp_path / os.listdir(tmp_path)[0]  # the one the sweep meets first
    unlink = Path.unlink

    def stuck(path: Path, missing_ok: bool = False) -> None:
        if path == first:
            raise PermissionError(1, "Operation not permitted", str(path))
        unlink(path, missing_ok)

    monkeypatch.setattr(Path, "unlink", stuck)
    assert sorted(remove_stale_temps(tmp_path)) == sorted(p for p in stale if p != first)
