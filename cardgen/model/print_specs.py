"""Papers and print-shop presets as data: what a file of `cardgen/print_presets/`, or of a
project's own `papers/` and `shops/` folders, may say.

A paper is a sheet's size (portrait or not, it is held portrait until `--orientation`
turns it). A shop preset says which of the files cardgen makes a shop takes (a PDF of one
face a page, a PDF/X-1a file, or a PNG per face at the shop's template size) and with which
numbers: bleed, resolution, templates, the CMYK profile. See docs/plugins.md.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from cardgen.model.base import Strict

SheetLength = Annotated[
    str, StringConstraints(pattern=r"^\s*[0-9]+(?:\.[0-9]+)?\s*(?:mm|cm|in|pt)\s*$")
]
"""One length in a physical unit: `210mm`, `8.5in`, `612pt`."""


class PaperSpec(Strict):
    """One paper: its size and how a PDF names it."""

    description: str = Field(description="What the paper is, in a line.")
    width: SheetLength = Field(description="The sheet's width (short side), e.g. `210mm`.")
    height: SheetLength = Field(description="The sheet's height (long side), e.g. `297mm`.")
    label: str | None = Field(
        default=None,
        description="How a PDF's subject names it (default: its name in capitals).",
    )


class ShopTemplate(Strict):
    """A shop's image for one card size: the card's trim, the whole image and its bleed."""

    trim: str = Field(
        pattern=r"^[0-9.]+in x [0-9.]+in$",
        description="The card's trim size in inches, `2.5in x 3.5in`.",
    )
    width: int = Field(ge=16, le=20000, description="The image's width in pixels.")
    height: int = Field(ge=16, le=20000, description="The image's height in pixels.")
    bleed: float = Field(
        ge=0, le=1000, description="Pixels from each edge to the trim (`37.5`: 1/8 in at 300 dpi)."
    )
    product: str | None = Field(
        default=None,
        description="The shop's product of this size, as it names it (`Poker Deck`).",
    )


class ShopPreset(Strict):
    """A print shop: what file it takes, at which bleed, resolution and colours."""

    shop: str = Field(description="The shop's name as it writes it, `The Game Crafter`.")
    output: Literal["pdf", "pdfx", "images"] = Field(
        description=(
            "`pdf`: one face a page at trim + bleed, TrimBox and BleedBox set, front then"
            " back; `pdfx`: a PDF/X-1a:2003 CMYK file, back then front; `images`: one PNG"
            " per face at a template's size, with an upload list."
        )
    )
    note: str = Field(description="What a designer needs to know before uploading.")
    bleed: SheetLength = Field(
        default="0.125in", description="Bleed on each side of a page (`pdf`, `pdfx`)."
    )
    dpi: int = Field(default=300, ge=72, le=1200, description="The resolution the shop asks.")
    templates: list[ShopTemplate] = Field(
        default_factory=list, description="`images`: the shop's image for each card size."
    )
    upload: Literal["cards", "decks"] = Field(
        default="cards",
        description=(
            "`images`: how the upload set is laid out: `cards`, a front and a back for every"
            " card (a slot each, MakePlayingCards); `decks`, one deck per card size and back,"
            " its back once and then its fronts (The Game Crafter)."
        ),
    )
    profile: str | None = Field(
        default=None,
        description=(
            "`pdfx`: the CMYK output profile, an ICC file: one of cardgen's"
            " (`FOGRA39L_coated.icc`) or a path from the preset's folder."
        ),
    )
    condition: str | None = Field(
        default=None, description="`pdfx`: the output condition's registry name, `FOGRA39`."
    )
    condition_info: str | None = Field(
        default=None, description="`pdfx`: the output condition in words."
    )
    ink_limit: int | None = Field(
        default=None,
        ge=100,
        le=400,
        description=(
            "`pdfx`: the most ink any point may carry, in percent of one ink (C + M + Y + K,"
            " 240 at DriveThruCards); none: the profile's own separation as it is."
        ),
    )

    @model_validator(mode="after")
    def _complete(self) -> ShopPreset:
        if self.output == "images" and not self.templates:
            raise ValueError("an `images` shop needs its templates")
        if self.output == "pdfx" and not (self.profile and self.condition):
            raise ValueError("a `pdfx` shop needs its profile and condition")
        return self
