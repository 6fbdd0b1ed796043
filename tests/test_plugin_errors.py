"""A broken plugin is a one-line error naming its package and entry point (exit 2), and a
plugin's kinds join the built-in ones; entry points faked in-process, nothing installed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

import pytest
from pydantic import Field, ValidationError

from cardgen import plugins
from cardgen.check.lint import rules as lint_rules
from cardgen.errors import CardgenError
from cardgen.model import plugin_kinds
from cardgen.model.layout import ElementBase, element_adapter
from cardgen.model.plugin_kinds import ElementKind


class DotElement(ElementBase):
    """A test element: a dot."""

    kind: Literal["dot"] = Field(description="Element kind.")


class NoKindElement(ElementBase):
    """A test element without a kind."""


def _draw(*args: Any) -> None:
    """Draws nothing."""


DOT = ElementKind(model=DotElement, draw=_draw)
NO_KIND = ElementKind(model=NoKindElement, draw=_draw)
RECT = ElementKind(model=ElementBase, draw=_draw)
TAKEN = lint_rules.RULES["TX101"]


@dataclass
class _Dist:
    name: str


@dataclass
class _Point:
    """An entry point as importlib.metadata gives it: `load` imports `value`."""

    name: str
    value: str
    obj: object = None

    dist = _Dist("cardgen-house")

    def load(self) -> object:
        if self.obj is None:
            raise ModuleNotFoundError(f"No module named '{self.value.split(':')[0]}'")
        return self.obj


def _clear() -> None:
    plugins.loaded.cache_clear()
    plugin_kinds.element_kinds.cache_clear()
    plugin_kinds.deck_rule_kinds.cache_clear()
    lint_rules.plugin_rules.cache_clear()


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., None]]:
    """Pretend these entry points are installed, by group."""
    groups: dict[str, list[_Point]] = {}

    def install(group: str, *points: _Point) -> None:
        groups[group] = list(points)
        _clear()

    monkeypatch.setattr(plugins, "entry_points", lambda group: groups.get(group, []))
    before = dict(lint_rules.RULES)
    yield install
    lint_rules.RULES.clear()
    lint_rules.RULES.update(before)
    _clear()


def test_a_plugin_that_cannot_be_imported_is_one_line(installed: Callable[..., None]) -> None:
    installed(plugins.ELEMENTS, _Point("dot", "cardgen_nowhere:DOT"))
    with pytest.raises(CardgenError) as caught:
        plugin_kinds.element_kinds()
    assert str(caught.value) == (
        'plugin cardgen-house: entry point "dot = cardgen_nowhere:DOT" (cardgen.elements):'
        " cannot be loaded: ModuleNotFoundError: No module named 'cardgen_nowhere'"
    )


@pytest.mark.parametrize(
    ("obj", "problem"),
    [
        (3, "names a int, not a cardgen.model.plugin_kinds.ElementKind"),
        (NO_KIND, "its model NoKindElement has no `kind: Literal[...]` field"),
        (RECT, "its model ElementBase has no `kind: Literal[...]` field"),
        (ElementKind(model=int, draw=_draw), "not a subclass of cardgen.model.layout"),
        (ElementKind(model=DotElement, draw=3), "its draw is not a function"),  # type: ignore[arg-type]
    ],
)
def test_a_plugin_naming_the_wrong_object_is_refused(
    installed: Callable[..., None], obj: object, problem: str
) -> None:
    installed(plugins.ELEMENTS, _Point("dot", "house:DOT", obj))
    with pytest.raises(CardgenError, match="entry point") as caught:
        plugin_kinds.element_kinds()
    assert problem in str(caught.value) and "\n" not in str(caught.value)


def test_a_lint_rule_may_not_take_a_built_in_code(installed: Callable[..., None]) -> None:
    installed(plugins.LINT_RULES, _Point("again", "house:RULE", TAKEN))
    with pytest.raises(CardgenError, match="rule code TX101 is taken by"):
        lint_rules.all_rules()


def test_a_plugins_element_kind_is_read_and_listed(installed: Callable[..., None]) -> None:
    installed(plugins.ELEMENTS, _Point("dot", "house:DOT", DOT))
    element = element_adapter().validate_python({"kind": "dot", "x": "1mm"})
    assert isinstance(element, DotElement) and element.x == "1mm"
    with pytest.raises(ValidationError) as caught:
        element_adapter().validate_python({"kind": "dott"})
    assert "expected tags: 'rect', 'ellipse'" in str(caught.value)
    assert "'helper', 'dot'" in str(caught.value)


def test_with_no_plugin_an_unknown_kind_is_the_error_it_was(
    installed: Callable[..., None],
) -> None:
    installed(plugins.ELEMENTS)
    with pytest.raises(ValidationError) as caught:
        element_adapter().validate_python({"kind": "rectt"})
    assert caught.value.errors()[0]["type"] == "union_tag_invalid"
    assert "'icon', 'helper'" in str(caught.value) and "dot" not in str(caught.value)


def test_a_broken_plugin_stops_the_command_with_exit_2(
    installed: Callable[..., None], run: Callable[..., Any], project_root: Any
) -> None:
    installed(plugins.LINT_RULES, _Point("shout", "cardgen_nowhere:RULE"))
    result = run("lint", "shards", "--project", project_root)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        'error: plugin cardgen-house: entry point "shout = cardgen_nowhere:RULE"'
        " (cardgen.lint_rules): cannot be loaded: ModuleNotFoundError: No module named"
        " 'cardgen_nowhere'"
    ]


def test_the_docs_name_every_entry_point_group() -> None:
    from cardgen.plugins import GROUPS
    from tests.conftest import ROOT

    doc = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    assert [group for group in GROUPS if f"`{group}`" not in doc] == []
