"""Loading layouts: `layouts/<game>/*.yaml` and the built-in library, `extends:` resolved.

Parents are merged left to right, then the file itself: top-level values are replaced,
`fonts` and `icons` merged by name, and each element merged key by key (`null` removes
an element). A cycle or a missing parent is an error naming the file and line.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from cardgen.errors import CardgenError, ErrorCollector, Location
from cardgen.load.validation import did_you_mean, friendly, validate_yaml
from cardgen.load.yaml import YamlDocument, load_yaml
from cardgen.model.game import Game
from cardgen.model.layout import Element, Layout, LayoutFile

BUILTIN_DIR = Path(__file__).resolve().parent.parent / "layouts"
BUILTIN_PREFIX = "builtin:"
DERIVED_FIELDS = frozenset(
    {"type_label", "game", "copies_label", "back", "back_label", "back_color", "back_accent"}
)
"""Values a template may use beyond the card's own fields."""
TEMPLATED = ("text", "src", "name")

_ELEMENT = TypeAdapter(Element)


@dataclass
class _Source:
    name: str
    doc: YamlDocument
    data: LayoutFile


@dataclass
class LayoutSet:
    """The layouts of one game, resolved, by name."""

    game: Game
    layouts: dict[str, Layout] = field(default_factory=dict)

    def for_type(self, type_id: str) -> Layout:
        """The layout of a card type: `layouts/<game>/<type>.yaml`, else the built-in card."""
        return self.layouts.get(type_id) or self.layouts[BUILTIN_PREFIX + "card"]

    def for_back(self, back_id: str) -> Layout:
        """The layout of a back: `back-<id>.yaml`, else `back.yaml`, else the built-in back."""
        for name in (f"back-{back_id}", "back"):
            if name in self.layouts:
                return self.layouts[name]
        return self.layouts[BUILTIN_PREFIX + "back"]


def _read(path: Path, name: str) -> _Source:
    doc = load_yaml(path)
    if doc.data is None:
        doc = YamlDocument(doc.path, {}, doc.tree)
    if not isinstance(doc.data, dict):
        raise CardgenError("a layout is a mapping of keys", doc.location([]))
    return _Source(name, doc, validate_yaml(LayoutFile, doc))


def _sources(folder: Path) -> dict[str, _Source]:
    found: dict[str, _Source] = {}
    errors = ErrorCollector()
    for path in sorted(BUILTIN_DIR.glob("*.yaml")):
        found[BUILTIN_PREFIX + path.stem] = _read(path, BUILTIN_PREFIX + path.stem)
    if folder.is_dir():
        for path in sorted(folder.glob("*.yaml")):
            try:
                found[path.stem] = _read(path, path.stem)
            except CardgenError as exc:
                errors.extend([exc])
    errors.raise_if_any()
    return found


@dataclass
class _Merged:
    top: dict[str, Any] = field(default_factory=dict)
    elements: dict[str, dict[str, Any]] = field(default_factory=dict)
    origin: dict[str, tuple[_Source, list[str | int]]] = field(default_factory=dict)


def _merge(
    sources: dict[str, _Source], name: str, chain: list[str], cache: dict[str, _Merged]
) -> _Merged:
    if name in cache:
        return cache[name]
    source = sources[name]
    merged = _Merged()
    for index, parent in enumerate(source.data.extends):
        where = source.doc.location(["extends", index])
        if parent not in sources:
            hint = did_you_mean(parent, [n for n in sources if n != name])
            raise CardgenError(
                f'layout "{name}" extends "{parent}", which does not exist{hint}', where
            )
        if parent in chain or parent == name:
            loop = chain[chain.index(parent) :] if parent in chain else []
            cycle = " -> ".join([*loop, name, parent])
            raise CardgenError(f"layout inheritance cycle: {cycle}", where)
        inherited = _merge(sources, parent, [*chain, name], cache)
        for key, value in inherited.top.items():
            if key in ("fonts", "icons"):
                merged.top[key] = {**merged.top.get(key, {}), **value}
            else:
                merged.top[key] = value
        for element, props in inherited.elements.items():
            _place(merged, element, props, inherited.origin[element])
    raw = source.doc.data
    for key in ("size", "dpi", "bleed", "safe", "background"):
        if key in raw:
            merged.top[key] = raw[key]
    for key in ("fonts", "icons"):
        merged.top[key] = {**merged.top.get(key, {}), **(raw.get(key) or {})}
    for element, props in (raw.get("elements") or {}).items():
        if props is None:
            merged.elements.pop(element, None)
            merged.origin.pop(element, None)
            continue
        _place(merged, element, props, (source, ["elements", element]))
    cache[name] = merged
    return merged


def _place(
    merged: _Merged, element: str, props: dict[str, Any], origin: tuple[_Source, list[str | int]]
) -> None:
    """Merge an element's properties in; a new element with `before: X` goes before X."""
    combined = {**merged.elements.get(element, {}), **props}
    before = combined.get("before")
    if element not in merged.elements and isinstance(before, str) and before in merged.elements:
        ordered: dict[str, dict[str, Any]] = {}
        for name, value in merged.elements.items():
            if name == before:
                ordered[element] = combined
            ordered[name] = value
        merged.elements = ordered
    else:
        merged.elements[element] = combined
    merged.origin[element] = origin


def _template_fields(text: str) -> list[str]:
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise ValueError(
            f"bad braces in {text!r}: {exc} (write {{{{ for a literal brace)"
        ) from None
    return [name.split(".")[0].split("[")[0] for _, name, _, _ in parsed if name]


def _check_element(
    element: Any, known: set[str], where: Location, errors: ErrorCollector, label: str
) -> None:
    selectors = [element.when, element.unless]
    for selector in selectors:
        for key in selector:
            if key not in known:
                errors.add(
                    f'{label}: unknown field "{key}"{did_you_mean(key, sorted(known))}', where
                )
    for switch in element.switch:
        if switch.field not in known:
            hint = did_you_mean(switch.field, sorted(known))
            errors.add(f'{label}: switch on unknown field "{switch.field}"{hint}', where)
    templates = [getattr(element, attribute, None) for attribute in TEMPLATED]
    for switch in element.switch:
        for case in [*switch.cases.values(), switch.default]:
            templates.extend(case.get(attribute) for attribute in TEMPLATED)
    for value in templates:
        if not isinstance(value, str):
            continue
        try:
            names = _template_fields(value)
        except ValueError as exc:
            errors.add(f"{label}: {exc}", where)
            continue
        for name in names:
            if name not in known:
                errors.add(
                    f'{label}: unknown field "{{{name}}}"{did_you_mean(name, sorted(known))}', where
                )


def _resolve(
    sources: dict[str, _Source], name: str, game: Game, cache: dict[str, _Merged]
) -> Layout:
    merged = _merge(sources, name, [], cache)
    errors = ErrorCollector()
    known = game.field_names() | {"art"} | DERIVED_FIELDS
    elements: dict[str, Any] = {}
    where_set: dict[str, tuple[str, int]] = {}
    for element_name, props in merged.elements.items():
        source, path = merged.origin[element_name]
        where = source.doc.location(path)
        try:
            element = _ELEMENT.validate_python(props)
        except ValidationError as exc:
            for error in exc.errors():
                loc = [
                    p
                    for p in error["loc"]
                    if not (
                        isinstance(p, str)
                        and p
                        in {
                            "rect",
                            "ellipse",
                            "polygon",
                            "hexagon",
                            "line",
                            "image",
                            "text",
                            "icon",
                            "helper",
                        }
                    )
                ]
                at = (
                    source.doc.key_location([*path, *loc])
                    if error["type"] == "extra_forbidden"
                    else source.doc.location([*path, *loc])
                )
                errors.add(f"element {element_name}: {friendly({**error, 'loc': tuple(loc)})}", at)
            continue
        _check_element(element, known, where, errors, f"element {element_name}")
        elements[element_name] = element
        where_set[element_name] = (where.path, where.line or 0)
    errors.raise_if_any()
    try:
        return Layout(name=name, elements=elements, sources=where_set, **merged.top)
    except ValidationError as exc:
        raise CardgenError(
            f"layout {name}: {friendly(exc.errors()[0])}", sources[name].doc.location([])
        ) from None


def load_layouts(project_root: Path, game: Game) -> LayoutSet:
    """Every layout of the game, resolved; all problems reported together."""
    folder = project_root / "layouts" / game.id
    sources = _sources(folder)
    cache: dict[str, _Merged] = {}
    result = LayoutSet(game)
    errors = ErrorCollector()
    for name in sources:
        try:
            result.layouts[name] = _resolve(sources, name, game, cache)
        except CardgenError as exc:
            errors.extend([exc])
    errors.raise_if_any()
    return result
