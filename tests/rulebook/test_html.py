"""The HTML rulebook read back as a browser's parser reads it: the page's language and
title, its headings, images that exist (with alt text) and tables with header cells; the
same input writes the same bytes; the Notebook's plain text and the linter's view of a
rulebook."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cardgen import api
from cardgen.check.lint.text import MASK, prose
from cardgen.cli import main
from cardgen.rulebook.document import resolve_rulebook
from cardgen.rulebook.text import rulebook_text
from tests.conftest import ROOT
from tests.rulebook.books import GAMES, game_yaml, written


class Page(HTMLParser):
    """What a page holds: its `lang`, title, headings, images and tables' header cells."""

    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.title = ""
        self.headings: list[tuple[str, str]] = []
        self.images: list[dict[str, str | None]] = []
        self.tables = 0
        self.header_cells: list[str] = []
        self._open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.lang = dict(attrs).get("lang")
        elif tag == "img":
            self.images.append(dict(attrs))
        elif tag == "table":
            self.tables += 1
        self._open.append(tag)
        if tag in ("h1", "h2", "h3", "h4"):
            self.headings.append((tag, ""))
        elif tag == "th":
            self.header_cells.append("")

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1] == tag:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        where = self._open[-1] if self._open else ""
        if where == "title":
            self.title += data
        elif where in ("h1", "h2", "h3", "h4") and self.headings:
            tag, text = self.headings[-1]
            self.headings[-1] = (tag, text + data)
        elif where == "th":
            self.header_cells[-1] += data


@pytest.fixture(scope="module")
def into(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where this module's rulebooks are written."""
    return tmp_path_factory.mktemp("rulebooks")


def _page(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


@pytest.mark.parametrize("game", GAMES)
def test_the_page_has_its_language_headings_images_and_table_headers(game: str, into: Path) -> None:
    result = written(game, into)
    page = _page(result.html)
    data = game_yaml(game)
    assert page.lang == data.get("language", "en")
    assert page.title == result.rulebook.title
    assert page.headings[0] == ("h1", result.rulebook.title)
    assert [t for t, _ in page.headings].count("h1") == 1
    labels = [spec["label"] for spec in data["types"].values()]
    assert [text for tag, text in page.headings if tag == "h3"][-len(labels) :] == labels
    assert len(page.images) == len(data["types"])
    for image in page.images:
        src, alt = image["src"], image["alt"]
        assert src and alt and (result.html.parent / src).is_file()
        with Image.open(result.html.parent / src) as drawn:
            assert drawn.width == 300 and 1.3 < drawn.height / drawn.width < 1.5
            colours = drawn.convert("RGB").getcolors(maxcolors=1 << 20) or []
            assert len(colours) > 50  # a card, not a blank
    assert page.tables >= 1 and page.tables * 2 <= len(page.header_cells)
    assert {"Term", "Terme"} & set(page.header_cells)


def test_the_same_input_writes_the_same_bytes(tmp_path: Path) -> None:
    first = api.rules(ROOT, "splatterkins", out=tmp_path / "a")
    second = api.rules(ROOT, "splatterkins", out=tmp_path / "b")
    for one, two in zip(
        (*first.images, first.html, first.markdown),
        (*second.images, second.html, second.markdown),
        strict=True,
    ):
        assert one.name == two.name and one.read_bytes() == two.read_bytes()
    assert first.markdown.read_text("utf-8") == first.rulebook.markdown


def test_the_notebook_text_is_the_rulebook_in_plain_text() -> None:
    pack = api.load_game(ROOT, "splatoon")
    text = rulebook_text(resolve_rulebook(pack, pack.folder).markdown)
    lines = text.splitlines()
    assert lines[0] == "SPLATOON: THE BOARD GAME: RULEBOOK"
    assert "Players · Hand" in lines and "2 · 3" in lines  # the setup table, row by row
    assert "• Splattershot cards: shared, face up, 12 cards" in lines
    assert "After 10 rounds the team" in text and "{" not in text and "<!--" not in text
    assert "Example Weapon Card: " in text  # an image as its alt text


def test_the_linter_skips_references_as_it_skips_code() -> None:
    files = [str(ROOT / "decks" / game / "rulebook.md") for game in GAMES]
    done = CliRunner().invoke(main, ["lint", *files, "--project", str(ROOT)])
    assert done.exit_code == 0, done.output  # `{setup.hand|words}` is never read as a word
    masked = prose("Draw {setup.hand|words} {box.count type=yokai} {{x}} cards, `{y}`.", True)
    assert masked.split()[0] == "Draw" and "setup" not in masked and "yokai" not in masked
    assert "x" in masked and masked.endswith("cards, " + MASK * 5 + ".")
