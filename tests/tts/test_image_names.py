"""Images named by their content (issue 19 item 4): an edited card changes exactly the
URLs of the sheets it is on, each to a new name of the same stem; every other sheet keeps
its URL and its file (not written again); the old files of the changed sheets, written by
cardgen and named by no save any more, are gone; a file cardgen did not write stays."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import random
import re
from pathlib import Path

import pytest

from cardgen.write import slug
from tests.conftest import ROOT, tts_objects
from tests.oracles.games import example_copy, ok
from tests.oracles.tts_cells import url_path

NAME = re.compile(r"^(?P<stem>.+)-(?P<hash>[0-9a-f]{8})\.(jpg|png)$")


def sheets_of(save: Path) -> tuple[set[str], dict[str, set[str]]]:
    """Every image URL of the save, and the face sheet URLs each card's name is on."""
    data = json.loads(save.read_text(encoding="utf-8"))
    urls: set[str] = set()
    on: dict[str, set[str]] = {}
    for obj in tts_objects(data["ObjectStates"]):
        for entry in (obj.get("CustomDeck") or {}).values():
            urls |= {entry["FaceURL"], entry["BackURL"]}
            if obj["Name"] == "Card":
                on.setdefault(str(obj["Nickname"]), set()).add(entry["FaceURL"])
        if obj.get("CustomImage"):
            urls.add(obj["CustomImage"]["ImageURL"])
    return urls, on


def stem(url: str) -> str:
    found = NAME.match(url_path(url).name)
    assert found, url
    return found["stem"]


def rows_of(pool: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(pool.read_text(encoding="utf-8"))))


def edit_text(pool: Path, card: str) -> None:
    """The card's text, changed; every other row left as it is."""
    rows = rows_of(pool)
    (row,) = [r for r in rows if r["name"] == card]
    row["text"] = f"{row['text']} Edited."
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    pool.write_text(out.getvalue(), encoding="utf-8")


@pytest.mark.parametrize(("game", "seed"), [("shards", 0), ("splatterkins", 1)])
def test_an_edited_card_changes_exactly_the_urls_of_its_sheets(
    tmp_path: Path, game: str, seed: int
) -> None:
    project = example_copy(tmp_path)
    folder = project / "output" / game / "tts"
    ok("tts", game, "--project", project)
    save = folder / f"{game}.json"
    before, on = sheets_of(save)
    for url in before:  # each image's name holds the hash of its bytes
        path = url_path(url)
        found = NAME.match(path.name)
        assert found and found["hash"] == hashlib.sha256(path.read_bytes()).hexdigest()[:8]
    mine = folder / "sheets" / "mine.jpg"  # a designer's own file: cardgen leaves it alone
    mine.write_bytes(b"not cardgen's")
    pool = project / "decks" / game / "cards.csv"
    worded = sorted({r["name"] for r in rows_of(pool) if r["text"]} & set(on))  # text shown
    card = random.Random(seed).choice(worded)
    changed = on[card]
    assert changed < {u for u in before if "/sheets/" in u}  # some sheets do not show it
    times = {url: url_path(url).stat().st_mtime_ns for url in before}

    image = project / "output" / game / "cards" / f"{slug(card)}.png"
    drawn = image.read_bytes()
    edit_text(pool, card)
    ok("tts", game, "--project", project)
    assert image.read_bytes() != drawn  # the edit shows on the card
    after, on_after = sheets_of(save)

    assert before - after == changed  # the card's sheets have new URLs, no other sheet
    new = after - before
    assert sorted(map(stem, new)) == sorted(map(stem, changed))
    assert on_after[card] == new
    for url in before & after:  # the others: the same file, not written again
        assert url_path(url).stat().st_mtime_ns == times[url]
    for url in changed:  # the old sheets, no save names them: removed
        assert not url_path(url).exists()
    left = {p for p in (folder / "sheets").iterdir()} | set((folder / "tiles").glob("*"))
    assert left == {url_path(u) for u in after} | {mine}
    assert mine.read_bytes() == b"not cardgen's"


def test_the_docs_name_images_as_the_export_does() -> None:
    named = re.findall(r"(?:sheets|tiles)/([\w.-]+\.jpg)", (ROOT / "docs/tts.md").read_text())
    assert len(named) >= 3 and all(NAME.match(name) for name in named)
