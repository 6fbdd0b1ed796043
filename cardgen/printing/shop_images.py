"""Print-shop card images: a rendered face resampled so its trim lands exactly where a
shop's template puts it, and MakePlayingCards' upload set (one PNG per face at exactly
the size its form takes, named in upload order, with a list of them).

A render carries its own bleed (usually 1/8 in, 37.5 px at 300 dpi); MakePlayingCards'
poker template is 822 x 1122 px with a 36 px bleed (0.12 in), so the render is cropped and
resampled, not scaled whole: the trim of the render becomes pixels 36..786 x 36..1086.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from cardgen.errors import CardgenError
from cardgen.model.print_specs import ShopPreset
from cardgen.printing.imposition import Face
from cardgen.printing.presets import builtin_shops
from cardgen.render.game import png_bytes
from cardgen.write import Writer, slug

SHOP_DPI = 300
"""The resolution the shops' templates are given at."""


@dataclass(frozen=True, slots=True)
class Template:
    """A shop's image for one card size: the whole image and the trim's inset, in pixels."""

    width: int
    height: int
    bleed: float
    product: str = ""


def templates(shop: ShopPreset) -> dict[tuple[float, float], Template]:
    """A shop's templates by trim in inches (`2.5in x 3.5in` -> (2.5, 3.5))."""
    found = {}
    for each in shop.templates:
        width, height = (float(side.removesuffix("in")) for side in each.trim.split(" x "))
        found[(width, height)] = Template(each.width, each.height, each.bleed, each.product or "")
    return found


MPC = builtin_shops()["mpc"]
"""MakePlayingCards' preset (`cardgen/print_presets/shops.yaml`)."""
MPC_TEMPLATES = templates(MPC)
"""MakePlayingCards' own templates (docs/research/print-shops.md, section 1), by trim in
inches: poker 822 x 1122 (36 px bleed), tarot 897 x 1497 (36 px), 3.5 x 5 in 1120 x 1570
(35 px). Sizes MPC has no template for are refused, not guessed (its bleeds differ)."""


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


def resolution_note(faces: Sequence[Face], asked: int = SHOP_DPI) -> list[str]:
    """A note when a face is rendered below the shop's `asked` dpi (it prints blurred)."""
    lowest: tuple[float, str] | None = None
    for face in dict.fromkeys(faces):
        for path, bleed in ((face.front, face.bleed), (face.back, face.back_bleed)):
            if path is None:
                continue
            with Image.open(path) as image:
                dpi = image.width / ((face.trim_w + 2 * bleed) / 72)
            if lowest is None or dpi < lowest[0]:
                lowest = (dpi, face.name)
    if lowest is None or lowest[0] >= asked - 0.5:
        return []
    return [
        f"{lowest[1]} is rendered at {lowest[0]:.0f} dpi, the shops ask for {asked}:"
        f" set `dpi: {asked}` in its layout."
    ]


def find_template(face: Face, shop: ShopPreset = MPC) -> Template | None:
    """A shop's template for a face's trim size, None for none."""
    inches = (round(face.trim_w / 72, 3), round(face.trim_h / 72, 3))
    for trim, template in templates(shop).items():
        if abs(trim[0] - inches[0]) < 0.01 and abs(trim[1] - inches[1]) < 0.01:
            return template
    return None


def shop_template(face: Face, shop: ShopPreset = MPC) -> Template:
    """A shop's template for a face's trim size (a clear error for none)."""
    found = find_template(face, shop)
    if found is not None:
        return found
    raise CardgenError(
        f"{face.name}: {shop.shop} has no template cardgen knows for a"
        f" {round(face.trim_w / 72, 3):g} x {round(face.trim_h / 72, 3):g} in card"
        f" (it has: {_known(shop)});"
        f" use {_instead(_elsewhere([face], shop))}"
    )


def _known(shop: ShopPreset) -> str:
    """The trims a shop has templates for, as `2.5 x 3.5 in, 2.75 x 4.75 in`."""
    return ", ".join(f"{w:g} x {h:g} in" for w, h in templates(shop))


def _mm(face: Face) -> str:
    """A face's trim in mm (`88 x 63 mm landscape`)."""
    width, height = round(face.trim_w / 72 * 25.4, 2), round(face.trim_h / 72 * 25.4, 2)
    return f"{width:g} x {height:g} mm" + (" landscape" if width > height else "")


def with_templates(
    faces: Sequence[Face], types: Mapping[str, str], shop: ShopPreset = MPC
) -> tuple[list[Face], list[str]]:
    """The faces a shop has a template for, and a note naming each card type left out
    with its size and its cards (`types`: each card's type), none when none is. A game
    none of whose cards the shop takes is refused (exit 2), naming them all the same."""
    kept = [face for face in faces if find_template(face, shop) is not None]
    left: dict[tuple[str, str], int] = {}
    for face in faces:
        if find_template(face, shop) is None:
            key = (types.get(face.name, "?"), _mm(face))
            left[key] = left.get(key, 0) + 1
    if not left:
        return kept, []
    named = "; ".join(
        f"type {type_id!r} ({size}, {count} card{'s' if count != 1 else ''})"
        for (type_id, size), count in left.items()
    )
    what = f"{shop.shop} has no template for {named} (it has: {_known(shop)})"
    others = _elsewhere([face for face in faces if face not in kept], shop)
    if not kept:
        raise CardgenError(f"{what}; use {_instead(others)}")
    where = f"with {' or '.join(others)} or " if others else ""
    return kept, [f"Left out: {what}; print those {where}on home sheets."]


def _instead(others: Sequence[str]) -> str:
    """What to print with instead: `--printer tgc or home sheets`, or `home sheets`."""
    return "".join(f"{other} or " for other in others) + "home sheets"


def _elsewhere(left: Sequence[Face], shop: ShopPreset) -> list[str]:
    """The other built-in image shops with a template for every face left out
    (`--printer tgc`)."""
    return [
        f"--printer {name}"
        for name, other in builtin_shops().items()
        if other.output == "images"
        and other.shop != shop.shop
        and all(find_template(face, other) is not None for face in left)
    ]


def template_face(
    path: Path, face: Face, bleed: float, template: Template, dpi: int = SHOP_DPI
) -> bytes:
    """One face as a shop's template PNG (RGB, the shop's dpi recorded: 300 for both)."""
    fitted = fit_face(
        flattened(path),
        (face.trim_w, face.trim_h),
        bleed,
        (template.width, template.height),
        (template.bleed, template.bleed),
        name=face.name,
    )
    return png_bytes(fitted, dpi)


def copies_of(faces: Sequence[Face]) -> dict[Face, int]:
    """Each distinct face in print order, with its number of copies."""
    counts: dict[Face, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    return counts


LISTING = "upload.txt"
"""The file beside the images that lists them in upload order."""


def mpc_images(
    faces: Sequence[Face], folder: Path, *, title: str, shop: ShopPreset = MPC
) -> tuple[Path, list[Path], int]:
    """Write a shop's upload set (MakePlayingCards') into `folder`: for each distinct card
    in print order `NNNa-front-xCOPIES-<card>.png` and `NNNb-back-<card>.png` at the
    template's exact size, and `upload.txt` listing them; the listing's path, the images'
    and the cards."""
    counts = copies_of(faces)
    writer = Writer(folder)
    lines: list[str] = []
    images: list[Path] = []
    made: dict[tuple[Path, float], bytes] = {}
    width = max(3, len(str(len(counts))))
    for number, (face, copies) in enumerate(counts.items(), start=1):
        template = shop_template(face, shop)
        card, place = slug(face.name) or "card", f"{number:0{width}d}"
        sides = [(f"{place}a-front-x{copies}-{card}.png", face.front, face.bleed)]
        if face.back is not None:
            sides.append((f"{place}b-back-{card}.png", face.back, face.back_bleed))
        for name, path, bleed in sides:
            key = (path, bleed)
            if key not in made:
                made[key] = template_face(path, face, bleed, template, shop.dpi)
            images.append(writer.write_if_changed(name, made[key]))
        back = sides[1][0] if len(sides) > 1 else "(no back)"
        lines.append(f"{number:>{width}}  x{copies:<3} {sides[0][0]}  {back}  {face.name}")
    total = sum(counts.values())
    shared = len({face.back for face in counts if face.back is not None})
    editor = "MPC" if shop.shop == MPC.shop else shop.shop
    head = [
        f"{title}: {shop.shop} upload set, {total} cards ({len(counts)} different).",
        f"Every image is the template's exact size ({template_sizes(counts, shop)}) at"
        f" {shop.dpi} dpi, the trim inset by the template's bleed.",
        f"In {editor}'s editor, give each card's front the number of slots its name says"
        " (x2: two slots), and each slot the back listed beside it"
        + ("; all cards share one back: choose the same back for all." if shared == 1 else "."),
        "",
        "card  copies front  back  name",
    ]
    listing = writer.write_if_changed(LISTING, ("\n".join([*head, *lines]) + "\n").encode())
    return listing, images, total


def template_sizes(counts: Iterable[Face], shop: ShopPreset) -> str:
    """The template sizes the faces use, as `822 x 1122 px`."""
    found = sorted({(t.width, t.height) for t in (shop_template(f, shop) for f in counts)})
    return ", ".join(f"{w} x {h} px" for w, h in found)
