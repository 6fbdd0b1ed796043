"""What the operating system refuses is one line naming the path and its reason, exit 2
(issue 17 item 5): `--out` naming a file, a file where the game's folder goes, a full disk,
a read-only output, a file size limit; through the real `cardgen` command. The outputs of
the build before stay whole, and no temporary file is left."""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import sys
from pathlib import Path

import pypdf
import pytest
from PIL import Image

from tests.fsgame import cardgen, temporaries, tree, write_game

FULL = """
import os, re
_open = os.open
def _full_for(path, flags, mode=0o777, *, dir_fd=None):
    fd = _open(path, flags, mode, dir_fd=dir_fd)
    if re.fullmatch(r"\\.{name}\\..+\\.tmp", os.path.basename(path)):  # its temporary file
        full = _open("/dev/full", os.O_WRONLY)  # the kernel's own "No space left on device"
        os.dup2(full, fd)
        os.close(full)
    return fd
os.open = _full_for
"""
"""A disk that fills up while the temporary file of `name` is written: the file is made on
disk for real, and every write to it fails as a full disk fails."""
READ_ONLY = """
import errno, os
_open, _mkdir = os.open, os.mkdir
def _refuse(path, *rest, **kw):
    raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fspath(path))
def _open_ro(path, flags, *rest, **kw):
    if "{folder}" in os.fspath(path) and flags & os.O_CREAT:
        _refuse(path)
    return _open(path, flags, *rest, **kw)
def _mkdir_ro(path, *rest, **kw):
    if "{folder}" in os.fspath(path):
        _refuse(path)
    return _mkdir(path, *rest, **kw)
os.open, os.mkdir = _open_ro, _mkdir_ro
"""
"""`folder` on a read-only mount (as root, where chmod does not stop writes)."""
FILE_SIZE = """
import resource, signal
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
resource.setrlimit(resource.RLIMIT_FSIZE, (30_000, 30_000))
"""
"""No file may grow past 30 KB: the kernel refuses the write (cards fit, PDFs do not)."""

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/full, /proc")


_BUILT: list[Path] = []


@pytest.fixture(scope="module", autouse=True)
def _template(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Where the module's one build of the tiny game goes (made by the first `built_game`)."""
    _BUILT[:] = [tmp_path_factory.mktemp("os-errors-build")]


def built_game(root: Path) -> dict[str, str]:
    """The tiny game built once (its outputs as they are then), then its card text changed,
    so that the next build rewrites every card and PDF. Built once for the module, copied
    for each test with its modification times (cardgen's records hold sizes and times)."""
    template = _BUILT[0]
    if not (template / "output").is_dir():
        write_game(template)
        done = cardgen(template, "build", "tiny", "--jobs", "1")
        assert done.returncode == 0, done.stderr
    shutil.copytree(template, root, symlinks=True, dirs_exist_ok=True)
    pool = root / "decks" / "tiny" / "cards.csv"
    pool.write_text(pool.read_text().replace("Leads the party.", "Leads the band."))
    return tree(root / "output")


def assert_whole(root: Path) -> None:
    """Every output is a whole file, and no temporary file is left."""
    assert temporaries(root) == []
    for path in (root / "output").rglob("*"):
        if path.suffix == ".png":
            with Image.open(path) as image:
                image.load()
        elif path.suffix == ".pdf":
            assert len(pypdf.PdfReader(path).pages) >= 1
        elif path.suffix == ".json":
            json.loads(path.read_text(encoding="utf-8"))


def test_out_naming_a_file_is_one_line(tmp_path: Path) -> None:
    root = write_game(tmp_path)
    (root / "notes.txt").write_text("mine")
    done = cardgen(root, "render", "tiny", "--out", "notes.txt")
    assert (done.returncode, done.stdout) == (2, "")
    assert (
        done.stderr == 'error: notes.txt/cards: Not a directory (while running "cardgen render")\n'
    )
    printed = cardgen(root, "pnp", "tiny", "--out", "notes.txt/box.pdf", "--jobs", "1")
    assert printed.returncode == 2
    assert printed.stderr == 'error: notes.txt: Not a directory (while running "cardgen pnp")\n'
    assert (root / "notes.txt").read_text() == "mine"
    assert temporaries(root) == []


@pytest.mark.parametrize("where", ["output", "output/tiny"])
def test_a_file_where_the_output_folder_goes_is_one_line(tmp_path: Path, where: str) -> None:
    root = write_game(tmp_path)
    (root / where).parent.mkdir(parents=True, exist_ok=True)
    (root / where).write_text("a file where cardgen puts a folder")
    for args in (("build", "tiny", "--jobs", "1"), ("render", "tiny", "--jobs", "1")):
        done = cardgen(root, *args)
        assert done.returncode == 2, args
        reason = os.strerror(errno.ENOTDIR)
        assert done.stderr == f"error: {where}: {reason} (a file is where cardgen puts a folder)\n"
    assert (root / where).read_text() == "a file where cardgen puts a folder"


@linux
@pytest.mark.parametrize(
    ("args", "name", "shown", "doing"),
    [
        (
            ("build",),
            "tiny-a4-duplex-long.pdf",
            "tiny-a4-duplex-long.pdf",
            "writing the A4 PDF of tiny",
        ),
        (("build",), "aria.png", "cards/aria.png", "drawing the cards of tiny"),
        (("render", "tiny"), "aria.png", "cards/aria.png", 'running "cardgen render"'),
    ],
)
def test_a_full_disk_is_one_line_and_the_last_outputs_stay(
    tmp_path: Path, args: tuple[str, ...], name: str, shown: str, doing: str
) -> None:
    before = built_game(tmp_path)
    done = cardgen(tmp_path, *args, "--jobs", "1", shim=FULL.format(name=re.escape(name)))
    assert (done.returncode, done.stdout) == (2, "")
    reason = os.strerror(errno.ENOSPC)
    assert done.stderr == f"error: output/tiny/{shown}: {reason} (while {doing})\n"
    after = tree(tmp_path / "output")
    assert after[f"tiny/{shown}"] == before[f"tiny/{shown}"]  # the old file, whole
    assert_whole(tmp_path)
    again = cardgen(tmp_path, "build", "--jobs", "1")  # room again: the build completes
    assert again.returncode == 0, again.stderr
    assert_whole(tmp_path)


def test_a_read_only_output_is_one_line_and_the_last_outputs_stay(tmp_path: Path) -> None:
    before = built_game(tmp_path)
    cards = tmp_path / "output" / "tiny" / "cards"
    if os.geteuid() == 0:  # chmod does not stop root: the folder is a read-only mount
        shim, reason = READ_ONLY.format(folder=cards), os.strerror(errno.EROFS)
    else:
        shim, reason = "", os.strerror(errno.EACCES)
        cards.chmod(0o500)
    try:
        done = cardgen(tmp_path, "build", "--jobs", "1", shim=shim)
    finally:
        cards.chmod(0o755)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"error: output/tiny/cards/aria.png: {reason} (while drawing the cards of tiny)\n"
    )
    assert tree(tmp_path / "output")["tiny/cards/aria.png"] == before["tiny/cards/aria.png"]
    assert_whole(tmp_path)


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE")
def test_a_file_size_limit_is_one_line(tmp_path: Path) -> None:
    """The kernel itself refuses the write (EFBIG): no simulation at all."""
    built_game(tmp_path)
    done = cardgen(tmp_path, "build", "--jobs", "2", shim=FILE_SIZE)
    assert (done.returncode, done.stdout) == (2, "")
    reason = re.escape(os.strerror(errno.EFBIG))
    assert re.fullmatch(rf"error: output/tiny/\S+\.pdf: {reason} \(while [^)]+\)\n", done.stderr)
    assert_whole(tmp_path)
