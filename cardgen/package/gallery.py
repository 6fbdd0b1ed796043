"""The proof gallery: `output/<game>/index.html`, the whole game on one static page.

Written by `cardgen build` after the card images, PDFs and TTS export. The page works opened
straight from disk (file://): plain HTML with the stylesheet and a small script inline, card
images linked relatively (`cards/*.png`, `backs/*.png`), no request leaves the machine (a
Content-Security-Policy forbids it). It shows every card with a front/back toggle, filters
by type and by every choice field, a text search over names and texts, the lint findings,
check findings and render warnings (text overflows) on the card they concern, links to the
game's PDFs and TTS files, and the deck report of the box and of every example deck (inline
SVG charts, each also written as a one-page PDF under `reports/`).

Everything user-written is HTML-escaped; the same inputs give the same bytes.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from importlib.resources import files as resource_files
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen import __version__
from cardgen.cache import Cache, digest
from cardgen.check.deck_report import (
    DeckStats,
    field_label,
    report_box,
    report_deck,
    value_label,
)
from cardgen.errors import CardgenError
from cardgen.load.decklist import load_deck
from cardgen.load.game import GamePack
from cardgen.model.card import Card
from cardgen.package.report_html import REPORT_CSS, report_section, type_colors
from cardgen.package.report_pdf import report_pdf
from cardgen.project import Project
from cardgen.render.game import RenderResult
from cardgen.write import Writer, relative_inside, slug

if TYPE_CHECKING:
    from cardgen.check.findings import Finding
    from cardgen.check.lint import LintFinding

PAGE = "index.html"
REPORTS = "reports"
SEVERITIES = ("error", "warning", "info")
PAPER_NAMES = {"a4": "A4", "letter": "Letter", "long": "long edge", "short": "short edge"}
CSP = (
    "default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline';"
    " script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
)


@dataclass(frozen=True, slots=True)
class Note:
    """Something to look at on a card: a lint finding, a check finding, a render warning."""

    source: str
    code: str
    severity: str
    message: str
    card: str | None

    def sort_key(self) -> tuple[int, str, str, str]:
        rank = SEVERITIES.index(self.severity) if self.severity in SEVERITIES else 3
        return (rank, self.code, self.source, self.message)


def _asset(name: str) -> str:
    return (resource_files("cardgen.package") / "gallery_assets" / name).read_text(encoding="utf-8")


def collect_notes(
    project: Project,
    pack: GamePack,
    rendered: RenderResult,
    *,
    checks: Sequence[Finding] | None = None,
    lints: Sequence[LintFinding] | None = None,
) -> list[Note]:
    """Render warnings, check findings and lint findings. A build passes the findings it
    has already made; on its own, the gallery makes them."""
    from cardgen.check.game_checks import check_game
    from cardgen.check.lint import lint_game

    notes = [Note("render", w.code, "warning", w.message, w.card) for w in rendered.warnings]
    found_checks = check_game(pack, fit_text=False) if checks is None else checks  # RN101 says it
    notes += [Note("check", f.code, f.severity, f.message, f.card) for f in found_checks]
    if lints is None:
        try:
            lints = lint_game(pack, project_root=project.root)
        except CardgenError as exc:
            notes.append(Note("lint", "lint", "warning", f"lint did not run: {exc}", None))
            lints = []
    for finding in lints:
        message = finding.message
        if finding.suggestion:
            message += f" (suggestion: {finding.suggestion})"
        notes.append(Note("lint", finding.code, str(finding.severity), message, finding.card))
    return sorted(notes, key=Note.sort_key)


def _relative(path: str | Path, out: Path) -> str:
    inside = relative_inside(path, _resolved(out))
    return inside if inside is not None else Path(path).name


@functools.lru_cache(maxsize=64)
def _resolved(folder: Path) -> Path:  # outputs are written to resolved paths: no syscalls
    return folder.resolve()


def _crop_style(geometry: dict[str, Any]) -> tuple[str, str]:
    """(style of the frame, style of the image) that show a trim+bleed image at its trim."""
    trim_w, trim_h = geometry["trim_pt"]
    bleed = geometry["bleed_pt"]
    frame = f"aspect-ratio:{trim_w:.2f}/{trim_h:.2f}"
    image = (
        f"width:{(trim_w + 2 * bleed) / trim_w * 100:.3f}%;"
        f"height:{(trim_h + 2 * bleed) / trim_h * 100:.3f}%;"
        f"left:{-bleed / trim_w * 100:.3f}%;top:{-bleed / trim_h * 100:.3f}%"
    )
    return frame, image


def _field_chips(pack: GamePack, card: Card) -> str:
    chips = []
    for name, spec in pack.game.types[card.type].fields.items():
        value = card.fields.get(name)
        if value is None or value == "" or spec.type == "hexes":
            continue
        label = spec.label or name.replace("_", " ").capitalize()
        shown = escape(value_label(value) if spec.type == "choice" else str(value))
        partner = pack.find(str(value)) if spec.type == "card" else None
        if partner is not None:
            shown = f'<a href="#card-{escape(slug(partner.name))}">{shown}</a>'
        chips.append(f"<li><b>{escape(label)}</b> {shown}</li>")
    return "".join(chips)


def _card_html(
    pack: GamePack,
    card: Card,
    item: dict[str, Any],
    back: dict[str, Any] | None,
    notes: list[Note],
    colors: dict[str, str],
    out: Path,
) -> str:
    ctype = pack.game.types[card.type]
    worst = next((s for s in SEVERITIES if any(n.severity == s for n in notes)), None)
    classes = "card" + (f" has-{worst}" if worst in ("error", "warning") else "")
    attributes = [f'data-f-type="{escape(card.type)}"']
    for name in sorted(choice_fields(pack)):
        value = card.fields.get(name)
        if value is not None:
            attributes.append(f'data-f-{name}="{escape(str(value))}"')
    haystack = f"{card.name} {card.text}".lower()
    frame, image = _crop_style(item)
    src = escape(_relative(item["file"], out))
    front = (
        f'<span class="side front" style="{frame}"><img src="{src}" alt="{escape(card.name)}"'
        f' loading="lazy" decoding="async" style="{image}"></span>'
    )
    back_html = ""
    if back is not None:
        back_frame, back_image = _crop_style(back)
        back_html = (
            f'<span class="side back" style="{back_frame}">'
            f'<img src="{escape(_relative(back["file"], out))}" alt="Back of {escape(card.name)}"'
            f' loading="lazy" decoding="async" style="{back_image}"></span>'
        )
    flag = ""
    if notes:
        flag = (
            f'<span class="flag {worst or "info"}" title="{len(notes)} finding'
            f'{"s" if len(notes) != 1 else ""}">{len(notes)}</span>'
        )
    listed = "".join(
        f'<li class="{escape(n.severity)}"><code>{escape(n.code)}</code>{escape(n.message)}</li>'
        for n in notes
    )
    copies = f"×{card.copies}" if card.copies != 1 else "×1"
    return (
        f'<article class="{classes}" id="card-{escape(slug(card.name))}" {" ".join(attributes)}'
        f' data-search="{escape(haystack)}" data-findings="{len(notes)}">'
        f'<button type="button" class="face" aria-pressed="false"'
        f' title="Click to turn the card over">{flag}<span class="inner">{front}{back_html}'
        "</span></button>"
        f'<div class="meta"><h3><span class="name">{escape(card.name)}</span>'
        f'<span class="copies" title="copies in the box">{copies}</span></h3>'
        f'<ul class="chips"><li class="type" style="--type:{colors[card.type]}">'
        f"{escape(ctype.label)}</li>{_field_chips(pack, card)}</ul>"
        + (f'<ul class="findings">{listed}</ul>' if listed else "")
        + "</div></article>"
    )


def choice_fields(pack: GamePack) -> list[str]:
    """The game's choice fields, in the order its types define them."""
    names: list[str] = []
    for ctype in pack.game.types.values():
        names.extend(n for n, s in ctype.fields.items() if s.type == "choice" and n not in names)
    return names


def _filters(pack: GamePack) -> str:
    selects = []
    type_options = "".join(
        f'<option value="{escape(t)}">{escape(c.plural_label)}'
        f" ({sum(1 for card in pack.cards if card.type == t)})</option>"
        for t, c in pack.game.types.items()
    )
    selects.append(
        '<select id="filter-type" data-field="type" aria-label="Card type">'
        f'<option value="">All types</option>{type_options}</select>'
    )
    for name in choice_fields(pack):
        label = field_label(pack, name)
        options = "".join(
            f'<option value="{escape(str(v))}">{escape(value_label(v))}'
            f" ({sum(1 for c in pack.cards if c.fields.get(name) == v)})</option>"
            for v in pack.game.choice_values(name)
        )
        selects.append(
            f'<select id="filter-{escape(name)}" data-field="{escape(name)}"'
            f' aria-label="{escape(label)}"><option value="">Any {escape(label.lower())}</option>'
            f"{options}</select>"
        )
    return "".join(selects)


def _downloads(pack: GamePack, out: Path, files: Sequence[Path]) -> str:
    groups: dict[str, list[tuple[str, str]]] = {"print": [], "tabletop simulator": []}
    for path in sorted({_relative(p, out) for p in files}):
        name = Path(path).name
        if path.endswith(".pdf") and "/" not in path:
            words = name.removeprefix(f"{pack.id}-").removesuffix(".pdf").split("-")
            label = " ".join(PAPER_NAMES.get(word, word) for word in words)
            groups["print"].append((path, f"{label} PDF"))
        elif path.endswith(".png") and "/" not in path:
            groups["print"].append((path, f"{Path(path).stem.replace('-', ' ')} image"))
        elif path.startswith("tts/") and path.count("/") == 1:
            kind = "saved object" if name.endswith(".json") else "thumbnail"
            groups["tabletop simulator"].append((path, f"{name} ({kind})"))
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
        stats = report_deck(pack, deck)
        stats.path = _relative(path, pack.folder.parent.parent)  # the same from any folder
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
    project: Project,
    pack: GamePack,
    rendered: RenderResult,
    out: Path,
    *,
    files: Sequence[Path] = (),
    reports: Sequence[tuple[str, DeckStats, str]] = (),
    notes: Sequence[Note] | None = None,
) -> str:
    """The page's HTML."""
    notes = list(notes) if notes is not None else collect_notes(project, pack, rendered)
    colors = type_colors(list(pack.game.types))
    by_card: dict[str, list[Note]] = {}
    for note in notes:
        if note.card is not None:
            by_card.setdefault(note.card, []).append(note)
    names = {card.name for card in pack.cards}

    def card_link(name: str) -> str | None:
        return f"#card-{slug(name)}" if name in names else None

    loose = [n for n in notes if n.card is None or n.card not in names]
    items = {item["name"]: item for item in rendered.cards}
    backs = {b["back"]: b for b in rendered.backs}
    cards_html = [
        _card_html(
            pack,
            card,
            items[card.name],
            backs.get(items[card.name].get("back", "")),
            by_card.get(card.name, []),
            colors,
            out,
        )
        for card in pack.cards
        if card.name in items
    ]
    flagged = sum(1 for card in pack.cards if by_card.get(card.name))
    about = escape(pack.game.description) if pack.game.description else ""
    loose_html = ""
    if loose:
        listed = "".join(
            f'<li class="{escape(n.severity)}"><code>{escape(n.code)}</code>'
            f"{escape((n.card + ': ') if n.card else '')}{escape(n.message)}</li>"
            for n in loose
        )
        loose_html = (
            f'<div class="notes"><h3>Other findings</h3><ul class="findings">{listed}</ul></div>'
        )
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
    decks_html = ""
    if reports:
        decks_html = (
            f'<section id="decks"><h2>Deck reports</h2><ul class="decklist">{decks_nav}</ul>\n'
            f"{sections}</section>"
        )
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
        '<header class="top">\n'
        f"<h1>{escape(pack.game.name)}</h1>\n"
        + (f'<p class="about">{about}</p>\n' if about else "")
        + _downloads(pack, out, files)
        + "\n"
        + f'<nav class="sections"><a href="#cards">Cards ({total})</a>'
        + (f'<a href="#decks">Deck reports ({len(reports)})</a>' if reports else "")
        + "</nav>\n</header>\n<main>\n"
        '<section id="cards">\n'
        '<form class="toolbar" role="search" onsubmit="return false">'
        '<input type="search" id="search" placeholder="Search names and text  ( / )"'
        ' aria-label="Search names and text" autocomplete="off">'
        f"{_filters(pack)}{findings_box}"
        '<button type="button" id="flip-all" aria-pressed="false">Show backs</button>'
        '<button type="button" id="reset">Reset</button>'
        f'<span class="count" id="count" aria-live="polite">{total} of {total} cards</span>'
        "</form>\n"
        f"{loose_html}"
        f'<div class="grid" id="grid">\n' + "\n".join(cards_html) + "\n</div>\n"
        '<p class="empty" id="empty" hidden>No card matches these filters.</p>\n'
        "</section>\n"
        f"{decks_html}\n"
        "</main>\n"
        f"<footer>{escape(pack.game.name)}: {total} cards. Made by cardgen"
        f" {escape(__version__)}. Click a card to turn it over.</footer>\n"
        f"<script>\n{_asset('gallery.js')}</script>\n"
        "</body>\n</html>\n"
    )


def write_gallery(
    project: Project,
    pack: GamePack,
    rendered: RenderResult,
    out: Path,
    *,
    files: Sequence[Path] = (),
    notes: Sequence[Note] | None = None,
    cache: Cache | None = None,
) -> list[Path]:
    """Write `out/index.html` and the deck report PDFs in `out/reports/`; the paths written.

    `files` are the build's other outputs (PDFs, TTS files) for the page to link to; `notes`
    the findings to show on the cards (default: collected here); with `cache`, report PDFs
    whose figures did not change are not made again.
    """
    writer = Writer(out)
    reports, written = _deck_reports(pack, writer, cache)
    page = gallery_html(project, pack, rendered, out, files=files, reports=reports, notes=notes)
    written.append(writer.write_if_changed(PAGE, page.encode("utf-8")))
    return written
