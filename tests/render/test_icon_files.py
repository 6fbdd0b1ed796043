"""A game's own icon files drawn inline in text and as `kind: icon` elements: generated files
(single- and multi-colour SVG, RGBA and palette PNG, grey JPEG) of any aspect, in generated
text, checked on the pixels of the drawn face against an oracle of where the icon sits (on
the baseline, centred in its advance, as large as fits the text's icon size) and of the
colour the layout's rule gives it."""

from __future__ import annotations

import itertools
import math
import tempfile
from pathlib import Path

from hypothesis import Phase, assume, given, settings
from hypothesis import strategies as st
from PIL import Image

from cardgen.load.svg import read_svg
from cardgen.model.layout import IconSpec, Layout, TextElement, element_adapter
from cardgen.render import textfit
from cardgen.render.canvas import Canvas
from cardgen.render.card import render_face
from cardgen.render.icon_files import draw_file_icon, icon_file
from cardgen.render.vector import fit_view_box, render_svg

RGB = tuple[int, int, int]
KINDS = ("svg1", "svg2", "png", "palette", "jpeg")
_names = itertools.count()
colours = st.tuples(*[st.integers(0, 200)] * 3)


def write_icon(folder: Path, kind: str, w: int, h: int, inks: tuple[RGB, RGB]) -> Path:
    """An icon file of `kind`, `w` x `h` (user units or pixels), all ink: one colour, or
    the left half in the first colour and the right half in the second (`svg2`)."""
    path = folder / f"icon{next(_names)}.{'svg' if kind.startswith('svg') else kind[:3]}"
    one, two = (_hex(ink) for ink in inks)
    if kind == "svg1":
        body = f'<rect width="{w}" height="{h}" fill="{one}"/>'
    elif kind == "svg2":
        body = (
            f'<rect width="{w / 2}" height="{h}" fill="{one}"/>'
            f'<rect x="{w / 2}" width="{w / 2}" height="{h}" fill="{two}"/>'
        )
    if kind.startswith("svg"):
        path.write_text(
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}">{body}</svg>',
            encoding="utf-8",
        )
    elif kind == "png":
        Image.new("RGBA", (w, h), (*inks[0], 255)).save(path)
    elif kind == "palette":
        flat = Image.new("RGB", (w, h), inks[0])
        flat.convert("P", palette=Image.Palette.ADAPTIVE).save(path.with_suffix(".png"))
        path = path.with_suffix(".png")
    else:
        grey = inks[0][0]
        Image.new("L", (w, h), grey).save(path.with_suffix(".jpg"), quality=95)
        path = path.with_suffix(".jpg")
    return path


def expected_inks(
    kind: str, inks: tuple[RGB, RGB], color: RGB | None, recolor: bool, text: RGB
) -> tuple[RGB, RGB]:
    """The colours of the icon's left and right quarters, as the rule of docs/layouts.md
    says: a single-colour SVG (its colours within 24 a channel) takes the entry's colour or
    the text's; any other file is
    kept as drawn unless `color:` is given; `recolor: false` keeps every file as drawn."""
    if kind == "svg2" and all(abs(a - b) <= 24 for a, b in zip(*inks, strict=True)):
        kind = "svg1"  # two colours within `single_colour`'s tolerance are one
    if kind == "jpeg":
        inks = ((inks[0][0],) * 3, (inks[0][0],) * 3)
    elif kind != "svg2":
        inks = (inks[0], inks[0])
    if not recolor:
        return inks
    if color is not None:
        return (color, color)
    if kind == "svg1":
        return (text, text)
    return inks


def _hex(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def layout_with(spec: IconSpec, text_color: RGB, size: float) -> Layout:
    """A poker card at 150 dpi, no bleed, one text element over all of it."""
    body = element_adapter().validate_python(
        {"kind": "text", "text": "{text}", "size": size, "color": _hex(text_color)}
    )
    return Layout(
        name="t",
        size="poker",
        dpi=150,
        bleed="0in",
        background="#ffffff",
        icons={"ic": spec},
        elements={"body": body},
    )


def close(pixel: RGB, want: RGB, tolerance: int) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, want, strict=True))


@settings(max_examples=30, deadline=None, phases=[Phase.explicit, Phase.generate])
@given(
    kind=st.sampled_from(KINDS),
    w=st.integers(8, 90),
    h=st.integers(8, 90),
    inks=st.tuples(colours, colours),
    color=st.none() | colours,
    recolor=st.booleans(),
    text_color=colours,
    size=st.integers(10, 22),
    before=st.lists(st.text("abcdefgh", min_size=1, max_size=8), max_size=6),
    after=st.lists(st.text("abcdefgh", min_size=1, max_size=8), max_size=6),
)
def test_an_icon_file_in_text_sits_on_the_baseline_in_the_colour_of_the_rule(
    kind: str,
    w: int,
    h: int,
    inks: tuple[RGB, RGB],
    color: RGB | None,
    recolor: bool,
    text_color: RGB,
    size: int,
    before: list[str],
    after: list[str],
) -> None:
    assume(kind != "svg2" or w >= 16)  # each half wide enough to have an inside
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        folder = root / "decks" / "g"
        folder.mkdir(parents=True)
        path = write_icon(folder, kind, w, h, inks)
        spec = IconSpec(file=path.name, color=_hex(color) if color else None, recolor=recolor)
        layout = layout_with(spec, text_color, size)
        text = " ".join([*before, "{ic}", *after])
        image, warnings = render_face(
            layout, {"text": text}, subject=None, project_root=root, game_folder=folder
        )
        # the oracle: where the text's setting puts the icon, and how large it is
        element = layout.elements["body"]
        assert isinstance(element, TextElement)
        canvas = Canvas.of(layout)
        box = canvas.box(element)
        setting = textfit.set_text(
            element,
            text,
            canvas,
            box,
            face=textfit.face_of(element, layout, root),
            icons=textfit.icon_refs(layout, element, folder, root),
            keywords=[],
        )
        placed = setting.fit.placed
        assume(setting.fit.fits)
        assert warnings == []
        line = next(i for i, atoms in enumerate(placed.lines) if any(a.icon for a in atoms))
        atoms = placed.lines[line]
        x = box[0] + sum(a.width for a in atoms[: next(i for i, a in enumerate(atoms) if a.icon)])
        baseline = round(box[1] + placed.ascent + line * placed.line_height)
        side = placed.icon_side
        scale = side / max(w, h)
        icon_w, icon_h = w * scale, h * scale
        left = x + (placed.icon_advance - icon_w) / 2
        assume(icon_w >= 8 and icon_h >= 6)
        want_left, want_right = expected_inks(kind, inks, color, recolor, text_color)
        tolerance = 6 if kind == "jpeg" else 3

        def ink(column: float, row: float) -> RGB:
            value = image.getpixel((round(column), round(row)))
            assert isinstance(value, tuple)
            return (int(value[0]), int(value[1]), int(value[2]))

        middle = baseline - icon_h / 2
        for column, want in ((left + icon_w / 4, want_left), (left + 3 * icon_w / 4, want_right)):
            for row in (middle, baseline - 2):  # its middle and its last rows: on the baseline
                assert close(ink(column, row), want, tolerance), (column, row, want)
        centre = left + icon_w / 2
        assert ink(centre, baseline + 1) == (255, 255, 255)  # nothing below the baseline
        top = baseline - icon_h
        assert line > 0 or ink(centre, math.floor(top) - 3) == (255, 255, 255)  # nor above


def test_an_svg_is_drawn_at_the_icon_size_not_scaled_from_a_bitmap(tmp_path: Path) -> None:
    svg = tmp_path / "ring.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10">'
        '<circle cx="10" cy="5" r="4" fill="none" stroke="#123456" stroke-width="1"/></svg>',
        encoding="utf-8",
    )
    key = icon_file(IconSpec(file="ring.svg", recolor=False), tmp_path, tmp_path).key
    for side in (13, 37, 64):
        doc = read_svg(svg, tmp_path)
        direct = render_svg(doc, (side, side), fit_view_box(doc.view_box, (side, side), "contain"))
        assert draw_file_icon(key, side, (0, 0, 0)).tobytes() == direct.tobytes()


def test_an_icon_element_draws_a_file_by_its_name(tmp_path: Path) -> None:
    folder = tmp_path / "decks" / "g"
    folder.mkdir(parents=True)
    write_icon(folder, "png", 40, 20, ((10, 120, 30), (0, 0, 0)))
    name = next(folder.glob("*.png")).name
    icon = element_adapter().validate_python(
        {"kind": "icon", "name": "{suit}", "x": "0.5in", "y": "0.5in", "width": "1in",
         "height": "1in", "color": "#ff0000"}
    )  # fmt: skip
    layout = Layout(
        name="t",
        size="2in x 2.5in",
        dpi=100,
        bleed="0in",
        icons={"coin": IconSpec(file=name)},
        elements={"mark": icon},
    )
    image, _ = render_face(
        layout, {"suit": "coin"}, subject=None, project_root=tmp_path, game_folder=folder
    )
    # 100 px square box at (50, 50): the 2:1 picture fills its width, kept green as drawn
    assert image.getpixel((100, 100)) == (10, 120, 30)
    assert image.getpixel((100, 70)) == (255, 255, 255)  # above the 50 px tall picture
    recoloured = layout.model_copy(update={"icons": {"coin": IconSpec(file=name, color="#0000ff")}})
    image, _ = render_face(
        recoloured, {"suit": "coin"}, subject=None, project_root=tmp_path, game_folder=folder
    )
    assert image.getpixel((100, 100)) == (0, 0, 255)
