"""ReportLab canvases set up for printing: exact page size, fonts embedded, no scaling.

Every PDF cardgen writes goes through `print_canvas`: `invariant=1` (same input, same
bytes), PDF 1.7 (for the PrintScaling and Duplex viewer preferences), the Vera font
registered and used from the start so no non-embedded standard font sneaks in, ASCII85
off, title and author set. We do not produce PDF/X: no output intent, RGB images.

Card images go into the PDF as they are: a PNG's compressed pixel data (its IDAT chunks) is
a valid PDF FlateDecode stream with the PNG predictor, so nothing is decoded or compressed
again (lossless, and no time spent per card). ReportLab lays out the pages with a short
marker in place of each image's data, and `PdfData` writes the file by copying each image's
data from its PNG at the marker and moving the cross-reference offsets by as much. So a
PDF of 2,000 cards never holds more than one image in memory.
"""

from __future__ import annotations

import bisect
import io
import re
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from PIL import Image
from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics
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
    canvas._cardgen_streams = {}  # marker -> PNG whose data goes there (see `draw_image`)
    canvas._cardgen_images = {}  # image path -> its XObject's names (see `draw_image`)
    return canvas


def finish(canvas: Canvas, buffer: io.BytesIO) -> PdfData:
    """Close a canvas made by `print_canvas` into `buffer`: the PDF, images still on disk."""
    canvas.save()
    return PdfData(buffer.getvalue(), dict(canvas._cardgen_streams))


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
    clip_box: tuple[float, float, float, float] | None = None,
    turned: bool = False,
) -> None:
    """Place a card image (trim + bleed) so that its trim lands on (x, y, w, h).

    With `clip`, the image is cut off at `clip_box` (x, y, w, h; by default the trim) so
    its bleed cannot cover a neighbour; `turned` draws it turned by 180 degrees about its
    centre. The image is drawn from its file path, so each distinct file is embedded once
    however often used.
    """
    canvas.saveState()
    if clip:
        path = canvas.beginPath()
        path.rect(*(clip_box or (x, y, w, h)))
        canvas.clipPath(path, stroke=0, fill=0)
    if turned:
        canvas.translate(2 * x + w, 2 * y + h)
        canvas.rotate(180)
    draw_image(canvas, image, x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed)
    canvas.restoreState()


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MARKER = re.compile(rb"CARDGEN-PNG-[0-9a-f]{32}")


@dataclass(frozen=True, slots=True)
class PngStream:
    """Where a PNG file keeps its compressed pixels: the data of its IDAT chunks."""

    path: Path
    width: int
    height: int
    colours: int
    ranges: tuple[tuple[int, int], ...]

    @property
    def length(self) -> int:
        """How many bytes of compressed pixels the image has."""
        return sum(size for _, size in self.ranges)

    def chunks(self, block: int = 1 << 20) -> Iterator[bytes]:
        """The compressed pixels, a block at a time."""
        with self.path.open("rb") as stream:
            for offset, size in self.ranges:
                stream.seek(offset)
                while size > 0:
                    data = stream.read(min(block, size))
                    if not data:
                        raise OSError(f"{self.path}: changed while being written into a PDF")
                    size -= len(data)
                    yield data


_streams: dict[tuple[str, int, int], PngStream | None] = {}


def png_stream(path: Path) -> PngStream | None:
    """The IDAT data of an 8-bit RGB or grey, non-interlaced PNG without transparency;
    None for any other file (it is then converted, see `printable`). Remembered while the
    file's size and modification time stay the same (a box prints each card many times)."""
    try:
        found = path.stat()
    except OSError:
        return None
    marker = (str(path.absolute()), found.st_size, found.st_mtime_ns)
    if marker not in _streams:
        _streams[marker] = _read_png_stream(path)
    return _streams[marker]


def _read_png_stream(path: Path) -> PngStream | None:
    try:
        with path.open("rb") as stream:
            if stream.read(8) != PNG_SIGNATURE:
                return None
            size = path.stat().st_size
            header: tuple[int, ...] | None = None
            ranges: list[tuple[int, int]] = []
            while True:
                head = stream.read(8)
                if len(head) < 8:
                    return None
                length, tag = struct.unpack(">I4s", head)
                start = stream.tell()
                if start + length + 4 > size:
                    return None
                if tag == b"IHDR" and length == 13:
                    header = struct.unpack(">IIBBBBB", stream.read(13))
                elif tag == b"IDAT":
                    ranges.append((start, length))
                elif tag == b"tRNS":
                    return None
                elif tag == b"IEND":
                    break
                stream.seek(start + length + 4)
    except OSError:
        return None
    if header is None or not ranges:
        return None
    width, height, depth, colour, compression, filtering, interlace = header
    if depth != 8 or colour not in (0, 2) or compression or filtering or interlace:
        return None
    return PngStream(path, width, height, 3 if colour == 2 else 1, tuple(ranges))


class _PngXObject(pdfdoc.PDFImageXObject):  # type: ignore[misc]
    """An image XObject whose data is a PNG's IDAT data, written in at the marker."""

    def __init__(self, name: str, png: PngStream, marker: bytes) -> None:
        self.name = name
        self.width, self.height = png.width, png.height
        self.bitsPerComponent = 8
        self.colorSpace = "DeviceRGB" if png.colours == 3 else "DeviceGray"
        self.mask = None
        self.png = png
        self.marker = marker

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        """The image's XObject as PDF bytes, its pixels left for `PdfData` to put in."""
        # written out directly: ReportLab's general formatter took 0.3 ms an image
        head = (
            b"<<\n/BitsPerComponent 8 /ColorSpace /%s"
            b" /DecodeParms << /BitsPerComponent 8 /Colors %d /Columns %d /Predictor 15 >>"
            b" /Filter /FlateDecode /Height %d /Length %d /Subtype /Image /Type /XObject"
            b" /Width %d\n>>"
        ) % (
            self.colorSpace.encode("ascii"),
            self.png.colours,
            self.width,
            self.height,
            self.png.length,
            self.width,
        )
        return head + b"\nstream\n" + self.marker + b"\nendstream\n"


def draw_image(canvas: Canvas, image: Path, x: float, y: float, w: float, h: float) -> None:
    """Draw an image file stretched over (x, y, w, h); each file is embedded once however
    often drawn. A plain RGB PNG goes in as it is; anything else as a JPEG (`printable`)."""
    seen: dict[str, tuple[str, str] | None] = canvas._cardgen_images
    if str(image) not in seen:  # a card's back is drawn hundreds of times: looked at once
        seen[str(image)] = _register(canvas, image)
    names = seen[str(image)]
    if names is None:
        canvas.drawImage(content_keyed(printable(image)), x, y, w, h)
        return
    name, registered = names
    canvas._currentPageHasImages = 1
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(w, h)
    canvas._code.append(f"/{registered} Do")
    canvas.restoreState()
    canvas._formsinuse.append(name)


def _register(canvas: Canvas, image: Path) -> tuple[str, str] | None:
    """Add a plain RGB PNG file to the canvas's document: (its name, the name its XObject
    is registered under); None for another kind of image. Images are numbered in the order
    they are first drawn, so the PDF does not depend on where the project lies (and no
    file is read to name it)."""
    png = png_stream(image)
    if png is None:
        return None
    number = len(canvas._cardgen_streams) + 1
    name = f"CardgenPng{number}"
    registered = canvas._doc.getXObjectName(name)
    marker = f"CARDGEN-PNG-{number:032x}".encode("ascii")
    xobject = _PngXObject(name, png, marker)
    canvas._doc.Reference(xobject, registered)
    canvas._doc.addForm(name, xobject)
    canvas._cardgen_streams[marker] = png
    return name, registered


@dataclass
class PdfData:
    """A PDF whose images are still in their PNG files: `chunks()` gives the file's bytes
    in order (each image read when its turn comes), `size` their total."""

    skeleton: bytes
    streams: dict[bytes, PngStream]

    def __post_init__(self) -> None:
        self._spots: list[tuple[int, int, PngStream]] = []
        self._tail = self.skeleton
        self._body_end = 0
        if not self.streams:
            return
        found = re.search(rb"startxref\r?\n(\d+)\r?\n%%EOF\s*$", self.skeleton)
        if found is None:
            raise ValueError("a PDF without a cross-reference table at its end")
        xref_at = int(found.group(1))
        for match in MARKER.finditer(self.skeleton, 0, xref_at):
            png = self.streams[match.group()]
            self._spots.append((match.start(), match.end(), png))
        if len(self._spots) != len(self.streams):
            raise ValueError("an image marker is missing from the PDF or appears twice")
        growth = [0]
        for start, end, png in self._spots:
            growth.append(growth[-1] + png.length - (end - start))

        starts = [start for start, _, _ in self._spots]

        def moved(offset: int) -> int:
            return offset + growth[bisect.bisect_left(starts, offset)]

        tail = self.skeleton[xref_at : found.start()]
        tail = re.sub(
            rb"(?m)^(\d{10}) (\d{5}) n",
            lambda m: b"%010d %s n" % (moved(int(m.group(1))), m.group(2)),
            tail,
        )
        self._tail = tail + b"startxref\n%d\n%%%%EOF\n" % (xref_at + growth[-1])
        self._body_end = xref_at

    @property
    def size(self) -> int:
        """The PDF's size in bytes, the images' pixels included."""
        if not self._spots:
            return len(self.skeleton)
        body = self._body_end - sum(end - start for start, end, _ in self._spots)
        return body + sum(png.length for _, _, png in self._spots) + len(self._tail)

    def chunks(self) -> Iterator[bytes]:
        """The PDF's bytes in order, the images' pixels read as they come."""
        if not self._spots:
            yield self.skeleton
            return
        at = 0
        for start, end, png in self._spots:
            yield self.skeleton[at:start]
            yield from png.chunks()
            at = end
        yield self.skeleton[at : self._body_end]
        yield self._tail

    def to_bytes(self) -> bytes:
        """The whole PDF in memory."""
        return b"".join(self.chunks())


PRINT_QUALITY = 90


def printable(image: Path) -> Path:
    """The file to embed for an image that is not a plain RGB PNG (see `png_stream`): a
    JPEG at quality 90 without chroma subsampling, made once per distinct image beside the
    build's cache (`<out>/.cache/print/`). ReportLab embeds a JPEG as it is, while it would
    decode any other image and deflate its pixels again for every PDF. The card images
    cardgen renders never come here: they go in as they are, losslessly.
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
