"""Print-and-play PDFs read back as a printer prints them: behind every front, on the next
page at the mirrored spot (or across the fold), is that card's own back, for long- and
short-edge duplex and gutterfold, on A4 and Letter; each print-shop preset's pages, trim
and bleed boxes and image pixels against the shop's published numbers."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from pypdf import PdfReader

from tests.oracles.games import Row, interleaved, ok, rendered, write_game
from tests.oracles.pdf_read import Placed, at, pixel_names, placements

# The papers in points (A4 210 x 297 mm, A3 297 x 420 mm; Letter 8.5 x 11 in, Legal
# 8.5 x 14 in, Tabloid 11 x 17 in), portrait, as the paper is.
PAPER = {
    "a4": (210 * 72 / 25.4, 297 * 72 / 25.4),
    "a3": (297 * 72 / 25.4, 420 * 72 / 25.4),
    "letter": (8.5 * 72, 11 * 72),
    "legal": (8.5 * 72, 14 * 72),
    "tabloid": (11 * 72, 17 * 72),
}
TYPES = 4
ROWS = interleaved(23, TYPES, copies=lambda i: 2 if i % 5 == 0 else 1)
"""23 cards, 28 copies of four types, each type's back its own colour; a row of a sheet
never holds two cards of one type next to each other, and the last page is partly full."""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    root = write_game(tmp_path_factory.mktemp("pnp"), ROWS, types=TYPES)
    return root, rendered(root, "gen", root / "render")


def identities(drawn: dict[str, Any]) -> tuple[dict[bytes, str], dict[str, str]]:
    """Pixels -> "card NAME" or "back ID", and each card's back."""
    pngs = {f"card {c['name']}": Path(c["file"]) for c in drawn["cards"]}
    pngs.update({f"back {b['back']}": Path(b["file"]) for b in drawn["backs"]})
    names = pixel_names(pngs)
    assert len(names) == len(pngs)  # every card and back looks different
    return names, {c["name"]: c["back"] for c in drawn["cards"]}


def pnp(root: Path, out: Path, *args: str) -> Path:
    ok("pnp", "gen", "--project", root, "--out", out, "--jobs", "1", *args)
    return out


def check_fronts(fronts: list[Placed]) -> None:
    """Every copy of the box is printed, once."""
    printed = Counter(p.shows for p in fronts)
    assert printed == Counter({f"card {r.name}": r.copies for r in ROWS})


def behind(
    point: tuple[float, float], page: tuple[float, float], duplex: str
) -> tuple[float, float]:
    """Where a point of a back page lands behind the front page once the printer has
    turned the sheet over, simulated on the paper itself: a landscape page is laid across
    the portrait paper (turned a quarter, front and back alike), the paper turns over
    about its long edge (its sides swap) or its short edge (top and bottom swap), and the
    point is read back in the page's own coordinates."""
    width, height = page
    x, y = point
    if width <= height:  # portrait: the page is the paper
        return (width - x, y) if duplex == "long" else (x, height - y)
    u, v = height - y, x  # on the paper, `height` wide and `width` tall
    u, v = (height - u, v) if duplex == "long" else (u, width - v)
    return (v, height - u)


@pytest.mark.parametrize(
    ("paper", "orientation"),
    [
        ("a4", "portrait"),
        ("letter", "portrait"),
        ("a4", "landscape"),
        ("letter", "landscape"),
        ("legal", "landscape"),
        ("a3", "auto"),  # 6 x 3 landscape holds more than 4 x 4
        ("tabloid", "portrait"),
    ],
)
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_is_behind_its_own_front(
    game: tuple[Path, dict[str, Any]], tmp_path: Path, paper: str, orientation: str, duplex: str
) -> None:
    root, drawn = game
    names, back_of = identities(drawn)
    args = ("--paper", paper, "--duplex", duplex, "--orientation", orientation)
    pdf = pnp(root, tmp_path / "out.pdf", *args)
    width, height = PAPER[paper]
    if orientation != "portrait":
        width, height = height, width
    for page in PdfReader(pdf).pages:
        assert float(page.mediabox.width) == pytest.approx(width, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(height, abs=0.01)
    pages = placements(pdf, names)
    # the page count and how many cards each page holds: every page as full as a poker
    # card's trim (63.5 x 88.9 mm) allows 6 mm from the paper's edge, the way round the
    # paper holds more where it is "auto", the last page the rest; each front's back page
    # holds as many
    holds = sheet_holds(PAPER[paper], orientation)
    copies = sum(r.copies for r in ROWS)
    fronts_held = [min(holds, copies - start) for start in range(0, copies, holds)]
    assert [len(page) for page in pages] == [n for n in fronts_held for _ in (0, 1)]
    fronts = [p for page in pages[::2] for p in page]
    assert all(p.shows.startswith("card ") for p in fronts)
    check_fronts(fronts)
    for front_page, back_page in zip(pages[::2], pages[1::2], strict=True):
        assert len(back_page) == len(front_page)
        for front in front_page:
            # the back page's point that lands on this front's centre
            back = at(back_page, behind(front.centre, (width, height), duplex))
            assert back.shows == f"back {back_of[front.shows.removeprefix('card ')]}"
            assert back.size == pytest.approx(front.size, abs=0.01)


def sheet_holds(paper: tuple[float, float], orientation: str) -> int:
    """How many poker cards (trim 63.5 x 88.9 mm, side by side) a page of `paper` holds,
    nothing within 6 mm of its edge, counted for the way round `orientation` asks (both,
    keeping the larger, for "auto")."""
    mm = 72 / 25.4

    def fits(room: float, card: float) -> int:
        return max(n for n in range(0, 100) if n * card <= room + 1e-6)

    def holds(width: float, height: float) -> int:
        return fits(width - 12 * mm, 63.5 * mm) * fits(height - 12 * mm, 88.9 * mm)

    width, height = paper
    ways = {"portrait": [(width, height)], "landscape": [(height, width)]}
    return max(holds(w, h) for w, h in ways.get(orientation, [(width, height), (height, width)]))


def fold_line(pdf: Path, page: int) -> float:
    """The x of the dashed vertical line (the fold) on a page."""
    with pdfplumber.open(pdf) as document:
        lines = [
            line
            for line in document.pages[page].lines
            if line.get("dash") and abs(float(line["x0"]) - float(line["x1"])) < 0.01
        ]
    assert len(lines) == 1, lines
    return float(lines[0]["x0"])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gutterfold_backs_across_the_fold(
    game: tuple[Path, dict[str, Any]], tmp_path: Path, paper: str
) -> None:
    root, drawn = game
    names, back_of = identities(drawn)
    pdf = pnp(root, tmp_path / "fold.pdf", "--paper", paper, "--gutterfold")
    pages = placements(pdf, names)
    reader = PdfReader(pdf)
    fronts = []
    for number, page in enumerate(pages):
        box = reader.pages[number].mediabox
        assert sorted((float(box.width), float(box.height))) == pytest.approx(
            sorted(PAPER[paper]), abs=0.01
        )
        fold = fold_line(pdf, number)
        assert fold == pytest.approx(float(box.width) / 2, abs=0.01)  # the page's middle
        left = [p for p in page if p.centre[0] < fold]
        assert all(p.shows.startswith("card ") and p.x1 <= fold for p in left)
        assert len(page) == 2 * len(left)
        for front in left:
            back = at(page, (2 * fold - front.centre[0], front.centre[1]))
            assert back.shows == f"back {back_of[front.shows.removeprefix('card ')]}"
            assert back.x0 >= fold
        fronts.extend(left)
    check_fronts(fronts)


# A shop that takes a PDF of one face a page (a project's own `pdf` preset): a poker card
# at 300 dpi is an 825 x 1125 px face, 1/8 in (37.5 px) bleed, front then back, in a PDF
# whose images are the renders themselves. (The Game Crafter's PNGs are checked in
# tests/printing/test_shop_decks.py, MakePlayingCards' in tests/printing/test_shop_images.py,
# DriveThruCards' PDF/X-1a file, CMYK, in tests/printing/test_pdfx.py.)
SHOPS = {
    "proofs": {"face_px": (825, 1125), "bleed_px": 37.5, "first": "front"},
}
PROOFS = "shop: Proofs\noutput: pdf\nbleed: 0.125in\nnote: One face a page.\n"
"""The project preset `proofs`: a PDF of one face a page at trim + 1/8 in."""
POKER_RENDER_PX = (825, 1125)  # 2.75 x 3.75 in at 300 dpi: what cardgen renders


@pytest.fixture(scope="module")
def poker_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    rows = [Row("Alpha", "t0", 1), Row("Beta", "t1", 2)]
    root = write_game(
        tmp_path_factory.mktemp("shop"), rows, types=2, layout="extends: builtin:card\n"
    )
    (root / "shops").mkdir()
    (root / "shops" / "proofs.yaml").write_text(PROOFS, encoding="utf-8")
    return root, rendered(root, "gen", root / "render")


@pytest.mark.parametrize("printer", sorted(SHOPS))
def test_print_shop_pages_match_the_shops_spec(
    poker_game: tuple[Path, dict[str, Any]], tmp_path: Path, printer: str
) -> None:
    root, drawn = poker_game
    names, back_of = identities(drawn)
    spec = SHOPS[printer]
    pdf = pnp(root, tmp_path / f"{printer}.pdf", "--printer", printer)
    pages = placements(pdf, names)
    reader = PdfReader(pdf)
    face_w, face_h = (v * 72 / 300 for v in spec["face_px"])
    inset = float(spec["bleed_px"]) * 72 / 300
    order = []
    for page, shown in zip(reader.pages, pages, strict=True):
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, face_w, face_h], abs=0.005)
        assert "/TrimBox" in page and "/BleedBox" in page  # set, not pypdf's fallback
        assert [float(v) for v in page["/TrimBox"]] == pytest.approx(
            [inset, inset, face_w - inset, face_h - inset], abs=0.005
        )
        assert [float(v) for v in page["/BleedBox"]] == pytest.approx(
            [0, 0, face_w, face_h], abs=0.005
        )
        (image,) = shown
        assert image.pixels == POKER_RENDER_PX
        ppi = image.pixels[0] / (image.size[0] / 72)
        assert ppi == pytest.approx(300, abs=0.01) and image.pixels[1] / (
            image.size[1] / 72
        ) == pytest.approx(300, abs=0.01)
        # the page, at the image's own resolution, is the shop's face size in pixels
        assert (face_w / 72 * ppi, face_h / 72 * ppi) == pytest.approx(spec["face_px"], abs=0.01)
        assert image.centre == pytest.approx((face_w / 2, face_h / 2), abs=0.005)
        order.append(image.shows)
    expected = []
    for row in ("Alpha", "Beta", "Beta"):
        sides = [f"card {row}", f"back {back_of[row]}"]
        expected += sides if spec["first"] == "front" else sides[::-1]
    assert order == expected
