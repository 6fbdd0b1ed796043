"""A rules document's image in the PDF: the file it names (relative to the document's
folder, never outside it), drawn at its own size (its dpi, else 150) or scaled down to fit
the column and part of the page, its aspect ratio kept; a plain RGB PNG goes in as
its own compressed data. An image that is missing, outside
the folder, on the web or unreadable is written as its alternative text instead."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, UnidentifiedImageError
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph
from reportlab.platypus import Image as ImageFlowable

from cardgen.printing.pdf import content_keyed, draw_image, png_stream
from cardgen.rulebook.pdf_inline import ImageRef, text

DEFAULT_DPI = 150.0
"""The resolution an image without one is drawn at."""
MOST_OF_PAGE = 0.6
"""The largest share of the frame's height one image takes."""


def image_flowable(
    image: ImageRef, base: Path, width: float, height: float, note: ParagraphStyle
) -> Flowable:
    """The image scaled to fit (`width` x `height` of frame), or a note with its
    alternative text when it cannot be drawn."""
    found = _image_file(image.src, base)
    size = _pixel_size(found) if found is not None else None
    if found is None or size is None:
        return Paragraph(f"[{text(image.alt or image.src or 'image')}]", note)
    (pixels_w, pixels_h), dpi = size
    natural_w, natural_h = pixels_w * 72.0 / dpi, pixels_h * 72.0 / dpi
    scale = min(1.0, width / natural_w, height * MOST_OF_PAGE / natural_h)
    if png_stream(found) is not None:
        return _PngFlowable(found, natural_w * scale, natural_h * scale)
    return ImageFlowable(
        content_keyed(found), natural_w * scale, natural_h * scale, hAlign="CENTER"
    )


class _PngFlowable(Flowable):  # type: ignore[misc]
    """A plain RGB or grey PNG (a card image as cardgen renders it), its compressed pixels
    copied into the PDF as they are (`cardgen.printing.pdf.draw_image`): not decoded and
    deflated again, which takes ReportLab a tenth of a second or more a card."""

    def __init__(self, path: Path, width: float, height: float) -> None:
        super().__init__()
        self.path = path
        self.width = width
        self.height = height
        self.hAlign = "CENTER"

    def draw(self) -> None:
        """Draw the image over the flowable's box."""
        draw_image(self.canv, self.path, 0, 0, self.width, self.height)


def _image_file(src: str, base: Path) -> Path | None:
    """The file an image's address names inside `base`, or None."""
    if not src or "://" in src or src.startswith(("data:", "/", "\\")):
        return None
    root = base.resolve()
    try:
        path = (root / src).resolve()
    except (OSError, RuntimeError, ValueError):
        return None
    return path if path.is_relative_to(root) and path.is_file() else None


def _pixel_size(path: Path) -> tuple[tuple[int, int], float] | None:
    """An image file's size in pixels and its resolution (dots per inch), or None when
    Pillow cannot read it."""
    try:
        with Image.open(path) as opened:
            opened.verify()
        with Image.open(path) as opened:
            pixels = opened.size
            dpi = opened.info.get("dpi", (DEFAULT_DPI, DEFAULT_DPI))[0]
    except (OSError, UnidentifiedImageError, ValueError, Image.DecompressionBombError):
        return None
    if min(pixels) < 1:
        return None
    resolution = float(dpi) if isinstance(dpi, int | float) and 10 <= dpi <= 2400 else DEFAULT_DPI
    return pixels, resolution
