"""The proof gallery: `output/<game>/index.html`, the whole game on one static page.

Written by `cardgen build` after the card images, PDFs and TTS export. The page works opened
straight from disk (file://): plain HTML with the stylesheet and a small script inline, card
images linked relatively (`cards/*.png`, `backs/*.png`), no request leaves the machine (a
Content-Security-Policy forbids it). It shows every card with a front/back toggle, filters
by type and by every choice field, a text search over names and texts, the lint findings,
check findings and render warnings (text overflows) on the card they concern, links to the
game's PDFs and TTS files, and the deck report of the box and of every example deck (inline
SVG charts, each also written as a one-page PDF under `reports/`), and every icon the game
can use with its name as written in text (`gallery_icons`).

Everything user-written is HTML-escaped; the same inputs give the same bytes. The cards'
notes, tiles and filters are `gallery_cards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from html import escape
from importlib.resources import files as resource_files
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen import __version__
from cardgen.cache import Cache, digest
from cardgen.check.deck_report import DeckStats, report_box, report_deck
from cardgen.errors import CardgenError
from cardgen.icon_catalog import IconCatalog, game_catalog
from cardgen.load.decklist import load_deck
from cardgen.load.game import GamePack
from cardgen.printing.components_pdf import ComponentPicture
from cardgen.render.game import RenderResult
from cardgen.reports.html import REPORT_CSS, report_section, type_colors
from cardgen.reports.pdf import report_pdf
from cardgen.rulebook.output import FOLDER as RULEBOOK_FOLDER
from cardgen.web.gallery_cards import Note, card_html, collect_notes, filters, relative_href
from cardgen.web.gallery_components import components_section
from cardgen.web.gallery_icons import icons_section
from cardgen.web.table_page import PAGE as TABLE_PAGE
from cardgen.write import Writer, slug

if TYPE_CHECKING:
    from cardgen.check.findings import Finding
    from cardgen.check.lint.finding import LintFinding

PAGE = "index.html"
REPORTS = "reports"
PAPER_NAMES = {"a4": "A4", "letter": "Letter", "long": "long edge", "short": "short edge"}
CSP = (
    "default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline';"
    " script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
)


def _asset(name: str) -> str:
    return (resource_files("cardgen.web") / "assets" / name).read_text(encoding="utf-8")


def _pdf_label(name: str, prefix: str) -> str:
    """A PDF's link text from its file name after `prefix`, papers named as people say
    them: `shards-a4-duplex-long.pdf` -> `A4 duplex long edge PDF`."""
    words = name.removeprefix(prefix).removesuffix(".pdf").split("-")
    return " ".join(PAPER_NAMES.get(word, word) for word in words) + " PDF"


TTS_KINDS = (
    ("-table.json", "saved game"),
    ("-table.png", "saved game's thumbnail"),
    (".json", "saved object"),
    (".png", "thumbnail"),
    (".uploads.txt", "upload list"),
)
"""What each file of `tts/` is, by how its name ends (the first that fits)."""


def _tts_label(name: str) -> str:
    """A file of `tts/` named with what it is: `shards.uploads.txt (upload list)`."""
    kind = next((kind for end, kind in TTS_KINDS if name.endswith(end)), "")
    return f"{name} ({kind})" if kind else name


def _downloads(pack: GamePack, out: Path, files: Sequence[Path]) -> str:
    groups: dict[str, list[tuple[str, str]]] = {
        "print": [],
        "rules": [],
        "play": [],
        "tabletop simulator": [],
    }
    for path in sorted({relative_href(p, out) for p in files}):
        name = Path(path).name
        if path.endswith(".pdf") and "/" not in path:
            groups["print"].append((path, _pdf_label(name, f"{pack.id}-")))
        elif path.endswith(".png") and "/" not in path:
            groups["print"].append((path, f"{Path(path).stem.replace('-', ' ')} image"))
        elif path == f"{RULEBOOK_FOLDER}/rulebook.html":
            groups["rules"].append((path, "rulebook"))
        elif path.startswith(f"{RULEBOOK_FOLDER}/rulebook-") and path.endswith(".pdf"):
            groups["rules"].append((path, _pdf_label(name, "rulebook-")))
        elif path == TABLE_PAGE:
            groups["play"].append((path, "playtest table"))
        elif path.startswith("tts/") and path.count("/") == 1:
            groups["tabletop simulator"].append((path, _tts_label(name)))
    parts = []
    for kind, links in groups.items():
        if not links:
            continue
        parts.append(f'<span class="kind">{escape(kind)}</span>')
        parts.extend(f'<a href="{escape(href)}">{escape(label)}</a>' for href, label in links)
    return f'<div class="downloads">{"".join(parts)}</div>'


def _deck_reports(
    pack: GamePack, writer: Writer, cache: Cache | None = None
) -> tuple[list[tuple[str, DeckStats, str]], list[Path]]:
    """The box report and each example deck's: (anchor, stats, pdf href), and the PDFs
    (with a cache, a PDF whose figures did not change is left as it is)."""
    made: list[tuple[str, DeckStats, str]] = []
    written: list[Path] = []
    seen: set[str] = set()
    subjects: list[tuple[str, DeckStats]] = [(f"{pack.id}-box", report_box(pack))]
    for path in pack.deck_files():
        try:
            deck = load_deck(path)
        except CardgenError:
            continue  # a deck list that does not load is `cardgen validate`'s to report
        # its path the same from any folder
        stats = replace(
            report_deck(pack, deck), path=relative_href(path, pack.folder.parent.parent)
        )
        subjects.append((slug(path.stem), stats))
    for name, stats in subjects:
        while name in seen:
            name += "-2"
        seen.add(name)
        pdf = f"{REPORTS}/{name}.pdf"
        key = digest("report pdf", stats.as_json())
        recorded = cache.stamp(key) if cache is not None else None
        target = writer.path(pdf)
        if recorded is not None and recorded["path"] == str(target):
            written.append(writer.keep(pdf))
        else:
            written.append(writer.write_if_changed(pdf, report_pdf(stats)))
            if cache is not None:
                cache.put_stamp(key, target, {})
        made.append((f"report-{name}", stats, pdf))
    return made, written


def gallery_html(
    pack: GamePack,
    rendered: RenderResult,
    out: Path,
    *,
    notes: Sequence[Note],
    files: Sequence[Path] = (),
    reports: Sequence[tuple[str, DeckStats, str]] = (),
    icons: IconCatalog | None = None,
    components: Sequence[ComponentPicture] = (),
) -> str:
    """The page's HTML (with `icons`, a section listing every icon the game can use; a
    section of the game's components with the `components` pictures the build printed)."""
    by_card: dict[str, list[Note]] = {}
    for note in notes:
        if note.card is not None:
            by_card.setdefault(note.card, []).append(note)
    names = {card.name for card in pack.cards}
    loose = [n for n in notes if n.card is None or n.card not in names]
    cards_html = _cards_html(pack, rendered, out, by_card)
    flagged = sum(1 for card in pack.cards if by_card.get(card.name))
    findings_box = (
        f'<label><input type="checkbox" id="only-findings"> with findings ({flagged})</label>'
    )
    total = len(cards_html)
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        '<meta name="viewport" content="width=device-width,initial-scale=1">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f'<meta name="generator" content="cardgen {escape(__version__)}">\n'
        f"<title>{escape(pack.game.name)}: proof gallery</title>\n"
        f"<style>\n{_asset('gallery.css')}{REPORT_CSS}</style>\n</head>\n<body>\n"
        '<a class="skip" href="#cards">Skip to the cards</a>\n'
        + _header(pack, out, files, total, len(reports), icons)
        + "<main>\n"
        '<section id="cards" tabindex="-1">\n<h2 class="sr">Cards</h2>\n'
        '<form class="toolbar" role="search">'
        '<input type="search" id="search" placeholder="Search names and text  ( / )"'
        ' aria-label="Search names and text" autocomplete="off">'
        f"{filters(pack)}{findings_box}"
        '<button type="button" id="flip-all" aria-pressed="false">Show backs</button>'
        '<button type="button" id="reset">Reset</button>'
        f'<span class="count" id="count" aria-live="polite">{total} of {total} cards</span>'
        "</form>\n"
        f"{_loose_html(loose)}"
        f'<div class="grid" id="grid">\n' + "\n".join(cards_html) + "\n</div>\n"
        '<p class="empty" id="empty" hidden>No card matches these filters.</p>\n'
        "</section>\n"
        # the filters work once the cards are read, before the (long) sections below them
        f"<script>\n{_asset('gallery.js')}</script>\n"
        f"{_decks_html(reports, names)}\n"
        + (icons_section(icons) + "\n" if icons else "")
        + (components_section(pack, components, out) + "\n" if pack.game.components else "")
        + "</main>\n"
        f"<footer>{escape(pack.game.name)}: {total} cards. Made by cardgen"
        f" {escape(__version__)}. Click a card to turn it over.</footer>\n"
        "</body>\n</html>\n"
    )


def _header(
    pack: GamePack,
    out: Path,
    files: Sequence[Path],
    total: int,
    reports: int,
    icons: IconCatalog | None,
) -> str:
    """The page's header: the game's name and description, its downloads and the links to
    the page's sections."""
    about = escape(pack.game.description) if pack.game.description else ""
    return (
        '<header class="top">\n'
        f"<h1>{escape(pack.game.name)}</h1>\n"
        + (f'<p class="about">{about}</p>\n' if about else "")
        + _downloads(pack, out, files)
        + "\n"
        + f'<nav class="sections"><a href="#cards">Cards ({total})</a>'
        + (f'<a href="#decks">Deck reports ({reports})</a>' if reports else "")
        + (f'<a href="#icons">Icons ({len(icons.entries)})</a>' if icons else "")
        + (
            f'<a href="#components">Components ({len(pack.game.components)})</a>'
            if pack.game.components
            else ""
        )
        + "</nav>\n</header>\n"
    )


def _cards_html(
    pack: GamePack, rendered: RenderResult, out: Path, by_card: dict[str, list[Note]]
) -> list[str]:
    """A tile for each card drawn, in the pool's order, with the notes on it."""
    colors = type_colors(list(pack.game.types))
    items = {item.name: item for item in rendered.cards}
    backs = {b.back: b for b in rendered.backs}
    return [
        card_html(
            pack,
            card,
            items[card.name],
            backs.get(items[card.name].back),
            by_card.get(card.name, []),
            colors,
            out,
        )
        for card in pack.cards
        if card.name in items
    ]


def _loose_html(loose: Sequence[Note]) -> str:
    """The findings on no card shown (the game's, or a card the page does not hold)."""
    if not loose:
        return ""
    listed = "".join(
        f'<li class="{escape(n.severity)}"><code>{escape(n.code)}</code>'
        f"{escape((n.card + ': ') if n.card else '')}{escape(n.message)}</li>"
        for n in loose
    )
    return f'<div class="notes"><h3>Other findings</h3><ul class="findings">{listed}</ul></div>'


def _decks_html(reports: Sequence[tuple[str, DeckStats, str]], names: set[str]) -> str:
    """The deck reports' section (none without reports): a list of them, then each report,
    its card names linked to their tiles."""
    if not reports:
        return ""

    def card_link(name: str) -> str | None:
        return f"#card-{slug(name)}" if name in names else None

    bad = ' class="bad"'
    decks_nav = "".join(
        f'<li><a href="#{escape(anchor)}"{bad if stats.legal is False else ""}>'
        f"{escape(stats.title)}</a></li>"
        for anchor, stats, _ in reports
    )
    sections = "\n".join(
        report_section(stats, anchor=anchor, pdf=pdf, link=card_link)
        for anchor, stats, pdf in reports
    )
    return (
        f'<section id="decks"><h2>Deck reports</h2><ul class="decklist">{decks_nav}</ul>\n'
        f"{sections}</section>"
    )


def write_gallery(
    pack: GamePack,
    rendered: RenderResult,
    out: Path,
    *,
    checks: Sequence[Finding],
    lints: Sequence[LintFinding],
    files: Sequence[Path] = (),
    cache: Cache | None = None,
    components: Sequence[ComponentPicture] = (),
) -> list[Path]:
    """Write `out/index.html` and the deck report PDFs in `out/reports/`; the paths written.

    `checks` and `lints` are the findings the build made, shown on their cards; `files`
    the build's other outputs (PDFs, TTS files) for the page to link to; with `cache`,
    report PDFs whose figures did not change are not made again; `components` the
    pictures of the components the build printed.
    """
    writer = Writer(out)
    reports, written = _deck_reports(pack, writer, cache)
    notes = collect_notes(rendered, checks, lints)
    icons = game_catalog(pack.root, pack, loaded=True) if pack.root is not None else None
    page = gallery_html(
        pack,
        rendered,
        out,
        files=files,
        reports=reports,
        notes=notes,
        icons=icons,
        components=components,
    )
    written.append(writer.write_if_changed(PAGE, page.encode("utf-8")))
    return written
