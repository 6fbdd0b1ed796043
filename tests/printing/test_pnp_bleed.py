"""The bleed and the backs of a print-and-play sheet, read back from the PDF: the outer
cards' bleed shows beyond the grid's outer trim and nowhere between two cards (pixels with
pdftoppm, clipping boxes from the content stream); `--gap` keeps each card's whole bleed;
each back lies behind its front upright once the sheet turns over the way the duplex mode
says; the calibration sheet's bars and labels."""

from __future__ import annotations

import io
import subprocess
from collections import defaultdict
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image
from pypdf import PdfReader

from cardgen.printing.calibration import calibration_pdf
from cardgen.printing.imposition import Face, home_pdf
from cardgen.printing.paper import paper_size
from cardgen.printing.sheets import PAPERS
from tests.printing.pdf_geometry import apply, drawn_images
from tests.skips import require_tool

MM = 72 / 25.4
BLEED = 9.0  # 1/8 in
RING = (0, 160, 0)
"""The colour of every test image's outer pixel: its bleed (one 9 pt pixel of 22 x 30)."""


def ringed(folder: Path, count: int, *, turnable: bool = False) -> list[Face]:
    """Poker faces whose images are 22 x 30 px (trim + bleed at 9 pt a pixel): the outer
    ring of pixels, the bleed, is green; inside, each front its own colour. With
    `turnable`, each image's top-left inner pixel is white, so a turn shows."""
    folder.mkdir(parents=True, exist_ok=True)

    def image(name: str, colour: tuple[int, int, int]) -> Path:
        picture = Image.new("RGB", (22, 30), RING)
        picture.paste(colour, (1, 1, 21, 29))
        if turnable:
            picture.putpixel((1, 1), (255, 255, 255))
        path = folder / f"{name}.png"
        picture.save(path)
        return path

    back = image("back", (40, 40, 120))
    return [
        Face(f"c{n}", image(f"f{n}", (200, 20 * n, 40)), back, 180, 252, BLEED, BLEED)
        for n in range(count)
    ]


def sheet(
    faces: list[Face],
    duplex: str = "none",
    gap: float | None = None,
    paper: str = "a4",
    orientation: str = "portrait",
) -> bytes:
    data, _ = home_pdf(
        faces,
        paper=paper,
        duplex=duplex,  # type: ignore[arg-type]
        cut_lines=False,
        back_offset=(0.0, 0.0),
        title="Tiny",
        author="Tiny",
        gap=gap,
        orientation=orientation,  # type: ignore[arg-type]
    )
    return data.to_bytes()


def pixels(tmp_path: Path, pdf: bytes) -> Image.Image:
    """The first page at 72 dpi (a pixel a point), y downward as images go."""
    pdftoppm = require_tool("pdftoppm")
    (tmp_path / "p.pdf").write_bytes(pdf)
    subprocess.run(
        [
            pdftoppm,
            "-r",
            "72",
            "-f",
            "1",
            "-l",
            "1",
            "-png",
            str(tmp_path / "p.pdf"),
            str(tmp_path / "p"),
        ],
        check=True,
    )
    (png,) = tmp_path.glob("p*.png")
    return Image.open(png).convert("RGB")


def close(found: tuple[int, ...], wanted: tuple[int, ...]) -> bool:
    return all(abs(a - b) <= 24 for a, b in zip(found, wanted, strict=True))


def test_the_bleed_shows_beyond_the_outer_trim_and_not_between_cards(tmp_path: Path) -> None:
    """A4, poker: the grid from x 27.64 to 567.64 pt, y (from the top) 42.95 to 798.95."""
    page = pixels(tmp_path, sheet(ringed(tmp_path, 9)))
    left, right, top, bottom = 27.64, 567.64, 42.95, 798.95
    row = top + 126  # the middle of the first row
    col = left + 90  # the middle of the first column
    assert close(page.getpixel((round(left - 4.5), round(row))), RING)  # the outer bleed
    assert close(page.getpixel((round(right + 4.5), round(row))), RING)
    assert close(page.getpixel((round(col), round(top - 4.5))), RING)
    assert close(page.getpixel((round(col), round(bottom + 4.5))), RING)
    assert page.getpixel((round(left - 12), round(row))) == (255, 255, 255)  # past it, paper
    # between the first two cards of the first row: each card's own colour to the cut
    edge = left + 180
    assert close(page.getpixel((round(edge - 3), round(row))), (200, 0, 40))
    assert close(page.getpixel((round(edge + 3), round(row))), (200, 20, 40))
    # and between the first two rows
    assert close(page.getpixel((round(col), round(top + 252 - 3))), (200, 0, 40))
    assert close(page.getpixel((round(col), round(top + 252 + 3))), (200, 60, 40))


def clips(pdf: bytes, page: int = 0) -> list[tuple[tuple[float, ...], tuple[float, ...]]]:
    """Each image's (trim, clipping box), rounded to 0.01 pt."""
    found = []
    for image in drawn_images(PdfReader(io.BytesIO(pdf)), page):
        x0, y0, x1, y1 = image.box
        assert image.clip is not None
        trim = tuple(round(v, 2) for v in (x0 + BLEED, y0 + BLEED, x1 - BLEED, y1 - BLEED))
        found.append((trim, tuple(round(v, 2) for v in image.clip)))
    return found


def test_clipping_boxes_open_only_the_grids_outer_sides(tmp_path: Path) -> None:
    """Four cards: three in the top row, one under the first. Each clip is the trim grown
    by 9 pt on every side no card butts onto."""
    found = clips(sheet(ringed(tmp_path, 4)))
    assert len(found) == 4
    for (x0, y0, x1, y1), clip in found:
        row0 = y1 > 600
        first = x0 < 30
        expected = (
            x0 - (BLEED if first else 0),
            y0 - (BLEED if not (row0 and first) else 0),
            x1 + (BLEED if x1 > 560 or not row0 else 0),
            y1 + (BLEED if row0 else 0),
        )
        assert clip == pytest.approx(expected, abs=0.01), ((x0, y0, x1, y1), clip)


def test_a_gap_keeps_each_cards_whole_bleed(tmp_path: Path) -> None:
    """--gap 2: A4 holds two poker cards across (3 x 63.5 + 2 x (6.35 + 2) > 198 mm) and
    three down; each image is drawn whole and 2 mm of paper lies between neighbours, but
    for the sheet's top and bottom: the grid (283.4 mm) leaves 6.8 mm there, its marks run
    to 3 mm from the edge (3.8 mm off the trim) and keep 1.5 mm of white paper, so 2.3 mm of
    the top row's and bottom row's bleed shows."""
    gap = 2 * MM
    pdf = sheet(ringed(tmp_path, 6), gap=gap)
    found = clips(pdf)
    assert len(found) == 6
    top, bottom = max(t[3] for t, _ in found), min(t[1] for t, _ in found)
    for trim, clip in found:
        below = 2.3 * MM if trim[1] == bottom else BLEED
        above = 2.3 * MM if trim[3] == top else BLEED
        assert clip == pytest.approx(
            (trim[0] - BLEED, trim[1] - below, trim[2] + BLEED, trim[3] + above), abs=0.01
        )
    lefts = sorted({c[0] for _, c in found})
    rights = sorted({c[2] for _, c in found})
    assert lefts[1] - rights[0] == pytest.approx(gap, abs=0.01)
    page = pixels(tmp_path, pdf)
    y = round(841.89 - found[0][0][3] + 126)  # the middle of the first row, from the top
    assert close(page.getpixel((round(rights[0] - 4.5), y)), RING)
    assert close(page.getpixel((round(lefts[1] + 4.5), y)), RING)
    assert page.getpixel((round((rights[0] + lefts[1]) / 2), y)) == (255, 255, 255)


@pytest.mark.parametrize("paper", ["a4", "letter", "tabloid"])
@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("gap", [None, 3.0])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_each_back_is_upright_behind_its_front_once_the_sheet_turns_over(
    tmp_path: Path, paper: str, duplex: str, gap: float | None, orientation: str
) -> None:
    """Turning a portrait sheet over on its long edge takes the point (x, y) of the back
    page to (W - x, y) seen through the front; on its short edge to (x, H - y). A
    landscape page lies across the paper, so there its long edge runs along x: the long
    edge takes (x, y) to (x, H - y) and the short edge to (W - x, y). Seen through the
    paper, a card's back must be its front's mirror image left to right (the card turned
    over like a book's page), so: flip(back(u, v)) == front(1 - u, v) at every corner of
    the image."""
    width, height = PAPERS[paper]
    if orientation == "landscape":
        width, height = height, width
    faces = ringed(tmp_path, 7, turnable=True)
    spacing = None if gap is None else gap * MM
    reader = PdfReader(io.BytesIO(sheet(faces, duplex, spacing, paper, orientation)))
    assert [float(v) for v in reader.pages[1].mediabox[2:]] == pytest.approx((width, height))
    fronts, backs = drawn_images(reader, 0), drawn_images(reader, 1)
    assert len(fronts) == len(backs) >= 4
    mirrors_x = (duplex == "long") == (orientation == "portrait")

    def flip(point: tuple[float, float]) -> tuple[float, float]:
        x, y = point
        return (width - x, y) if mirrors_x else (x, height - y)

    for front in fronts:
        centre = apply(front.matrix, 0.5, 0.5)
        (back,) = [
            b
            for b in backs
            if max(abs(a - c) for a, c in zip(flip(apply(b.matrix, 0.5, 0.5)), centre, strict=True))
            < 0.01
        ]
        for u, v in ((0, 0), (1, 0), (0, 1), (1, 1)):
            assert flip(apply(back.matrix, u, v)) == pytest.approx(
                apply(front.matrix, 1 - u, v), abs=1e-3
            )


def bars(page: pdfplumber.page.Page, red: bool) -> dict[str, list[tuple[float, float]]]:
    """The filled bars of one colour by kind ("upright" or "lying"), as centres in mm."""
    found: dict[str, list[tuple[float, float]]] = defaultdict(list)
    h = float(page.height)
    for rect in page.rects:
        colour = tuple(rect["non_stroking_color"] or (0,))
        if (len(colour) == 3) != red:
            continue
        kind = "upright" if rect["height"] > rect["width"] else "lying"
        centre = ((rect["x0"] + rect["x1"]) / 2 / MM, (h - (rect["top"] + rect["bottom"]) / 2) / MM)
        found[kind].append(centre)
    return found


STEPS = [k / 2 for k in range(-10, 11)]


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "legal", "tabloid", "230x240mm"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_calibration_sheet_measures_5_mm_each_way_and_rotation(paper: str, duplex: str) -> None:
    """The front: a row of 21 upright bars (X) and three columns of 21 lying bars (Y in the
    middle; left and right for rotation). Behind each, on the back, a red bar moved from
    the mirrored place by -5.0 ... +5.0 mm in 0.5 mm steps, labelled with that offset."""
    pdf = calibration_pdf(paper=paper, duplex=duplex, title="t")  # type: ignore[arg-type]
    w, h = (v / MM for v in paper_size(paper))
    with pdfplumber.open(io.BytesIO(pdf)) as read:
        front, back = bars(read.pages[0], red=False), bars(read.pages[1], red=True)
        text = read.pages[1].extract_text()
        words = read.pages[1].extract_words()
        upright_labels = [
            "".join(c["text"] for c in sorted(g, key=lambda c: -c["top"]))
            for g in _columns(read.pages[1])
        ]
    assert len(front["upright"]) == len(back["upright"]) == 21
    assert len(front["lying"]) == len(back["lying"]) == 63

    def mirror(p: tuple[float, float]) -> tuple[float, float]:
        return (w - p[0], p[1]) if duplex == "long" else (p[0], h - p[1])

    row_front = sorted(mirror(p) for p in front["upright"])
    row_back = sorted(back["upright"])
    assert sorted(round(b[0] - f[0], 3) for f, b in zip(row_front, row_back, strict=True)) == STEPS
    assert all(abs(b[1] - f[1]) < 1e-3 for f, b in zip(row_front, row_back, strict=True))
    columns = sorted({round(p[0]) for p in front["lying"]})
    assert len(columns) == 3  # Y in the middle, rotation near each side
    for x in columns:
        ours = sorted((mirror(p) for p in front["lying"] if round(p[0]) == x), key=lambda p: p[1])
        theirs = sorted(
            (p for p in back["lying"] if abs(p[0] - mirror((x, 0))[0]) < 2), key=lambda p: p[1]
        )
        assert sorted(round(b[1] - f[1], 3) for f, b in zip(ours, theirs, strict=True)) == STEPS
        for f, b in zip(
            ours, theirs, strict=True
        ):  # each red bar's label: the offset that moved it
            label = [
                word["text"]
                for word in words
                if abs(h - (word["top"] + word["bottom"]) / 2 / MM - b[1]) < 1.5
                and 0 < word["x0"] / MM - b[0] < 10
            ]
            value = f"{round(b[1] - f[1], 1) + 0.0:+.1f}"
            assert label == [f"+0.0,{value}" if abs(x - w / 2) < 2 else value], (x, b)
    for step in STEPS:
        assert f"+0.0,{step:+.1f}" in text  # the middle column's labels
        assert f"{step:+.1f},+0.0" in upright_labels  # the row's, turned
    assert min(columns) < 30 and max(columns) > w - 30


def _columns(page: pdfplumber.page.Page) -> list[list[dict[str, object]]]:
    """The turned characters of a page, grouped by the column they stand in."""
    groups: dict[int, list[dict[str, object]]] = defaultdict(list)
    for char in page.chars:
        if not char["upright"]:
            groups[round(float(char["x0"]))].append(char)
    return list(groups.values())


def test_a_card_too_big_for_the_paper_is_a_clear_error(tmp_path: Path) -> None:
    from cardgen.errors import CardgenError

    (face,) = ringed(tmp_path, 1)
    wide = Face(face.name, face.front, face.back, 250 * MM, 252, BLEED, BLEED)
    with pytest.raises(CardgenError) as info:
        sheet([wide], paper="letter")
    assert (
        str(info.value.message) == "--paper letter: a 250.0 x 88.9 mm card does not fit on letter"
    )


def test_a_paper_too_small_for_the_calibration_sheet_is_refused() -> None:
    from cardgen.errors import CardgenError

    with pytest.raises(CardgenError) as info:
        calibration_pdf(paper="150x200mm", duplex="long", title="t")
    assert info.value.message == (
        "--paper 150x200mm: the calibration sheet needs a paper at least 200 x 230 mm"
    )
