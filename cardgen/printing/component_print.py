"""`cardgen pnp GAME --components`: the game's tokens, dice, mats and tuck boxes printed.

Each face is drawn once (`render.component`) into `components/` beside the cards, and put
on the sheets of `components_pdf` for each paper: `<game>-components-<paper>.pdf`, duplex
on the long edge. A board or mat drawn from a layout that is larger than the paper is
printed as a poster instead (`<kind>-<id>-<paper>-poster.pdf`, as grid boards are). Dice
print as stickers for blank dice: a square of the die's size a face for a d6, a circle
inside the face for the others (a triangle, a pentagon or a kite).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.units import mm

from cardgen.errors import CardgenError
from cardgen.load.game import GamePack
from cardgen.load.layouts import load_layouts
from cardgen.manifest import record_for_game
from cardgen.model.components import BoardComponent, Die, Token, TuckBox
from cardgen.model.select import matches
from cardgen.model.units import card_size, component_size, parse_length
from cardgen.outputs import game_folder
from cardgen.printing.components_pdf import (
    BoxPage,
    Chip,
    ChipGroup,
    ComponentPicture,
    ComponentSheets,
    MatPage,
    Shape,
    components_pdf,
    page_for,
    total_chips,
)
from cardgen.printing.paper import paper_name
from cardgen.printing.pnp import PnpResult
from cardgen.printing.poster import poster_note, poster_pdf
from cardgen.printing.sheets import PAPERS
from cardgen.printing.tuckbox import BoxTexts, tuck_template
from cardgen.project import Project
from cardgen.render.component import (
    Drawing,
    Drawn,
    board_face,
    die_faces,
    mask_outline,
    token_extent,
    token_faces,
    tuckbox_front,
)
from cardgen.render.png import encode_png
from cardgen.write import Writer

FOLDER = "components"
STICKER_SHARE = {4: 1 / math.sqrt(3), 8: 1 / math.sqrt(3), 20: 1 / math.sqrt(3), 10: 0.6, 12: 1.376}
"""A round sticker's diameter as a share of the die's edge: the circle inside a triangle
(d4, d8, d20: edge / sqrt 3), a pentagon (d12: edge / tan 36 degrees) and about what a
d10's kite holds."""


@dataclass(frozen=True, slots=True)
class PrintedComponents:
    """What `pnp_components` wrote: the PDFs and posters, and each component's pictures."""

    results: tuple[PnpResult, ...]
    pictures: tuple[ComponentPicture, ...]
    files: tuple[Path, ...]
    """The face pictures written into `components/`."""


def printable(pack: GamePack) -> bool:
    """Whether the game has a component `pnp_components` prints."""
    return any(
        isinstance(c, Token | Die | TuckBox)
        or (isinstance(c, BoardComponent) and c.layout is not None)
        for c in pack.game.components
    )


class _Maker:
    """Draws the faces of one game's components and writes them into `components/`."""

    def __init__(self, project: Project, pack: GamePack, folder: Path) -> None:
        self.pack = pack
        self.root = project.root
        self.drawing = Drawing(
            load_layouts(project.root, pack.game), pack.game.name, project.root, pack.folder
        )
        self.writer = Writer(folder)
        self.written: list[Path] = []
        self.trimmed: dict[str, Path] = {}

    def write(self, name: str, drawn: Drawn) -> Path:
        """Write a face's PNG once; its path."""
        path = self.writer.write_if_changed(
            f"{FOLDER}/{name}.png", encode_png(drawn.image, drawn.dpi)
        )
        self.written.append(path)
        return path

    def token(self, token: Token) -> tuple[ChipGroup, ComponentPicture]:
        """A token's chips: each design `count` times."""
        w, h = (v * mm for v in token_extent(token))
        outline = (
            mask_outline(token.mask, self.pack.folder, self.root)
            if token.shape == "mask" and token.mask is not None
            else ()
        )
        chips: list[Chip] = []
        files: list[Path] = []
        for n, item in enumerate(token.designs(), start=1):
            front, back = token_faces(token, item, self.drawing)
            front_path = self.write(f"{token.id}-{n}-front", front)
            back_path = self.write(f"{token.id}-{n}-back", back)
            files += [front_path, back_path]
            picture, scale = _covering(front, w, h)
            chip = Chip(
                str(item.values.get("name", token.label)),
                front_path,
                back_path,
                token.shape,
                w,
                h,
                picture,
                front.bleed_mm * mm * scale,
                back.bleed_mm * mm * _covering(back, w, h)[1],
                outline,
            )
            chips.extend([chip] * (item.count or token.count))
        group = ChipGroup(f"{token.label} tokens", tuple(chips))
        return group, ComponentPicture(
            "token", token.id, token.label, tuple(files), color=token.color
        )

    def die(self, die: Die) -> tuple[ChipGroup, ComponentPicture]:
        """A die's stickers: each face `count` times, at the die's edge for a d6, else a
        circle inside its face."""
        edge = parse_length(die.size).inches() * 72
        side = edge if die.sides == 6 else edge * STICKER_SHARE[die.sides]
        drawn = die_faces(die, self.drawing)
        files = [self.write(f"{die.id}-face-{n}", face) for n, face in enumerate(drawn, 1)]
        shape: Shape = "square" if die.sides == 6 else "circle"
        chips = [
            Chip(f"{die.label} {n}", path, None, shape, side, side, (side, side), bleed, 0.0)
            for _ in range(die.count)
            for n, (path, face) in enumerate(zip(files, drawn, strict=True), 1)
            for bleed in (face.bleed_mm * mm * side / edge,)
        ]
        title = f"{die.label} stickers (d{die.sides}, {side / mm:.1f} mm)"
        picture = ComponentPicture("die", die.id, die.label, tuple(files), color=die.color)
        return ChipGroup(title, tuple(chips)), picture

    def mat(self, board: BoardComponent) -> tuple[Path, Drawn, ComponentPicture]:
        """A layout-drawn board or mat: its picture."""
        drawn = board_face(board, self.drawing)
        path = self.write(f"{board.id}", drawn)
        picture = ComponentPicture(board.kind, board.id, board.label, (path,))
        return path, drawn, picture

    def tuckbox(self, index: int, box: TuckBox) -> tuple[BoxPage, ComponentPicture]:
        """A tuck box's template, sized from the cards it holds, and its front."""
        cards = [card for card in self.pack.cards if matches(card, box.where)]
        if not cards:
            raise self._error(index, f'tuck box "{box.id}" holds no card')
        layout = self.drawing.layouts.for_type(cards[0].type)
        width, height = (m.inches() * 72 for m in card_size(layout.size))
        holds = box.holds or sum(card.copies for card in cards)
        clearance = parse_length(box.clearance).inches() * 72
        depth = holds * parse_length(box.card_thickness).inches() * 72 + 2 * clearance
        template = tuck_template(width + 2 * clearance, height + 2 * clearance, depth)
        size_mm = (template.width / mm, template.height / mm)
        front = tuckbox_front(box, size_mm, self.drawing)
        path = self.write(f"{box.id}-front", front)
        texts = BoxTexts(
            box.color,
            box.ink,
            box.label,
            self.pack.game.name,
            (f"{holds} cards", f"{width / mm:.1f} x {height / mm:.1f} mm"),
            path,
            front.bleed_mm * mm,
        )
        picture = ComponentPicture(
            "tuckbox", box.id, box.label, (path,), template=template, color=box.color
        )
        return BoxPage(box.label, template, texts), picture

    def _error(self, index: int, message: str) -> CardgenError:
        """A one-line error at the component's place in game.yaml."""
        return CardgenError(message, self.pack.doc.location(["components", index]))


def _covering(drawn: Drawn, w: float, h: float) -> tuple[tuple[float, float], float]:
    """The size (pt) a face's trim is drawn at to cover a `w` x `h` cut line, keeping its
    shape (a hex token's square face grows to the hexagon's height), and by how much it
    was scaled."""
    tw, th = (v * mm for v in drawn.trim_mm)
    scale = max(w / tw, h / th)
    return (tw * scale, th * scale), scale


def pnp_components(
    project: Project,
    game_id: str,
    out: Path | None = None,
    *,
    paper: str = "a4",
    papers: Sequence[str] = (),
) -> PrintedComponents:
    """The game's printable components on `paper` (or each of `papers`): its tokens and
    die stickers duplexed, its mats at size (posters when larger than the paper) and its
    tuck boxes as templates; each face drawn once for all papers."""
    pack = project.game(game_id)
    if not printable(pack):
        raise CardgenError(f"{pack.game.name} has no token, die, mat or tuck box to print")
    chosen = [paper_name(each, project.root) for each in list(papers) or [paper]]
    folder = out or game_folder(project.root, pack.id)
    maker = _Maker(project, pack, folder)
    groups: list[ChipGroup] = []
    boards: list[tuple[BoardComponent, Path, Drawn]] = []
    boxes: list[tuple[int, BoxPage]] = []
    pictures: list[ComponentPicture] = []
    for index, component in enumerate(pack.game.components):
        if isinstance(component, Token | Die):
            group, picture = (
                maker.token(component) if isinstance(component, Token) else maker.die(component)
            )
            groups.append(group)
        elif isinstance(component, BoardComponent) and component.layout is not None:
            path, drawn, picture = maker.mat(component)
            boards.append((component, path, drawn))
        elif isinstance(component, TuckBox):
            page, picture = maker.tuckbox(index, component)
            boxes.append((index, page))
        else:
            continue
        pictures.append(picture)
    results: list[PnpResult] = []
    for each in chosen:
        results.extend(_papers_files(maker, each, groups, boards, boxes))
    record_for_game(project.root, pack.id, [*maker.written, *(r.path for r in results)])
    return PrintedComponents(tuple(results), tuple(pictures), tuple(dict.fromkeys(maker.written)))


def _papers_files(
    maker: _Maker,
    paper: str,
    groups: list[ChipGroup],
    boards: list[tuple[BoardComponent, Path, Drawn]],
    boxes: list[tuple[int, BoxPage]],
) -> list[PnpResult]:
    """The components PDF on one paper, and a poster of each mat larger than it."""
    pack, writer = maker.pack, maker.writer
    mats: list[MatPage] = []
    results: list[PnpResult] = []
    for board, path, drawn in boards:
        w, h = component_size(board.size or "")
        if page_for(paper, w * mm, h * mm) is not None:
            mats.append(MatPage(board.label, path, w * mm, h * mm, drawn.bleed_mm * mm))
            continue
        if paper not in PAPERS:
            raise CardgenError(f"--paper {paper}: a poster prints on {', '.join(PAPERS)}")
        poster = _poster_picture(maker, board, drawn)
        data, pages, tiling = poster_pdf(
            poster,
            (w * mm, h * mm),
            paper=paper,
            title=f"{pack.game.name}: {board.label}",
            author=pack.game.name,
            legend=[],
        )
        name = f"{board.kind}-{board.id}-{paper}-poster.pdf"
        written = writer.write_pieces_if_changed(name, data.size, data.chunks)
        results.append(PnpResult(written, pages, 0, [poster_note(tiling, paper)]))
    for index, box in boxes:
        size = box.template.size
        if page_for(paper, *size) is None:
            raise maker._error(
                index,
                f'tuck box "{box.title}": its template is {size[0] / mm:.0f} x'
                f" {size[1] / mm:.0f} mm, more than a {paper} page holds inside its 6 mm"
                " margins (either way round): print it with a larger --paper (a3)",
            )
    sheets = ComponentSheets(tuple(groups), tuple(mats), tuple(box for _, box in boxes))
    if sheets:
        data, pages = components_pdf(
            sheets, paper=paper, title=f"{pack.game.name} components", author=pack.game.name
        )
        name = f"{pack.id}-components-{paper}.pdf"
        written = writer.write_pieces_if_changed(name, data.size, data.chunks)
        note = "Print duplex at 100 % (Actual size), flip on the long edge; cut along the lines."
        results.insert(0, PnpResult(written, pages, total_chips(groups), [note]))
    return results


def _poster_picture(maker: _Maker, board: BoardComponent, drawn: Drawn) -> Path:
    """A mat's picture cut to its trim, for a poster (which shows no bleed)."""
    name = f"{board.id}-trim"
    if name not in maker.trimmed:  # once for every paper
        bleed = round(drawn.bleed_mm / 25.4 * drawn.dpi)
        box = (bleed, bleed, drawn.image.width - bleed, drawn.image.height - bleed)
        maker.trimmed[name] = maker.write(name, Drawn(drawn.image.crop(box), drawn.dpi, 0.0))
    return maker.trimmed[name]
