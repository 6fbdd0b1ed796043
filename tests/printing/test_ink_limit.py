"""DriveThruCards' total-ink limit, read back from its PDF/X file pixel by pixel: every
pixel's C + M + Y + K at 240 % at most (the shop's card specification, as issue 36 cites
it; 255 = 100 % of one ink, so 612), where the FOGRA39 separation alone lays down far
more; black text still black (K at 90 % or more); a project's own preset at 300 % keeps
300 %, and a preset without a limit gives the profile's separation untouched."""

from __future__ import annotations

import io
from importlib.resources import files
from pathlib import Path

import pikepdf
import pytest
import yaml
from PIL import Image, ImageCms, ImageDraw

from cardgen.printing.imposition import Face
from cardgen.printing.pdfx import pdfx_pdf
from cardgen.printing.presets import builtin_shops
from tests.oracles.games import example_alone, ok

DTC_LIMIT_PERCENT = 240  # DriveThruCards' card specification: total ink at most 240 %
OWN_LIMIT_PERCENT = 300  # a project's own preset, the FOGRA39 condition's own 300 %
BLACK_K_PERCENT = 90  # black text: its black ink at 90 % or more
CARD = "Ashen Forgemistress"  # a Shards persona: dark art, black text, the dark back
DRIVETHRU = {
    "shop": "DriveThruCards",
    "output": "pdfx",
    "bleed": "0.125in",
    "profile": "FOGRA39L_coated.icc",
    "condition": "FOGRA39",
    "note": "a test's own preset",
}


def units(percent: float) -> float:
    """A total ink in percent as the sum of four 8-bit channels (255 = 100 %)."""
    return percent * 255 / 100


def cmyk_images(pdf: Path | bytes) -> list[Image.Image]:
    """Every distinct image of a PDF/X file, as the CMYK pixels it carries."""
    images = []
    source = io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf
    with pikepdf.open(source) as document:
        seen = set()
        for page in document.pages:
            for stream in page.obj.Resources.XObject.values():
                if stream.objgen not in seen:
                    seen.add(stream.objgen)
                    assert stream.ColorSpace == pikepdf.Name.DeviceCMYK
                    size = (int(stream.Width), int(stream.Height))
                    images.append(Image.frombytes("CMYK", size, stream.read_bytes()))
    return images


def totals(image: Image.Image) -> list[int]:
    """Each pixel's C + M + Y + K."""
    return [sum(inks) for inks in zip(*(band.tobytes() for band in image.split()), strict=True)]


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Image.Image]]:
    """One Shards card and its back through DriveThruCards' preset, a project preset at
    300 % and one without a limit: the images of each file, by preset."""
    root = example_alone(tmp_path_factory.mktemp("ink"), "shards", dpi=100)
    (root / "shops").mkdir()
    (root / "shops" / "own300.yaml").write_text(
        yaml.safe_dump({**DRIVETHRU, "ink_limit": OWN_LIMIT_PERCENT})
    )
    (root / "shops" / "unlimited.yaml").write_text(yaml.safe_dump(DRIVETHRU))
    made = {}
    for printer in ("drivethru", "own300", "unlimited"):
        out = root / f"{printer}.pdf"
        ok("pnp", "shards", "--project", root, "--out", out, "--printer", printer, "--only", CARD)
        made[printer] = cmyk_images(out)
    return made


def test_the_drivethru_preset_carries_the_shops_limit() -> None:
    shops = builtin_shops()
    assert shops["drivethru"].ink_limit == DTC_LIMIT_PERCENT
    assert shops["tgc"].ink_limit is None and shops["mpc"].ink_limit is None


def test_every_pixel_of_the_drivethru_file_is_within_240(
    shards: dict[str, list[Image.Image]],
) -> None:
    before = max(max(totals(image)) for image in shards["unlimited"])
    after = max(max(totals(image)) for image in shards["drivethru"])
    assert len(shards["drivethru"]) == len(shards["unlimited"]) >= 2
    assert before > units(DTC_LIMIT_PERCENT) + units(40)  # the separation alone: near 300 %
    assert after <= units(DTC_LIMIT_PERCENT)
    assert after >= units(DTC_LIMIT_PERCENT) - 3  # the darkest pixels sit at the limit


def test_a_project_preset_at_300_keeps_300(
    shards: dict[str, list[Image.Image]], tmp_path: Path
) -> None:
    highest = max(max(totals(image)) for image in shards["own300"])
    assert units(DTC_LIMIT_PERCENT) < highest <= units(OWN_LIMIT_PERCENT)
    shop = builtin_shops()["drivethru"].model_copy(update={"ink_limit": OWN_LIMIT_PERCENT})
    _, front = cmyk_images(pdfx_pdf([_face(tmp_path)], title="T", author="A", shop=shop)[0])
    assert units(OWN_LIMIT_PERCENT) - 3 <= max(totals(front)) <= units(OWN_LIMIT_PERCENT)


def test_pixels_within_the_limit_keep_their_inks(shards: dict[str, list[Image.Image]]) -> None:
    for free, limited in zip(shards["unlimited"], shards["drivethru"], strict=True):
        bands = zip(*(b.tobytes() for b in free.split()), strict=True)
        kept = zip(*(b.tobytes() for b in limited.split()), strict=True)
        pairs = [(a, b) for a, b in zip(bands, kept, strict=True)]
        under = [(a, b) for a, b in pairs if sum(a) <= units(DTC_LIMIT_PERCENT)]
        assert under and all(a == b for a, b in under)
        assert any(a != b for a, b in pairs)


def _face(tmp_path: Path) -> Face:
    """A synthetic card (2.75 x 3.75 in at 40 dpi): a dark red ground, black text over it
    and a black bar, on a white back."""
    front, back = tmp_path / "front.png", tmp_path / "back.png"
    image = Image.new("RGB", (110, 150), (90, 10, 20))
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 100, 99, 139), fill=(0, 0, 0))
    draw.text((12, 20), "BLACK TEXT", fill=(0, 0, 0), font_size=14)
    image.save(front)
    Image.new("RGB", (110, 150), (255, 255, 255)).save(back)
    return Face("A", front, back, 180, 252, 9, 9)


def test_black_text_stays_black_at_the_limit(tmp_path: Path) -> None:
    face = _face(tmp_path)
    data, _ = pdfx_pdf([face], title="T", author="A")
    _, front = cmyk_images(data)
    with Image.open(face.front) as drawn:
        source = drawn.convert("RGB")
    assert front.size == source.size
    black = [i for i in range(110 * 150) if source.getpixel((i % 110, i // 110)) == (0, 0, 0)]
    assert len(black) > 3600  # the bar (90 x 40) and the letters
    inks = list(zip(*(band.tobytes() for band in front.split()), strict=True))
    for i in black:
        assert inks[i][3] >= units(BLACK_K_PERCENT), inks[i]
        assert units(DTC_LIMIT_PERCENT) - 3 <= sum(inks[i]) <= units(DTC_LIMIT_PERCENT)
    assert max(map(sum, inks)) <= units(DTC_LIMIT_PERCENT)


def test_without_a_limit_the_separation_is_the_profiles(tmp_path: Path) -> None:
    face = _face(tmp_path)
    shop = builtin_shops()["drivethru"].model_copy(update={"ink_limit": None})
    data, _ = pdfx_pdf([face], title="T", author="A", shop=shop)
    _, front = cmyk_images(data)
    profile = (files("cardgen") / "print_profiles" / "FOGRA39L_coated.icc").read_bytes()
    with Image.open(face.front) as drawn:
        expected = ImageCms.profileToProfile(
            drawn.convert("RGB"),
            ImageCms.createProfile("sRGB"),
            ImageCms.ImageCmsProfile(io.BytesIO(profile)),
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            outputMode="CMYK",
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
        )
    assert expected is not None
    assert front.tobytes() == expected.tobytes()
    assert max(totals(front)) > units(OWN_LIMIT_PERCENT)  # FOGRA39's black: above 300 %
