"""A resolved rules document as a printable PDF: a cover with the title, then the rules,
each heading a bookmark in the PDF's outline, the page number in the footer, the title and
language in the document's metadata. Same input, same bytes (ReportLab's invariant mode).

`rulebook_pdf` makes the pages a sheet of the paper (A4, Letter), or in booklet mode half a
sheet (A5, half-Letter) imposed two-up for a saddle-stitched booklet (`booklet`).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepInFrame,
    LayoutError,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
)

from cardgen import __version__
from cardgen.printing.paper import paper_name, paper_size
from cardgen.printing.pdf import PdfData, PngStream
from cardgen.rulebook.booklet import OutlineEntry, half_sheet, impose
from cardgen.rulebook.pdf_blocks import Place, document_flowables
from cardgen.rulebook.pdf_fonts import TEXT, drawable
from cardgen.rulebook.pdf_headings import Heading
from cardgen.rulebook.pdf_inline import text
from cardgen.rulebook.pdf_styles import SMALL_PAGE, Styles, styles_for

Duplex = Literal["short", "long"]


@dataclass
class _Outline:
    """The bookmarks a build has made: each heading's entry, and the depth of the last."""

    entries: list[OutlineEntry] = field(default_factory=list)
    depth: int = -1


class _Shrunk(KeepInFrame):  # type: ignore[misc]
    """A flowable too large for any page, drawn smaller to fit one."""

    def __init__(self, width: float, height: float, content: list[Flowable]) -> None:
        super().__init__(width, height, content, mode="shrink")


class _RulebookTemplate(BaseDocTemplate):  # type: ignore[misc]
    """The document: a cover page, then the rules with the page number in the footer; each
    heading bookmarked and entered in the outline as it is placed."""

    def __init__(
        self, buffer: io.BytesIO, page: tuple[float, float], styles: Styles, **meta: object
    ) -> None:
        margin = (12 if page[0] < SMALL_PAGE else 20) * mm
        super().__init__(
            buffer,
            pagesize=page,
            leftMargin=margin,
            rightMargin=margin,
            topMargin=margin,
            bottomMargin=margin * 1.2,
            invariant=1,
            pageCompression=1,
            initialFontName=TEXT,
            **meta,
        )
        self.styles = styles
        self.outline = _Outline()
        frame = Frame(
            margin,
            margin * 1.2,
            page[0] - 2 * margin,
            page[1] - margin * 2.2,
            id="text",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        self.addPageTemplates(
            [
                PageTemplate("cover", [frame], onPage=self._cover),
                PageTemplate("rules", [frame], onPage=self._footer),
            ]
        )

    def _cover(self, canvas: Canvas, _doc: BaseDocTemplate) -> None:
        """The cover carries no number; the viewer opens with the bookmarks shown."""
        canvas.showOutline()

    def _footer(self, canvas: Canvas, _doc: BaseDocTemplate) -> None:
        """The page number, centred under the text."""
        canvas.saveState()
        canvas.setFont(TEXT, self.styles.footer_size)
        canvas.setFillColor(self.styles.muted)
        canvas.drawCentredString(self.pagesize[0] / 2, self.bottomMargin / 2, str(self.page))
        canvas.restoreState()

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        """Place the next flowable; one that neither fits an empty frame nor splits (a
        table row or a list item taller or wider than the page) is drawn smaller to fit,
        rather than stopping the PDF."""
        first = flowables[0] if flowables else None
        try:
            super().handle_flowable(flowables)
        except LayoutError:
            if first is None or isinstance(first, _Shrunk):
                raise
            flowables.insert(0, _Shrunk(self.frame._width, self.frame._height, [first]))

    def afterFlowable(self, flowable: Flowable) -> None:
        """Bookmark a heading where it landed, one level under the last one at most (the
        outline may not skip a level)."""
        if not isinstance(flowable, Heading) or not flowable.title:
            return
        level = min(flowable.level - 1, self.outline.depth + 1)
        key = f"heading-{len(self.outline.entries) + 1}"
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(drawable(flowable.title), key, level=level, closed=False)
        self.outline.entries.append(OutlineEntry(drawable(flowable.title), level, self.page))
        self.outline.depth = level


def pages_pdf(
    markdown: str,
    *,
    title: str,
    language: str,
    base: Path,
    page: tuple[float, float],
    duplex: Duplex = "long",
    subject: str = "Rules",
) -> tuple[bytes, list[OutlineEntry]]:
    """The rulebook's pages at `page` size (points), and its outline's entries."""
    rl_config.useA85 = 0
    styles = styles_for(page[0], language)
    buffer = io.BytesIO()
    document = _RulebookTemplate(
        buffer,
        page,
        styles,
        title=drawable(title),
        author="",
        subject=subject,
        creator=f"cardgen {__version__}",
        lang=language,
        displayDocTitle=1,
    )
    place = Place(styles, base, document.width, document.height)
    story: list[Flowable] = [
        NextPageTemplate("rules"),
        Spacer(1, document.height * 0.3),
        Paragraph(text(title), styles.title),
        PageBreak(),
        *document_flowables(markdown, place),
    ]
    document.build(story, canvasmaker=_canvas_maker(duplex))
    pdf = PdfData(buffer.getvalue(), dict(document.canv._cardgen_streams))
    return pdf.to_bytes(), document.outline.entries


def _canvas_maker(duplex: Duplex) -> type[Canvas]:
    """A canvas class that asks the print dialog for 100 % scale and the duplex flip."""
    preference = "DuplexFlipShortEdge" if duplex == "short" else "DuplexFlipLongEdge"

    class _PrintCanvas(Canvas):  # type: ignore[misc]
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)
            self.setViewerPreference("PrintScaling", "None")
            self.setViewerPreference("Duplex", preference)
            # PNGs whose data is copied in as it is (`draw_image`): by marker, and by path
            self._cardgen_streams: dict[bytes, PngStream] = {}
            self._cardgen_images: dict[str, tuple[str, str] | None] = {}

    return _PrintCanvas


def rulebook_pdf(
    markdown: str,
    *,
    title: str,
    language: str,
    base: Path,
    paper: str,
    booklet: bool,
    duplex: Duplex = "short",
) -> bytes:
    """The rulebook as a PDF on `paper` (`a4`, `letter`): its pages a sheet each, or with
    `booklet` half a sheet each, imposed two-up on landscape sheets in saddle-stitch order,
    for printing on both sides flipped on the short edge (`duplex="long"` turns the backs
    for a printer that flips on the long edge). `base` is the folder image addresses are
    relative to; `language` the document's (metadata, hyphenation)."""
    sheet = paper_size(paper_name(paper))
    if not booklet:
        pages, _ = pages_pdf(markdown, title=title, language=language, base=base, page=sheet)
        return pages
    subject = f"Rules: a booklet, print on both sides flipped on the {duplex} edge, fold, staple"
    pages, outline = pages_pdf(
        markdown,
        title=title,
        language=language,
        base=base,
        page=half_sheet(sheet),
        duplex=duplex,
        subject=subject,
    )
    return impose(pages, sheet, outline, turn_backs=duplex == "long")
