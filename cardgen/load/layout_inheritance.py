"""Layout inheritance: `extends:` resolved, parents merged left to right, then the file
itself. Top-level values are replaced, `fonts` and `icons` merged by name, and each
element merged key by key (`null` removes an element; a new element with `before: X`
goes before X). A missing parent, a cycle or a chain longer than `MAX_EXTENDS` is an error
naming the file and line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgen.errors import CardgenError, ErrorCollector
from cardgen.load.validation import did_you_mean
from cardgen.load.yaml import YamlDocument
from cardgen.model.layout import LayoutFile


@dataclass
class Source:
    """A layout file as read: its name (`hero`, `builtin:card`), document and model."""

    name: str
    doc: YamlDocument
    data: LayoutFile


@dataclass
class Merged:
    """A layout with its parents merged in: top-level values, elements in drawing order,
    where each element's last change was written, and where each image's `src` was."""

    top: dict[str, Any] = field(default_factory=dict)
    elements: dict[str, dict[str, Any]] = field(default_factory=dict)
    origin: dict[str, tuple[Source, list[str | int]]] = field(default_factory=dict)
    src_origin: dict[str, tuple[Source, list[str | int]]] = field(default_factory=dict)


MAX_EXTENDS = 50
"""Longest chain of `extends:` (a layout, its parent, its parent's parent...), in layouts:
the example games chain three."""


def inherit(sources: dict[str, Source]) -> tuple[dict[str, Merged], ErrorCollector]:
    """Every layout merged with its parents, parents first and each once, walked without
    recursion. A missing parent, a cycle (once, at the cycle's first layout) and a chain of
    more than `MAX_EXTENDS` layouts (at the first layout past the limit) are errors; a
    layout that extends one with an error is left out without another."""
    merged: dict[str, Merged] = {}
    height: dict[str, int] = {}  # layouts in the longest chain from this one up
    state: dict[str, str] = {}  # "open" while its parents are walked, then "done" or "bad"
    errors = ErrorCollector()
    for start in sources:
        if start in state:
            continue
        state[start] = "open"
        path, steps = [start], [enumerate(sources[start].data.extends)]
        while path:
            name = path[-1]
            index, parent = next(steps[-1], (-1, ""))
            if index >= 0:
                if parent not in sources:
                    hint = did_you_mean(parent, [n for n in sources if n != name])
                    errors.add(
                        f'layout "{name}" extends "{parent}", which does not exist{hint}',
                        sources[name].doc.location(["extends", index]),
                    )
                elif state.get(parent) == "open":
                    errors.extend([_cycle(sources, path[path.index(parent) :])])
                elif parent not in state:
                    state[parent] = "open"
                    path.append(parent)
                    steps.append(enumerate(sources[parent].data.extends))
                continue
            path.pop()
            steps.pop()
            parents = sources[name].data.extends
            state[name] = "bad"
            if any(state.get(p) != "done" for p in parents):
                continue
            height[name] = 1 + max((height[p] for p in parents), default=0)
            if height[name] > MAX_EXTENDS:
                errors.extend([_too_long(sources, name, height)])
                continue
            merged[name] = _merge(sources[name], [merged[p] for p in parents])
            state[name] = "done"
    return merged, errors


def _names(chain: list[str]) -> str:
    """`a -> b -> c`, the middle of a long chain left out."""
    shown = chain if len(chain) <= 8 else [*chain[:4], "...", *chain[-3:]]
    return " -> ".join(shown)


def _cycle(sources: dict[str, Source], members: list[str]) -> CardgenError:
    """A cycle (each member extends the next, the last the first), told from its first
    layout in load order, at that layout's `extends:` entry."""
    order = list(sources)
    first = min(range(len(members)), key=lambda i: order.index(members[i]))
    loop = members[first:] + members[:first]
    index = sources[loop[0]].data.extends.index(loop[1 % len(loop)])
    return CardgenError(
        f"layout inheritance cycle: {_names([*loop, loop[0]])}",
        sources[loop[0]].doc.location(["extends", index]),
    )


def _too_long(sources: dict[str, Source], name: str, height: dict[str, int]) -> CardgenError:
    """A chain of `extends:` past `MAX_EXTENDS`, at the entry that leads up the longest."""
    chain = [name]
    while sources[chain[-1]].data.extends:
        chain.append(max(sources[chain[-1]].data.extends, key=lambda p: height[p]))
    index = sources[name].data.extends.index(chain[1])
    return CardgenError(
        f'layout "{name}": its extends: chain is {len(chain)} layouts long'
        f" ({_names(chain)}); at most {MAX_EXTENDS}",
        sources[name].doc.location(["extends", index]),
    )


def _merge(source: Source, parents: list[Merged]) -> Merged:
    """A layout on its parents (merged already, in the order it names them)."""
    merged = Merged()
    for inherited in parents:
        for key, value in inherited.top.items():
            if key in ("fonts", "icons"):
                merged.top[key] = {**merged.top.get(key, {}), **value}
            else:
                merged.top[key] = value
        for element, props in inherited.elements.items():
            _place(merged, element, props, inherited.origin[element])
            if element in inherited.src_origin:
                merged.src_origin[element] = inherited.src_origin[element]
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
            merged.src_origin.pop(element, None)
            continue
        _place(merged, element, props, (source, ["elements", element]))
        if isinstance(props, dict) and "src" in props:
            merged.src_origin[element] = (source, ["elements", element, "src"])
    return merged


def _place(
    merged: Merged, element: str, props: dict[str, Any], origin: tuple[Source, list[str | int]]
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
