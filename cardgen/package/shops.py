"""Print-shop presets: one face per page at trim + the shop's bleed, TrimBox and BleedBox
set, in the shop's order (The Game Crafter, MakePlayingCards, DriveThruCards), each with
the note a designer needs before uploading.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from cardgen.package.imposition import Face
from cardgen.package.pdf import PdfData, draw_card_image, finish, print_canvas

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
