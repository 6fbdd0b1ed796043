"""A saddle-stitched booklet: the rulebook's half-sheet pages (A5 on A4, 5.5 x 8.5 in on
Letter), padded with blank pages to a multiple of four, imposed two-up on landscape sheets
so that the printed stack, folded in the middle and stapled on the fold, reads in order.

Sheet k (from 0) of a booklet of n pages carries on its front pages n - 2k (left) and
2k + 1 (right), on its back 2k + 2 (left) and n - 2k - 1 (right): for 8 pages, [8, 1]
[2, 7] then [6, 3] [4, 5]. The backs are laid out for a sheet turned over left to right,
which is how a printer's "flip on the short edge" turns a landscape sheet; for a printer
that flips on the long edge, `turn_backs` turns each back by 180 degrees. A short grey
mark at both ends of the fold shows where to fold (on the fronts: the booklet's outside).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import pikepdf

FOLD_MARK = 12.0
"""How long the fold marks are, in points, from the sheet's edges."""
_COPIED_INFO = (
    "/Title",
    "/Author",
    "/Subject",
    "/Creator",
    "/Producer",
    "/CreationDate",
    "/ModDate",
    "/Keywords",
)


@dataclass(frozen=True)
class OutlineEntry:
    """A bookmark of the rulebook: a heading's text, its depth and its page (from 1)."""

    title: str
    """The heading's text."""
    level: int
    """Its depth in the outline, from 0."""
    page: int
    """The page it is on, counted from 1."""


def half_sheet(sheet: tuple[float, float]) -> tuple[float, float]:
    """A booklet page's portrait size: half the portrait sheet, folded across its length."""
    width, height = sheet
    return (height / 2, width)


def padded(pages: int) -> int:
    """How many pages a booklet of `pages` pages has with its blank padding (a multiple of
    4: one sheet carries four pages)."""
    return max(4, -(-pages // 4) * 4)


def sides(pages: int) -> list[tuple[int, int]]:
    """The pages (from 1) on each printed side in print order, left then right: sheet 1's
    front, its back, sheet 2's front... for a booklet of `pages` pages (padded to 4)."""
    total = padded(pages)
    found: list[tuple[int, int]] = []
    for sheet in range(total // 4):
        found.append((total - 2 * sheet, 2 * sheet + 1))
        found.append((2 * sheet + 2, total - 2 * sheet - 1))
    return found


def impose(
    pages: bytes, sheet: tuple[float, float], outline: list[OutlineEntry], *, turn_backs: bool
) -> bytes:
    """The booklet's sheets (landscape `sheet`) from the PDF of its pages: each side two
    pages, the blank ones left empty, the fold marked, the metadata and the outline (each
    bookmark to the side its page is on) kept. Same pages, same bytes."""
    width, height = max(sheet), min(sheet)
    source = pikepdf.open(io.BytesIO(pages))
    count = len(source.pages)
    out = pikepdf.new()
    where: dict[int, int] = {}
    forms = [out.copy_foreign(page.as_form_xobject()) for page in source.pages]
    for index, side in enumerate(sides(count)):
        out.add_blank_page(page_size=(width, height))
        target = out.pages[index]
        placed = pikepdf.Dictionary()
        drawing = b""
        for slot, number in enumerate(side):
            if number <= count:
                name = pikepdf.Name(f"/Page{number}")
                placed[name] = forms[number - 1]
                box = pikepdf.Rectangle(slot * width / 2, 0, (slot + 1) * width / 2, height)
                drawing += target.calc_form_xobject_placement(forms[number - 1], name, box)
                where.setdefault(number, index)
        if index % 2 == 0:
            drawing += _fold_marks(width, height)
        elif turn_backs:
            target["/Rotate"] = 180
        target.Resources = pikepdf.Dictionary(XObject=placed)
        target.Contents = pikepdf.Stream(out, drawing)
    _copy_catalogue(source, out)
    _add_outline(out, outline, where)
    buffer = io.BytesIO()
    # the pages' streams come compressed; asked to compress, qpdf spends seconds a few
    # images take re-deflating them (3 s for six 750 x 1050 pictures), for the same bytes
    out.save(buffer, deterministic_id=True, compress_streams=False)
    return buffer.getvalue()


def _fold_marks(width: float, height: float) -> bytes:
    """PDF drawing operators for a short grey line at each end of the vertical fold."""
    middle = width / 2
    return (
        f" q 0.6 G 0.5 w {middle:.2f} 0 m {middle:.2f} {FOLD_MARK:.2f} l S"
        f" {middle:.2f} {height:.2f} m {middle:.2f} {height - FOLD_MARK:.2f} l S Q"
    ).encode("ascii")


def _copy_catalogue(source: pikepdf.Pdf, out: pikepdf.Pdf) -> None:
    """The pages' document information, language and viewer preferences on the booklet."""
    for key in _COPIED_INFO:
        if key in source.docinfo:
            out.docinfo[key] = source.docinfo[key]
    for key in ("/Lang", "/ViewerPreferences"):
        if key in source.Root:
            value = source.Root[key]
            out.Root[key] = out.copy_foreign(value) if value.is_indirect else value
    out.Root["/PageMode"] = pikepdf.Name.UseOutlines


def _add_outline(out: pikepdf.Pdf, outline: list[OutlineEntry], where: dict[int, int]) -> None:
    """The bookmarks, nested by level, each to the sheet side its page is on."""
    with out.open_outline() as tree:
        parents: list[pikepdf.OutlineItem] = []
        for entry in outline:
            item = pikepdf.OutlineItem(entry.title, where.get(entry.page, 0))
            del parents[entry.level :]
            (parents[-1].children if parents else tree.root).append(item)
            parents.append(item)
