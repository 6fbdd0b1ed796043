"""The cards on the proof gallery: the notes to show on them (render warnings, check and
lint findings, as the build hands them over: the gallery never checks or lints a game
itself), each card's tile (front and back cropped to the trim, its fields as chips, its
notes) and the filters over the card type and choice fields.

Everything user-written is HTML-escaped.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.check.deck_report import field_label, value_label
from cardgen.load.game import GamePack
from cardgen.model.card import Card
from cardgen.model.labels import field_title
from cardgen.render.rendered import Geometry, RenderedBack, RenderedCard
from cardgen.reports.contrast import readable_ink
from cardgen.write import relative_inside, slug

if TYPE_CHECKING:
    from cardgen.check.findings import Finding
    from cardgen.check.lint.finding import LintFinding
    from cardgen.render.game import RenderResult

SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True, slots=True)
class Note:
    """Something to look at on a card: a lint finding, a check finding, a render warning."""

    source: str
    code: str
    severity: str
    message: str
    card: str | None

    def sort_key(self) -> tuple[int, str, str, str]:
        """Errors first, then warnings, then the rest; by code, source and message."""
        rank = SEVERITIES.index(self.severity) if self.severity in SEVERITIES else 3
        return (rank, self.code, self.source, self.message)


def collect_notes(
    rendered: RenderResult, checks: Sequence[Finding], lints: Sequence[LintFinding]
) -> list[Note]:
    """Render warnings, check findings and lint findings, worst first."""
    notes = [Note("render", w.code, "warning", w.message, w.card) for w in rendered.warnings]
    notes += [Note("check", f.code, f.severity, f.message, f.card) for f in checks]
    for finding in lints:
        message = finding.message
        if finding.suggestion:
            message += f" (suggestion: {finding.suggestion})"
        notes.append(Note("lint", finding.code, str(finding.severity), message, finding.card))
    return sorted(notes, key=Note.sort_key)


def relative_href(path: str | Path, out: Path) -> str:
    """A link from the page in `out` to an output file (its name alone if outside)."""
    inside = relative_inside(path, _resolved(out))
    return inside if inside is not None else Path(path).name


@functools.lru_cache(maxsize=64)
def _resolved(folder: Path) -> Path:  # outputs are written to resolved paths: no syscalls
    return folder.resolve()


def _crop_style(geometry: Geometry) -> tuple[str, str]:
    """(style of the frame, style of the image) that show a trim+bleed image at its trim."""
    trim_w, trim_h = geometry.trim_pt
    bleed = geometry.bleed_pt
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
        label = field_title(name, spec)
        shown = escape(value_label(value) if spec.type == "choice" else str(value))
        partner = pack.find(str(value)) if spec.type == "card" else None
        if partner is not None:
            shown = f'<a href="#card-{escape(slug(partner.name))}">{shown}</a>'
        chips.append(f"<li><b>{escape(label)}</b> {shown}</li>")
    return "".join(chips)


def card_html(
    pack: GamePack,
    card: Card,
    item: RenderedCard,
    back: RenderedBack | None,
    notes: list[Note],
    colors: dict[str, str],
    out: Path,
) -> str:
    """One card's tile: front and back (turned by a click), name, copies, chips, notes."""
    ctype = pack.game.types[card.type]
    worst = next((s for s in SEVERITIES if any(n.severity == s for n in notes)), None)
    classes = "card" + (f" has-{worst}" if worst in ("error", "warning") else "")
    attributes = [f'data-f-type="{escape(card.type)}"']
    for name in sorted(choice_fields(pack)):
        value = card.fields.get(name)
        if value is not None:
            attributes.append(f'data-f-{name}="{escape(str(value))}"')
    haystack = f"{card.name} {card.text}".lower()
    frame, image = _crop_style(item.geometry)
    src = escape(relative_href(item.file, out))
    front = (
        f'<span class="side front" style="{frame}"><img src="{src}" alt="{escape(card.name)}"'
        f' loading="lazy" decoding="async" style="{image}"></span>'
    )
    back_html = ""
    if back is not None:
        back_frame, back_image = _crop_style(back.geometry)
        back_html = (
            f'<span class="side back" style="{back_frame}">'
            f'<img src="{escape(relative_href(back.file, out))}"'
            f' alt="Back of {escape(card.name)}"'
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
        f'<ul class="chips"><li class="type" style="--type:{colors[card.type]};'
        f'--type-ink:{readable_ink(colors[card.type])}">'
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


def filters(pack: GamePack) -> str:
    """The type and choice-field filters of the toolbar, with each value's count."""
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
