"""Papers and their way round, read back from the PDF: each named paper's page size to
0.01 pt (worked out here from its millimetres or inches), custom sizes, the papers refused
(with a "did you mean"), and how many cards a sheet holds portrait, landscape and auto
against a brute-force count in millimetres over generated card sizes, bleeds, gaps and
papers."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from PIL import Image
from pypdf import PdfReader

from cardgen.errors import CardgenError
from cardgen.printing.imposition import Face, home_pdf
from cardgen.printing.paper import paper_name
from tests.printing.pdf_geometry import drawn_images

Run = Callable[..., Result]
MM = 72 / 25.4
INCH = 72.0
SIZES_MM = {
    "a4": (210, 297),
    "a3": (297, 420),
    "letter": (8.5 * 25.4, 11 * 25.4),
    "legal": (8.5 * 25.4, 14 * 25.4),
    "tabloid": (11 * 25.4, 17 * 25.4),
}
"""ISO 216 and ANSI sizes, portrait, in mm (an inch is 25.4 mm exactly)."""
EXPECTED_PT = {
    "a4": (595.28, 841.89),
    "a3": (841.89, 1190.55),
    "letter": (612.0, 792.0),
    "legal": (612.0, 1008.0),
    "tabloid": (792.0, 1224.0),
}


def faces(folder: Path, count: int, size_mm: tuple[float, float], bleed_mm: float) -> list[Face]:
    folder.mkdir(parents=True, exist_ok=True)
    front, back = folder / "front.png", folder / "back.png"
    Image.new("RGB", (4, 6), (200, 40, 40)).save(front)
    Image.new("RGB", (4, 6), (40, 40, 200)).save(back)
    w, h = (v * MM for v in size_mm)
    return [Face(f"c{n}", front, back, w, h, bleed_mm * MM, bleed_mm * MM) for n in range(count)]


def pdf_of(cards: list[Face], paper: str, **options: object) -> PdfReader:
    data, pages = home_pdf(
        cards,
        paper=paper,
        duplex=options.pop("duplex", "long"),  # type: ignore[arg-type]
        cut_lines=False,
        back_offset=options.pop("back_offset", (0.0, 0.0)),  # type: ignore[arg-type]
        title="Papers",
        author="Papers",
        **options,  # type: ignore[arg-type]
    )
    reader = PdfReader(io.BytesIO(data.to_bytes()))
    assert len(reader.pages) == pages
    return reader


@pytest.mark.parametrize("paper", sorted(SIZES_MM))
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_each_named_paper_is_its_exact_size(tmp_path: Path, paper: str, orientation: str) -> None:
    reader = pdf_of(faces(tmp_path, 3, (63.5, 88.9), 3.175), paper, orientation=orientation)
    w, h = (v * MM for v in SIZES_MM[paper])
    if orientation == "landscape":
        w, h = h, w
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, w, h], abs=0.01)
    assert sorted((w, h)) == pytest.approx(sorted(EXPECTED_PT[paper]), abs=0.01)


@pytest.mark.parametrize(
    ("text", "name", "size_pt"),
    [
        ("210x297mm", "210x297mm", (210 * MM, 297 * MM)),
        ("297 x 210 MM", "210x297mm", (210 * MM, 297 * MM)),  # a sheet, not a way round
        ("8.5x11in", "8.5x11in", (8.5 * INCH, 11 * INCH)),
        ("612x792pt", "612x792pt", (612, 792)),
        ("21x29.7cm", "21x29.7cm", (210 * MM, 297 * MM)),
        ("100x150mm", "100x150mm", (100 * MM, 150 * MM)),
        ("A3", "a3", EXPECTED_PT["a3"]),
        ("Tabloid", "tabloid", EXPECTED_PT["tabloid"]),
    ],
)
def test_custom_and_named_papers_read_to_one_name_and_their_size(
    tmp_path: Path, text: str, name: str, size_pt: tuple[float, float]
) -> None:
    assert paper_name(text) == name
    reader = pdf_of(faces(tmp_path, 1, (40, 50), 2), name, orientation="portrait")
    assert [float(v) for v in reader.pages[0].mediabox[2:]] == pytest.approx(size_pt, abs=0.01)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a5", 'not a paper; did you mean "a4"?'),
        ("leter", 'not a paper; did you mean "letter"?'),
        ("tabliod", 'not a paper; did you mean "tabloid"?'),
        ("210x297", 'a size needs its unit (mm, cm, in or pt); did you mean "210x297mm"?'),
        ("210x297furlongs", "not a paper (papers: a4, a3, letter, legal, tabloid, or a size"),
        ("10x297mm", "a side of 10 x 297 mm is out of bounds (each side 25 to 1500 mm)"),
        ("2x3m", "not a paper"),
        ("0x0in", "out of bounds"),
    ],
)
def test_a_paper_that_is_none_is_a_one_line_usage_error(
    make_project: Callable[..., Path], run: Run, tmp_path: Path, text: str, message: str
) -> None:
    with pytest.raises(CardgenError) as info:
        paper_name(text)
    assert message in info.value.message and "\n" not in info.value.message
    out = tmp_path / "x.pdf"
    result = run("pnp", "tiny", "--project", make_project(), "--out", out, "--paper", text)
    assert result.exit_code == 2
    assert result.stdout == ""
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f'error: --paper "{text}": ') and message in line
    assert not out.exists()


def test_a_paper_too_small_for_one_card_is_a_clear_error(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    out = tmp_path / "x.pdf"
    result = run(
        "pnp",
        "tiny",
        "--project",
        make_project(),
        "--out",
        out,
        "--paper",
        "60x90mm",
        "--jobs",
        "1",
    )
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip() == (
        "error: --paper 60x90mm: a 63.5 x 88.9 mm card does not fit on 60x90mm"
    )
    assert not out.exists()


def most_in_a_row(room: float, card: float, spacing: float, bleed: float, gap: bool) -> int:
    """Brute force, in mm: the most cards `spacing` apart whose trims stay 6 mm from both
    ends of `room` (and with a gap, whose bleeds stay 3 mm from them)."""
    count = 0
    while True:
        run = (count + 1) * card + count * spacing
        if run > room - 12 + 1e-6 or (gap and run + 2 * bleed > room - 6 + 1e-6):
            return count
        count += 1


def oracle(
    paper_mm: tuple[float, float], card: tuple[float, float], bleed: float, gap: float | None
) -> dict[str, tuple[int, int]]:
    """(cols, rows) of each way round of the paper."""
    spacing = 0.0 if gap is None else 2 * bleed + gap
    short, long = sorted(paper_mm)
    found = {}
    for way, (across, down) in (("portrait", (short, long)), ("landscape", (long, short))):
        found[way] = (
            most_in_a_row(across, card[0], spacing, bleed, gap is not None),
            most_in_a_row(down, card[1], spacing, bleed, gap is not None),
        )
    return found


PAPER_TEXTS = st.one_of(
    st.sampled_from(sorted(SIZES_MM)),
    st.tuples(st.integers(60, 500), st.integers(60, 500)).map(lambda s: f"{s[0]}x{s[1]}mm"),
    st.tuples(st.sampled_from([4, 5.5, 8.5, 11, 13]), st.sampled_from([6, 8.5, 11, 14, 19])).map(
        lambda s: f"{s[0]}x{s[1]}in"
    ),
)


@settings(max_examples=60, deadline=None)
@given(
    paper=PAPER_TEXTS,
    card=st.tuples(st.floats(20, 150), st.floats(20, 150)),
    bleed=st.sampled_from([0.0, 2.0, 3.175]),
    gap=st.one_of(st.none(), st.floats(0, 6)),
    orientation=st.sampled_from(["auto", "portrait", "landscape"]),
)
def test_a_sheet_holds_as_many_cards_as_a_brute_force_count_finds(
    tmp_path_factory: pytest.TempPathFactory,
    paper: str,
    card: tuple[float, float],
    bleed: float,
    gap: float | None,
    orientation: str,
) -> None:
    """Read back: the first page's size is the way round the count chooses (auto: the one
    holding more, portrait on a tie) and it holds that many cards; with one card more than
    a sheet holds, the next sheet has the one left over. A card that fits neither way is
    refused."""
    name = paper_name(paper)
    unit = 25.4 if name.endswith("in") else 1.0
    paper_mm = (
        SIZES_MM[name] if name in SIZES_MM else tuple(float(v) * unit for v in name[:-2].split("x"))
    )
    counts = oracle(paper_mm, card, bleed, gap)  # type: ignore[arg-type]
    ways = ["portrait", "landscape"] if orientation == "auto" else [orientation]
    best = max(ways, key=lambda w: (counts[w][0] * counts[w][1], w == "portrait"))
    cols, rows = counts[best]
    options = {"orientation": orientation, "gap": None if gap is None else gap * MM}
    if cols * rows == 0:
        with pytest.raises(CardgenError, match="card does not fit on"):
            pdf_of(faces(tmp_path_factory.mktemp("c"), 1, card, bleed), name, **options)
        return
    assume(cols * rows <= 80)
    cards = faces(tmp_path_factory.mktemp("c"), cols * rows + 1, card, bleed)
    reader = pdf_of(cards, name, duplex="none", **options)
    short, long = sorted(paper_mm)
    size = (short, long) if best == "portrait" else (long, short)
    page_w, page_h = (float(v) / MM for v in reader.pages[0].mediabox[2:])
    assert (page_w, page_h) == pytest.approx(size, abs=0.01 / MM)
    first = drawn_images(reader, 0)
    assert len(first) == cols * rows
    assert len({round(d.box[0], 3) for d in first}) == cols
    assert len({round(d.box[1], 3) for d in first}) == rows
    for drawn in first:  # every trim 6 mm clear of the paper's edge
        x0, y0, x1, y1 = (v / MM for v in drawn.box)
        assert min(x0 + bleed, y0 + bleed) >= 6 - 1e-6
        assert x1 - bleed <= page_w - 6 + 1e-6 and y1 - bleed <= page_h - 6 + 1e-6
    assert len(drawn_images(reader, 1)) == 1


def shown(reader: PdfReader, number: int) -> list[tuple[bytes, tuple[float, ...], object]]:
    """Each image of a page: its pixels (decoded), its matrix and its clipping box."""
    xobjects = reader.pages[number]["/Resources"]["/XObject"]
    return [(xobjects[d.name].get_data(), d.matrix, d.clip) for d in drawn_images(reader, number)]


@pytest.mark.parametrize(
    ("paper", "orientation", "duplex", "offset"),
    [
        ("a4", "portrait", "long", (0.0, 0.0)),
        ("letter", "landscape", "short", (1.5, -2.0)),
        ("a3", "auto", "long", (-1.0, 0.5)),
        ("legal", "landscape", "long", (0.0, 0.0)),
    ],
)
def test_backs_only_are_the_duplex_pdfs_back_pages(
    tmp_path: Path, paper: str, orientation: str, duplex: str, offset: tuple[float, float]
) -> None:
    """Page N of --backs-only is page 2N of the duplex PDF: the same images at the same
    matrices and clips, the same size and caption, and labelled "sheet N back"."""
    cards = faces(tmp_path, 23, (63.5, 88.9), 3.175)
    options = {"orientation": orientation, "duplex": duplex}
    shift = (offset[0] * MM, offset[1] * MM)
    both = pdf_of(cards, paper, back_offset=shift, **options)
    backs = pdf_of(cards, paper, back_offset=shift, backs_only=True, **options)
    assert len(both.pages) == 2 * len(backs.pages) >= 4
    for number, page in enumerate(backs.pages):
        twin = both.pages[2 * number + 1]
        assert page.mediabox == twin.mediabox
        assert shown(backs, number) == shown(both, 2 * number + 1)
        assert page.extract_text() == twin.extract_text()
    sheets = len(backs.pages)
    assert backs.page_labels == [f"sheet {n} back" for n in range(1, sheets + 1)]
    assert both.page_labels[1::2] == backs.page_labels
    assert backs.metadata is not None and str(backs.metadata.subject).startswith(
        "Print-and-play backs"
    )


def test_backs_only_from_the_command_line(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    root = make_project()
    result = run("pnp", "tiny", "--project", root, "--jobs", "1", "--backs-only")
    assert result.exit_code == 0, result.output
    assert "tiny-a4-duplex-long-backs.pdf" in result.stdout
    assert "on the blank side of the printed fronts" in result.stdout
    for args in (("--duplex", "none"), ("--gutterfold",), ("--printer", "tgc")):
        refused = run("pnp", "tiny", "--project", root, "--backs-only", *args)
        assert refused.exit_code == 2 and "--backs-only" in refused.stderr, refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1


def marks_of(page: object) -> set[tuple[float, ...]]:
    """The black 0.4 pt lines of a page, (x0, y0, x1, y1) in mm from the bottom left."""
    height = float(page.height)  # type: ignore[attr-defined]
    found = set()
    for line in page.lines:  # type: ignore[attr-defined]
        if line["stroking_color"] != 0 or abs(float(line["linewidth"]) - 0.4) > 1e-6:
            continue
        xs = sorted((float(line["x0"]), float(line["x1"])))
        ys = sorted((height - float(line["bottom"]), height - float(line["top"])))
        found.add(tuple(round(v / MM, 2) for v in (xs[0], ys[0], xs[1], ys[1])))
    return found


def test_crop_marks_have_the_length_and_offset_asked_for(
    make_project: Callable[..., Path], run: Run, tmp_path: Path
) -> None:
    """A3 portrait, 4 x 4 poker cards: the grid's top 32.2 mm below the paper's, 21.5 mm
    beside it; tiny's 9 cards fill two rows and one card of the third, so the cards end
    121.1 mm from the bottom. `--marks 6,2`: each mark runs from 2 mm to 8 mm off the
    trim; `none`: no mark."""
    import pdfplumber

    root = make_project()
    common = ("pnp", "tiny", "--project", root, "--jobs", "1", "--paper", "a3")
    out = tmp_path / "m.pdf"
    done = run(*common, "--orientation", "portrait", "--marks", "6,2", "--out", out)
    assert done.exit_code == 0, done.output
    with pdfplumber.open(out) as read:
        found = marks_of(read.pages[0])
    top, bottom = 387.8, 121.1
    assert (21.5, top + 2, 21.5, top + 8) in found  # left edge of the grid, above it
    assert (21.5, 113.1, 21.5, 119.1) in found  # and below: 8 to 2 mm under the bottom
    assert (13.5, bottom, 19.5, bottom) in found  # bottom trim, to the left
    assert (277.5, top, 283.5, top) in found  # top trim, to the right
    assert {round(m[3] - m[1] + m[2] - m[0], 2) for m in found} == {6.0}
    done = run(*common, "--marks", "none", "--out", out)
    assert done.exit_code == 0, done.output
    with pdfplumber.open(out) as read:
        assert all(not marks_of(page) for page in read.pages)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("4", "give LEN,OFFSET in millimetres (e.g. 4,1) or none"),
        ("0.5,1", "a mark 1 to 15 mm long, 0 to 10 mm off the trim"),
        ("4,-1", "a mark 1 to 15 mm long, 0 to 10 mm off the trim"),
        ("banana", "give LEN,OFFSET"),
    ],
)
def test_bad_marks_are_a_usage_error(
    make_project: Callable[..., Path], run: Run, tmp_path: Path, value: str, message: str
) -> None:
    out = tmp_path / "x.pdf"
    result = run("pnp", "tiny", "--project", make_project(), "--out", out, "--marks", value)
    assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert not out.exists()


def test_a_grid_with_no_margin_for_text_is_lowered_to_make_one(tmp_path: Path) -> None:
    """--gap 2 on landscape A4: two rows of poker cards 8.35 mm apart with 1/8 in bleed.
    Centred, the trims are 11.93 mm from the top and bottom and 11.98 mm from the sides:
    a line of text needs 6 + 2.8 + 3.175 + 0.5 = 12.475 mm. Lowered by 0.55 mm, the top
    margin holds the ruler on the first page and the caption on the other fronts, and the
    lowest trims stay 11.38 mm (their bleed 8.2 mm) from the bottom edge. The back pages
    (turned about the long edge, which runs along x on a landscape page) mirror it: their
    caption is in their bottom margin."""
    import pdfplumber

    cards = faces(tmp_path, 16, (63.5, 88.9), 3.175)  # two full sheets
    reader = pdf_of(cards, "a4", gap=2 * MM, orientation="landscape")
    pdf = io.BytesIO()
    reader.stream.seek(0)
    pdf.write(reader.stream.read())
    for number in (0, 1):
        boxes = [d.box for d in drawn_images(reader, number)]
        margins = (
            210 - max(b[3] for b in boxes) / MM + 3.175,
            min(b[1] for b in boxes) / MM + 3.175,
        )
        lowered = (12.475, 210 - 12.475 - 2 * 88.9 - 8.35)
        wanted = lowered if number == 0 else lowered[::-1]
        assert margins == pytest.approx(wanted, abs=0.001)
    with pdfplumber.open(pdf) as read:
        words = [page.extract_text().splitlines() for page in read.pages]
        outside = [
            [
                c
                for c in page.chars
                if c["text"].strip() and min(c["top"], 210 * MM - c["bottom"]) < 12.475 * MM
            ]
            for page in read.pages
        ]
        sides = [
            {"top" if c["top"] < 105 * MM else "bottom" for c in page.chars if c["text"].strip()}
            for page in read.pages
        ]
    assert words[0] == ["50 mm: print at 100 % (Actual size), never Fit to page"]
    assert words[1] == ["Papers · sheet 1 back"]
    assert words[2] == ["Papers · sheet 2 front · duplex: flip on the LONG edge"]
    assert all(outside)  # every page's text is in a margin, off the cards
    assert sides == [{"top"}, {"bottom"}, {"top"}, {"bottom"}]
