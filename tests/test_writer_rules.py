"""The writer's rules, one at a time: where a path lands (symlinks followed, nothing outside
the output folder), what one build may write (each file once, no folder in the way), what
it counts as written or kept, when a file is left alone, hard links, the folders made, and
paths told relative to a folder. Found unchecked by mutation testing (`make mutate`)."""

from __future__ import annotations

import errno
import hashlib
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from cardgen import write
from cardgen.errors import CardgenError, display_path
from cardgen.write import Writer, atomic_link, made_folders, make_folder, relative_inside, slug


def refusal(root: Path, relative: str) -> str:
    with pytest.raises(CardgenError) as info:
        Writer(root).path(relative)
    return info.value.format_message()


def test_a_path_leading_out_of_the_output_folder_is_refused_and_named(tmp_path: Path) -> None:
    root = tmp_path / "out"
    root.mkdir()
    (tmp_path / "secret.txt").write_bytes(b"keep")
    (root / "away.png").symlink_to(tmp_path / "secret.txt")
    shown = display_path(root.resolve())
    for relative in ("../secret.txt", "..", "cards/../../secret.txt", "away.png"):
        expected = f"{shown}: refusing to write outside the output folder: {relative}"
        assert refusal(root, relative) == expected
    with pytest.raises(CardgenError):
        Writer(root).write("away.png", b"x")
    assert (tmp_path / "secret.txt").read_bytes() == b"keep"


def test_a_folder_is_placed_once_but_each_file_in_it_still_checked(tmp_path: Path) -> None:
    root = tmp_path / "out"
    (root / "cards").mkdir(parents=True)
    (tmp_path / "away").mkdir()
    (root / "cards" / "gone.png").symlink_to(tmp_path / "away" / "x.png")
    (root / "backs").symlink_to(tmp_path / "away", target_is_directory=True)
    writer = Writer(root)
    assert writer.path("cards/a.png") == root.resolve() / "cards" / "a.png"
    for relative in ("cards/gone.png", "backs/a.png", "backs/b.png", "cards/gone.png"):
        with pytest.raises(CardgenError, match="refusing to write outside"):
            writer.path(relative)  # the folder seen before: the file (or folder) still refused
    assert writer.path("cards/b.png") == root.resolve() / "cards" / "b.png"
    assert not any((tmp_path / "away").iterdir())


def test_a_link_inside_the_folder_is_followed_to_its_file(tmp_path: Path) -> None:
    (tmp_path / "real.png").write_bytes(b"old")
    (tmp_path / "link.png").symlink_to(tmp_path / "real.png")
    writer = Writer(tmp_path)
    assert writer.path("link.png") == tmp_path.resolve() / "real.png"
    assert writer.path("cards/a.png") == tmp_path.resolve() / "cards" / "a.png"
    assert writer.path("cards/./b.png") == tmp_path.resolve() / "cards" / "b.png"
    writer.write("link.png", b"new")
    assert (tmp_path / "real.png").read_bytes() == b"new"
    assert (tmp_path / "link.png").is_symlink()


def test_what_a_build_wrote_and_kept_is_counted_by_path(tmp_path: Path) -> None:
    root = tmp_path.resolve()
    (root / "same.png").write_bytes(b"abc")
    (root / "resized.png").write_bytes(b"abcd")
    (root / "changed.png").write_bytes(b"abd")  # the same size, other bytes
    untouched = (root / "same.png").stat().st_mtime_ns
    writer = Writer(tmp_path)
    new = writer.write("new.png", b"abc")
    same = writer.write_if_changed("same.png", b"abc")
    resized = writer.write_if_changed("resized.png", b"abc")
    changed = writer.write_if_changed("changed.png", b"abc")
    kept = writer.keep("old.png")
    assert writer.written == [new, resized, changed]
    assert writer.kept == [same, kept]
    assert [p.read_bytes() for p in (new, same, resized, changed)] == [b"abc"] * 4
    assert (root / "same.png").stat().st_mtime_ns == untouched


def test_each_output_once_and_never_over_a_folder(tmp_path: Path) -> None:
    writer = Writer(tmp_path)
    first = writer.write("a.png", b"x")
    for again in (writer.write, writer.write_if_changed):
        with pytest.raises(CardgenError) as twice:
            again("a.png", b"x")
        expected = f"{display_path(first)}: two outputs would be written to the same file"
        assert twice.value.format_message() == expected
    (tmp_path / "b.png").mkdir()
    with pytest.raises(CardgenError) as folder:
        Writer(tmp_path).write("b.png", b"x")
    shown = display_path(tmp_path.resolve() / "b.png")
    assert folder.value.format_message() == f"{shown}: a folder is in the way of an output file"
    assert (tmp_path / "b.png").is_dir() and sorted(os.listdir(tmp_path / "b.png")) == []


def test_a_hard_link_is_a_second_name_of_the_same_file(tmp_path: Path) -> None:
    source = tmp_path / "card.png"
    source.write_bytes(b"pixels")
    target = tmp_path / "cache" / "ab" / "entry.png"
    assert atomic_link(source, target) is True
    assert os.path.samefile(source, target) and target.read_bytes() == b"pixels"
    assert atomic_link(tmp_path / "gone.png", tmp_path / "other.png") is False
    assert not (tmp_path / "other.png").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "card.png"]
    assert sorted(p.name for p in target.parent.iterdir()) == ["entry.png"]


def test_the_folders_made_are_each_remembered_and_a_file_in_the_way_is_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(write, "_made", {})
    base = tmp_path.resolve()
    (base / "there").mkdir()
    make_folder(base / "there" / "a" / "b")
    make_folder(base / "c")
    make_folder(base / "there")  # already there: not made by this process
    assert made_folders(base) == ["c", "there/a", "there/a/b"]
    assert made_folders(base / "there") == ["a", "a/b"]
    make_folder(tmp_path / "there" / "d" / ".." / "e")  # written with `..`: told resolved
    assert made_folders(base / "there") == ["a", "a/b", "d", "e"]
    (base / "file").write_bytes(b"")
    with pytest.raises(NotADirectoryError) as info:
        make_folder(base / "file" / "d")
    assert (info.value.errno, info.value.strerror) == (errno.ENOTDIR, os.strerror(errno.ENOTDIR))
    assert info.value.filename == os.fspath(base / "file" / "d")


def test_a_path_is_told_relative_to_a_folder_only_inside_it(tmp_path: Path) -> None:
    base = tmp_path.resolve() / "out"
    (base / "cards").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (base / "link").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    sep = os.sep
    assert relative_inside(f"{base}{sep}cards{sep}a.png", base) == "cards/a.png"
    assert relative_inside(base / "link" / "x.png", base) == "link/x.png"  # as written
    assert relative_inside(f"{base}{sep}cards{sep}..{sep}..{sep}x.png", base) is None
    assert relative_inside(f"{base}{sep}cards{sep}..{sep}b.png", base) == "b.png"
    assert relative_inside(tmp_path / "elsewhere" / "x.png", base) is None
    assert relative_inside(base, base) == relative_inside(base / "cards" / "..", base) == "."
    inside_root = base.relative_to(base.anchor).as_posix() + "/cards"
    assert relative_inside(base / "cards", Path(base.anchor)) == inside_root


def mark(name: str) -> str:
    """The 8 hex digits that keep cut or letterless names apart: of the name in NFC."""
    return hashlib.sha256(unicodedata.normalize("NFC", name).encode("utf-8")).hexdigest()[:8]


def test_a_card_file_name_spells_out_letters_that_do_not_decompose() -> None:
    assert (
        slug("Œuvre Æther Straße Øre Łódź Đak Þorn") == "oeuvre-aether-strasse-ore-lodz-dak-thorn"
    )
    assert slug("œ æ ß ø ł đ þ") == "oe-ae-ss-o-l-d-th"
    assert slug("  Hello,  World!  ") == "hello-world"
    assert slug("Crème brûlée №5") == "creme-brulee-no5"


def test_a_long_card_name_is_cut_and_marked_with_its_hash() -> None:
    name = "xy" + "ab " * 40  # the cut falls on a dash, which goes
    assert slug(name) == "xy" + "ab-" * 23 + mark(name)
    assert slug("x" * 80) == "x" * 80  # at the limit: kept whole
    assert slug("x" * 81) == "x" * 71 + "-" + mark("x" * 81)
    decomposed = "e\u0301" * 90  # é as e and an accent: the mark is of the NFC form
    assert slug(decomposed) == slug("\u00e9" * 90) == "e" * 71 + "-" + mark("\u00e9" * 90)


def test_a_name_with_no_latin_letter_is_card_and_its_hash() -> None:
    assert slug("!!!") == "card-" + mark("!!!")
    assert slug("狐") == "card-" + mark("狐") != slug("狸")


def test_windows_device_names_get_a_suffix() -> None:
    for name in ("CON", "prn", "Aux", "nul", "com1", "COM9", "lpt1", "lpt9"):
        assert slug(name) == name.lower() + "-card"
    for name in ("com0", "lpt10", "con2", "console"):
        assert slug(name) == name


def test_only_the_missing_folders_are_made_and_one_made_meanwhile_is_not_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(write, "_made", {})
    base = tmp_path.resolve()
    asked: list[str] = []
    mkdir = os.mkdir

    def racing(path: str | os.PathLike[str], mode: int = 0o777) -> None:
        asked.append(os.fspath(path))
        mkdir(path, mode)
        if os.path.basename(path) == "b":  # another process made it first
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), os.fspath(path))

    monkeypatch.setattr(os, "mkdir", racing)
    make_folder(base / "a" / "b" / "c")
    assert asked == [
        os.fspath(base / "a"),
        os.fspath(base / "a" / "b"),
        os.fspath(base / "a" / "b" / "c"),
    ]
    assert (base / "a" / "b" / "c").is_dir()
    assert made_folders(base) == ["a", "a/b/c"]


CHILD = """
import signal, sys, time
if hasattr(signal, "pthread_sigmask"):  # a mask is inherited: none blocked here
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
for number in signal.valid_signals():
    try:
        signal.signal(number, signal.SIG_DFL)
    except (OSError, ValueError):
        pass
print("ready", flush=True)
time.sleep(60)
"""


def test_asking_whether_a_process_is_alive_leaves_it_running() -> None:
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        assert write._alive(child.pid) is True
        with pytest.raises(subprocess.TimeoutExpired):
            child.wait(timeout=1)  # any signal but 0 would end it at once
    finally:
        child.kill()
        child.wait()
    assert write._alive(child.pid) is False  # gone, and its number not yet reused
