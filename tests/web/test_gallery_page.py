"""The proof gallery's page piece by piece, parsed as a browser parses it: a game whose
names, texts, field values, labels, findings and file names are full of `"`, `'`, `<`, `>`
and `&` shows each of them as written, in the place and the element the page promises
(each card's chips, findings, flag, images and data; the filters and their counts; the
downloads; the header, toolbar, loose findings and footer)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest

from cardgen import __version__
from cardgen.check.deck_report import report_deck
from cardgen.load.decklist import load_deck, parse_text_deck
from cardgen.project import Project
from cardgen.render.card import RenderWarning
from cardgen.render.game import RenderResult
from cardgen.render.rendered import Geometry, RenderedBack, RenderedCard
from cardgen.web.gallery import CSP, Note, gallery_html
from cardgen.web.gallery_cards import collect_notes
from tests.arena import ARENA_CARDS, write_arena

GAME = """\
id: tiny
name: Tiny & <Co>
description: Cards "for" <you> & me.
players: {min: 2, max: 2}
types:
  hero:
    label: Hero
    fields:
      power: {type: int, min: 0, max: 9, description: Strength.}
      home_town: {type: text, required: false, description: Where from.}
      motto: {type: text, required: false, description: What they say.}
      rival: {type: card, required: false, label: Rival, description: A foe.}
      element: {type: choice, choices: [fire-storm, ice], label: Element <x>, description: E.}
      moves: {type: hexes, required: false, label: Moves, description: Where it goes.}
  spell:
    label: Spell
    plural: Spellz
    fields:
      school: {type: choice, choices: [light, shadow], description: School.}
      element: {type: choice, choices: [fire-storm, ice], label: Element <x>, description: E.}
"""
CARDS = """\
cards:
  - {name: Aria, type: hero, copies: 2, power: 5, home_town: 'Bree "&" <Hill>', motto: "",
     rival: Borin, element: fire-storm, moves: [[1, -1]], text: Leads <b>the</b> party.}
  - {name: Borin, type: hero, copies: 1, power: 0, element: ice, home_town: under-hill,
     motto: Aria, text: ""}
  - {name: "O'Neil <Spark>", type: spell, copies: 1, school: light, element: ice,
     text: "Zap & 'fizz'"}
  - {name: Ghost, type: spell, copies: 1, school: shadow, element: fire-storm, text: Boo.}
  - {name: Wisp, type: spell, copies: 1, school: shadow, element: ice, text: ""}
"""
NOTES = [
    Note("lint", "TX102", "error", 'say "Fireball" <b>', "Aria"),
    Note("check", "CK001", "warning", "stats & more", "Aria"),
    Note("render", "RN101", "warning", "overflows", "Borin"),
    Note("check", "GM001", "info", "box <count> off", None),
    Note("lint", "TX999", "error", "a note's card is gone", "Nobody"),
]


@dataclass
class Node:
    """An element: its tag, attributes and children (elements and text)."""

    tag: str
    attrs: dict[str, str | None]
    children: list[Node | str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def walk(self) -> Iterator[Node]:
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.walk()

    def all(self, tag: str, cls: str | None = None) -> list[Node]:
        return [
            n
            for n in self.walk()
            if n.tag == tag and (cls is None or cls in (n.attrs.get("class") or "").split())
        ]

    def one(self, tag: str, cls: str | None = None) -> Node:
        (found,) = self.all(tag, cls)
        return found

    def by_id(self, name: str) -> Node:
        (found,) = [n for n in self.walk() if n.attrs.get("id") == name]
        return found


class Tree(HTMLParser):
    VOID: ClassVar[set[str]] = {"meta", "img", "input", "br", "link"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack[-1].tag == tag, (tag, self.stack[-1].tag)  # every element closed
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def drawn(out: Path) -> RenderResult:
    """What rendering the game would give: Aria and Borin with the default back, O'Neil
    without one (its back was not drawn), Ghost and Wisp not drawn at all."""
    poker, wide = Geometry((180, 252), 9, 300), Geometry((200, 100), 0, 300)
    cards = [
        RenderedCard(name, "hero", out / "cards" / f"{slug}.png", "default", "", poker)
        for name, slug in (("Aria", "aria"), ("Borin", "borin"))
    ]
    o_neil = out / "cards" / "o-neil.png"
    cards.append(RenderedCard("O'Neil <Spark>", "hero", o_neil, "none", "", wide))
    backs = (RenderedBack("default", out / "backs" / "default.png", "", poker),)
    return RenderResult("tiny", out, tuple(cards), backs)


def parsed(html: str) -> Node:
    tree = Tree()
    tree.feed(html)
    assert tree.stack == [tree.root]
    return tree.root


@pytest.fixture
def page(make_project: Callable[..., Path], tmp_path: Path) -> Node:
    root = make_project(GAME, CARDS, pool_name="cards.yaml")
    project = Project(root)
    pack = project.game("tiny")
    out = root / "output" / "tiny"
    files = [out / name for name in ("tiny-a4-duplex-long.pdf", "tiny-letter-simplex.pdf")]
    files += [out / "board-arena.png", out / "tts" / "tiny.json", out / "tts" / "tiny.png"]
    files += [out / "tts" / n for n in ("tiny.uploads.txt", "tiny-table.json", "tiny-table.png")]
    files += [out / "tts" / "sheets" / "x.jpg", out / "reports" / "first.pdf"]
    files += [out / "tiny-a&b.pdf", tmp_path / "elsewhere" / "other.pdf"]
    files += [out / "rulebook" / n for n in ("rulebook.html", "rulebook.md", "cards/hero.png")]
    deck = parse_text_deck("2 Aria\n1 Nobody <x>\n", "first.txt")
    reports = [("report-first", report_deck(pack, deck), "reports/first.pdf")]
    return parsed(gallery_html(pack, drawn(out), out, files=files, notes=NOTES, reports=reports))


def chips(card: Node) -> list[tuple[str, str, str | None]]:
    """(label, value, link) of each field chip after the type's."""
    found = []
    for li in card.one("ul", "chips").all("li")[1:]:
        label = li.one("b").text()
        links = li.all("a")
        found.append(
            (label, li.text().removeprefix(label + " "), links[0].attrs["href"] if links else None)
        )
    return found


def test_each_card_shows_its_fields_findings_and_copies_as_written(page: Node) -> None:
    cards = page.all("article", "card")
    assert [c.attrs["id"] for c in cards] == ["card-aria", "card-borin", "card-o-neil-spark"]
    aria, borin, spell = cards
    assert chips(aria) == [
        ("Power", "5", None),
        ("Home town", 'Bree "&" <Hill>', None),
        ("Rival", "Borin", "#card-borin"),
        ("Element <x>", "Fire Storm", None),
    ]  # no chip for the hexes field
    assert chips(borin) == [
        ("Power", "0", None),
        ("Home town", "under-hill", None),  # a text value as written, not as a choice is shown
        ("Motto", "Aria", None),  # a card's name in a text field is no link
        ("Element <x>", "Ice", None),
    ]
    assert chips(spell) == [("School", "Light", None), ("Element <x>", "Ice", None)]
    assert [c.one("li", "type").text() for c in cards] == ["Hero", "Hero", "Spell"]
    assert all(c.one("li", "type").attrs["style"].startswith("--type:#") for c in cards)  # type: ignore[union-attr]
    assert [c.one("span", "name").text() for c in cards] == ["Aria", "Borin", "O'Neil <Spark>"]
    copies = [c.one("span", "copies") for c in cards]
    assert [(s.text(), s.attrs["title"]) for s in copies] == [("×2", "copies in the box")] + [
        ("×1", "copies in the box")
    ] * 2
    findings = [
        [
            (li.attrs["class"], li.one("code").text(), li.text())
            for li in c.all("li")
            if li.all("code")
        ]
        for c in cards
    ]
    assert findings == [
        [("error", "TX102", 'TX102say "Fireball" <b>'), ("warning", "CK001", "CK001stats & more")],
        [("warning", "RN101", "RN101overflows")],
        [],
    ]
    assert not spell.all("ul", "findings")
    # and nothing else: every word a card shows is one of these
    assert [c.text() for c in cards] == [
        '2Aria×2HeroPower 5Home town Bree "&" <Hill>Rival BorinElement <x> Fire Storm'
        'TX102say "Fireball" <b>CK001stats & more',
        "1Borin×1HeroPower 0Home town under-hillMotto AriaElement <x> IceRN101overflows",
        "O'Neil <Spark>×1SpellSchool LightElement <x> Ice",
    ]


def test_each_card_carries_its_data_flag_and_images(page: Node) -> None:
    aria, borin, spell = page.all("article", "card")
    assert aria.attrs == {
        "class": "card has-error",
        "id": "card-aria",
        "data-f-type": "hero",
        "data-f-element": "fire-storm",
        "data-search": "aria leads <b>the</b> party.",
        "data-findings": "2",
    }
    assert borin.attrs["class"] == "card has-warning" and borin.attrs["data-search"] == "borin "
    assert spell.attrs["class"] == "card" and spell.attrs["data-findings"] == "0"
    assert spell.attrs["data-f-school"] == "light" and spell.attrs["data-search"] == (
        "o'neil <spark> zap & 'fizz'"
    )
    flags = [
        (f.attrs["class"], f.attrs["title"], f.text())
        for c in (aria, borin)
        for f in c.all("span", "flag")
    ]
    assert flags == [("flag error", "2 findings", "2"), ("flag warning", "1 finding", "1")]
    assert not spell.all("span", "flag")
    button = aria.one("button", "face")
    assert button.attrs == {
        "type": "button",
        "class": "face",
        "aria-pressed": "false",
        "title": "Click to turn the card over",
    }
    front, back = aria.one("span", "front"), aria.one("span", "back")
    assert front.attrs["style"] == back.attrs["style"] == "aspect-ratio:180.00/252.00"
    image = {"loading": "lazy", "decoding": "async"}
    image["style"] = "width:110.000%;height:107.143%;left:-5.000%;top:-3.571%"  # 9 pt bleed
    assert front.one("img").attrs == image | {"src": "cards/aria.png", "alt": "Aria"}
    assert back.one("img").attrs == image | {"src": "backs/default.png", "alt": "Back of Aria"}
    assert not spell.all("span", "back")  # its back was not drawn
    assert (
        spell.one("img").attrs["style"] == "width:100.000%;height:100.000%;left:0.000%;top:0.000%"
    )


def options(select: Node) -> list[tuple[str | None, str]]:
    return [(o.attrs["value"], o.text()) for o in select.all("option")]


def test_the_filters_list_each_choice_with_its_count(page: Node) -> None:
    types, element, school = page.all("select")
    assert types.attrs == {"id": "filter-type", "data-field": "type", "aria-label": "Card type"}
    assert options(types) == [("", "All types"), ("hero", "Heros (2)"), ("spell", "Spellz (3)")]
    assert [n.text() for n in (types, element, school)] == [
        "All typesHeros (2)Spellz (3)",
        "Any element <x>Fire Storm (2)Ice (3)",
        "Any schoolLight (1)Shadow (2)",
    ]
    assert element.attrs == {
        "id": "filter-element",
        "data-field": "element",
        "aria-label": "Element <x>",
    }
    assert options(element) == [
        ("", "Any element <x>"),
        ("fire-storm", "Fire Storm (2)"),
        ("ice", "Ice (3)"),
    ]
    assert school.attrs["data-field"] == "school"
    assert options(school) == [("", "Any school"), ("light", "Light (1)"), ("shadow", "Shadow (2)")]


def test_the_downloads_name_each_file_by_what_it_is(page: Node) -> None:
    box = page.one("div", "downloads")
    parts = [(c.tag, c.attrs.get("href"), c.text()) for c in box.children if isinstance(c, Node)]
    assert box.text() == "".join(text for _, _, text in parts)  # nothing between the links
    assert parts == [
        ("span", None, "print"),
        ("a", "board-arena.png", "board arena image"),
        ("a", "other.pdf", "other PDF"),
        ("a", "tiny-a&b.pdf", "a&b PDF"),
        ("a", "tiny-a4-duplex-long.pdf", "A4 duplex long edge PDF"),
        ("a", "tiny-letter-simplex.pdf", "Letter simplex PDF"),
        ("span", None, "rules"),
        ("a", "rulebook/rulebook.html", "rulebook"),  # not its Markdown or its card images
        ("span", None, "tabletop simulator"),
        ("a", "tts/tiny-table.json", "tiny-table.json (saved game)"),
        ("a", "tts/tiny-table.png", "tiny-table.png (saved game's thumbnail)"),
        ("a", "tts/tiny.json", "tiny.json (saved object)"),
        ("a", "tts/tiny.png", "tiny.png (thumbnail)"),
        ("a", "tts/tiny.uploads.txt", "tiny.uploads.txt (upload list)"),  # not a thumbnail
    ]


def test_the_page_around_the_cards(page: Node) -> None:
    assert page.one("head").one("title").text() == "Tiny & <Co>: proof gallery"
    metas = [m.attrs for m in page.all("meta")]
    assert {"http-equiv": "Content-Security-Policy", "content": CSP} in metas
    assert {"name": "generator", "content": f"cardgen {__version__}"} in metas
    assert {"name": "referrer", "content": "no-referrer"} in metas
    assert page.one("h1").text() == "Tiny & <Co>"
    assert page.one("p", "about").text() == 'Cards "for" <you> & me.'
    nav = page.one("nav", "sections")
    assert [(a.attrs["href"], a.text()) for a in nav.all("a")] == [
        ("#cards", "Cards (3)"),
        ("#decks", "Deck reports (1)"),
    ]
    form = page.one("form", "toolbar")
    assert form.attrs == {"class": "toolbar", "role": "search"}  # no inline handler
    search = page.by_id("search")
    assert (
        search.attrs["type"] == "search" and search.attrs["aria-label"] == "Search names and text"
    )
    only = page.by_id("only-findings")
    assert only.attrs["type"] == "checkbox"
    label = [n for n in form.all("label") if n.all("input")]
    assert [n.text() for n in label] == [" with findings (2)"]
    assert (page.by_id("flip-all").text(), page.by_id("reset").text()) == ("Show backs", "Reset")
    assert page.by_id("count").text() == "3 of 3 cards"
    loose = page.one("div", "notes")
    assert loose.one("h3").text() == "Other findings"
    rows = [(li.attrs["class"], li.one("code").text(), li.text()) for li in loose.all("li")]
    assert rows == [
        ("info", "GM001", "GM001box <count> off"),
        ("error", "TX999", "TX999Nobody: a note's card is gone"),
    ]
    assert page.by_id("empty").text() == "No card matches these filters."
    assert page.by_id("empty").attrs.get("hidden", "absent") is None
    assert page.one("footer").text() == (
        f"Tiny & <Co>: 3 cards. Made by cardgen {__version__}. Click a card to turn it over."
    )
    (script,) = page.all("script")
    assert not script.attrs and "getElementById" in script.text()
    # the filters' script right after the cards: they work before the reports below are read
    parts = [(c.tag, c.attrs.get("id")) for c in page.one("main").children if isinstance(c, Node)]
    assert parts == [("section", "cards"), ("script", None), ("section", "decks")]
    decks = page.by_id("decks")
    assert decks.one("h2").text() == "Deck reports"
    (entry,) = decks.one("ul", "decklist").all("a")
    assert entry.attrs == {"href": "#report-first", "class": "bad"}  # the deck is illegal
    assert entry.text() == "first"
    (section,) = page.all("section", "report")
    assert section.attrs["id"] == "report-first"
    assert 'unknown card "Nobody <x>" in Tiny & <Co>' in section.text()
    assert [a.attrs["href"] for a in section.all("a")] == ["reports/first.pdf"]


def test_a_plain_game_with_nothing_to_report(make_project: Callable[..., Path]) -> None:
    game = GAME.replace('description: Cards "for" <you> & me.\n', "")
    root = make_project(game, CARDS, pool_name="cards.yaml")
    project = Project(root)
    out = root / "output" / "tiny"
    files = [out / "tts" / "tiny.json"]
    page = parsed(gallery_html(project.game("tiny"), drawn(out), out, files=files, notes=[]))
    assert not page.all("p", "about") and not page.all("div", "notes")
    assert page.one("header", "top").text().replace("\n", "") == (
        "Tiny & <Co>tabletop simulatortiny.json (saved object)Cards (3)"
    )
    assert not page.all("span", "flag") and not page.all("ul", "findings")
    assert [n for n in page.walk() if n.attrs.get("id") == "decks"] == []
    assert stray_text(page) == []  # nothing in place of the deck reports either


def test_a_render_warning_collected_shows_on_its_card(make_project: Callable[..., Path]) -> None:
    root = make_project(GAME, CARDS, pool_name="cards.yaml")
    project = Project(root)
    out = root / "output" / "tiny"
    warning = RenderWarning("RN101", "text <overflows>", "Borin", "text", "l", 3)
    rendered = replace(drawn(out), warnings=(warning,))
    notes = collect_notes(rendered, [], [])
    page = parsed(gallery_html(project.game("tiny"), rendered, out, notes=notes))
    borin = page.by_id("card-borin")
    rows = [(li.one("code").text(), li.text()) for li in borin.one("ul", "findings").all("li")]
    assert ("RN101", "RN101text <overflows>") in rows


STRUCTURE = {"", "html", "head", "body", "header", "nav", "main", "section", "form", "ul"}
STRUCTURE |= {"select", "article", "button", "div"}


def stray_text(page: Node) -> list[tuple[str, str | None, str]]:
    """Text standing between elements where the page puts none."""
    return [
        (node.tag, node.attrs.get("class") or node.attrs.get("id"), child)
        for node in [page, *page.walk()]
        if node.tag in STRUCTURE and not (node.tag == "button" and "id" in node.attrs)
        for child in node.children
        if isinstance(child, str) and child.strip()
    ]


def test_no_stray_text_between_the_elements_and_the_search_box_says_what_it_searches(
    page: Node,
) -> None:
    assert stray_text(page) == []
    search = page.by_id("search")
    assert search.attrs["placeholder"] == "Search names and text  ( / )"
    assert search.attrs["autocomplete"] == "off"


def test_deck_reports_mark_illegal_decks_and_link_only_cards_of_the_pool(tmp_path: Path) -> None:
    root = write_arena(tmp_path)
    (root / "decks" / "arena" / "decks" / "legal.txt").write_text("# game: arena\n2 Aria\n")
    project = Project(root)
    pack = project.game("arena")
    reports = [
        (f"report-{name}", report_deck(pack, load_deck(path)), f"reports/{name}.pdf")
        for name in ("first", "legal")
        for path in [pack.folder / "decks" / f"{name}.txt"]
    ]
    out = root / "output" / "arena"
    page = parsed(gallery_html(pack, RenderResult("arena", out), out, reports=reports, notes=[]))
    assert stray_text(page) == []
    entries = page.by_id("decks").one("ul", "decklist").all("a")
    assert [a.attrs for a in entries] == [
        {"href": "#report-first", "class": "bad"},
        {"href": "#report-legal"},
    ]
    assert [section.attrs["id"] for section in page.all("section", "report")] == [
        "report-first",
        "report-legal",
    ]
    first = page.by_id("report-first")
    links = {a.text(): a.attrs["href"] for a in first.all("a")}
    assert links["Aria"] == "#card-aria"
    assert "Nonexistent Card" in first.text() and "Nonexistent Card" not in links


def test_every_link_within_the_page_leads_to_an_element_of_it(page: Node) -> None:
    targets = [a.attrs["href"] for a in page.all("a") if (a.attrs["href"] or "").startswith("#")]
    # the skip link first ("Skip to the cards"), then the header's sections
    assert targets == ["#cards", "#cards", "#decks", "#card-borin", "#report-first"]
    ids = [n.attrs.get("id") for n in page.walk()]
    assert [t for t in targets if ids.count(t.removeprefix("#")) != 1] == []  # ids match as written


def test_a_report_naming_a_card_the_pool_no_longer_has_leaves_it_unlinked(tmp_path: Path) -> None:
    before = Project(write_arena(tmp_path / "before"))
    deck = load_deck(before.game("arena").folder / "decks" / "first.txt")
    stats = report_deck(before.game("arena"), deck)  # its duel table: Aria and Borin
    cards = "\n".join(line for line in ARENA_CARDS.splitlines() if not line.startswith("Borin,"))
    pack = Project(write_arena(tmp_path / "after", cards + "\n")).game("arena")
    out = tmp_path / "after" / "output" / "arena"
    reports = [("report-first", stats, "reports/first.pdf")]
    page = parsed(gallery_html(pack, RenderResult("arena", out), out, reports=reports, notes=[]))
    duel = page.by_id("report-first")
    rows = [tr for tr in duel.all("tr") if "data-card" in tr.attrs]
    named = [(tr.attrs["data-card"], [a.attrs["href"] for a in tr.all("a")]) for tr in rows]
    assert named == [("Aria", ["#card-aria"]), ("Borin", [])]
