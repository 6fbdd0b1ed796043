"""Files as they were at a git revision (`git show REV:path`), for `cardgen diff --since`
and `pnp --changed-since`: git run with a timeout, and its failures as one-line errors
(not a repository, an unknown revision, no git at all)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from cardgen.errors import CardgenError, Location, display_path

GIT_TIMEOUT = 30
"""Seconds one git command may take."""


def _git(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            ["git", "-C", str(folder), *args],
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=GIT_TIMEOUT,
            check=False,
        )
    except FileNotFoundError:
        raise CardgenError("git is not installed (needed for --since)") from None
    except subprocess.TimeoutExpired:
        raise CardgenError(f"git took longer than {GIT_TIMEOUT} s") from None


def git_file(folder: Path, rev: str, name: str, limit: int) -> str | None:
    """The text of `folder/name` at revision `rev`, or None when it did not exist then.

    Outside a git repository, or for a revision git does not know, a clear error (exit 2);
    the file's size then is asked of git first (`git cat-file -s`), and a file of more
    than `limit` bytes is refused as it would be on disk, never read.
    """
    shown = display_path(folder)
    if rev.startswith("-"):
        raise CardgenError(f'"{rev}" is not a revision', Location(shown))
    inside = _git(folder, "rev-parse", "--is-inside-work-tree")
    if inside.returncode != 0 or inside.stdout.strip() != "true":
        raise CardgenError("not inside a git repository: --since needs one", Location(shown))
    known = _git(
        folder, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}"
    )
    if known.returncode != 0:
        raise CardgenError(f'unknown git revision "{rev}"', Location(shown))
    commit = known.stdout.strip()
    size = _git(folder, "cat-file", "-s", f"{commit}:./{name}")
    if size.returncode != 0:
        return None
    told = size.stdout.strip()
    if not (told.isascii() and told.isdigit()) or int(told) > limit:
        written = f"{int(told):,} bytes" if told.isascii() and told.isdigit() else "size unknown"
        raise CardgenError(
            f"file is too large at {rev} ({written}; the limit is {limit:,}): cardgen does"
            " not read it",
            Location(f"{rev}:{display_path(folder / name)}"),
        )
    shown_file = _git(folder, "show", f"{commit}:./{name}")
    if shown_file.returncode != 0:
        return None
    return shown_file.stdout
