"""Print-shop presets, each from the shop's published spec (docs/research/print-shops.md):
The Game Crafter a PDF of one face per page at trim + 1/8 in bleed with TrimBox and
BleedBox set, front then back; DriveThruCards a PDF/X-1a:2003 CMYK file, back then front
(`pdfx`); MakePlayingCards the PNG per face its upload form takes (`shop_images`). Each
comes with the note a designer needs before uploading.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from cardgen.errors import CardgenError
from cardgen.printing.imposition import Face
from cardgen.printing.pdf import PdfData, draw_card_image, finish, print_canvas
from cardgen.printing.pdfx import pdfx_pdf

SHOPS: dict[str, dict[str, object]] = {
    "tgc": {
        "bleed_px": 37.5,
        "note": "The Game Crafter: 825 x 1125 px a"
        " poker face (1/8 in bleed); upload the pages' images or this PDF as a proof.",
    },
    "mpc": {
        "note": "MakePlayingCards: 822 x 1122 px a poker face (0.12 in bleed): upload the"
        " images in the order upload.txt lists them, each front to as many slots as its"
        " name's xN says.",
    },
    "drivethru": {
        "note": "DriveThruCards: PDF/X-1a:2003, CMYK through FOGRA39, one PDF a deck, back"
        " then front for every card, 1/8 in bleed. Run Acrobat's Preflight (Verify"
        " Conformance) before uploading, as the shop asks.",
    },
}


def shop_pdf(
    faces: Sequence[Face], *, printer: str, title: str, author: str
) -> tuple[PdfData, int, str]:
    """A shop's PDF: The Game Crafter's one face per page at trim + bleed, TrimBox and
    BleedBox set; DriveThruCards' PDF/X-1a file."""
    spec = SHOPS[printer]
    if printer == "drivethru":
        data, pages = pdfx_pdf(faces, title=title, author=author)
        return PdfData(data, {}), pages, str(spec["note"])
    if printer != "tgc":
        raise CardgenError(f"{printer}: the shop takes images, not a PDF")
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
    return finish(canvas, buffer), pages, str(spec["note"])
