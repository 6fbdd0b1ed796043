"""The rulebook PDF read back as a reader and a printer see it: page size, every paragraph's
text in order, the table's cells, the image and its aspect ratio, page numbers, bookmarks,
metadata, the same bytes from the same input, and pixels on the page."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pdfplumber
import pypdf
import pytest
import reportlab
from PIL import Image, ImageFont

from cardgen.rulebook.pdf import rulebook_pdf
from tests.rulebook.raster import dark_pixels, rasterised

MM = 72 / 25.4
A4 = (210 * MM, 297 * MM)
LETTER = (8.5 * 72, 11 * 72)
FRENCH = "Chaque joueur pioche « cinq cartes » ; l’œuvre du héros coûte trois pièces à l’été"
PARAGRAPHS = [
    "The river kings gather their crews before the flood season begins",
    FRENCH,
    "Shuffle the market deck and reveal four cards in a row",
    "A player who cannot pay discards a card instead",
]
RULES = f"""# Overview

{PARAGRAPHS[0]}. Each crew sails *alone* and **trades** with `ports`.

{FRENCH}.

## Setup

{PARAGRAPHS[2]}.

1. Give each player a board
2. Deal the starting hands
   - one Captain
   - two Sailors

| Card | Cost | Power |
|:-----|-----:|:-----:|
| Galleon | 5 | 9 |
| Skiff | 1 | 2 |

![a ship](art/ship.png)

### Paying

> {PARAGRAPHS[3]}.

## Winning

The richest crew wins.
"""


def _art(base: Path) -> None:
    """A 400 x 200 picture (aspect ratio 2) beside the rules."""
    (base / "art").mkdir(exist_ok=True)
    Image.new("RGB", (400, 200), (30, 90, 160)).save(base / "art" / "ship.png")


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The rules on A4 and on Letter, rendered once for the module."""
    base = tmp_path_factory.mktemp("rules")
    _art(base)
    return {
        paper: rulebook_pdf(
            RULES, title="River Kings", language="fr", base=base, paper=paper, booklet=False
        )
        for paper in ("a4", "letter")
    }


def _text(pdf: bytes) -> str:
    """Every page's text in one line, as a reader copies it (lines joined)."""
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        pages = [page.extract_text() or "" for page in document.pages]
    return re.sub(r"\s+", " ", re.sub(r"-\n", "", "\n".join(pages)))


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_every_page_is_the_paper_size(
    rendered: dict[str, bytes], paper: str, size: tuple[float, float]
) -> None:
    reader = pypdf.PdfReader(io.BytesIO(rendered[paper]))
    assert len(reader.pages) >= 2
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(size[0], abs=0.1)
        assert float(page.mediabox.height) == pytest.approx(size[1], abs=0.1)


def test_every_paragraph_is_there_in_order(rendered: dict[str, bytes]) -> None:
    text = _text(rendered["a4"])
    expected = ["River Kings", "Overview", *PARAGRAPHS[:2], "Setup", PARAGRAPHS[2]]
    expected += ["Give each player a board", "Deal the starting hands", "one Captain"]
    expected += ["two Sailors", "Paying", PARAGRAPHS[3], "Winning", "The richest crew wins"]
    at = 0
    for piece in expected:
        found = text.find(piece, at)
        assert found >= 0, f"{piece!r} missing after position {at}: {text[at : at + 200]!r}"
        at = found + len(piece)
    assert "Each crew sails alone and trades with ports" in text


def test_the_table_has_its_header_and_cells(rendered: dict[str, bytes]) -> None:
    with pdfplumber.open(io.BytesIO(rendered["a4"])) as document:
        tables = [table for page in document.pages for table in page.extract_tables()]
    assert tables == [[["Card", "Cost", "Power"], ["Galleon", "5", "9"], ["Skiff", "1", "2"]]]


def test_the_image_keeps_its_aspect_ratio(rendered: dict[str, bytes]) -> None:
    with pdfplumber.open(io.BytesIO(rendered["a4"])) as document:
        images = [image for page in document.pages for image in page.images]
        width = document.pages[0].width
    assert len(images) == 1
    image = images[0]
    assert image["srcsize"] == (400, 200)
    shown_w, shown_h = image["x1"] - image["x0"], image["bottom"] - image["top"]
    assert shown_w / shown_h == pytest.approx(2.0, rel=0.005)
    assert shown_w <= width


def test_a_wide_image_is_scaled_to_the_column(tmp_path: Path) -> None:
    Image.new("RGB", (1800, 300), "white").save(tmp_path / "wide.png", dpi=(72, 72))
    pdf = rulebook_pdf(
        "![wide](wide.png)", title="T", language="en", base=tmp_path, paper="a4", booklet=False
    )
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[1]
        (image,) = page.images
    assert image["x1"] - image["x0"] == pytest.approx(170 * MM, abs=0.1)  # the 20 mm margins
    assert (image["x1"] - image["x0"]) / (image["bottom"] - image["top"]) == pytest.approx(
        6, rel=0.01
    )


def test_pages_after_the_cover_carry_their_number_at_the_foot(rendered: dict[str, bytes]) -> None:
    with pdfplumber.open(io.BytesIO(rendered["a4"])) as document:
        for number, page in enumerate(document.pages, start=1):
            foot = [w["text"] for w in page.extract_words() if w["top"] > page.height - 20 * MM]
            assert foot == ([] if number == 1 else [str(number)])
            assert page.extract_words()


def test_the_headings_are_the_outline_and_the_metadata_is_set(rendered: dict[str, bytes]) -> None:
    reader = pypdf.PdfReader(io.BytesIO(rendered["a4"]))

    def titles(items: list[object]) -> list[object]:
        return [titles(i) if isinstance(i, list) else i.title for i in items]  # type: ignore[attr-defined]

    assert titles(reader.outline) == ["Overview", ["Setup", ["Paying"], "Winning"]]
    assert reader.metadata is not None and reader.metadata.title == "River Kings"
    assert reader.trailer["/Root"]["/Lang"] == "fr"
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_the_text_font_has_every_french_and_typographic_glyph(rendered: dict[str, bytes]) -> None:
    """The fonts are embedded, and the font they come from draws every character of the
    French text (checked with FreeType on ReportLab's own Vera file: no missing box)."""
    reader = pypdf.PdfReader(io.BytesIO(rendered["a4"]))
    names: set[str] = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = (
                font.get("/FontDescriptor")
                or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            )
            assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
            names.add(str(font["/BaseFont"]).split("+")[-1].lstrip("/"))
    assert {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold", "CardgenRulebookMono"} <= names
    assert names <= {
        "BitstreamVeraSans-Roman",
        "BitstreamVeraSans-Bold",
        "BitstreamVeraSans-Oblique",
        "BitstreamVeraSans-BoldOblique",
        "CardgenRulebookMono",
    }
    vera = ImageFont.truetype(str(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"), 32)
    box = vera.getmask("\ue000").getbbox(), bytes(vera.getmask("\ue000"))
    for char in set(FRENCH + "“”…—€") - {" "}:
        assert (vera.getmask(char).getbbox(), bytes(vera.getmask(char))) != box, char


def test_characters_without_a_glyph_are_written_with_the_nearest(tmp_path: Path) -> None:
    pdf = rulebook_pdf(
        "Go\u202f! Then → next.", title="T", language="fr", base=tmp_path, paper="a4", booklet=False
    )
    assert "Go ! Then -> next." in _text(pdf).replace("\xa0", " ")


@pytest.mark.parametrize(
    "source",
    [
        "<div>raw *html*</div>\n\n<span>inline</span> text",
        "*unclosed **mixed* `x` ![remote](https://example.com/a.png) ![gone](gone.png)",
        "| a |\n|---|\n",
        "###### six\n\n1) one\n\n7. seven\n\n> > deep\n> quote\n\n    indented code",
        "[x](javascript:alert) <b>&amp; & < > \" '</b> \\* ![out](../../etc/passwd)",
        "- [ ] task\n- \n\n---\n***\n\n```python\nprint('é ✓')\n```",
        "# \n\n## \u0000 nul",
        "- item\n\n  > a quote in a list\n\n  | t | u |\n  |---|---|\n  | 1 | 2 |\n",
        "| a | b |\n|---|---|\n| " + "a cell taller than a page " * 600 + " | x |\n",
        "".join("> " * depth + "- deeper\n" for depth in range(40)),
        "# " + "B" * 2000 + "\n\nafter a heading of one word taller than the page",
        "| " + "Y" * 3000 + " | header taller than a page |\n|---|---|\n| x | y |\n",
        "999999999. " + "Z" * 1500 + "\n1. a list item wider and taller than the page\n",
    ],
)
def test_what_the_pdf_cannot_draw_does_not_stop_it(tmp_path: Path, source: str) -> None:
    for booklet in (False, True):
        pdf = rulebook_pdf(
            source,
            title="Odd <& Input>",
            language="en",
            base=tmp_path,
            paper="letter",
            booklet=booklet,
        )
        assert pdf.startswith(b"%PDF") and len(pypdf.PdfReader(io.BytesIO(pdf)).pages) >= 1


def test_degraded_input_keeps_its_words(tmp_path: Path) -> None:
    source = "<div>raw html</div>\n\nSee ![the map](gone.png) and [site](https://example.com)."
    text = _text(
        rulebook_pdf(source, title="T", language="en", base=tmp_path, paper="a4", booklet=False)
    )
    assert "<div>raw html</div>" in text
    assert "[the map]" in text
    assert "site (https://example.com)" in text


def test_same_input_same_bytes_wherever_the_project_lies(
    tmp_path: Path, rendered: dict[str, bytes]
) -> None:
    moved = tmp_path / "elsewhere" / "project"
    moved.mkdir(parents=True)
    _art(moved)
    again = rulebook_pdf(
        RULES, title="River Kings", language="fr", base=moved, paper="a4", booklet=False
    )
    assert again == rendered["a4"]


def test_a_page_rasterised_shows_text(tmp_path: Path, rendered: dict[str, bytes]) -> None:
    page = rasterised(rendered["a4"], 2, tmp_path)
    assert page.width == pytest.approx(210 / 25.4 * 60, abs=1)
    assert page.height == pytest.approx(297 / 25.4 * 60, abs=1)
    assert dark_pixels(page, (0, 0, page.width, page.height // 3), below=128) > 500


def test_a_table_too_wide_for_the_page_is_written_as_lines(tmp_path: Path) -> None:
    header = "| " + " | ".join(f"c{n}" for n in range(40)) + " |\n|" + "---|" * 40 + "\n"
    source = header + "| " + " | ".join(f"v{n}" for n in range(40)) + " |\n"
    text = _text(
        rulebook_pdf(source, title="T", language="en", base=tmp_path, paper="a4", booklet=False)
    )
    assert "c0 | c1 | c2" in text and "v38 | v39" in text


def test_a_heading_longer_than_a_page_keeps_one_bookmark(tmp_path: Path) -> None:
    source = "# " + "endless heading " * 900 + "\n\nAfter it.\n\n## Next"
    reader = pypdf.PdfReader(
        io.BytesIO(
            rulebook_pdf(source, title="T", language="en", base=tmp_path, paper="a4", booklet=False)
        )
    )
    assert len(reader.pages) > 3
    top = [item for item in reader.outline if not isinstance(item, list)]
    assert len(top) == 1 and top[0].title.startswith("endless heading endless")
    assert reader.get_destination_page_number(top[0]) == 1
    assert [item.title for item in reader.outline[1]] == ["Next"]


def test_a_title_longer_than_the_cover_runs_on(tmp_path: Path) -> None:
    pdf = rulebook_pdf(
        "Rules.", title="A" * 3000, language="en", base=tmp_path, paper="a4", booklet=False
    )
    text = _text(pdf)
    assert text.count("A") == 3000 and text.rstrip(" 0123456789").endswith("Rules.")


def test_a_list_s_numbers_never_run_into_its_text(tmp_path: Path) -> None:
    source = "99998. first\n99999. second\n\n1. third\n"
    pdf = rulebook_pdf(source, title="T", language="en", base=tmp_path, paper="a4", booklet=False)
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        words = {w["text"]: w for w in document.pages[1].extract_words()}
    assert words["99998."]["x1"] < words["first"]["x0"]
    assert words["99999."]["x1"] < words["second"]["x0"]
    assert words["100000."]["x1"] < words["third"]["x0"]  # CommonMark: the list goes on
    assert words["first"]["x0"] == pytest.approx(words["third"]["x0"], abs=0.01)


def _idat(path: Path) -> bytes:
    """A PNG file's compressed pixels: the data of its IDAT chunks, in order."""
    data, at, found = path.read_bytes(), 8, b""
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        if data[at + 4 : at + 8] == b"IDAT":
            found += data[at + 8 : at + 8 + length]
        at += 12 + length
    return found


def test_images_of_every_kind_keep_their_shape_and_a_plain_png_goes_in_as_it_is(
    tmp_path: Path,
) -> None:
    Image.new("RGB", (300, 450), (200, 30, 30)).save(tmp_path / "plain.png")
    Image.new("RGBA", (500, 250), (30, 200, 30, 128)).save(tmp_path / "clear.png")
    Image.new("RGB", (240, 320), (30, 30, 200)).save(tmp_path / "photo.jpg", quality=90)
    source = "![a](plain.png)\n\n![b](clear.png)\n\n![c](photo.jpg)"
    pdf = rulebook_pdf(source, title="T", language="en", base=tmp_path, paper="a4", booklet=False)
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        images = [image for page in document.pages for image in page.images]
    sizes = [image["srcsize"] for image in images]
    assert sizes == [(300, 450), (500, 250), (240, 320)]
    for image, (width, height) in zip(images, sizes, strict=True):
        shown = (image["x1"] - image["x0"]) / (image["bottom"] - image["top"])
        assert shown == pytest.approx(width / height, rel=0.005)
    assert _idat(tmp_path / "plain.png") in pdf
    booklet = rulebook_pdf(
        source, title="T", language="en", base=tmp_path, paper="a4", booklet=True
    )
    with pdfplumber.open(io.BytesIO(booklet)) as document:
        assert sorted(i["srcsize"] for page in document.pages for i in page.images) == sorted(sizes)


@pytest.mark.parametrize(
    "after",
    ["- **one**: a\n- **two**: b", "![ship](art/ship.png)", "A paragraph after it.", "#### Sub"],
)
def test_a_heading_is_never_left_at_the_foot_of_a_page(tmp_path: Path, after: str) -> None:
    """Wherever the text before it ends, the heading shares its page with what follows."""
    _art(tmp_path)
    for lines in range(28, 40):
        source = "\n\n".join(["Filler line of text."] * lines) + f"\n\n### Pioches\n\n{after}"
        pdf = rulebook_pdf(
            source, title="T", language="fr", base=tmp_path, paper="a4", booklet=False
        )
        with pdfplumber.open(io.BytesIO(pdf)) as document:
            for page in document.pages:
                words = [w for w in page.extract_words() if w["top"] < page.height - 20 * MM]
                if "Pioches" not in [w["text"] for w in words]:
                    continue
                if after.startswith("!"):  # the image below it on its page
                    (image,) = page.images
                    heading = next(w for w in words if w["text"] == "Pioches")
                    assert image["top"] > heading["bottom"], lines
                else:
                    assert words[-1]["text"] != "Pioches", lines
