"""Plugins: the objects other installed packages name in cardgen's entry-point groups.

A package adds to cardgen by naming an object in its `pyproject.toml`, under one of
`GROUPS` (`[project.entry-points."cardgen.lint_rules"] shouting = "my_pkg:RULE"`). Each
group is read once per process, on first use, and its objects are checked by the registry
that takes them (`checked`); a plugin that cannot be imported, or names the wrong kind of
object, is a one-line error naming its package and entry point (exit 2), not a traceback.
See docs/plugins.md.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import TypeVar

from cardgen.errors import CardgenError

LINT_RULES = "cardgen.lint_rules"
"""A `cardgen.check.lint.rules.Rule`."""
ELEMENTS = "cardgen.elements"
"""A `cardgen.model.plugin_kinds.ElementKind`: a layout element's model and drawing."""
DECK_RULES = "cardgen.deck_rules"
"""A `cardgen.model.plugin_kinds.DeckRuleKind`: a deck rule's model and evaluator."""
GROUPS = (LINT_RULES, ELEMENTS, DECK_RULES)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Plugin:
    """One entry point of a group, loaded: which package gave it, its name and its object."""

    group: str
    name: str
    value: str
    package: str
    obj: object

    def error(self, problem: str) -> CardgenError:
        """A one-line error about this plugin, naming its package and its entry point."""
        return CardgenError(
            f'plugin {self.package}: entry point "{self.name} = {self.value}"'
            f" ({self.group}): {problem}"
        )


def _package(point: EntryPoint) -> str:
    dist = getattr(point, "dist", None)
    return str(dist.name) if dist is not None else "?"


@functools.cache
def loaded(group: str) -> tuple[Plugin, ...]:
    """Every entry point of `group`, imported, by name (once per process)."""
    found = []
    for point in sorted(entry_points(group=group), key=lambda p: (p.name, p.value)):
        try:
            obj = point.load()
        except Exception as exc:  # a plugin's own code: any failure is its own
            reason = " ".join(str(exc).split()) or "no message"
            plugin = Plugin(group, point.name, point.value, _package(point), None)
            raise plugin.error(f"cannot be loaded: {type(exc).__name__}: {reason}") from None
        found.append(Plugin(group, point.name, point.value, _package(point), obj))
    return tuple(found)


def checked(group: str, kind: type[T]) -> list[tuple[Plugin, T]]:
    """Every plugin of `group` with its object, which must be a `kind` (else an error)."""
    result = []
    for plugin in loaded(group):
        if not isinstance(plugin.obj, kind):
            got = type(plugin.obj).__name__
            raise plugin.error(f"names a {got}, not a {kind.__module__}.{kind.__qualname__}")
        result.append((plugin, plugin.obj))
    return result
