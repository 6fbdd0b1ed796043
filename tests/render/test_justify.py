"""`align: justify`: every line that ends because the next word did not fit is spread at
its spaces to the box's width (its rightmost ink at the right edge, within a pixel); the
last line and a line ending at a line break are set left; icons count as words."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFont

from cardgen.render import fonts, richtext, textdraw
from cardgen.render.richtext import FitResult, TextStyle, fit_text

WORDS = [
    "a",
    "an",
    "the",
    "ward",
    "rush",
    "draw",
    "spark",
    "tide",
    "caller",
    "discard",
    "shadow",
    "lantern",
    "forge",
]


def _face(bold: bool, italic: bool) -> Path:
    return fonts.face_file("sans", bold, italic, {})


def _square(name: str, side: int, color: tuple[int, int, int]) -> Image.Image:
    return Image.new("RGBA", (side, side), (*color, 255))


def _drawn(
    text: str, width: int, size: int, align: str = "justify"
) -> tuple[Image.Image, FitResult, TextStyle]:
    style = TextStyle(
        face=_face, color=(0, 0, 0), size_px=size, min_px=size, align=align, valign="top"
    )
    runs = richtext.parse_markup(text, lambda name: name == "dot")
    fit = fit_text(runs, style, width, 2000, fonts.font_at)
    image = Image.new("RGB", (width + 40, round(fit.placed.height) + 40), (255, 255, 255))
    box = (20.0, 20.0, 20.0 + width, 20.0 + fit.placed.height)
    textdraw.draw_text(image, fit, style, box, fonts.font_at, _square)
    return image, fit, style


def _ink_right(image: Image.Image, top: int, bottom: int) -> int:
    band = image.crop((0, top, image.width, bottom)).convert("L").point(lambda v: 255 * (v < 250))
    bbox = band.getbbox()
    assert bbox is not None
    return bbox[2]


def _flush_right(
    word: str, font: ImageFont.FreeTypeFont, right: float, size: tuple[int, int]
) -> int:
    """The rightmost ink of `word` set alone with its advance ending at `right` (as
    `align: right` would): where a justified line's ink must end."""
    image = Image.new("RGB", size, (255, 255, 255))
    ImageDraw.Draw(image).text(
        (right - font.getlength(word), size[1] - 5), word, font=font, fill=(0, 0, 0), anchor="ls"
    )
    return _ink_right(image, 0, size[1])


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from([*WORDS, "{dot}"]), min_size=4, max_size=30),
    st.integers(160, 420),
    st.integers(16, 28),
)
def test_justified_lines_reach_the_right_edge_and_the_last_is_left(
    words: list[str], width: int, size: int
) -> None:
    text = " ".join(words)
    image, fit, _ = _drawn(text, width, size)
    left_set = _drawn(text, width, size, "left")[0]
    placed = fit.placed
    font = fonts.font_at(_face(False, False), size)
    cap = round(-font.getbbox("H", anchor="ls")[1])
    for index, line in enumerate(placed.lines):
        baseline = round(20 + placed.ascent + index * placed.line_height)
        right = _ink_right(image, baseline - cap, baseline)
        spaces = sum(1 for atom in line if atom.kind == "space")
        if index in placed.wrapped and spaces and line[-1].kind == "word":
            flush = _flush_right(line[-1].text, font, 20 + width, (image.width, 2 * size))
            assert abs(right - flush) <= 1, (index, right, flush)
        elif index == len(placed.lines) - 1:  # set left, exactly as `align: left` sets it
            band = (0, baseline - cap, image.width, baseline)
            assert image.crop(band).tobytes() == left_set.crop(band).tobytes()
            assert index not in placed.wrapped


def test_a_line_ending_at_a_break_is_set_left_and_icons_are_spread_as_words() -> None:
    text = "draw a spark\nward {dot} rush {dot} forge the lantern and the caller"
    _, fit, style = _drawn(text, 260, 22)
    placed = fit.placed
    assert 0 not in placed.wrapped and 1 in placed.wrapped  # the break, then a full line
    spread = textdraw.spread_of(placed, 1, 260, style.align)
    assert spread > 0 and textdraw.spread_of(placed, 0, 260, style.align) == 0
    drawn = textdraw._segments(placed.lines[1], 20.0, spread)
    icons = [at for kind, at, *_ in drawn if kind == "icon"]
    natural = textdraw._segments(placed.lines[1], 20.0)
    assert icons and icons != [at for kind, at, *_ in natural if kind == "icon"]
