"""Layouts as data: card size, DPI, bleed and safe zone, fonts, icons and drawing elements.

A layout file may `extends:` one or more parents (merged left to right, then the file
itself; an element set to `null` is removed). Element coordinates are measured from the
top-left corner of the trim box; negative values reach into the bleed.
"""

from __future__ import annotations

import functools
from typing import Annotated, Any, Literal

from PIL import ImageColor
from pydantic import (
    AfterValidator,
    Field,
    TypeAdapter,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from cardgen.model.base import Selector, Strict
from cardgen.model.plugin_kinds import BUILTIN_ELEMENTS, WithPlugins, element_kinds
from cardgen.model.units import CardSize, Length


def _check_color(value: str) -> str:
    if "{" in value:  # a template such as `{back_color}`: checked once it is filled in
        return value
    try:
        ImageColor.getrgb(value)
    except ValueError:
        raise ValueError(
            f'"{value}" is not a colour: use #rrggbb, #rrggbbaa or a name such as "red"'
        ) from None
    return value


def _check_plain_color(value: str) -> str:
    if "{" in value:
        raise ValueError(f'"{value}": a `{{field}}` colour is not possible here')
    return _check_color(value)


def _any_case(word: str) -> str:
    return "".join(f"[{c}{c.upper()}]" if c.isalpha() else c for c in word)


def color_pattern() -> str:
    """The colours Pillow's `ImageColor.getrgb` reads (any capitals), as a JSON Schema
    pattern: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`, `hsl()`, `hsv()`,
    `hsb()` and the CSS colour names (digits 0-9 only)."""
    n, f, s = "[0-9]+", r"[0-9]+\.?[0-9]*", r"\s*"

    def call(name: str, *args: str) -> str:
        return name + r"\(" + s + f"{s},{s}".join(args) + s + r"\)"

    rgb, hsl, hsv = _any_case("rgb"), _any_case("hsl"), _any_case("hs") + "[bBvV]"
    forms = [
        "#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})",
        call(rgb, n, n, n),
        call(rgb, f"{n}%", f"{n}%", f"{n}%"),
        call(rgb + "[aA]", n, n, n, n),
        call(hsl, f, f"{f}%", f"{f}%"),
        call(hsv, f, f"{f}%", f"{f}%"),
        *(_any_case(name) for name in sorted(ImageColor.colormap)),
    ]
    return "^(?:" + "|".join(forms) + ")$"


TEMPLATE_PATTERN = (
    r"^(?:[^{}]|\{\{|\}\}|\{[A-Za-z_]\w*\|[^{}|]*(?:\|[^{}|]*)?\}|\{[^{}!:]*(?:![\s\S])?"
    r"(?::(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)?\})*$"
)
"""Text whose braces `str.format` reads: `{field}`, `{field:spec}`, `{{` and `}}`, and the
`|` forms of `model.references` (JSON Schema pattern; a format spec nests braces two deep
at most)."""
Template = Annotated[str, WithJsonSchema({"type": "string", "pattern": TEMPLATE_PATTERN})]
"""A value with `{field}` templates (text, image source, icon name), checked on load."""

Color = Annotated[
    str, AfterValidator(_check_color), WithJsonSchema({"type": "string", "format": "color"})
]
"""`#rrggbb`, `#rrggbbaa` or a CSS colour name (or a `{field}` template), checked on load."""
PlainColor = Annotated[
    str,
    AfterValidator(_check_plain_color),
    WithJsonSchema({"type": "string", "format": "plain-color"}),
]
"""A colour that is not a template (a layout's background, icon colours)."""


class Switch(Strict):
    """Element properties chosen by a card field's value (e.g. border colour by colorway)."""

    field: str = Field(description="The card field whose value picks the case.")
    cases: dict[str, dict[str, Any]] = Field(
        description="Field value -> properties that replace the element's own."
    )
    default: dict[str, Any] = Field(
        default_factory=dict, description="Properties used when no case matches."
    )


class ElementBase(Strict):
    """Fields every element has: its box, when it is drawn, and its switches."""

    x: Length = Field(default="0", description="Left edge, from the trim's left edge.")
    y: Length = Field(default="0", description="Top edge, from the trim's top edge.")
    width: Length = Field(default="100%", description="Width (% of the trim width).")
    height: Length = Field(default="100%", description="Height (% of the trim height).")
    when: Selector = Field(
        default_factory=dict,
        description=(
            "Draw only when every key holds: a value (a list: any of), `present`, `empty`,"
            " or a comparison such as `>=5` (numbers) or `!= fire`."
        ),
    )
    unless: Selector = Field(
        default_factory=dict,
        description="Do not draw when every key holds (the same keys as `when`).",
    )
    switch: list[Switch] = Field(
        default_factory=list, description="Properties chosen by field values, applied in order."
    )
    opacity: float = Field(default=1.0, ge=0, le=1, description="0 transparent to 1 opaque.")
    before: str | None = Field(
        default=None,
        description="Draw this new element before (beneath) the inherited element of this name.",
    )


class ShapeStyle(Strict):
    """Fill and outline of a shape."""

    fill: Color | None = Field(default=None, description="Fill colour (none: no fill).")
    gradient: list[Color] = Field(
        default_factory=list, description="Fill with a gradient through these colours instead."
    )
    gradient_angle: float = Field(
        default=90, ge=-3600, le=3600, description="Gradient direction in degrees."
    )
    stroke: Color | None = Field(default=None, description="Outline colour (none: no outline).")
    stroke_gradient: list[Color] = Field(
        default_factory=list, description="Outline with a gradient through these colours."
    )
    stroke_width: Length = Field(default="0", description="Outline width.")


class RectElement(ElementBase, ShapeStyle):
    """A rectangle, rounded with `radius`."""

    kind: Literal["rect"] = Field(description="Element kind.")
    radius: Length = Field(default="0", description="Corner radius.")
    bleed: bool = Field(default=False, description="Cover the whole canvas, bleed included.")


class EllipseElement(ElementBase, ShapeStyle):
    """An ellipse filling its box."""

    kind: Literal["ellipse"] = Field(description="Element kind.")


class PolygonElement(ElementBase, ShapeStyle):
    """A polygon: explicit `points` in the box, or a regular polygon of `sides`."""

    kind: Literal["polygon"] = Field(description="Element kind.")
    points: list[tuple[Length, Length]] = Field(
        default_factory=list, description="Corners, measured from the box's top-left."
    )
    sides: int | None = Field(default=None, ge=3, le=64, description="A regular polygon.")
    angle: float = Field(
        default=0, ge=-3600, le=3600, description="Rotation of a regular polygon, in degrees."
    )


class HexagonElement(ElementBase, ShapeStyle):
    """A regular hexagon fitted in its box."""

    kind: Literal["hexagon"] = Field(description="Element kind.")
    orientation: Literal["pointy", "flat"] = Field(
        default="pointy", description="Pointy top or flat top."
    )


class LineElement(ElementBase):
    """A line through `points` (measured from the box's top-left)."""

    kind: Literal["line"] = Field(description="Element kind.")
    points: list[tuple[Length, Length]] = Field(min_length=2, description="The line's points.")
    stroke: Color = Field(default="#000000", description="Line colour.")
    stroke_width: Length = Field(default="1pt", description="Line width.")


class ImageElement(ElementBase):
    """An image file (card art), fitted into the box."""

    kind: Literal["image"] = Field(description="Element kind.")
    src: Template = Field(
        description="File relative to the game folder; `{art}` for the card's art."
    )
    fit: Literal["contain", "cover", "stretch"] = Field(
        default="cover", description="How the image fills the box."
    )
    placeholder: bool = Field(
        default=True, description="Draw a placeholder made from the card name when missing."
    )
    radius: Length = Field(default="0", description="Round the image's corners.")


class TextElement(ElementBase):
    """Text that wraps, aligns and shrinks to fit its box, with bold, italic and icons."""

    kind: Literal["text"] = Field(description="Element kind.")
    text: Template = Field(
        description=(
            "The text: `{field}` inserts a card field; in the result `**bold**`, `*italic*`"
            " and `{icon}` (an icon name) are drawn; `{{` is a literal brace."
        )
    )
    font: str = Field(
        default="sans", description="Font family: sans, serif, display or a layout font."
    )
    size: float = Field(default=9, gt=0, le=400, description="Font size in points.")
    min_size: float | None = Field(
        default=None,
        gt=0,
        le=400,
        description="Shrink down to this size to fit (default: no shrink), in points.",
    )
    color: Color = Field(default="#000000", description="Text colour.")
    bold: bool = Field(default=False, description="Bold throughout.")
    italic: bool = Field(default=False, description="Italic throughout.")
    align: Literal["left", "center", "right", "justify"] = Field(
        default="left",
        description=(
            "Horizontal; `justify` spreads the spaces of every line but the last (and of a"
            " line ending at a line break) to fill the width."
        ),
    )
    valign: Literal["top", "middle", "bottom"] = Field(default="top", description="Vertical.")
    line_spacing: float = Field(default=1.15, gt=0, le=4, description="Line height / font size.")
    wrap: bool = Field(default=True, description="Wrap at the box's width.")
    hyphenate: bool = Field(
        default=False,
        description=(
            "Break a word that does not fit what is left of its line at a hyphenation point"
            " of the game's language, with a hyphen (soft hyphens break always)."
        ),
    )
    bold_keywords: bool = Field(
        default=False, description="Set the game's glossary keywords in bold."
    )
    upper: bool = Field(default=False, description="Set the text in capitals.")
    icon_color: Color | None = Field(default=None, description="Icon colour (default: text's).")
    outline: Color | None = Field(default=None, description="Outline colour around the glyphs.")
    outline_width: Length = Field(default="0", description="Outline width.")
    rotate: Literal[0, 90, 180, 270] = Field(
        default=0, description="Turn the text in its box, anticlockwise (180: upside down)."
    )


class IconElement(ElementBase):
    """A vector icon from cardgen's icon library, by name (may be a `{field}`)."""

    kind: Literal["icon"] = Field(description="Element kind.")
    name: Template = Field(description="Icon name, e.g. `heart` or `{shape}`.")
    color: Color = Field(default="#000000", description="Icon colour.")
    colors: dict[str, PlainColor] = Field(
        default_factory=dict, description="Colour by the value of `color_field`."
    )
    color_field: str | None = Field(default=None, description="Field choosing from `colors`.")
    outline: Color | None = Field(default=None, description="Outline colour around the icon.")
    outline_width: Length = Field(default="0", description="Outline width.")
    rotate: Literal[0, 90, 180, 270] = Field(default=0, description="Turn the icon, anticlockwise.")


class HelperElement(ElementBase):
    """A registered drawing helper (e.g. `hex_pattern`) with its parameters."""

    kind: Literal["helper"] = Field(description="Element kind.")
    name: Template = Field(description="The helper's registered name.")
    params: dict[str, Any] = Field(default_factory=dict, description="The helper's parameters.")


Element = Annotated[
    RectElement
    | EllipseElement
    | PolygonElement
    | HexagonElement
    | LineElement
    | ImageElement
    | TextElement
    | IconElement
    | HelperElement,
    Field(discriminator="kind"),
]
AnyElement = Annotated[Element, WithPlugins(BUILTIN_ELEMENTS, element_kinds)]
"""An element of a built-in kind or of a kind a plugin adds (`model.plugin_kinds`)."""


@functools.cache
def element_adapter() -> TypeAdapter[Any]:
    """The validator of one layout element of any kind: made once, on first use (building
    it takes 10 ms, which a command that reads no layout does not pay)."""
    return TypeAdapter(AnyElement)


class FontFamily(Strict):
    """Font files of a family (paths relative to the project folder)."""

    regular: str = Field(description="Regular face.")
    bold: str | None = Field(default=None, description="Bold face (default: regular).")
    italic: str | None = Field(default=None, description="Italic face (default: regular).")
    bold_italic: str | None = Field(default=None, description="Bold italic face.")


class IconSpec(Strict):
    """An icon as used inside text, e.g. `{agility}` -> the agility icon in green, or a
    file of the game's own (`coin: {file: icons/coin.svg}`): exactly one of the two."""

    icon: str | None = Field(default=None, description="Name in the icon library.")
    file: str | None = Field(
        default=None,
        description="An SVG or image file (PNG, JPEG, WebP...), relative to the game folder.",
    )
    color: PlainColor | None = Field(
        default=None,
        description="Colour (default: the text's). On a file's icon that is not one"
        " single-colour SVG, its shape is recoloured only when this is given.",
    )
    recolor: bool = Field(
        default=True, description="false: a file's icon is always kept as it is drawn."
    )

    @model_validator(mode="after")
    def _one_source(self) -> IconSpec:
        if (self.icon is None) == (self.file is None):
            raise ValueError(
                "give exactly one of icon: (a built-in icon's name) and file: (an SVG or"
                " image file, relative to the game folder)"
            )
        return self


class LayoutFile(Strict):
    """One layout file as written: every key optional, so that it can extend others."""

    extends: list[str] = Field(
        default_factory=list, description="Parent layouts by name, merged left to right."
    )
    size: CardSize | None = Field(
        default=None, description="Card size: `poker`, `63.5mm x 88.9mm`."
    )
    dpi: int | None = Field(default=None, ge=50, le=1200, description="Pixels per inch.")
    bleed: Length | None = Field(default=None, description="Bleed on each side (default 1/8 in).")
    safe: Length | None = Field(
        default=None, description="Safe margin inside the trim (default 1/8 in)."
    )
    background: PlainColor | None = Field(
        default=None, description="Canvas colour, bleed included."
    )
    fonts: dict[str, FontFamily] = Field(default_factory=dict, description="Extra font families.")
    icons: dict[str, IconSpec] = Field(
        default_factory=dict, description="Icons usable in text as `{name}`, with colours."
    )
    elements: dict[str, dict[str, Any] | None] = Field(
        default_factory=dict, description="Drawing elements by name, drawn in order."
    )

    @field_validator("extends", mode="before")
    @classmethod
    def _one_or_many(cls, value: object) -> object:
        return [value] if isinstance(value, str) else value


class Layout(Strict):
    """A resolved layout: parents merged, every element validated."""

    name: str = Field(description="The layout's name (its file name without .yaml).")
    size: CardSize = Field(default="poker", description="Card size.")
    dpi: int = Field(default=300, description="Pixels per inch.")
    bleed: Length = Field(default="0.125in", description="Bleed on each side.")
    safe: Length = Field(default="0.125in", description="Safe margin inside the trim.")
    background: PlainColor = Field(default="#ffffff", description="Canvas colour.")
    fonts: dict[str, FontFamily] = Field(default_factory=dict, description="Extra fonts.")
    icons: dict[str, IconSpec] = Field(default_factory=dict, description="Icons usable in text.")
    elements: dict[str, AnyElement] = Field(default_factory=dict, description="Elements in order.")
    sources: dict[str, tuple[str, int]] = Field(
        default_factory=dict, description="Element name -> (file, line) where it was last set."
    )
    src_sources: dict[str, tuple[str, int]] = Field(
        default_factory=dict,
        description="Image element name -> (file, line) where its `src` was last set.",
    )
