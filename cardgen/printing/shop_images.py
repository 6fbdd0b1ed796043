"""Print-shop card images: a rendered face resampled so its trim lands exactly where a
shop's template puts it, and MakePlayingCards' upload set (one PNG per face at exactly
the size its form takes, named in upload order, with a list of them).

A render carries its own bleed (usually 1/8 in, 37.5 px at 300 dpi); MakePlayingCards'
poker template is 822 x 1122 px with a 36 px bleed (0.12 in), so the render is cropped and
resampled, not scaled whole: the trim of the render becomes pixels 36..786 x 36..1086.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from cardgen.errors import CardgenError
from cardgen.printing.imposition import Face
from cardgen.render.game import png_bytes
from cardgen.write import Writer, slug

SHOP_DPI = 300
"""The resolution the shops' templates are given at."""


@dataclass(frozen=True, slots=True)
class Template:
    """A shop's image for one card size: the whole image and the trim's inset, in pixels."""

    width: int
    height: int
    bleed: int


# MakePlayingCards' own templates (docs/research/print-shops.md, section 1), by trim in
# inches: poker 822 x 1122 (36 px bleed), tarot 897 x 1497 (36 px), 3.5 x 5 in 1120 x 1570
# (35 px). Sizes MPC has no template for are refused, not guessed (its bleeds differ).
MPC_TEMPLATES: dict[tuple[float, float], Template] = {
    (2.5, 3.5): Template(822, 1122, 36),
    (2.75, 4.75): Template(897, 1497, 36),
    (3.5, 5.0): Template(1120, 1570, 35),
}


def fit_face(
    image: Image.Image,
    trim: tuple[float, float],
    bleed: float,
    size: tuple[int, int],
    inset: tuple[float, float],
    *,
    name: str,
) -> Image.Image:
    """`image` (a render of trim + `bleed` pt a side) as `size` px whose trim is the
    rectangle `inset` px in from each edge: cropped and resampled (area-averaged), the
    image itself when it already is that; a clear error when its bleed is too narrow."""
    width, height = size
    source_w, source_h = image.size
    per_pt = (source_w / (trim[0] + 2 * bleed), source_h / (trim[1] + 2 * bleed))
    box: list[float] = []
    for axis, out in ((0, width), (1, height)):
        # source pixels per output pixel, so the trim fills the output's trim exactly
        step = trim[axis] * per_pt[axis] / (out - 2 * inset[axis])
        start = bleed * per_pt[axis] - inset[axis] * step
        box.append(start)
        box.append(start + out * step)
    left, right, top, bottom = box
    tolerance = 1e-6
    if left < -tolerance or top < -tolerance or right > source_w + tolerance:
        raise _narrow(name, bleed, inset, per_pt, trim, size)
    if bottom > source_h + tolerance:
        raise _narrow(name, bleed, inset, per_pt, trim, size)
    if size == image.size and max(abs(left), abs(top)) < tolerance:
        return image
    shrinking = right - left >= width
    method = Image.Resampling.BOX if shrinking else Image.Resampling.BICUBIC
    cropped = (max(left, 0.0), max(top, 0.0), min(right, source_w), min(bottom, source_h))
    return image.resize(size, method, box=cropped)


def _narrow(
    name: str,
    bleed: float,
    inset: tuple[float, float],
    per_pt: tuple[float, float],
    trim: tuple[float, float],
    size: tuple[int, int],
) -> CardgenError:
    """The error for a render whose bleed is narrower than the shop's."""
    needed = inset[0] * trim[0] / (size[0] - 2 * inset[0])
    return CardgenError(
        f"{name}: its layout's bleed is {bleed / 72 * 25.4:.2f} mm, the shop's template"
        f" needs {needed / 72 * 25.4:.2f} mm: set `bleed: 0.125in` in the layout"
    )


def flattened(path: Path) -> Image.Image:
    """A card image as plain RGB: transparency laid on white (shops take no alpha)."""
    with Image.open(path) as opened:
        opened.load()
        if opened.mode in ("RGBA", "LA", "PA") or "transparency" in opened.info:
            rgba = opened.convert("RGBA")
            white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
            return Image.alpha_composite(white, rgba).convert("RGB")
        return opened.convert("RGB")


def resolution_note(faces: Sequence[Face]) -> list[str]:
    """A note when a face is rendered below the shops' 300 dpi (it prints blurred)."""
    lowest: tuple[float, str] | None = None
    for face in dict.fromkeys(faces):
        for path, bleed in ((face.front, face.bleed), (face.back, face.back_bleed)):
            if path is None:
                continue
            with Image.open(path) as image:
                dpi = image.width / ((face.trim_w + 2 * bleed) / 72)
            if lowest is None or dpi < lowest[0]:
                lowest = (dpi, face.name)
    if lowest is None or lowest[0] >= SHOP_DPI - 0.5:
        return []
    return [
        f"{lowest[1]} is rendered at {lowest[0]:.0f} dpi, the shops ask for {SHOP_DPI}:"
        f" set `dpi: {SHOP_DPI}` in its layout."
    ]


def mpc_template(face: Face) -> Template:
    """MakePlayingCards' template for a face's trim size (a clear error for none)."""
    inches = (round(face.trim_w / 72, 3), round(face.trim_h / 72, 3))
    for trim, template in MPC_TEMPLATES.items():
        if abs(trim[0] - inches[0]) < 0.01 and abs(trim[1] - inches[1]) < 0.01:
            return template
    sizes = ", ".join(f"{w:g} x {h:g} in" for w, h in MPC_TEMPLATES)
    raise CardgenError(
        f"{face.name}: MakePlayingCards has no template cardgen knows for a"
        f" {inches[0]:g} x {inches[1]:g} in card (it has: {sizes});"
        " use --printer tgc or home sheets"
    )


def mpc_face(path: Path, face: Face, bleed: float, template: Template) -> bytes:
    """One face as MakePlayingCards' template PNG (RGB, 300 dpi recorded)."""
    fitted = fit_face(
        flattened(path),
        (face.trim_w, face.trim_h),
        bleed,
        (template.width, template.height),
        (template.bleed, template.bleed),
        name=face.name,
    )
    return png_bytes(fitted, SHOP_DPI)


LISTING = "upload.txt"
"""The file beside the images that lists them in upload order."""


def mpc_images(faces: Sequence[Face], folder: Path, *, title: str) -> tuple[Path, list[Path], int]:
    """Write MakePlayingCards' upload set into `folder`: for each distinct card in print
    order `NNNa-front-xCOPIES-<card>.png` and `NNNb-back-<card>.png` at the template's exact
    size, and `upload.txt` listing them; the listing's path, the images' and the cards."""
    counts: dict[Face, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    writer = Writer(folder)
    lines: list[str] = []
    images: list[Path] = []
    made: dict[tuple[Path, float], bytes] = {}
    width = max(3, len(str(len(counts))))
    for number, (face, copies) in enumerate(counts.items(), start=1):
        template = mpc_template(face)
        card, place = slug(face.name) or "card", f"{number:0{width}d}"
        sides = [(f"{place}a-front-x{copies}-{card}.png", face.front, face.bleed)]
        if face.back is not None:
            sides.append((f"{place}b-back-{card}.png", face.back, face.back_bleed))
        for name, path, bleed in sides:
            key = (path, bleed)
            if key not in made:
                made[key] = mpc_face(path, face, bleed, template)
            images.append(writer.write_if_changed(name, made[key]))
        back = sides[1][0] if len(sides) > 1 else "(no back)"
        lines.append(f"{number:>{width}}  x{copies:<3} {sides[0][0]}  {back}  {face.name}")
    total = sum(counts.values())
    shared = len({face.back for face in counts if face.back is not None})
    head = [
        f"{title}: MakePlayingCards upload set, {total} cards ({len(counts)} different).",
        f"Every image is the template's exact size ({_sizes(counts)}) at {SHOP_DPI} dpi,"
        " the trim inset by the template's bleed.",
        "In MPC's editor, give each card's front the number of slots its name says (x2: two"
        " slots), and each slot the back listed beside it"
        + ("; all cards share one back: choose the same back for all." if shared == 1 else "."),
        "",
        "card  copies front  back  name",
    ]
    listing = writer.write_if_changed(LISTING, ("\n".join([*head, *lines]) + "\n").encode())
    return listing, images, total


def _sizes(counts: dict[Face, int]) -> str:
    """The template sizes the faces use, as `822 x 1122 px`."""
    found = sorted({(t.width, t.height) for t in map(mpc_template, counts)})
    return ", ".join(f"{w} x {h} px" for w, h in found)
