"""Rich text in a box: markup, icons on the baseline, wrapping, alignment, shrink to fit.

The markup (`**bold**`, `*italic*`, `{icon}`; see `markup`) comes in as runs; glossary
keywords can be set in bold. Text shrinks from its size down to a minimum to fit both the
width and the height of its box; what still does not fit is reported, never cut silently.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PIL import ImageFont

from cardgen.render import hyphenate
from cardgen.render.markup import Run, bold_terms, parse_markup

__all__ = [
    "Atom",
    "FitResult",
    "IconRef",
    "Placed",
    "Run",
    "TextStyle",
    "bold_terms",
    "fit_text",
    "layout_text",
    "parse_markup",
]

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class IconRef:
    """How an icon is drawn inside text."""

    name: str
    color: RGB | None = None


@dataclass(slots=True)
class Atom:
    """A measured piece of a line: a word, a space, an icon or a break."""

    kind: str  # "word" | "space" | "icon" | "break"
    text: str
    bold: bool
    italic: bool
    width: float = 0.0
    icon: str | None = None
    soft: tuple[int, ...] = ()
    """Where the word's soft hyphens were (they are not drawn): places it may break."""


@dataclass(slots=True)
class Placed:
    """Lines of atoms at one font size, ready to draw."""

    size: int
    lines: list[list[Atom]]
    widths: list[float]
    line_height: float
    ascent: int
    descent: int
    too_wide: float = 0.0
    icon_side: int = 0
    icon_advance: float = 0.0
    wrapped: set[int] = field(default_factory=set)
    """The lines that end because the next word did not fit (justified ones spread)."""

    @property
    def height(self) -> float:
        """The height of the set lines, first ascent to last descent."""
        return (len(self.lines) - 1) * self.line_height + self.ascent + self.descent


@dataclass
class TextStyle:
    """Everything needed to set a text: fonts by style, size range, spacing, icons."""

    face: Callable[[bool, bool], Path]
    color: RGB
    size_px: int
    min_px: int
    line_spacing: float = 1.15
    align: str = "left"
    valign: str = "top"
    wrap: bool = True
    icon_scale: float = 1.2
    """Icon height as a multiple of the font's cap height."""
    icons: dict[str, IconRef] = field(default_factory=dict)
    outline: RGB | None = None
    outline_px: int = 0
    hyphenate: str | None = None
    """The language whose hyphenation points words break at (None: soft hyphens only)."""


def _atoms(runs: list[Run]) -> list[Atom]:
    atoms: list[Atom] = []
    for run in runs:
        if run.newline:
            atoms.append(Atom("break", "", False, False))
        elif run.icon is not None:
            atoms.append(Atom("icon", "", run.bold, run.italic, icon=run.icon))
        else:
            for piece in re.split(r"( +)", run.text):
                if not piece:
                    continue
                kind = "space" if piece.startswith(" ") else "word"
                text, soft = hyphenate.clean(piece) if kind == "word" else (" ", ())
                if text:
                    atoms.append(Atom(kind, text, run.bold, run.italic, soft=soft))
    return atoms


@functools.lru_cache(maxsize=512)
def _metrics(font: ImageFont.FreeTypeFont) -> tuple[int, int, float]:
    """A font's ascent, descent and cap height (of "H"), in px."""
    ascent, descent = font.getmetrics()
    return ascent, descent, -font.getbbox("H", anchor="ls")[1]


@functools.lru_cache(maxsize=65536)
def _length(font: ImageFont.FreeTypeFont, text: str) -> float:
    """A word's advance in a font: the same words come back on card after card."""
    return font.getlength(text)


CLOSING = frozenset(".,;:!?)]}»›”’'\"…")
"""Marks that close what they follow: never the first thing on a line when no space
comes before them (`**Rush**.`, `{coin},`, `"**Ward**"`)."""
OPENING = frozenset("([{«‹“‘'\"¿¡")
"""Marks that open what follows: never the last thing on a line before an icon."""


def _joined(before: Atom, after: Atom) -> bool:
    """Whether two atoms, with no space between them, must stay on one line: two words (one
    word set in two styles: `**Rush**ing`), closing punctuation after a word or an icon,
    an icon after opening punctuation. An icon next to a word may break (`3{coin}`)."""
    if after.kind == "word":
        return before.kind == "word" or after.text[0] in CLOSING
    return after.kind == "icon" and before.kind == "word" and before.text[-1] in OPENING


def _held(line: list[Atom], atom: Atom) -> int:
    """How many atoms at the end of `line` go to the next line with `atom` (0: it may start
    a line of its own)."""
    count = 0
    for before in reversed(line):
        if before.kind == "space" or not _joined(before, atom):
            break
        count += 1
        atom = before
    return count


def layout_text(
    atoms: list[Atom],
    style: TextStyle,
    size: int,
    width: float,
    font_at: Callable[[Path, int], ImageFont.FreeTypeFont],
) -> Placed:
    """Measure the atoms at `size` px and wrap them into lines no wider than `width`."""
    font = _fonts(style, size, font_at)
    regular = font(False, False)
    ascent, descent, cap = _metrics(regular)
    icon_side = max(1, round(cap * style.icon_scale))
    icon_advance = icon_side + size * 0.16
    set_lines = _Lines([[]], [0.0], set())
    lines, widths = set_lines.lines, set_lines.widths
    too_wide = 0.0
    for atom in atoms:
        if atom.kind == "break":
            lines.append([])
            widths.append(0.0)
            continue
        measured = Atom(atom.kind, atom.text, atom.bold, atom.italic, icon=atom.icon)
        measured.width = (
            icon_advance
            if atom.kind == "icon"
            else _length(font(atom.bold, atom.italic), atom.text)
        )
        line = lines[-1]
        if atom.kind == "space":
            if line:
                line.append(measured)
                widths[-1] += measured.width
            continue
        over = widths[-1] + measured.width > width + 0.01
        if style.wrap and over and _breakable(line, atom, style):
            font_of = font(atom.bold, atom.italic)
            too_wide = set_lines.cut(atom, measured, width, style, font_of, too_wide)
            line = lines[-1]
        if style.wrap and line and widths[-1] + measured.width > width + 0.01:
            keep = _held(line, measured)
            if keep < len(line):  # else the line is one word: it cannot break
                carried = line[len(line) - keep :]
                del line[len(line) - keep :]
                widths[-1] -= sum(a.width for a in carried)
                line = set_lines.wrap(carried, sum(a.width for a in carried))
        line.append(measured)
        widths[-1] += measured.width
        too_wide = max(too_wide, widths[-1] - width)
    set_lines.trim()
    return Placed(
        size,
        lines,
        widths,
        size * style.line_spacing,
        ascent,
        descent,
        max(0.0, too_wide),
        icon_side,
        icon_advance,
        set_lines.wrapped,
    )


def _fonts(
    style: TextStyle, size: int, font_at: Callable[[Path, int], ImageFont.FreeTypeFont]
) -> Callable[[bool, bool], ImageFont.FreeTypeFont]:
    """The style's font at `size` by (bold, italic), each opened once."""
    fonts: dict[tuple[bool, bool], ImageFont.FreeTypeFont] = {}

    def font(bold: bool, italic: bool) -> ImageFont.FreeTypeFont:
        key = (bold, italic)
        if key not in fonts:
            fonts[key] = font_at(style.face(bold, italic), size)
        return fonts[key]

    return font


@dataclass(slots=True)
class _Lines:
    """The lines being set: their atoms, their widths, and which end by wrapping."""

    lines: list[list[Atom]]
    widths: list[float]
    wrapped: set[int]

    def wrap(self, carried: list[Atom], width: float) -> list[Atom]:
        """End the last line where it wraps (its trailing spaces dropped) and start the next
        with `carried`, `width` wide; the new line."""
        lines, widths = self.lines, self.widths
        line = lines[-1]
        while line and line[-1].kind == "space":
            widths[-1] -= line.pop().width
        self.wrapped.add(len(lines) - 1)
        lines.append(carried)
        widths.append(width)
        return carried

    def cut(
        self,
        atom: Atom,
        measured: Atom,
        width: float,
        style: TextStyle,
        font: ImageFont.FreeTypeFont,
        too_wide: float,
    ) -> float:
        """Set the heads of a word cut at its break points, each ending a line (the first
        on what is left of the last one); `measured` becomes the rest. Returns `too_wide`
        raised by any head wider than `width`."""
        measure = functools.partial(_length, font)
        points = hyphenate.break_points(atom.text, atom.soft, style.hyphenate)
        left = width - self.widths[-1]
        *heads, rest = hyphenate.pieces(atom.text, points, left, width, measure)
        line, widths = self.lines[-1], self.widths
        for head in heads:
            if head:
                line.append(Atom("word", head, atom.bold, atom.italic, measure(head)))
                widths[-1] += line[-1].width
                too_wide = max(too_wide, widths[-1] - width)
            line = self.wrap([], 0.0)
        measured.text, measured.width = rest, measure(rest)
        return too_wide

    def trim(self) -> None:
        """Drop the spaces that end each line."""
        for index, line in enumerate(self.lines):
            while line and line[-1].kind == "space":
                self.widths[index] -= line.pop().width


def _breakable(line: list[Atom], atom: Atom, style: TextStyle) -> bool:
    """Whether a word may be cut at its break points here: it has some to offer (soft
    hyphens, or a language to find them in), and starts a word of its own (not the second
    style of `**Rush**ing`)."""
    if atom.kind != "word" or not (atom.soft or (style.hyphenate and len(atom.text) > 1)):
        return False
    return not line or line[-1].kind == "space" or not _joined(line[-1], atom)


@dataclass(frozen=True, slots=True)
class FitResult:
    """What fitting a text did: the size used, and how much is over at the smallest size."""

    placed: Placed
    over_height: float
    over_width: float

    @property
    def fits(self) -> bool:
        """Whether the text fits its box (within half a pixel each way)."""
        return self.over_height <= 0.5 and self.over_width <= 0.5


def fit_text(
    runs: list[Run],
    style: TextStyle,
    box_w: float,
    box_h: float,
    font_at: Callable[[Path, int], ImageFont.FreeTypeFont],
) -> FitResult:
    """The largest size from `size_px` down to `min_px` at which the text fits its box."""
    atoms = _atoms(runs)

    def attempt(size: int) -> FitResult:
        placed = layout_text(atoms, style, size, box_w, font_at)
        return FitResult(placed, placed.height - box_h, placed.too_wide)

    best = attempt(style.size_px)
    if best.fits or style.min_px >= style.size_px:
        return best
    low, high = style.min_px, style.size_px - 1
    smallest = attempt(low)
    if not smallest.fits:
        return smallest
    best = smallest
    while low < high:  # largest fitting size in (low, high]
        middle = (low + high + 1) // 2
        result = attempt(middle)
        if result.fits:
            best, low = result, middle
        else:
            high = middle - 1
    return best
