"""The draw odds of a deck report as HTML: the table of odds by turn and sample hands.

A `DrawTable` (`cardgen.check.deck_draws`) drawn as a `<div class="wide draws">` of the
report section (`cardgen.reports.html`, the page and the gallery): a row per card
type or selector, a column per turn with the chance of at least one and the expected
count, shaded by the chance, then the sample opening hands.
"""

from __future__ import annotations

from html import escape

from cardgen.check.deck_draws import DrawTable
from cardgen.check.dice import percent
from cardgen.reports.contrast import INK, MUTED, readable_ink, shade

SHADE = "#3f9a58"
"""The colour a cell is shaded with, more opaque as its chance grows (at most 40 %)."""

DRAWS_CSS = """
.report .draws td{min-width:4.6rem}
.report .draws td small,.report .draws th small{display:block;color:var(--muted);font-size:.7rem}
.report .draws tr.each th{font-style:italic}
.report .hands{font-size:.8rem;margin:.4rem 0 0;padding-left:1.4rem}
"""
"""The draw table's own rules, added to the report's CSS."""


def scroll_box(classes: str, label: str) -> str:
    """The opening tag of a table's box that scrolls sideways on a narrow screen: a keyboard
    can reach it (a tab stop, then the arrow keys scroll it) and it is named by `label`."""
    return f'<div class="{classes}" tabindex="0" role="group" aria-label="{escape(label)}">'


def draws_html(table: DrawTable) -> str:
    """The draw odds as an HTML table (a column per turn), with the sample opening hands."""
    head = "".join(
        f'<th title="{n} cards seen">turn {t}<small>{n} cards</small></th>'
        for t, n in enumerate(table.seen)
    )
    rows = []
    for row in table.rows:
        cells = []
        for chance, expected in zip(row.chance, row.expected, strict=True):
            shown = percent(chance)
            background = shade(SHADE, round(shown / 250, 3))
            small = readable_ink(background, (MUTED, INK))
            cells.append(
                f'<td style="background:{background}"'
                f' title="{chance.numerator}/{chance.denominator}">{shown:.1f}%'
                f'<small style="color:{small}">{float(expected):.2f}</small></td>'
            )
        each = ' class="each"' if row.selector is None else ""
        rows.append(
            f'<tr data-odds="{escape(row.label)}"{each}><th>{escape(row.label)}</th>'
            f"<td>{row.copies}</td>{''.join(cells)}</tr>"
        )
    hands = "".join(f"<li>{escape(', '.join(hand))}</li>" for hand in table.samples)
    return (
        f"{scroll_box('wide draws', 'Draw odds')}<figcaption>Draw odds"
        " <small>(chance of at least one by turn; below it the expected count)</small>"
        "</figcaption>"
        '<table><thead><tr><th><span class="sr">cards looked for</span></th><th>cards</th>'
        f"{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<p class="method">{escape(table.method)}</p>'
        '<p class="method">Sample opening hands (fixed seed):</p>'
        f'<ol class="hands">{hands}</ol></div>'
    )
