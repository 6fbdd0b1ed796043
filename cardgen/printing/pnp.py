"""`cardgen pnp`: print-and-play PDFs at exact size, with crop marks and duplex backs.

Home sheets put as many cards as fit on A4 or Letter, butted in a centred grid with the
bleed showing on its outer edges, or `--gap` apart with each card's whole bleed; a crop mark
sits on every cut in the margins, never on a card, on a caption or on the ruler, and never
within 3 mm of the paper's edge; the first page carries a 50 mm ruler to check the scale.
In duplex, each front page is followed by its back page with every back at the mirrored
position (long edge: x mirrored; short edge: y mirrored and turned), shifted by
`--back-offset` to cancel a printer's own offset. Gutterfold puts the backs beside the
fronts, mirrored across a fold line. Print-shop presets put one face per page at trim +
bleed, in the shop's order (DriveThruCards' as PDF/X-1a); MakePlayingCards and The Game
Crafter get a PNG per face at their template's size instead.

This module chooses the cards and the file, and keeps a PDF that did not change; where the
cards go is `imposition`, what is printed around them `marks`, the shops' files `shops`
(`pdfx`, `shop_images`, `shop_decks`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm

from cardgen.cache import Cache, digest
from cardgen.check.back_sizes import refuse_mismatched_backs
from cardgen.errors import CardgenError
from cardgen.load.game import GamePack
from cardgen.manifest import record, record_for_game
from cardgen.outputs import game_folder, output_folder
from cardgen.printing.calibration import calibration_pdf
from cardgen.printing.imposition import Face, fold_pdf, home_pdf
from cardgen.printing.marks import MARK_GAP, MARK_LENGTH, MarkStyle
from cardgen.printing.paper import Orientation, own_paper, paper_name
from cardgen.printing.pdf import PdfData
from cardgen.printing.poster import POSTER_DPI, poster_note, poster_pdf
from cardgen.printing.sheets import PAPERS, Duplex
from cardgen.printing.shop_decks import deck_images
from cardgen.printing.shop_images import mpc_images, resolution_note, with_templates
from cardgen.printing.shops import HOME, own_shop, printer_name, shop_pdf, shop_preset
from cardgen.project import Project
from cardgen.render.game import RenderResult
from cardgen.write import Writer, slug

Printer = str
"""`home`, or a print-shop preset's name (`printing.shops`)."""
DEFAULT_MARKS: tuple[float, float] = (MARK_LENGTH / mm, MARK_GAP / mm)
"""The crop marks' length and offset from the trim, in mm: 4 mm long, 1 mm off."""


@dataclass(frozen=True)
class PnpResult:
    """What a PDF holds (for MakePlayingCards' images: the list of them, and `pages` the
    images written)."""

    path: Path
    pages: int
    cards: int
    notes: list[str] = field(default_factory=list)
    unit: str = "pages"

    def as_json(self) -> dict[str, Any]:
        """One PDF (or image set) as `cardgen pnp --format json` lists it."""
        return {"path": str(self.path), "pages": self.pages, "cards": self.cards} | {
            "notes": self.notes
        }


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
    ink_saver: bool = False,
) -> tuple[list[Face], str, str]:
    """Every printed copy: the whole box (every copy of every card), or one deck list
    (with `ink_saver`, drawn lightened into `images/ink-saver/`)."""
    from cardgen.model.select import parse_query, query_matches
    from cardgen.render.game import game_cache, render_game

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
    if ink_saver:  # lightened images of their own, beside the usual ones
        rendered, images = None, images / "ink-saver"
    if rendered is None:  # on its own: drawn with the game's cache, under its folder's lock
        with game_cache(project, pack.id) as cache:
            rendered = render_game(
                project,
                pack.id,
                images,
                names=set(counts),
                jobs=jobs,
                ink_saver=ink_saver,
                cache=cache,
            )
    result = rendered
    backs = {b.back: b for b in result.backs}
    faces: list[Face] = []
    for item in result.cards:
        back = backs.get(item.back)
        face = Face(
            item.name,
            item.file,
            back.file if back else None,
            item.geometry.trim_pt[0],
            item.geometry.trim_pt[1],
            item.geometry.bleed_pt,
            back.geometry.bleed_pt if back else 0.0,
            f"{item.key}/{back.key if back else ''}",
        )
        faces.extend([face] * counts[item.name])
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
    gap: float | None = None,
    orientation: Orientation = "auto",
    marks: tuple[float, float] | None = DEFAULT_MARKS,
    backs_only: bool = False,
    ink_saver: bool = False,
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
    is still as it was written, is left alone). `marks` is the crop marks' (length, offset)
    in mm, None for none; `orientation` auto takes the way round that holds more cards;
    `ink_saver` prints cards drawn with their backgrounds and large fills lightened."""
    paper, printer = paper_name(paper, project.root), printer_name(printer, project.root)
    if ink_saver and printer != HOME:
        raise CardgenError("--ink-saver lightens cards printed at home: not with --printer")
    sheet = SheetChoice(paper, orientation, marks, backs_only)
    pack = project.game(game_id)
    refuse_mismatched_backs(pack)  # a back of another size would be stretched onto its front
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
        ink_saver=ink_saver,
    )
    author = pack.game.name
    shop = None if printer == HOME else shop_preset(printer)
    if shop is not None and shop.output == "images":
        _refuse_mixed(sheet, gap=gap, gutterfold=gutterfold, printer=printer)
        folder = out or game_out / f"{stem}-{printer}"
        types = {card.name: card.type for card in pack.cards}
        faces, left_out = with_templates(faces, types, shop)  # the sizes it has templates for
        write_set = deck_images if shop.upload == "decks" else mpc_images
        listing, files, total = write_set(faces, folder, title=label, shop=shop)
        record(game_out, [listing, *files])  # for `clean`, when it is the default place
        notes = [shop.note, *left_out, *resolution_note(faces, shop.dpi)]
        return PnpResult(listing, len(files), total, notes, "images")
    key = digest(
        "pdf",
        paper,
        duplex,
        cut_lines,
        back_offset,
        gap,
        orientation,
        marks,
        backs_only,
        ink_saver,
        gutterfold,
        printer,
        label,
        author,
        [f.key or f.front.name for f in faces],
        *own_paper(paper),
        *own_shop(printer),
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
        sheet=sheet,
        duplex=duplex,
        cut_lines=cut_lines,
        back_offset=back_offset,
        gap=gap,
        gutterfold=gutterfold,
        printer=printer,
    )
    if ink_saver:
        default = default.removesuffix(".pdf") + "-ink-saver.pdf"
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
    sheet: SheetChoice,
    duplex: Duplex,
    cut_lines: bool,
    back_offset: tuple[float, float],
    gap: float | None,
    gutterfold: bool,
    printer: Printer,
) -> tuple[PdfData, int, str, list[str]]:
    paper = sheet.paper
    _refuse_mixed(sheet, gap=gap, gutterfold=gutterfold, printer=printer)
    if printer != "home":
        data, pages, note = shop_pdf(
            faces, printer=printer, title=f"{label} ({printer})", author=author
        )
        default = f"{stem}-{printer}.pdf"
        notes = [note, *resolution_note(faces, shop_preset(printer).dpi)]
    elif gutterfold:
        data, pages = fold_pdf(faces, paper=paper, title=label, author=author, marks=sheet.style())
        default = f"{stem}-{paper}-gutterfold.pdf"
        notes = [
            "Print single-sided at 100 %; fold each whole sheet along the dashed line,"
            " glue the halves together, then cut through both layers."
        ]
    else:
        data, pages = home_pdf(
            faces,
            paper=paper,
            duplex=duplex,
            cut_lines=cut_lines,
            back_offset=(back_offset[0] * mm, back_offset[1] * mm),
            title=label,
            author=author,
            gap=None if gap is None else gap * mm,
            orientation=sheet.orientation,
            marks=sheet.style(),
            backs_only=sheet.backs_only,
        )
        mode = "simplex" if duplex == "none" else f"duplex-{duplex}"
        spaced = "" if gap is None else f"-gap{gap:g}mm"
        way = "" if sheet.orientation == "auto" else f"-{sheet.orientation}"
        backs = "-backs" if sheet.backs_only else ""
        default = f"{stem}-{paper}-{mode}{spaced}{way}{backs}.pdf"
        notes = [
            f"Print at 100 % (Actual size); duplex: flip on the {duplex} edge."
            if duplex != "none"
            else "Print at 100 % (Actual size)."
        ]
        if sheet.backs_only:
            notes = [
                "Print single-sided at 100 % (Actual size) on the blank side of the printed"
                f" fronts, each sheet fed as a duplex flip on the {duplex} edge would turn it;"
                " page N is the back of sheet N."
            ]
    return data, pages, default, notes


@dataclass(frozen=True, slots=True)
class SheetChoice:
    """What the person printing chose of the paper: its size, its way round, the crop
    marks ((length, offset) in mm, None for none) and whether only the backs print."""

    paper: str
    orientation: Orientation
    marks: tuple[float, float] | None
    backs_only: bool

    def style(self) -> MarkStyle:
        """The crop marks in points, as the sheets draw them."""
        if self.marks is None:
            return MarkStyle(drawn=False)
        return MarkStyle(length=self.marks[0] * mm, offset=self.marks[1] * mm)


def _refuse_mixed(
    sheet: SheetChoice, *, gap: float | None, gutterfold: bool, printer: Printer
) -> None:
    """Options of home sheets with a gutterfold or a print-shop file: a usage error."""
    home = "not with --gutterfold or --printer" if gutterfold or printer != "home" else ""
    shop = "not with --printer" if printer != "home" else ""
    home_only = [
        (gap is not None, "--gap spaces the cards of home sheets", home),
        (sheet.orientation != "auto", "--orientation turns home sheets", home),
        (sheet.backs_only, "--backs-only prints the back pages of home sheets", home),
        (sheet.marks != DEFAULT_MARKS, "--marks sets the crop marks of sheets", shop),
    ]
    for given, what, clash in home_only:
        if given and clash:
            raise CardgenError(f"{what}: {clash}")


def pnp_boards(
    project: Project,
    game_id: str,
    out: Path | None = None,
    *,
    paper: str = "a4",
    papers: Sequence[str] = (),
) -> list[PnpResult]:
    """Each board of the game as a poster tiled over pages, with overlap and alignment
    marks: on `paper`, or on each of `papers` (each board drawn once for all of them)."""
    from cardgen.check.game_checks import load_board
    from cardgen.render.board import board_image, tile_kinds
    from cardgen.render.game import png_bytes

    pack = project.game(game_id)
    if not pack.game.boards:
        raise CardgenError(f"{pack.game.name} has no board to print")
    chosen = [paper_name(each, project.root) for each in list(papers) or [paper]]
    for each in chosen:
        if each not in PAPERS:
            raise CardgenError(f"--paper {each}: a board poster prints on {', '.join(PAPERS)}")
    folder = out or game_folder(project.root, pack.id)
    writer = Writer(folder)
    results = []
    for ref in pack.game.boards:
        board, _ = load_board(pack, ref)
        dpi = POSTER_DPI
        image = board_image(board, dpi=dpi)
        picture = writer.write_if_changed(f"board-{ref.id}.png", png_bytes(image, dpi))
        size = (image.width * 72 / dpi, image.height * 72 / dpi)
        for each in chosen:
            data, pages, tiling = poster_pdf(
                picture,
                size,
                paper=each,
                title=f"{pack.game.name}: {board.name}",
                author=pack.game.name,
                legend=tile_kinds(board),
            )
            path = writer.write_pieces_if_changed(
                f"board-{ref.id}-{each}-poster.pdf", data.size, data.chunks
            )
            results.append(PnpResult(path, pages, 0, [poster_note(tiling, each)]))
            record_for_game(project.root, pack.id, [picture, path])
    return results


def calibrate(
    project: Project, out: Path | None = None, *, paper: str = "a4", duplex: Duplex = "long"
) -> PnpResult:
    """The duplex calibration sheet."""
    paper = paper_name(paper, project.root)
    data = calibration_pdf(paper=paper, duplex=duplex, title="cardgen duplex calibration")
    target = out or output_folder(project.root) / f"calibration-{paper}-{duplex}.pdf"
    return PnpResult(
        Writer(target.parent).write_if_changed(target.name, data),
        2,
        0,
        ["Print both pages duplex at 100 %; the bars that line up give --back-offset X,Y."],
    )
