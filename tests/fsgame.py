"""The tiny game of the file-system and process tests (issue 17 items 1, 5, 6, 7), the real
`cardgen` command in a process of its own, and what is on disk and in /proc after it."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from tests import forked
from tests.conftest import TINY_CARDS, TINY_GAME

SMALL = "extends: builtin:card\ndpi: 50\n"
ENTRY = "import sys; sys.argv[0] = 'cardgen'; from cardgen.entry import main; main()"
"""What the installed `cardgen` script runs (its entry point, `cardgen.entry:main`)."""


def pool(cards: int) -> str:
    """The tiny game's pool; with `cards`, that many spells besides the two heroes."""
    if not cards:
        return TINY_CARDS
    rows = [
        f"Spell {i},spell,1,,{('fire', 'ice')[i % 2]},{i % 3 + 1},Deal {i} damage.\n"
        for i in range(cards)
    ]
    return TINY_CARDS.splitlines(keepends=True)[0] + "Aria,hero,1,5,,,Leads.\n" + "".join(rows)


def write_game(root: Path, cards: int = 0, *, dpi: int | None = 50) -> Path:
    """A project with the tiny game (layouts at `dpi`; None: the built-in 300 dpi)."""
    game = root / "decks" / "tiny"
    (game / "decks").mkdir(parents=True, exist_ok=True)
    (game / "game.yaml").write_text(TINY_GAME, encoding="utf-8")
    (game / "cards.csv").write_text(pool(cards), encoding="utf-8")
    layouts = root / "layouts" / "tiny"
    layouts.mkdir(parents=True, exist_ok=True)
    card = "extends: builtin:card\n" + (f"dpi: {dpi}\n" if dpi else "")
    for name in ("hero", "spell"):
        (layouts / f"{name}.yaml").write_text(card, encoding="utf-8")
    back = "extends: builtin:back\n" + (f"dpi: {dpi}\n" if dpi else "")
    (layouts / "back.yaml").write_text(back, encoding="utf-8")
    return root


def command(*args: str | Path, shim: str = "") -> list[str]:
    """The `cardgen` command line, with `shim` (Python) run first in its process."""
    return [sys.executable, "-c", f"{shim}\n{ENTRY}", *map(str, args)]


def cardgen(
    root: Path, *args: str | Path, shim: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run the real command in `root` (so messages name paths relative to it), in a process
    of its own forked with cardgen's modules imported (`tests.forked`)."""
    return forked.run(f"{shim}\n{ENTRY}", args, cwd=root, timeout=timeout).completed()


def tree(folder: Path) -> dict[str, str]:
    """Every file and folder under `folder` (symlinks not followed): its content's hash,
    `folder`, or where the link points."""
    found: dict[str, str] = {}
    for top, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(top, name)
            key = path.relative_to(folder).as_posix()
            if path.is_symlink():
                found[key] = f"-> {os.readlink(path)}"
            elif path.is_dir():
                found[key] = "folder"
            else:
                found[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def temporaries(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.tmp"))


def processes_naming(text: str) -> list[int]:
    """The live processes (not zombies) whose command line holds `text` (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            line = Path("/proc", entry, "cmdline").read_bytes()
            state = Path("/proc", entry, "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if text.encode() in line and state != "Z":
            found.append(int(entry))
    return found


def children(pid: int) -> list[int]:
    """The live child processes of `pid` (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path("/proc", entry, "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry))
    return found
