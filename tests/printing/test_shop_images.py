"""MakePlayingCards' upload set against its template (docs/research/print-shops.md,
section 1): a poker face is exactly 822 x 1122 px at 300 dpi with a 36 px bleed, so the
trim is pixels 36..786 x 36..1086; one PNG per face, named in upload order with the
copies counted, and a list of them. Checked on images whose bleed has a colour of its own,
made here and rendered by cardgen from a layout."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from cardgen.errors import CardgenError
from cardgen.printing.imposition import Face
from cardgen.printing.shop_images import MPC_TEMPLATES, fit_face, resolution_note
from tests.oracles.games import Row, cli, ok, write_game
from tests.sized_game import write_sized_game

BLEED_RGB = (255, 0, 255)
TRIM_RGB = (0, 160, 0)
# a card whose bleed is magenta and whose trim is green, to see where the trim lands
MARKED = (
    "extends: builtin:card\n"
    "background: '#ff00ff'\n"
    "elements:\n"
    "  trim:\n"
    "    kind: rect\n"
    "    x: 0in\n"
    "    y: 0in\n"
    "    width: 100%\n"
    "    height: 100%\n"
    "    fill: '#00a000'\n"
)


def marked_image(trim_px: tuple[int, int], bleed_px: int) -> Image.Image:
    """A render of `trim_px` with `bleed_px` of bleed a side, bleed and trim apart."""
    w, h = trim_px[0] + 2 * bleed_px, trim_px[1] + 2 * bleed_px
    image = Image.new("RGB", (w, h), BLEED_RGB)
    ImageDraw.Draw(image).rectangle(
        (bleed_px, bleed_px, w - bleed_px - 1, h - bleed_px - 1), TRIM_RGB
    )
    return image


@settings(max_examples=30, deadline=None)
@given(
    trim=st.sampled_from(sorted(MPC_TEMPLATES)),
    scale=st.integers(1, 3),
    extra=st.integers(0, 40),
)
def test_the_trim_lands_on_the_templates_trim(
    trim: tuple[float, float], scale: int, extra: int
) -> None:
    """Renders at 300, 600 or 900 dpi with any bleed at least the template's: the output is
    the template's size, its outer `bleed` pixels bleed and everything inside trim."""
    template = MPC_TEMPLATES[trim]
    trim_px = (round(trim[0] * 300) * scale, round(trim[1] * 300) * scale)
    bleed_px = round(template.bleed * scale) + extra
    per_pt = 300 * scale / 72
    image = marked_image(trim_px, bleed_px)
    out = fit_face(
        image,
        (trim[0] * 72, trim[1] * 72),
        bleed_px / per_pt,
        (template.width, template.height),
        (template.bleed, template.bleed),
        name="x",
    )
    assert out.size == (template.width, template.height)
    b, w, h = round(template.bleed), template.width, template.height
    for x, y, colour in [
        (b - 1, h // 2, BLEED_RGB),
        (b, h // 2, TRIM_RGB),
        (w - b - 1, h // 2, TRIM_RGB),
        (w - b, h // 2, BLEED_RGB),
        (w // 2, b - 1, BLEED_RGB),
        (w // 2, b, TRIM_RGB),
        (w // 2, h - b - 1, TRIM_RGB),
        (w // 2, h - b, BLEED_RGB),
        (0, 0, BLEED_RGB),
    ]:
        assert out.getpixel((x, y)) == colour, (x, y)


def test_a_bleed_narrower_than_the_template_is_refused() -> None:
    image = marked_image((750, 1050), 30)
    with pytest.raises(CardgenError, match=r"Zed: its layout's bleed is 2\.54 mm.* 3\.05 mm"):
        fit_face(image, (180, 252), 30 * 72 / 300, (822, 1122), (36, 36), name="Zed")


def trim_edge(row: list[tuple[int, int, int]]) -> float:
    """Where bleed turns to trim along a row of pixels, to a fraction of a pixel: the
    pixels' summed share of the bleed colour (green channel: 0 bleed, 160 trim)."""
    return sum(1 - pixel[1] / TRIM_RGB[1] for pixel in row)


@pytest.mark.parametrize("dpi", [300, 600])
def test_a_rendered_cards_trim_lands_at_36_px(tmp_path: Path, dpi: int) -> None:
    """cardgen's own render (1/8 in bleed: 37.5 px at 300 dpi, 75 at 600) becomes 822 x
    1122 px with the trim 36 px in on every side (to half a pixel at 300 dpi, where the
    render's own edge falls mid-pixel; exactly at 600)."""
    layout = MARKED + f"dpi: {dpi}\n"
    root = write_game(tmp_path, [Row("Alpha", "t0")], layout=layout)
    ok("pnp", "gen", "--project", root, "--out", tmp_path / "mpc", "--printer", "mpc")
    with Image.open(tmp_path / "mpc" / "001a-front-x1-alpha.png") as png:
        assert png.size == (822, 1122) and png.mode == "RGB"
        assert png.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        image = png.convert("RGB")
    middle_row = [image.getpixel((x, 561)) for x in range(72)]
    middle_column = [image.getpixel((411, y)) for y in range(72)]
    right = [image.getpixel((x, 561)) for x in range(821, 821 - 72, -1)]
    bottom = [image.getpixel((411, y)) for y in range(1121, 1121 - 72, -1)]
    for line in (middle_row, middle_column, right, bottom):
        assert line[0] == BLEED_RGB and line[-1] == TRIM_RGB
        assert trim_edge(line) == pytest.approx(36, abs=0.5 if dpi == 300 else 0.01)
    if dpi == 600:
        assert (image.getpixel((35, 561)), image.getpixel((36, 561))) == (BLEED_RGB, TRIM_RGB)


def upload_set(
    tmp_path: Path, printer: str, layout: str | None = None
) -> tuple[Path, str, list[str]]:
    """A shop's upload set of Alpha (x1) and Gamma (x2) of type t0 and Beta (x3) of type
    t1 (each type its own back): the folder, the command's first line, the files' names."""
    rows = [Row("Alpha", "t0", 1), Row("Beta", "t1", 3), Row("Gamma", "t0", 2)]
    root = write_game(tmp_path, rows, types=2, **({"layout": layout} if layout else {}))
    out = tmp_path / "upload"
    result = ok("pnp", "gen", "--project", root, "--out", out, "--printer", printer)
    return out, result.stdout.splitlines()[0], sorted(p.name for p in out.iterdir())


def test_one_png_per_face_in_upload_order_with_copies(tmp_path: Path) -> None:
    out, said, names = upload_set(tmp_path, "mpc")
    assert said == f"{out / 'upload.txt'}: 6 images, 6 cards"
    assert names == [
        "001a-front-x1-alpha.png",
        "001b-back-alpha.png",
        "002a-front-x3-beta.png",
        "002b-back-beta.png",
        "003a-front-x2-gamma.png",
        "003b-back-gamma.png",
        "upload.txt",
    ]
    sizes = set()
    for name in names[:-1]:
        with Image.open(out / name) as png:
            sizes.add(png.size)
    assert sizes == {(822, 1122)}
    # the backs are each card's own: Alpha's and Gamma's are type t0's, Beta's t1's
    backs = [(out / name).read_bytes() for name in names if "-back-" in name]
    assert backs[0] == backs[2] != backs[1]
    listing = (out / "upload.txt").read_text(encoding="utf-8").splitlines()
    assert listing[0] == "Generated Game: MakePlayingCards upload set, 6 cards (3 different)."
    assert listing[-3:] == [
        "  1  x1   001a-front-x1-alpha.png  001b-back-alpha.png  Alpha",
        "  2  x3   002a-front-x3-beta.png  002b-back-beta.png  Beta",
        "  3  x2   003a-front-x2-gamma.png  003b-back-gamma.png  Gamma",
    ]


def test_a_size_mpc_has_no_template_for_is_refused(tmp_path: Path) -> None:
    root = write_game(
        tmp_path, [Row("Alpha", "t0")], layout="extends: builtin:card\nsize: bridge\n"
    )
    result = cli("pnp", "gen", "--project", root, "--printer", "mpc")
    assert result.exit_code == 2 and "Traceback" not in result.output
    (line,) = result.stderr.strip().splitlines()
    assert line == (
        "error: MakePlayingCards has no template for type 't0' (57.15 x 88.9 mm, 1 card)"
        " (it has: 2.5 x 3.5 in, 2.75 x 4.75 in, 3.5 x 5 in); use --printer tgc or home sheets"
    )
    assert not (root / "output" / "gen" / "gen-mpc").exists()  # refused before any image


def test_a_face_below_300_dpi_is_named(tmp_path: Path) -> None:
    sharp, soft = tmp_path / "sharp.png", tmp_path / "soft.png"
    Image.new("RGB", (825, 1125)).save(sharp)  # 2.75 x 3.75 in at 300 dpi
    Image.new("RGB", (412, 562)).save(soft)  # at 150 dpi
    fine = Face("Fine", sharp, sharp, 180, 252, 9, 9)
    assert resolution_note([fine, fine]) == []
    assert resolution_note([fine, Face("Blurry", sharp, soft, 180, 252, 9, 9)]) == [
        "Blurry is rendered at 150 dpi, the shops ask for 300: set `dpi: 300` in its layout."
    ]


def test_mpc_takes_the_sizes_it_has_templates_for_and_names_the_others(tmp_path: Path) -> None:
    """A game of poker (t0), tarot 70 x 120 mm (t1: not MPC's 2.75 x 4.75 in) and
    landscape 88 x 63 mm (t2) cards: the poker cards are uploaded, the others named with
    their sizes and their counts, none forced into a template of another size."""
    root = write_sized_game(tmp_path)
    out = tmp_path / "upload"
    result = ok("pnp", "gen", "--project", root, "--out", out, "--printer", "mpc")
    assert result.stdout.splitlines()[0] == f"{out / 'upload.txt'}: 4 images, 3 cards"
    fronts = sorted(p.name for p in out.glob("*-front-*"))
    assert fronts == ["001a-front-x2-ace.png", "002a-front-x1-bard.png"]
    left_out = (
        "Left out: MakePlayingCards has no template for type 't1' (70 x 120 mm, 2 cards);"
        " type 't2' (88 x 63 mm landscape, 3 cards) (it has: 2.5 x 3.5 in, 2.75 x 4.75 in,"
        " 3.5 x 5 in); print those on home sheets."
    )
    assert f"  {left_out}" in result.stdout.splitlines()
