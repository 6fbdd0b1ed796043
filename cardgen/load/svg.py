"""SVG files as a project gives them: read, checked and made safe to draw.

An SVG is XML that may point at other files (`<image href="...">`, `<use href="...">`) and
declare entities; a renderer follows both. So before anything draws it, an SVG is parsed
here (Python's expat: a parse error is reported at its line), refused when it declares an
entity or a document type with an internal subset, and every reference it makes is checked:
`#fragment` and `data:` references are its own; a relative path must name a file inside the
project (resolved with symlinks followed); absolute paths, `file:` and network URLs are
refused, at the line they are written. Its size in user units comes from its `viewBox` (or
its `width` and `height`), so it can be fitted into any box without a bitmap in between.

Rendering is `cardgen.render.vector`'s; this module opens no image and draws nothing.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from xml.parsers import expat

from cardgen.errors import CardgenError, display_path
from cardgen.load.svg_costs import MAX_PICTURE_PIXELS, MAX_SVG_DEPTH, check_costs

MAX_SVG_BYTES = 8_000_000
"""An SVG larger than this is refused before parsing (a game's icon is a few kilobytes)."""

MAX_SVG_ELEMENTS = 200_000
"""An SVG with more elements than this is refused: drawing it would take minutes."""

SVG_NS = "http://www.w3.org/2000/svg"
_XLINK = "{http://www.w3.org/1999/xlink}href"
_UNITS = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54}
_UNITS["in"] = 96.0
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*([a-z]*)\s*")
_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)['\"]?\s*\)")

ViewBox = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class SvgDocument:
    """A checked SVG: its parsed tree, the box of user units it draws in, where it came from.

    `view_box` is (x, y, width, height) in the document's user units; `resources` is the
    folder relative references are resolved from (every one checked to lie in the project).
    """

    root: ET.Element
    view_box: ViewBox
    path: Path
    resources: Path


def is_svg(path: Path) -> bool:
    """Whether a file is named as an SVG (`.svg`, any capitals)."""
    return path.suffix.lower() == ".svg"


def read_svg(
    path: Path,
    project_root: Path,
    shown: str | None = None,
    max_pixels: int = MAX_PICTURE_PIXELS,
) -> SvgDocument:
    """Read and check the SVG at `path` (a file inside `project_root`); bad input raises a
    `CardgenError` naming the file (as `shown`, else its project path) and the line. A
    picture it draws may have at most `max_pixels` (the art limit; icons pass theirs)."""
    name = shown or display_path(path)
    try:
        size = path.stat().st_size
        if size > MAX_SVG_BYTES:
            raise CardgenError(
                f"{name}: SVG of {size:,} bytes is larger than the {MAX_SVG_BYTES:,} allowed"
            )
        data = path.read_bytes()
    except OSError as exc:
        raise CardgenError(f"{name}: cannot read: {exc.strerror or exc}") from None
    return parse_svg(data, path, project_root, name, max_pixels)


MAX_NESTED_SVGS = 2
"""SVGs drawn as pictures inside an SVG, one inside another."""


def parse_svg(
    data: bytes,
    path: Path,
    project_root: Path,
    name: str,
    max_pixels: int = MAX_PICTURE_PIXELS,
    nesting: int = 0,
) -> SvgDocument:
    """Parse and check SVG bytes said to come from `path` (see `read_svg`); `nesting`:
    how many SVGs this one is drawn inside."""
    lines: dict[int, int] = {}
    root = _parse(data, name, lines)
    if root.tag != f"{{{SVG_NS}}}svg":
        local = root.tag.rpartition("}")[2]
        what = "has no SVG namespace" if local == "svg" else f"is <{local}>, not <svg>"
        raise CardgenError(
            f'{name}:1: the root element {what} (<svg xmlns="http://www.w3.org/2000/svg">)'
        )
    resources = path.parent
    for count, element in enumerate(root.iter(), 1):
        if count > MAX_SVG_ELEMENTS:
            raise CardgenError(f"{name}: more than {MAX_SVG_ELEMENTS:,} elements")
        for ref in _references(element):
            _check_reference(ref, resources, project_root, f"{name}:{lines.get(id(element), 1)}")
    view_box = _view_box(root, name)

    def refuse(element: ET.Element, problem: str) -> CardgenError:
        return CardgenError(f"{name}:{lines.get(id(element), 1)}: {problem}")

    def nested(inner: bytes) -> None:
        if nesting >= MAX_NESTED_SVGS:
            raise CardgenError(
                f"{name}: SVGs drawn inside SVGs {MAX_NESTED_SVGS + 1} deep; at most"
                f" {MAX_NESTED_SVGS}"
            )
        parse_svg(inner, path, project_root, f"{name} (an SVG it draws)", max_pixels, nesting + 1)

    check_costs(root, max(view_box[2], view_box[3]), resources, refuse, nested, max_pixels)
    return SvgDocument(root, view_box, path, resources)


def _parse(data: bytes, name: str, lines: dict[int, int]) -> ET.Element:
    """The root of the XML, refusing entity and internal DTD declarations; `lines` gets
    each element's line (by id)."""
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate(namespace_separator="}")
    parser.buffer_text = True

    depth = [0]

    def start(tag: str, attrs: dict[str, str]) -> None:
        depth[0] += 1
        if depth[0] > MAX_SVG_DEPTH:
            raise CardgenError(
                f"{name}:{parser.CurrentLineNumber}: elements nested more than"
                f" {MAX_SVG_DEPTH} deep; an SVG nests at most {MAX_SVG_DEPTH}"
            )
        element = builder.start(_clark(tag), {_clark(k): v for k, v in attrs.items()})
        lines[id(element)] = parser.CurrentLineNumber

    def end(tag: str) -> None:
        depth[0] -= 1
        builder.end(_clark(tag))

    def refuse(*_: object) -> int:
        raise CardgenError(
            f"{name}:{parser.CurrentLineNumber}: the SVG declares an entity (<!ENTITY>);"
            " cardgen draws SVGs without entity or DTD declarations"
        )

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = builder.data
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    parser.UnparsedEntityDeclHandler = refuse
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        message = expat.errors.messages[exc.code] if exc.code else str(exc)
        raise CardgenError(f"{name}:{exc.lineno}: not a readable SVG: {message}") from None
    return builder.close()


def _clark(tag: str) -> str:
    """expat's `uri}local` name as ElementTree's `{uri}local`."""
    return "{" + tag if "}" in tag else tag


def _references(element: ET.Element) -> list[str]:
    """Every file or URL an element refers to: its hrefs and the `url(...)` of its
    attributes and styles (a `<style>` element's text included)."""
    refs = [v for k, v in element.attrib.items() if k in ("href", _XLINK)]
    for key, value in element.attrib.items():
        if key not in ("href", _XLINK):
            refs += _URL.findall(value)
    if element.tag == f"{{{SVG_NS}}}style" and element.text:
        refs += _URL.findall(element.text)
        if "@import" in element.text:
            refs.append("@import")
    return refs


def referenced_files(doc: SvgDocument) -> list[Path]:
    """The files an SVG refers to by a relative path (each inside the project, as
    `parse_svg` checked), resolved, sorted and each once: what its drawing reads besides
    its own bytes (a fragment, `sprites.svg#a`, names its file)."""
    found: set[Path] = set()
    for element in doc.root.iter():
        for ref in _references(element):
            ref = ref.strip()
            if ref.lower().startswith("data:"):
                continue
            ref = ref.split("#", 1)[0]
            if ref and ref != "@import":
                found.add((doc.resources / ref.replace("\\", "/")).resolve())
    return sorted(found)


def _check_reference(ref: str, resources: Path, project_root: Path, where: str) -> None:
    """Refuse a reference that leads outside the SVG and the project."""
    ref = ref.strip()
    if not ref or ref.startswith("#") or ref.lower().startswith("data:"):
        return
    shown = ref if len(ref) <= 80 else ref[:77] + "..."
    if ref == "@import" or re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", ref) or ref[0] in "/\\":
        raise CardgenError(
            f"{where}: the SVG refers to {shown!r}; only files inside the project (by a"
            " relative path), data: URLs and #ids may be referred to"
        )
    try:
        target = (resources / ref.replace("\\", "/")).resolve()
    except (OSError, RuntimeError) as exc:
        raise CardgenError(
            f"{where}: the SVG's reference {shown!r} cannot be resolved: {exc}"
        ) from None
    if not target.is_relative_to(project_root.resolve()):
        raise CardgenError(f"{where}: the SVG refers to {shown!r}, outside the project")


def _length(value: str | None) -> float | None:
    """A positive SVG length in px (96 per inch), or None when absent, relative or bad."""
    if value is None:
        return None
    match = _LENGTH.fullmatch(value)
    if match is None or match.group(2) not in _UNITS:
        return None
    number = float(match.group(1)) * _UNITS[match.group(2)]
    return number if number > 0 else None


def _view_box(root: ET.Element, name: str) -> ViewBox:
    """The drawing's box in user units: its viewBox, else (0, 0, width, height)."""
    written = root.get("viewBox")
    if written is not None:
        parts = re.split(r"[\s,]+", written.strip())
        try:
            x, y, w, h = (float(p) for p in parts)
        except ValueError:
            raise CardgenError(f'{name}:1: viewBox="{written}" is not four numbers') from None
        if not (w > 0 and h > 0) or max(w, h) > 1e9:
            raise CardgenError(f'{name}:1: viewBox="{written}" needs a positive width and height')
        return (x, y, w, h)
    width, height = _length(root.get("width")), _length(root.get("height"))
    if width is None or height is None:
        raise CardgenError(
            f"{name}:1: the SVG has no viewBox and no width and height in absolute units;"
            ' add viewBox="0 0 W H" to its <svg> element'
        )
    return (0.0, 0.0, width, height)
