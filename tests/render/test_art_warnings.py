"""Pillow's own warnings while reading art it can still draw: render warning RN105.

Corrupt EXIF data, a TIFF tag past the file's end, an orientation that cannot be read: the
picture is drawn as read and the warning is reported on the card, at the pool's row, once;
nothing of Pillow's reaches stderr (in one process or several).
"""

from __future__ import annotations

import io
import json
import struct
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageOps, TiffImagePlugin

from cardgen.render.art import load_art
from tests.render.artgame import Run, art_pixel, png, render


def corrupt_exif_jpeg(colour: tuple[int, int, int] = (20, 180, 60)) -> bytes:
    """A JPEG whose EXIF block claims 40 entries and holds 2, as some cameras and editors
    leave it: Pillow warns "Corrupt EXIF data" and draws the picture."""
    exif = Image.Exif()
    exif[0x010E] = "a description long enough to sit outside its entry"
    exif[0x0112] = 1
    buffer = io.BytesIO()
    Image.new("RGB", (90, 60), colour).save(buffer, "JPEG", exif=exif.tobytes(), quality=95)
    data = bytearray(buffer.getvalue())
    tiff = data.find(b"Exif\0\0") + 6
    data[tiff + 8 : tiff + 10] = struct.pack(">H" if data[tiff] == ord("M") else "<H", 40)
    return bytes(data)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_pillows_warnings_become_rn105_at_the_cards_row(
    game: Callable[..., Path], run: Run, jobs: str
) -> None:
    game("art/aria.jpg", {"art/aria.jpg": corrupt_exif_jpeg()})
    result = run("render", "tiny", "--project", ".", "--jobs", jobs, "--format", "json")  # 5 cards
    assert result.exit_code == 0
    assert result.stderr == ""  # nothing raw: no "UserWarning", no Pillow source line
    [warning] = json.loads(result.stdout)["warnings"]
    assert warning["code"] == "RN105" and (warning["path"], warning["line"]) == (
        "decks/tiny/cards.csv",
        2,
    )
    message = warning["message"]
    assert message.startswith(
        'art "art/aria.jpg" (decks/tiny/art/aria.jpg): Pillow warns "Corrupt EXIF data.'
    ), message
    assert message.endswith(
        '"; drawn as read (saving the file again from an image editor repairs it)'
    ), message
    r, g, b = art_pixel()
    assert g > 150 and r < 60 and b < 100  # the picture is drawn all the same


def test_rn105_fails_strict_and_comes_back_from_the_build_cache(
    game: Callable[..., Path], run: Run
) -> None:
    game("art/aria.jpg", {"art/aria.jpg": corrupt_exif_jpeg()})
    assert render(run, "--strict").exit_code == 1
    first = run("build", "tiny", "--project", ".")
    again = run("build", "tiny", "--project", ".")
    for result in (first, again):
        assert "RN105 Aria" in result.output + result.stderr
        assert "UserWarning" not in result.output + result.stderr


def corrupt_tiff() -> bytes:
    """A TIFF whose description tag claims 100,000 bytes the file does not hold."""
    tags = TiffImagePlugin.ImageFileDirectory_v2()
    tags[270] = "a description long enough to sit outside its entry"
    buffer = io.BytesIO()
    Image.new("RGB", (90, 60), (20, 180, 60)).save(buffer, "TIFF", tiffinfo=tags)
    data = bytearray(buffer.getvalue())
    entry = data.find(b"\x0e\x01\x02\x00")  # tag 270, type ASCII, little-endian
    data[entry + 4 : entry + 8] = struct.pack("<I", 100_000)
    return bytes(data)


@pytest.mark.parametrize(
    ("suffix", "make", "note"),
    [
        (".jpg", corrupt_exif_jpeg, "Corrupt EXIF data. Expecting to read 12 bytes but only got"),
        (".tif", corrupt_tiff, "Tag data larger than file. Skipping tag 270"),
    ],
)
def test_load_art_notes_each_warning_once_and_prints_nothing(
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
    suffix: str,
    make: Callable[[], bytes],
    note: str,
) -> None:
    path = tmp_path / f"a{suffix}"
    path.write_bytes(make())
    notes: list[str] = []
    image = load_art(path, notes)
    assert image.size == (90, 60) and image.getpixel((45, 30))[1] > 150
    assert len(notes) == 1 and notes[0].startswith(note), notes  # Pillow says it twice
    assert capfd.readouterr() == ("", "")


def test_unreadable_exif_orientation_is_noted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.png"
    path.write_bytes(png())

    def broken(image: Image.Image) -> Image.Image:
        raise SyntaxError("not a TIFF file")

    monkeypatch.setattr(ImageOps, "exif_transpose", broken)
    notes: list[str] = []
    assert load_art(path, notes).size == (60, 40)
    assert notes == ["EXIF orientation unreadable (not a TIFF file); drawn as stored"]


def test_pillows_deprecation_warnings_are_not_the_designers_problem(tmp_path: Path) -> None:
    path = tmp_path / "a.im"
    with warnings.catch_warnings():  # a format Pillow deprecates: it warns reading it too
        warnings.simplefilter("ignore", DeprecationWarning)
        Image.new("RGB", (4, 4), (1, 2, 3)).save(path, "IM")
    notes: list[str] = []
    assert load_art(path, notes).getpixel((0, 0)) == (1, 2, 3, 255)
    assert notes == []
