"""cardgen as it was at a git revision: its package extracted to a scratch folder, so a tool
can run the old code (the icon sketches, the old renderer) beside today's.

`SKETCHES` is the last revision whose built-in icons were Python sketches; the icon tools
take it as their default `--before`.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository (the working tree these tools sit in)."""

SKETCHES = "5568152"
"""The last commit whose built-in icons were Python sketches (cardgen/render/icons/*.py)."""


def arguments(
    doc: str, hidden: str, what: str = "the revision to compare with"
) -> argparse.ArgumentParser:
    """A tool's command line: `--before REV` (default `SKETCHES`) and the hidden option
    `hidden` (a path or a name) with which it runs itself at the old revision."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--before", default=SKETCHES, help=what)
    parser.add_argument(hidden, help=argparse.SUPPRESS)
    return parser


@contextmanager
def extracted(revision: str) -> Iterator[Path]:
    """A scratch folder holding the `cardgen` package as it was at `revision`, removed after."""
    with tempfile.TemporaryDirectory(prefix="cardgen-at-") as scratch:
        archive = Path(scratch) / "cardgen.tar"
        command = ["git", "-C", str(ROOT), "archive", "-o", str(archive), revision, "cardgen"]
        subprocess.run(command, check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(scratch, filter="data")
        archive.unlink()
        yield Path(scratch)


def run_old(tree: Path, script: Path, args: Sequence[str]) -> bytes:
    """Run `script` with `args` in a fresh Python that imports cardgen from `tree`; its stdout."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, str(script), *args], env=env, capture_output=True, check=False
    )
    if done.returncode != 0:
        sys.stderr.buffer.write(done.stderr)
        raise SystemExit(f"{script.name} {' '.join(args)} failed at the old revision")
    return done.stdout


def imports_from(tree: Path) -> None:
    """Stop unless `cardgen` is imported from `tree` (PYTHONPATH ahead of the editable install)."""
    import cardgen

    if not Path(cardgen.__file__).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"cardgen came from {cardgen.__file__}, not from {tree}")
