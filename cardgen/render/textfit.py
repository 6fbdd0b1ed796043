"""Setting a layout's text element in its box: its runs, its style and the size it fits at.

Shared by drawing (`render.elements`) and by `cardgen check`, which sets every card's text the
same way without drawing it, to find a text that overflows its box even at `min_size`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.model.icon_names import canonical
from cardgen.model.layout import Layout, TextElement
from cardgen.render import fonts, paint, richtext, shapes
from cardgen.render.canvas import Canvas
from cardgen.render.icon_files import file_keys

if TYPE_CHECKING:
    from cardgen.load.game import GamePack

BOLD_KINDS = ("keyword", "action")


def keywords(pack: GamePack) -> list[str]:
    """Glossary terms set in bold where a layout asks for it: keywords and actions."""
    return [e.term for e in pack.game.glossary.entries if e.kind in BOLD_KINDS]


def icon_refs(
    layout: Layout, element: TextElement, game_folder: Path, project_root: Path
) -> dict[str, richtext.IconRef]:
    """The icons a text of the layout may name (a built-in icon, or a file of the game's,
    by its key: see `render.icon_files`), in the element's icon colour if it has one."""
    files = file_keys(layout.icons, game_folder, project_root)
    icons = {
        k: richtext.IconRef(files.get(k) or v.icon or k, paint.rgb(v.color) if v.color else None)
        for k, v in layout.icons.items()
    }
    icon_color = paint.rgb(element.icon_color) if element.icon_color else None
    if icon_color is not None:
        icons = {k: richtext.IconRef(v.name, v.color or icon_color) for k, v in icons.items()}
    return icons


def icon_test(icons: Collection[str]) -> Callable[[str], bool]:
    """Whether `{token}` in a text is an icon: one the layout names, or one of the library."""

    def is_icon(token: str) -> bool:
        return token in icons or canonical(token) is not None

    return is_icon


def face_of(
    element: TextElement, layout: Layout, project_root: Path
) -> Callable[[bool, bool], Path]:
    """The font file of the element's family for a run's bold and italic."""

    def face(bold: bool, italic: bool) -> Path:
        return fonts.face_file(
            element.font, bold or element.bold, italic or element.italic, layout.fonts, project_root
        )

    return face


@dataclass(frozen=True, slots=True)
class SetText:
    """A text as set in its box: the runs as written (before capitals and bold keywords),
    the style it is drawn in and the size it fits at (or how far over it is)."""

    runs: list[richtext.Run]
    style: richtext.TextStyle
    fit: richtext.FitResult


def set_text(
    element: TextElement,
    text: str,
    canvas: Canvas,
    box: shapes.Box,
    *,
    face: Callable[[bool, bool], Path],
    icons: dict[str, richtext.IconRef],
    keywords: list[str],
    unknown: list[str] | None = None,
    language: str = "en",
) -> SetText:
    """Read the markup of `text`, style it as the element asks and fit it in `box`;
    `{name}`s that name no icon are added to `unknown` (they print as written); words
    break at the hyphenation points of `language` where the element asks for it."""
    runs = richtext.parse_markup(text, icon_test(icons), unknown=unknown)
    shown = runs
    if element.bold_keywords and keywords:  # before capitals: the terms as the glossary writes them
        shown = richtext.bold_terms(shown, keywords)
    if element.upper:  # after the markup is read, so icon names keep their case
        shown = [richtext.Run(r.text.upper(), r.bold, r.italic, r.icon, r.newline) for r in shown]
    size_px = canvas.pt(element.size)
    min_px = canvas.pt(element.min_size) if element.min_size else size_px
    style = richtext.TextStyle(
        face=face,
        color=paint.rgb(element.color),
        size_px=size_px,
        min_px=min(min_px, size_px),
        line_spacing=element.line_spacing,
        align=element.align,
        valign=element.valign,
        wrap=element.wrap,
        icons=icons,
        outline=paint.rgb(element.outline) if element.outline else None,
        outline_px=round(canvas.x(element.outline_width)) if element.outline else 0,
        hyphenate=language if element.hyphenate else None,
    )
    width, height = text_area(element, box)
    return SetText(runs, style, richtext.fit_text(shown, style, width, height, fonts.font_at))


def text_area(element: TextElement, box: shapes.Box) -> tuple[float, float]:
    """The width and height the text is set in: the box's, turned with the text."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    return (height, width) if element.rotate in (90, 270) else (width, height)


def overflow(element: TextElement, name: str, fit: richtext.FitResult, dpi: int) -> str:
    """What is over when a text does not fit its box at its smallest size, in millimetres."""
    mm = 25.4 / dpi
    parts = []
    if fit.over_height > 0.5:
        parts.append(f"{fit.over_height * mm:.1f} mm too tall")
    if fit.over_width > 0.5:
        parts.append(f"a word {fit.over_width * mm:.1f} mm too wide")
    smallest = element.min_size or element.size
    return f"text of element {name} overflows its box at {smallest:g} pt ({', '.join(parts)})"
