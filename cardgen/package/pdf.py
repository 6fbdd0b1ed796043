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

from PIL import Image
from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from cardgen import __version__
from cardgen.cache import file_digest
from cardgen.render.fonts import RL_FONTS
from cardgen.write import atomic_write

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


class _ContentKeyed(str):
    """An image's path that ReportLab reads as usual but keys by the file's content.

    ReportLab names an image's PDF object after the text of its path (`"%s" % path`), so the
    same project in another folder would give a PDF with other bytes; this path's text, as
    `str()` gives it, is its content hash instead (same content, same object).
    """

    key: str

    def __new__(cls, path: str, key: str) -> _ContentKeyed:
        keyed = super().__new__(cls, path)
        keyed.key = key
        return keyed

    def __str__(self) -> str:
        return self.key


def content_keyed(path: Path) -> str:
    """`path` for `Canvas.drawImage`, keyed by the file's content, not by its folder."""
    return _ContentKeyed(str(path), file_digest(path))


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
    source = printable(image)
    canvas.drawImage(
        content_keyed(source),
        x - bleed,
        y - bleed,
        w + 2 * bleed,
        h + 2 * bleed,
    )
    canvas.restoreState()


PRINT_QUALITY = 90


def printable(image: Path) -> Path:
    """The file to embed for a card image: a JPEG at quality 90 without chroma subsampling.

    ReportLab embeds a JPEG as it is, while it decodes a PNG and deflates its raw pixels
    again for every PDF (about 20 ms a card and PDF; the JPEG takes 5 ms, once). At 300 DPI
    this JPEG is visually lossless; it is about a quarter bigger than the deflated pixels
    (190 KB against 150 KB for a Shards card). It is made once per distinct image, beside
    the build's cache (`<out>/.cache/print/`).
    """
    if image.suffix.lower() in (".jpg", ".jpeg"):
        return image
    target = image.parent.parent / ".cache" / "print" / f"{file_digest(image)}.jpg"
    if not target.is_file():
        with Image.open(image) as source:
            buffer = io.BytesIO()
            source.convert("RGB").save(
                buffer,
                "JPEG",
                quality=PRINT_QUALITY,
                subsampling=0,
                dpi=source.info.get("dpi", (300, 300)),
            )
        atomic_write(target, buffer.getvalue())
    return target
