"""The files a layout names, checked when the layouts load: its fonts and its fixed images.

Whatever is wrong with them is bad input at the line of the layout that names the file,
every such line at once, before any card is drawn (and so in `cardgen check` too):

- a font file of `fonts:` that FreeType cannot open, or opens but cannot draw with (a
  damaged file whose hinting program breaks, FreeType's `nested DEFS`): at the line of the
  file's name, with FreeType's reason;
- an image element's fixed `src` (no `{field}` in it) that is absolute or leads outside the
  project: at the line of the `src`, in the layout that wrote it.

Missing files are not errors here: a missing font is refused, and missing art warned
about (RN102), when a card needs them.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.errors import CardgenError, Location
from cardgen.load.layout_inheritance import Source
from cardgen.model.layout import ImageElement, Layout

STYLES = ("regular", "bold", "italic", "bold_italic")


def font_problems(source: Source, root: Path | None) -> list[CardgenError]:
    """An error for each font file of a layout file's `fonts:` that cannot be used."""
    from cardgen.render.fonts import font_problem  # Pillow: only when a layout names fonts

    base = (root or Path.cwd()).resolve()
    problems = []
    for family, spec in source.data.fonts.items():
        for style in STYLES:
            chosen = getattr(spec, style)
            if not chosen:
                continue
            path = (base / chosen).resolve()
            if not path.is_relative_to(base) or not path.is_file():
                continue  # refused where a card needs it (render/fonts.py face_file)
            problem = font_problem(path, chosen)
            if problem is not None:
                where = source.doc.location(["fonts", family, style])
                problems.append(CardgenError(f"font {family}: {problem}", where))
    return problems


def fixed_art_problems(layout: Layout, game_folder: Path, root: Path) -> list[CardgenError]:
    """An error for each image element of a resolved layout whose fixed `src` may not be
    used (absolute, outside the project), at the line of the `src`."""
    from cardgen.render.art import resolve_art  # no Pillow work: paths only

    problems = []
    for name, element in layout.elements.items():
        if not isinstance(element, ImageElement):
            continue
        src = element.src.strip()
        if not src or "{" in src:
            continue
        try:
            resolve_art(src, game_folder, root)
        except CardgenError as exc:
            problems.append(CardgenError(f"element {name}: {exc.problem}", src_line(layout, name)))
    return problems


def src_line(layout: Layout, name: str) -> Location:
    """Where an image element's `src` was written (else the element, else the layout)."""
    path, line = layout.src_sources.get(name) or layout.sources.get(name, (layout.name, 0))
    return Location(path, line or None)
