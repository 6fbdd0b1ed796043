"""Loading layouts: `layouts/<game>/*.yaml` and the built-in library, `extends:` resolved
(see `layout_inheritance`), each element validated and its fields and lengths checked."""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cardgen.errors import CardgenError, ErrorCollector, InputErrors, Location
from cardgen.fuzzy import did_you_mean
from cardgen.load import BUILTIN_DIR
from cardgen.load.icon_files import file_problems, folder_specs, with_folder_icons
from cardgen.load.layout_files import fixed_art_problems, font_problems
from cardgen.load.layout_icons import icon_problems
from cardgen.load.layout_inheritance import Merged, Source, inherit
from cardgen.load.validation import friendly, validate_yaml
from cardgen.load.yaml import YamlDocument, load_yaml
from cardgen.model.base import Scalar
from cardgen.model.components import layout_fields
from cardgen.model.conditions import condition_problem, named_values
from cardgen.model.game import Game
from cardgen.model.labels import label_names
from cardgen.model.layout import Layout, LayoutFile, element_adapter
from cardgen.model.plugin_kinds import BUILTIN_ELEMENTS
from cardgen.model.references import Adaptive, adaptive_references, has_adaptive
from cardgen.model.units import card_size, parse_length
from cardgen.warm import kept

BUILTIN_PREFIX = "builtin:"
DERIVED_FIELDS = frozenset(
    {"type_label", "game", "copies_label", "back", "back_label", "back_color", "back_accent"}
)
"""Values a template may use beyond the card's own fields."""
TEMPLATED = ("text", "src", "name")


@dataclass
class LayoutSet:
    """The layouts of one game, resolved, by name."""

    game: Game
    layouts: dict[str, Layout] = field(default_factory=dict)
    documents: dict[str, YamlDocument] = field(default_factory=dict)
    """Each layout's file as read (with the positions of its values), by name."""
    parents: dict[str, list[str]] = field(default_factory=dict)
    """Each layout's `extends:` as written, by name."""

    def for_type(self, type_id: str) -> Layout:
        """The layout of a card type: `layouts/<game>/<type>.yaml`, else the built-in card."""
        return self.layouts.get(type_id) or self.layouts[BUILTIN_PREFIX + "card"]

    def for_back(self, back_id: str) -> Layout:
        """The layout of a back: `back-<id>.yaml`, else `back.yaml`, else the built-in back."""
        for name in (f"back-{back_id}", "back"):
            if name in self.layouts:
                return self.layouts[name]
        return self.layouts[BUILTIN_PREFIX + "back"]


def _read(
    path: Path, name: str, root: Path | None = None, game_folder: Path | None = None
) -> Source:
    doc = load_yaml(path, root)
    if doc.data is None:
        doc = YamlDocument(doc.path, {}, doc.values, doc.keys)
    if not isinstance(doc.data, dict):
        raise CardgenError("a layout is a mapping of keys", doc.location([]))
    data = validate_yaml(LayoutFile, doc)
    source = Source(name, doc, data)
    problems = icon_problems(doc, data.icons) + (font_problems(source, root) if data.fonts else [])
    problems += file_problems(doc, data.icons, game_folder, root)
    if problems:
        raise InputErrors(problems)
    return source


def _sources(
    folder: Path, root: Path | None = None, game_folder: Path | None = None
) -> dict[str, Source]:
    found: dict[str, Source] = {}
    errors = ErrorCollector()
    for path in sorted(BUILTIN_DIR.glob("*.yaml")):
        found[BUILTIN_PREFIX + path.stem] = _read(path, BUILTIN_PREFIX + path.stem)
    if folder.is_dir():
        for path in sorted(folder.glob("*.yaml")):
            try:
                found[path.stem] = _read(path, path.stem, root, game_folder)
            except CardgenError as exc:
                errors.extend([exc])
    errors.raise_if_any()
    return found


def template_fields(text: str) -> list[str]:
    """The values a `{field}` template names, in order (a ValueError for bad braces or a
    malformed `|` form, see `model.references`)."""
    if has_adaptive(text):
        pieces: list[str] = []
        position = 0
        for match, reference in adaptive_references(text):
            pieces.extend((text[position : match.start()], "{" + reference.field + "}"))
            position = match.end()
        text = "".join(pieces) + text[position:]
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise ValueError(
            f"bad braces in {text!r}: {exc} (write {{{{ for a literal brace)"
        ) from None
    for _, _, spec, _ in parsed:
        if spec and _brace_depth(spec) > MAX_SPEC_DEPTH:
            raise ValueError(
                f"bad braces in {text!r}: a format spec holds braces {MAX_SPEC_DEPTH} deep at"
                " most (a {field} inside a spec, as in {cost:{width}})"
            )
    return [name.split(".")[0].split("[")[0] for _, name, _, _ in parsed if name]


MAX_SPEC_DEPTH = 2
"""How deep braces nest in a template's format spec: `{cost:{width}}` is 1 level, `{{` in a
spec one more. Deeper is never drawn (`str.format` stops at two levels), so it is refused
as the layout loads, as the JSON Schema's pattern refuses it."""


def _brace_depth(spec: str) -> int:
    """How deep the braces of a format spec nest."""
    depth = deepest = 0
    for char in spec:
        if char == "{":
            depth += 1
            deepest = max(deepest, depth)
        elif char == "}":
            depth -= 1
    return deepest


def _choice_problem(game: Game, key: str, wanted: Scalar | list[Scalar]) -> str | None:
    """A value asked of a field that is a choice in every type having it, and is none of
    its choices (any capitals), with the closest choice; or None."""
    specs = [t.fields[key] for t in game.types.values() if key in t.fields]
    if not specs or any(spec.type != "choice" for spec in specs):
        return None
    choices = sorted({str(c) for spec in specs for c in spec.choices})
    folded = {c.casefold() for c in choices}
    for value in named_values(wanted):
        if value.strip().casefold() not in folded:
            hint = did_you_mean(value.strip(), choices) or f"; its choices: {', '.join(choices)}"
            return f'"{value}" is not one of its choices{hint}'
    return None


def field_kinds(game: Game, name: str) -> frozenset[str]:
    """The kinds (`int`, `text`, `choice`, ...) of the values a card has under `name`, in
    any of the game's types: `copies` is a number, a name, text, art or label is text."""
    kinds = {spec.type for t in game.types.values() if (spec := t.fields.get(name)) is not None}
    if kinds:
        return frozenset(kinds)
    return frozenset({"int"} if name == "copies" else {"text"})


def _check_element(
    element: Any, game: Game, known: set[str], where: Location, errors: ErrorCollector, label: str
) -> None:
    """Every field an element names, in the order it is read: its `when`/`unless`
    conditions, its switches' fields, then the fields its templates name."""
    _check_conditions(element, game, known, where, errors, label)
    for switch in element.switch:
        if switch.field not in known:
            hint = did_you_mean(switch.field, sorted(known))
            errors.add(f'{label}: switch on unknown field "{switch.field}"{hint}', where)
    for value in _templates(element):
        _check_template(value, game, known, where, errors, label)


def _check_conditions(
    element: Any, game: Game, known: set[str], where: Location, errors: ErrorCollector, label: str
) -> None:
    """`when` and `unless`: each field known, each value one its field can have."""
    for how in ("when", "unless"):
        for key, wanted in getattr(element, how).items():
            if key not in known:
                errors.add(
                    f'{label}: unknown field "{key}"{did_you_mean(key, sorted(known))}', where
                )
                continue
            kinds = field_kinds(game, key)
            problem = condition_problem(wanted, kinds) or _choice_problem(game, key, wanted)
            if problem is not None:
                errors.add(f"{label}: {how}: {key}: {problem}", where)


def _templates(element: Any) -> list[str]:
    """The element's template texts: its own attributes', then each switch case's."""
    values = [getattr(element, attribute, None) for attribute in TEMPLATED]
    for switch in element.switch:
        for case in [*switch.cases.values(), switch.default]:
            values.extend(case.get(attribute) for attribute in TEMPLATED)
    return [value for value in values if isinstance(value, str)]


def _check_template(
    value: str, game: Game, known: set[str], where: Location, errors: ErrorCollector, label: str
) -> None:
    """A template's `{field}`s known, and its number words and plurals on number fields."""
    try:
        names = template_fields(value)
    except ValueError as exc:
        errors.add(f"{label}: {exc}", where)
        return
    for name in names:
        if name not in known:
            errors.add(
                f'{label}: unknown field "{{{name}}}"{did_you_mean(name, sorted(known))}', where
            )
    for _, reference in adaptive_references(value) if has_adaptive(value) else ():
        problem = _number_problem(game, reference) if reference.field in known else None
        if problem is not None:
            errors.add(f"{label}: {problem}", where)


def is_number_field(game: Game, name: str) -> bool:
    """Whether every value a card has under `name` is a whole number (or an int field's
    allowed non-number, `X`): an int field, `copies`, or a choice of numbers only."""
    kinds = field_kinds(game, name)
    if kinds == {"int"}:
        return True
    return kinds == {"choice"} and all(
        isinstance(value, int) and not isinstance(value, bool) for value in game.choice_values(name)
    )


def _number_problem(game: Game, reference: Adaptive) -> str | None:
    """Why a `words` or plural reference cannot be used on its field, or None."""
    if reference.kind == "default" or is_number_field(game, reference.field):
        return None
    kinds = " or ".join(sorted(field_kinds(game, reference.field)))
    what = "number words" if reference.kind == "words" else "plural forms"
    return f"{reference.written}: {what} need a number field; {reference.field} is {kinds}"


def _resolve(sources: dict[str, Source], name: str, game: Game, merged: Merged) -> Layout:
    errors = ErrorCollector()
    known = game.field_names() | label_names(game) | {"art"} | DERIVED_FIELDS
    known = layout_fields(game.components, name) or known  # a token's face, a mat
    elements: dict[str, Any] = {}
    where_set: dict[str, tuple[str, int]] = {}
    src_set: dict[str, tuple[str, int]] = {}
    for element_name, props in merged.elements.items():
        source, path = merged.origin[element_name]
        where = source.doc.location(path)
        try:
            element = element_adapter().validate_python(props)
        except ValidationError as exc:
            for error in exc.errors():
                tags = BUILTIN_ELEMENTS  # pydantic puts the tag in a loc: taken out
                loc = [p for p in error["loc"] if not (isinstance(p, str) and p in tags)]
                at = (
                    source.doc.key_location([*path, *loc])
                    if error["type"] == "extra_forbidden"
                    else source.doc.location([*path, *loc])
                )
                errors.add(f"element {element_name}: {friendly({**error, 'loc': tuple(loc)})}", at)
            continue
        _check_element(element, game, known, where, errors, f"element {element_name}")
        elements[element_name] = element
        where_set[element_name] = (where.path, where.line or 0)
        if element_name in merged.src_origin:
            src_source, src_path = merged.src_origin[element_name]
            src_at = src_source.doc.location(src_path)
            src_set[element_name] = (src_at.path, src_at.line or 0)
    errors.raise_if_any()
    try:
        layout = Layout(
            name=name, elements=elements, sources=where_set, src_sources=src_set, **merged.top
        )
    except ValidationError as exc:
        raise CardgenError(
            f"layout {name}: {friendly(exc.errors()[0])}", sources[name].doc.location([])
        ) from None
    _check_geometry(layout, merged, sources[name].doc, errors)
    errors.raise_if_any()
    return layout


MAX_CARD_PIXELS = 40_000_000
"""Largest card canvas (trim plus bleed at the layout's DPI; a jumbo card at 1200 dpi fits)."""
MAX_REACH = 2.0
"""An element's position and size stay within this many times the canvas's side: elements
may reach off the card, but not make cardgen draw a picture the size of a wall."""
MAX_OUTLINE = 0.05
"""Outlines of text and icons are at most this fraction of the canvas's shorter side
(they are drawn with a filter whose cost grows with the square of the width)."""
_ALONG_X = ("x", "width", "radius", "stroke_width")


def _check_geometry(
    layout: Layout, merged: Merged, doc: YamlDocument, errors: ErrorCollector
) -> None:
    """The card's canvas and every element's lengths within sane bounds (exit 2, not a
    crash or a machine out of memory at render time)."""
    try:
        width, height = card_size(layout.size)
        dpi = layout.dpi
        trim_w, trim_h = width.inches() * dpi, height.inches() * dpi
        bleed = parse_length(layout.bleed).px(dpi, trim_w)
    except ValueError as exc:
        errors.add(f"layout {layout.name}: {exc}", doc.location(["size"]))
        return
    canvas_w, canvas_h = trim_w + 2 * bleed, trim_h + 2 * bleed
    if bleed < 0:
        errors.add(
            f"layout {layout.name}: bleed {layout.bleed} is negative", doc.location(["bleed"])
        )
        return
    if min(trim_w, trim_h) < 1 or canvas_w * canvas_h > MAX_CARD_PIXELS:
        errors.add(
            f"layout {layout.name}: the card is {trim_w:,.0f} x {trim_h:,.0f} px at {dpi} dpi"
            f" ({canvas_w * canvas_h:,.0f} pixels with its bleed); a card must be at least"
            f" 1 px a side and at most {MAX_CARD_PIXELS:,} pixels",
            doc.location(["size"]),
        )
        return
    for element_name, element in layout.elements.items():
        source, path = merged.origin[element_name]
        values = [(key, getattr(element, key, None)) for key in (*_ALONG_X, "y", "height")]
        values.append(("outline_width", getattr(element, "outline_width", None)))
        for point in getattr(element, "points", None) or []:
            values.extend([("points x", point[0]), ("points y", point[1])])
        for key, value in values:
            if value is None:
                continue
            along_x = key in _ALONG_X or key == "points x"
            side = canvas_w if along_x else canvas_h
            px = parse_length(value).px(dpi, trim_w if along_x else trim_h)
            low = -MAX_REACH * side if key in ("x", "y", "points x", "points y") else 0.0
            high = (
                MAX_OUTLINE * min(canvas_w, canvas_h)
                if key == "outline_width"
                else (MAX_REACH * side)
            )
            if not low <= px <= high:
                problem = "is negative" if px < 0 and low == 0 else "is too large for the card"
                errors.add(
                    f"element {element_name}: {key} {value} {problem} ({px:,.0f} px; allowed"
                    f" {low:,.0f} to {high:,.0f} px at {dpi} dpi)",
                    source.doc.location([*path, key.split()[0]]),
                )


def load_layouts(project_root: Path, game: Game) -> LayoutSet:
    """Every layout of the game, resolved; all problems reported together. While a `Warm`
    keeps them (`cardgen serve`, the game's files other than its pool unchanged), the
    layouts of the last load."""
    return kept(f"layouts of {project_root}", game, lambda: _load_layouts(project_root, game))


def _load_layouts(project_root: Path, game: Game) -> LayoutSet:
    folder = project_root / "layouts" / game.id
    game_folder = project_root / "decks" / game.id
    found = ErrorCollector()  # the layout files' problems and the icon folder's, together
    try:
        own = folder_specs(game_folder, project_root)
    except CardgenError as exc:
        found.extend([exc])
        own = {}
    try:
        sources = _sources(folder, project_root, game_folder)
    except CardgenError as exc:
        first = ErrorCollector()
        first.extend([exc, *found.errors])
        first.raise_if_any()
        raise
    merged, errors = inherit(sources)
    errors.extend(found.errors)
    result = LayoutSet(game)
    for name, source in sources.items():
        result.documents[name] = source.doc
        result.parents[name] = source.data.extends
        if name not in merged:
            continue
        try:
            layout = _resolve(sources, name, game, merged[name])
        except CardgenError as exc:
            errors.extend([exc])
            continue
        result.layouts[name] = with_folder_icons(layout, own)
        errors.extend(fixed_art_problems(layout, game_folder, project_root))
    errors.unique()
    errors.raise_if_any()
    return result
