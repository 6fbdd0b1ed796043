"""What drawing one face carries from element to element: the layout, its canvas, the
card's values and project folders, and the warnings the face collects on the way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.errors import Location
from cardgen.model.card import Card
from cardgen.model.layout import Layout
from cardgen.render.canvas import Canvas


@dataclass(frozen=True, slots=True)
class RenderWarning:
    """Something a designer should look at: overflowing text, missing art."""

    code: str
    message: str
    card: str
    element: str
    path: str
    line: int | None

    def as_json(self) -> dict[str, Any]:
        """The warning as the JSON output and the build's cache hold it."""
        return {
            "code": self.code,
            "message": self.message,
            "card": self.card,
            "element": self.element,
            "path": self.path,
            "line": self.line,
        }

    def __str__(self) -> str:
        where = self.path + (f":{self.line}" if self.line else "")
        return f"{where}: {self.code} {self.card}: {self.message}"


@dataclass
class DrawContext:
    """What drawing one face needs beyond the layout: the card's values and the project."""

    layout: Layout
    canvas: Canvas
    values: dict[str, Any]
    subject: Card | None
    project_root: Path
    game_folder: Path
    keywords: list[str] = field(default_factory=list)
    warnings: list[RenderWarning] = field(default_factory=list)
    label: str = ""
    language: str = "en"
    """The game's language: plurals, number words, hyphenation."""

    def warn(self, code: str, element: str, message: str, at: Location | None = None) -> None:
        """A warning at `at`, or at the element's line in the layout."""
        if at is None:
            path, line = self.layout.sources.get(element, (self.layout.name, 0))
            at = Location(path, line or None)
        self.warnings.append(RenderWarning(code, message, self.label, element, at.path, at.line))
