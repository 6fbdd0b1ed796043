"""The rarer formats Pillow reads without a system library (ICO, ICNS, PCX, SGI, DDS,
QOI, JPEG 2000, AVIF), beyond those tests/render/artfiles.py writes in every mode: each is
found in `art/` by the card's name and read as the colour it was written in."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from cardgen.load.art_convention import art_extensions, with_art_by_name
from cardgen.model.card import Card
from cardgen.render.art import load_art

COLOUR = (10, 200, 30)
FORMATS = [
    ("ICO", ".ico", "RGBA", 0),
    ("ICNS", ".icns", "RGBA", 0),
    ("PCX", ".pcx", "RGB", 0),
    ("SGI", ".sgi", "RGBA", 0),
    ("DDS", ".dds", "RGBA", 0),
    ("QOI", ".qoi", "RGBA", 0),
    ("JPEG2000", ".jp2", "RGB", 2),
    ("AVIF", ".avif", "RGB", 3),
]


@pytest.mark.parametrize(("fmt", "ext", "mode", "lossy"), FORMATS, ids=[f[0] for f in FORMATS])
def test_a_rarer_format_is_art_by_name_and_reads_as_written(
    tmp_path: Path, fmt: str, ext: str, mode: str, lossy: int
) -> None:
    (tmp_path / "art").mkdir()
    Image.new(mode, (32, 32), COLOUR).save(tmp_path / "art" / f"Quill Sprite{ext}", fmt)
    assert ext in art_extensions()
    card = Card(name="Quill Sprite", type="hero", copies=1, source_path="cards.csv")
    [found], _ = with_art_by_name([card], tmp_path)
    assert found.art == f"art/Quill Sprite{ext}"
    pixel = load_art(tmp_path / found.art).getpixel((16, 16))
    assert isinstance(pixel, tuple)
    assert pixel[3] == 255
    assert max(abs(a - b) for a, b in zip(pixel[:3], COLOUR, strict=True)) <= lossy
