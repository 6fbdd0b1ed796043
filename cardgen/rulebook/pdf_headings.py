"""The rulebook PDF's headings: a heading's paragraph carries its bookmark, and is never
left alone at the foot of a page: a conditional page break before it asks for room for
the heading and the start of what follows (a few lines of text, or the whole of an image;
a run of headings counts as one).

ReportLab's own `keepWithNext` is not used: it left a heading at a page's foot when the
list after it did not fit, and looped forever on a heading taller than the page.
"""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import CondPageBreak, Flowable, ListFlowable, Paragraph, Table

TEXT_START = 0.12
"""How much of what follows a heading, in shares of the frame's height, must fit on its
page when that is text, a list or a table (which go on onto the next page): 4 to 6 lines."""
MOST = 0.8
"""The most room a heading asks for, in shares of the frame's height."""


class Heading(Paragraph):  # type: ignore[misc]
    """A heading's paragraph, with its level and plain text for the PDF's bookmarks."""

    def __init__(
        self,
        content: str | None,
        style: ParagraphStyle,
        *args: object,
        level: int = 1,
        title: str = "",
        **kwargs: object,
    ) -> None:
        super().__init__(content, style, *args, **kwargs)
        self.level = level
        self.title = title

    def split(self, width: float, height: float) -> list[Flowable]:
        """A heading too long for the rest of the page in two: the first part keeps the
        bookmark (ReportLab makes each part anew, with this class and no title)."""
        parts: list[Flowable] = super().split(width, height)
        if parts and isinstance(parts[0], Heading):
            parts[0].level, parts[0].title = self.level, self.title
        return parts


def _height(flowable: Flowable, width: float, height: float) -> float:
    """The flowable's height in a column `width` wide, with the space around it."""
    around = float(flowable.getSpaceBefore()) + float(flowable.getSpaceAfter())
    return float(flowable.wrap(width, height)[1]) + around


def _start(flowable: Flowable, width: float, height: float) -> float:
    """How much of a block must share the page with the heading above it."""
    if isinstance(flowable, ListFlowable):  # measured only as it is placed (on a canvas)
        return height * TEXT_START
    whole = _height(flowable, width, height)
    if isinstance(flowable, Paragraph | Table):
        return min(whole, height * TEXT_START)
    return whole


def headings_kept(flowables: list[Flowable], width: float, height: float) -> list[Flowable]:
    """The flowables with a conditional page break before each heading (or run of
    headings), for the room it and the start of the next block need."""
    needs: dict[int, float] = {}
    for index in reversed(range(len(flowables))):
        if not isinstance(flowables[index], Heading):
            continue
        after = flowables[index + 1] if index + 1 < len(flowables) else None
        follow = (
            0.0
            if after is None
            else needs[index + 1]
            if isinstance(after, Heading)
            else _start(after, width, height)
        )
        needs[index] = _height(flowables[index], width, height) + follow
    kept: list[Flowable] = []
    for index, flowable in enumerate(flowables):
        if index in needs and (index == 0 or (index - 1) not in needs):
            kept.append(CondPageBreak(min(needs[index], height * MOST)))
        kept.append(flowable)
    return kept
