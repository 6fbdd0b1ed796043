"""The proof gallery parsed as a browser parses it (html.parser): card names, texts and
choice values full of quotes, `<`, `>`, `&` and `onmouseover=` payloads give no element an
event handler and no script, and every `data-*` value reads back as the card's data."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from tests.oracles.games import ok
from tests.oracles.payload import CARDS, MOODS, write_payload_game

ANCHORS = [
    "card-aria-the-bold",
    "card-o-brien-sons",
    "card-echo-onmouseover-alert-5",
    "card-plain-card",
]
"""Each card's `id`: `card-` and its name as its image's file name spells it (ASCII, lower
case, every run of anything else one dash, none at either end), worked out by hand."""

PAGE_HANDLERS: list[tuple[str, str, str | None]] = []
"""No element carries an inline handler, not even the page's own search form (its submit is
held by the script: a served page's policy allows no inline handler)."""


class Elements(HTMLParser):
    """Every element's tag and attributes, and the text of each card's name."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.names: list[str] = []
        self.options: dict[str, list[str | None]] = {}
        self._in_name = False
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        assert len(found) == len(attrs), (tag, attrs)  # no attribute given twice
        self.elements.append((tag, found))
        self._in_name = tag == "span" and found.get("class") == "name"
        if tag == "select":
            self._select = str(found.get("data-field"))
            self.options[self._select] = []
        elif tag == "option" and self._select is not None:
            self.options[self._select].append(found.get("value"))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        self._in_name = False
        if tag == "select":
            self._select = None

    def handle_data(self, data: str) -> None:
        if self._in_name:
            self.names.append(data)


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Elements, list[dict[str, object]]]:
    root = write_payload_game(tmp_path_factory.mktemp("xss"))
    ok("build", "--project", root, "--jobs", "1")
    parser = Elements()
    parser.feed((root / "output" / "xss" / "index.html").read_text(encoding="utf-8"))
    parser.close()
    cards = json.loads(ok("cards", "xss", "--project", root, "--format", "json").stdout)["cards"]
    return parser, cards


def test_no_element_gets_an_event_handler_or_a_script(
    page: tuple[Elements, list[dict[str, object]]],
) -> None:
    parser, _ = page
    handlers = [
        (tag, name, value)
        for tag, attrs in parser.elements
        for name, value in attrs.items()
        if name.lower().startswith("on")
    ]
    assert handlers == PAGE_HANDLERS
    assert [tag for tag, _ in parser.elements].count("script") == 1  # the page's own
    for tag, attrs in parser.elements:
        for name, value in attrs.items():
            if name in ("href", "src"):
                assert not str(value).lower().startswith("javascript:"), (tag, name, value)


def test_every_data_value_reads_back_as_the_cards_data(
    page: tuple[Elements, list[dict[str, object]]],
) -> None:
    parser, cards = page
    articles = [a for tag, a in parser.elements if tag == "article" and "card" in str(a["class"])]
    assert len(articles) == len(cards) == len(CARDS)
    for attrs, card, anchor in zip(articles, cards, ANCHORS, strict=True):
        data = {k: v for k, v in attrs.items() if k.startswith("data-")}
        assert data == {
            "data-f-type": card["type"],
            "data-f-mood": card["mood"],
            "data-search": f"{card['name']} {card['text']}".lower(),
            "data-findings": "0",
        }
        assert attrs["id"] == anchor
    assert parser.names == [c["name"] for c in cards]  # shown as text, as written
    images = [a for tag, a in parser.elements if tag == "img"]
    images = [a for a in images if not str(a["src"]).startswith("data:")]  # icons are inline
    assert [a["alt"] for a in images if not str(a["alt"]).startswith("Back of ")] == [
        name for name, _, _ in CARDS
    ]
    assert parser.options == {"type": ["", "hero"], "mood": ["", *MOODS]}
