"""What each page of a print-and-play PDF says and where its marks go, from the library's
PDF writers fed with small generated card images: the line under each sheet, the ruler on
the first page only, crop marks and cut lines at positions worked out by hand in
millimetres, the gutterfold's fold line, print-shop pages in the shop's order with their
boxes, and the PDF's title, author and subject."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import pdfplumber
import pytest
from click.testing import Result
from PIL import Image
from pypdf import PdfReader

from cardgen.errors import CardgenError
from cardgen.printing.pdf import PdfData
from cardgen.printing.pnp import Face, fold_pdf, home_pdf, shop_pdf
from cardgen.printing.shops import printer_name

MM = 72 / 25.4
BLEED = 9.0  # 1/8 in
RULER = "50 mm: print at 100 % (Actual size), never Fit to page"


def approx_mm(*values: float) -> list[float]:
    return [pytest.approx(v * MM, abs=0.02) for v in values]


def card_faces(
    folder: Path,
    count: int,
    size: tuple[float, float] = (63.5, 88.9),
    *,
    backs: bool = True,
    first: int = 0,
) -> list[Face]:
    """`count` faces of one size, each front its own colour (from the `first`), one back."""
    folder.mkdir(parents=True, exist_ok=True)
    back = folder / "back.png"
    Image.new("RGB", (10, 14), (20, 20, 90)).save(back)
    faces = []
    for n in range(first, first + count):
        front = folder / f"{size[0]}-{n}.png"
        Image.new("RGB", (10, 14), (200, 8 * n % 256, 40)).save(front)
        w, h = size[0] * MM, size[1] * MM
        faces.append(Face(f"card {n}", front, back if backs else None, w, h, BLEED, BLEED))
    return faces


def home(faces: Sequence[Face], duplex: str = "long", **options: object) -> bytes:
    data, pages = home_pdf(
        faces,
        paper=str(options.get("paper", "a4")),
        duplex=duplex,  # type: ignore[arg-type]
        cut_lines=bool(options.get("cut_lines", False)),
        back_offset=(0.0, 0.0),
        title="Tiny",
        author="Tiny Games",
    )
    pdf = data.to_bytes()
    assert pages == len(PdfReader(io.BytesIO(pdf)).pages)
    return pdf


def texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def trims(page: pdfplumber.page.Page) -> list[tuple[float, float, float, float]]:
    """Each card's trim (x0, y0, x1, y1), in points from the bottom left."""
    h = float(page.height)
    return [
        (
            float(i["x0"]) + BLEED,
            h - float(i["bottom"]) + BLEED,
            float(i["x1"]) - BLEED,
            h - float(i["top"]) - BLEED,
        )
        for i in page.images
    ]


def segments(page: pdfplumber.page.Page, grey: float) -> set[tuple[float, ...]]:
    """The lines of one grey as (x0, y0, x1, y1) in mm from the bottom left, rounded."""
    h = float(page.height)
    found = set()
    for line in page.lines:
        if line["stroking_color"] != grey:
            continue
        xs = sorted((float(line["x0"]), float(line["x1"])))
        ys = sorted((h - float(line["bottom"]), h - float(line["top"])))
        found.add(tuple(round(v / MM, 2) for v in (xs[0], ys[0], xs[1], ys[1])))
    return found


def metadata(pdf: bytes) -> tuple[str | None, str | None, str | None]:
    info = PdfReader(io.BytesIO(pdf)).metadata
    assert info is not None
    return info.title, info.author, info.subject


@pytest.mark.parametrize(
    ("duplex", "edge"), [("long", "flip on the LONG edge"), ("short", "flip on the SHORT edge")]
)
def test_each_duplex_sheet_says_which_sheet_and_side_it_is(
    tmp_path: Path, duplex: str, edge: str
) -> None:
    pdf = home(card_faces(tmp_path, 17), duplex)  # 9 + 8 cards: two sheets, four pages
    lines = [text.splitlines() for text in texts(pdf)]
    assert [page[-1] for page in lines] == [
        f"Tiny · sheet 1 front · duplex: {edge}",
        "Tiny · sheet 1 back",
        f"Tiny · sheet 2 front · duplex: {edge}",
        "Tiny · sheet 2 back",
    ]
    assert PdfReader(io.BytesIO(pdf)).page_labels == [
        "sheet 1 front",
        "sheet 1 back",
        "sheet 2 front",
        "sheet 2 back",
    ]
    assert [RULER in "\n".join(page) for page in lines] == [True, False, False, False]
    assert metadata(pdf) == ("Tiny", "Tiny Games", f"Print-and-play sheets, A4, duplex {duplex}")


def test_single_sided_sheets_have_no_back_pages(tmp_path: Path) -> None:
    pdf = home(card_faces(tmp_path, 19), "none", paper="letter")  # 9 + 9 + 1
    assert [text.splitlines()[-1] for text in texts(pdf)] == [
        "Tiny · sheet 1",
        "Tiny · sheet 2",
        "Tiny · sheet 3",
    ]
    assert PdfReader(io.BytesIO(pdf)).page_labels == ["sheet 1", "sheet 2", "sheet 3"]
    with pdfplumber.open(io.BytesIO(pdf)) as read:
        assert [len(page.images) for page in read.pages] == [9, 9, 1]
    assert metadata(pdf)[2] == "Print-and-play sheets, LETTER, duplex none"


def test_a_card_without_a_back_leaves_its_mirrored_slot_empty(tmp_path: Path) -> None:
    faces = card_faces(tmp_path / "a", 1, backs=False) + card_faces(tmp_path / "b", 2)
    with pdfplumber.open(io.BytesIO(home(faces, "long"))) as read:
        front, back = (trims(page) for page in read.pages)
    # the third front is at 136.75 mm from the left: its back at 210 - 136.75 - 63.5
    assert sorted(round(t[0] / MM, 2) for t in front) == [9.75, 73.25, 136.75]
    assert sorted(round(t[0] / MM, 2) for t in back) == [9.75, 73.25]


def test_cards_of_other_sizes_get_sheets_of_their_own(tmp_path: Path) -> None:
    faces = card_faces(tmp_path, 3) + card_faces(tmp_path, 1, (63.6, 88.9))
    faces += card_faces(tmp_path / "c", 2) + card_faces(tmp_path, 1, (63.5, 89))
    with pdfplumber.open(io.BytesIO(home(faces, "none"))) as read:
        sizes = [
            sorted((round((t[2] - t[0]) / MM, 2), round((t[3] - t[1]) / MM, 2)) for t in trims(p))
            for p in read.pages
        ]
    assert sizes == [[(63.5, 88.9)] * 5, [(63.6, 88.9)], [(63.5, 89.0)]]
    pdf, pages = fold(faces)
    with pdfplumber.open(io.BytesIO(pdf)) as read:
        assert pages == 4 and [len(page.images) for page in read.pages] == [8, 2, 2, 2]


def crop_marks(
    columns: Sequence[float],
    rows: Sequence[float],
    top: float,
    bottom: float,
    left: float,
    right: float,
    reach_v: float,
    reach_h: float,
) -> set[tuple[float, ...]]:
    """The crop marks of a grid, from 1 mm off the cards to `reach` mm, in mm as `segments`
    gives them."""
    marks = set()
    for x in columns:
        marks.add((x, top + 1, x, top + reach_v))
        marks.add((x, bottom - reach_v, x, bottom - 1))
    for y in rows:
        marks.add((left - reach_h, y, left - 1, y))
        marks.add((right + 1, y, right + reach_h, y))
    return {tuple(round(v, 2) for v in mark) for mark in marks}


def ruler(x0: float, y0: float) -> set[tuple[float, ...]]:
    """A 50 mm scale bar from (x0, y0) mm: ticks every 5 mm, 2 mm long at each centimetre."""
    ticks = {(x0 + i, y0 - (2 if i % 10 == 0 else 1), x0 + i, y0) for i in range(0, 51, 5)}
    return {tuple(round(v, 2) for v in mark) for mark in ticks | {(x0, y0, x0 + 50, y0)}}


def test_crop_marks_run_along_every_used_edge_in_the_margins(tmp_path: Path) -> None:
    """A4, poker cards: columns at 9.75, 73.25, 136.75 and 200.25 mm, rows from the top at
    281.85, 192.95, 104.05 and 15.15 mm. The side margins (9.75 mm) leave 3.75 mm to the 6 mm
    line, only 0.575 mm of it beyond the 3.175 mm bleed: the marks run on past it, a whole
    4 mm mark (1 to 5 mm, 1.825 mm on white paper); the top and bottom ones hold one too and,
    beyond it, the ruler's and the caption's band along the 6 mm line (2.8 mm high)."""
    columns = (9.75, 73.25, 136.75, 200.25)
    with pdfplumber.open(io.BytesIO(home(card_faces(tmp_path, 13), "none"))) as read:
        full, part = (segments(page, 0.0) for page in read.pages)
    rows = (15.15, 104.05, 192.95, 281.85)
    marks = crop_marks(columns, rows, 281.85, 15.15, 9.75, 200.25, 5, 5)
    # the ruler (50 mm, a gap of 1.5 mm and its 57.3 mm label) centred in the band that runs
    # from 9.8 to 200.2 mm, its bar 0.3 mm under the band's top at 291 mm
    assert full == marks | ruler(50.6, 290.7)
    # four cards fill the top row and one of the second: the marks stop at 104.05 mm
    rows = (104.05, 192.95, 281.85)
    assert part == crop_marks(columns, rows, 281.85, 104.05, 9.75, 200.25, 5, 5)


def test_cut_lines_run_along_every_cut_off_the_cards(tmp_path: Path) -> None:
    """Three cards in the top row and one below: the guides run from the marks' ends at
    one side to the other's, over the margins and through the two empty slots, never over
    a card."""
    pdf = home(card_faces(tmp_path, 4), "none", cut_lines=True)
    with pdfplumber.open(io.BytesIO(pdf)) as read:
        cuts = segments(read.pages[0], 0.6)
    across = {  # the side marks end 5 mm off the trims, at 4.75 and 205.25 mm
        (4.75, 104.05, 9.75, 104.05),
        (73.25, 104.05, 205.25, 104.05),  # under the empty slots
        (4.75, 192.95, 9.75, 192.95),
        (200.25, 192.95, 205.25, 192.95),
        (4.75, 281.85, 9.75, 281.85),
        (200.25, 281.85, 205.25, 281.85),
    }
    down = {(x, 281.85, x, 286.85) for x in (9.75, 73.25, 136.75, 200.25)}
    down |= {(9.75, 99.05, 9.75, 104.05), (73.25, 99.05, 73.25, 104.05)}
    down |= {(136.75, 99.05, 136.75, 192.95), (200.25, 99.05, 200.25, 192.95)}
    assert cuts == across | down


def test_no_line_of_text_sits_on_a_card_or_its_bleed(tmp_path: Path) -> None:
    """On Letter the poker grid ends 6.35 mm from the top and bottom: there is no room for a
    line there, so the captions and the ruler turn up the side margins (12.7 mm), beyond
    the 3.2 mm bleed; on A4 they lie below and above the cards. The second sheet's three
    cards leave the foot of its front free (the short edge puts their backs at the foot)."""
    expected = {"letter": [{False}, {False}, {True}, {False}], "a4": [{True}] * 4}
    for paper in ("letter", "a4"):
        pdf = home(card_faces(tmp_path, 12), "short", paper=paper)
        with pdfplumber.open(io.BytesIO(pdf)) as read:
            for number, page in enumerate(read.pages, 1):
                h = float(page.height)
                assert page.chars, number
                for char in page.chars:
                    x0, x1 = float(char["x0"]), float(char["x1"])
                    y0, y1 = h - float(char["bottom"]), h - float(char["top"])
                    for cx0, cy0, cx1, cy1 in trims(page):
                        cx0, cy0, cx1, cy1 = cx0 - BLEED, cy0 - BLEED, cx1 + BLEED, cy1 + BLEED
                        assert x1 <= cx0 or x0 >= cx1 or y1 <= cy0 or y0 >= cy1, (number, char)
            found = [{char["upright"] for char in page.chars} for page in read.pages]
        assert found == expected[paper], paper


def fold(faces: Sequence[Face]) -> tuple[bytes, int]:
    data, pages = fold_pdf(faces, paper="a4", title="Tiny", author="Tiny Games")
    return data.to_bytes(), pages


def test_gutterfold_pages_pair_every_front_with_its_back(tmp_path: Path) -> None:
    pdf, pages = fold(card_faces(tmp_path, 9))  # A4 landscape: 2 x 2 pairs a page
    assert pages == 3
    with pdfplumber.open(io.BytesIO(pdf)) as read:
        assert [len(page.images) for page in read.pages] == [8, 8, 2]
        marks = segments(read.pages[0], 0.0)
    lines = [text.splitlines() for text in texts(pdf)]
    steps = "fold the whole sheet on the dashed line, printed sides out, glue, then cut through"
    assert [page[-1] for page in lines] == [
        f"Tiny · sheet {n} · {steps} both layers" for n in (1, 2, 3)
    ]
    assert PdfReader(io.BytesIO(pdf)).page_labels == ["sheet 1", "sheet 2", "sheet 3"]
    assert [RULER in "\n".join(page) for page in lines] == [True, False, False]
    assert metadata(pdf) == ("Tiny", "Tiny Games", "Gutterfold sheets, A4")
    # fronts at 16.5 and 80 mm, ending 5 mm before the fold at 148.5; backs from 153.5 mm;
    # the ruler centred in the top band (9.8 to 287.2 mm), its bar at 210 - 6 - 0.3 mm
    columns = (16.5, 80, 143.5, 153.5, 217, 280.5)
    expected = crop_marks(columns, (16.1, 105, 193.9), 193.9, 16.1, 16.5, 280.5, 5, 5)
    assert marks == expected | ruler(94.1, 203.7)


@pytest.mark.parametrize(
    ("size", "ends"),
    [
        ((63.5, 88.9), (11.1, 198.9)),  # 5 mm past the cards (16.1 to 193.9 mm)
        ((63.5, 99), (3, 207)),  # cards from 6 to 204 mm: the line ends with the marks, 3 mm in
    ],
)
def test_the_fold_line_is_a_grey_dashed_line_along_the_fold(
    tmp_path: Path, size: tuple[float, float], ends: tuple[float, float]
) -> None:
    pdf, _ = fold(card_faces(tmp_path, 4, size))
    with pdfplumber.open(io.BytesIO(pdf)) as read:
        (line,) = [ln for ln in read.pages[0].lines if ln["stroking_color"] == 0.4]
        h = float(read.pages[0].height)
    assert [line["x0"], line["x1"]] == approx_mm(148.5, 148.5)
    assert [h - line["bottom"], h - line["top"]] == approx_mm(*ends)
    assert line["dash"] == ([4, 3], 0) and line["linewidth"] == 0.5


def test_a_gutterfold_of_nothing_has_no_page_but_its_title(tmp_path: Path) -> None:
    pdf, pages = fold([])
    assert pages == 0 and len(PdfReader(io.BytesIO(pdf)).pages) == 0
    assert metadata(pdf) == ("Tiny", "Tiny Games", "")


CLIP = re.compile(rb"\bW\*? n\b")  # a clipping path: `x y w h re W* n`


def test_home_sheets_clip_each_card(tmp_path: Path) -> None:
    content = PdfReader(io.BytesIO(home(card_faces(tmp_path, 2), "none"))).pages[0].get_contents()
    assert len(CLIP.findall(content.get_data())) == 2  # type: ignore[union-attr]


def colour_of(data: PdfData, page: int) -> tuple[int, ...]:
    reader = PdfReader(io.BytesIO(data.to_bytes()))
    (image,) = reader.pages[page].images
    return image.image.convert("RGB").getpixel((0, 0))  # type: ignore[union-attr,return-value]


def test_makeplayingcards_gets_no_pdf(tmp_path: Path) -> None:
    """MPC's form takes images (`shop_images`): asked for a PDF, the presets refuse."""
    with pytest.raises(CardgenError, match=r"^mpc: the shop takes images, not a PDF$"):
        shop_pdf(card_faces(tmp_path, 1), printer="mpc", title="Tiny", author="Tiny Games")


@pytest.mark.parametrize(
    ("printer", "bleed_px", "backs_first", "note"),
    [
        ("proofs", 37.5, False, "Proofs, one face a page with 1/8 in bleed."),
    ],
)
def test_a_print_shop_file_has_one_face_a_page_in_the_shops_order(
    tmp_path: Path, printer: str, bleed_px: float, backs_first: bool, note: str
) -> None:
    """A project's `pdf` preset (no built-in shop takes a PDF of RGB pages any more)."""
    (tmp_path / "shops").mkdir()
    (tmp_path / "shops" / "proofs.yaml").write_text(
        f"shop: Proofs\noutput: pdf\nbleed: 0.125in\nnote: {note}\n", encoding="utf-8"
    )
    assert printer_name(printer, tmp_path) == printer
    faces = card_faces(tmp_path, 2) + card_faces(tmp_path / "x", 1, backs=False, first=2)
    data, pages, said = shop_pdf(faces, printer=printer, title="Tiny (x)", author="Tiny Games")
    assert said == note and pages == 5
    reader = PdfReader(io.BytesIO(data.to_bytes()))
    assert len(reader.pages) == 5
    bleed = bleed_px * 72 / 300  # the shop's bleed, in points
    width, height = 180 + 2 * bleed, 252 + 2 * bleed
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, width, height])
        assert [float(v) for v in page["/BleedBox"]] == pytest.approx([0, 0, width, height])
        trim = [bleed, bleed, width - bleed, height - bleed]
        assert [float(v) for v in page["/TrimBox"]] == pytest.approx(trim)
        # the render's own bleed is drawn whole, not cut at the trim: no clipping path
        assert not CLIP.search(page.get_contents().get_data())  # type: ignore[union-attr]
    back, first, second, alone = (
        (20, 20, 90),
        colour_of(data, 0 if not backs_first else 1),
        colour_of(data, 2 if not backs_first else 3),
        colour_of(data, 4),
    )
    assert (first, second, alone) == ((200, 0, 40), (200, 8, 40), (200, 16, 40))
    assert colour_of(data, 1 if not backs_first else 0) == back
    assert metadata(data.to_bytes()) == ("Tiny (x)", "Tiny Games", f"Print-shop file: {printer}")


SMALL = "extends: builtin:card\ndpi: 50\n"  # small cards keep the test fast


@pytest.mark.parametrize(
    ("args", "name", "pages", "notes", "title"),
    [
        (
            (),
            "tiny-a4-duplex-long.pdf",
            4,
            ["Print at 100 % (Actual size); duplex: flip on the long edge."],
            "Tiny Game",
        ),
        (
            ("--duplex", "short"),
            "tiny-a4-duplex-short.pdf",
            4,
            ["Print at 100 % (Actual size); duplex: flip on the short edge."],
            "Tiny Game",
        ),
        (
            ("--duplex", "none", "--paper", "letter"),
            "tiny-letter-simplex.pdf",
            2,
            ["Print at 100 % (Actual size)."],
            "Tiny Game",
        ),
        (
            ("--gutterfold",),
            "tiny-a4-gutterfold.pdf",
            3,
            [
                "Print single-sided at 100 %; fold each whole sheet along the dashed line,"
                " glue the halves together, then cut through both layers."
            ],
            "Tiny Game",
        ),
        (
            ("--printer", "drivethru"),
            "tiny-drivethru.pdf",
            24,
            [
                "DriveThruCards: PDF/X-1a:2003, CMYK through FOGRA39, one PDF a deck, back then"
                " front for every card, 1/8 in bleed. Run Acrobat's Preflight (Verify"
                " Conformance) before uploading, as the shop asks.",
                "Aria is rendered at 50 dpi, the shops ask for 300: set `dpi: 300` in its layout.",
            ],
            "Tiny Game (drivethru)",
        ),
    ],
)
def test_each_kind_of_pdf_has_its_own_name_and_its_advice(
    make_project: Callable[..., Path],
    run: Callable[..., Result],
    args: tuple[str, ...],
    name: str,
    pages: int,
    notes: list[str],
    title: str,
) -> None:
    small = {"../../layouts/tiny/hero.yaml": SMALL, "../../layouts/tiny/spell.yaml": SMALL}
    root = make_project(extra=small)
    result = run("pnp", "tiny", "--project", root, "--jobs", "1", "--format", "json", *args)
    assert result.exit_code == 0, result.output
    path = root / "output" / "tiny" / name  # the 12 copies of the tiny game's box
    assert json.loads(result.stdout) == {
        "pdfs": [{"path": str(path), "pages": pages, "cards": 12, "notes": notes}]
    }
    assert metadata(path.read_bytes())[:2] == (title, "Tiny Game")


def test_cut_lines_are_asked_for(
    make_project: Callable[..., Path], run: Callable[..., Result]
) -> None:
    small = {"../../layouts/tiny/hero.yaml": SMALL, "../../layouts/tiny/spell.yaml": SMALL}
    root = make_project(extra=small)
    # 3 x 3 cards, 4 edges each way: each guide runs from the margin to the cards and on
    # from them to the other margin, two pieces a cut
    for args, cuts in (((), 0), (("--cut-lines",), 16)):
        out = root / f"{cuts}.pdf"
        assert run("pnp", "tiny", "--project", root, "--out", out, *args).exit_code == 0
        with pdfplumber.open(out) as read:
            assert len(segments(read.pages[0], 0.6)) == cuts
