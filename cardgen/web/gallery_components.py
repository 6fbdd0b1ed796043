"""The proof gallery's components section: each printed component with its faces as the
build drew them (linked relatively, as the cards are), a tuck box with a thumbnail of its
template drawn from its panels (a PNG `data:` URL), and the components that are not
printed (pieces, counters, grid boards) named with what they are.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from html import escape
from pathlib import Path

from PIL import Image, ImageDraw
from reportlab.lib.units import mm

from cardgen.load.game import GamePack
from cardgen.model.components import BoardComponent, CounterComponent, Piece
from cardgen.printing.components_pdf import ComponentPicture
from cardgen.printing.tuckbox import TuckTemplate
from cardgen.render.png import encode_png
from cardgen.web.gallery_cards import relative_href

THUMB = 96
"""A face's height on the page, in px."""
TEMPLATE_WIDTH = 240


def template_picture(template: TuckTemplate, color: str) -> Image.Image:
    """A small picture of a tuck box's template: faces and flaps in its colour, glue areas
    grey, each panel outlined."""
    width, height = template.size
    scale = TEMPLATE_WIDTH / width
    image = Image.new("RGB", (TEMPLATE_WIDTH, max(1, round(height * scale))), "#ffffff")
    draw = ImageDraw.Draw(image)
    for panel in template.panels:
        r = panel.rect
        box = (
            round(r.x * scale),
            round((height - r.top) * scale),
            round(r.right * scale),
            round((height - r.y) * scale),
        )
        draw.rectangle(box, fill="#d0d0d0" if panel.role == "glue" else color, outline="#000000")
    return image


def _figure(picture: ComponentPicture, out: Path) -> str:
    images = "".join(
        f'<img src="{escape(relative_href(path, out))}" height="{THUMB}" loading="lazy"'
        f' alt="{escape(path.stem)}">'
        for path in picture.files
    )
    if picture.template is not None:
        png = encode_png(template_picture(picture.template, picture.color), 72)
        data = base64.b64encode(png).decode("ascii")
        t = picture.template
        images += (
            f'<img src="data:image/png;base64,{data}" alt="template of {escape(picture.label)}">'
        )
        inside = f"inside {t.width / mm:.1f} x {t.height / mm:.1f} x {t.depth / mm:.1f} mm"
        images += f"<span>{inside}</span>"
    return (
        f'<figure class="component" id="component-{escape(picture.id)}">{images}'
        f"<figcaption><b>{escape(picture.label)}</b> ({escape(picture.kind)})</figcaption>"
        "</figure>"
    )


def components_section(pack: GamePack, pictures: Sequence[ComponentPicture], out: Path) -> str:
    """The `<section id="components">` (empty when the game has no component)."""
    if not pack.game.components:
        return ""
    figures = "".join(_figure(picture, out) for picture in pictures)
    others = []
    for component in pack.game.components:
        if isinstance(component, Piece):
            about = f"a {component.shape}, {component.color}"
        elif isinstance(component, CounterComponent):
            bounds = f" ({component.min} to {component.max})" if component.max is not None else ""
            about = f"a counter starting at {component.start}{bounds}"
        elif isinstance(component, BoardComponent) and component.grid is not None:
            about = f"a board from {component.grid}: printed as a poster"
        else:
            continue
        others.append(f"<li><b>{escape(component.label)}</b>: {escape(about)}</li>")
    listed = f'<ul class="other-components">{"".join(others)}</ul>' if others else ""
    return (
        f'<section id="components"><h2>Components ({len(pack.game.components)})</h2>'
        f'<div class="components">{figures}</div>{listed}</section>'
    )
