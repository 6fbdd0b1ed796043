"""ReportLab canvases set up for printing: exact page size, fonts embedded, no scaling.

Every PDF cardgen writes goes through `print_canvas`: `invariant=1` (same input, same
bytes), PDF 1.7 (for the PrintScaling and Duplex viewer preferences), the Vera font
registered and used from the start so no non-embedded standard font sneaks in, ASCII85
off, title and author set. We do not produce PDF/X: no output intent, RGB images.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Literal

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from cardgen import __version__
from cardgen.render.fonts import RL_FONTS

FONT = "CardgenVera"
FONT_BOLD = "CardgenVeraBold"
DUPLEX_PREFERENCE = {
    "long": "DuplexFlipLongEdge",
    "short": "DuplexFlipShortEdge",
    "none": "Simplex",
}


def _register_fonts() -> None:
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, str(RL_FONTS / "Vera.ttf")))
        pdfmetrics.registerFont(TTFont(FONT_BOLD, str(RL_FONTS / "VeraBd.ttf")))


def print_canvas(
    buffer: io.BytesIO,
    pagesize: tuple[float, float],
    *,
    title: str,
    author: str,
    subject: str,
    duplex: Literal["long", "short", "none"] = "none",
) -> Canvas:
    """A canvas for a printable PDF written into `buffer`."""
    rl_config.useA85 = 0
    _register_fonts()
    canvas = Canvas(
        buffer,
        pagesize=pagesize,
        invariant=1,
        pdfVersion=(1, 7),
        initialFontName=FONT,
        initialFontSize=8,
    )
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setSubject(subject)
    canvas.setCreator(f"cardgen {__version__}")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", DUPLEX_PREFERENCE[duplex])
    return canvas


def draw_card_image(
    canvas: Canvas,
    image: Path,
    x: float,
    y: float,
    w: float,
    h: float,
    bleed: float,
    *,
    clip: bool = True,
) -> None:
    """Place a card image (trim + bleed) so that its trim lands on (x, y, w, h).

    With `clip`, the bleed is cut off at the trim so it cannot cover a neighbour. The image
    is drawn from its file path, so each distinct file is embedded once however often used.
    """
    canvas.saveState()
    if clip:
        path = canvas.beginPath()
        path.rect(x, y, w, h)
        canvas.clipPath(path, stroke=0, fill=0)
    canvas.drawImage(str(image), x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed)
    canvas.restoreState()
