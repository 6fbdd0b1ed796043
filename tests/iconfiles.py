"""Icon files for tests of a game's own icons: a one-colour SVG disc, a two-colour SVG
square, a PNG, and the tiny game with them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image

Make = Callable[..., Path]

DOT = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle cx="5" cy="5" r="5"/></svg>'
)
TWO = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<rect width="5" height="10" fill="#ff0000"/><rect x="5" width="5" height="10" fill="#0000ff"/>'
    "</svg>"
)


def write_png(path: Path, colour: tuple[int, int, int] = (20, 160, 40)) -> None:
    """A 12 x 8 px opaque PNG of one colour at `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGBA", (12, 8), (*colour, 255)).save(path)


def icon_project(make_project: Make, layout: str, files: dict[str, str] | None = None) -> Path:
    """The tiny game with `files` in its game folder and `layout` as layouts/tiny/base.yaml."""
    root = make_project(extra=files or {})
    folder = root / "layouts" / "tiny"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "base.yaml").write_text(layout, encoding="utf-8")
    return root
