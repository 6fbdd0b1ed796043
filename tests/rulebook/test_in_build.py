"""`cardgen build` writes each example game's rulebook beside its other outputs, lists it
among them, links it from the gallery and puts its text in the TTS table's Notebook (read
from the run's one build of the example games, `tests.example_builds`)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from tests.example_builds import built
from tests.rulebook.books import GAMES, game_yaml


@pytest.mark.parametrize("game", GAMES)
def test_the_build_writes_the_rulebook_links_it_and_puts_it_in_the_notebook(game: str) -> None:
    out = built() / "output" / game
    page = out / "rulebook" / "rulebook.html"
    assert page.is_file() and (out / "rulebook" / "rulebook.md").is_file()
    for type_id in game_yaml(game)["types"]:
        assert (out / "rulebook" / "cards" / f"{type_id}.png").is_file()
    listed = json.loads((out / ".cardgen-files.json").read_text(encoding="utf-8"))["files"]
    assert "rulebook/rulebook.html" in listed and f"rulebook/cards/{type_id}.png" in listed
    gallery = (out / "index.html").read_text(encoding="utf-8")
    assert '<a href="rulebook/rulebook.html">rulebook</a>' in gallery
    save = json.loads((out / "tts" / f"{game}-table.json").read_text(encoding="utf-8"))
    title = (out / "rulebook" / "rulebook.md").read_text("utf-8").splitlines()[0]
    assert save["TabStates"]["1"]["body"].startswith(title.removeprefix("# ").upper() + "\n")


@pytest.mark.parametrize("game", GAMES)
def test_the_build_writes_the_rulebook_pdfs_and_puts_one_on_the_table(game: str) -> None:
    out = built() / "output" / game
    names = ["rulebook-a4", "rulebook-letter", "rulebook-booklet-a4", "rulebook-booklet-letter"]
    listed = json.loads((out / ".cardgen-files.json").read_text(encoding="utf-8"))["files"]
    gallery = (out / "index.html").read_text(encoding="utf-8")
    for name in names:
        pdf = out / "rulebook" / f"{name}.pdf"
        assert pdf.read_bytes().startswith(b"%PDF-")
        assert f"rulebook/{name}.pdf" in listed and f'href="rulebook/{name}.pdf"' in gallery
    save = json.loads((out / "tts" / f"{game}-table.json").read_text(encoding="utf-8"))
    (book,) = [o for o in save["ObjectStates"] if o["Name"] == "Custom_PDF"]
    url = book["CustomPDF"]["PDFUrl"]
    assert url.startswith("file:///") and book["CustomPDF"]["PDFPage"] == 0
    shown = unquote(urlparse(url).path)
    assert Path(shown).read_bytes() == (out / "rulebook" / "rulebook-a4.pdf").read_bytes()


@pytest.mark.parametrize("game", GAMES)
def test_the_notebook_keeps_each_list_item_on_its_own_line(game: str) -> None:
    """Every Markdown list item of the resolved rulebook is a bullet line of the table's
    rules tab (the text is made plain once: a second pass ran the items into one line)."""
    out = built() / "output" / game
    markdown = (out / "rulebook" / "rulebook.md").read_text("utf-8")
    items = [line[2:] for line in markdown.splitlines() if line.startswith("- ")]
    assert items
    save = json.loads((out / "tts" / f"{game}-table.json").read_text(encoding="utf-8"))
    lines = save["TabStates"]["1"]["body"].splitlines()
    bullets = [line for line in lines if line.startswith("• ")]
    assert len(bullets) >= len(items)
    plain = [item for item in items if not any(mark in item for mark in "*`[_")]
    for item in plain:
        assert f"• {item}" in lines, item
