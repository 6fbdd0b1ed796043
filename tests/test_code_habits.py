"""The habits that keep cardgen's code easy to change (issue 18): modules stay small, every
public function says in its first line what it does, no module reaches into another's
private helpers, and the layer contracts name no exception. Read from the source itself."""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT

MAX_LINES = 400
MODULES = sorted((ROOT / "cardgen").rglob("*.py"))


def _public_functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef]]:
    """Each public function and method of public classes, by its dotted name."""

    def walk(node: ast.AST, owner: str) -> Iterator[tuple[str, ast.FunctionDef]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef) and not child.name.startswith("_"):
                yield f"{owner}{child.name}", child
            elif isinstance(child, ast.ClassDef) and not child.name.startswith("_"):
                yield from walk(child, f"{owner}{child.name}.")

    yield from walk(tree, "")


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_no_module_is_over_the_size_a_reader_takes_in() -> None:
    sizes = {_name(p): len(p.read_text(encoding="utf-8").splitlines()) for p in MODULES}
    assert len(sizes) > 100  # the scan saw the package
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


def test_every_public_function_has_a_docstring() -> None:
    missing = [
        f"{_name(path)}:{node.lineno} {name}"
        for path in MODULES
        for name, node in _public_functions(ast.parse(path.read_text(encoding="utf-8")))
        if ast.get_docstring(node) is None
    ]
    assert missing == []


def _private_imports(source: str, label: str) -> list[str]:
    tree = ast.parse(source)
    return [
        f"{label}:{node.lineno} {alias.name} from {node.module}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cardgen")
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]


def test_no_module_imports_another_modules_private_helpers() -> None:
    found = [
        hit
        for path in MODULES
        for hit in _private_imports(path.read_text(encoding="utf-8"), _name(path))
    ]
    assert found == []


def test_the_scans_see_a_private_import_and_every_public_function() -> None:
    source = (
        "from cardgen.load.yaml import _hidden, __version__, shown\n"
        "def top() -> None:\n    pass\n"
        "def _helper() -> None:\n    pass\n"
        "class Open:\n    def run(self) -> None:\n        pass\n"
        "    def _inner(self) -> None:\n        pass\n"
        "class _Closed:\n    def run(self) -> None:\n        pass\n"
    )
    assert _private_imports(source, "probe.py") == ["probe.py:1 _hidden from cardgen.load.yaml"]
    assert [name for name, _ in _public_functions(ast.parse(source))] == ["top", "Open.run"]


@pytest.mark.parametrize("contract", ["layers", "forbidden"])
def test_the_layer_contracts_ignore_no_import(contract: str) -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = [c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == contract]
    assert contracts
    assert [c["id"] for c in contracts if c.get("ignore_imports")] == []


def test_the_map_of_the_code_names_what_is_there() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(cardgen/[\w/.]+)`", text))
    assert len(named) > 10
    assert [path for path in sorted(named) if not (ROOT / path).exists()] == []
    packages = {f"cardgen/{p.parent.name}/" for p in (ROOT / "cardgen").glob("*/__init__.py")}
    assert sorted(packages - named - {"cardgen/scaffold/"}) == []
