"""Cutting a print-and-play sheet, read back from the PDF: every distinct card edge of every
page has a crop mark on it, off the cards, crossing no character and not the ruler, for
each example game's card size and count on A4 and Letter in every mode, on the other
papers, landscape and with crop marks of other lengths and offsets; the bleed shows
beyond the grid's outer trim (pixels and clipping boxes) and a spaced grid keeps each
card's whole bleed."""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from pathlib import Path

import pdfplumber
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from pypdf import PdfReader

from cardgen.printing.imposition import Face, fold_pdf, home_pdf
from cardgen.printing.marks import CROP_MARKS, MarkStyle
from cardgen.printing.paper import Orientation
from cardgen.printing.sheets import fold_sheet, home_grid
from cardgen.project import Project
from cardgen.render.game import geometry
from cardgen.render.renderer import drawable_layouts
from tests.conftest import ROOT
from tests.printing.pdf_geometry import Box, Stroke, drawn_images, overlaps, page_ink

MM = 72 / 25.4
GAMES = ["shards", "splatterkins", "splatoon", "blublers", "yokai-sketch"]
MODES = ["long", "short", "none", "cut-lines", "gap-0", "gap-2", "gutterfold"]


@functools.cache
def example(game: str) -> tuple[str, int, tuple[float, float], float]:
    """A game's name, how many cards its box prints, its cards' trim and bleed (pt); read
    once a run (the tests build some 130 PDFs of the five games)."""
    project = Project(ROOT)
    pack = project.game(game)
    layouts = drawable_layouts(ROOT, pack)
    sizes = set()
    for card in pack.cards:
        shape = geometry(layouts.for_type(card.type))
        sizes.add((*(round(v, 6) for v in shape.trim_pt), round(shape.bleed_pt, 6)))
    assert len(sizes) == 1, sizes  # each example prints one card size
    ((w, h, bleed),) = sizes
    return pack.game.name, sum(c.copies for c in pack.cards), (w, h), bleed


def faces(folder: Path, count: int, size: tuple[float, float], bleed: float) -> list[Face]:
    """`count` faces with tiny generated images (a front colour each, one back)."""
    folder.mkdir(parents=True, exist_ok=True)
    back = folder / "back.png"
    Image.new("RGB", (6, 8), (30, 30, 90)).save(back)
    made = []
    for n in range(count):
        front = folder / f"f{n % 7}.png"
        if not front.exists():
            Image.new("RGB", (6, 8), (200, 30 * (n % 7), 40)).save(front)
        made.append(Face(f"card {n}", front, back, size[0], size[1], bleed, bleed))
    return made


def sample(count: int, per_page: int) -> int:
    """A full sheet and the game's own last sheet: every kind of page its PDF holds."""
    last = count % per_page or per_page
    return per_page + last if count > per_page else count


def build(
    folder: Path,
    game: str,
    paper: str,
    mode: str,
    orientation: Orientation = "portrait",
    marks: MarkStyle = CROP_MARKS,
) -> tuple[bytes, float, set[int]]:
    """The PDF of `game` in `mode`, its cards' bleed, and which pages are fronts."""
    title, count, size, bleed = example(game)
    if mode == "gutterfold":
        per_page = fold_sheet(paper, *size).per_page
        data, pages = fold_pdf(
            faces(folder, sample(count, per_page), size, bleed),
            paper=paper,
            title=title,
            author=title,
            marks=marks,
        )
        return data.to_bytes(), bleed, set(range(pages))
    gap = float(mode.removeprefix("gap-")) * MM if mode.startswith("gap-") else None
    per_page = home_grid(paper, *size, gap=gap, bleed=bleed, orientation=orientation).per_page
    duplex = mode if mode in ("long", "short", "none") else "long"
    data, pages = home_pdf(
        faces(folder, sample(count, per_page), size, bleed),
        paper=paper,
        duplex=duplex,  # type: ignore[arg-type]
        cut_lines=mode == "cut-lines",
        back_offset=(0.0, 0.0),
        title=title,
        author=title,
        gap=gap,
        orientation=orientation,
        marks=marks,
    )
    step = 1 if duplex == "none" else 2
    return data.to_bytes(), bleed, set(range(0, pages, step))


def trims(boxes: Sequence[Box], bleed: float) -> list[Box]:
    return [(b[0] + bleed, b[1] + bleed, b[2] - bleed, b[3] - bleed) for b in boxes]


def distinct(values: list[float]) -> list[float]:
    found: list[float] = []
    for value in sorted(values):
        if not found or value - found[-1] > 0.01:
            found.append(value)
    return found


def marked(
    edge: float, vertical: bool, marks: list[Stroke], cards: list[Box], shortest: float = 1.5 * MM
) -> bool:
    """Whether a black line at least `shortest` long lies on `edge`, off every card."""
    for mark in marks:
        on = abs(mark.x0 - edge) < 0.01 and abs(mark.x1 - edge) < 0.01
        if not vertical:
            on = abs(mark.y0 - edge) < 0.01 and abs(mark.y1 - edge) < 0.01
        long = abs(mark.y1 - mark.y0) if vertical else abs(mark.x1 - mark.x0)
        if on and long >= shortest - 0.01 and not any(overlaps(mark.box, c) for c in cards):
            return True
    return False


def check_pdf(
    pdf: bytes,
    bleed: float,
    fronts: set[int],
    spaced: bool,
    *,
    text: bool,
    style: MarkStyle = CROP_MARKS,
) -> None:
    """Every page: no mark, halo, guide or fold line crosses a character, the ruler or a
    card, or comes within 3 mm of the paper's edge; every front page: each distinct x and
    y of a card's edge has a black mark on it at least 1.5 mm long (or the style's length,
    if shorter), or none at all when the style draws none (with `text`, every page has
    some text)."""
    reader = PdfReader(io.BytesIO(pdf))
    with pdfplumber.open(io.BytesIO(pdf)) as read:
        for number in range(len(reader.pages)):
            width, height = (float(v) for v in reader.pages[number].mediabox[2:])
            cards = trims([d.box for d in drawn_images(reader, number)], bleed)
            lines, chars = page_ink(read, number)
            ruler = [s for s in lines if s.grey == 0 and s.width == 0.5]
            drawn = [s for s in lines if s not in ruler]
            assert chars or not text, number
            keep_off = list(chars) + list(cards)
            if ruler:
                keep_off.append(
                    (
                        min(r.x0 for r in ruler),
                        min(r.y0 for r in ruler) - 0.25,
                        max(r.x1 for r in ruler),
                        max(r.y1 for r in ruler) + 0.25,
                    )
                )
            for line in drawn:
                assert not any(overlaps(line.box, box) for box in keep_off), (number, line)
                assert min(line.box[:2]) >= 3 * MM - 0.01, (number, line)
                assert line.box[2] <= width - 3 * MM + 0.01, (number, line)
                assert line.box[3] <= height - 3 * MM + 0.01, (number, line)
            if number not in fronts:
                continue
            marks = [s for s in drawn if s.grey == 0 and s.width == 0.4]
            if not style.drawn:
                assert not marks, number
                continue
            shortest = min(1.5 * MM, style.length)
            xs = distinct([v for c in cards for v in (c[0], c[2])])
            ys = distinct([v for c in cards for v in (c[1], c[3])])
            if spaced:  # two cuts a column
                assert len(xs) == 2 * len(distinct([c[0] for c in cards])), number
            for x in xs:
                assert marked(x, True, marks, cards, shortest), (number, "x", x / MM)
            for y in ys:
                assert marked(y, False, marks, cards, shortest), (number, "y", y / MM)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_cut_has_a_mark_that_crosses_no_text(tmp_path: Path, game: str, paper: str) -> None:
    """Each example game's own card size, bleed, name and last sheet, in every mode."""
    for mode in MODES:
        pdf, bleed, fronts = build(tmp_path / mode, game, paper, mode)
        check_pdf(pdf, bleed, fronts, mode.startswith("gap-"), text=True)


@pytest.mark.parametrize(
    ("game", "paper", "orientation", "marks", "no_band"),
    [
        ("shards", "a3", "auto", (4, 1), ()),  # landscape 6 x 3
        ("splatterkins", "legal", "landscape", (6, 2), ()),
        ("splatoon", "tabloid", "portrait", (2, 0), ()),
        # --gap 2 on landscape A4 (4 x 2): centred, 11.9 mm above and below the trims, short
        # of the 12.5 mm a line of text needs; the grid is lowered to make room on top
        ("blublers", "a4", "landscape", (8, 3.2), ()),
        ("yokai-sketch", "letter", "landscape", (1, 0.5), ()),
        ("shards", "170x240mm", "auto", (3, 1), ()),
        ("splatoon", "8.5x11in", "auto", None, ()),
        ("blublers", "tabloid", "landscape", (10, 5), ()),
    ],
)
def test_every_cut_has_a_mark_on_every_paper_way_round_and_mark_style(
    tmp_path: Path,
    game: str,
    paper: str,
    orientation: Orientation,
    marks: tuple[float, float] | None,
    no_band: tuple[str, ...],
) -> None:
    """The new papers, landscape sheets and crop marks of other lengths and offsets (mm)
    or none, in every mode: marks on every cut, off cards, text, the ruler and the last
    3 mm; every page has its caption where the margins hold a line of text."""
    style = MarkStyle(drawn=False) if marks is None else MarkStyle(marks[0] * MM, marks[1] * MM)
    for mode in MODES:
        pdf, bleed, fronts = build(tmp_path / mode, game, paper, mode, orientation, style)
        text = mode not in no_band
        check_pdf(pdf, bleed, fronts, mode.startswith("gap-"), text=text, style=style)


@settings(max_examples=30, deadline=None)
@given(
    size=st.tuples(st.floats(25, 190), st.floats(30, 270)),
    bleed=st.sampled_from([0.0, 2.0, 3.175, 5.0]),
    count=st.integers(1, 14),
    paper=st.one_of(
        st.sampled_from(["a4", "letter", "a3", "legal", "tabloid"]),
        st.tuples(st.integers(100, 450), st.integers(100, 450)).map(
            lambda s: f"{min(s)}x{max(s)}mm"
        ),
    ),
    duplex=st.sampled_from(["long", "short", "none"]),
    gap=st.one_of(st.none(), st.floats(0, 8)),
    cut_lines=st.booleans(),
    orientation=st.sampled_from(["portrait", "landscape", "auto"]),
    marks=st.one_of(
        st.just(CROP_MARKS),
        st.just(MarkStyle(drawn=False)),
        st.builds(
            MarkStyle,
            st.floats(1, 15).map(lambda v: v * MM),
            st.floats(0, 10).map(lambda v: v * MM),
        ),
    ),
)
def test_any_card_size_gets_a_mark_on_every_cut(
    tmp_path_factory: pytest.TempPathFactory,
    size: tuple[float, float],
    bleed: float,
    count: int,
    paper: str,
    duplex: str,
    gap: float | None,
    cut_lines: bool,
    orientation: Orientation,
    marks: MarkStyle,
) -> None:
    """Generated card sizes (mm), bleeds, counts, papers (named and custom), ways round,
    crop mark lengths and offsets, and modes; a size that leaves no margin band may print
    no caption, but its cuts still have their marks."""
    trim = (size[0] * MM, size[1] * MM)
    spacing = None if gap is None else gap * MM
    try:
        home_grid(paper, *trim, gap=spacing, bleed=bleed * MM, orientation=orientation)
    except ValueError:
        return  # too big for the paper: `cardgen pnp` says so (tested in test_pnp.py)
    folder = tmp_path_factory.mktemp("cards")
    data, pages = home_pdf(
        faces(folder, count, trim, bleed * MM),
        paper=paper,
        duplex=duplex,  # type: ignore[arg-type]
        cut_lines=cut_lines,
        back_offset=(0.0, 0.0),
        title="Generated",
        author="Generated",
        gap=spacing,
        orientation=orientation,
        marks=marks,
    )
    fronts = set(range(0, pages, 1 if duplex == "none" else 2))
    spaced = gap is not None and gap + 2 * bleed > 0.01
    check_pdf(data.to_bytes(), bleed * MM, fronts, spaced, text=False, style=marks)
