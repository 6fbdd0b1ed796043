"""A build killed at any moment loses nothing: every output left is whole (the old file or
the new one, never half of one), and the next build cleans up and writes the same bytes as
a build that was never interrupted."""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pypdf
from PIL import Image

from tests.conftest import TINY_GAME

LAYOUT = "extends: builtin:card\ndpi: 50\n"
HEADER = "name,type,copies,power,school,level,text\n"
KILLS = 15
TEMP = re.compile(r"^\..+\.cardgen-\d+-[0-9a-f]{8}\.tmp$")
"""How cardgen names its temporary files: hidden, `.name.cardgen-pid-random.tmp`."""


def _pool(variant: str) -> str:
    """Two dozen cards; `variant` changes their text, so that a build rewrites everything."""
    rows = [f"Hero {i},hero,1,{i % 10},,,Leads {variant}.\n" for i in range(4)]
    rows += [
        f"Spell {i},spell,2,,{('fire', 'ice')[i % 2]},{i % 3 + 1},Deal {i % 5 + 1} {variant}.\n"
        for i in range(20)
    ]
    return HEADER + "".join(rows)


def _project(root: Path) -> Path:
    folder = root / "decks" / "tiny"
    (folder / "decks").mkdir(parents=True)
    (folder / "game.yaml").write_text(TINY_GAME, encoding="utf-8")
    (folder / "cards.csv").write_text(_pool("damage"), encoding="utf-8")
    (root / "layouts" / "tiny").mkdir(parents=True)
    for name in ("hero.yaml", "spell.yaml", "back.yaml"):
        (root / "layouts" / "tiny" / name).write_text(
            LAYOUT if name != "back.yaml" else "extends: builtin:back\ndpi: 50\n",
            encoding="utf-8",
        )
    return root


def _command(root: Path) -> list[str]:
    code = "import sys; from cardgen.cli import run; run(sys.argv[1:])"  # as `cardgen` runs
    return [sys.executable, "-c", code, "build", "tiny", "--jobs", "1", "--project", str(root)]


def _build(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_command(root), capture_output=True, text=True, timeout=120)


def _outputs(root: Path) -> list[Path]:
    return sorted(p for p in (root / "output").rglob("*") if p.is_file())


def _assert_whole(root: Path, note: str) -> None:
    """Every PNG, JPEG, PDF and JSON under output/ is complete; temporaries are hidden."""
    for path in _outputs(root):
        name = path.name
        if name.endswith(".tmp"):
            assert TEMP.match(name), f"{note}: a temporary file looks like an output: {path}"
            continue
        suffix = path.suffix.lower()
        if suffix in (".png", ".jpg"):
            with Image.open(path) as image:
                image.verify()
            with Image.open(path) as image:
                image.load()
        elif suffix == ".pdf":
            data = path.read_bytes()
            assert data.startswith(b"%PDF"), f"{note}: {path}"
            assert data.rstrip().endswith(b"%%EOF"), f"{note}: truncated {path}"
            reader = pypdf.PdfReader(path)
            assert len(reader.pages) >= 1
        elif suffix == ".json":
            json.loads(path.read_text(encoding="utf-8"))


def _digests(root: Path) -> dict[str, str]:
    """sha256 of every output but the cache, the TTS JSON with its file:/// root taken out."""
    found: dict[str, str] = {}
    out = root / "output"
    for path in _outputs(root):
        relative = path.relative_to(out).as_posix()
        if relative.startswith("tiny/.cache/"):
            continue
        data = path.read_bytes()
        if path.suffix == ".json":
            data = data.replace(root.resolve().as_uri().encode(), b"file:///PROJECT")
            data = data.replace(str(root.resolve()).encode(), b"/PROJECT")
        found[relative] = hashlib.sha256(data).hexdigest()
    return found


def test_builds_killed_at_random_moments_lose_nothing(tmp_path: Path) -> None:
    seed = int(os.environ.get("CARDGEN_KILL_SEED", str(time.time_ns() % 1_000_000)))
    chance = random.Random(seed)
    note = f"(seed {seed}; rerun with CARDGEN_KILL_SEED={seed})"

    reference = _project(tmp_path / "reference")
    started = time.perf_counter()
    done = _build(reference)
    normal = time.perf_counter() - started
    assert done.returncode == 0, done.stderr
    expected = _digests(reference)
    assert any(name.endswith(".pdf") for name in expected)

    root = _project(tmp_path / "killed")
    pool = root / "decks" / "tiny" / "cards.csv"
    killed = 0
    for attempt in range(KILLS):
        # Alternate the card text: each build then replaces outputs, not only adds them.
        pool.write_text(_pool("damage" if attempt % 2 else "harm"), encoding="utf-8")
        # Half the kills anywhere, half late, where the writing happens (start-up is long).
        low = 0.05 if attempt % 2 else normal * 0.4
        delay = chance.uniform(low, normal)
        command = _command(root) + (["--no-cache"] if attempt % 3 == 0 else [])
        process = subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        time.sleep(delay)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            killed += 1
        process.wait(timeout=60)
        _assert_whole(root, f"after a kill at {delay:.2f} s {note}")
    assert killed >= KILLS // 2, f"most builds should have been killed {note}"

    pool.write_text(_pool("damage"), encoding="utf-8")
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    stale = root / "output" / "tiny" / "cards" / f".hero-0.png.cardgen-{gone.pid}-a1b2c3d4.tmp"
    stale.parent.mkdir(parents=True, exist_ok=True)
    stale.write_bytes(b"half a PNG")  # as a build killed inside a write leaves it
    done = _build(root)
    assert done.returncode == 0, done.stderr
    _assert_whole(root, f"after the final build {note}")
    left = [p for p in _outputs(root) if p.name.endswith(".tmp")]
    assert not left, f"stale temporary files were not removed: {left} {note}"
    assert _digests(root) == expected, note


def test_stale_temporary_files_are_removed_but_live_ones_kept(tmp_path: Path) -> None:
    from cardgen.write import remove_stale_temps

    folder = tmp_path / "out" / "cards"
    folder.mkdir(parents=True)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    dead = folder / f".aria.png.cardgen-{gone.pid}-abc12345.tmp"
    live = folder / f".borin.png.cardgen-{os.getpid()}-def45678.tmp"
    output = folder / "aria.png"
    # not cardgen's names (issue 17): a designer's hidden .tmp files, whatever they look like
    theirs = [folder / ".aria.png.xyz789.tmp", folder / f".aria.png.{gone.pid}.abc123.tmp"]
    for path in (dead, live, output, *theirs):
        path.write_bytes(b"x")
    removed = remove_stale_temps(tmp_path / "out")
    assert removed == [dead]
    assert live.exists() and output.exists() and all(p.exists() for p in theirs)
    shutil.rmtree(tmp_path / "out")
    assert remove_stale_temps(tmp_path / "out") == []
