"""Where a printed sheet's text and guides end, read back from the PDF: the calibration back
page's heading is one line in its own type, and a poster's dashed cut lines stop at the
board's edge (rasterised: beside each end of a line lies board, not blank paper)."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from cardgen.printing.calibration import calibration_pdf
from cardgen.printing.poster import poster_pdf
from tests.skips import require_tool

MM = 72 / 25.4
GREEN = (40, 160, 60)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_calibration_headings_are_each_one_line_of_large_type(paper: str) -> None:
    """Each page's heading is a whole sentence in the largest type on the page, all on one
    line; the smaller lines under it begin with a capital (no sentence wraps into them)."""
    pdf = calibration_pdf(paper=paper, duplex="long", title="t")
    with pdfplumber.open(io.BytesIO(pdf)) as read:
        for page in read.pages:
            words = page.extract_words(extra_attrs=["size"])
            largest = max(w["size"] for w in words)
            heading = [w for w in words if w["size"] == largest]
            assert largest == pytest.approx(8)
            assert len({round(w["top"], 1) for w in heading}) == 1, heading
            assert heading[0]["text"] in ("Front:", "Back:")
            assert heading[0]["x0"] >= 6 * MM and heading[-1]["x1"] <= page.width - 6 * MM
            small = [w for w in words if w["size"] == pytest.approx(6.5)]
            lines: dict[float, list[str]] = {}
            for word in sorted(small, key=lambda w: (round(w["top"], 1), w["x0"])):
                lines.setdefault(round(word["top"], 1), []).append(word["text"])
            assert len(lines) >= 1
            assert all(line[0][0].isupper() or line[0][0] == "t" for line in lines.values())
            first = min(lines)  # the first small line starts a sentence of its own
            assert lines[first][0][0].isupper(), lines[first]


def _board(folder: Path, size_mm: tuple[float, float]) -> tuple[Path, tuple[float, float]]:
    """A one-colour board of `size_mm`, at 20 px a millimetre, and its size in points."""
    image = folder / "board.png"
    Image.new("RGB", (int(size_mm[0] * 4), int(size_mm[1] * 4)), GREEN).save(image)
    return image, (size_mm[0] * MM, size_mm[1] * MM)


def _is_board(pixel: float | tuple[int, ...] | None) -> bool:
    if not isinstance(pixel, tuple):
        return False
    return abs(pixel[0] - GREEN[0]) < 30 and abs(pixel[1] - GREEN[1]) < 30


@pytest.mark.parametrize("size", [(400.0, 150.0), (150.0, 500.0), (380.0, 520.0)])
def test_a_posters_dashed_cut_lines_stop_at_the_boards_edge(
    tmp_path: Path, size: tuple[float, float]
) -> None:
    """Beside each end of every dashed cut line, 2 mm across it on one side or the other,
    the page shows the board: the line never runs on over blank paper."""
    require_tool("pdftoppm")
    image, size_pt = _board(tmp_path, size)
    data, pages, _ = poster_pdf(image, size_pt, paper="a4", title="t", author="t", legend=[])
    pdf = tmp_path / "poster.pdf"
    pdf.write_bytes(data.to_bytes())
    dpi = 50
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(tmp_path / "p")], check=True)
    checked = 0
    with pdfplumber.open(pdf) as read:
        for number, page in enumerate(read.pages[1:], 2):
            cuts = [ln for ln in page.lines if ln["stroking_color"] in (1, (1,), [1])]
            cuts = [ln for ln in cuts if ln.get("dash") and ln["dash"][0]]
            raster = Image.open(next(tmp_path.glob(f"p-*{number}.png"))).convert("RGB")
            scale = dpi / 72
            for line in cuts:
                upright = line["x0"] == line["x1"]
                across = (2 * MM, 0.0) if upright else (0.0, 2 * MM)
                along = (0.0, 1 * MM) if upright else (1 * MM, 0.0)  # 1 mm in from each end
                ends = ((line["x0"], line["top"], 1), (line["x1"], line["bottom"], -1))
                for x, y, inward in ends:
                    x, y = x + inward * along[0], y + inward * along[1]
                    beside = [
                        raster.getpixel(
                            (int((x + s * across[0]) * scale), int((y + s * across[1]) * scale))
                        )
                        for s in (-1, 1)
                    ]
                    assert any(_is_board(p) for p in beside), (number, x / MM, y / MM)
                    checked += 1
    assert pages >= 3 and checked >= 2
