"""cardgen deletes only what it wrote (issue 17 item 7): the stale-temporary sweep takes only
files named by cardgen's own temporary scheme (`.NAME.cardgen-PID-RANDOM.tmp`), `clean`
removes only folders cardgen made or wrote its files into, and a damaged list of written
files (`.cardgen-files.json`: a list, `{"files": 5}`, a NUL in a path; the corpus in
tests/data/bad/manifest/) is not believed: what is removed then is what cardgen's own
records prove it wrote, and nothing crashes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.manifest import MANIFEST
from tests.fsgame import temporaries, write_game

Run = Callable[..., Result]
CORPUS = Path(__file__).parent / "data" / "bad" / "manifest"
USER = {
    "notes.txt": "my notes",
    "cards/my-sketch.png": "a sketch",
    ".cache/notes.txt": "notes in the cache folder",
    "tts/.draft.tmp": "an editor's backup",
}
"""A designer's own files in the game's output folder."""
USER_FOLDERS = ("empty-folder-of-mine", "cards/empty-sub", "tts/mine")


def dead_pid() -> int:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    return gone.pid


_BUILT: list[Path] = []


@pytest.fixture(scope="module", autouse=True)
def _template(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Where the module's one build of the tiny game goes (made by the first `built`)."""
    _BUILT[:] = [tmp_path_factory.mktemp("own-files-build")]


def built(root: Path, run: Run) -> Path:
    """The tiny game built under `root`, with a designer's own files in its output folder.
    Built once for the module and copied for each test (modification times kept: cardgen's
    records of what it wrote hold each file's size and time, never its folder)."""
    template = _BUILT[0]
    if not (template / "output").is_dir():
        write_game(template)
        result = run("build", "tiny", "--jobs", "1", "--project", template)
        assert result.exit_code == 0, result.output
    shutil.copytree(template, root, symlinks=True, dirs_exist_ok=True)
    out = root / "output" / "tiny"
    for name, text in USER.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(text)
    for folder in USER_FOLDERS:
        (out / folder).mkdir()
    return out


def files_under(out: Path) -> dict[str, str]:
    return {
        p.relative_to(out).as_posix(): p.read_text(errors="replace")
        for p in out.rglob("*")
        if p.is_file()
    }


def assert_only_theirs_left(out: Path) -> None:
    assert files_under(out) == USER
    for folder in USER_FOLDERS:
        assert (out / folder).is_dir(), folder


def test_the_sweep_takes_only_cardgens_temporary_files(tmp_path: Path, run: Run) -> None:
    out = built(tmp_path, run)
    gone = dead_pid()
    theirs = {
        ".notes.tmp": "mine",
        "mydir/.draft.tmp": "mine",
        f".aria.png.{gone}.abc123.tmp": "looks like an old cardgen's, is not",
        f".aria.png.cardgen-{gone}-xyz.tmp": "not cardgen's form",
        f"cards/.borin.png.cardgen-{os.getpid()}-0123abcd.tmp": "a live cardgen's",
    }
    for name, text in theirs.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(text)
    stale = out / "cards" / f".aria.png.cardgen-{gone}-89abcdef.tmp"
    stale.write_bytes(b"half a PNG")  # what a killed cardgen leaves
    pool = tmp_path / "decks" / "tiny" / "cards.csv"
    pool.write_text(pool.read_text().replace("Leads the party.", "Leads."))
    assert run("build", "tiny", "--jobs", "1", "--project", tmp_path).exit_code == 0
    assert not stale.exists()
    for name, text in theirs.items():
        assert (out / name).read_text() == text, name


def test_clean_removes_only_the_folders_cardgen_made(tmp_path: Path, run: Run) -> None:
    out = built(tmp_path, run)
    result = run("clean", "tiny", "--project", tmp_path)
    assert (result.exit_code, result.stderr) == (0, "")
    assert_only_theirs_left(out)
    assert sorted(p.name for p in out.iterdir()) == [
        ".cache",
        "cards",
        "empty-folder-of-mine",
        "notes.txt",
        "tts",
    ]
    assert [p.name for p in (out / ".cache").iterdir()] == ["notes.txt"]


def damaged(name: str) -> bytes:
    if name == "deep.json":  # nested past any parser's recursion
        return b"[" * 100_000 + b"]" * 100_000
    if name == "long-name.json":  # a name no file system has
        return json.dumps({"files": ["cards/" + "a" * 300 + ".png", "notes.txt"]}).encode()
    if name == "huge.json":
        return b'{"files": [' + b'"notes.txt", ' * 5_000_000 + b'"notes.txt"]}'
    return (CORPUS / name).read_bytes()


CASES = [*sorted(p.name for p in CORPUS.glob("*.json")), "deep.json", "long-name.json", "huge.json"]


@pytest.mark.parametrize("case", CASES)
def test_a_damaged_list_is_not_believed(tmp_path: Path, run: Run, case: str) -> None:
    out = built(tmp_path, run)
    (out / MANIFEST).write_bytes(damaged(case))
    result = run("clean", "tiny", "--project", tmp_path)
    assert (result.exit_code, result.stderr) == (0, ""), result.output
    assert_only_theirs_left(out)  # every card, PDF and sheet is proven cardgen's
    assert not (out / MANIFEST).exists()


@pytest.mark.parametrize("case", ["list.json", "nul.json", "deep.json"])
def test_a_build_writes_a_whole_list_over_a_damaged_one(
    tmp_path: Path, run: Run, case: str
) -> None:
    out = built(tmp_path, run)
    (out / MANIFEST).write_bytes(damaged(case))
    (tmp_path / "decks" / "tiny" / "cards.csv").touch()  # not replayed unchanged
    result = run("build", "tiny", "--jobs", "1", "--project", tmp_path)
    assert result.exit_code == 0, result.output
    from cardgen.manifest import read

    listing = read(out)
    assert listing.whole and "cards/aria.png" in listing.files and "notes.txt" not in listing.files
    assert run("clean", "tiny", "--project", tmp_path).exit_code == 0
    assert_only_theirs_left(out)
    assert temporaries(tmp_path) == [out / "tts" / ".draft.tmp"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: (
        st.lists(inner)
        | st.dictionaries(st.sampled_from(["files", "build", "folders", "x"]) | st.text(), inner)
    ),
    max_leaves=30,
)
PARTS = ["a", "b.png", "..", ".", "", "\\", "\0", "C:", "é", "\ud800", "~", "a" * 300]
paths = st.lists(st.lists(st.sampled_from(PARTS), max_size=5).map("/".join), max_size=6)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    data=json_values
    | st.fixed_dictionaries({"files": paths}, optional={"build": paths, "folders": paths})
)
def test_any_list_is_read_safely_and_never_leads_out(tmp_path: Path, data: object) -> None:
    """Whatever the list holds: reading it never fails, and what it names for removal lies
    inside the folder (outside files stay)."""
    from cardgen.manifest import read, remove_listed

    base = tmp_path / "case"
    out = base / "output" / "tiny"
    out.mkdir(parents=True, exist_ok=True)
    outside = base / "precious.txt"
    outside.write_text("keep me")
    (out / MANIFEST).write_text(json.dumps(data), encoding="utf-8")
    listing = read(out)
    for relative in [*listing.files, *(listing.built or []), *listing.folders]:
        assert isinstance(relative, str)
        assert relative == "." or (out / relative).resolve().is_relative_to(out.resolve())
    remove_listed(out, [*listing.files, "../precious.txt"], listing.folders)
    assert outside.read_text() == "keep me"


def test_an_unchanged_build_sweeps_too(tmp_path: Path, run: Run) -> None:
    """A killed `render` or `pnp` changes no output (each is renamed into place whole), so
    the next build is replayed unchanged: it still removes what the killed one left."""
    out = built(tmp_path, run)
    stale = out / "cards" / f".aria.png.cardgen-{dead_pid()}-0123abcd.tmp"
    stale.write_bytes(b"half a PNG")
    result = run("build", "tiny", "--jobs", "1", "--project", tmp_path, "--format", "json")
    assert result.exit_code == 0 and json.loads(result.stdout)["games"][0]["unchanged"]
    assert not stale.exists()


def test_the_docs_name_the_temporary_scheme_as_written(tmp_path: Path) -> None:
    from cardgen.write import is_temporary, temporary_name

    limits = (Path(__file__).parent.parent / "docs" / "limits.md").read_text(encoding="utf-8")
    assert "`.NAME.cardgen-PID-RANDOM.tmp`" in limits
    made = temporary_name(tmp_path / ("a" * 100 + ".png")).name
    assert made.startswith("." + "a" * 60 + f".cardgen-{os.getpid()}-") and is_temporary(made)
    assert not is_temporary(".notes.tmp") and not is_temporary(f".a.png.{os.getpid()}.abc.tmp")
