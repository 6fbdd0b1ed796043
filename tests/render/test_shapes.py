"""Shapes, gradients, icons and file names drawn or made right."""

import math
import re
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from cardgen.model.layout import Layout
from cardgen.render import shapes
from cardgen.render.card import render_face
from cardgen.write import slug


def one(element: dict[str, object]) -> Image.Image:
    layout = Layout.model_validate(
        {
            "name": "t",
            "background": "#ffffff",
            "bleed": "0",
            "size": "1in x 1in",
            "dpi": 100,
            "elements": {"e": element},
        }
    )
    image, _ = render_face(
        layout, {}, subject=None, project_root=Path.cwd(), game_folder=Path.cwd()
    )
    return image


def test_gradients_cover_the_whole_box_at_any_angle() -> None:
    for angle in (0, 90, 180, 270, 30, 135):
        image = shapes.gradient(["#ff0000", "#0000ff"], (60, 200), angle)
        assert image.size == (60, 200)
        assert all(sum(image.getpixel((x, y))) > 200 for x in (0, 59) for y in (0, 199)), angle
    across = shapes.gradient(["#ff0000", "#0000ff"], (100, 300), 0)
    assert across.getpixel((0, 150))[0] > 240 and across.getpixel((99, 150))[2] > 240


def _exact_ramp(colors: list[str], size: tuple[int, int], angle: float) -> Image.Image:
    """The gradient worked out pixel by pixel: each pixel centre's place along the angle."""
    width, height = size
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    span = abs(width * cos) + abs(height * sin)
    stops = [shapes.rgb(c) for c in colors]
    segments = len(stops) - 1
    image = Image.new("RGB", size)
    for y in range(height):
        for x in range(width):
            t = ((x + 0.5 - width / 2) * cos + (y + 0.5 - height / 2) * sin) / span + 0.5
            t = min(max(t, 0.0), 1.0) * segments
            k = min(int(t), segments - 1)
            a, b = stops[k], stops[k + 1]
            image.putpixel((x, y), tuple(round(a[i] + (b[i] - a[i]) * (t - k)) for i in range(3)))
    return image


def test_a_turned_gradient_is_the_exact_ramp_within_a_few_levels() -> None:
    """No pixel is off by more than the colour changes over one pixel along the ramp."""
    colors = ["#ff0000", "#00ff00", "#0000ff"]
    cases = [((90, 40), 30), ((40, 90), 135), ((64, 64), 10), ((70, 50), 200), ((400, 300), 70)]
    for size, angle in cases:
        made = shapes.gradient(colors, size, angle)
        difference = ImageChops.difference(made, _exact_ramp(colors, size, angle))
        radians = math.radians(angle)
        span = abs(size[0] * math.cos(radians)) + abs(size[1] * math.sin(radians))
        per_pixel = 255 * (len(colors) - 1) / span
        assert max(high for _, high in difference.getextrema()) <= per_pixel + 1, (size, angle)
        assert sum(ImageStat.Stat(difference).mean) / 3 < per_pixel / 2, (size, angle)


def test_polygon_points_may_leave_the_element_box() -> None:
    image = one(
        {
            "kind": "polygon",
            "x": 0,
            "y": 0,
            "width": "0.2in",
            "height": "0.2in",
            "points": [[0, 0], ["0.9in", 0], ["0.9in", "0.9in"], [0, "0.9in"]],
            "fill": "#000000",
        }
    )
    assert image.getpixel((70, 70)) == (0, 0, 0)


def test_rounded_rect_is_antialiased_and_sharp_rect_is_exact() -> None:
    image = one(
        {
            "kind": "rect",
            "x": "0.1in",
            "y": "0.1in",
            "width": "0.8in",
            "height": "0.8in",
            "radius": "0.2in",
            "fill": "#000000",
        }
    )
    values = set(image.convert("L").tobytes())
    assert 0 in values and 255 in values and any(0 < v < 255 for v in values)
    sharp = one(
        {
            "kind": "rect",
            "x": "0.1in",
            "y": "0.1in",
            "width": "0.8in",
            "height": "0.8in",
            "fill": "#000000",
        }
    )
    grey = sharp.convert("L")
    # Black exactly on 0.1 in to 0.9 in at 100 dpi, every pixel black or white: no soft edge.
    assert ImageChops.invert(grey).getbbox() == (10, 10, 90, 90)
    assert grey.crop((10, 10, 90, 90)).getextrema() == (0, 0)
    assert set(grey.tobytes()) == {0, 255}


def test_icon_outline_and_turn() -> None:
    plain = one({"kind": "icon", "name": "triangle", "color": "#ff0000"})
    outlined = one(
        {
            "kind": "icon",
            "name": "triangle",
            "color": "#ff0000",
            "outline": "#000000",
            "outline_width": "3px",
        }
    )

    def dark(image: Image.Image) -> int:
        return sum(1 for v in image.convert("L").tobytes() if v < 30)

    assert dark(plain) == 0 and dark(outlined) > 100
    turned = one({"kind": "icon", "name": "triangle", "color": "#ff0000", "rotate": 180})

    def widths(image: Image.Image) -> tuple[int, int]:
        red = image.getchannel("G").point(lambda v: 255 if v < 128 else 0)
        box = red.getbbox()
        assert box is not None
        top = sum(1 for v in red.crop((0, box[1] + 3, 100, box[1] + 4)).tobytes() if v)
        bottom = sum(1 for v in red.crop((0, box[3] - 4, 100, box[3] - 3)).tobytes() if v)
        return top, bottom

    plain_top, plain_bottom = widths(plain)
    turned_top, turned_bottom = widths(turned)
    assert plain_top < plain_bottom and turned_top > turned_bottom


def test_slugs_are_safe_file_names() -> None:
    assert slug("Cœur rose") == "coeur-rose"
    assert slug("Étoile bleue") == "etoile-bleue"
    assert slug("../../etc/passwd") == "etc-passwd"
    assert slug("CON") == "con-card"
    assert re.fullmatch(r"card-[0-9a-f]{8}", slug("!!!")), slug("!!!")
    assert len(slug("x" * 300)) <= 80


def test_a_straight_gradient_runs_exactly_from_first_to_last_colour() -> None:
    """At 0/90/180/270 degrees every line across is one colour, and the ends are the first
    and last colours exactly, whatever the size (a strip of the side's length, repeated)."""
    colors = ["#ff0000", "#00ff00", "#0000ff"]
    for size in ((663, 105), (50, 700), (827, 1127), (3, 1), (1, 3)):
        for angle in (0, 90, 180, 270):
            image = shapes.gradient(colors, size, angle)
            across = angle % 180 == 90  # colour changes down the image
            lines = (
                [image.crop((0, y, size[0], y + 1)) for y in range(size[1])]
                if across
                else [image.crop((x, 0, x + 1, size[1])) for x in range(size[0])]
            )
            assert all(len(line.getcolors() or ()) == 1 for line in lines), (size, angle)
            first, last = lines[0].getpixel((0, 0)), lines[-1].getpixel((0, 0))
            start, end = (first, last) if angle in (0, 90) else (last, first)
            assert start == (255, 0, 0), (size, angle)
            if len(lines) > 1:
                assert end == (0, 0, 255), (size, angle)


def _painted(shortcut: bool, shape: shapes.Shape, stroke: float, colors: tuple[str, ...]) -> bytes:
    image = shapes.gradient(["#203040", "#c0b0a0"], (120, 90), 35)
    region = shapes.paint_region(shape.box, 1)  # type: ignore[attr-defined]
    if stroke:
        mask = shapes._ring(shape, region, stroke)
        hole = shapes._ring_hole(shape, stroke) if shortcut else None
        shapes._paint(image, region, mask, "#ffcc00", colors, 60, 0.8, hole=hole)
    else:
        mask = shapes.shape_mask(shape, region, 0)
        core = shapes.fill_core(shape) if shortcut else None
        shapes._paint(image, region, mask, "#ffcc00", colors, 60, 1.0, core=core)
    return image.tobytes()


BOXES = ((-5.0, -5.0, 130.0, 95.0), (0.0, 0.0, 120.0, 90.0), (10.5, 8.0, 100.0, 70.5))


def test_painting_shortcuts_give_the_same_pixels_as_the_whole_mask() -> None:
    """A filled rectangle or ellipse is pasted without its mask in its middle, and a
    rectangle's outline only in the bands around its empty middle: pixel for pixel what
    painting through the whole mask gives, in colour and in gradient, rounded or not, and
    when the shape reaches beyond the image."""
    taken = 0
    for colors in ((), ("#00ff00", "#ff00ff")):
        for box in BOXES:
            left, top = shapes.paint_region(box, 1)[:2]
            for filled in (shapes.RectShape(box, 0.0), shapes.EllipseShape(box)):
                core = shapes.fill_core(filled)
                assert core is not None
                mask = shapes.shape_mask(filled, shapes.paint_region(box, 1), 0)
                assert shapes._uniform(mask, core, left, top, 255), (filled, core)
                assert _painted(True, filled, 0, colors) == _painted(False, filled, 0, colors)
            for radius, width in ((0.0, 3.0), (12.0, 2.5), (4.0, 9.0), (30.0, 1.0)):
                shape = shapes.RectShape(box, radius)
                core = shapes.fill_core(shape)
                if core is not None:  # the fill's middle needs no mask
                    mask = shapes.shape_mask(shape, shapes.paint_region(box, 1), 0)
                    assert shapes._uniform(mask, core, left, top, 255), (box, radius)
                assert _painted(True, shape, 0, colors) == _painted(False, shape, 0, colors)
                hole = shapes._ring_hole(shape, width)
                if hole is not None:  # the outline's middle is left alone
                    taken += 1
                    ring = shapes._ring(shape, shapes.paint_region(box, 1), width)
                    assert shapes._uniform(ring, hole, left, top, 0), (box, radius, width)
                made = _painted(True, shape, width, colors)
                assert made == _painted(False, shape, width, colors), (box, radius, width)
    assert taken >= 20


def test_a_middle_the_mask_does_not_fill_or_leave_empty_is_not_taken() -> None:
    """A core the shape does not fully cover, or a hole its outline crosses, is refused
    on the mask: the whole mask is painted."""
    shape = shapes.RectShape((10.0, 10.0, 100.0, 80.0), 0.0)
    region = shapes.paint_region(shape.box, 1)
    ring = shapes._ring(shape, region, 4.0)
    filled = shapes.shape_mask(shape, region, 0)
    assert not shapes._uniform(ring, (10, 10, 100, 80), region[0], region[1], 0)
    assert not shapes._uniform(filled, (5, 5, 100, 80), region[0], region[1], 255)
    for mask, shortcut in (
        (ring, {"hole": (10, 10, 100, 80)}),
        (filled, {"core": (5, 5, 100, 80)}),
    ):
        wrong = Image.new("RGB", (120, 90), (9, 9, 9))
        right = wrong.copy()
        shapes._paint(wrong, region, mask, "#ffffff", (), 0, 1.0, **shortcut)  # type: ignore[arg-type]
        shapes._paint(right, region, mask, "#ffffff", (), 0, 1.0)
        assert wrong.tobytes() == right.tobytes()
