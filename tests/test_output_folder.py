"""A symlinked `output/` (or `output/<game>/`, or a cache folder in it) is followed only where
`--out` could point (issue 17 item 1): a cloned project can carry `output -> decks`, and
`cardgen build` then wrote cards, PDFs and caches among the game's data, and `clean` took
what a list planted there named. Every command that writes the default place refuses it in
one line (exit 2), and nothing in `decks/` or `layouts/` is written or deleted."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from cardgen.errors import display_path
from tests.fsgame import cardgen, temporaries, tree, write_game

Run = Callable[..., Result]
HINT = "outputs must not go there; remove the link or point it elsewhere"
DECKS = "inside the project's decks/ (its game data)"
WRITERS = [
    ("build", "tiny", "--jobs", "1"),
    ("render", "tiny", "--jobs", "1"),
    ("pnp", "tiny", "--jobs", "1"),
    ("tts", "tiny", "--jobs", "1"),
    ("report", "tiny", "--format", "pdf"),
    ("clean",),
    ("clean", "tiny"),
]


def dead_pid() -> int:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    return gone.pid


def plant(root: Path) -> None:
    """What a build or clean let loose in decks/tiny would take: hidden temporary files (one
    named as cardgen names its own, of a process that is gone), an empty folder, a cache
    entry, and a list of written files naming the game's pool."""
    game = root / "decks" / "tiny"
    (game / ".notes.tmp").write_text("the designer's notes")
    (game / f".cards.csv.cardgen-{dead_pid()}-0123abcd.tmp").write_text("not cardgen's here")
    (game / "empty").mkdir()
    (game / ".cache").mkdir()
    (game / ".cache" / ("ab" * 16 + ".png")).write_bytes(b"an entry-like file")
    (game / ".cardgen-files.json").write_text(json.dumps({"files": ["cards.csv", "game.yaml"]}))


@pytest.mark.parametrize(
    ("link", "target", "message"),
    [
        ("output", "decks", f"output: leads to decks (a symlink), {DECKS}: {HINT}"),
        (
            "output/tiny",
            "../decks/tiny",
            f"output/tiny: leads to decks/tiny (a symlink), {DECKS}: {HINT}",
        ),
        (
            "output/tiny",
            "../layouts",
            f"output/tiny: leads to layouts (a symlink), inside the project's layouts/: {HINT}",
        ),
        (
            "output",
            ".",
            "output: leads to . (a symlink), the project folder, or a folder that holds it:"
            f" {HINT}",
        ),
    ],
)
def test_a_symlinked_output_folder_into_the_project_is_refused(
    tmp_path: Path, link: str, target: str, message: str
) -> None:
    root = write_game(tmp_path / "p")
    plant(root)
    (root / link).parent.mkdir(parents=True, exist_ok=True)
    (root / link).symlink_to(target)
    sources = {name: tree(root / name) for name in ("decks", "layouts")}
    done = cardgen(root, "build", "tiny", "--jobs", "1")
    assert (done.returncode, done.stderr, done.stdout) == (2, f"error: {message}\n", "")
    assert {name: tree(root / name) for name in ("decks", "layouts")} == sources


@pytest.mark.parametrize("args", WRITERS, ids=" ".join)
def test_no_command_writes_or_deletes_through_output_into_decks(
    tmp_path: Path, run: Run, args: tuple[str, ...]
) -> None:
    root = write_game(tmp_path / "p")
    plant(root)
    (root / "output").symlink_to("decks")
    sources = {name: tree(root / name) for name in ("decks", "layouts")}
    result = run(*args, "--project", root)
    assert {name: tree(root / name) for name in ("decks", "layouts")} == sources
    assert result.exit_code == 2
    output, decks = root / "output", display_path(root / "decks")
    assert result.stderr == f"error: {output}: leads to {decks} (a symlink), {DECKS}: {HINT}\n"


@pytest.mark.parametrize(
    ("link", "target", "shown"),
    [
        ("output/tiny/.cache", "../../layouts/tiny", "layouts/tiny"),
        ("output/.cache", "../decks", "decks"),
    ],
)
def test_a_cache_folder_leading_out_of_the_output_folder_is_refused(
    tmp_path: Path, link: str, target: str, shown: str
) -> None:
    """The caches are written without a `Writer`: their folders are held inside too."""
    root = write_game(tmp_path / "p")
    (root / link).parent.mkdir(parents=True)
    (root / link).symlink_to(target)
    sources = {name: tree(root / name) for name in ("decks", "layouts")}
    done = cardgen(root, "build", "tiny", "--jobs", "1")
    assert done.returncode == 2
    assert done.stderr == (
        f"error: {link}: leads outside the output folder (to {shown}, a symlink);"
        " cardgen keeps it inside: remove the link\n"
    )
    assert {name: tree(root / name) for name in ("decks", "layouts")} == sources


def test_an_output_folder_linked_elsewhere_is_used_and_only_cardgens_files_go(
    tmp_path: Path, run: Run
) -> None:
    """Where `--out` may point (another disk, outside the project), a symlinked `output/`
    is followed: the build writes there, and the designer's hidden files there stay."""
    root = write_game(tmp_path / "p")
    elsewhere = tmp_path / "big-disk" / "cardgen-output"
    (elsewhere / "tiny" / "drafts").mkdir(parents=True)
    theirs = {
        "tiny/.draft.tmp": "mine",
        f"tiny/.aria.png.{dead_pid()}.abc123.tmp": "an old editor's backup",
        "tiny/drafts/.sketch.tmp": "mine too",
    }
    for name, text in theirs.items():
        (elsewhere / name).write_text(text)
    (root / "output").symlink_to(elsewhere)
    built = run("build", "tiny", "--jobs", "1", "--project", root)
    assert built.exit_code == 0, built.output
    assert (elsewhere / "tiny" / "cards" / "aria.png").is_file()
    touched = root / "decks" / "tiny" / "cards.csv"
    touched.write_text(touched.read_text() + "Zed,hero,1,3,,,\n")
    assert run("build", "tiny", "--jobs", "1", "--project", root).exit_code == 0
    assert run("clean", "--project", root).exit_code == 0
    left = {p.relative_to(elsewhere).as_posix(): p.read_text() for p in elsewhere.rglob("*.tmp")}
    assert left == theirs
    assert not (elsewhere / "tiny" / "cards").exists()
    assert temporaries(root) == []
