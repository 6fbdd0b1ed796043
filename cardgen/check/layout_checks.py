"""`cardgen check`: a game's layouts as they will be drawn, before anything is drawn (SC5xx).

Layouts load as rendering loads them (one that does not is bad input, exit 2), then: SC501
a layout file that no card type or back uses and that no layout extends, or that is not
read at all (`hero.yml`, `layouts/star_frontier/`); SC502 a value an element reads that
the type (or a back) does not have; SC503 an icon that does not exist; SC504 an element
wholly outside the canvas; SC505 one cut by the canvas's edge (text: an error; art, icons,
helpers: a warning); SC506 text outside the safe zone (a warning); SC507 text that
overflows its box even at `min_size`; SC508 a frame or a border less than 3 mm inside the
trim (a warning, `check.layout_trim`); SC509 a back not the size of its type's face
(`check.back_sizes`). Text is set as the renderer sets it, card by card, undrawn."""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.check.back_sizes import back_size_findings
from cardgen.check.findings import Finding
from cardgen.check.layout_geometry import misplaced
from cardgen.check.layout_trim import TRIM_CODE, element_key, near_trim
from cardgen.check.layout_use import unread_files, unused_layouts
from cardgen.errors import CardgenError, Location
from cardgen.fuzzy import did_you_mean
from cardgen.load import BUILTIN_DIR
from cardgen.load.game import GamePack
from cardgen.load.layouts import BUILTIN_PREFIX, LayoutSet, load_layouts
from cardgen.load.pool import card_label
from cardgen.model.card import Card
from cardgen.model.game import CardBack
from cardgen.model.icon_names import known_names
from cardgen.model.layout import IconElement, Layout, TextElement
from cardgen.render import richtext, textfit
from cardgen.render.card import (
    Canvas,
    back_values,
    card_values,
    element_visible,
    fill_template,
    resolved_element,
)
from cardgen.render.icons import render_icon
from cardgen.render.layout_fields import field_problems, uses


def check_layouts(pack: GamePack, *, fit_text: bool = True) -> list[Finding]:
    """Every finding about the layouts of the game (the built-in ones where it has none);
    with `fit_text`, every card's text set in its box too (SC507)."""
    root = pack.root if pack.root is not None else pack.folder.parent.parent
    layouts = load_layouts(root, pack.game)
    findings = list(unread_files(root, pack.game.id))
    findings.extend([*unused_layouts(layouts), *back_size_findings(layouts)])
    findings.extend(
        Finding("layout-field", "SC502", p.message, p.where.path, p.where.line)
        for p in field_problems(layouts)
    )
    faces = _Faces(pack, layouts, root, fit_text)
    for layout in faces.used():
        findings.extend(_fixed_icons(layout))
        findings.extend(faces.placed(layout, layout.elements.items()))
    for face in faces.each():
        findings.extend(faces.drawn(face))
    unique = {str(f): f for f in findings}  # a parent's element, met again in each child
    return list(unique.values())


def _builtin(path: str) -> str | None:
    """The built-in layout a file is (`builtin:card`), or None for the project's own."""
    file = Path(path)
    if file.suffix == ".yaml" and file.resolve().parent == BUILTIN_DIR:
        return BUILTIN_PREFIX + file.stem
    return None


def _where(layouts: LayoutSet, layout: Layout, name: str) -> tuple[Location, str]:
    """Where to report a problem of an element of the layout, and a note to add: the file
    and line that set it; for an element the project's layout inherits from a built-in one,
    that layout's own `size:` (or its first line), "inherited from builtin:card"."""
    path, line = layout.sources.get(name, (layout.name, 0))
    builtin = _builtin(path)
    doc = layouts.documents.get(layout.name)
    if builtin is None or doc is None or _builtin(doc.path) is not None:
        return Location(path, line or None), ""
    at = doc.location(["size"] if isinstance(doc.data, dict) and "size" in doc.data else [])
    return Location(at.path, at.line), f" (inherited from {builtin})"


def _fixed_icons(layout: Layout) -> Iterator[Finding]:
    """Icons named as they are written: an `icon` element's fixed `name` (a `{field}` name
    is filled in card by card) and `{{icon}}` in a text element's template."""
    for name, element in layout.elements.items():
        if isinstance(element, IconElement) and "{" not in element.name:
            problem = _icon_problem(element.name, layout)
            if problem is not None:
                path, line = layout.sources.get(name, (layout.name, 0))
                message = f"element {name}: {problem}"
                yield Finding("layout-icon", "SC503", message, path, line or None)
        if not isinstance(element, TextElement):
            continue
        is_icon = textfit.icon_test(layout.icons)
        cases = [case for s in element.switch for case in [*s.cases.values(), s.default]]
        templates: list[Any] = [element.text, *(case.get("text") for case in cases)]
        missing = [
            token
            for template in templates
            if isinstance(template, str)
            for token in _not_icons(_literal(template), is_icon)
        ]
        path, line = layout.sources.get(name, (layout.name, 0))
        for token in dict.fromkeys(missing):
            hint = did_you_mean(token, known_names(layout.icons))
            yield Finding(
                "layout-icon",
                "SC503",
                f"element {name}: {{{token}}} in its text is neither an icon of the layout"
                f' nor one of the library, so it prints as "{{{token}}}"{hint}',
                path,
                line or None,
            )


def _literal(template: str) -> str:
    """The text a template comes to around its fields (`{{` is `{`; a field is `\\0`)."""
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:  # bad braces: the loader reports them
        return ""
    return "".join(literal + ("\0" if name is not None else "") for literal, name, _, _ in parsed)


def _not_icons(text: str, is_icon: Callable[[str], bool]) -> list[str]:
    """The `{name}` tokens of a text that are not drawn as icons (the renderer's reading)."""
    missing: list[str] = []

    def probe(token: str) -> bool:
        if is_icon(token):
            return True
        missing.append(token)
        return False

    richtext.parse_markup(text, probe)
    return missing


def _icon_problem(icon: str, layout: Layout) -> str | None:
    """Why the renderer cannot draw an icon of that name (its own message), or None."""
    try:
        if getattr(layout.icons.get(icon), "file", None) is None:  # else the game's own file
            render_icon(icon, (1, 1), "#000000")
    except KeyError as exc:
        return str(exc.args[0])
    return None


@dataclass(frozen=True, slots=True)
class _Face:
    """One face to draw: a card's (with the card) or a back's, and where its data is."""

    layout: Layout
    values: dict[str, Any]
    card: Card | None
    label: str
    origin: Location

    @property
    def prefix(self) -> str:
        """How a message names the face: `card "Name": ` or `back shard: `."""
        return card_label(self.label) if self.card is not None else f"{self.label}: "


@dataclass
class _Faces:
    """The faces of a game as the renderer draws them, and what checking them found."""

    pack: GamePack
    layouts: LayoutSet
    root: Path
    fit_text: bool
    _fits: dict[tuple[Any, ...], str | None] = field(default_factory=dict)
    _icons: set[tuple[str, str, str]] = field(default_factory=set)
    _placed: set[tuple[str, str]] = field(default_factory=set)
    _canvases: dict[str, Canvas] = field(default_factory=dict)
    _keywords: list[str] | None = None
    _work: dict[str, list[tuple[str, Any, tuple[str, ...]]]] = field(default_factory=dict)
    _looks: dict[tuple[Any, ...], tuple[Any, bool]] = field(default_factory=dict)
    _icon_maps: dict[tuple[str, str | None], Any] = field(default_factory=dict)

    def canvas(self, layout: Layout) -> Canvas:
        if layout.name not in self._canvases:
            self._canvases[layout.name] = Canvas.of(layout)
        return self._canvases[layout.name]

    def _backs(self) -> list[str]:
        return sorted({self.pack.game.types[card.type].back for card in self.pack.cards})

    def used(self) -> list[Layout]:
        """Each layout a type or a back in use is drawn with, once."""
        found = [self.layouts.for_type(t) for t in self.pack.game.types]
        found += [self.layouts.for_back(b) for b in self._backs()]
        return list({layout.name: layout for layout in found}.values())

    def each(self) -> Iterator[_Face]:
        """Every card's face, then every back in use."""
        game = self.pack.game
        for card in self.pack.cards:
            values = card_values(card, game.types[card.type].label, game.name)
            origin = Location(card.source_path, card.source_line)
            yield _Face(self.layouts.for_type(card.type), values, card, card.name, origin)
        for back_id in self._backs():
            spec = game.backs.get(back_id) or CardBack(label=game.name)
            values = back_values(back_id, spec.label, spec.color, spec.accent, game.name)
            at = self.pack.doc.location(["backs", back_id] if back_id in game.backs else ["name"])
            yield _Face(self.layouts.for_back(back_id), values, None, f"back {back_id}", at)

    def placed(self, layout: Layout, elements: Any) -> Iterator[Finding]:
        """Where the elements lie on the layout's canvas (each element's look once)."""
        canvas = self.canvas(layout)
        for name, element in elements:
            key = (layout.name, element.model_dump_json())
            if key in self._placed:
                continue
            self._placed.add(key)
            for found in filter(
                None, (misplaced(name, element, canvas), near_trim(name, element, canvas))
            ):
                where, note = _where(self.layouts, layout, name)
                if found.code == TRIM_CODE:  # at the element's name, with its column
                    where = element_key(self.layouts.documents.values(), where, name)
                yield Finding(
                    found.check,
                    found.code,
                    found.message + note,
                    where.path,
                    where.line,
                    severity=found.severity,
                    col=where.col,
                )

    def drawn(self, face: _Face) -> Iterator[Finding]:
        """A face's elements as they are drawn for it: switched ones placed again, icon
        names filled in, text set in its box (a built-in layout's text overflowing is the
        card's to shorten: reported at the card)."""
        layout = face.layout
        for name, element, reads in self._card_work(layout):
            card = face.card
            seen = tuple((face.values.get(f), card.get(f) if card else None) for f in reads)
            key = (layout.name, name, seen)
            look = self._looks.get(key)
            if look is None:  # the same values, the same look (switches resolved)
                resolved = resolved_element(name, element, face.values, layout)
                look = self._looks[key] = (resolved, element_visible(resolved, card, face.values))
                if look[1] and element.switch:
                    yield from self.placed(layout, [(name, resolved)])
            resolved, visible = look
            if not visible:
                continue
            path, line = layout.sources.get(name, (layout.name, 0))
            where = Location(path, line or None)
            if isinstance(resolved, IconElement):
                yield from self._icon(face, name, resolved, element, where)
            elif isinstance(resolved, TextElement) and self.fit_text:
                problem = self._fit(face, name, resolved, element, where)
                if problem is not None:
                    at = face.origin if _builtin(path) is not None else where
                    message = f"{face.prefix}{problem}"
                    yield Finding(
                        "layout-overflow", "SC507", message, at.path, at.line, card=face.label
                    )

    def _card_work(self, layout: Layout) -> list[tuple[str, Any, tuple[str, ...]]]:
        """The layout's elements that are checked card by card (the rest are the same on
        every card: placed, and their icons checked, once), with the values each reads."""
        if layout.name not in self._work:
            self._work[layout.name] = [
                (name, element, tuple(dict.fromkeys(f for f, _ in uses(element))))
                for name, element in layout.elements.items()
                if element.switch or self._per_card(element)
            ]
        return self._work[layout.name]

    def _per_card(self, element: Any) -> bool:
        """Whether checking the element takes each card's values: a text to set in its box,
        an icon whose name is a `{field}`."""
        if isinstance(element, TextElement):
            return self.fit_text
        return isinstance(element, IconElement) and "{" in element.name

    def _icon(
        self, face: _Face, name: str, element: IconElement, written: Any, where: Location
    ) -> Iterator[Finding]:
        """The icon a `{field}` name (or a switch case's) comes to for the face: reported
        once per name (a fixed name as written is checked once for the layout)."""
        icon = fill_template(element.name, face.values, self.pack.game.language).strip()
        key = (face.layout.name, name, icon)
        if icon in ("", written.name) or key in self._icons:
            return
        self._icons.add(key)
        problem = _icon_problem(icon, face.layout)
        if problem is not None:
            source = element.name if "{" in element.name else "a switch case"
            message = f"{face.prefix}element {name} (from {source}): {problem}"
            yield Finding("layout-icon", "SC503", message, where.path, where.line, card=face.label)

    def _icons_of(self, layout: Layout, element: TextElement) -> Any:
        key = (layout.name, element.icon_color)
        if key not in self._icon_maps:
            self._icon_maps[key] = textfit.icon_refs(layout, element, self.pack.folder, self.root)
        return self._icon_maps[key]

    def _fit(
        self, face: _Face, name: str, element: TextElement, written: Any, where: Location
    ) -> str | None:
        """Why the face's text does not fit its box at its smallest size, or None. Set as
        the renderer sets it; the same text of the same element is set once."""
        text = fill_template(element.text, face.values, self.pack.game.language)
        if not text.strip():
            return None
        look = None if element is written else element.model_dump_json()
        key = (face.layout.name, name, look, text)
        if key in self._fits:
            return self._fits[key]
        layout = face.layout
        canvas = self.canvas(layout)
        self._keywords = textfit.keywords(self.pack) if self._keywords is None else self._keywords
        try:
            setting = textfit.set_text(
                element,
                text,
                canvas,
                canvas.box(element),
                face=textfit.face_of(element, layout, self.root),
                icons=self._icons_of(layout, element),
                keywords=self._keywords,
                language=self.pack.game.language,
            )
        except CardgenError as exc:  # a font: the layout's line names it, as in rendering
            if exc.location is not None:
                raise
            raise CardgenError(f"element {name}: {exc.problem}", where) from None
        fit = setting.fit
        found = None if fit.fits else textfit.overflow(element, name, fit, canvas.dpi)
        self._fits[key] = found
        return found
