"""A build killed at any moment loses nothing: every output left is whole (the old file or
the new one, never half of one), and the next build cleans up and writes the same bytes as
a build that was never interrupted.

The moments are not drawn from a clock: `tests/kill_points.py` numbers every open, first
write and rename under output/, and the build is checked at each of them (what a kill
there would leave), then killed for real in each part of the output, at moments of each
kind in turn (see its docstring)."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from tests import forked
from tests.conftest import ROOT, TINY_GAME
from tests.kill_points import broken, part

LAYOUT = "extends: builtin:card\ndpi: 50\n"
HEADER = "name,type,copies,power,school,level,text\n"


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


def _build(
    root: Path, *more: str, **points: str
) -> tuple[subprocess.CompletedProcess[str], list[list[str]]]:
    """`cardgen build` as installed runs it, its writes watched (`tests/kill_points.py`,
    its variables given as `log`, `check`, `kill`); the run and the points it logged."""
    log = root / "points.log"
    log.unlink(missing_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("KILL_POINTS_")}
    env.update({f"KILL_POINTS_{k.upper()}": v for k, v in points.items()})
    env.update(KILL_POINTS_LOG=str(log), PYTHONPATH=str(ROOT))
    code = "from tests.kill_points import main; main()"
    command = ["build", "tiny", "--jobs", "1", "--project", str(root), *more]
    done = forked.run(code, command, timeout=120, env=env).completed()
    lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    return done, [line.split("\t") for line in lines]


def _outputs(root: Path) -> list[Path]:
    return sorted(p for p in (root / "output").rglob("*") if p.is_file())


def _assert_whole(root: Path, note: str) -> None:
    """Every PNG, JPEG, PDF, JSON and HTML file under output/ is complete; temporaries are
    hidden (`.name.pid.random.tmp`)."""
    for path in _outputs(root):
        assert not path.name.endswith(".tmp") or path.name.startswith("."), (note, path)
        reason = broken(path)
        assert reason is None, f"{note}: {path.relative_to(root)}: {reason}"


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


def test_at_every_write_a_kill_would_leave_every_output_whole(tmp_path: Path) -> None:
    """A cold build, then one that replaces every output (the cards' text changed): at each
    open, first write and rename under output/, every output as a kill then would leave it
    is whole, and no output is written in place."""
    root = _project(tmp_path / "p")
    cold, points = _build(root, check="1")
    assert cold.returncode == 0, cold.stderr
    (root / "decks" / "tiny" / "cards.csv").write_text(_pool("harm"), encoding="utf-8")
    again, more = _build(root, check="1")
    assert again.returncode == 0, again.stderr
    found = [p for p in points + more if p[0] == "broken"]
    assert found == [], found[:5]
    # Every output was written under watch: each was renamed into place, at its own points.
    renamed = {p[3] for p in points + more if p[0] == "point" and p[2] == "renamed"}
    written = {p.relative_to(root / "output").as_posix() for p in _outputs(root)}
    written.discard("tiny/.cache/cardgen.lock")  # the build's lock, opened in place: no output
    assert written <= renamed, sorted(written - renamed)[:5]
    assert len([p for p in points if p[0] == "point"]) >= 4 * 90  # 96 files, 4 points each


def test_builds_killed_at_each_kind_of_moment_lose_nothing(tmp_path: Path) -> None:
    """Killed for real (SIGKILL) in each part of the output a cold build writes (the cards'
    PNGs, the cache's, the sheets, the PDFs, the save...), at a moment of each kind in turn
    (a file opened, torn in half, about to be renamed, renamed), one kill after another on
    the same project, the cards' text changing each time; then a build that is let finish."""
    reference = _project(tmp_path / "reference")
    done, points = _build(reference)
    assert done.returncode == 0, done.stderr
    expected = _digests(reference)
    assert any(name.endswith(".pdf") for name in expected)
    parts = list(dict.fromkeys(part(p[3]) for p in points if p[0] == "point"))
    assert len(parts) >= 10, parts
    kinds = ("open", "write", "rename", "renamed")  # each part at one kind, in turn
    chosen = [f"{kinds[n % 4]} {name}" for n, name in enumerate(parts)]

    root = _project(tmp_path / "killed")
    pool = root / "decks" / "tiny" / "cards.csv"
    killed = []
    for attempt, moment in enumerate(chosen):
        # Alternate the card text: each build then replaces outputs, not only adds them.
        pool.write_text(_pool("damage" if attempt % 2 else "harm"), encoding="utf-8")
        more = ("--no-cache",) if attempt % 3 == 0 else ()
        run, _ = _build(root, *more, kill=moment)
        if run.returncode == -signal.SIGKILL:
            killed.append(moment)
        else:  # this build had nothing to write there (the cache had it): it finished
            assert run.returncode == 0, (moment, run.stderr)
        _assert_whole(root, f"after a kill at {moment}")
    assert len(killed) >= len(chosen) // 2, killed

    pool.write_text(_pool("damage"), encoding="utf-8")
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    stale = root / "output" / "tiny" / "cards" / f".hero-0.png.cardgen-{gone.pid}-a1b2c3d4.tmp"
    stale.parent.mkdir(parents=True, exist_ok=True)
    stale.write_bytes(b"half a PNG")  # as a build killed inside a write leaves it
    done, _ = _build(root)
    assert done.returncode == 0, done.stderr
    _assert_whole(root, "after the final build")
    left = [p for p in _outputs(root) if p.name.endswith(".tmp")]
    assert not left, f"stale temporary files were not removed: {left}"
    assert _digests(root) == expected


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
