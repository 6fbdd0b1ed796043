"""DriveThruCards' file checked the way a preflight checks it: every PDF/X-1a:2003 rule its
structure answers (`pdfx_preflight`, read with pikepdf), `qpdf --check`, poppler's
`pdfimages -list` (colour space cmyk) and `pdffonts`, and the shop's own numbers: a poker
card's page 2.75 x 3.75 in (198 x 270 pt) = MediaBox = BleedBox, TrimBox 2.5 x 3.5 in
inset 9 pt, back then front for every copy (docs/research/print-shops.md, section 2)."""

from __future__ import annotations

import hashlib
import io
import subprocess
from importlib.resources import files
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageCms, ImageStat

from cardgen.printing.imposition import Face
from cardgen.printing.pdfx import pdfx_pdf
from tests.oracles.games import Row, cli, ok, rendered, write_game
from tests.printing.pdfx_preflight import preflight, report
from tests.skips import require_tool

POKER = "extends: builtin:card\n"  # 300 dpi, 1/8 in bleed: 825 x 1125 px
DTC_PAGE_PT = [0.0, 0.0, 198.0, 270.0]  # 2.75 x 3.75 in
DTC_TRIM_PT = [9.0, 9.0, 189.0, 261.0]  # 2.5 x 3.5 in, 1/8 in (9 pt) in from the page
PROFILE_SHA256 = "b35713ef7eff09349d4c3249e5f377736d06d8a2671c54712971a3546bf17c57"
ROWS = [Row("Alpha", "t0", 1), Row("Beta", "t1", 2)]


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], Path]:
    root = write_game(tmp_path_factory.mktemp("dtc"), ROWS, types=2, layout=POKER)
    drawn = rendered(root, "gen", root / "render")
    pdf = root / "deck-drivethru.pdf"
    ok("pnp", "gen", "--project", root, "--out", pdf, "--printer", "drivethru", "--jobs", "1")
    return root, drawn, pdf


def test_every_pdfx_1a_check_passes(game: tuple[Path, dict[str, Any], Path]) -> None:
    checks = preflight(game[2])
    assert all(check.ok for check in checks), report(checks)
    assert len(checks) == 18


def test_the_preflight_fails_an_rgb_pdf(
    game: tuple[Path, dict[str, Any], Path], tmp_path: Path
) -> None:
    """The checker can fail: a `pdf` preset's (ReportLab, RGB, PDF 1.7) file is no PDF/X."""
    (game[0] / "shops").mkdir(exist_ok=True)
    (game[0] / "shops" / "proofs.yaml").write_text(
        "shop: Proofs\noutput: pdf\nnote: One face a page.\n", encoding="utf-8"
    )
    rgb = tmp_path / "proofs.pdf"
    ok("pnp", "gen", "--project", game[0], "--out", rgb, "--printer", "proofs", "--jobs", "1")
    failed = {check.name for check in preflight(rgb) if not check.ok}
    assert failed == {
        "PDF header 1.3 or 1.4",
        "Info GTS_PDFXVersion",
        "Info GTS_PDFXConformance",
        "one GTS_PDFX OutputIntent",
        "images CMYK only",
    }


def test_pages_are_the_shops_numbers_back_then_front(
    game: tuple[Path, dict[str, Any], Path],
) -> None:
    _, drawn, path = game
    backs = {c["name"]: c["back"] for c in drawn["cards"]}
    with pikepdf.open(path) as pdf:
        assert path.read_bytes()[:8] == b"%PDF-1.3"
        (intent,) = pdf.Root.OutputIntents
        assert str(intent.OutputConditionIdentifier) == "FOGRA39"
        profile = ImageCms.ImageCmsProfile(io.BytesIO(intent.DestOutputProfile.read_bytes()))
        assert profile.profile.xcolor_space == "CMYK" and profile.profile.device_class == "prtr"
        shown = []
        for page in pdf.pages:
            assert [float(v) for v in page.obj.MediaBox] == DTC_PAGE_PT
            assert [float(v) for v in page.obj.BleedBox] == DTC_PAGE_PT
            assert [float(v) for v in page.obj.TrimBox] == DTC_TRIM_PT
            (image,) = page.obj.Resources.XObject.values()
            assert (image.Width, image.Height) == (825, 1125)  # 300 ppi on 2.75 x 3.75 in
            assert image.ColorSpace == pikepdf.Name.DeviceCMYK and image.BitsPerComponent == 8
            shown.append(nearest(image, profile, drawn))
    expected = []
    for row in ROWS:
        expected += [f"back {backs[row.name]}", f"card {row.name}"] * row.copies
    assert shown == expected


def nearest(image: pikepdf.Stream, profile: ImageCms.ImageCmsProfile, drawn: dict[str, Any]) -> str:
    """Which render a CMYK page shows: its pixels taken back to sRGB through the file's own
    OutputIntent profile (LittleCMS), and the render they differ least from (and little)."""
    cmyk = Image.frombytes("CMYK", (int(image.Width), int(image.Height)), image.read_bytes())
    srgb = ImageCms.createProfile("sRGB")
    back = ImageCms.profileToProfile(cmyk, profile, srgb, outputMode="RGB")
    assert back is not None
    pngs = {f"card {c['name']}": c["file"] for c in drawn["cards"]}
    pngs.update({f"back {b['back']}": b["file"] for b in drawn["backs"]})
    differences = {}
    for name, file in pngs.items():
        with Image.open(file) as png:
            difference = ImageChops.difference(back, png.convert("RGB"))
            differences[name] = sum(ImageStat.Stat(difference).mean) / 3
    best, second = sorted(differences.values())[:2]
    # saturated screen colours lie outside what CMYK can print and move; the page is still
    # far nearer its own render than any other
    assert best < 40 and second > 2 * best, differences
    return min(differences, key=differences.__getitem__)


PRINTABLE = st.tuples(st.integers(120, 180), *[st.integers(-20, 20)] * 3).map(
    lambda t: (t[0] + t[1], t[0] + t[2], t[0] + t[3])
)
"""Muted colours: channels of 100-200 within 40 of each other. Every one of them comes back
within 4 levels (checked on a grid of step 2); 15 % of the whole 100-200 cube does not,
the saturated blues and purples ((100, 100, 170) comes back as (98, 100, 165)) that the
press cannot print."""


@settings(max_examples=25, deadline=None)
@given(colour=PRINTABLE)
def test_printable_colours_survive_the_conversion(
    tmp_path_factory: pytest.TempPathFactory, colour: tuple[int, int, int]
) -> None:
    """A colour CMYK can print comes back through the file's own profile as it was; white
    is paper (no ink)."""
    folder = tmp_path_factory.mktemp("colour")
    front, back = folder / "front.png", folder / "back.png"
    Image.new("RGB", (55, 75), colour).save(front)  # 20 dpi: 2.75 x 3.75 in
    Image.new("RGB", (55, 75), (255, 255, 255)).save(back)
    data, pages = pdfx_pdf([Face("A", front, back, 180, 252, 9, 9)], title="T", author="A")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        icc = io.BytesIO(pdf.Root.OutputIntents[0].DestOutputProfile.read_bytes())
        profile = ImageCms.ImageCmsProfile(icc)
        inks = []
        for page in pdf.pages:
            (image,) = page.obj.Resources.XObject.values()
            inks.append(Image.frombytes("CMYK", (55, 75), image.read_bytes()))
    assert pages == 2 and inks[0].getextrema() == ((0, 0),) * 4  # the back: white, no ink
    srgb = ImageCms.createProfile("sRGB")
    seen = ImageCms.profileToProfile(inks[1], profile, srgb, outputMode="RGB")
    assert seen is not None
    assert all(abs(a - b) <= 4 for a, b in zip(seen.getpixel((27, 37)), colour, strict=True))


def test_poppler_and_qpdf_read_it_as_cmyk_with_no_font(
    game: tuple[Path, dict[str, Any], Path],
) -> None:
    path = str(game[2])
    checked = subprocess.run([require_tool("qpdf"), "--check", path], capture_output=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    listed = subprocess.run(
        [require_tool("pdfimages"), "-list", path], capture_output=True, text=True, check=True
    ).stdout.splitlines()[2:]
    assert len(listed) == 6  # Alpha once, Beta twice: back and front each
    for line in listed:
        _, _, kind, width, height, color, comp, bpc, *_, xppi, yppi, _, _ = line.split()
        assert (kind, width, height, color, comp, bpc) == ("image", "825", "1125", "cmyk", "4", "8")
        assert (xppi, yppi) == ("300", "300")
    fonts = subprocess.run(
        [require_tool("pdffonts"), path], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert fonts[0].split()[:2] == ["name", "type"] and fonts[2:] == []  # no text: no font
    info = subprocess.run(
        [require_tool("pdfinfo"), path], capture_output=True, text=True, check=True
    ).stdout
    said = dict(line.split(":", 1) for line in info.splitlines() if ":" in line)
    assert said["PDF subtype"].strip() == "PDF/X-1:2003" and said["PDF version"].strip() == "1.3"


def test_same_cards_same_bytes(game: tuple[Path, dict[str, Any], Path], tmp_path: Path) -> None:
    again = tmp_path / "elsewhere" / "again.pdf"
    ok("pnp", "gen", "--project", game[0], "--out", again, "--printer", "drivethru")
    assert again.read_bytes() == game[2].read_bytes()


def test_the_shipped_profile_is_the_cc0_fogra39_file() -> None:
    folder = files("cardgen") / "print_profiles"
    data = (folder / "FOGRA39L_coated.icc").read_bytes()
    assert hashlib.sha256(data).hexdigest() == PROFILE_SHA256
    profile = ImageCms.ImageCmsProfile(io.BytesIO(data)).profile
    assert profile.profile_description == "FOGRA39L Coated"
    assert profile.copyright == "This profile is free of known copyright restrictions"
    assert PROFILE_SHA256 in (folder / "README.md").read_text(encoding="utf-8")


def test_a_render_without_the_shops_bleed_is_refused(tmp_path: Path) -> None:
    root = write_game(tmp_path, [Row("Alpha", "t0")], layout=POKER + "bleed: 1mm\n")
    result = cli("pnp", "gen", "--project", root, "--printer", "drivethru", "--jobs", "1")
    assert result.exit_code == 2 and "Traceback" not in result.output
    (line,) = result.stderr.strip().splitlines()
    assert (
        "Alpha: its layout's bleed is 1.00 mm, the shop's template needs 3.18 mm:"
        " set `bleed: 0.125in`" in line
    )
