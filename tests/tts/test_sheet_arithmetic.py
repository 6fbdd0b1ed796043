"""TTS sprite-sheet arithmetic against numbers worked out by hand: a sheet's grid and cell
size (never past 4096 px a side, never scaled up), how a sheet is encoded, and a sheet
pasted from cells made beforehand only where those cells fit."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, JpegImagePlugin

from cardgen.render.fit import make_cell
from cardgen.render.png import encode_png
from cardgen.tts.sheets import (
    Face,
    SheetJob,
    SheetLayout,
    encode,
    make_sheet,
    sheet_layout,
    standard_cell,
    trim_size,
)


@pytest.mark.parametrize(
    ("count", "trim", "layout"),
    [
        # 10 x 750 = 7500 px across: scaled by 4096 / 7500, cells 409.6 x 573.4 px floored
        (70, (750, 1050), SheetLayout(10, 7, 409, 573)),
        (12, (750, 1050), SheetLayout(10, 2, 409, 573)),  # two rows, still 10 across
        # tall cards: 7 x 1000 = 7000 px down is the side that must shrink (by 4096 / 7000)
        (70, (300, 1000), SheetLayout(10, 7, 175, 585)),
        (3, (100, 140), SheetLayout(3, 1, 100, 140)),  # small cards are never scaled up
        (1, (5000, 100), SheetLayout(1, 1, 4096, 81)),  # one card wider than a sheet
        (1, (1, 9000), SheetLayout(1, 1, 1, 4096)),  # a cell is at least 1 px
        (1, (9000, 1), SheetLayout(1, 1, 4096, 1)),
    ],
)
def test_a_sheet_grid_holds_its_cards_within_4096_px(
    count: int, trim: tuple[int, int], layout: SheetLayout
) -> None:
    assert sheet_layout(count, *trim) == layout
    assert max(layout.size) <= 4096


@pytest.mark.parametrize("count", [0, 71])
def test_a_sheet_holds_1_to_70_cards(count: int) -> None:
    with pytest.raises(ValueError) as info:
        sheet_layout(count, 750, 1050)
    assert str(info.value) == f"a sheet holds 1 to 70 cards, not {count}"


def test_the_standard_cell_is_that_of_a_full_sheet() -> None:
    assert standard_cell(750, 1050) == (409, 573)
    assert standard_cell(100, 140) == (100, 140)


def picture() -> Image.Image:
    image = Image.new("RGB", (64, 48), (250, 250, 250))
    for x in range(0, 64, 4):
        image.paste((200, 30, 60), (x, 0, x + 2, 48))  # fine stripes show JPEG's choices
    return image


def test_png_sheets_are_lossless_and_jpeg_ones_keep_full_colour_at_their_quality() -> None:
    image = picture()
    png = encode(image, "png", 90)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(png)) as read:
        assert read.tobytes() == image.tobytes()
    good, poor = encode(image, "jpeg", 95), encode(image, "jpeg", 40)
    for data in (good, poor):
        with Image.open(io.BytesIO(data)) as read:
            assert read.format == "JPEG"
            assert JpegImagePlugin.get_sampling(read) == 0  # 4:4:4: no colour subsampling
    assert len(good) > len(poor)


def cell_job(tmp_path: Path, cell: Image.Image | None, fmt: str = "png") -> bytes:
    face = tmp_path / "face.png"
    Image.new("RGB", (12, 16), (0, 0, 200)).save(face)  # trim 8 x 12 inside a 2 px bleed
    ready = None
    if cell is not None:
        ready = tmp_path / "cell.png"
        ready.write_bytes(encode_png(cell))
    job = SheetJob((Face(face, 2),), SheetLayout(1, 1, 8, 12), (ready,), fmt, 90)  # type: ignore[arg-type]
    return make_sheet(job)


def colours(data: bytes) -> list[tuple[int, tuple[int, int, int]]]:
    with Image.open(io.BytesIO(data)) as read:
        assert read.format == "PNG"
        return sorted(read.convert("RGB").getcolors())  # type: ignore[arg-type]


def test_a_sheet_uses_a_ready_made_cell_that_fits(tmp_path: Path) -> None:
    assert colours(cell_job(tmp_path, Image.new("RGB", (8, 12), (0, 150, 0)))) == [
        (96, (0, 150, 0))
    ]


@pytest.mark.parametrize(
    "cell",
    [Image.new("RGB", (9, 12), (0, 150, 0)), Image.new("L", (8, 12), 150), None],
    ids=["other size", "grey", "none"],
)
def test_a_sheet_scales_the_face_itself_when_no_ready_cell_fits(
    tmp_path: Path, cell: Image.Image | None
) -> None:
    assert colours(cell_job(tmp_path, cell)) == [(96, (0, 0, 200))]


def test_a_ready_cell_that_cannot_be_read_is_made_again(tmp_path: Path) -> None:
    face = tmp_path / "face.png"
    Image.new("RGB", (8, 12), (0, 0, 200)).save(face)
    job = SheetJob((Face(face, 0),), SheetLayout(1, 1, 8, 12), (tmp_path / "gone.png",), "png", 90)
    assert colours(make_sheet(job)) == [(96, (0, 0, 200))]


def test_a_faces_trim_is_its_image_less_the_bleed_on_each_side(tmp_path: Path) -> None:
    Image.new("RGB", (825, 1125)).save(tmp_path / "poker.png")  # 2.5 x 3.5 in + 1/8 in, 300 dpi
    Image.new("RGB", (40, 30)).save(tmp_path / "small.png")
    assert trim_size(Face(tmp_path / "poker.png", 37)) == (751, 1051)
    assert trim_size(Face(tmp_path / "small.png", 0)) == (40, 30)
    assert trim_size(Face(tmp_path / "small.png", 5)) == (30, 20)


def bordered(mode: str) -> Image.Image:
    """A 12 x 16 card: a 2 px bleed of one colour round a trim of another."""
    image = Image.new("RGB", (12, 16), (250, 0, 0))
    image.paste((0, 0, 250), (2, 2, 10, 14))
    return image.convert(mode)


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_a_cell_is_the_trim_alone_in_rgb(mode: str) -> None:
    cell = make_cell(bordered(mode), 2, (8, 12))  # the trim's own size: cut, not scaled
    trim = bordered(mode).convert("RGB").crop((2, 2, 10, 14))
    assert cell.mode == "RGB" and cell.size == (8, 12)
    assert cell.tobytes() == trim.tobytes()
    half = make_cell(bordered(mode), 2, (4, 6))  # scaled: the bleed stays out
    assert half.mode == "RGB" and half.getcolors() == [(24, trim.getpixel((0, 0)))]


def test_a_cell_of_a_card_without_bleed_at_its_own_size_is_the_card() -> None:
    image = bordered("RGB")
    assert make_cell(image, 0, (12, 16)).tobytes() == image.tobytes()


def test_a_cell_that_is_the_card_is_the_card_itself_not_a_copy() -> None:
    # a card drawn without bleed at the cell's size (the usual TTS cell) costs no copy
    image = bordered("RGB")
    assert make_cell(image, 0, (12, 16)) is image
    assert make_cell(bordered("RGBA"), 0, (12, 16)).mode == "RGB"


def test_a_cell_of_the_trims_own_size_is_cut_never_resampled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # cutting is a copy of the trim's rows; resampling at scale 1 gives the same pixels
    # at several times the cost, once per card of every build
    resized: list[tuple[int, int]] = []
    resize = Image.Image.resize

    def counting(
        self: Image.Image, size: tuple[int, int], *args: object, **kw: object
    ) -> Image.Image:
        resized.append(size)
        return resize(self, size, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Image.Image, "resize", counting)
    for width, height in [(8, 12), (12, 16), (9, 12), (8, 13)]:
        card = Image.new("RGB", (width + 4, height + 4), (250, 0, 0))
        card.paste((0, 0, 250), (2, 2, width + 2, height + 2))
        cell = make_cell(card, 2, (width, height))
        assert cell.tobytes() == card.crop((2, 2, width + 2, height + 2)).tobytes()
    assert resized == []
    make_cell(bordered("RGB"), 2, (4, 6))  # another size: scaled, once
    assert resized == [(4, 6)]
