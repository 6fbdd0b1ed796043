"""Reading a Tabletop Simulator export the way TTS does: each Card's face is the cell
`CardID % 100` of its deck's `FaceURL` sheet (column `slot % NumWidth`, row
`slot // NumWidth`), its back the same cell of a `UniqueBack` sheet, else the whole
`BackURL` image. Each is matched against every card (or back) of the game as rendered on
its own, reduced to the cell's size: the nearest must be the card's own.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from PIL import Image

from tests.conftest import tts_objects
from tests.oracles.games import mean_difference, rgb

SEARCH_REDUCTION = 8
"""The nearest render is searched on cells reduced 8 times more (both sides alike)."""
OWN_LIMIT = 8.0
"""A cell is its own render within this mean difference (JPEG and scaling), in levels."""


def url_path(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    return Path(unquote(parsed.path))


@dataclass(frozen=True, slots=True)
class Look:
    """Where one Card object's face or back is: an image, and the cell of it (px)."""

    name: str
    image: Path
    box: tuple[int, int, int, int]


class Sheets:
    """Sheet images: each one's size read from its header, its bytes hashed and its pixels
    decoded when first asked for, once."""

    def __init__(self) -> None:
        self._open: dict[Path, Image.Image] = {}
        self._sizes: dict[Path, tuple[int, int]] = {}
        self._digests: dict[Path, str] = {}

    def get(self, path: Path) -> Image.Image:
        if path not in self._open:
            self._open[path] = rgb(path)
        return self._open[path]

    def size(self, path: Path) -> tuple[int, int]:
        if path not in self._sizes:
            with Image.open(path) as image:
                self._sizes[path] = image.size
        return self._sizes[path]

    def digest(self, path: Path) -> str:
        """The SHA-256 of the image's bytes."""
        if path not in self._digests:
            self._digests[path] = hashlib.sha256(path.read_bytes()).hexdigest()
        return self._digests[path]


def cell_box(size: tuple[int, int], cols: int, rows: int, slot: int) -> tuple[int, int, int, int]:
    """The cell `slot` of a sheet of `size` (px) cut into `cols` x `rows`."""
    width, height = size
    assert width % cols == 0 and height % rows == 0, (size, cols, rows)
    w, h = width // cols, height // rows
    assert 0 <= slot < cols * rows, (slot, cols, rows)
    col, row = slot % cols, slot // cols
    return (col * w, row * h, (col + 1) * w, (row + 1) * h)


def looks(save: dict[str, Any], sheets: Sheets) -> tuple[list[Look], list[Look], int]:
    """Every Card's face and back cell (duplicates of one name, sheet and slot once), and
    how many Card objects there are."""
    faces: dict[tuple[str, Path, tuple[int, int, int, int]], Look] = {}
    backs: dict[tuple[str, Path, tuple[int, int, int, int]], Look] = {}
    cards = 0
    for obj in tts_objects(save["ObjectStates"]):
        if obj["Name"] != "Card":
            continue
        cards += 1
        ((key, entry),) = obj["CustomDeck"].items()
        assert obj["CardID"] // 100 == int(key)
        slot = obj["CardID"] % 100
        cols, rows = entry["NumWidth"], entry["NumHeight"]
        face = url_path(entry["FaceURL"])
        box = cell_box(sheets.size(face), cols, rows, slot)
        faces.setdefault((obj["Nickname"], face, box), Look(obj["Nickname"], face, box))
        back = url_path(entry["BackURL"])
        size = sheets.size(back)
        back_box = cell_box(size, cols, rows, slot) if entry["UniqueBack"] else (0, 0, *size)
        backs.setdefault((obj["Nickname"], back, back_box), Look(obj["Nickname"], back, back_box))
    return list(faces.values()), list(backs.values()), cards


@dataclass(frozen=True, slots=True)
class Render:
    """A card or back as `cardgen render` drew it: its file and its bleed in pixels."""

    name: str
    path: Path
    bleed: int


def renders(data: dict[str, Any]) -> tuple[dict[str, Render], dict[str, Render], dict[str, str]]:
    """Cards and backs of `cardgen render --format json`, and each card's back id."""

    def bleed(item: dict[str, Any]) -> int:
        return round(item["bleed_pt"] * item["dpi"] / 72)

    cards = {c["name"]: Render(c["name"], Path(c["file"]), bleed(c)) for c in data["cards"]}
    backs = {b["back"]: Render(b["back"], Path(b["file"]), bleed(b)) for b in data["backs"]}
    return cards, backs, {c["name"]: c["back"] for c in data["cards"]}


Reduced = tuple[Image.Image, Image.Image]
"""A render at a cell's size, and reduced `SEARCH_REDUCTION` times more for the search."""

_REDUCED: dict[tuple[Path, int, int, int, tuple[int, int]], Reduced] = {}
"""Renders already cut and reduced, by file, its change time and size, bleed and cell size:
the oracle runs over many saves of one pool (tests/oracles/test_tts_folders.py)."""


def reductions(
    candidates: dict[str, Render], sizes: set[tuple[int, int]]
) -> dict[tuple[int, int], dict[str, Reduced]]:
    """Each render cut to its trim and reduced to each cell size (Lanczos: another filter
    than cardgen's, the match does not hang on it), and that reduced for the search; each
    file read once."""
    made: dict[tuple[int, int], dict[str, Reduced]] = {size: {} for size in sizes}
    for name, render in candidates.items():
        stat = render.path.stat()
        keys = {
            size: (render.path, stat.st_mtime_ns, stat.st_size, render.bleed, size)
            for size in sizes
        }
        if any(key not in _REDUCED for key in keys.values()):
            image = rgb(render.path)
            b = render.bleed
            trim = image.crop((b, b, image.width - b, image.height - b))
            for key in keys.values():
                if key not in _REDUCED:
                    cell = trim.resize(key[-1], Image.Resampling.LANCZOS)
                    _REDUCED[key] = (cell, cell.reduce(SEARCH_REDUCTION))
        for size, key in keys.items():
            made[size][name] = _REDUCED[key]
    return made


_PASSED: set[tuple[str, tuple[int, int, int, int], str, str]] = set()
"""Cells this process found nearest their own render, each by the SHA-256 of its sheet's
bytes, its box, the render it must match and `candidates_key` of the renders it was ranked
among: the same inputs give the same verdict, and the oracle reads many saves that show
the same sheets (tests/oracles/test_tts_folders.py exports into one folder again and again)."""


def candidates_key(candidates: dict[str, Render]) -> str:
    """A hash of every candidate's name, file (path, change time, size) and bleed."""
    digest = hashlib.sha256()
    for name, render in sorted(candidates.items()):
        stat = render.path.stat()
        digest.update(repr((name, str(render.path), stat.st_mtime_ns, stat.st_size)).encode())
        digest.update(repr(render.bleed).encode())
    return digest.hexdigest()


def check_nearest(
    found: list[Look], candidates: dict[str, Render], own: dict[str, str], sheets: Sheets
) -> int:
    """Assert each cell's nearest candidate is `own[name]`, and close; returns the cells
    checked (a cell this process checked before, with the same bytes among the same renders,
    is not compared again: `_PASSED`)."""
    against = candidates_key(candidates)
    keys = {look: (sheets.digest(look.image), look.box, own[look.name], against) for look in found}
    left = [look for look in found if keys[look] not in _PASSED]
    sizes = {(box[2] - box[0], box[3] - box[1]) for box in (look.box for look in left)}
    both = reductions(candidates, sizes)
    reduced = {size: {n: pair[0] for n, pair in by.items()} for size, by in both.items()}
    small = {size: {n: pair[1] for n, pair in by.items()} for size, by in both.items()}
    for look in left:
        cell = sheets.get(look.image).crop(look.box)
        mine = own[look.name]
        distance = mean_difference(cell, reduced[cell.size][mine])
        assert distance < OWN_LIMIT, (look, mine, distance)
        probe = cell.reduce(SEARCH_REDUCTION)
        ranked = sorted(
            (mean_difference(probe, image), name) for name, image in small[cell.size].items()
        )
        mine_at = next(d for d, n in ranked if n == mine)
        nearest = [n for d, n in ranked if d <= mine_at]
        assert nearest == [mine] or all(
            mean_difference(reduced[cell.size][n], reduced[cell.size][mine]) == 0 for n in nearest
        ), (look, ranked[:3])
        _PASSED.add(keys[look])
    return len(found)


def check_export(save_path: Path, render_json: dict[str, Any]) -> tuple[int, int, int]:
    """The whole oracle over one export: (Card objects, face cells, back cells) checked."""
    save = json.loads(save_path.read_text(encoding="utf-8"))
    sheets = Sheets()
    faces, backs, cards = looks(save, sheets)
    card_renders, back_renders, back_of = renders(render_json)
    assert cards > 0
    checked_faces = check_nearest(faces, card_renders, {n: n for n in card_renders}, sheets)
    checked_backs = check_nearest(backs, back_renders, back_of, sheets)
    return cards, checked_faces, checked_backs
