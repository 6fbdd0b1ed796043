"""The PNG writer: exact pixels back, the DPI recorded, the same bytes every time."""

import io

import pytest
from PIL import Image

from cardgen.render.png import encode_png


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


def test_other_modes_are_converted() -> None:
    image = Image.new("P", (10, 10), 3)
    with Image.open(io.BytesIO(encode_png(image))) as back:
        assert back.mode == "RGB"
