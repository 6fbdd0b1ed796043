"""A card up close: what `GET /api/card?name=SLUG` tells the close-up view of the page.

The card's fields as rows of a table, its type, the file and line of its row, its layout
and that layout's physical geometry (trim size in inches and millimetres, bleed, safe
margin, dpi, and the image's own size in inches: the trim and the bleed all round), the
front and back images with their hashes and versioned URLs, and the card's notes as the
served gallery shows them (text that overflows, missing art, lint and check findings).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import unescape
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.fuzzy import did_you_mean
from cardgen.load.game import GamePack
from cardgen.load.layouts import LayoutSet, load_layouts
from cardgen.model.card import Card
from cardgen.model.labels import field_title
from cardgen.project import Project
from cardgen.render.canvas import Canvas
from cardgen.render.game import card_files
from cardgen.write import slug

MM_PER_INCH = 25.4
_ARTICLE_END = "</article>"


class UnknownCard(CardgenError):
    """A close-up asked of a card the game does not have."""


_NOTE = re.compile(r'<li class="([a-z]+)"><code>(.*?)</code>(.*?)</li>', re.DOTALL)


def _inches(pixels: float, dpi: int) -> float:
    return round(pixels / dpi, 4)


def _image(path: str | None, images: Mapping[str, str]) -> dict[str, Any] | None:
    if path is None:
        return None
    digest = images.get(path)
    return {
        "path": path,
        "hash": digest,
        "url": f"/{path}" + (f"?v={digest}" if digest else ""),
    }


def project_path(root: Path, shown: str) -> str:
    """A file's path as cardgen showed it (relative to the working folder, or absolute),
    made relative to the project `root` when it lies inside it."""
    try:
        return (Path.cwd() / shown).resolve().relative_to(root.resolve()).as_posix()
    except (OSError, ValueError):
        return shown


def field_rows(pack: GamePack, card: Card) -> list[dict[str, Any]]:
    """The card's fields in the order its type declares them: name, type, copies, the
    type's own fields, text, art (each `{field, label, value}`)."""
    ctype = pack.game.types[card.type]
    rows: list[dict[str, Any]] = [
        {"field": "name", "label": "Name", "value": card.name},
        {"field": "type", "label": "Type", "value": card.type},
        {"field": "copies", "label": "Copies", "value": card.copies},
    ]
    for name, spec in ctype.fields.items():
        if name in card.fields:
            label = field_title(name, spec)
            rows.append({"field": name, "label": label, "value": card.fields[name]})
    rows.append({"field": "text", "label": "Text", "value": card.text})
    if card.art:
        rows.append({"field": "art", "label": "Art", "value": card.art})
    return rows


def gallery_notes(page: str, anchor: str) -> list[dict[str, str]]:
    """The notes the gallery page `page` shows on the card of `anchor` (its `id`)."""
    start = page.find(f'id="{anchor}"')
    if start < 0:
        return []
    end = page.find(_ARTICLE_END, start)
    block = page[start : end if end >= 0 else len(page)]
    listed = block.partition('<ul class="findings">')[2].partition("</ul>")[0]
    return [
        {"severity": severity, "code": unescape(code), "message": unescape(message)}
        for severity, code, message in _NOTE.findall(listed)
    ]


_LAYOUTS: dict[tuple[Path, str], tuple[Project, LayoutSet]] = {}
"""The layouts last read for each game of a project folder, with the `Project` they were
read for: read again when the project is another (the deck builder makes one per build)."""


def layouts_of(project: Project, pack: GamePack) -> LayoutSet:
    """The game's layouts, read once for each `Project` (a layout read takes a while)."""
    kept = _LAYOUTS.get((project.root, pack.id))
    if kept is None or kept[0] is not project:
        kept = (project, load_layouts(project.root, pack.game))
        _LAYOUTS[(project.root, pack.id)] = kept
    return kept[1]


def geometry_of(project: Project, pack: GamePack, card: Card) -> dict[str, Any]:
    """The physical geometry of the card's layout: name, dpi, sizes in inches and mm."""
    layout = layouts_of(project, pack).for_type(card.type)
    canvas = Canvas.of(layout)
    width, height = canvas.size
    trim = [_inches(canvas.trim_w, canvas.dpi), _inches(canvas.trim_h, canvas.dpi)]
    return {
        "layout": layout.name,
        "dpi": canvas.dpi,
        "trim_in": trim,
        "trim_mm": [round(t * MM_PER_INCH, 2) for t in trim],
        "bleed_in": _inches(canvas.bleed, canvas.dpi),
        "safe_in": _inches(canvas.safe, canvas.dpi),
        "image_px": [width, height],
        "image_in": [_inches(width, canvas.dpi), _inches(height, canvas.dpi)],
    }


def card_closeup(
    project: Project, game: str, key: str, images: Mapping[str, str], page: str = ""
) -> dict[str, Any]:
    """Everything the close-up shows of the card whose file slug is `key` (the images'
    hashes from the latest build, `page` the served gallery for its notes). A key that
    names no card is an `UnknownCard` with the closest slug."""
    pack = project.game(game)
    files = card_files(pack)
    by_slug = {files[card.name]: card for card in pack.cards}
    card = by_slug.get(key)
    if card is None:
        raise UnknownCard(f'no card "{key[:80]}" in {pack.game.name}{did_you_mean(key, by_slug)}')
    back_id = pack.game.types[card.type].back
    anchor = f"card-{slug(card.name)}"
    return {
        "game": pack.id,
        "name": card.name,
        "slug": key,
        "type": card.type,
        "type_label": pack.game.types[card.type].label,
        "anchor": anchor,
        "source": {"file": project_path(project.root, card.source_path), "line": card.source_line},
        "fields": field_rows(pack, card),
        **geometry_of(project, pack, card),
        "front": _image(f"cards/{key}.png", images),
        "back": _image(f"backs/{slug(back_id)}.png" if back_id else None, images),
        "warnings": gallery_notes(page, anchor),
    }


def read_page(out: Path) -> str:
    """The gallery a build wrote into `out` ('' before the first)."""
    try:
        return (out / "index.html").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
