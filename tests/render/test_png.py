"""The PNG writer: exact pixels back, the DPI recorded, the same bytes every time."""

import io

import pytest
from PIL import Image

from cardgen.render.png import _decode_own, decode_png, encode_png


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_round_trip(mode: str) -> None:
    image = Image.linear_gradient("L").resize((123, 45)).convert(mode)
    if mode != "L":
        image.putpixel((3, 4), (10, 200, 30, 128)[: len(mode)])
    data = encode_png(image, dpi=300)
    with Image.open(io.BytesIO(data)) as back:
        assert back.mode == mode and back.size == (123, 45)
        assert back.tobytes() == image.tobytes()
        assert round(back.info["dpi"][0]) == 300
    assert encode_png(image, dpi=300) == data


@pytest.mark.parametrize(
    ("mode", "value", "pixel"),
    [
        ("P", 3, (10, 200, 30)),  # the palette's entry 3
        ("LA", (200, 9), (200, 200, 200)),  # a grey's alpha dropped, not blended
        ("1", 1, (255, 255, 255)),
        ("CMYK", (0, 255, 0, 0), (255, 0, 255)),  # naive CMYK: full magenta ink, magenta
    ],
)
def test_other_modes_are_converted(mode: str, value: object, pixel: tuple[int, ...]) -> None:
    image = Image.new(mode, (10, 10), value)  # type: ignore[arg-type]
    if mode == "P":
        image.putpalette([0, 0, 0] * 3 + [10, 200, 30])
    with Image.open(io.BytesIO(encode_png(image))) as back:
        assert back.mode == "RGB"
        assert back.getcolors() == [(100, pixel)]


@pytest.mark.parametrize("size", [(37, 21), (1, 1), (9, 1), (1, 6)])
@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_own_files_are_read_back_exactly(mode: str, size: tuple[int, int]) -> None:
    """Every row, the last one too (the reader takes the rows in place, each behind the
    next one's filter byte), for one row, one column and more."""
    image = Image.linear_gradient("L").resize(size).convert(mode)
    if mode != "L":
        image.putpixel((size[0] - 1, size[1] - 1), (10, 200, 30, 128)[: len(mode)])
    back = decode_png(encode_png(image, dpi=300))
    assert back.mode == mode and back.size == image.size and back.tobytes() == image.tobytes()


def test_other_pngs_are_read_by_pillow() -> None:
    """A PNG with filtered rows (Pillow's own writer) or several IDAT chunks is not taken
    row by row; it is still read right."""
    image = Image.radial_gradient("L").convert("RGB")
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    assert _decode_own(buffer.getvalue()) is None
    assert decode_png(buffer.getvalue()).tobytes() == image.tobytes()
    own = encode_png(image)
    assert _decode_own(own[:-20]) is None  # cut short: no whole IDAT
    bad = bytearray(own)
    bad[60:64] = b"xxxx"  # inside the deflated rows
    assert _decode_own(bytes(bad)) is None
