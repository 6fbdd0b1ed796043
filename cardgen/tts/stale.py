"""The images of a TTS export folder that no save there uses any more, and their removal.

Images are named by their content (`sheets/visionary-1-<hash8>.jpg`), so an edited sheet is
a new file and the old one stays behind. After an export, an image cardgen wrote into the
folder (the game folder's list, `cardgen.manifest`, has it) that no save of the folder
cardgen wrote refers to (a game's save and any number of deck exports side by side) is
removed; a file cardgen did not write, or one any save still names (by its URLs or by
the uploads list beside it), is never touched. A save that cannot be read keeps every
image (nothing is removed).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import unquote, urlparse

from cardgen.manifest import forget, listed, read, remove_listed
from cardgen.tts.uploads import read_uploads, uploads_path
from cardgen.write import relative_inside

IMAGE_FOLDERS = ("sheets", "tiles")
"""The folders of an export that hold its images."""


def _urls(value: Any) -> Iterator[str]:
    """Every string under a key ending in `URL` (FaceURL, BackURL, ImageURL, ...)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, str) and key.endswith("URL"):
                yield item
            else:
                yield from _urls(item)
    elif isinstance(value, list):
        for item in value:
            yield from _urls(item)


def named_images(save: Path) -> set[str] | None:
    """The images a save refers to, as `sheets/<name>` (or `tiles/<name>`): the last two
    parts of each URL's path, whatever the host; None when the save cannot be read."""
    try:
        data = json.loads(save.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None
    found = set()
    for url in _urls(data):
        parts = PurePosixPath(unquote(urlparse(url).path)).parts
        if len(parts) >= 2 and parts[-2] in IMAGE_FOLDERS:
            found.add("/".join(parts[-2:]))
    return found


def save_images(save: Path) -> set[str] | None:
    """The images a save uses: those its URLs name, and those its uploads list names (a
    save whose URLs come from a --url-map names no folder); None when it cannot be read."""
    found = named_images(save)
    return None if found is None else found | read_uploads(uploads_path(save))


def remove_unused(game_out: Path, folder: Path) -> tuple[list[Path], list[Path]]:
    """Remove the images cardgen wrote under the export folder `folder` (inside the game
    folder `game_out`) that no save there names. Returns (removed, kept): kept are the
    images some save names, so that a build does not remove one it made before while
    another export still shows it."""
    base = game_out.resolve()
    where = relative_inside(folder.resolve(), base)
    if where is None:  # an --out elsewhere: cardgen keeps no list there, nothing is removed
        return [], []
    prefix = "" if where == "." else f"{where}/"
    mine = [r.removeprefix(prefix) for r in listed(base) if r.startswith(prefix)]
    saves = [r for r in mine if "/" not in r and r.endswith(".json")]
    images = {r for r in mine if r.split("/")[0] in IMAGE_FOLDERS and r.count("/") == 1}
    named: set[str] = set()
    for save in saves:
        if not (base / prefix / save).is_file():
            continue
        found = save_images(base / prefix / save)
        if found is None:
            return [], []
        named |= found
    unused = sorted(f"{prefix}{r}" for r in images - named)
    removed = remove_listed(base, unused, read(base).folders)
    forget(base, unused)
    kept = [base / f"{prefix}{r}" for r in sorted(images & named) if (base / prefix / r).is_file()]
    return removed, kept
