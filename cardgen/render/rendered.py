"""What rendering hands the later stages: each card's and back's image file, its cache key
and its physical geometry, as typed, frozen records (print-and-play, the TTS export, the
gallery, the build and the live server read their fields, not string keys), with the JSON
`cardgen render --format json` prints."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class Geometry:
    """A layout's physical size: trim width and height and bleed in points, and its dpi."""

    trim_pt: tuple[float, float]
    bleed_pt: float
    dpi: int

    @property
    def bleed_px(self) -> int:
        """The bleed in the image's pixels."""
        return round(self.bleed_pt * self.dpi / 72)

    def as_json(self) -> dict[str, Any]:
        """`trim_pt`, `bleed_pt` and `dpi`, as the render JSON gives them."""
        return {"trim_pt": list(self.trim_pt), "bleed_pt": self.bleed_pt, "dpi": self.dpi}


@dataclass(frozen=True, slots=True)
class RenderedCard:
    """A card's face as drawn: its name and type, its image file, the id of its back, the
    key of its cache entry (what it was drawn from) and its geometry."""

    name: str
    type: str
    file: Path
    back: str
    key: str
    geometry: Geometry

    def as_json(self) -> dict[str, Any]:
        """The card as `cardgen render --format json` lists it."""
        return {
            "name": self.name,
            "type": self.type,
            "file": str(self.file),
            "back": self.back,
            "key": self.key,
            **self.geometry.as_json(),
        }


@dataclass(frozen=True, slots=True)
class RenderedBack:
    """A back as drawn: its id, its image file, its cache key and its geometry."""

    back: str
    file: Path
    key: str
    geometry: Geometry

    def as_json(self) -> dict[str, Any]:
        """The back as `cardgen render --format json` lists it."""
        written = {"back": self.back, "file": str(self.file), "key": self.key}
        return written | self.geometry.as_json()
