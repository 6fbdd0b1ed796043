"""Hyphenation: with `hyphenate`, a word that does not fit what is left of its line breaks
at a hyphenation point of the game's language (pyphen) with a hyphen drawn; soft hyphens
(U+00AD) break always and are never drawn; every line fits, and the lines joined again
give back the text."""

from __future__ import annotations

from pathlib import Path

import pyphen
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from cardgen.render import fonts, richtext, textdraw
from cardgen.render.hyphenate import break_points, clean, dictionary
from cardgen.render.richtext import Placed, TextStyle, layout_text

WORDS = {
    "en": [
        "hyphenation",
        "unbelievable",
        "extraordinarily",
        "characteristics",
        "responsibility",
        "internationalization",
        "incomprehensible",
        "counterproductive",
        "photosynthesis",
        "misunderstanding",
        "representative",
        "electroencephalography",
    ],
    "fr": [
        "anticonstitutionnellement",
        "extraordinairement",
        "incompréhensible",
        "déraisonnablement",
        "particulièrement",
        "développement",
        "responsabilité",
        "photographique",
        "transformation",
        "élémentaire",
    ],
}
DICTIONARIES = {"en": "en_US", "fr": "fr_FR"}


def _face(bold: bool, italic: bool) -> Path:
    return fonts.face_file("sans", bold, italic, {})


def _set(text: str, width: float, language: str | None, size: int = 24) -> Placed:
    style = TextStyle(face=_face, color=(0, 0, 0), size_px=size, min_px=size, hyphenate=language)
    atoms = richtext._atoms(richtext.parse_markup(text, lambda name: False))
    return layout_text(atoms, style, size, width, fonts.font_at)


def _texts(placed: Placed) -> list[str]:
    return ["".join(atom.text for atom in line) for line in placed.lines]


def _width(text: str, size: int = 24) -> float:
    return fonts.font_at(_face(False, False), size).getlength(text)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["en", "fr"]).flatmap(
        lambda lang: st.tuples(
            st.just(lang), st.lists(st.sampled_from(WORDS[lang]), min_size=1, max_size=4)
        )
    ),
    st.integers(90, 400),
    st.integers(14, 30),
)
def test_long_words_break_at_pyphen_points_and_every_line_fits(
    chosen: tuple[str, list[str]], width: int, size: int
) -> None:
    language, words = chosen
    text = " ".join(words)
    lines = _texts(_set(text, width, language, size))
    font = fonts.font_at(_face(False, False), size)
    reference = pyphen.Pyphen(lang=DICTIONARIES[language])
    starts = [sum(len(w) + 1 for w in words[:i]) for i in range(len(words))]

    def word_at(offset: int) -> tuple[str, int]:
        index = max(i for i, start in enumerate(starts) if start <= offset)
        return words[index], offset - starts[index]

    offset = 0
    for index, line in enumerate(lines):
        hyphen = line.endswith("-")  # the words hold none: every one is a break's
        written = line[:-1] if hyphen else line
        assert text[offset : offset + len(written)] == written  # the lines give back the text
        if font.getlength(line) > width + 0.01:  # only a piece that cannot be cut shorter
            word, at = word_at(offset)
            inside = [p for p in reference.positions(word) if at < p < at + len(written)]
            assert " " not in line and not inside, (line, width)
        offset += len(written)
        if hyphen:
            word, at = word_at(offset - 1)
            assert index < len(lines) - 1 and at + 1 in reference.positions(word), line
        elif index < len(lines) - 1:
            assert text[offset] == " "
            offset += 1
    assert offset == len(text)


def test_break_points_are_pyphens_in_each_language() -> None:
    for language, name in DICTIONARIES.items():
        reference = pyphen.Pyphen(lang=name)
        for word in WORDS[language]:
            assert set(break_points(word, (), language)) == set(reference.positions(word))


def test_a_word_that_fits_is_never_broken_and_off_means_whole_words() -> None:
    text = "extraordinarily long words"
    assert _texts(_set(text, 2000, "en")) == [text]
    whole = _texts(_set(text, 120, None))
    # Vera at 24 px: "extraordinarily" is 176 px, wider than the box but not cut; "long
    # words" is 131 px, so it takes two lines
    assert whole == ["extraordinarily", "long", "words"]
    broken = _texts(_set(text, 120, "en"))
    assert broken[0].endswith("-") and broken[0] != "extraordinarily"


def test_the_first_piece_fills_what_is_left_of_the_line() -> None:
    room = _width("Gain extraor-") + 1  # ex-traor-di-nar-i-ly
    lines = _texts(_set("Gain extraordinarily", room, "en"))
    assert lines[0] == "Gain extraor-"
    assert "".join(line.rstrip("-") for line in lines[1:]) == "dinarily"


def test_soft_hyphens_break_without_hyphenate_and_are_never_drawn() -> None:
    word = "Sha\xaddow\xadcaller"
    assert clean(word) == ("Shadowcaller", (3, 6))
    assert _texts(_set(word, 2000, None)) == ["Shadowcaller"]  # no soft hyphen drawn
    lines = _texts(_set(f"A {word}", _width("A Shadow-") + 1, None))
    assert lines == ["A Shadow-", "caller"]


def test_a_written_hyphen_is_a_break_point_that_adds_nothing() -> None:
    room = _width("well-") + 1  # not "well-bal-"
    lines = _texts(_set("well-balanced", room, "en"))
    assert lines[0] == "well-"  # no second hyphen drawn
    assert "".join(line.removesuffix("-") for line in lines[1:]) == "balanced"


def test_the_languages_have_their_dictionaries() -> None:
    en, fr = dictionary("en"), dictionary("fr")
    assert en is not None and fr is not None
    assert en.inserted("hyphenation") == "hy-phen-ation"
    assert fr.inserted("anticonstitutionnellement") == "an-ti-cons-ti-tu-tion-nel-le-ment"


def test_a_broken_word_is_drawn_as_its_lines_written_out_with_hyphens() -> None:
    """The pixels: a hyphenated text looks exactly like its lines written with `\\n` and the
    hyphens typed in, set without hyphenation."""
    width, size = 150, 24
    text = "Gain extraordinarily anticonstitutional power"
    lines = _texts(_set(text, width, "en", size))
    assert any(line.endswith("-") for line in lines)

    def drawn(written: str, language: str | None) -> bytes:
        style = TextStyle(
            face=_face, color=(0, 0, 0), size_px=size, min_px=size, hyphenate=language
        )
        runs = richtext.parse_markup(written, lambda name: False)
        fit = richtext.fit_text(runs, style, width, 1000, fonts.font_at)
        image = Image.new("RGB", (width + 20, 400), (255, 255, 255))
        textdraw.draw_text(image, fit, style, (10, 10, 10 + width, 390), fonts.font_at, _no_icon)
        return image.tobytes()

    assert drawn(text, "en") == drawn("\n".join(lines), None)
    assert drawn(text, "en") != drawn(text, None)


def _no_icon(name: str, side: int, color: tuple[int, int, int]) -> Image.Image:
    raise AssertionError(name)
