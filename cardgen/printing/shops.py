"""Print-shop presets, each from the shop's published spec (docs/research/print-shops.md),
as data (`cardgen/print_presets/shops.yaml`, a project's own in its `shops/` folder):
DriveThruCards a PDF/X-1a:2003 CMYK file, back then front (`pdfx`); MakePlayingCards the
PNG per face its upload form takes, a front and back for every card (`shop_images`); The
Game Crafter a PNG per face by decks, each deck's back once (`shop_decks`); a project's
`pdf` preset one face per page at trim + bleed with TrimBox and BleedBox set, front then
back. Each comes with the note a designer needs before uploading.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.fuzzy import did_you_mean
from cardgen.model.print_specs import ShopPreset
from cardgen.printing.imposition import Face
from cardgen.printing.pdf import PdfData, draw_card_image, finish, print_canvas
from cardgen.printing.pdfx import builtin_profile, pdfx_pdf
from cardgen.printing.presets import SHOPS_FOLDER, builtin_shops, points, project_shops

SHOPS: dict[str, ShopPreset] = builtin_shops()
"""The built-in presets by name (`cardgen/print_presets/shops.yaml`)."""
OWN: dict[str, ShopPreset] = {}
"""The project presets this process has resolved (`printer_name` with a project), by name,
their profile's path made absolute."""
HOME = "home"
"""No shop: sheets for the printer at hand."""


def printer_name(text: str, project_root: Path | None = None) -> str:
    """`home`, a built-in preset or one of the project's `shops/` folder, by name (any
    case); any other name is a one-line error with the names it may have meant."""
    key = text.strip().casefold()
    if key == HOME or key in SHOPS:
        return key
    own = project_shops(project_root)
    if key in own and project_root is not None:
        spec = own[key]
        if spec.profile is not None and not builtin_profile(spec.profile):
            profile = (project_root / SHOPS_FOLDER / spec.profile).resolve()
            if not profile.is_file():
                raise CardgenError(
                    f'{SHOPS_FOLDER}/{key}.yaml: profile "{spec.profile}" is neither one of'
                    f" cardgen's nor a file of {SHOPS_FOLDER}/"
                )
            spec = spec.model_copy(update={"profile": str(profile)})
        OWN[key] = spec
        return key
    names = [HOME, *SHOPS, *own]
    raise CardgenError(
        f'--printer "{text}": not a print-shop preset{did_you_mean(key, names)}'
        f" (presets: {', '.join(names)})"
    )


def shop_preset(printer: str) -> ShopPreset:
    """The preset of a shop by its resolved name (see `printer_name`)."""
    return SHOPS.get(printer) or OWN[printer]


def own_shop(printer: str) -> list[object]:
    """A project preset's numbers, for a key of what is made for it (its file may change
    them under the same name); nothing for any other."""
    return [OWN[printer].model_dump()] if printer in OWN else []


def makes_images(printer: str, project_root: Path | None = None) -> bool:
    """Whether `--printer` names a shop that takes images (written to a folder)."""
    name = printer_name(printer, project_root)
    return name != HOME and shop_preset(name).output == "images"


def shop_pdf(
    faces: Sequence[Face], *, printer: str, title: str, author: str
) -> tuple[PdfData, int, str]:
    """A shop's PDF: a `pdf` preset's one face per page at trim + bleed, TrimBox and
    BleedBox set; DriveThruCards' PDF/X-1a file."""
    spec = shop_preset(printer)
    if spec.output == "pdfx":
        data, pages = pdfx_pdf(faces, title=title, author=author, printer=printer, shop=spec)
        return PdfData(data, {}), pages, spec.note
    if spec.output != "pdf":
        raise CardgenError(f"{printer}: the shop takes images, not a PDF")
    bleed = points(spec.bleed)
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
        for image, image_bleed in [(face.front, face.bleed), (face.back, face.back_bleed)]:
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
    return finish(canvas, buffer), pages, spec.note
