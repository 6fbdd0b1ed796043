"""Line breaking: punctuation written straight after a styled run or an icon stays with it
(`**Rush**.` never leaves the full stop alone at the start of a line), and a word set in
two styles is one word; breaks still happen at spaces, and between an icon and a word."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.render import fonts, richtext
from cardgen.render.richtext import CLOSING, Atom, TextStyle, layout_text


def _face(bold: bool, italic: bool) -> Path:
    return fonts.face_file("sans", bold, italic, {})


def _style() -> TextStyle:
    return TextStyle(face=_face, color=(0, 0, 0), size_px=24, min_px=24)


def _atoms(text: str) -> list[Atom]:
    runs = richtext.parse_markup(text, lambda name: name == "dot")
    return richtext._atoms(runs)


def _lines(text: str, width: float, size: int = 24) -> list[str]:
    placed = layout_text(_atoms(text), _style(), size, width, fonts.font_at)
    return ["".join(a.text if a.kind != "icon" else "{dot}" for a in line) for line in placed.lines]


def _width(text: str, bold: bool = False, size: int = 24) -> float:
    return fonts.font_at(_face(bold, False), size).getlength(text)


def test_a_bold_keywords_full_stop_stays_with_it() -> None:
    room = _width("Attack with ") + _width("Rush", bold=True) + 0.5  # not the full stop
    assert _lines("Attack with **Rush**.", room) == ["Attack with", "Rush."]
    assert _lines("Attack with **Rush**. Then", room + 400) == ["Attack with Rush. Then"]


def test_every_closing_mark_and_quote_after_a_run_or_an_icon() -> None:
    for mark in ",;:!?)»”’'\"…":
        room = _width("Gain ") + _width("Ward", bold=True) + 0.5
        assert _lines(f"Gain **Ward**{mark}", room) == ["Gain", f"Ward{mark}"], mark
        room = _width("Gain ") + 30  # room for the icon, not for the mark
        assert _lines(f"Gain {{dot}}{mark}", room)[-1] == "{dot}" + mark, mark


def test_an_opening_bracket_stays_with_the_icon_it_opens() -> None:
    room = _width("Pay (") + 5
    assert _lines("Pay ({dot})", room) == ["Pay", "({dot})"]


def test_a_word_in_two_styles_is_one_word_but_an_icon_beside_a_word_may_break() -> None:
    room = _width("Then ") + _width("Rush", bold=True) + 0.5
    assert _lines("Then **Rush**ing", room) == ["Then", "Rushing"]
    assert _lines("3{dot}", _width("3") + 1) == ["3", "{dot}"]


def test_a_line_that_is_one_word_overflows_rather_than_break_inside_it() -> None:
    placed = layout_text(_atoms("**Rush**."), _style(), 24, _width("Rush", True), fonts.font_at)
    assert [[a.text for a in line] for line in placed.lines] == [["Rush", "."]]
    assert placed.too_wide > 0  # reported as too wide (RN101), not broken


WORDS = st.text("abcdefghijklmnop", min_size=1, max_size=9)
PIECE = st.one_of(
    WORDS,
    WORDS.map(lambda w: f"**{w}**"),
    WORDS.map(lambda w: f"*{w}*"),
    st.just("{dot}"),
    st.sampled_from(sorted(CLOSING)),
    st.sampled_from(["(", "“", "«", '"']),
    st.just(" "),
    st.just("  "),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECE, min_size=1, max_size=30).map("".join), st.integers(8, 500))
def test_no_line_starts_with_punctuation_that_followed_without_a_space(
    text: str, width: int
) -> None:
    atoms = _atoms(text)
    written = [a for a in atoms if a.kind not in ("space", "break")]
    spaced = set()  # indexes (among the non-space atoms) written after a space
    seen = 0
    for index, atom in enumerate(atoms):
        if atom.kind in ("space", "break"):
            continue
        if index == 0 or atoms[index - 1].kind in ("space", "break"):
            spaced.add(seen)
        seen += 1
    placed = layout_text(atoms, _style(), 24, width, fonts.font_at)
    flat = [a for line in placed.lines for a in line if a.kind != "space"]
    assert [(a.kind, a.text) for a in flat] == [(a.kind, a.text) for a in written]  # nothing lost
    position = 0
    for number, line in enumerate(placed.lines):
        shown = [a for a in line if a.kind != "space"]
        if number and shown and position not in spaced:
            first, before = flat[position], flat[position - 1]
            assert not (first.kind == "word" and first.text[0] in CLOSING), (text, width)
            assert not (first.kind == "word" and before.kind == "word"), (text, width)
        position += len(shown)
    for line, measured in zip(placed.lines, placed.widths, strict=True):  # widths stay true
        assert abs(sum(a.width for a in line) - measured) < 0.01
