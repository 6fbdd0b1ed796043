"""Text in a box: wrapping, alignment, shrinking to fit, overflow reports, icons, markup."""

from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from cardgen.model.layout import Layout
from cardgen.render import richtext
from cardgen.render.card import render_face

WHITE = (255, 255, 255)


def face(text: str, **element: Any) -> tuple[Image.Image, list[Any]]:
    props = {
        "kind": "text",
        "text": text,
        "x": "0.25in",
        "y": "0.25in",
        "width": "1in",
        "height": "0.5in",
        "size": 10,
        "color": "#000000",
        **element,
    }
    layout = Layout.model_validate(
        {
            "name": "t",
            "background": "#ffffff",
            "bleed": "0",
            "size": "2in x 1in",
            "dpi": 200,
            "icons": {"dot": {"icon": "circle", "color": "#ff0000"}},
            "elements": {"body": props},
            "sources": {"body": ("t.yaml", 7)},
        }
    )
    return render_face(
        layout,
        {"name": "Test"},
        subject=None,
        project_root=Path.cwd(),
        game_folder=Path.cwd(),
        keywords=["Inspire"],
    )


def ink_box(image: Image.Image, test: Any = None) -> tuple[int, int, int, int] | None:
    """Bounding box of pixels that are not white (or that pass `test`)."""
    mask = Image.new("L", image.size, 0)
    pixels = image.load()
    out = mask.load()
    assert pixels is not None and out is not None
    for y in range(image.height):
        for x in range(image.width):
            p = pixels[x, y]
            hit = test(p) if test else p != WHITE
            if hit:
                out[x, y] = 255
    return mask.getbbox()


def test_short_text_fits_at_full_size() -> None:
    image, warnings = face("Hello")
    assert warnings == []
    box = ink_box(image)
    assert box is not None
    assert box[0] >= 50 and box[1] >= 50  # inside the element's box (0.25in at 200 dpi)
    # At full size: as large as in a box far too big to shrink it, and 10 pt at 200 dpi: an
    # "H" 20 px high (Vera's capitals are 0.73 of the 27.8 px em).
    roomy = ink_box(face("Hello", width="1.7in", height="0.7in")[0])
    assert roomy is not None
    assert (box[2] - box[0], box[3] - box[1]) == (roomy[2] - roomy[0], roomy[3] - roomy[1])
    capital = ink_box(face("H")[0])
    assert capital is not None and 19 <= capital[3] - capital[1] <= 21


def test_long_text_wraps_inside_its_width() -> None:
    image, warnings = face("one two three four five six seven", size=8)
    box = ink_box(image)
    assert box is not None and box[2] <= 50 + 200 + 1
    assert box[3] - box[1] > 40  # more than one line
    assert warnings == []


def test_text_shrinks_to_fit_both_axes() -> None:
    text = "A long rule text that needs several lines in a small box."
    _, strict = face(text, size=14)
    assert strict and strict[0].code == "RN101"
    image, warnings = face(text, size=14, min_size=5)
    assert warnings == []
    box = ink_box(image)
    assert box is not None and box[3] <= 50 + 100 + 1 and box[2] <= 50 + 200 + 1


def test_overflow_is_reported_with_card_element_and_amount() -> None:
    _, warnings = face("word " * 80, size=10, min_size=8)
    (warning,) = warnings
    assert warning.code == "RN101" and warning.element == "body" and warning.card == "Test"
    assert "overflows its box at 8 pt" in warning.message and "mm too tall" in warning.message
    assert (warning.path, warning.line) == ("t.yaml", 7)


def test_a_word_too_wide_is_reported() -> None:
    _, warnings = face("Supercalifragilisticexpialidocious", size=14, min_size=12)
    assert warnings and "too wide" in warnings[0].message


@pytest.mark.parametrize(("align", "side"), [("left", 0), ("right", 2)])
def test_alignment(align: str, side: int) -> None:
    image, _ = face("Hi", align=align)
    box = ink_box(image)
    assert box is not None
    if side == 0:
        assert abs(box[0] - 50) <= 3
    else:
        assert abs(box[2] - 250) <= 3


def test_vertical_middle() -> None:
    image, _ = face("Hi", valign="middle")
    box = ink_box(image)
    assert box is not None
    assert abs((box[1] + box[3]) / 2 - 100) <= 4


def test_icon_sits_on_the_baseline_at_text_size() -> None:
    image, _ = face("H{{dot}}H", size=20, height="0.6in")
    text_box = ink_box(image, lambda p: p[0] < 80 and p[1] < 80 and p[2] < 80)
    icon_box = ink_box(image, lambda p: p[0] > 200 and p[1] < 80 and p[2] < 80)
    assert text_box is not None and icon_box is not None
    assert abs(icon_box[3] - text_box[3]) <= 2  # bottoms on the same baseline
    cap_height = text_box[3] - text_box[1]
    icon_height = icon_box[3] - icon_box[1]
    assert 0.8 * cap_height <= icon_height <= 1.6 * cap_height
    assert text_box[0] < icon_box[0] < text_box[2]


def test_unknown_brace_words_stay_literal() -> None:
    runs = richtext.parse_markup("Gain {nothing} now", lambda name: name == "dot")
    assert [r.text for r in runs] == ["Gain {nothing} now"]


def test_bold_italic_and_escapes() -> None:
    runs = richtext.parse_markup(r"a **b** *c* \* {{x}}", lambda name: False)
    assert [(r.text, r.bold, r.italic) for r in runs] == [
        ("a ", False, False),
        ("b", True, False),
        (" ", False, False),
        ("c", False, True),
        (" * {x}", False, False),
    ]


def test_keywords_bold_whole_words_only() -> None:
    runs = richtext.bold_terms(
        [richtext.Run("Inspire twice; Inspired is not a keyword.")], ["Inspire"]
    )
    assert [(r.text, r.bold) for r in runs] == [
        ("Inspire", True),
        (" twice; Inspired is not a keyword.", False),
    ]


def test_bold_text_is_drawn_heavier() -> None:
    plain, _ = face("MMMM")
    bold, _ = face("**MMMM**")

    def dark(image: Image.Image) -> int:
        red = image.getchannel("R").tobytes()
        return sum(1 for value in red if value < 128)

    assert dark(bold) > dark(plain) * 1.2


def test_french_accents_and_guillemets_render() -> None:
    image, warnings = face("« Cœur » élève à ça", size=9)
    assert warnings == []  # no glyph missing (RN103)
    assert ink_box(image) is not None
    ink = {text: ink_box(face(text, size=20)[0]) for text in "eéaàcçoœ«<"}
    assert all(ink.values()) and not face("« œ ç", size=20)[1]

    def edge(text: str, side: int) -> int:
        box = ink[text]
        assert box is not None
        return box[side]

    for accented in "éà":  # the accent above the letter: its ink starts higher
        assert edge(accented, 1) <= edge(accented.translate({233: "e", 224: "a"}), 1) - 4
    assert edge("ç", 3) >= edge("c", 3) + 4  # the cedilla below
    assert edge("œ", 2) - edge("œ", 0) >= 1.4 * (edge("o", 2) - edge("o", 0))  # o and e joined
    assert face("«", size=20)[0].tobytes() != face("<", size=20)[0].tobytes()


def test_rotated_text_turns_upside_down() -> None:
    upright, _ = face("Ab", size=20, height="0.6in")
    turned, _ = face("Ab", size=20, height="0.6in", rotate=180)
    a, b = ink_box(upright), ink_box(turned)
    assert a is not None and b is not None
    assert turned.crop(b).rotate(180).tobytes() != turned.crop(b).tobytes()
    # the ink of the upside-down text sits at the far corner of the box
    assert b[2] >= a[2] + 100


def test_text_opacity_fades_it() -> None:
    solid, _ = face("MMMM", size=20)
    faded, _ = face("MMMM", size=20, opacity=0.3)
    darkest = min(faded.getchannel("R").tobytes())
    assert min(solid.getchannel("R").tobytes()) < 30 and darkest > 150


def test_upper_keeps_icon_names() -> None:
    image, warnings = face("go {{dot}} now", upper=True, size=12)
    assert warnings == []
    assert ink_box(image, lambda p: p[0] > 200 and p[1] < 80 and p[2] < 80) is not None
    # The words in capitals, the icon drawn as it is: the same pixels as written so.
    assert image.tobytes() == face("GO {{dot}} NOW", size=12)[0].tobytes()


def test_missing_glyphs_are_reported() -> None:
    _, warnings = face("Score (+3)!", font="display", size=12)
    assert [w.code for w in warnings] == ["RN103"]
    assert "'('" in warnings[0].message and "'3'" in warnings[0].message
