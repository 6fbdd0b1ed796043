"""The rulebook as a saddle-stitch booklet, read back: landscape sheets of the paper, half-
sheet pages (A5, half-Letter) two to a side in the order that folds into a booklet (found
from where each page's number is printed), blank padding, the outline, the backs turned
for long-edge duplex, the fold marks, the same bytes from the same input."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pypdf
import pytest

from cardgen.rulebook.booklet import sides
from cardgen.rulebook.pdf import rulebook_pdf
from tests.conftest import ROOT
from tests.rulebook.raster import dark_pixels, rasterised

MM = 72 / 25.4
A4 = (210 * MM, 297 * MM)
LETTER = (8.5 * 72, 11 * 72)
TITLE = "Harbour Lights"
SECTION = "A captain may trade once each turn with any port the crew has reached by sea."


def _rules(sections: int) -> str:
    """A rules document of `sections` headed sections, each a few paragraphs long."""
    parts = [f"## Section {n}\n\n" + "\n\n".join([SECTION] * 6) for n in range(1, sections + 1)]
    return "# Rules\n\n" + "\n\n".join(parts)


def _booklet(paper: str, sections: int = 12, duplex: str = "short") -> bytes:
    return rulebook_pdf(
        _rules(sections),
        title=TITLE,
        language="en",
        base=Path("."),
        paper=paper,
        booklet=True,
        duplex=duplex,
    )  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def a4_booklet() -> bytes:
    """A booklet on A4 rendered once for the module."""
    return _booklet("a4")


def _reading_order(sheets: list[tuple[tuple[int, int], tuple[int, int]]]) -> list[int]:
    """The pages in the order a reader meets them in the folded stack: the sheets nested,
    the first outermost; the first halves read front-right then back-left, sheet after
    sheet inwards, then back-right and front-left outwards."""
    order = []
    for front, back in sheets:
        order += [front[1], back[0]]
    for front, back in reversed(sheets):
        order += [back[1], front[0]]
    return order


@pytest.mark.parametrize("pages", [1, 4, 5, 8, 12, 13, 30])
def test_the_folded_stack_reads_in_order(pages: int) -> None:
    found = sides(pages)
    total = -(-pages // 4) * 4
    sheets = list(zip(found[0::2], found[1::2], strict=True))
    assert len(sheets) == total // 4
    assert _reading_order(sheets) == list(range(1, total + 1))


def test_eight_pages_print_as_the_brief_says() -> None:
    assert sides(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]


def _halves(pdf: bytes) -> list[list[str | None]]:
    """Per sheet side, what each half shows: its page number ("cover" for the title page,
    None for a blank half), read from the text's positions."""
    found: list[list[str | None]] = []
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            side: list[str | None] = []
            for left in (0.0, page.width / 2):
                words = [w for w in page.extract_words() if left <= w["x0"] < left + page.width / 2]
                foot = [w["text"] for w in words if w["top"] > page.height - 12 * MM]
                if not words:
                    side.append(None)
                elif TITLE.split()[0] in [w["text"] for w in words] and not foot:
                    side.append("cover")
                else:
                    assert len(foot) == 1 and foot[0].isdigit(), foot
                    side.append(foot[0])
            found.append(side)
    return found


@pytest.mark.parametrize(("paper", "sheet"), [("a4", A4), ("letter", LETTER)])
def test_sheets_are_landscape_paper_and_pages_half_of_it(
    paper: str, sheet: tuple[float, float], a4_booklet: bytes
) -> None:
    pdf = a4_booklet if paper == "a4" else _booklet("letter")
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(sheet[1], abs=0.1)
        assert float(page.mediabox.height) == pytest.approx(sheet[0], abs=0.1)
        for xobject in page["/Resources"]["/XObject"].values():
            x0, y0, x1, y1 = (float(v) for v in xobject.get_object()["/BBox"])
            assert x1 - x0 == pytest.approx(sheet[1] / 2, abs=0.1)  # A5: 148.5 mm; 5.5 in
            assert y1 - y0 == pytest.approx(sheet[0], abs=0.1)  # A5: 210 mm; 8.5 in


def test_each_side_holds_the_pages_of_a_saddle_stitched_booklet(a4_booklet: bytes) -> None:
    halves = _halves(a4_booklet)
    numbered = sorted(int(h) for side in halves for h in side if h not in (None, "cover"))
    last = numbered[-1]
    assert numbered == list(range(2, last + 1))
    total = len(halves) * 2
    assert total % 4 == 0 and 0 < total - last < 4, "padded with 1 to 3 blank pages"
    expected = [
        [str(n) if 1 < n <= last else ("cover" if n == 1 else None) for n in side]
        for side in _expected_sides(total)
    ]
    assert halves == expected


def _expected_sides(total: int) -> list[tuple[int, int]]:
    """Each side's left and right page for a booklet of `total` pages, worked out by hand:
    the outermost sheet carries the last page and the first on its front."""
    found = []
    for k in range(total // 4):
        found += [(total - 2 * k, 1 + 2 * k), (2 + 2 * k, total - 1 - 2 * k)]
    return found


def test_a_short_rulebook_pads_one_sheet(tmp_path: Path) -> None:
    pdf = rulebook_pdf(
        "One line.", title=TITLE, language="en", base=tmp_path, paper="a4", booklet=True
    )
    assert _halves(pdf) == [[None, "cover"], ["2", None]]


def test_the_outline_points_at_the_side_each_heading_is_on(a4_booklet: bytes) -> None:
    reader = pypdf.PdfReader(io.BytesIO(a4_booklet))
    flat = [item for item in reader.outline if not isinstance(item, list)]
    nested = [item for items in reader.outline if isinstance(items, list) for item in items]
    assert [item.title for item in flat] == ["Rules"]
    assert [item.title for item in nested] == [f"Section {n}" for n in range(1, 13)]
    for item in nested:
        page = reader.pages[reader.get_destination_page_number(item)]
        assert item.title in page.extract_text()
    assert reader.metadata is not None and reader.metadata.title == TITLE
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"


def test_long_edge_duplex_turns_the_backs() -> None:
    reader = pypdf.PdfReader(io.BytesIO(_booklet("a4", sections=3, duplex="long")))
    assert [page.get("/Rotate", 0) for page in reader.pages] == [0, 180] * (len(reader.pages) // 2)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"


def test_same_input_same_bytes(a4_booklet: bytes, tmp_path: Path) -> None:
    """Again in this process, and in another one (a name pikepdf drew at random for each
    placed page once made every run's file differ)."""
    assert _booklet("a4") == a4_booklet
    (tmp_path / "rules.md").write_text(_rules(12), encoding="utf-8")
    script = (
        "import sys; from pathlib import Path; from cardgen.rulebook.pdf import rulebook_pdf;"
        " folder = Path(sys.argv[1]); Path(folder / 'again.pdf').write_bytes(rulebook_pdf("
        f"(folder / 'rules.md').read_text('utf-8'), title={TITLE!r}, language='en',"
        " base=Path('.'), paper='a4', booklet=True))"
    )
    subprocess.run([sys.executable, "-c", script, str(tmp_path)], check=True, cwd=ROOT)
    assert (tmp_path / "again.pdf").read_bytes() == a4_booklet


def test_a_front_rasterised_shows_both_pages_and_the_fold_marks(
    tmp_path: Path, a4_booklet: bytes
) -> None:
    sheet = rasterised(a4_booklet, 3, tmp_path)  # sheet 2's front: pages 6 and 3
    width, height = sheet.size
    assert width == pytest.approx(297 / 25.4 * 60, abs=1)
    assert dark_pixels(sheet, (0, 0, width // 2 - 5, height)) > 300  # the left page's text
    assert dark_pixels(sheet, (width // 2 + 5, 0, width, height)) > 300  # the right one's
    assert dark_pixels(sheet, (width // 2 - 2, 0, width // 2 + 2, 6)) > 0  # fold mark, top
    assert dark_pixels(sheet, (width // 2 - 2, height - 6, width // 2 + 2, height)) > 0
    assert dark_pixels(sheet, (width // 2 - 2, height // 3, width // 2 + 2, 2 * height // 3)) == 0
