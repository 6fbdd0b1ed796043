"""Fonts from ReportLab's bundled files or from the project: never from the system.

Families: `sans` (Bitstream Vera Sans), `serif` (ReportLab's Times clone), `mono` (its
Courier clone) and `display` (Dark Garden); a layout may add families from font files in
the project. The PDF uses the same files.
"""

from __future__ import annotations

import functools
import io
import os
from pathlib import Path

import reportlab
from PIL import ImageFont

from cardgen.errors import CardgenError
from cardgen.model.layout import FontFamily, TextElement

RL_FONTS = Path(os.path.dirname(reportlab.__file__)) / "fonts"

BUILTIN_FAMILIES: dict[str, dict[str, str]] = {
    "sans": {
        "regular": "Vera.ttf",
        "bold": "VeraBd.ttf",
        "italic": "VeraIt.ttf",
        "bold_italic": "VeraBI.ttf",
    },
    "serif": {
        "regular": "_er_____.pfb",
        "bold": "_eb_____.pfb",
        "italic": "_ei_____.pfb",
        "bold_italic": "_ebi____.pfb",
    },
    "mono": {
        "regular": "com_____.pfb",
        "bold": "cob_____.pfb",
        "italic": "coo_____.pfb",
        "bold_italic": "cobo____.pfb",
    },
    "display": {"regular": "DarkGardenMK.pfb"},
}


def face_file(
    family: str,
    bold: bool,
    italic: bool,
    extra: dict[str, FontFamily],
    project_root: Path | None = None,
) -> Path:
    """The font file for a family and style (falling back to the regular face)."""
    style = (
        "bold_italic" if bold and italic else "bold" if bold else "italic" if italic else "regular"
    )
    if family in extra:
        spec = extra[family]
        chosen = getattr(spec, style) or (spec.bold if bold else None) or spec.regular
        root = project_root or Path.cwd()
        path = (root / chosen).resolve()
        if not path.is_relative_to(root.resolve()):
            raise CardgenError(f'font "{chosen}" is outside the project')
        if not path.is_file():
            raise CardgenError(f'font file "{chosen}" not found (family {family})')
        return path
    if family not in BUILTIN_FAMILIES:
        known = ", ".join(sorted({*BUILTIN_FAMILIES, *extra}))
        raise CardgenError(f'unknown font family "{family}" (known: {known})')
    faces = BUILTIN_FAMILIES[family]
    name = faces.get(style) or faces.get("bold" if bold else "regular") or faces["regular"]
    return RL_FONTS / name


def font_at(path: Path, size_px: int) -> ImageFont.FreeTypeFont:
    """A loaded font at a pixel size, cached while its file stays the same (a font
    replaced in place, as `cardgen watch` sees it, is loaded again)."""
    try:
        stat = path.stat()
    except OSError as exc:
        raise CardgenError(f'cannot load font "{path.name}": {exc}') from None
    return _font_at(path, size_px, (stat.st_mtime_ns, stat.st_size, stat.st_ino))


@functools.lru_cache(maxsize=512)
def _font_at(path: Path, size_px: int, version: tuple[int, int, int]) -> ImageFont.FreeTypeFont:
    """The font file's bytes at a pixel size: FreeType draws from the bytes read here, never
    from a file that may have been replaced since (`version`: its stat, for the cache)."""
    try:
        return ImageFont.truetype(io.BytesIO(path.read_bytes()), size_px)
    except OSError as exc:
        raise CardgenError(f'cannot load font "{path.name}": {exc}') from None


def failure(
    exc: CardgenError | OSError, element: TextElement, extra: dict[str, FontFamily]
) -> str | None:
    """What went wrong with the fonts of a text element, for a message at the element's
    line: cardgen's own problem that names no place yet, or FreeType's failure while
    setting the text (a damaged font can open and draw the sample text of
    `cardgen.load.font_files`, then fail on a glyph of the card's text). None for anything
    else (left to the caller's caller)."""
    if isinstance(exc, CardgenError):
        return exc.problem if exc.location is None else None
    if not _from_freetype(exc):
        return None
    spec = extra.get(element.font)
    files = dict.fromkeys(f for f in (spec.model_dump().values() if spec else ()) if f)
    named = " (" + ", ".join(f'"{f}"' for f in files) + ")" if files else ""
    return (
        f"font {element.font}{named}: FreeType cannot draw this text with it ({exc}); the font"
        " file may be damaged: get it again, or use another font"
    )


def _from_freetype(exc: OSError) -> bool:
    """Whether Pillow's FreeType font raised the error (its last frame in PIL.ImageFont)."""
    frame = exc.__traceback__
    while frame is not None and frame.tb_next is not None:
        frame = frame.tb_next
    return frame is not None and Path(frame.tb_frame.f_code.co_filename).name == "ImageFont.py"


_NOTDEF = "\ue000"  # a private-use character no card font draws: its shape is the "missing" box
_coverage: dict[Path, dict[str, bool]] = {}
"""Per font file, whether it has a glyph for each character asked about."""


def _shape(
    font: ImageFont.FreeTypeFont, char: str
) -> tuple[tuple[int, int, int, int] | None, bytes]:
    mask = font.getmask(char)
    return mask.getbbox(), bytes(mask)


def missing_glyphs(path: Path, text: str) -> list[str]:
    """Characters of `text` the font file cannot draw (they would come out as boxes)."""
    known = _coverage.setdefault(path, {})
    missing = []
    for char in dict.fromkeys(text):
        has = known.get(char)
        if has is None:
            if char.isspace() or char == "\xad":  # a soft hyphen is a break point, not drawn
                continue
            font = font_at(path, 32)
            has = known[char] = _shape(font, char) != _shape(font, _NOTDEF)
        if not has:
            missing.append(char)
    return missing
