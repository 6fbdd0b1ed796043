"""Each choice the text code makes, held against an oracle written here: the size a text
box gets (the largest whole-pixel size from `size` down to `min_size` at which the text
fits, found by trying every one), the line breaks (a greedy line breaker of its own), the
hyphenated pieces (pyphen's points, the longest piece that fits), the alignment offsets
and the drawn pixels. The oracles measure with Pillow on ReportLab's Vera files, the fonts
of the `sans` family, and import none of the constants or helpers of the code they check.
"""

from __future__ import annotations

import functools
import itertools
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pyphen
import pytest
import reportlab
from hypothesis import example, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFont

from cardgen.model.layout import Layout
from cardgen.render import richtext, textfit
from cardgen.render.canvas import Canvas
from cardgen.render.card import render_face

FONTS = Path(reportlab.__file__).parent / "fonts"
REGULAR = FONTS / "Vera.ttf"
DPI = 150
SPACING = 1.15  # a text element's line spacing when the layout gives none (docs/layouts.md)
SLACK = 0.01  # a line is full when one more word is wider than the box by more than this
FIT = 0.5  # a text fits when no line is more than half a pixel over, nor the height
VOCABULARY = [
    "a",
    "to",
    "the",
    "Wave",
    "draw",
    "AVAST",
    "Tyrant",
    "minimum",
    "lantern",
    "WWWWW",
    "shadowcaller",
    "illiterate",
    "Supercalifragilistic",
]


@functools.cache
def oracle_font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


def px(points: float) -> int:
    """Points at the layout's DPI in whole pixels (FreeType sets whole pixel sizes)."""
    return max(1, round(points * DPI / 72))


# --- the oracles ------------------------------------------------------------------------


Word = tuple[str, bool, bool]  # a word, whether it is bold, whether italic; or ("{dot}", ...)
ICON = "{dot}"


@functools.cache
def length(text: str, size: int, bold: bool = False, italic: bool = False) -> float:
    path = face(bold, italic)
    return oracle_font(path, size).getlength(text)


def icon_advance(size: int) -> float:
    """An icon's room on its line: its side, 1.2 times the font's cap height (of "H"),
    and 0.16 of the size around it."""
    cap = -oracle_font(REGULAR, size).getbbox("H", anchor="ls")[1]
    return max(1, round(cap * 1.2)) + size * 0.16


def line_width(line: list[Word], size: int) -> float:
    """A line as drawn: runs of one style, each measured as one string (the spaces between
    words plain), icons at their advance."""
    total, run, style = 0.0, "", (False, False)
    for index, (word, bold, italic) in enumerate(line):
        if index:
            if style != (False, False):
                total, run, style = total + length(run, size, *style), "", (False, False)
            run += " "
        if word == ICON:
            total, run = total + length(run, size, *style) + icon_advance(size), ""
            continue
        if (bold, italic) != style:
            total, run, style = total + length(run, size, *style), "", (bold, italic)
        run += word
    return total + length(run, size, *style)


def greedy(
    paragraphs: list[list[Word]], width: float, size: int
) -> tuple[list[list[Word]], set[int]]:
    """Lines filled word by word: a word goes to the next line when, with the space before
    it, it would end past the box's width; a word alone on its line stays there however
    wide. Also the lines that ended because the next word did not fit."""
    lines: list[list[Word]] = []
    wrapped: set[int] = set()
    for words in paragraphs:
        line: list[Word] = []
        for word in words:
            if line and line_width([*line, word], size) > width + SLACK:
                wrapped.add(len(lines))
                lines.append(line)
                line = []
            line.append(word)
        lines.append(line)
    return lines, wrapped


def metrics(size: int) -> tuple[int, int]:
    ascent, descent = oracle_font(REGULAR, size).getmetrics()
    return ascent, descent


def height_of(count: int, size: int) -> float:
    ascent, descent = metrics(size)
    return (count - 1) * (size * SPACING) + ascent + descent


def fits(paragraphs: list[list[Word]], width: float, height: float, size: int) -> bool:
    lines, _ = greedy(paragraphs, width, size)
    widest = max(line_width(line, size) for line in lines)
    return widest - width <= FIT and height_of(len(lines), size) - height <= FIT


def best_size(
    paragraphs: list[list[Word]], width: float, height: float, size_pt: float, min_pt: float
) -> int:
    """Every whole-pixel size from `size` down to `min_size` tried: the largest that fits,
    else the smallest (the text overflows there, and that is reported)."""
    largest = px(size_pt)
    smallest = min(px(min_pt), largest)
    for size in range(largest, smallest - 1, -1):
        if fits(paragraphs, width, height, size):
            return size
    return smallest


def words_of(text: str) -> list[list[Word]]:
    """The paragraphs of a text written with `**bold**` and `*italic*` words, `{dot}`
    icons, spaces (a run of them counts as one) and line breaks."""
    return [
        [
            (w.strip("*"), w.startswith("**"), w.startswith("*") and not w.startswith("**"))
            for w in paragraph.split(" ")
            if w
        ]
        for paragraph in text.split("\n")
    ]


def lines_of(placed: richtext.Placed) -> list[list[Word]]:
    """The lines as set: words with their style, icons as `{name}`; and no space at either
    end of a line."""
    for line in placed.lines:
        assert not line or (line[0].kind != "space" and line[-1].kind != "space")
    return [
        [
            (f"{{{a.icon}}}" if a.kind == "icon" else a.text, a.bold, a.italic)
            for a in line
            if a.kind in ("word", "icon")
        ]
        for line in placed.lines
    ]


# --- what the code chose ----------------------------------------------------------------


def layout(
    text: str, width: int, height: int, extra: dict[str, Any] | None = None, **element: Any
) -> Layout:
    props = {
        "kind": "text",
        "text": text,
        "x": "10px",
        "y": "10px",
        "width": f"{width}px",
        "height": f"{height}px",
        "color": "#000000",
        **element,
    }
    return Layout.model_validate(
        {
            "name": "t",
            "background": "#ffffff",
            "bleed": "0",
            "size": "3in x 2in",
            "dpi": DPI,
            "elements": {"body": props},
            **(extra or {}),
        }
    )


def face(bold: bool, italic: bool) -> Path:
    return (
        FONTS
        / {
            (False, False): "Vera.ttf",
            (True, False): "VeraBd.ttf",
            (False, True): "VeraIt.ttf",
            (True, True): "VeraBI.ttf",
        }[bold, italic]
    )


def set_in(
    text: str, width: int, height: int, keywords: tuple[str, ...] = (), **element: Any
) -> textfit.SetText:
    chosen = layout(text, width, height, **element)
    canvas = Canvas.of(chosen)
    body = chosen.elements["body"]
    assert body.kind == "text"
    icons = {"dot": richtext.IconRef("circle")}
    return textfit.set_text(
        body, text, canvas, canvas.box(body), face=face, icons=icons, keywords=list(keywords)
    )


PIECES = st.one_of(
    st.sampled_from(VOCABULARY),
    st.sampled_from(VOCABULARY).map(lambda w: f"**{w}**"),
    st.sampled_from(VOCABULARY).map(lambda w: f"*{w}*"),
    st.just(ICON),
    st.just("\n"),
)
TEXTS = st.lists(st.tuples(PIECES, st.sampled_from([" ", " ", "  "])), min_size=1, max_size=24).map(
    lambda pieces: "".join(piece + space for piece, space in pieces)
)
PLAIN = st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=24).map(" ".join)


@settings(max_examples=40, deadline=None)
@given(TEXTS, st.integers(30, 420), st.integers(15, 280), st.integers(6, 20), st.integers(2, 22))
@example("the Tyrant draw lantern minimum shadowcaller", 150, 60, 16, 4)
@example("the Tyrant draw lantern", 150, 150, 16, 4)  # one pixel under the full size
@example("the Tyrant draw lantern", 220, 75, 16, 4)
@example("Supercalifragilistic", 60, 200, 14, 6)  # too wide at every size: the smallest
@example("to the a", 400, 200, 12, 5)  # fits at full size
@example("draw the lantern to the Wave", 120, 40, 12, 14)  # min_size over size: no shrink
def test_the_size_is_the_largest_candidate_that_fits(
    text: str, width: int, height: int, size: int, min_size: int
) -> None:
    paragraphs = words_of(text)
    setting = set_in(text, width, height, size=size, min_size=min_size)
    fit = setting.fit
    expected = best_size(paragraphs, width, height, size, min_size)
    assert fit.placed.size == expected
    assert fit.fits == fits(paragraphs, width, height, expected)
    if expected < px(size):  # the next size up is one that does not fit
        assert not fits(paragraphs, width, height, expected + 1)
    lines, wrapped = greedy(paragraphs, width, expected)
    assert lines_of(fit.placed) == lines
    assert fit.placed.wrapped == wrapped
    widest = max(line_width(line, expected) for line in lines)
    assert fit.over_width == pytest.approx(max(0.0, widest - width), abs=1e-9)
    assert fit.over_height == height_of(len(lines), expected) - height
    assert (fit.placed.ascent, fit.placed.descent) == metrics(expected)
    assert fit.placed.line_height == expected * SPACING
    assert setting.style.size_px == px(size) and setting.style.min_px == min(px(min_size), px(size))


def test_every_box_height_gets_the_largest_size_that_fits_it() -> None:
    """Box after box, a little taller each time: each gets the oracle's size, and between
    them they get every size from the smallest to the full one."""
    text = "the Tyrant draw **lantern** to a minimum\nWave"
    chosen = set()
    for height in range(44, 240, 3):
        fit = set_in(text, 200, height, size=16, min_size=6).fit
        assert fit.placed.size == best_size(words_of(text), 200, height, 16, 6), height
        chosen.add(fit.placed.size)
    assert chosen == set(range(px(6), px(16) + 1))


def test_half_a_pixel_over_still_fits_and_more_does_not() -> None:
    """At the edge: 0.5 px over each way fits; the size just under is taken past it."""
    ascent, descent = metrics(px(12))
    assert (px(12), length("lantern", px(12)) < 100 < length("draw lantern", px(12))) == (25, True)
    edge = round(25 * 1.5 + ascent + descent - 0.5)  # two lines, 37.5 px apart, 0.5 px over
    at_edge = set_in("draw lantern", 100, edge, size=12, min_size=6, line_spacing=1.5).fit
    assert (at_edge.placed.size, at_edge.over_height, at_edge.fits) == (25, 0.5, True)
    past = set_in("draw lantern", 100, edge - 1, size=12, min_size=6, line_spacing=1.5).fit
    assert past.placed.size == 24 and past.fits
    assert (px(10.5), length("draw", 22)) == (22, 54.5)
    wide = set_in("draw", 54, 100, size=10.5).fit  # 0.5 px too wide
    assert (wide.placed.size, wide.over_width, wide.fits) == (22, 0.5, True)
    wider = set_in("draw", 53, 100, size=10.5).fit
    assert (wider.over_width, wider.fits) == (1.5, False)


@settings(max_examples=50, deadline=None)
@given(TEXTS, st.integers(8, 500), st.integers(10, 40))
@example("draw the lantern", 90, 24)
@example("**draw** the\n\nlantern **Tyrant** a", 110, 20)
@example("Wave to the Supercalifragilistic a", 100, 24)  # a word alone, too wide
def test_lines_break_where_a_greedy_breaker_breaks_them(text: str, width: int, size: int) -> None:
    style = richtext.TextStyle(face=face, color=(0, 0, 0), size_px=size, min_px=size)
    runs = richtext.parse_markup(text, lambda name: name == "dot")
    placed = richtext.fit_text(runs, style, width, 10_000, oracle_font).placed
    lines, wrapped = greedy(words_of(text), width, size)
    assert lines_of(placed) == lines
    assert placed.wrapped == wrapped
    # the same widths, but for the order the code adds an icon's advance in
    assert placed.widths == pytest.approx([line_width(line, size) for line in lines], abs=1e-9)


def test_without_wrap_a_paragraph_is_one_line() -> None:
    style = richtext.TextStyle(face=face, color=(0, 0, 0), size_px=20, min_px=20, wrap=False)
    runs = richtext.parse_markup("draw the lantern\nto the Wave", lambda name: False)
    placed = richtext.fit_text(runs, style, 30, 1000, oracle_font).placed
    assert lines_of(placed) == [
        [(w, False, False) for w in p.split()] for p in ("draw the lantern", "to the Wave")
    ]
    assert placed.wrapped == set()
    assert (
        placed.too_wide
        == line_width([(w, False, False) for w in ["draw", "the", "lantern"]], 20) - 30
    )


# --- hyphenation --------------------------------------------------------------------------

LONG = [
    "hyphenation",
    "extraordinarily",
    "characteristics",
    "responsibility",
    "misunderstanding",
    "representative",
    "photosynthesis",
    "a",
    "to",
    "Gain",
    "the",
]
PYPHEN = pyphen.Pyphen(lang="en_US")


def hyphenated(
    words: list[str], width: float, size: int, bold: bool = False, italic: bool = False
) -> list[str]:
    """Lines filled word by word; a word that does not fit what is left of its line breaks
    at its last pyphen point whose piece, with a hyphen, still fits; with no such point it
    starts the next line, and there a piece that fits none breaks at its first point. Marks
    around a word (`"word"`) are not part of what pyphen reads."""

    def fits_in(text: str) -> bool:
        return length(text, size, bold, italic) <= width + SLACK

    lines = [""]
    for word in words:
        core = word.strip('"')
        at = word.index(core)
        points = [at + p for p in PYPHEN.positions(core)] if len(word) > 1 else []
        start = 0
        while True:
            head = lines[-1] + " " if lines[-1] else ""
            if fits_in(head + word[start:]):
                lines[-1] = head + word[start:]
                break
            later = [p for p in points if p > start]
            fitting = [p for p in later if fits_in(head + word[start:p] + "-")]
            if fitting:
                end = fitting[-1]
            elif lines[-1]:
                lines.append("")
                continue
            elif later:
                end = later[0]
            else:
                lines[-1] = word[start:]  # alone and too wide: it overflows
                break
            lines[-1] = head + word[start:end] + "-"
            lines.append("")
            start = end
    return lines


def set_hyphenated(text: str, width: float, size: int) -> richtext.Placed:
    style = richtext.TextStyle(
        face=face, color=(0, 0, 0), size_px=size, min_px=size, hyphenate="en"
    )
    runs = richtext.parse_markup(text, lambda name: name == "dot")
    return richtext.fit_text(runs, style, width, 10_000, oracle_font).placed


def texts(placed: richtext.Placed) -> list[str]:
    return ["".join(a.text if a.kind != "icon" else ICON for a in line) for line in placed.lines]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from([*LONG, '"extraordinarily"']), min_size=1, max_size=8),
    st.integers(40, 400),
    st.integers(12, 30),
    st.sampled_from(["", "**", "*"]),
)
@example(["Gain", "extraordinarily"], 150, 24, "")
@example(["a", "misunderstanding", "to"], 60, 24, "**")  # pieces wider than a whole line
@example(["Gain", '"extraordinarily"', "to"], 150, 24, "")
def test_words_break_at_the_last_pyphen_point_that_fits(
    words: list[str], width: int, size: int, mark: str
) -> None:
    bold, italic = mark == "**", mark == "*"
    placed = set_hyphenated(mark + " ".join(words) + mark, width, size)
    expected = hyphenated(words, width, size, bold, italic)
    assert texts(placed) == expected
    assert placed.wrapped == set(range(len(placed.lines) - 1))
    assert {(a.kind, a.bold, a.italic) for line in placed.lines for a in line} <= {
        ("word", bold, italic),
        ("space", bold, italic),
    }
    assert placed.widths == [length(line, size, bold, italic) for line in expected]
    assert [a.width for line in placed.lines for a in line] == [
        length(a.text, size, bold, italic) for line in placed.lines for a in line
    ]
    widest = max(length(line, size, bold, italic) for line in expected)
    assert placed.too_wide == max(0.0, widest - width)


def test_a_word_in_two_styles_is_never_hyphenated_at_its_second_style() -> None:
    room = length("Gain extraordi-", 24) + 2  # room for a piece of it, not for all of it
    assert texts(set_hyphenated("Gain **extra**ordinarily", room, 24)) == [
        "Gain",
        "extraordinarily",
    ]
    assert texts(set_hyphenated("a **extra**ordinarily", room, 24)) == ["a", "extraordinarily"]
    # after an icon a word starts afresh: it breaks there, or at its own points
    line = length("Gain ", 24) + icon_advance(24) + length("extraor-", 24)
    assert texts(set_hyphenated("Gain {dot}extraordinarily", line + 1, 24))[0] == (
        "Gain {dot}extraor-"
    )


TEXTS_AT_THE_EDGE = ("draw the lantern to", "draw the extraordinarily")


def test_a_line_full_to_the_hundredth_of_a_pixel_keeps_its_word() -> None:
    """Boxes a little narrower and wider than a line: the word goes to the next line when
    the line would be more than 0.01 px over, with or without hyphenation."""
    for language, text in itertools.product((None, "en"), TEXTS_AT_THE_EDGE):
        style = richtext.TextStyle(
            face=face, color=(0, 0, 0), size_px=24, min_px=24, hyphenate=language
        )
        runs = richtext.parse_markup(text, lambda name: False)
        for prefix in (text.rsplit(" ", 1)[0], text):
            full = length(prefix, 24)
            for width in (full - 1.5, full - 0.5, full - 0.01, full - 0.005, full, full + 0.5):
                placed = richtext.fit_text(runs, style, width, 10_000, oracle_font).placed
                words = [(w, False, False) for w in text.split()]
                if language is None:
                    expected = [
                        " ".join(w for w, *_ in line) for line in greedy([words], width, 24)[0]
                    ]
                else:
                    expected = hyphenated(text.split(), width, 24)
                assert texts(placed) == expected, (language, prefix, width)


def test_a_closing_mark_written_after_a_space_may_start_a_line() -> None:
    style = richtext.TextStyle(face=face, color=(0, 0, 0), size_px=24, min_px=24)
    for mark in (".", ")", '"Wave"', "»"):
        runs = richtext.parse_markup(f"draw {mark}", lambda name: False)
        placed = richtext.fit_text(runs, style, length("draw", 24) + 1, 1000, oracle_font).placed
        assert lines_of(placed) == [[("draw", False, False)], [(mark, False, False)]], mark


def test_the_metrics_are_the_regular_faces() -> None:
    """The line's ascent, descent and icon size come from the regular face, whatever the
    bold and italic faces are (here a font of other metrics)."""
    other = FONTS / "hb-test.ttf"

    def mixed(bold: bool, italic: bool) -> Path:
        return other if bold or italic else REGULAR

    assert oracle_font(other, 30).getmetrics() != oracle_font(REGULAR, 30).getmetrics()
    style = richtext.TextStyle(face=mixed, color=(0, 0, 0), size_px=30, min_px=30)
    runs = richtext.parse_markup("**a** *b* {dot}", lambda name: name == "dot")
    placed = richtext.fit_text(runs, style, 1000, 1000, oracle_font).placed
    assert (placed.ascent, placed.descent) == oracle_font(REGULAR, 30).getmetrics()
    assert placed.icon_advance == icon_advance(30)


def test_an_icon_is_at_least_a_pixel_and_scales_with_the_cap_height() -> None:
    for size in (1, 2, 3, 7, 30):
        style = richtext.TextStyle(face=face, color=(0, 0, 0), size_px=size, min_px=size)
        runs = richtext.parse_markup("{dot}", lambda name: name == "dot")
        placed = richtext.fit_text(runs, style, 1000, 1000, oracle_font).placed
        cap = -oracle_font(REGULAR, size).getbbox("H", anchor="ls")[1]
        assert (placed.icon_side, placed.icon_advance) == (
            max(1, round(cap * 1.2)),
            icon_advance(size),
        ), size


def test_soft_hyphens_break_even_without_a_language() -> None:
    style = richtext.TextStyle(face=face, color=(0, 0, 0), size_px=24, min_px=24)
    runs = richtext.parse_markup("a Sha\xaddow\xadcaller", lambda name: False)
    room = length("a Shadow-", 24) + 1
    placed = richtext.fit_text(runs, style, room, 1000, oracle_font).placed
    assert ["".join(a.text for a in line) for line in placed.lines] == ["a Shadow-", "caller"]
    room = length("a Sha-", 24) + 1
    placed = richtext.fit_text(runs, style, room, 1000, oracle_font).placed
    assert ["".join(a.text for a in line) for line in placed.lines] == ["a Sha-", "dow-", "caller"]


# --- the drawn pixels: size, lines, alignment --------------------------------------------


def drawn(
    lines: list[str],
    wrapped: set[int],
    size: int,
    box: tuple[int, int, int, int],
    align: str,
    valign: str,
) -> bytes:
    """The face as it should look: each line at its offset, drawn by Pillow alone."""
    image = Image.new("RGB", (450, 300), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    font = oracle_font(REGULAR, size)
    x0, y0, x1, y1 = box
    total = height_of(len(lines), size)
    top = {"top": y0, "middle": y0 + (y1 - y0 - total) / 2, "bottom": y1 - total}[valign]
    if total - (y1 - y0) > 0:
        top = max(top, y0)  # an overflowing text starts at the top of its box
    ascent, _ = metrics(size)
    for index, line in enumerate(lines):
        baseline = top + ascent + index * (size * SPACING)
        room = x1 - x0 - font.getlength(line)
        x = {
            "left": x0,
            "justify": x0,
            "center": x0 + room / 2,
            "right": x1 - font.getlength(line),
        }[align]
        words = line.split(" ")
        if align == "justify" and index in wrapped and len(words) > 1 and room > 0:
            spread = room / (len(words) - 1)
            for word in words:
                draw.text((x, baseline), word, font=font, fill=(0, 0, 0), anchor="ls")
                x += font.getlength(word) + font.getlength(" ") + spread
        else:
            draw.text((x, baseline), line, font=font, fill=(0, 0, 0), anchor="ls")
    return image.tobytes()


@settings(max_examples=30, deadline=None)
@given(
    PLAIN,
    st.integers(60, 420),
    st.integers(20, 270),
    st.integers(8, 18),
    st.sampled_from(["left", "center", "right", "justify"]),
    st.sampled_from(["top", "middle", "bottom"]),
)
@example("the Tyrant draw lantern minimum a to the", 150, 90, 14, "justify", "middle")
@example("Supercalifragilistic to the a WWWWW", 80, 20, 12, "center", "bottom")  # too wide
@example("the Tyrant draw lantern minimum a to the Wave", 60, 20, 12, "right", "bottom")  # tall
@example("the Tyrant draw lantern minimum a to the Wave", 60, 20, 12, "left", "middle")
def test_the_face_shows_the_chosen_size_lines_and_offsets(
    text: str, width: int, height: int, size: int, align: str, valign: str
) -> None:
    # the text from a field: a face of fixed text is drawn once on a plate and kept
    chosen = layout("{body}", width, height, size=size, min_size=4, align=align, valign=valign)
    values = {"name": "T", "body": text}
    image, _ = render_face(
        chosen, values, subject=None, project_root=Path.cwd(), game_folder=Path.cwd()
    )
    paragraphs = words_of(text)
    best = best_size(paragraphs, width, height, size, 4)
    lines, wrapped = greedy(paragraphs, width, best)
    shown = [" ".join(w for w, *_ in line) for line in lines]
    expected = drawn(shown, wrapped, best, (10, 10, 10 + width, 10 + height), align, valign)
    assert image.tobytes() == expected


# --- textfit: the style, the text area, the message ---------------------------------------


def test_a_rotated_text_is_set_in_the_box_turned() -> None:
    text = "draw the lantern to the Wave"
    for rotate, across in ((0, 300), (90, 80), (180, 300), (270, 80)):
        fit = set_in(text, 300, 80, size=14, rotate=rotate).fit
        lines, _ = greedy(words_of(text), across, px(14))
        assert lines_of(fit.placed) == lines, rotate


def test_the_overflow_message_names_the_smallest_size_and_what_is_over() -> None:
    text = "Supercalifragilistic draw the lantern to the Wave"
    element = layout(text, 60, 30, size=12, min_size=9).elements["body"]
    assert element.kind == "text"
    fit = set_in(text, 60, 30, size=12, min_size=9).fit
    size = px(9)
    lines, _ = greedy(words_of(text), 60, size)
    tall = (height_of(len(lines), size) - 30) * 25.4 / DPI
    wide = (length("Supercalifragilistic", size) - 60) * 25.4 / DPI
    assert textfit.overflow(element, "body", fit, DPI) == (
        f"text of element body overflows its box at 9 pt ({tall:.1f} mm too tall,"
        f" a word {wide:.1f} mm too wide)"
    )
    short = richtext.FitResult(fit.placed, 0.6, 0.5)  # half a pixel is no overflow
    no_min = layout(text, 60, 30, size=12.5).elements["body"]
    assert no_min.kind == "text"
    assert textfit.overflow(no_min, "b", short, 254) == (
        "text of element b overflows its box at 12.5 pt (0.1 mm too tall)"
    )
    assert textfit.overflow(no_min, "b", richtext.FitResult(fit.placed, 0.5, 0.51), 254) == (
        "text of element b overflows its box at 12.5 pt (a word 0.1 mm too wide)"
    )


def test_keywords_are_the_glossarys_keywords_and_actions() -> None:
    entries = [
        SimpleNamespace(term=t, kind=k)
        for t, k in (("Rush", "keyword"), ("Ward", "action"), ("Mana", "resource"), ("Tap", "rule"))
    ]
    pack: Any = SimpleNamespace(game=SimpleNamespace(glossary=SimpleNamespace(entries=entries)))
    assert textfit.keywords(pack) == ["Rush", "Ward"]


def test_the_style_is_the_one_the_element_asks_for() -> None:
    style = set_in(
        "draw",
        100,
        50,
        size=12,
        min_size=7,
        color="#102030",
        line_spacing=1.3,
        wrap=False,
        align="right",
        valign="bottom",
        outline="#ff0000",
        outline_width="0.02in",
        hyphenate=True,
    ).style
    assert (
        style.color,
        style.size_px,
        style.min_px,
        style.line_spacing,
        style.align,
        style.valign,
        style.wrap,
        style.outline,
        style.outline_px,
        style.hyphenate,
    ) == ((16, 32, 48), 25, 15, 1.3, "right", "bottom", False, (255, 0, 0), 3, "en")
    plain = set_in("draw", 100, 50, size=12, outline_width="0.02in").style
    assert (plain.min_px, plain.outline, plain.outline_px, plain.hyphenate) == (25, None, 0, None)
    assert (plain.align, plain.valign, plain.wrap, plain.line_spacing) == (
        "left",
        "top",
        True,
        SPACING,
    )
    # set in the game's language, English unless told
    chosen = layout("x", 100, 50, hyphenate=True)
    canvas, body = Canvas.of(chosen), chosen.elements["body"]
    assert body.kind == "text"
    box = canvas.box(body)
    common: dict[str, Any] = {"face": face, "icons": {}, "keywords": []}
    assert textfit.set_text(body, "x", canvas, box, language="fr", **common).style.hyphenate == "fr"
    text = "a misunderstanding to the representative"
    lines = set_in(text, 90, 500, size=10, hyphenate=True).fit.placed.lines
    assert ["".join(a.text for a in line) for line in lines] == hyphenated(text.split(), 90, px(10))


def test_capitals_keep_bold_italic_icons_line_breaks_and_bold_keywords() -> None:
    text = "**go** *now* {dot}\nRush it"
    upper = set_in(text, 300, 100, ("Rush",), upper=True, bold_keywords=True).fit.placed
    assert lines_of(upper) == [
        [("GO", True, False), ("NOW", False, True), (ICON, False, False)],
        [("RUSH", True, False), ("IT", False, False)],
    ]
    asked = set_in(text, 300, 100, ("Rush",), bold_keywords=True).fit.placed
    assert lines_of(asked) == [
        [("go", True, False), ("now", False, True), (ICON, False, False)],
        [("Rush", True, False), ("it", False, False)],
    ]
    unasked = set_in(text, 300, 100, ("Rush",)).fit.placed  # bold_keywords: false
    assert lines_of(unasked) == [
        [("go", True, False), ("now", False, True), (ICON, False, False)],
        [("Rush", False, False), ("it", False, False)],
    ]
    assert set_in(text, 300, 100, (), bold_keywords=True).fit.placed.lines == unasked.lines


def test_the_face_is_the_familys_file_for_the_runs_style(tmp_path: Path) -> None:
    def faces(**element: Any) -> list[str]:
        chosen = layout("x", 100, 50, **element)
        body = chosen.elements["body"]
        assert body.kind == "text"
        of = textfit.face_of(body, chosen, Path.cwd())
        return [
            of(b, i).name for b, i in ((False, False), (True, False), (False, True), (True, True))
        ]

    assert faces() == ["Vera.ttf", "VeraBd.ttf", "VeraIt.ttf", "VeraBI.ttf"]
    assert faces(bold=True) == ["VeraBd.ttf", "VeraBd.ttf", "VeraBI.ttf", "VeraBI.ttf"]
    assert faces(italic=True) == ["VeraIt.ttf", "VeraBI.ttf", "VeraIt.ttf", "VeraBI.ttf"]
    (tmp_path / "fonts").mkdir()
    for name in ("Hand.ttf", "HandBold.ttf"):
        (tmp_path / "fonts" / name).write_bytes(REGULAR.read_bytes())
    family = {"fonts": {"hand": {"regular": "fonts/Hand.ttf", "bold": "fonts/HandBold.ttf"}}}
    chosen = layout("x", 100, 50, family, font="hand")
    body = chosen.elements["body"]
    assert body.kind == "text"
    of = textfit.face_of(body, chosen, tmp_path)
    assert of(True, False) == (tmp_path / "fonts" / "HandBold.ttf").resolve()
    assert of(False, True) == (tmp_path / "fonts" / "Hand.ttf").resolve()


def test_icon_refs_name_each_icon_and_its_colour(tmp_path: Path) -> None:
    game = tmp_path / "decks" / "g"
    game.mkdir(parents=True)
    for name in ("gem.png", "ruby.png"):
        Image.new("RGBA", (8, 8), (0, 0, 0, 255)).save(game / name)
    icons = {
        "icons": {
            "dot": {"icon": "circle", "color": "#ff0000"},
            "star": {"icon": "star"},
            "gem": {"file": "gem.png"},
            "ruby": {"file": "ruby.png", "color": "#00ff00"},
        }
    }

    def refs(**element: Any) -> dict[str, tuple[str, Any]]:
        chosen = layout("x", 100, 50, icons, **element)
        body = chosen.elements["body"]
        assert body.kind == "text"
        found = textfit.icon_refs(chosen, body, game, tmp_path)
        return {k: (v.name, v.color) for k, v in found.items()}

    def key(name: str, mode: str) -> str:
        stat = (game / name).stat()
        fields = [str((game / name).resolve()), str(tmp_path), mode, stat.st_size, stat.st_mtime_ns]
        return "file:" + json.dumps(fields)

    gem, ruby = key("gem.png", "auto"), key("ruby.png", "always")
    assert refs() == {
        "dot": ("circle", (255, 0, 0)),
        "star": ("star", None),
        "gem": (gem, None),
        "ruby": (ruby, (0, 255, 0)),
    }
    assert refs(icon_color="#0000ff") == {
        "dot": ("circle", (255, 0, 0)),
        "star": ("star", (0, 0, 255)),
        "gem": (gem, (0, 0, 255)),
        "ruby": (ruby, (0, 255, 0)),
    }
    is_icon = textfit.icon_test(["gem"])
    assert (is_icon("gem"), is_icon("moon"), is_icon("gemm")) == (True, True, False)


def test_the_text_area_is_the_box_turned_with_the_text() -> None:
    chosen = {r: layout("x", 100, 50, rotate=r).elements["body"] for r in (0, 90, 180, 270)}
    areas = {}
    for rotate, body in chosen.items():
        assert body.kind == "text"
        areas[rotate] = textfit.text_area(body, (30.0, 20.0, 230.0, 70.0))
    assert areas == {0: (200.0, 50.0), 90: (50.0, 200.0), 180: (200.0, 50.0), 270: (50.0, 200.0)}
