"""Print-and-play PDFs: page size, cards per page, placements to 0.1 pt, mirrored backs,
images embedded once, marks clear of cards and paper edges, metadata, determinism."""

from __future__ import annotations

import hashlib
import itertools
import json
import subprocess
import zlib
from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pytest
from click.testing import Result
from PIL import Image
from pypdf import PdfReader

from tests.conftest import TINY_CARDS
from tests.skips import require_tool

Run = Callable[..., Result]
MM = 72 / 25.4
CARDS = TINY_CARDS.replace("Fireball,spell,4", "Fireball,spell,9")  # 1+1+9+4+2 = 17 copies
PAPER = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}
BLEED = 9.0  # 1/8 in of the built-in layouts


def make_pdf(make_project: Callable[..., Path], run: Run, tmp_path: Path, *args: str) -> Path:
    root = make_project(cards=CARDS)
    out = tmp_path / "out.pdf"
    result = run("pnp", "tiny", "--project", root, "--out", out, "--jobs", "1", *args)
    assert result.exit_code == 0, result.output
    return out


def placements(path: Path) -> list[list[tuple[float, float, float, float]]]:
    """Per page, each image's drawn box (x0, y0, x1, y1) in PDF coordinates (origin bottom)."""
    pages = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            height = float(page.height)
            pages.append(
                [
                    (
                        float(i["x0"]),
                        height - float(i["bottom"]),
                        float(i["x1"]),
                        height - float(i["top"]),
                    )
                    for i in page.images
                ]
            )
    return pages


def trim(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    return (box[0] + BLEED, box[1] + BLEED, box[2] - BLEED, box[3] - BLEED)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_home_sheets_exact_size_and_grid(
    make_project: Callable[..., Path], run: Run, tmp_path: Path, paper: str
) -> None:
    path = make_pdf(make_project, run, tmp_path, "--paper", paper, "--duplex", "long")
    reader = PdfReader(path)
    assert len(reader.pages) == 4  # 17 cards: 9 + 8, each with a back page
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(PAPER[paper][0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(PAPER[paper][1], abs=0.01)
    pages = placements(path)
    assert [len(p) for p in pages] == [9, 9, 8, 8]
    width, height = PAPER[paper]
    boxes = [trim(b) for b in pages[0]]
    for x0, y0, x1, y1 in boxes:
        assert x1 - x0 == pytest.approx(180, abs=0.1) and y1 - y0 == pytest.approx(252, abs=0.1)
        assert x0 >= 6 * MM and y0 >= 6 * MM and x1 <= width - 6 * MM and y1 <= height - 6 * MM
    lefts = sorted({round(b[0], 1) for b in boxes})
    assert lefts[0] == pytest.approx((width - 540) / 2, abs=0.1)  # centred, butted
    assert [round(b - a, 1) for a, b in itertools.pairwise(lefts)] == [180.0, 180.0]


@pytest.mark.parametrize(("duplex", "axis"), [("long", "x"), ("short", "y")])
def test_backs_mirror_fronts(
    make_project: Callable[..., Path], run: Run, tmp_path: Path, duplex: str, axis: str
) -> None:
    path = make_pdf(make_project, run, tmp_path, "--duplex", duplex)
    width, height = PAPER["a4"]
    pages = placements(path)
    for front, back in ((pages[0], pages[1]), (pages[2], pages[3])):
        expected = sorted(
            (round(width - b[2], 1), round(b[1], 1))
            if axis == "x"
            else (round(b[0], 1), round(height - b[3], 1))
            for b in front
        )
        assert sorted((round(b[0], 1), round(b[1], 1)) for b in back) == expected


def test_back_offset_shifts_backs_only(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    plain = placements(make_pdf(make_project, run, tmp_path, "--duplex", "long"))
    shifted = placements(
        make_pdf(make_project, run, tmp_path / "b", "--duplex", "long", "--back-offset", "1.5,-2")
    )
    assert plain[0] == shifted[0]
    for a, b in zip(sorted(plain[1]), sorted(shifted[1]), strict=True):
        assert b[0] - a[0] == pytest.approx(1.5 * MM, abs=0.01)
        assert b[1] - a[1] == pytest.approx(-2 * MM, abs=0.01)


def test_each_distinct_image_embedded_once(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    path = make_pdf(make_project, run, tmp_path)
    reader = PdfReader(path)
    objects = set()
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        for ref in xobjects.values():
            if ref.get_object()["/Subtype"] == "/Image":
                objects.add(ref.idnum)
    assert len(objects) == 6  # five distinct cards and one back, for 17 cards and 17 backs


def test_viewer_preferences_metadata_and_fonts(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    reader = PdfReader(make_pdf(make_project, run, tmp_path, "--duplex", "short"))
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipShortEdge"
    assert reader.metadata is not None
    assert reader.metadata.title == "Tiny Game" and reader.metadata.author == "Tiny Game"
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            fonts[font["/BaseFont"]] = font
    assert fonts
    for font in fonts.values():
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, font["/BaseFont"]  # the TrueType program embedded


def test_same_input_same_bytes(make_project: Callable[..., Path], run: Run, tmp_path: Path) -> None:
    first = make_pdf(make_project, run, tmp_path / "1").read_bytes()
    second = make_pdf(make_project, run, tmp_path / "2").read_bytes()
    assert hashlib.sha256(first).hexdigest() == hashlib.sha256(second).hexdigest()


def test_marks_stay_off_cards(make_project: Callable[..., Path], run: Run, tmp_path: Path) -> None:
    path = make_pdf(make_project, run, tmp_path, "--cut-lines")
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        height = float(page.height)
        cards = [
            (
                float(i["x0"]) + BLEED,
                float(i["top"]) + BLEED,
                float(i["x1"]) - BLEED,
                float(i["bottom"]) - BLEED,
            )
            for i in page.images
        ]
        marks = [line for line in page.lines if line.get("stroking_color") in ((0,), [0], 0)]
        assert marks
        for line in marks:
            x0, x1 = sorted((float(line["x0"]), float(line["x1"])))
            top, bottom = sorted((float(line["top"]), float(line["bottom"])))
            for cx0, ctop, cx1, cbottom in cards:
                inside_x = x0 < cx1 - 0.01 and x1 > cx0 + 0.01
                inside_y = top < cbottom - 0.01 and bottom > ctop + 0.01
                assert not (inside_x and inside_y), (line, (cx0, ctop, cx1, cbottom))
            # a mark may run on into the last 6 mm for 1.5 mm of white paper, never the last 3
            assert min(x0, top) >= 3 * MM - 0.01 and x1 <= float(page.width) - 3 * MM + 0.01
            assert bottom <= height - 3 * MM + 0.01


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_ink_within_3mm_of_the_paper_edge_and_no_text_within_6mm(
    make_project: Callable[..., Path], run: Run, tmp_path: Path, paper: str
) -> None:
    """Only the outer cards' bleed and the crop marks reach past the 6 mm line (Letter's
    poker grid leaves 6.35 mm above and below it), and nothing reaches the last 3 mm."""
    from PIL import Image

    pdftoppm = require_tool("pdftoppm")
    path = make_pdf(make_project, run, tmp_path, "--paper", paper, "--cut-lines")
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for char in page.chars:
                assert min(char["x0"], char["top"]) >= 6 * MM - 0.01, char
                assert char["x1"] <= float(page.width) - 6 * MM + 0.01, char
                assert char["bottom"] <= float(page.height) - 6 * MM + 0.01, char
    subprocess.run([pdftoppm, "-r", "72", "-png", str(path), str(tmp_path / "page")], check=True)
    pngs = sorted(tmp_path.glob("page-*.png"))
    assert len(pngs) == 4
    for png in pngs:
        with Image.open(png) as image:
            grey = image.convert("L")
            border = int(3 * 72 / 25.4) - 1
            w, h = grey.size
            for box in (
                (0, 0, w, border),
                (0, h - border, w, h),
                (0, 0, border, h),
                (w - border, 0, w, h),
            ):
                assert grey.crop(box).getextrema()[0] >= 250, (png.name, box)


def test_qpdf_check(make_project: Callable[..., Path], run: Run, tmp_path: Path) -> None:
    qpdf = require_tool("qpdf")
    for args in (("--duplex", "long"), ("--gutterfold",), ("--printer", "drivethru")):
        path = make_pdf(make_project, run, tmp_path / "-".join(args), *args)
        result = subprocess.run([qpdf, "--check", str(path)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


def test_gutterfold_backs_mirror_across_the_fold(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    path = make_pdf(make_project, run, tmp_path, "--gutterfold")
    reader = PdfReader(path)
    width = float(reader.pages[0].mediabox.width)
    assert width == pytest.approx(841.89, abs=0.01)  # A4 landscape holds 2 x 2 pairs
    boxes = placements(path)[0]
    fold = width / 2
    fronts = sorted(b for b in boxes if b[2] <= fold)
    backs = sorted(b for b in boxes if b[0] >= fold)
    assert len(fronts) == len(backs) == 4
    mirrored = sorted((round(2 * fold - b[2], 1), round(b[1], 1)) for b in fronts)
    assert sorted((round(b[0], 1), round(b[1], 1)) for b in backs) == mirrored


def test_drivethru_one_face_a_page_back_first(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    path = make_pdf(make_project, run, tmp_path, "--printer", "drivethru", "--only", "Aria")
    reader = PdfReader(path)
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page
        assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 198, 270]
        assert [round(float(v), 2) for v in page["/TrimBox"]] == [9, 9, 189, 261]
    names = [
        next(iter(p["/Resources"]["/XObject"].values())).get_object()["/Height"]
        for p in reader.pages
    ]
    assert names == [1125, 1125]


def test_deck_list_prints_its_counts(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    root = make_project(cards=CARDS)
    deck = root / "d.txt"
    deck.write_text("# game: tiny\n1 Aria\n2 Fireball\n")
    result = run(
        "pnp",
        "tiny",
        "--deck",
        deck,
        "--project",
        root,
        "--out",
        tmp_path / "d.pdf",
        "--duplex",
        "none",
        "--format",
        "json",
    )
    assert result.exit_code == 0, result.output
    assert [len(p) for p in placements(tmp_path / "d.pdf")] == [3]
    deck.write_text("# game: tiny\n1 Aira\n")
    bad = run("pnp", "tiny", "--deck", deck, "--project", root, "--out", tmp_path / "e.pdf")
    assert bad.exit_code == 2 and 'did you mean "Aria"' in bad.stderr


def test_calibration_sheet(run: Run, make_project: Callable[..., Path], tmp_path: Path) -> None:
    root = make_project()
    result = run("pnp", "--calibrate", "--project", root, "--out", tmp_path / "c.pdf")
    assert result.exit_code == 0, result.output
    assert len(PdfReader(tmp_path / "c.pdf").pages) == 2
    text = PdfReader(tmp_path / "c.pdf").pages[1].extract_text()
    assert "+0.0,+0.0" in text and "-2.0,+0.0" in text


def test_bad_back_offset_is_usage_error(run: Run, make_project: Callable[..., Path]) -> None:
    result = run("pnp", "tiny", "--back-offset", "banana", "--project", make_project())
    assert result.exit_code == 2 and "X,Y" in result.output


def test_card_images_are_embedded_losslessly(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    root = make_project(cards=CARDS)
    out = tmp_path / "out.pdf"
    result = run("pnp", "tiny", "--project", root, "--out", out, "--jobs", "1")
    assert result.exit_code == 0, result.output
    rendered = {}
    for png in sorted((root / "output" / "tiny").rglob("*.png")):
        with Image.open(png) as image:
            rendered[image.convert("RGB").tobytes()] = png.name
    reader = PdfReader(out)
    seen = set()
    for page in reader.pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            xobject = ref.get_object()
            assert xobject["/Filter"] == "/FlateDecode"
            assert xobject["/DecodeParms"]["/Predictor"] == 15
            pixels = xobject.get_data()  # decoded by pypdf: the card's exact pixels
            assert pixels in rendered
            seen.add(rendered[pixels])
    assert len(seen) == 6


def test_poppler_reads_the_embedded_card_images(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    """Poppler (as printers' drivers and many viewers read PDFs) decodes each image to the
    card's pixels; it once read a single-filter array with a predictor as sheared rows."""
    pdfimages = require_tool("pdfimages")
    root = make_project(cards=CARDS)
    out = tmp_path / "out.pdf"
    assert run("pnp", "tiny", "--project", root, "--out", out, "--jobs", "1").exit_code == 0
    rendered = set()
    for png in (root / "output" / "tiny").rglob("*.png"):
        with Image.open(png) as image:
            rendered.add(image.convert("RGB").tobytes())
    subprocess.run([pdfimages, "-f", "1", "-l", "1", "-png", str(out), str(tmp_path / "i")])
    extracted = sorted(tmp_path.glob("i-*.png"))
    assert extracted
    for path in extracted:
        with Image.open(path) as image:
            assert image.convert("RGB").tobytes() in rendered, path.name


def test_png_stream_takes_plain_rgb_only(tmp_path: Path) -> None:
    from cardgen.printing.pdf import png_stream

    Image.new("RGB", (4, 3), (1, 2, 3)).save(tmp_path / "rgb.png")
    Image.new("RGBA", (4, 3)).save(tmp_path / "rgba.png")
    Image.new("P", (4, 3)).save(tmp_path / "palette.png")
    data = (tmp_path / "rgb.png").read_bytes()
    header = data[12:28] + b"\x01"  # IHDR with interlace on (Pillow never writes one)
    crc = zlib.crc32(header).to_bytes(4, "big")
    (tmp_path / "interlaced.png").write_bytes(data[:12] + header + crc + data[33:])
    (tmp_path / "cut.png").write_bytes(data[: len(data) - 20])
    stream = png_stream(tmp_path / "rgb.png")
    assert stream is not None and (stream.width, stream.height, stream.colours) == (4, 3, 3)
    for name in ("rgba", "interlaced", "palette", "cut"):
        assert png_stream(tmp_path / f"{name}.png") is None, name


def test_other_images_still_print(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    """An image that is not a plain RGB PNG (here a card back with transparency) goes in
    as a JPEG, and the PDF stays valid."""
    import io

    from reportlab.lib.pagesizes import A4

    from cardgen.printing.pdf import draw_image, finish, print_canvas

    cards = tmp_path / "cards"
    cards.mkdir()
    Image.new("RGBA", (30, 20), (200, 10, 10, 255)).save(cards / "alpha.png")
    Image.new("RGB", (30, 20), (10, 200, 10)).save(cards / "plain.png")
    buffer = io.BytesIO()
    canvas = print_canvas(buffer, A4, title="t", author="a", subject="s")
    draw_image(canvas, cards / "alpha.png", 10, 10, 30, 20)
    draw_image(canvas, cards / "plain.png", 50, 10, 30, 20)
    draw_image(canvas, cards / "plain.png", 90, 10, 30, 20)
    canvas.showPage()
    data = finish(canvas, buffer)
    pdf = data.to_bytes()
    assert len(pdf) == data.size
    reader = PdfReader(io.BytesIO(pdf))
    filters = sorted(
        str(ref.get_object()["/Filter"]).strip("[]'")
        for ref in reader.pages[0]["/Resources"]["/XObject"].values()
    )
    assert filters == ["/DCTDecode", "/FlateDecode"]


@pytest.mark.parametrize(
    ("args", "name", "per_page", "page"),
    [
        # landscape A4: 4 x 2 (4 x 63.5 + 3 x 8.35 = 279.05 mm of 284.65)
        ((), "tiny-a4-duplex-long-gap2mm.pdf", [8, 8, 8, 8, 1, 1], (841.89, 595.276)),
        # portrait: 2 x 3 (three across would need 207.2 mm)
        (
            ("--orientation", "portrait"),
            "tiny-a4-duplex-long-gap2mm-portrait.pdf",
            [6, 6, 6, 6, 5, 5],
            (595.276, 841.89),
        ),
    ],
)
def test_a_gap_spaces_the_cards_and_names_the_file(
    make_project: Callable[..., Path],
    run: Run,
    tmp_path: Path,
    args: tuple[str, ...],
    name: str,
    per_page: list[int],
    page: tuple[float, float],
) -> None:
    """--gap 2 on A4: each card drawn whole, its bleed and 2 mm of paper between it and
    the next; the way round that holds more (8 poker cards on landscape A4), or portrait
    when asked."""
    root = make_project(cards=CARDS)
    result = run(
        "pnp", "tiny", "--project", root, "--jobs", "1", "--gap", "2", "--format", "json", *args
    )
    assert result.exit_code == 0, result.output
    (pdf,) = json.loads(result.stdout)["pdfs"]
    assert Path(pdf["path"]).name == name
    pages = placements(Path(pdf["path"]))
    assert [len(p) for p in pages] == per_page  # 17 cards, each page's backs
    for read in PdfReader(pdf["path"]).pages:
        assert [float(v) for v in read.mediabox[2:]] == pytest.approx(page, abs=0.01)
    lefts = sorted({round(b[0], 2) for b in pages[0]})
    rights = sorted({round(b[2], 2) for b in pages[0]})
    assert lefts[1] - rights[0] == pytest.approx(2 * MM, abs=0.01)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--gap", "1", "--gutterfold"), "--gap spaces the cards of home sheets"),
        (("--gap", "1", "--printer", "tgc"), "--gap spaces the cards of home sheets"),
        (("--gap", "-1"), "-1.0 is not in the range 0<=x<=20"),
        (("--orientation", "landscape", "--gutterfold"), "--orientation turns home sheets"),
        (("--marks", "6,2", "--printer", "mpc"), "--marks sets the crop marks of sheets"),
        (("--orientation", "sideways"), "'sideways' is not one of 'auto', 'portrait'"),
    ],
)
def test_a_gap_where_it_cannot_go_is_a_usage_error(
    make_project: Callable[..., Path], run: Run, tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    result = run("pnp", "tiny", "--project", make_project(), "--out", tmp_path / "x.pdf", *args)
    assert result.exit_code == 2 and message in result.output + result.stderr, result.output
    assert "Traceback" not in result.output + result.stderr
    assert not (tmp_path / "x.pdf").exists()
