"""The proof gallery `output/<game>/index.html`: every card, findings on their card, links
that resolve, user text escaped, no network, deck reports, same bytes on a rebuild."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import Result

from tests.arena import EVIL_NAME, EVIL_TEXT, write_arena

Run = Callable[..., Result]


class Page(HTMLParser):
    """The parts of the page the tests look at."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, str | None]] = []
        self.links: list[str] = []
        self.sources: list[str] = []
        self.scripts: list[dict[str, str | None]] = []
        self.options: dict[str, list[str]] = {}
        self.reports: list[str] = []
        self._select: str | None = None
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "article" and "card" in (found.get("class") or ""):
            self.cards.append(found)
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))
        if tag in ("img", "script", "link", "iframe", "source") and found.get("src"):
            self.sources.append(str(found["src"]))
        if tag == "script":
            self.scripts.append(found)
        if tag == "select":
            self._select = found.get("data-field")
            self.options[str(self._select)] = []
        if tag == "option" and self._select is not None:
            self.options[self._select].append(str(found.get("value")))
        if tag == "section" and "report" in (found.get("class") or ""):
            self.reports.append(str(found.get("data-deck")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@pytest.fixture
def built(tmp_path: Path, run: Run) -> Path:
    """The arena game built (it has a lint error: reported, it stops nothing)."""
    root = write_arena(tmp_path)
    result = run("build", "--project", root, "--jobs", "1", "--format", "json")
    assert result.exit_code == 0, result.output  # the lint error is reported, the build goes on
    assert json.loads(result.stdout)["games"][0]["lint"]
    return root / "output" / "arena"


def parse(out: Path) -> tuple[str, Page]:
    html = (out / "index.html").read_text(encoding="utf-8")
    page = Page()
    page.feed(html)
    return html, page


def test_every_card_with_front_and_back(built: Path) -> None:
    _, page = parse(built)
    assert len(page.cards) == 6
    assert {c["data-f-type"] for c in page.cards} == {"hero", "spell"}
    for source in page.sources:  # a file beside the page, or an icon's picture inline
        assert source.startswith("data:image/png;base64,") or (built / source).is_file(), source
    fronts = [s for s in page.sources if s.startswith("cards/")]
    backs = [s for s in page.sources if s.startswith("backs/")]
    assert len(fronts) == 6 and len(backs) == 6
    assert sorted(fronts) == sorted(f"cards/{p.name}" for p in (built / "cards").glob("*.png"))


def test_filters_come_from_the_choice_fields(built: Path) -> None:
    _, page = parse(built)
    assert page.options["type"] == ["", "hero", "spell"]
    assert page.options["element"] == ["", "fire", "water", "earth"]
    assert page.options["school"] == ["", "light", "shadow"]
    aria = next(c for c in page.cards if c["id"] == "card-aria")
    assert aria["data-f-element"] == "fire"
    assert aria["data-search"] == "aria leads the party."


def test_findings_sit_on_their_card(built: Path) -> None:
    _, page = parse(built)
    by_id = {c["id"]: c for c in page.cards}
    assert by_id["card-frost-bolt"]["data-findings"] == "1"
    assert by_id["card-wall-of-words"]["data-findings"] == "1"
    assert by_id["card-aria"]["data-findings"] == "0"
    assert "has-error" in str(by_id["card-frost-bolt"]["class"])
    assert "has-warning" in str(by_id["card-wall-of-words"]["class"])
    html = (built / "index.html").read_text(encoding="utf-8")
    frost = html[html.index('id="card-frost-bolt"') :].split("</article>")[0]
    assert "TX102" in frost and "Fireball" in frost
    wall = html[html.index('id="card-wall-of-words"') :].split("</article>")[0]
    assert "RN101" in wall and "overflows" in wall


def test_user_text_is_escaped(built: Path) -> None:
    html, page = parse(built)
    assert EVIL_NAME not in html and EVIL_TEXT not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; Imp" in html
    assert "Arena &lt;Test&gt; &amp; Co" in html
    assert len(page.scripts) == 1 and not page.scripts[0].get("src")  # only our inline script
    assert EVIL_NAME in "".join(page.text)  # shown as text


def test_no_network_and_relative_links(built: Path) -> None:
    html, page = parse(built)
    for url in [*page.links, *page.sources]:
        assert "://" not in url and not url.startswith("//"), url
        if not url.startswith(("#", "data:image/png;base64,")):  # icons are inline
            assert (built / url).is_file(), url
    assert "Content-Security-Policy" in html and "default-src 'none'" in html
    assert not re.search(r"url\(|@import", html)  # no stylesheet fetches either
    assert {"arena-a4-duplex-long.pdf", "arena-letter-duplex-long.pdf", "tts/arena.json"} <= set(
        page.links
    )


def test_deck_reports_on_the_page_and_as_pdfs(built: Path) -> None:
    _, page = parse(built)
    assert page.reports == ["Arena <Test> & Co: the box", "first"]
    assert "reports/arena-box.pdf" in page.links and "reports/first.pdf" in page.links
    for name in ("arena-box.pdf", "first.pdf"):
        assert (built / "reports" / name).read_bytes().startswith(b"%PDF")
    html = (built / "index.html").read_text(encoding="utf-8")
    section = html[html.index('id="report-first"') :]
    assert "illegal" in section.split("</h3>")[0]
    assert "decks/arena/decks/first.txt: 6 cards" in section  # from the project, not cwd
    assert '<a href="#card-aria">Aria</a>' in section  # duel rows lead to their card
    assert "Nonexistent Card" in section
    assert "<svg" in section and "Hero Duel" in section and "Overpower matrix" in section


def test_rebuild_gives_the_same_bytes_and_is_recorded(built: Path, run: Run) -> None:
    root = built.parent.parent
    before = {p: p.read_bytes() for p in [built / "index.html", *(built / "reports").iterdir()]}
    mtimes = {p: p.stat().st_mtime_ns for p in before}
    run("build", "--project", root, "--jobs", "1", "--keep-going")
    assert {p: p.read_bytes() for p in before} == before
    assert {p: p.stat().st_mtime_ns for p in before} == mtimes  # unchanged files not rewritten
    listed = json.loads((built / ".cardgen-files.json").read_text())["files"]
    assert {"index.html", "reports/first.pdf", "reports/arena-box.pdf"} <= set(listed)
    run("clean", "--project", root)
    assert not (built / "index.html").exists()


def test_a_card_edit_changes_only_that_card_on_the_page(built: Path, run: Run) -> None:
    root = built.parent.parent
    html_before = (built / "index.html").read_text(encoding="utf-8")
    cards = root / "decks" / "arena" / "cards.csv"
    cards.write_text(cards.read_text().replace("Leads the party.", "Leads the charge."))
    run("build", "--project", root, "--jobs", "1", "--keep-going")
    html_after = (built / "index.html").read_text(encoding="utf-8")
    assert "aria leads the charge." in html_after and "leads the party" not in html_after
    assert html_before.replace("the party.", "the charge.") == html_after


def test_the_gallery_shows_the_findings_it_is_given_and_makes_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build hands the gallery the findings it made: the gallery neither checks nor
    lints the game again (both are refused here), and shows what it is given, on its card."""
    import cardgen.check.game_checks
    import cardgen.check.lint
    from cardgen.check.findings import Finding
    from cardgen.check.lint import LintFinding
    from cardgen.project import open_project
    from cardgen.render.game import render_game
    from cardgen.web.gallery import write_gallery
    from cardgen.write import slug

    project = open_project(write_arena(tmp_path))
    pack = project.game("arena")
    out = tmp_path / "out"
    rendered = render_game(project, pack.id, out, jobs=1)

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the gallery checked or linted the game itself")

    monkeypatch.setattr(cardgen.check.game_checks, "check_game", refused)
    monkeypatch.setattr(cardgen.check.lint, "lint_game", refused)
    card = pack.cards[-1]
    check = Finding("pool", "CK999", "made up for this test", "cards.csv", 3, card.name, "warning")
    lint = LintFinding(
        "cards.csv", 3, 1, 4, "TX999", "made-up", "error", "also made up", card.name, "this"
    )
    written = write_gallery(pack, rendered, out, checks=[check], lints=[lint])
    assert out / "index.html" in written
    html, _ = parse(out)
    codes = re.findall(r"<code>([^<]*)</code>", html)
    assert sorted(codes) == sorted(["CK999", "TX999", *(w.code for w in rendered.warnings)])
    tile = re.search(
        rf'<article class="([^"]*)" id="card-{re.escape(slug(card.name))}"[^>]*>(.*?)</article>',
        html,
        re.DOTALL,
    )
    assert tile is not None and "has-error" in tile[1].split()
    assert "<code>CK999</code>made up for this test</li>" in tile[2]
    assert "<code>TX999</code>also made up (suggestion: this)</li>" in tile[2]
