"""Gradients: the whole box at any angle, the exact ramp within a few levels, straight ones
from the first colour to the last exactly."""

import math

from PIL import Image, ImageChops, ImageStat

from cardgen.render import paint


def test_gradients_cover_the_whole_box_at_any_angle() -> None:
    for angle in (0, 90, 180, 270, 30, 135):
        image = paint.gradient(["#ff0000", "#0000ff"], (60, 200), angle)
        assert image.size == (60, 200)
        assert all(sum(image.getpixel((x, y))) > 200 for x in (0, 59) for y in (0, 199)), angle
    across = paint.gradient(["#ff0000", "#0000ff"], (100, 300), 0)
    assert across.getpixel((0, 150))[0] > 240 and across.getpixel((99, 150))[2] > 240


def _exact_ramp(colors: list[str], size: tuple[int, int], angle: float) -> Image.Image:
    """The gradient worked out pixel by pixel: each pixel centre's place along the angle."""
    width, height = size
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    span = abs(width * cos) + abs(height * sin)
    stops = [paint.rgb(c) for c in colors]
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
        made = paint.gradient(colors, size, angle)
        difference = ImageChops.difference(made, _exact_ramp(colors, size, angle))
        radians = math.radians(angle)
        span = abs(size[0] * math.cos(radians)) + abs(size[1] * math.sin(radians))
        per_pixel = 255 * (len(colors) - 1) / span
        assert max(high for _, high in difference.getextrema()) <= per_pixel + 1, (size, angle)
        assert sum(ImageStat.Stat(difference).mean) / 3 < per_pixel / 2, (size, angle)


def test_a_straight_gradient_runs_exactly_from_first_to_last_colour() -> None:
    """At 0/90/180/270 degrees every line across is one colour, and the ends are the first
    and last colours exactly, whatever the size (a strip of the side's length, repeated)."""
    colors = ["#ff0000", "#00ff00", "#0000ff"]
    for size in ((663, 105), (50, 700), (827, 1127), (3, 1), (1, 3)):
        for angle in (0, 90, 180, 270):
            image = paint.gradient(colors, size, angle)
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
