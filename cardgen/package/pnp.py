"""`cardgen pnp`: print-and-play PDFs at exact size, with crop marks and duplex backs.

Home sheets put as many cards as fit on A4 or Letter, butted in a centred grid, each clipped
to its trim; crop marks sit in the margins, never on a card and never within 6 mm of the
paper's edge; the first page carries a 50 mm ruler to check the scale. In duplex, each front
page is followed by its back page with every back at the mirrored position (long edge:
x mirrored; short edge: y mirrored), shifted by `--back-offset` to cancel a printer's own
offset. Gutterfold puts the backs beside the fronts, mirrored across a fold line. Print-shop
presets put one face per page at trim + bleed, in the shop's order.
"""

from __future__ import annotations

import io
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.cache import Cache, digest
from cardgen.errors import CardgenError
from cardgen.load.game import GamePack
from cardgen.manifest import record, record_for_game
from cardgen.outputs import game_folder, output_folder
from cardgen.package.pdf import FONT, FONT_BOLD, PdfData, draw_card_image, finish, print_canvas
from cardgen.package.poster import OVERLAP, poster_pdf
from cardgen.package.sheets import (
    NO_INK,
    PAPERS,
    Duplex,
    Grid,
    Rect,
    fold_sheet,
    home_grid,
    mirrored,
)
from cardgen.project import Project
from cardgen.render.game import RenderResult
from cardgen.write import Writer, slug

Printer = Literal["home", "tgc", "mpc", "drivethru"]
MARK_GAP = 1.5 * mm
MARK_LENGTH = 4 * mm
MARK_WIDTH = 0.4


@dataclass(frozen=True, slots=True)
class Face:
    """One printed copy of a card: its front and back images and their geometry (pt)."""

    name: str
    front: Path
    back: Path | None
    trim_w: float
    trim_h: float
    bleed: float
    back_bleed: float
    key: str = ""
    """The content key of the front and back images (for the PDF cache)."""


@dataclass
class PnpResult:
    """What a PDF holds."""

    path: Path
    pages: int
    cards: int
    notes: list[str] = field(default_factory=list)


def _size_groups(faces: Sequence[Face]) -> list[list[Face]]:
    groups: dict[tuple[float, float], list[Face]] = {}
    for face in faces:
        groups.setdefault((round(face.trim_w, 2), round(face.trim_h, 2)), []).append(face)
    return list(groups.values())


def _label(canvas: Canvas, text: str, page_w: float, page_h: float, grid_rect: Rect) -> None:
    """A short line of text in a margin, clear of the no-ink border and of the cards: below
    the cards when there is room, else turned along the right-hand margin."""
    canvas.setFillGray(0.25)
    canvas.setFont(FONT, 6.5)
    if grid_rect.y - NO_INK >= 3 * mm:
        canvas.drawCentredString(page_w / 2, NO_INK + 0.5 * mm, text)
        return
    if page_w - NO_INK - grid_rect.right >= 3 * mm:
        canvas.saveState()
        canvas.translate(page_w - NO_INK - 0.5 * mm, page_h / 2)
        canvas.rotate(90)
        canvas.drawCentredString(0, 0, text)
        canvas.restoreState()


def _crop_marks(
    canvas: Canvas,
    xs: Sequence[float],
    ys: Sequence[float],
    area: Rect,
    page_w: float,
    page_h: float,
) -> None:
    """Marks on every trim edge, outside `area` (the cards), inside the printable zone."""
    canvas.setStrokeGray(0)
    canvas.setLineWidth(MARK_WIDTH)
    room_top = page_h - NO_INK - area.top - MARK_GAP
    room_side = area.x - NO_INK - MARK_GAP
    if room_top >= 1 * mm:
        length = min(MARK_LENGTH, room_top)
        for x in xs:
            canvas.line(x, area.top + MARK_GAP, x, area.top + MARK_GAP + length)
            canvas.line(x, area.y - MARK_GAP, x, area.y - MARK_GAP - length)
    if room_side >= 1 * mm:
        length = min(MARK_LENGTH, room_side)
        for y in ys:
            canvas.line(area.x - MARK_GAP, y, area.x - MARK_GAP - length, y)
            canvas.line(area.right + MARK_GAP, y, area.right + MARK_GAP + length, y)


def _cut_lines(
    canvas: Canvas, xs: Sequence[float], ys: Sequence[float], page_w: float, page_h: float
) -> None:
    """Full-length guide lines beneath the cards (they show only in the margins)."""
    canvas.saveState()
    canvas.setStrokeGray(0.6)
    canvas.setLineWidth(0.3)
    canvas.setDash(3, 2)
    for x in xs:
        canvas.line(x, NO_INK, x, page_h - NO_INK)
    for y in ys:
        canvas.line(NO_INK, y, page_w - NO_INK, y)
    canvas.restoreState()


def _ruler(canvas: Canvas, area: Rect, page_w: float, page_h: float) -> None:
    """A 50 mm scale bar with millimetre ticks in a margin, and how to print."""
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    canvas.setLineWidth(0.5)
    room_top = page_h - NO_INK - area.top
    if room_top >= 6 * mm:
        x0, y0 = page_w / 2 - 25 * mm, page_h - NO_INK - 2.5 * mm
        canvas.line(x0, y0, x0 + 50 * mm, y0)
        for i in range(0, 51, 5):
            tick = 2 * mm if i % 10 == 0 else 1 * mm
            canvas.line(x0 + i * mm, y0, x0 + i * mm, y0 - tick)
        canvas.setFont(FONT, 6)
        canvas.drawString(
            x0 + 51.5 * mm, y0 - 1.5 * mm, "50 mm: print at 100 % (Actual size), never Fit to page"
        )
    else:
        x0, y0 = NO_INK + 0.5 * mm, page_h / 2 - 25 * mm
        canvas.line(x0, y0, x0, y0 + 50 * mm)
        for i in range(0, 51, 5):
            tick = 2 * mm if i % 10 == 0 else 1 * mm
            canvas.line(x0, y0 + i * mm, x0 + tick, y0 + i * mm)
        canvas.translate(x0 + 4.5 * mm, y0 + 52 * mm)
        canvas.rotate(90)
        canvas.setFont(FONT, 6)
        canvas.drawString(0, 0, "<- 50 mm: print at 100 % (Actual size)")
    canvas.restoreState()


def _grid_area(grid: Grid, used: int) -> Rect:
    rows = math.ceil(used / grid.cols)
    top = grid.bottom + grid.rows * grid.card_h
    return Rect(grid.left, top - rows * grid.card_h, grid.cols * grid.card_w, rows * grid.card_h)


def home_pdf(
    faces: Sequence[Face],
    *,
    paper: str,
    duplex: Duplex,
    cut_lines: bool,
    back_offset: tuple[float, float],
    title: str,
    author: str,
) -> tuple[PdfData, int]:
    """Home sheets: butted grids, crop marks, ruler, and duplex back pages."""
    buffer = io.BytesIO()
    canvas = print_canvas(
        buffer,
        PAPERS[paper],
        title=title,
        author=author,
        subject=f"Print-and-play sheets, {paper.upper()}, duplex {duplex}",
        duplex=duplex,
    )
    pages = 0
    page_w, page_h = PAPERS[paper]
    flip = {
        "long": "flip on the LONG edge",
        "short": "flip on the SHORT edge",
        "none": "single-sided",
    }[duplex]
    for group in _size_groups(faces):
        grid = home_grid(paper, group[0].trim_w, group[0].trim_h)
        for start in range(0, len(group), grid.per_page):
            chunk = group[start : start + grid.per_page]
            area = _grid_area(grid, len(chunk))
            if cut_lines:
                _cut_lines(
                    canvas,
                    grid.column_edges(),
                    [e for e in grid.row_edges() if e >= area.y - 0.01],
                    page_w,
                    page_h,
                )
            for index, face in enumerate(chunk):
                slot = grid.slot(index)
                draw_card_image(canvas, face.front, slot.x, slot.y, slot.w, slot.h, face.bleed)
            _crop_marks(
                canvas,
                grid.column_edges(),
                [e for e in grid.row_edges() if e >= area.y - 0.01],
                area,
                page_w,
                page_h,
            )
            if pages == 0:
                _ruler(canvas, area, page_w, page_h)
            front_number = pages + 1
            _label(
                canvas,
                f"{title} · sheet {start // grid.per_page + 1} front"
                + (f" · duplex: {flip}" if duplex != "none" else ""),
                page_w,
                page_h,
                area,
            )
            canvas.showPage()
            pages += 1
            if duplex == "none":
                continue
            dx, dy = back_offset
            for index, face in enumerate(chunk):
                if face.back is None:
                    continue
                slot = mirrored(grid.slot(index), page_w, page_h, duplex).shifted(dx, dy)
                draw_card_image(canvas, face.back, slot.x, slot.y, slot.w, slot.h, face.back_bleed)
            back_area = mirrored(area, page_w, page_h, duplex)
            _label(canvas, f"{title} · back of page {front_number}", page_w, page_h, back_area)
            canvas.showPage()
            pages += 1
    return finish(canvas, buffer), pages


def fold_pdf(faces: Sequence[Face], *, paper: str, title: str, author: str) -> tuple[PdfData, int]:
    """Gutterfold sheets: fronts left of the fold, their backs mirrored to the right."""
    buffer = io.BytesIO()
    pages = 0
    canvas: Canvas | None = None
    for group in _size_groups(faces):
        sheet = fold_sheet(paper, group[0].trim_w, group[0].trim_h)
        if canvas is None:
            canvas = print_canvas(
                buffer,
                (sheet.page_w, sheet.page_h),
                title=title,
                author=author,
                subject=f"Gutterfold sheets, {paper.upper()}",
            )
        canvas.setPageSize((sheet.page_w, sheet.page_h))
        for start in range(0, len(group), sheet.per_page):
            chunk = group[start : start + sheet.per_page]
            xs: set[float] = set()
            ys: set[float] = set()
            for index, face in enumerate(chunk):
                front, back = sheet.front(index), sheet.back(index)
                draw_card_image(canvas, face.front, front.x, front.y, front.w, front.h, face.bleed)
                if face.back is not None:
                    draw_card_image(
                        canvas, face.back, back.x, back.y, back.w, back.h, face.back_bleed
                    )
                xs.update((front.x, front.right, back.x, back.right))
                ys.update((front.y, front.top))
            top = max(ys)
            bottom = min(ys)
            left = min(xs)
            area = Rect(left, bottom, max(xs) - left, top - bottom)
            _crop_marks(canvas, sorted(xs), sorted(ys), area, sheet.page_w, sheet.page_h)
            canvas.saveState()
            canvas.setDash(4, 3)
            canvas.setStrokeGray(0.4)
            canvas.setLineWidth(0.5)
            canvas.line(
                sheet.fold_x,
                max(NO_INK, bottom - 5 * mm),
                sheet.fold_x,
                min(sheet.page_h - NO_INK, top + 5 * mm),
            )
            canvas.restoreState()
            if pages == 0:
                _ruler(canvas, area, sheet.page_w, sheet.page_h)
            _label(
                canvas,
                f"{title} · fold along the dashed line, backs to the outside",
                sheet.page_w,
                sheet.page_h,
                area,
            )
            canvas.showPage()
            pages += 1
    if canvas is None:
        canvas = print_canvas(buffer, PAPERS[paper], title=title, author=author, subject="")
    return finish(canvas, buffer), pages


SHOPS: dict[str, dict[str, object]] = {
    "tgc": {
        "order": "front-back",
        "bleed_px": 37.5,
        "note": "The Game Crafter: 825 x 1125 px a"
        " poker face (1/8 in bleed); upload the pages' images or this PDF as a proof.",
    },
    "mpc": {
        "order": "front-back",
        "bleed_px": 36,
        "note": "MakePlayingCards: 822 x 1122 px a poker face (0.12 in bleed).",
    },
    "drivethru": {
        "order": "back-front",
        "bleed_px": 37.5,
        "note": "DriveThruCards: one PDF a"
        " deck, back then front for every card, 1/8 in bleed. This is an RGB PDF, not"
        " PDF/X-1a: run your own preflight (CMYK, PDF/X) before uploading.",
    },
}


def shop_pdf(
    faces: Sequence[Face], *, printer: str, title: str, author: str
) -> tuple[PdfData, int, str]:
    """One face per page at trim + bleed (the shop's bleed), TrimBox and BleedBox set."""
    spec = SHOPS[printer]
    bleed = float(spec["bleed_px"]) * 72 / 300  # type: ignore[arg-type]
    buffer = io.BytesIO()
    first = faces[0]
    canvas = print_canvas(
        buffer,
        (first.trim_w + 2 * bleed, first.trim_h + 2 * bleed),
        title=title,
        author=author,
        subject=f"Print-shop file: {printer}",
    )
    pages = 0
    for face in faces:
        width, height = face.trim_w + 2 * bleed, face.trim_h + 2 * bleed
        sides = [(face.front, face.bleed), (face.back, face.back_bleed)]
        if spec["order"] == "back-front":
            sides.reverse()
        for image, image_bleed in sides:
            if image is None:
                continue
            canvas.setPageSize((width, height))
            canvas.setTrimBox((bleed, bleed, width - bleed, height - bleed))
            canvas.setBleedBox((0, 0, width, height))
            # the trim lands on the TrimBox; render bleed beyond the shop's is cut by the page
            draw_card_image(
                canvas, image, bleed, bleed, face.trim_w, face.trim_h, image_bleed, clip=False
            )
            canvas.showPage()
            pages += 1
    return finish(canvas, buffer), pages, str(spec["note"])


def calibration_pdf(*, paper: str, duplex: Duplex, title: str) -> bytes:
    """Two pages for measuring a printer's duplex offset.

    The front has a cross of squares; the back the same squares, each shifted by its label's
    offset in millimetres (in back-page coordinates, as `--back-offset` takes them). Print on
    the real paper, hold to a light, and read the label of the square that lines up.
    """
    page_w, page_h = PAPERS[paper]
    buffer = io.BytesIO()
    canvas = print_canvas(
        buffer,
        (page_w, page_h),
        title=title,
        author="cardgen",
        subject="Duplex calibration",
        duplex=duplex if duplex != "none" else "long",
    )
    side = 6 * mm
    steps = [-2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0]
    pitch = 18 * mm
    cx, cy = page_w / 2, page_h / 2
    cells = [(i, j) for i in range(len(steps)) for j in range(len(steps)) if i == 4 or j == 4]
    for back in (False, True):
        canvas.setFont(FONT_BOLD, 9)
        canvas.setFillGray(0)
        heading = (
            (
                "Back: find the square that lines up with the front's; its label is your"
                " --back-offset X,Y (mm)"
            )
            if back
            else ("Front: print both pages duplex at 100 %, then hold the sheet to a light")
        )
        canvas.drawCentredString(cx, page_h - NO_INK - 8 * mm, heading)
        for i, j in cells:
            dx, dy = steps[i], steps[j]
            x = cx + (i - 4) * pitch
            y = cy + (j - 4) * pitch
            if back:
                mx = page_w - x if duplex != "short" else x
                my = page_h - y if duplex == "short" else y
                x, y = mx + dx * mm, my + dy * mm
                canvas.setFillColorRGB(0.85, 0.1, 0.1)
            else:
                canvas.setFillGray(0)
            canvas.rect(x - side / 2, y - side / 2, side, side, stroke=0, fill=1)
            if back:
                canvas.setFont(FONT, 5.5)
                canvas.setFillGray(0)
                canvas.drawCentredString(x, y - side / 2 - 3 * mm, f"{dx:+.1f},{dy:+.1f}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _faces(
    project: Project,
    pack: GamePack,
    *,
    only: str | None,
    deck: Path | None,
    images: Path,
    jobs: int | None,
    rendered: RenderResult | None = None,
    names: Collection[str] | None = None,
) -> tuple[list[Face], str, str]:
    """Every printed copy: the whole box (every copy of every card), or one deck list."""
    from cardgen.check.select import parse_query, query_matches
    from cardgen.render.game import render_game

    counts: dict[str, int] = {}
    if deck is not None:
        from cardgen.load.decklist import load_deck

        parsed = load_deck(deck)
        counts = pack.deck_counts(parsed)
        label = parsed.name
        stem = slug(Path(parsed.path).stem)
    else:
        query = parse_query(only) if only else None
        counts = {c.name: c.copies for c in pack.cards if query_matches(c, query) and c.copies}
        label = pack.game.name
        stem = pack.id
    if names is not None:
        counts = {name: n for name, n in counts.items() if name in names}
        label, stem = f"{label} (changed cards)", f"{stem}-changed"
    if not counts:
        raise CardgenError(f"nothing to print: no card of {pack.game.name} is chosen")
    result = rendered or render_game(project, pack.id, images, names=set(counts), jobs=jobs)
    backs = {b["back"]: b for b in result.backs}
    faces: list[Face] = []
    for item in result.cards:
        back = backs.get(item["back"])
        face = Face(
            item["name"],
            Path(item["file"]),
            Path(back["file"]) if back else None,
            item["trim_pt"][0],
            item["trim_pt"][1],
            item["bleed_pt"],
            back["bleed_pt"] if back else 0.0,
            f"{item.get('key', '')}/{back.get('key', '') if back else ''}",
        )
        faces.extend([face] * counts[item["name"]])
    return faces, label, stem


def pnp(
    project: Project,
    game_id: str,
    out: Path | None = None,
    *,
    paper: str = "a4",
    duplex: Duplex = "long",
    cut_lines: bool = False,
    back_offset: tuple[float, float] = (0.0, 0.0),
    gutterfold: bool = False,
    printer: Printer = "home",
    only: str | None = None,
    deck: Path | None = None,
    jobs: int | None = None,
    rendered: RenderResult | None = None,
    cache: Cache | None = None,
    names: Collection[str] | None = None,
) -> PnpResult:
    """Write a print-and-play PDF of a game's box or of one deck list (from `rendered` card
    images when given; with a cache, a PDF whose cards and options did not change, and that
    is still as it was written, is left alone)."""
    pack = project.game(game_id)
    game_out = game_folder(project.root, pack.id)
    faces, label, stem = _faces(
        project,
        pack,
        only=only,
        deck=deck,
        images=game_out,
        jobs=jobs,
        rendered=rendered,
        names=names,
    )
    author = pack.game.name
    key = digest(
        "pdf",
        paper,
        duplex,
        cut_lines,
        back_offset,
        gutterfold,
        printer,
        label,
        author,
        [f.key or f.front.name for f in faces],
    )
    recorded = cache.stamp(key) if cache is not None else None
    if recorded is not None:
        target = out or game_out / str(recorded["default"])
        if str(target.resolve()) == recorded["path"]:
            record(game_out, [target])
            return PnpResult(target, int(recorded["pages"]), len(faces), list(recorded["notes"]))
    data, pages, default, notes = _make_pdf(
        faces,
        label,
        stem,
        author,
        paper=paper,
        duplex=duplex,
        cut_lines=cut_lines,
        back_offset=back_offset,
        gutterfold=gutterfold,
        printer=printer,
    )
    target = out or game_out / default
    written = Writer(target.parent).write_pieces_if_changed(target.name, data.size, data.chunks)
    record(game_out, [written])  # for `clean`, when it is the default place
    if cache is not None:
        cache.put_stamp(key, written, {"pages": pages, "default": default, "notes": notes})
    return PnpResult(written, pages, len(faces), notes)


def _make_pdf(
    faces: list[Face],
    label: str,
    stem: str,
    author: str,
    *,
    paper: str,
    duplex: Duplex,
    cut_lines: bool,
    back_offset: tuple[float, float],
    gutterfold: bool,
    printer: Printer,
) -> tuple[PdfData, int, str, list[str]]:
    if printer != "home":
        data, pages, note = shop_pdf(
            faces, printer=printer, title=f"{label} ({printer})", author=author
        )
        default = f"{stem}-{printer}.pdf"
        notes = [note]
    elif gutterfold:
        data, pages = fold_pdf(faces, paper=paper, title=label, author=author)
        default = f"{stem}-{paper}-gutterfold.pdf"
        notes = ["Print single-sided at 100 %, fold along the dashed line."]
    else:
        data, pages = home_pdf(
            faces,
            paper=paper,
            duplex=duplex,
            cut_lines=cut_lines,
            back_offset=(back_offset[0] * mm, back_offset[1] * mm),
            title=label,
            author=author,
        )
        mode = "simplex" if duplex == "none" else f"duplex-{duplex}"
        default = f"{stem}-{paper}-{mode}.pdf"
        notes = [
            f"Print at 100 % (Actual size); duplex: flip on the {duplex} edge."
            if duplex != "none"
            else "Print at 100 % (Actual size)."
        ]
    return data, pages, default, notes


def pnp_boards(
    project: Project, game_id: str, out: Path | None = None, *, paper: str = "a4"
) -> list[PnpResult]:
    """Each board of the game as a poster tiled over pages, with overlap and alignment marks."""
    from cardgen.check.game_checks import load_board
    from cardgen.render.board import board_image
    from cardgen.render.game import png_bytes

    pack = project.game(game_id)
    if not pack.game.boards:
        raise CardgenError(f"{pack.game.name} has no board to print")
    folder = out or game_folder(project.root, pack.id)
    writer = Writer(folder)
    results = []
    for ref in pack.game.boards:
        board, _ = load_board(pack, ref)
        dpi = 150
        image = board_image(board, dpi=dpi)
        picture = writer.write_if_changed(f"board-{ref.id}.png", png_bytes(image, dpi))
        size = (image.width * 72 / dpi, image.height * 72 / dpi)
        data, pages, grid = poster_pdf(
            picture,
            size,
            paper=paper,
            title=f"{pack.game.name}: {board.name}",
            author=pack.game.name,
        )
        path = writer.write_pieces_if_changed(
            f"board-{ref.id}-{paper}-poster.pdf", data.size, data.chunks
        )
        results.append(
            PnpResult(
                path, pages, 0, [f"{grid[0]} x {grid[1]} pages, overlap {OVERLAP / mm:.0f} mm"]
            )
        )
        record_for_game(project.root, pack.id, [picture, path])
    return results


def calibrate(
    project: Project, out: Path | None = None, *, paper: str = "a4", duplex: Duplex = "long"
) -> PnpResult:
    """The duplex calibration sheet."""
    data = calibration_pdf(paper=paper, duplex=duplex, title="cardgen duplex calibration")
    target = out or output_folder(project.root) / f"calibration-{paper}-{duplex}.pdf"
    return PnpResult(
        Writer(target.parent).write_if_changed(target.name, data),
        2,
        0,
        ["Print both pages duplex at 100 %; the square that lines up gives --back-offset X,Y."],
    )
