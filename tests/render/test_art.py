"""Card art: safe paths, safe loading of every colour mode, and fitting."""

from __future__ import annotations

import io
import os
import re
import struct
import time
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageCms, ImageFile

from cardgen.errors import CardgenError
from cardgen.render import art
from cardgen.render.art import (
    MAX_ART_PIXELS,
    load_art,
    resolve_art,
)
from cardgen.render.fit import fit_art

RED = (255, 0, 0, 255)
GREEN = (0, 255, 0, 255)
BLUE = (0, 0, 255, 255)
CLEAR = (0, 0, 0, 0)


def near(actual: tuple[int, ...], expected: tuple[int, ...], tolerance: int = 3) -> bool:
    return len(actual) == len(expected) and all(
        abs(a - e) <= tolerance for a, e in zip(actual, expected, strict=True)
    )


def px(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    """A pixel as a tuple (typed: Pillow's getpixel may return a number for 1-band images)."""
    value = image.getpixel(xy)
    assert isinstance(value, tuple)
    return value


def png_with_header_size(path: Path, width: int, height: int) -> Path:
    """A real 1x1 PNG whose IHDR claims `width` x `height` (CRC fixed): tiny file, huge header."""
    buffer = io.BytesIO()
    Image.new("RGB", (1, 1), (1, 2, 3)).save(buffer, "PNG")
    data = bytearray(buffer.getvalue())
    assert data[12:16] == b"IHDR"
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])) & 0xFFFFFFFF)
    path.write_bytes(bytes(data))
    return path


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "games" / "tiny" / "art").mkdir(parents=True)
    (root / "shared").mkdir()
    return root


def game(project: Path) -> Path:
    return project / "games" / "tiny"


# --------------------------------------------------------------------------- resolve_art


def test_resolve_art_relative_to_the_game_folder(project: Path) -> None:
    found = resolve_art("art/hero.png", game(project), project)
    assert found == (game(project) / "art" / "hero.png").resolve()
    assert not found.exists()  # resolving does not require the file


def test_resolve_art_may_leave_the_game_folder_but_not_the_project(project: Path) -> None:
    found = resolve_art("../../shared/frame.png", game(project), project)
    assert found == (project / "shared" / "frame.png").resolve()


@pytest.mark.parametrize("path", ["../../../etc/passwd", "../../..", "art/../../../../x.png"])
def test_resolve_art_refuses_paths_outside_the_project(project: Path, path: str) -> None:
    with pytest.raises(CardgenError) as caught:
        resolve_art(path, game(project), project)
    assert caught.value.format_message() == f'art "{path}" is outside the project'


def test_resolve_art_refuses_the_example_from_the_docs(project: Path) -> None:
    deep = project / "a" / "b"
    deep.mkdir(parents=True)
    with pytest.raises(CardgenError, match=r'art "\.\./\.\./\.\./etc/passwd" is outside'):
        resolve_art("../../../etc/passwd", deep, project)


@pytest.mark.parametrize("path", ["/etc/passwd", "//server/share/x.png", "C:\\art\\x.png"])
def test_resolve_art_refuses_absolute_paths(project: Path, path: str) -> None:
    with pytest.raises(CardgenError, match="absolute path") as caught:
        resolve_art(path, game(project), project)
    assert "\n" not in caught.value.format_message()


def test_resolve_art_refuses_absolute_paths_even_inside_the_project(project: Path) -> None:
    inside = str(game(project) / "art" / "hero.png")
    with pytest.raises(CardgenError, match="absolute path"):
        resolve_art(inside, game(project), project)


@pytest.mark.parametrize("path", ["", "   "])
def test_resolve_art_refuses_empty_paths(project: Path, path: str) -> None:
    with pytest.raises(CardgenError, match="empty"):
        resolve_art(path, game(project), project)


def test_resolve_art_refuses_a_symlinked_folder_leaving_the_project(
    project: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.png").write_bytes(b"not yours")
    (game(project) / "art" / "linked").symlink_to(outside, target_is_directory=True)
    message = 'art "art/linked/secret.png" is outside the project'
    with pytest.raises(CardgenError, match=re.escape(message)):
        resolve_art("art/linked/secret.png", game(project), project)


def test_resolve_art_refuses_a_symlinked_file_leaving_the_project(
    project: Path, tmp_path: Path
) -> None:
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"not yours")
    (game(project) / "art" / "hero.png").symlink_to(secret)
    with pytest.raises(CardgenError, match="outside the project"):
        resolve_art("art/hero.png", game(project), project)


def test_resolve_art_follows_symlinks_that_stay_inside(project: Path) -> None:
    target = project / "shared" / "hero.png"
    target.write_bytes(b"")
    (game(project) / "art" / "hero.png").symlink_to(target)
    assert resolve_art("art/hero.png", game(project), project) == target.resolve()


def test_resolve_art_reports_a_symlink_loop(project: Path) -> None:
    loop = game(project) / "art" / "loop.png"
    loop.symlink_to(loop)
    with pytest.raises(CardgenError, match=re.escape("art/loop.png")):
        resolve_art("art/loop.png", game(project), project)


# --------------------------------------------------------------------------- load_art: refusals


def test_load_art_refuses_a_huge_header_without_decoding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 9000 x 9000 is over our limit but under Pillow's own warning threshold.
    path = png_with_header_size(tmp_path / "bomb.png", 9000, 9000)
    assert path.stat().st_size < 100

    def no_decoding(self: ImageFile.ImageFile) -> None:
        raise AssertionError("the image was decoded")

    monkeypatch.setattr(ImageFile.ImageFile, "load", no_decoding)
    start = time.process_time()  # CPU time: a busy machine does not make it fail
    with pytest.raises(CardgenError) as caught:
        load_art(path)
    assert time.process_time() - start < 1.0
    message = caught.value.format_message()
    assert "bomb.png" in message
    assert "image is 9000 x 9000 px (81,000,000 pixels); the limit is 40,000,000" in message
    assert "\n" not in message


def test_load_art_turns_pillows_bomb_error_into_a_cardgen_error(tmp_path: Path) -> None:
    path = png_with_header_size(tmp_path / "bomb.png", 20000, 20000)
    start = time.process_time()  # CPU time: a busy machine does not make it fail
    with pytest.raises(CardgenError) as caught:
        load_art(path)
    assert time.process_time() - start < 1.0
    message = caught.value.format_message()
    assert "bomb.png" in message
    assert "400,000,000 pixels" in message
    assert "the limit is 40,000,000" in message


def test_load_art_turns_pillows_bomb_warning_into_a_cardgen_error(tmp_path: Path) -> None:
    # 10000 x 10000 = 100M pixels: Pillow warns (over 89M) rather than refusing (over 179M).
    path = png_with_header_size(tmp_path / "bomb.png", 10000, 10000)
    with pytest.raises(CardgenError, match="100,000,000 pixels"):
        load_art(path)


def test_load_art_limit_is_checked_on_every_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "small.png"
    Image.new("RGB", (20, 20), (9, 9, 9)).save(path)
    assert load_art(path).size == (20, 20)
    monkeypatch.setattr(art, "MAX_ART_PIXELS", 100)
    with pytest.raises(CardgenError, match=r"image is 20 x 20 px \(400 pixels\); the limit is 100"):
        load_art(path)


def test_limit_value() -> None:
    assert MAX_ART_PIXELS == 40_000_000


def test_load_art_refuses_a_text_file_renamed_png(tmp_path: Path) -> None:
    path = tmp_path / "notes.png"
    path.write_text("these are not pixels\n", encoding="utf-8")
    with pytest.raises(CardgenError, match="not an image") as caught:
        load_art(path)
    assert "notes.png" in caught.value.format_message()


def test_load_art_refuses_a_truncated_png(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    Image.effect_noise((200, 200), 64).convert("RGB").save(buffer, "PNG")
    data = buffer.getvalue()
    path = tmp_path / "cut.png"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(CardgenError, match="truncated") as caught:
        load_art(path)
    message = caught.value.format_message()
    assert "cut.png" in message
    assert "\n" not in message


def test_load_art_refuses_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CardgenError, match="not found") as caught:
        load_art(tmp_path / "nowhere.png")
    assert "nowhere.png" in caught.value.format_message()


def test_load_art_refuses_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "folder.png"
    folder.mkdir()
    with pytest.raises(CardgenError, match="folder"):
        load_art(folder)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX, non-root")
def test_load_art_refuses_an_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "locked.png"
    Image.new("RGB", (2, 2)).save(path)
    path.chmod(0)
    try:
        with pytest.raises(CardgenError, match="permission denied"):
            load_art(path)
    finally:
        path.chmod(0o644)


# --------------------------------------------------------------------------- load_art: modes


def test_load_art_returns_a_loaded_rgba_image_independent_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "rgb.png"
    Image.new("RGB", (3, 2), (10, 20, 30)).save(path)
    image = load_art(path)
    path.unlink()
    assert image.mode == "RGBA"
    assert image.size == (3, 2)
    assert px(image, (2, 1)) == (10, 20, 30, 255)


@pytest.mark.parametrize("suffix", [".jpg", ".tif"])
def test_load_art_converts_cmyk(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"cyan{suffix}"
    Image.new("CMYK", (16, 16), (255, 0, 0, 0)).save(path)
    with Image.open(path) as raw:
        assert raw.mode == "CMYK"
    image = load_art(path)
    assert image.mode == "RGBA"
    assert near(px(image, (8, 8)), (0, 255, 255, 255), tolerance=4)


def test_load_art_converts_cmyk_with_black(tmp_path: Path) -> None:
    path = tmp_path / "grey.tif"
    Image.new("CMYK", (4, 4), (0, 0, 0, 128)).save(path)
    assert near(px(load_art(path), (0, 0)), (127, 127, 127, 255), tolerance=1)


def test_load_art_keeps_palette_transparency(tmp_path: Path) -> None:
    image = Image.new("P", (4, 1))
    image.putpalette([255, 0, 0, 0, 255, 0, 0, 0, 255])
    for x, index in enumerate([0, 1, 2, 1]):
        image.putpixel((x, 0), index)
    path = tmp_path / "palette.png"
    image.save(path, transparency=1)
    with Image.open(path) as raw:
        assert raw.mode == "P"
    loaded = load_art(path)
    assert loaded.mode == "RGBA"
    assert px(loaded, (0, 0)) == RED
    assert px(loaded, (1, 0))[3] == 0
    assert px(loaded, (2, 0)) == BLUE
    assert px(loaded, (3, 0))[3] == 0
    assert "transparency" not in loaded.info


def test_load_art_keeps_partial_palette_alpha(tmp_path: Path) -> None:
    image = Image.new("P", (3, 1))
    image.putpalette([255, 0, 0, 0, 255, 0, 0, 0, 255])
    for x in range(3):
        image.putpixel((x, 0), x)
    path = tmp_path / "palette-alpha.png"
    image.save(path, transparency=bytes([255, 128, 0]))
    loaded = load_art(path)
    assert [px(loaded, (x, 0))[3] for x in range(3)] == [255, 128, 0]


def test_load_art_palette_without_transparency_is_opaque(tmp_path: Path) -> None:
    path = tmp_path / "palette.gif"
    Image.new("RGB", (4, 4), (0, 0, 255)).convert("P").save(path)
    loaded = load_art(path)
    assert loaded.mode == "RGBA"
    assert px(loaded, (1, 1)) == BLUE


def test_palette_with_alpha_mode_pa_converts() -> None:
    image = Image.new("PA", (1, 1))
    image.putpalette([0, 255, 0])
    image.putpixel((0, 0), (0, 77))
    assert px(art._to_rgba(image), (0, 0)) == (0, 255, 0, 77)


def sixteen_bit_row(values: list[int], mode: str = "I;16") -> Image.Image:
    fmt = ">" if mode == "I;16B" else "<"
    return Image.frombytes(mode, (len(values), 1), struct.pack(f"{fmt}{len(values)}H", *values))


@pytest.mark.parametrize(("mode", "suffix"), [("I;16", ".png"), ("I;16B", ".tif")])
def test_load_art_scales_16_bit_grey(tmp_path: Path, mode: str, suffix: str) -> None:
    values = [0, 257, 32768, 65535, 1000]
    path = tmp_path / f"deep{suffix}"
    sixteen_bit_row(values, mode).save(path)
    with Image.open(path) as raw:
        assert raw.mode.startswith("I;16")
    loaded = load_art(path)
    assert loaded.mode == "RGBA"
    greys = [px(loaded, (x, 0)) for x in range(len(values))]
    assert greys[0] == (0, 0, 0, 255)
    assert greys[1] == (1, 1, 1, 255)
    assert greys[2][0] == 128  # 32768 x 255 / 65535 = 127.502, rounded
    assert greys[3] == (255, 255, 255, 255)
    assert greys[4][0] == 4  # 1000 / 257 = 3.9: scaled, not clipped to 255


def test_load_art_scales_a_16_bit_gradient(tmp_path: Path) -> None:
    values = list(range(0, 65536, 257))  # 256 steps: each maps to its own 8-bit level
    path = tmp_path / "gradient.png"
    sixteen_bit_row(values).save(path)
    loaded = load_art(path)
    assert [px(loaded, (x, 0))[0] for x in range(256)] == list(range(256))


def test_load_art_keeps_a_16_bit_grey_transparent_key(tmp_path: Path) -> None:
    path = tmp_path / "keyed.png"
    sixteen_bit_row([0, 40000, 65535]).save(path, transparency=40000)
    loaded = load_art(path)
    assert [px(loaded, (x, 0))[3] for x in range(3)] == [255, 0, 255]


def test_load_art_scales_32_bit_integers_within_16_bits(tmp_path: Path) -> None:
    path = tmp_path / "int.tif"
    sixteen_bit_row([0, 32768, 65535]).convert("I").save(path)
    with Image.open(path) as raw:
        assert raw.mode == "I"
    loaded = load_art(path)
    assert [px(loaded, (x, 0))[0] for x in range(3)] == [0, 128, 255]  # 127.502 rounds up


def test_wide_32_bit_integers_are_stretched() -> None:
    image = Image.new("I", (3, 1))
    image.putdata([0, 1_000_000, 2_000_000])
    grey = art._to_rgba(image)
    assert [px(grey, (x, 0))[0] for x in range(3)] == [0, 128, 255]  # half of 255 rounds up


def test_load_art_scales_float_grey(tmp_path: Path) -> None:
    image = Image.new("F", (3, 1))
    image.putdata([0.0, 0.5, 1.0])
    path = tmp_path / "float.tif"
    image.save(path)
    with Image.open(path) as raw:
        assert raw.mode == "F"
    loaded = load_art(path)
    assert [px(loaded, (x, 0))[0] for x in range(3)] == [0, 128, 255]  # 127.5 rounds up


def test_float_grey_in_8_bit_range_is_kept() -> None:
    image = Image.new("F", (3, 1))
    image.putdata([0.0, 100.0, 200.0])
    assert [px(art._to_rgba(image), (x, 0))[0] for x in range(3)] == [0, 100, 200]


@pytest.mark.parametrize(
    ("value", "level"),
    [
        (0.5, 128),  # within 0..1: times 255, 127.5 rounded up
        (1.0, 255),
        (200.0, 200),  # within 0..255: kept
        (1000.0, 4),  # within 0..65535: 16-bit, 1000 x 255 / 65535 = 3.9
        (1e6, 255),  # beyond: stretched from min to max, which are one: its level, at most 255
        (-5.0, 0),  # below 0: stretched, flat: its level, at least 0
        (float("nan"), 0),
    ],
)
def test_flat_float_image_does_not_divide_by_zero(value: float, level: int) -> None:
    image = Image.new("F", (2, 2), value)
    grey = art._to_rgba(image)
    assert grey.mode == "RGBA"
    assert [px(grey, (x, y)) for y in (0, 1) for x in (0, 1)] == [(level, level, level, 255)] * 4


def test_load_art_keeps_la_alpha(tmp_path: Path) -> None:
    path = tmp_path / "la.png"
    Image.new("LA", (2, 2), (200, 90)).save(path)
    assert load_art(path).getpixel((1, 1)) == (200, 200, 200, 90)


def test_load_art_keeps_rgba_exactly(tmp_path: Path) -> None:
    source = Image.new("RGBA", (5, 5), (10, 20, 30, 40))
    source.putpixel((4, 4), (250, 1, 2, 0))
    path = tmp_path / "rgba.png"
    source.save(path)
    loaded = load_art(path)
    assert loaded.tobytes() == source.tobytes()


@pytest.mark.parametrize(
    ("mode", "colour", "expected"),
    [("L", 77, (77, 77, 77, 255)), ("1", 1, (255, 255, 255, 255))],
)
def test_load_art_converts_grey_and_bilevel(
    tmp_path: Path, mode: str, colour: int, expected: tuple[int, int, int, int]
) -> None:
    path = tmp_path / f"{mode}.png"
    Image.new(mode, (3, 3), colour).save(path)
    assert load_art(path).getpixel((1, 1)) == expected


def test_load_art_applies_exif_orientation(tmp_path: Path) -> None:
    # Stored 20 x 10, left half red, right half blue; orientation 6 = turn 90° clockwise.
    stored = Image.new("RGB", (20, 10), (255, 0, 0))
    stored.paste((0, 0, 255), (10, 0, 20, 10))
    exif = Image.Exif()
    exif[0x0112] = 6
    path = tmp_path / "turned.png"
    stored.save(path, exif=exif)
    loaded = load_art(path)
    assert loaded.size == (10, 20)
    assert px(loaded, (5, 2)) == RED
    assert px(loaded, (5, 17)) == BLUE


def test_load_art_applies_exif_orientation_in_jpeg(tmp_path: Path) -> None:
    stored = Image.new("RGB", (32, 16), (255, 0, 0))
    stored.paste((0, 0, 255), (16, 0, 32, 16))
    exif = Image.Exif()
    exif[0x0112] = 8  # turn 90° counter-clockwise: the left half ends at the bottom
    path = tmp_path / "turned.jpg"
    stored.save(path, exif=exif, quality=95)
    loaded = load_art(path)
    assert loaded.size == (16, 32)
    assert near(px(loaded, (8, 28)), RED, tolerance=8)
    assert near(px(loaded, (8, 3)), BLUE, tolerance=8)


def test_load_art_drops_the_icc_profile_and_leaves_pixels_alone(tmp_path: Path) -> None:
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    path = tmp_path / "profiled.png"
    Image.new("RGB", (2, 2), (12, 34, 56)).save(path, icc_profile=profile)
    with Image.open(path) as raw:
        assert "icc_profile" in raw.info
    loaded = load_art(path)
    assert "icc_profile" not in loaded.info
    assert px(loaded, (0, 0)) == (12, 34, 56, 255)


@pytest.mark.parametrize("suffix", [".gif", ".webp", ".png", ".tif"])
def test_load_art_takes_the_first_frame_of_an_animation(tmp_path: Path, suffix: str) -> None:
    """Animated GIF, WebP and PNG (APNG), and a TIFF of several pages: the first."""
    path = tmp_path / f"anim{suffix}"
    frames = [Image.new("RGB", (4, 4), colour) for colour in ((255, 0, 0), (0, 0, 255))]
    options = {"lossless": True} if suffix == ".webp" else {}
    frames[0].save(path, save_all=True, append_images=frames[1:], **options)
    with Image.open(path) as written:
        assert getattr(written, "n_frames", 1) == 2
    assert load_art(path).getpixel((0, 0)) == RED


# --------------------------------------------------------------------------- fit_art


def two_halves(size: tuple[int, int] = (200, 100)) -> Image.Image:
    image = Image.new("RGBA", size, RED)
    image.paste(BLUE, (size[0] // 2, 0, size[0], size[1]))
    return image


def test_fit_contain_letterboxes_with_transparent_bands() -> None:
    fitted = fit_art(two_halves(), (100, 100), "contain")
    assert fitted.size == (100, 100)
    assert fitted.mode == "RGBA"
    assert fitted.getbbox() == (0, 25, 100, 75)  # content 100 x 50, centred
    assert px(fitted, (50, 10)) == CLEAR
    assert px(fitted, (50, 90)) == CLEAR
    assert px(fitted, (20, 50)) == RED
    assert px(fitted, (80, 50)) == BLUE


def test_fit_contain_with_a_background() -> None:
    fitted = fit_art(two_halves(), (100, 100), "contain", background=(255, 255, 255, 255))
    assert px(fitted, (50, 5)) == (255, 255, 255, 255)
    assert px(fitted, (20, 50)) == RED


def test_fit_contain_composites_transparent_art_over_the_background() -> None:
    clear = Image.new("RGBA", (10, 10), CLEAR)
    fitted = fit_art(clear, (10, 10), "contain", background=(0, 255, 0, 255))
    assert px(fitted, (5, 5)) == GREEN


def test_fit_contain_upscales_only_as_needed() -> None:
    fitted = fit_art(two_halves((50, 25)), (100, 100), "contain")
    assert fitted.getbbox() == (0, 25, 100, 75)


def test_fit_contain_tall_art_gets_side_bands() -> None:
    fitted = fit_art(Image.new("RGB", (50, 100), (0, 255, 0)), (100, 100), "contain")
    assert fitted.getbbox() == (25, 0, 75, 100)
    assert px(fitted, (50, 50)) == GREEN


def test_fit_cover_crops_the_centre() -> None:
    bands = Image.new("RGBA", (200, 100), RED)
    bands.paste(GREEN, (50, 0, 150, 100))
    bands.paste(BLUE, (150, 0, 200, 100))
    fitted = fit_art(bands, (100, 100), "cover")
    assert fitted.size == (100, 100)
    assert fitted.mode == "RGBA"
    for point in [(0, 0), (99, 0), (0, 99), (99, 99), (50, 50)]:
        assert px(fitted, point) == GREEN


def test_fit_cover_scales_up_to_fill() -> None:
    fitted = fit_art(two_halves((20, 10)), (100, 100), "cover")
    assert fitted.size == (100, 100)
    assert fitted.getbbox() == (0, 0, 100, 100)
    assert near(px(fitted, (5, 50)), RED)
    assert near(px(fitted, (95, 50)), BLUE)


def test_fit_stretch_ignores_the_aspect_ratio() -> None:
    fitted = fit_art(two_halves(), (100, 100), "stretch")
    assert fitted.size == (100, 100)
    assert px(fitted, (10, 10)) == RED
    assert px(fitted, (90, 90)) == BLUE


@pytest.mark.parametrize("mode", ["contain", "cover", "stretch"])
def test_fit_art_is_deterministic_and_leaves_the_input_alone(mode: str) -> None:
    source = Image.effect_noise((123, 77), 40).convert("RGB")
    before = source.tobytes()
    first = fit_art(source, (64, 90), mode)  # type: ignore[arg-type]
    second = fit_art(source, (64, 90), mode)  # type: ignore[arg-type]
    assert first.size == (64, 90)
    assert first.mode == "RGBA"
    assert first.tobytes() == second.tobytes()
    assert source.tobytes() == before


def test_fit_art_same_size_is_a_copy() -> None:
    source = two_halves()
    fitted = fit_art(source, (200, 100), "cover")
    assert fitted.tobytes() == source.tobytes()
    assert fitted is not source


def test_fit_art_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="fit mode"):
        fit_art(two_halves(), (10, 10), "fill")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="positive"):
        fit_art(two_halves(), (0, 10), "contain")
